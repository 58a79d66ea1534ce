import { z } from "zod";
import { ROLE_VALUES } from "../roles.ts";
import { choice, fieldError, MSG, uuid } from "./fields.ts";

const role = () => choice(ROLE_VALUES);

/** POST P/members/ `{members: [{member_id, role}]}`. */
export const addProjectMembersBody = z.object({
  members: z
    .array(z.object({ member_id: uuid(), role: role().optional() }), { error: fieldError(MSG.list) })
    .max(500, MSG.maxItems(500)),
});
export type AddProjectMembersBody = z.infer<typeof addProjectMembersBody>;

/** PATCH P/members/{id}/ `{role}`. */
export const updateProjectMemberBody = z.object({ role: role() });
export type UpdateProjectMemberBody = z.infer<typeof updateProjectMemberBody>;

/** POST /api/users/me/workspaces/{slug}/projects/invitations/ `{project_ids}`: join projects (Plane's "Join"). */
export const joinProjectsBody = z.object({
  project_ids: z
    .array(uuid(), { error: fieldError(MSG.list) })
    .min(1, "At least one project is required")
    .max(100, MSG.maxItems(100)),
});
export type JoinProjectsBody = z.infer<typeof joinProjectsBody>;

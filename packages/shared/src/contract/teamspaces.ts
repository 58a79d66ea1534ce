import { z } from "zod";
import {
  dict,
  idList,
  nonEmptyList,
  ref,
  requiredText,
  uuid,
  type HtmlField,
  HTML_MAX,
  ID_LIST_MAX,
} from "./fields.ts";
import type { AuditFields } from "./common.ts";

// ---------------------------------------------------------------- request bodies

export const TEAMSPACE_NAME_MAX = 255;

/**
 * Bodies of POST W/teamspaces/ and PATCH W/teamspaces/{id}/ (and their v1 twins): Plane's teamspace fields (`lead`,
 * or `lead_id` as Plane's web client names it; `""` means no lead) and, in the same call, the people and projects
 * (`member_ids`, `project_ids` replace them). `description_stripped` and `description_binary` are accepted and
 * ignored: the plain text follows the sanitised HTML.
 */
export function teamspaceBodies(html: HtmlField) {
  const fields = {
    description_html: html(HTML_MAX).nullable().optional(),
    description_json: dict().optional(),
    description_stripped: z.unknown().optional(),
    description_binary: z.unknown().optional(),
    logo_props: dict({ maxChars: 10000 }).optional(),
    lead: ref().optional(),
    lead_id: ref().optional(),
    member_ids: idList().optional(),
    project_ids: idList().optional(),
  };
  const create = z.object({ name: requiredText(TEAMSPACE_NAME_MAX), ...fields });
  const patch = z.object({ name: requiredText(TEAMSPACE_NAME_MAX).optional(), ...fields });
  return { create, patch };
}
type TeamspaceBodies = ReturnType<typeof teamspaceBodies>;
export type TeamspaceCreateBody = z.infer<TeamspaceBodies["create"]>;
export type TeamspacePatchBody = z.infer<TeamspaceBodies["patch"]>;

/** POST / DELETE W/teamspaces/{id}/members/ `{member_ids}` (Plane's v1 body). */
export const teamspaceMembersBody = z.object({ member_ids: nonEmptyList(uuid(), ID_LIST_MAX) });
/** POST / DELETE W/teamspaces/{id}/projects/ `{project_ids}` (Plane's v1 body). */
export const teamspaceProjectsBody = z.object({ project_ids: nonEmptyList(uuid(), ID_LIST_MAX) });

// ---------------------------------------------------------------- responses

/**
 * A teamspace as the app reads it: Plane's fields, with its people and the projects the caller can see
 * (`project_ids`: public projects and the caller's own; a private project of the teamspace the caller is not in is
 * not named), and whether the caller belongs to it.
 */
export interface Teamspace extends AuditFields {
  id: string;
  workspace: string;
  name: string;
  description_html: string;
  description_stripped: string;
  description_json: Record<string, unknown>;
  logo_props: Record<string, unknown>;
  lead: string | null;
  lead_id: string | null;
  member_ids: string[];
  project_ids: string[];
  is_member: boolean;
}

/** GET W/teamspaces/{id}/projects/: the teamspace's projects the caller may see named. */
export interface TeamspaceProject {
  id: string;
  name: string;
  identifier: string;
  logo_props: Record<string, unknown>;
  network: number;
}

/** Work-item counts by state group (the item shown in a teamspace's overview). */
export interface TeamspaceProgressCounts {
  total_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
}

/**
 * GET W/teamspaces/{id}/progress/: the teamspace's overview, counting only the work items its caller can read (the
 * team list's items): in all, per project the caller belongs to, and per teamspace member (as assignee).
 */
export interface TeamspaceProgress {
  totals: TeamspaceProgressCounts;
  projects: (TeamspaceProgressCounts & { project_id: string })[];
  members: (TeamspaceProgressCounts & { member_id: string })[];
}

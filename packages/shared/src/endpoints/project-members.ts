import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

/** A project's members (wire-facts §4), and joining projects with the caller's workspace role (Plane's "Join"). */
export const projectMemberEndpoints = {
  join: endpoint("POST", "/api/users/me/workspaces/:slug/projects/invitations/")
    .sends<In<typeof C.joinProjectsBody>>()
    .answers<{ message: string }>(),
  list: endpoint("GET", `${PROJECT_API}/members/`).answers<C.ProjectMemberRole[]>(),
  add: endpoint("POST", `${PROJECT_API}/members/`)
    .sends<In<typeof C.addProjectMembersBody>>()
    .answers<C.ProjectMemberRole[]>(),
  get: endpoint("GET", `${PROJECT_API}/members/:memberId/`).answers<C.ProjectMember>(),
  update: endpoint("PATCH", `${PROJECT_API}/members/:memberId/`)
    .sends<In<typeof C.updateProjectMemberBody>>()
    .answers<C.ProjectMember>(),
  remove: endpoint("DELETE", `${PROJECT_API}/members/:memberId/`).answers<void>(),
  leave: endpoint("POST", `${PROJECT_API}/members/leave/`).answers<void>(),
  me: endpoint("GET", `${PROJECT_API}/project-members/me/`).answers<C.ProjectMember>(),
};

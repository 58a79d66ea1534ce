import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** A workspace's members (wire-facts §3): `:memberId` is a membership id or a user id. */
export const workspaceMemberEndpoints = {
  /** `?search=`: bots excluded, the caller first, then by display name. */
  list: endpoint("GET", `${WORKSPACE_API}/members/`).answers<C.WorkspaceMember[]>(),
  leave: endpoint("POST", `${WORKSPACE_API}/members/leave/`).answers<void>(),
  get: endpoint("GET", `${WORKSPACE_API}/members/:memberId/`).answers<C.WorkspaceMember>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/members/:memberId/`)
    .sends<In<typeof C.updateWorkspaceMemberBody>>()
    .answers<C.WorkspaceMember>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/members/:memberId/`).answers<void>(),
  /** The members of every project of the workspace the caller belongs to, by project id. */
  projectMembers: endpoint("GET", `${WORKSPACE_API}/project-members/`).answers<C.WorkspaceProjectMembers>(),
};

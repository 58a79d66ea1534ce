import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Workspaces (wire-facts §3): the caller's, a new one, the slug check, one workspace and the caller's membership. */
export const workspaceEndpoints = {
  list: endpoint("GET", "/api/workspaces/").answers<C.Workspace[]>(),
  create: endpoint("POST", "/api/workspaces/").sends<In<typeof C.createWorkspaceBody>>().answers<C.Workspace>(),
  /** `?slug=`: `status` true when the slug is free (reserved names report false). */
  slugCheck: endpoint("GET", "/api/workspace-slug-check/").answers<{ status: boolean }>(),
  get: endpoint("GET", `${WORKSPACE_API}/`).answers<C.Workspace>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/`).sends<In<typeof C.updateWorkspaceBody>>().answers<C.Workspace>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/`).answers<void>(),
  memberMe: endpoint("GET", `${WORKSPACE_API}/workspace-members/me/`).answers<C.WorkspaceMemberMe>(),
};

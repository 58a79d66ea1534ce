import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

type Bodies = ReturnType<typeof C.teamspaceBodies>;
const ONE = `${WORKSPACE_API}/teamspaces/:teamspaceId/` as const;

/**
 * Teamspaces (work-tracking.md §2): CRUD, people and projects, the team list of work items, the overview, and the
 * work items of a team view (the team views' CRUD is the views' shared routes).
 */
export const teamspaceEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/teamspaces/`).answers<C.Teamspace[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/teamspaces/`).sends<In<Bodies["create"]>>().answers<C.Teamspace>(),
  get: endpoint("GET", ONE).answers<C.Teamspace>(),
  update: endpoint("PATCH", ONE).sends<In<Bodies["patch"]>>().answers<C.Teamspace>(),
  remove: endpoint("DELETE", ONE).answers<void>(),
  members: endpoint("GET", `${ONE}members/`).answers<C.UserLite[]>(),
  addMembers: endpoint("POST", `${ONE}members/`).sends<In<typeof C.teamspaceMembersBody>>().answers<C.Teamspace>(),
  removeMembers: endpoint("DELETE", `${ONE}members/`).sends<In<typeof C.teamspaceMembersBody>>().answers<void>(),
  projects: endpoint("GET", `${ONE}projects/`).answers<C.TeamspaceProject[]>(),
  addProjects: endpoint("POST", `${ONE}projects/`).sends<In<typeof C.teamspaceProjectsBody>>().answers<C.Teamspace>(),
  removeProjects: endpoint("DELETE", `${ONE}projects/`).sends<In<typeof C.teamspaceProjectsBody>>().answers<void>(),
  workItems: endpoint("GET", `${ONE}issues/`).answers<C.ListEnvelope>(),
  progress: endpoint("GET", `${ONE}progress/`).answers<C.TeamspaceProgress>(),
  viewWorkItems: endpoint("GET", `${ONE}views/:viewId/issues/`).answers<C.ListEnvelope>(),
};

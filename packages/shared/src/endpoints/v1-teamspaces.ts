import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_WORKSPACE } from "./v1-paths.ts";

const TS = `${V1_WORKSPACE}/teamspaces/` as const;
const ONE = `${TS}:teamspaceId/` as const;
type TeamspaceBodies = ReturnType<typeof C.teamspaceBodies>;
type Members = In<typeof C.teamspaceMembersBody>;
type Projects = In<typeof C.teamspaceProjectsBody>;

/**
 * v1 teamspaces (Plane's `/api/v1/workspaces/{slug}/teamspaces/…`): CRUD, their members (user-lite objects) and
 * projects (v1 projects) as pages, and adding (answers the teamspace) or removing (204) people and projects by id.
 */
export const v1TeamspaceEndpoints = {
  list: endpoint("GET", TS).answers<C.V1Page>(),
  create: endpoint("POST", TS).sends<In<TeamspaceBodies["create"]>>().answers<C.V1Object>(),
  get: endpoint("GET", ONE).answers<C.V1Object>(),
  update: endpoint("PATCH", ONE).sends<In<TeamspaceBodies["patch"]>>().answers<C.V1Object>(),
  remove: endpoint("DELETE", ONE).answers<void>(),
  members: endpoint("GET", `${ONE}members/`).answers<C.V1Page>(),
  addMembers: endpoint("POST", `${ONE}members/`).sends<Members>().answers<C.V1Object>(),
  removeMembers: endpoint("DELETE", `${ONE}members/`).sends<Members>().answers<void>(),
  projects: endpoint("GET", `${ONE}projects/`).answers<C.V1Page>(),
  addProjects: endpoint("POST", `${ONE}projects/`).sends<Projects>().answers<C.V1Object>(),
  removeProjects: endpoint("DELETE", `${ONE}projects/`).sends<Projects>().answers<void>(),
};

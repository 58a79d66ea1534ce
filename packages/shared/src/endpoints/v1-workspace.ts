import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_API, V1_PROJECT, V1_WORKSPACE } from "./v1-paths.ts";

type ProjectBodies = ReturnType<typeof C.projectBodies>;

/**
 * v1 (wire-facts §12): the key's user, the workspace's members (a plain array of user-lite objects with `role`),
 * and its projects (all columns with the caller's and the counts' extras), their archive and summary.
 */
export const v1WorkspaceEndpoints = {
  me: endpoint("GET", `${V1_API}/users/me/`).answers<C.V1Object>(),
  members: endpoint("GET", `${V1_WORKSPACE}/members/`).answers<C.V1Object[]>(),
  projects: endpoint("GET", `${V1_WORKSPACE}/projects/`).answers<C.V1Page>(),
  createProject: endpoint("POST", `${V1_WORKSPACE}/projects/`)
    .sends<In<ProjectBodies["create"]>>()
    .answers<C.V1Object>(),
  project: endpoint("GET", `${V1_PROJECT}/`).answers<C.V1Object>(),
  updateProject: endpoint("PATCH", `${V1_PROJECT}/`).sends<In<ProjectBodies["update"]>>().answers<C.V1Object>(),
  removeProject: endpoint("DELETE", `${V1_PROJECT}/`).answers<void>(),
  archive: endpoint("POST", `${V1_PROJECT}/archive/`).answers<void>(),
  restore: endpoint("DELETE", `${V1_PROJECT}/archive/`).answers<void>(),
  summary: endpoint("GET", `${V1_PROJECT}/summary/`).answers<C.V1ProjectSummary>(),
};

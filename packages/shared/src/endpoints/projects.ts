import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type ProjectBodies = ReturnType<typeof C.projectBodies>;

/** Projects (wire-facts §4): the lite list, the full objects, one project, and the caller's per-project choices. */
export const projectEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/projects/`).answers<C.ProjectListItem[]>(),
  /** The full objects; the paginated envelope when `?per_page=&cursor=` are given. */
  details: endpoint("GET", `${WORKSPACE_API}/projects/details/`).answers<C.Project[] | C.Paginated<C.Project>>(),
  create: endpoint("POST", `${WORKSPACE_API}/projects/`).sends<In<ProjectBodies["create"]>>().answers<C.Project>(),
  get: endpoint("GET", `${PROJECT_API}/`).answers<C.Project>(),
  update: endpoint("PATCH", `${PROJECT_API}/`).sends<In<ProjectBodies["update"]>>().answers<C.Project>(),
  remove: endpoint("DELETE", `${PROJECT_API}/`).answers<void>(),
  archive: endpoint("POST", `${PROJECT_API}/archive/`).answers<{ archived_at: string }>(),
  restore: endpoint("DELETE", `${PROJECT_API}/archive/`).answers<void>(),
  /** `?name=`: the projects of the workspace using that identifier. */
  identifiers: endpoint("GET", `${WORKSPACE_API}/project-identifiers/`).answers<{
    exists: number;
    identifiers: { id: string; name: string; project: string }[];
  }>(),
  releaseIdentifier: endpoint("DELETE", `${WORKSPACE_API}/project-identifiers/`)
    .sends<In<typeof C.identifierDeleteBody>>()
    .answers<void>(),
  stats: endpoint("GET", `${WORKSPACE_API}/project-stats/`).answers<C.ProjectStats[]>(),
  favorite: endpoint("POST", `${WORKSPACE_API}/user-favorite-projects/`)
    .sends<In<typeof C.favoriteProjectBody>>()
    .answers<void>(),
  unfavorite: endpoint("DELETE", `${WORKSPACE_API}/user-favorite-projects/:projectId/`).answers<void>(),
  /** The caller's own view settings of a project, kept on their membership. */
  views: endpoint("POST", `${PROJECT_API}/project-views/`).sends<In<typeof C.projectViewsBody>>().answers<void>(),
};

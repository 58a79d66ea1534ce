import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type ModuleBodies = ReturnType<typeof C.moduleBodies>;
const ONE = `${PROJECT_API}/modules/:moduleId/` as const;

/**
 * Modules (wire-facts §7): CRUD (PUT takes a whole module), their work items (the issue-list envelope), a work
 * item's modules, links, favourites, archive, the caller's list choices and the workspace list.
 */
export const moduleEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/modules/`).answers<C.Module[]>(),
  create: endpoint("POST", `${PROJECT_API}/modules/`).sends<In<ModuleBodies["create"]>>().answers<C.Module>(),
  get: endpoint("GET", ONE).answers<C.ModuleDetail>(),
  replace: endpoint("PUT", ONE).sends<In<ModuleBodies["create"]>>().answers<C.Module>(),
  update: endpoint("PATCH", ONE).sends<In<ModuleBodies["patch"]>>().answers<C.Module>(),
  remove: endpoint("DELETE", ONE).answers<void>(),
  items: endpoint("GET", `${ONE}issues/`).answers<C.ListEnvelope>(),
  addItems: endpoint("POST", `${ONE}issues/`).sends<In<typeof C.moduleIssuesBody>>().answers<{ message: string }>(),
  removeItem: endpoint("DELETE", `${ONE}issues/:issueId/`).answers<void>(),
  itemModules: endpoint("POST", `${PROJECT_API}/issues/:issueId/modules/`)
    .sends<In<typeof C.issueModulesBody>>()
    .answers<{ message: string }>(),
  links: endpoint("GET", `${ONE}module-links/`).answers<C.ModuleLink[]>(),
  addLink: endpoint("POST", `${ONE}module-links/`).sends<In<typeof C.createLinkBody>>().answers<C.ModuleLink>(),
  updateLink: endpoint("PATCH", `${ONE}module-links/:linkId/`)
    .sends<In<typeof C.updateLinkBody>>()
    .answers<C.ModuleLink>(),
  removeLink: endpoint("DELETE", `${ONE}module-links/:linkId/`).answers<void>(),
  favorite: endpoint("POST", `${PROJECT_API}/user-favorite-modules/`)
    .sends<In<typeof C.favoriteModuleBody>>()
    .answers<void>(),
  unfavorite: endpoint("DELETE", `${PROJECT_API}/user-favorite-modules/:moduleId/`).answers<void>(),
  archivedList: endpoint("GET", `${PROJECT_API}/archived-modules/`).answers<C.Module[]>(),
  archivedGet: endpoint("GET", `${PROJECT_API}/archived-modules/:moduleId/`).answers<C.ModuleDetail>(),
  archive: endpoint("POST", `${ONE}archive/`).answers<{ archived_at: string }>(),
  restore: endpoint("DELETE", `${ONE}archive/`).answers<void>(),
  userProperties: endpoint("GET", `${ONE}user-properties/`).answers<C.UserProperties>(),
  updateUserProperties: endpoint("PATCH", `${ONE}user-properties/`)
    .sends<In<typeof C.userPropertiesPatch>>()
    .answers<C.UserProperties>(),
  /** Live modules of the caller's projects. */
  workspaceList: endpoint("GET", `${WORKSPACE_API}/modules/`).answers<C.Module[]>(),
};

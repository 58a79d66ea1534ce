import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

type PageBodies = ReturnType<typeof C.pageBodies>;
const ONE = `${PROJECT_API}/pages/:pageId/` as const;

/**
 * Project pages (wire-facts §9, platform.md §3–§9): the lists (`?type=`, `?order_by=`), Stride's tree, the counts,
 * one page and its actions (most answer 204), its content and versions.
 */
export const pageEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/pages/`).answers<C.Page[]>(),
  archivedList: endpoint("GET", `${PROJECT_API}/archived-pages/`).answers<C.Page[]>(),
  tree: endpoint("GET", `${PROJECT_API}/pages-tree/`).answers<C.Page[]>(),
  subPages: endpoint("GET", `${ONE}sub-pages/`).answers<C.Page[]>(),
  summary: endpoint("GET", `${PROJECT_API}/pages-summary/`).answers<C.PagesSummary>(),
  create: endpoint("POST", `${PROJECT_API}/pages/`).sends<In<PageBodies["create"]>>().answers<C.PageDetail>(),
  get: endpoint("GET", ONE).answers<C.PageDetail>(),
  update: endpoint("PATCH", ONE).sends<In<PageBodies["update"]>>().answers<C.PageDetail>(),
  remove: endpoint("DELETE", ONE).answers<void>(),
  access: endpoint("POST", `${ONE}access/`).sends<In<typeof C.pageAccessBody>>().answers<void>(),
  lock: endpoint("POST", `${ONE}lock/`).answers<void>(),
  unlock: endpoint("DELETE", `${ONE}lock/`).answers<void>(),
  archive: endpoint("POST", `${ONE}archive/`).answers<C.PageArchived>(),
  restore: endpoint("DELETE", `${ONE}archive/`).answers<void>(),
  favorite: endpoint("POST", `${PROJECT_API}/favorite-pages/:pageId/`).answers<void>(),
  unfavorite: endpoint("DELETE", `${PROJECT_API}/favorite-pages/:pageId/`).answers<void>(),
  /** The Yjs state as bytes (`application/octet-stream`), not JSON. */
  description: endpoint("GET", `${ONE}description/`).answers<void>(),
  updateDescription: endpoint("PATCH", `${ONE}description/`)
    .sends<In<PageBodies["description"]>>()
    .answers<{ message: string }>(),
  duplicate: endpoint("POST", `${ONE}duplicate/`).answers<C.PageDetail>(),
  move: endpoint("POST", `${ONE}move/`).sends<In<typeof C.movePageBody>>().answers<void>(),
  versions: endpoint("GET", `${ONE}versions/`).answers<C.PageVersionLite[]>(),
  version: endpoint("GET", `${ONE}versions/:versionId/`).answers<C.PageVersion>(),
};

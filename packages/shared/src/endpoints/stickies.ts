import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

type StickyBody = In<ReturnType<typeof C.stickyBodies>["create"]>;

/** Stickies (wire-facts §9): the caller's own notes in a workspace; the list is the paginated envelope. */
export const stickyEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/stickies/`).answers<C.Paginated<C.Sticky>>(),
  create: endpoint("POST", `${WORKSPACE_API}/stickies/`).sends<StickyBody>().answers<C.Sticky>(),
  get: endpoint("GET", `${WORKSPACE_API}/stickies/:stickyId/`).answers<C.Sticky>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/stickies/:stickyId/`).sends<StickyBody>().answers<C.Sticky>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/stickies/:stickyId/`).answers<void>(),
};

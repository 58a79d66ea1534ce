import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_WORKSPACE } from "./v1-paths.ts";

type StickyBodies = ReturnType<typeof C.stickyBodies>;

/** v1 stickies (wire-facts §12): the key owner's own, sticky columns, 20 a page with the newest first. */
export const v1StickyEndpoints = {
  list: endpoint("GET", `${V1_WORKSPACE}/stickies/`).answers<C.V1Page>(),
  create: endpoint("POST", `${V1_WORKSPACE}/stickies/`).sends<In<StickyBodies["create"]>>().answers<C.V1Object>(),
  get: endpoint("GET", `${V1_WORKSPACE}/stickies/:stickyId/`).answers<C.V1Object>(),
  update: endpoint("PATCH", `${V1_WORKSPACE}/stickies/:stickyId/`)
    .sends<In<StickyBodies["patch"]>>()
    .answers<C.V1Object>(),
  remove: endpoint("DELETE", `${V1_WORKSPACE}/stickies/:stickyId/`).answers<void>(),
};

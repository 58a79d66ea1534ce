import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Quick links of the home screen (wire-facts §9): the caller's own links in a workspace. */
export const quickLinkEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/quick-links/`).answers<C.QuickLink[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/quick-links/`)
    .sends<In<typeof C.quickLinkCreateBody>>()
    .answers<C.QuickLink>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/quick-links/:linkId/`)
    .sends<In<typeof C.quickLinkPatchBody>>()
    .answers<C.QuickLink>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/quick-links/:linkId/`).answers<void>(),
};

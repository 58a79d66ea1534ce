import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** The caller's favourites of a workspace, entities and folders (wire-facts §7); `?all=true` lists folders' children too. */
export const favoriteEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/user-favorites/`).answers<C.UserFavorite[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/user-favorites/`)
    .sends<In<typeof C.createFavoriteBody>>()
    .answers<C.UserFavorite>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/user-favorites/:favoriteId/`)
    .sends<In<typeof C.updateFavoriteBody>>()
    .answers<C.UserFavorite>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/user-favorites/:favoriteId/`).answers<void>(),
  group: endpoint("GET", `${WORKSPACE_API}/user-favorites/:favoriteId/group/`).answers<C.UserFavorite[]>(),
};

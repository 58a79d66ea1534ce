import { favoriteEndpoints } from "@stride/shared/endpoints";
import type { RouteModule, ScopeCtx } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { createFavorite, deleteFavorite, listFavorites, loadFavorite, updateFavorite } from "./commands.ts";
import { createFavoriteBody, favoriteParams, favoritesQuery, updateFavoriteBody } from "./schemas.ts";
import type { Viewer } from "./entities.ts";

const viewer = (ctx: ScopeCtx): Viewer => ({
  userId: ctx.user.id,
  workspaceId: ctx.workspace.id,
  workspaceRole: ctx.workspaceMember?.role ?? 0,
});

/**
 * The caller's favourites of a workspace (wire-facts §7): entity favourites and folders, ordered by `sequence`
 * (highest first). Workspace guests have none (403). Entity favourites are added here or by each resource's own
 * toggle through core/favorites.ts; archiving or deleting an entity drops them (`dropFavoritesOf`).
 */
export const userFavoritesRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: favoriteEndpoints.list,
    scope: "workspace",
    params: slugParams,
    query: favoritesQuery,
    policy: PERMISSIONS.favorite.view,
    handler: async (ctx) => {
      const all = ctx.query.all === "true" || ctx.query.all === "1";
      return listFavorites(ctx.app.db, viewer(ctx), all ? { all: true } : { parentId: null });
    },
  });

  route(fastify, app, {
    endpoint: favoriteEndpoints.create,
    scope: "workspace",
    params: slugParams,
    body: createFavoriteBody,
    policy: PERMISSIONS.favorite.create,
    handler: async (ctx) => createFavorite(ctx.app.db, viewer(ctx), ctx.body),
  });

  route(fastify, app, {
    endpoint: favoriteEndpoints.update,
    scope: "workspace",
    params: favoriteParams,
    body: updateFavoriteBody,
    policy: PERMISSIONS.favorite.edit,
    load: (ctx) => loadFavorite(ctx.app.db, viewer(ctx), ctx.params.favoriteId),
    handler: async (ctx) => updateFavorite(ctx.app.db, viewer(ctx), ctx.loaded, ctx.body),
  });

  route(fastify, app, {
    endpoint: favoriteEndpoints.remove,
    scope: "workspace",
    params: favoriteParams,
    policy: PERMISSIONS.favorite.delete,
    load: (ctx) => loadFavorite(ctx.app.db, viewer(ctx), ctx.params.favoriteId),
    status: 204,
    handler: async (ctx) => {
      await deleteFavorite(ctx.app.db, viewer(ctx), ctx.loaded);
    },
  });

  route(fastify, app, {
    endpoint: favoriteEndpoints.group,
    scope: "workspace",
    params: favoriteParams,
    policy: PERMISSIONS.favorite.view,
    load: (ctx) => loadFavorite(ctx.app.db, viewer(ctx), ctx.params.favoriteId),
    handler: async (ctx) => {
      if (!ctx.loaded.isFolder) throw errors.notFound();
      return listFavorites(ctx.app.db, viewer(ctx), { parentId: ctx.loaded.id });
    },
  });
};

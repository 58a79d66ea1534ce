import { z } from "zod";
import { VIEW_ORDERS } from "@stride/shared/contract";
import type { FastifyInstance } from "fastify";
import type { Policy } from "@stride/shared";
import { viewCrudEndpointsAt, viewEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule, type ScopeCtx, projectOf } from "../../http/route.ts";
import type { AppContext } from "../../core/context.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { listQuery, projectParams, slugParams } from "../../http/fields.ts";
import { loadVisibleView, viewFilterOf } from "../../domain/saved-views.ts";
import { projectListHandler } from "../issue-lists/index.ts";
import {
  createViewBody,
  favoriteViewBody,
  projectViewParams,
  updateViewBody,
  workspaceViewParams,
  workspaceViewPropsBody,
} from "./schemas.ts";
import { presentView } from "./presenters.ts";
import {
  createView,
  deleteView,
  favoriteView,
  isFavoriteView,
  listViews,
  unfavoriteView,
  updateView,
  type ViewPlace,
} from "./commands.ts";
import { schema } from "../../db/client.ts";
import { eq } from "drizzle-orm";

const viewListQuery = z.object({ order_by: z.enum(VIEW_ORDERS).optional() });

/** Where a view CRUD lives: a project's views, the workspace's global views or a teamspace's team views. */
export interface ViewPlaceRoutes<TParams extends { slug: string }, TOne extends TParams & { viewId: string }> {
  /** The place's `…/views/` path (its endpoints: `viewEndpoints.project`, `.workspace`, `.team`). */
  url: string;
  scope: "project" | "workspace";
  params: z.ZodType<TParams>;
  oneParams: z.ZodType<TOne>;
  perms: { view: Policy; create: Policy; edit: Policy; delete: Policy };
  /** The place of the request (a teamspace's: after checking the caller may see it, else 404). */
  place: (ctx: ScopeCtx<TParams>) => ViewPlace | Promise<ViewPlace>;
}

/** The place of project views (`P/views/`) and of global views (`W/views/`). */
export const projectViewPlace = (ctx: ScopeCtx): ViewPlace => ({
  workspaceId: ctx.workspace.id,
  projectId: projectOf(ctx).id,
});
const workspaceViewPlace = (ctx: ScopeCtx): ViewPlace => ({ workspaceId: ctx.workspace.id, projectId: null });

/** GET/POST `{url}` and GET/PATCH/DELETE `{url}{viewId}/` of one place. */
export function viewCrud<TParams extends { slug: string }, TOne extends TParams & { viewId: string }>(
  fastify: FastifyInstance,
  app: AppContext,
  o: ViewPlaceRoutes<TParams, TOne>,
) {
  const E = viewCrudEndpointsAt(o.url);
  const load = async (ctx: ScopeCtx<TOne>) => {
    const place = await o.place(ctx);
    return loadVisibleView(
      app.db,
      place.workspaceId,
      place.projectId,
      ctx.params.viewId,
      ctx.user.id,
      place.teamspaceId ?? null,
    );
  };
  route(fastify, app, {
    endpoint: E.list,
    params: o.params,
    query: viewListQuery,
    scope: o.scope,
    policy: o.perms.view,
    load: async (ctx) => o.place(ctx),
    handler: async (ctx) =>
      (await listViews(app, ctx.loaded, ctx.user.id, ctx.query.order_by)).map((v) => presentView(v.row, v.fav)),
  });
  route(fastify, app, {
    endpoint: E.create,
    params: o.params,
    body: createViewBody,
    scope: o.scope,
    policy: o.perms.create,
    status: 201,
    load: async (ctx) => o.place(ctx),
    handler: async (ctx) => presentView(await createView(app, ctx.loaded, ctx.user.id, ctx.body), false),
  });
  route(fastify, app, {
    endpoint: E.get,
    params: o.oneParams,
    scope: o.scope,
    load,
    policy: o.perms.view,
    handler: async ({ loaded, user }) => presentView(loaded, await isFavoriteView(app, loaded, user.id)),
  });
  route(fastify, app, {
    endpoint: E.update,
    params: o.oneParams,
    body: updateViewBody,
    scope: o.scope,
    load,
    creatorOf: (v) => v.ownedById,
    policy: o.perms.edit,
    handler: async ({ loaded, user, body }) =>
      presentView(await updateView(app, loaded, user.id, body), await isFavoriteView(app, loaded, user.id)),
  });
  route(fastify, app, {
    endpoint: E.remove,
    params: o.oneParams,
    scope: o.scope,
    load,
    creatorOf: (v) => v.ownedById,
    policy: o.perms.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteView(app, loaded);
    },
  });
}

/**
 * Saved views (wire-facts §7, work-tracking §3–4): project views `P/views/` with their work items and favourites,
 * and workspace (global) views `W/views/`. Everyone sees their own and the public views; owners and admins change
 * them; a locked view takes only the lock toggle.
 */
export const viewRoutes: RouteModule = (fastify, app) => {
  viewCrud(fastify, app, {
    url: viewEndpoints.project.list.path,
    scope: "project",
    params: projectParams,
    oneParams: projectViewParams,
    perms: PERMISSIONS.view,
    place: projectViewPlace,
  });
  viewCrud(fastify, app, {
    url: viewEndpoints.workspace.list.path,
    scope: "workspace",
    params: slugParams,
    oneParams: workspaceViewParams,
    perms: PERMISSIONS.workspaceView,
    place: workspaceViewPlace,
  });

  // GET P/views/{id}/issues/: the project list (one engine, cached like P/issues/) with the view's filters ANDed in
  route(fastify, app, {
    endpoint: viewEndpoints.items,
    params: projectViewParams,
    query: listQuery,
    scope: "project",
    load: ({ workspace, project, params, user }) =>
      loadVisibleView(app.db, workspace.id, project.id, params.viewId, user.id),
    policy: PERMISSIONS.view.view,
    handler: (ctx) => projectListHandler(ctx, "project", "list", viewFilterOf(ctx.loaded)),
  });

  route(fastify, app, {
    endpoint: viewEndpoints.favorite,
    params: projectParams,
    body: favoriteViewBody,
    scope: "project",
    policy: PERMISSIONS.view.favorite,
    status: 204,
    handler: async ({ workspace, project, user, body }) => {
      await favoriteView(app, await loadVisibleView(app.db, workspace.id, project.id, body.view, user.id), user.id);
    },
  });

  route(fastify, app, {
    endpoint: viewEndpoints.unfavorite,
    params: projectViewParams,
    scope: "project",
    policy: PERMISSIONS.view.favorite,
    status: 204,
    handler: async ({ workspace, user, params }) => {
      if (!(await unfavoriteView(app, workspace.id, params.viewId, user.id))) throw errors.notFound();
    },
  });

  // POST W/workspace-views/ {view_props}: the caller's workspace-wide view choices, kept on their membership (204)
  route(fastify, app, {
    endpoint: viewEndpoints.workspaceViewProps,
    params: slugParams,
    body: workspaceViewPropsBody,
    scope: "workspace",
    policy: PERMISSIONS.workspaceView.view,
    status: 204,
    handler: async ({ workspaceMember, body }) => {
      await app.db
        .update(schema.workspaceMembers)
        .set({ viewProps: body.view_props, updatedAt: new Date() })
        .where(eq(schema.workspaceMembers.id, workspaceMember!.id));
    },
  });
};

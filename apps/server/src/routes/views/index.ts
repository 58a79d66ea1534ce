import { z } from "zod";
import { VIEW_ORDERS } from "@stride/shared/contract";
import { route, type RouteModule } from "../../core/route.ts";
import { PERMISSIONS } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { listQuery, projectParams, slugParams } from "../../core/fields.ts";
import { P, W } from "../../core/paths.ts";
import { loadVisibleView, viewFilterOf } from "../../core/saved-views.ts";
import { projectListHandler } from "../issue-lists/index.ts";
import { createViewBody, favoriteViewBody, projectViewParams, updateViewBody, workspaceViewParams, workspaceViewPropsBody } from "./schemas.ts";
import { presentView } from "./presenters.ts";
import { createView, deleteView, favoriteView, isFavoriteView, listViews, unfavoriteView, updateView } from "./commands.ts";
import { schema } from "../../db/client.ts";
import { eq } from "drizzle-orm";

const viewListQuery = z.object({ order_by: z.enum(VIEW_ORDERS).optional() });

/**
 * Saved views (wire-facts §7, work-tracking §3–4): project views `P/views/` with their work items and favourites,
 * and workspace (global) views `W/views/`. Everyone sees their own and the public views; owners and admins change
 * them; a locked view takes only the lock toggle.
 */
export const viewRoutes: RouteModule = (fastify, app) => {
  // ------------------------------------------------------------------ project views
  route(fastify, app, {
    method: "GET",
    url: `${P}/views/`,
    params: projectParams,
    query: viewListQuery,
    scope: "project",
    policy: PERMISSIONS.view.view,
    handler: async ({ workspace, project, user, query }) =>
      (await listViews(app, { workspaceId: workspace.id, projectId: project.id }, user.id, query.order_by)).map((v) => presentView(v.row, v.fav)),
  });

  route(fastify, app, {
    method: "POST",
    url: `${P}/views/`,
    params: projectParams,
    body: createViewBody,
    scope: "project",
    policy: PERMISSIONS.view.create,
    status: 201,
    handler: async ({ workspace, project, user, body }) => presentView(await createView(app, { workspaceId: workspace.id, projectId: project.id }, user.id, body), false),
  });

  route(fastify, app, {
    method: "GET",
    url: `${P}/views/:viewId/`,
    params: projectViewParams,
    scope: "project",
    load: ({ workspace, project, params, user }) => loadVisibleView(app.db, workspace.id, project.id, params.viewId, user.id),
    policy: PERMISSIONS.view.view,
    handler: async ({ loaded, user }) => presentView(loaded, await isFavoriteView(app, loaded, user.id)),
  });

  route(fastify, app, {
    method: "PATCH",
    url: `${P}/views/:viewId/`,
    params: projectViewParams,
    body: updateViewBody,
    scope: "project",
    load: ({ workspace, project, params, user }) => loadVisibleView(app.db, workspace.id, project.id, params.viewId, user.id),
    creatorOf: (v) => v.ownedById,
    policy: PERMISSIONS.view.edit,
    handler: async ({ loaded, user, body }) => presentView(await updateView(app, loaded, user.id, body), await isFavoriteView(app, loaded, user.id)),
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${P}/views/:viewId/`,
    params: projectViewParams,
    scope: "project",
    load: ({ workspace, project, params, user }) => loadVisibleView(app.db, workspace.id, project.id, params.viewId, user.id),
    creatorOf: (v) => v.ownedById,
    policy: PERMISSIONS.view.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteView(app, loaded);
    },
  });

  // GET P/views/{id}/issues/: the project list (one engine, cached like P/issues/) with the view's filters ANDed in
  route(fastify, app, {
    method: "GET",
    url: `${P}/views/:viewId/issues/`,
    params: projectViewParams,
    query: listQuery,
    scope: "project",
    load: ({ workspace, project, params, user }) => loadVisibleView(app.db, workspace.id, project.id, params.viewId, user.id),
    policy: PERMISSIONS.view.view,
    handler: (ctx) => projectListHandler(ctx, "project", "list", viewFilterOf(ctx.loaded)),
  });

  route(fastify, app, {
    method: "POST",
    url: `${P}/user-favorite-views/`,
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
    method: "DELETE",
    url: `${P}/user-favorite-views/:viewId/`,
    params: projectViewParams,
    scope: "project",
    policy: PERMISSIONS.view.favorite,
    status: 204,
    handler: async ({ workspace, user, params }) => {
      if (!(await unfavoriteView(app, workspace.id, params.viewId, user.id))) throw errors.notFound();
    },
  });

  // ------------------------------------------------------------------ workspace (global) views
  route(fastify, app, {
    method: "GET",
    url: `${W}/views/`,
    params: slugParams,
    query: viewListQuery,
    scope: "workspace",
    policy: PERMISSIONS.workspaceView.view,
    handler: async ({ workspace, user, query }) =>
      (await listViews(app, { workspaceId: workspace.id, projectId: null }, user.id, query.order_by)).map((v) => presentView(v.row, false)),
  });

  route(fastify, app, {
    method: "POST",
    url: `${W}/views/`,
    params: slugParams,
    body: createViewBody,
    scope: "workspace",
    policy: PERMISSIONS.workspaceView.create,
    status: 201,
    handler: async ({ workspace, user, body }) => presentView(await createView(app, { workspaceId: workspace.id, projectId: null }, user.id, body), false),
  });

  route(fastify, app, {
    method: "GET",
    url: `${W}/views/:viewId/`,
    params: workspaceViewParams,
    scope: "workspace",
    load: ({ workspace, params, user }) => loadVisibleView(app.db, workspace.id, null, params.viewId, user.id),
    policy: PERMISSIONS.workspaceView.view,
    handler: async ({ loaded }) => presentView(loaded, false),
  });

  route(fastify, app, {
    method: "PATCH",
    url: `${W}/views/:viewId/`,
    params: workspaceViewParams,
    body: updateViewBody,
    scope: "workspace",
    load: ({ workspace, params, user }) => loadVisibleView(app.db, workspace.id, null, params.viewId, user.id),
    creatorOf: (v) => v.ownedById,
    policy: PERMISSIONS.workspaceView.edit,
    handler: async ({ loaded, user, body }) => presentView(await updateView(app, loaded, user.id, body), false),
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${W}/views/:viewId/`,
    params: workspaceViewParams,
    scope: "workspace",
    load: ({ workspace, params, user }) => loadVisibleView(app.db, workspace.id, null, params.viewId, user.id),
    creatorOf: (v) => v.ownedById,
    policy: PERMISSIONS.workspaceView.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteView(app, loaded);
    },
  });

  // POST W/workspace-views/ {view_props}: the caller's workspace-wide view choices, kept on their membership (204)
  route(fastify, app, {
    method: "POST",
    url: `${W}/workspace-views/`,
    params: slugParams,
    body: workspaceViewPropsBody,
    scope: "workspace",
    policy: PERMISSIONS.workspaceView.view,
    status: 204,
    handler: async ({ workspaceMember, body }) => {
      await app.db.update(schema.workspaceMembers).set({ viewProps: body.view_props, updatedAt: new Date() }).where(eq(schema.workspaceMembers.id, workspaceMember!.id));
    },
  });
};

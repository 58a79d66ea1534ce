import { stickyEndpoints } from "@stride/shared/endpoints";
import { STICKIES_PAGE_SIZE } from "@stride/shared";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { stickyCreateBody, stickyListQuery, stickyParams, stickyPatchBody } from "./schemas.ts";
import { presentSticky } from "./presenters.ts";
import { createSticky, deleteSticky, listStickies, loadOwnSticky, stickiesWhere, updateSticky } from "./commands.ts";

/**
 * Stickies (wire-facts §9, platform.md §4, §7): a person's own notes in a workspace. The list is the paginated
 * envelope (20 a page), highest `sort_order` first, `?query=` searching the text; a new sticky goes first; a reorder
 * is a PATCH of `sort_order` computed by the client (`sortOrderNextTo` in @stride/shared). Nobody sees another
 * person's stickies (404).
 */
export const stickyRoutes: RouteModule = (fastify, app) => {
  const homeRules = PERMISSIONS.home;
  const loadOwn = ({
    workspace,
    user,
    params,
  }: {
    workspace: { id: string };
    user: { id: string };
    params: { stickyId: string };
  }) => loadOwnSticky(app.db, workspace.id, user.id, params.stickyId);

  route(fastify, app, {
    endpoint: stickyEndpoints.list,
    params: slugParams,
    query: stickyListQuery,
    scope: "workspace",
    policy: homeRules.view,
    handler: async ({ workspace, user, query }) => {
      const page = parsePage(query, STICKIES_PAGE_SIZE);
      const { rows, total } = await listStickies(
        app.db,
        stickiesWhere(workspace.id, user.id, query.query),
        page.perPage,
        page.offset,
      );
      return envelope(page, total, rows.map(presentSticky), rows.length);
    },
  });

  route(fastify, app, {
    endpoint: stickyEndpoints.create,
    params: slugParams,
    body: stickyCreateBody,
    scope: "workspace",
    policy: homeRules.edit,
    status: 201,
    handler: async ({ workspace, user, body }) =>
      presentSticky(await createSticky(app.db, workspace.id, user.id, body)),
  });

  route(fastify, app, {
    endpoint: stickyEndpoints.get,
    params: stickyParams,
    scope: "workspace",
    policy: homeRules.view,
    load: loadOwn,
    handler: async ({ loaded }) => presentSticky(loaded),
  });

  route(fastify, app, {
    endpoint: stickyEndpoints.update,
    params: stickyParams,
    body: stickyPatchBody,
    scope: "workspace",
    policy: homeRules.edit,
    load: loadOwn,
    handler: async ({ loaded, body, user }) => presentSticky(await updateSticky(app.db, loaded, body, user.id)),
  });

  route(fastify, app, {
    endpoint: stickyEndpoints.remove,
    params: stickyParams,
    scope: "workspace",
    policy: homeRules.edit,
    load: loadOwn,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteSticky(app.db, loaded);
    },
  });
};

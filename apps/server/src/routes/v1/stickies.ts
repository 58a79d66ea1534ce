import type { FastifyInstance } from "fastify";
import { STICKIES_PAGE_SIZE } from "@stride/shared";
import { v1StickyEndpoints as S } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { slugParams } from "../../http/fields.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { schema } from "../../db/client.ts";
import { stickyCreateBody, stickyParams, stickyPatchBody } from "../stickies/schemas.ts";
import {
  createSticky,
  deleteSticky,
  listStickies,
  loadOwnSticky,
  stickiesWhere,
  updateSticky,
} from "../stickies/commands.ts";
import { columns, shapeAll, shapeOne, v1ListQuery, v1ShapeQuery } from "./shape.ts";
import { authorExpanders } from "./presenters.ts";
import { z } from "zod";

type StickyRow = typeof schema.stickies.$inferSelect;
const presentV1Sticky = (s: StickyRow) => columns(schema.stickies, s, ["description_stripped"]);

/** v1 stickies (wire-facts §12): the key owner's own stickies, sticky columns, 20 a page with the newest first. */
export function registerV1Stickies(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;
  const homeRules = PERMISSIONS.home;
  const loadOwn = (ctx: { workspace: { id: string }; user: { id: string }; params: { stickyId: string } }) =>
    loadOwnSticky(db, ctx.workspace.id, ctx.user.id, ctx.params.stickyId);

  route(fastify, app, {
    endpoint: S.list,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    query: v1ListQuery.extend({ query: z.string().max(255).optional() }),
    policy: homeRules.view,
    handler: async ({ workspace, user, query }) => {
      const page = parsePage(query, STICKIES_PAGE_SIZE);
      const { rows, total } = await listStickies(
        db,
        stickiesWhere(workspace.id, user.id, query.query),
        page.perPage,
        page.offset,
      );
      const results = await shapeAll(rows.map(presentV1Sticky), query, authorExpanders(db));
      return envelope(page, total, results, results.length);
    },
  });
  route(fastify, app, {
    endpoint: S.create,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    body: stickyCreateBody,
    policy: homeRules.edit,
    status: 201,
    handler: async ({ workspace, user, body }) => presentV1Sticky(await createSticky(db, workspace.id, user.id, body)),
  });
  route(fastify, app, {
    endpoint: S.get,
    auth: "apiKey",
    scope: "workspace",
    params: stickyParams,
    query: v1ShapeQuery,
    policy: homeRules.view,
    load: loadOwn,
    handler: async ({ loaded, query }) => shapeOne(presentV1Sticky(loaded), query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: S.update,
    auth: "apiKey",
    scope: "workspace",
    params: stickyParams,
    body: stickyPatchBody,
    policy: homeRules.edit,
    load: loadOwn,
    handler: async ({ loaded, body, user }) => presentV1Sticky(await updateSticky(db, loaded, body, user.id)),
  });
  route(fastify, app, {
    endpoint: S.remove,
    auth: "apiKey",
    scope: "workspace",
    params: stickyParams,
    policy: homeRules.edit,
    load: loadOwn,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteSticky(db, loaded);
    },
  });
}

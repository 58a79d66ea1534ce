import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { v1TeamspaceEndpoints as T } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { slugParams } from "../../http/fields.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { presentUserLite } from "../../http/present.ts";
import { schema, type Tx } from "../../db/client.ts";
import {
  createTeamspace,
  deleteTeamspace,
  joinMembers,
  joinProjects,
  removeMembers,
  removeProjects,
  updateTeamspace,
} from "../teamspaces/commands.ts";
import {
  readerOfCtx,
  selectTeamspaces,
  teamspaceMemberUsers,
  teamspaceProjectRows,
  teamspaceWithPeople,
} from "../teamspaces/queries.ts";
import {
  teamspaceCreateBody,
  teamspaceMembersBody,
  teamspaceParams,
  teamspacePatchBody,
  teamspaceProjectsBody,
} from "../teamspaces/schemas.ts";
import { teamspaceOf } from "../teamspaces/index.ts";
import { authorExpanders, presentV1Projects } from "./presenters.ts";
import { columns, shapeAll, shapeOne, v1ListQuery, v1ShapeQuery, type V1Object } from "./shape.ts";

type Row = typeof schema.teamspaces.$inferSelect;
/** A teamspace in v1's shape: its columns (Plane's teamspace object). */
const presentV1Teamspace = (t: Row): V1Object => columns(schema.teamspaces, t);

/** A page of already-presented objects. */
async function page(
  query: { per_page?: string; cursor?: string; fields?: string; expand?: string },
  app: AppContext,
  all: V1Object[],
) {
  const p = parsePage(query);
  const results = await shapeAll(all.slice(p.offset, p.offset + p.perPage), query, authorExpanders(app.db));
  return envelope(p, all.length, results, results.length);
}

/**
 * v1 teamspaces (Plane's `/api/v1/workspaces/{slug}/teamspaces/…`): CRUD, members and projects (`member_ids`,
 * `project_ids` bodies), on the app's commands and policies.
 */
export function registerV1Teamspaces(fastify: FastifyInstance, app: AppContext) {
  const TS = PERMISSIONS.teamspace;
  const reread = async (ctx: Parameters<typeof readerOfCtx>[0], id: string) =>
    presentV1Teamspace((await teamspaceWithPeople(app.db, readerOfCtx(ctx), id)).row);

  route(fastify, app, {
    endpoint: T.list,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    query: v1ListQuery,
    policy: TS.view,
    handler: async (ctx) =>
      page(
        ctx.query,
        app,
        (await selectTeamspaces(app.db, readerOfCtx(ctx), sql`true`)).map((t) => presentV1Teamspace(t.row)),
      ),
  });
  route(fastify, app, {
    endpoint: T.create,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    body: teamspaceCreateBody,
    policy: TS.create,
    status: 201,
    handler: async (ctx) => {
      const t = await app.db.transaction((tx) => createTeamspace(tx, ctx.workspace.id, ctx.user.id, ctx.body));
      return reread(ctx, t.id);
    },
  });
  route(fastify, app, {
    endpoint: T.get,
    auth: "apiKey",
    scope: "workspace",
    params: teamspaceParams,
    query: v1ShapeQuery,
    policy: TS.view,
    load: teamspaceOf,
    handler: async (ctx) => shapeOne(presentV1Teamspace(ctx.loaded), ctx.query, authorExpanders(app.db)),
  });
  route(fastify, app, {
    endpoint: T.update,
    auth: "apiKey",
    scope: "workspace",
    params: teamspaceParams,
    body: teamspacePatchBody,
    policy: TS.edit,
    load: teamspaceOf,
    handler: async (ctx) => {
      await app.db.transaction((tx) => updateTeamspace(tx, ctx.loaded, ctx.user.id, ctx.body));
      return reread(ctx, ctx.loaded.id);
    },
  });
  route(fastify, app, {
    endpoint: T.remove,
    auth: "apiKey",
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.delete,
    load: teamspaceOf,
    status: 204,
    handler: async (ctx) => {
      await app.db.transaction((tx) => deleteTeamspace(tx, ctx.loaded));
    },
  });

  route(fastify, app, {
    endpoint: T.members,
    auth: "apiKey",
    scope: "workspace",
    params: teamspaceParams,
    query: v1ListQuery,
    policy: TS.view,
    load: teamspaceOf,
    handler: async (ctx) =>
      page(
        ctx.query,
        app,
        (await teamspaceMemberUsers(app.db, ctx.loaded)).map((u) => ({ ...presentUserLite(u) })),
      ),
  });
  route(fastify, app, {
    endpoint: T.projects,
    auth: "apiKey",
    scope: "workspace",
    params: teamspaceParams,
    query: v1ListQuery,
    policy: TS.view,
    load: teamspaceOf,
    handler: async (ctx) =>
      page(
        ctx.query,
        app,
        await presentV1Projects(app.db, ctx.user.id, await teamspaceProjectRows(app.db, ctx.loaded, ctx.user.id)),
      ),
  });
  type Act = (tx: Tx, t: Row, actorId: string, ids: readonly string[]) => Promise<void>;
  /** POST (add) and DELETE (remove) people or projects with a `{key: [ids]}` body. */
  const idsRoutes = <K extends string>(
    at: { add: typeof T.addMembers | typeof T.addProjects; remove: typeof T.removeMembers | typeof T.removeProjects },
    body: z.ZodType<Record<K, string[]>>,
    key: K,
    add: Act,
    remove: Act,
  ) => {
    route(fastify, app, {
      endpoint: at.add,
      auth: "apiKey",
      scope: "workspace",
      params: teamspaceParams,
      body,
      policy: TS.edit,
      load: teamspaceOf,
      status: 201,
      handler: async (ctx) => {
        await app.db.transaction((tx) => add(tx, ctx.loaded, ctx.user.id, ctx.body[key]));
        return reread(ctx, ctx.loaded.id);
      },
    });
    route(fastify, app, {
      endpoint: at.remove,
      auth: "apiKey",
      scope: "workspace",
      params: teamspaceParams,
      body,
      policy: TS.edit,
      load: teamspaceOf,
      status: 204,
      handler: async (ctx) => {
        await app.db.transaction((tx) => remove(tx, ctx.loaded, ctx.user.id, ctx.body[key]));
      },
    });
  };
  idsRoutes(
    { add: T.addMembers, remove: T.removeMembers },
    teamspaceMembersBody,
    "member_ids",
    joinMembers,
    removeMembers,
  );
  idsRoutes(
    { add: T.addProjects, remove: T.removeProjects },
    teamspaceProjectsBody,
    "project_ids",
    joinProjects,
    removeProjects,
  );
}

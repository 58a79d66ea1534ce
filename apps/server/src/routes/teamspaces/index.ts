import { sql } from "drizzle-orm";
import type { Teamspace } from "@stride/shared/contract";
import { teamspaceEndpoints, type Endpoint } from "@stride/shared/endpoints";
import type { z } from "zod";
import type { RouteModule, ScopeCtx } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { listQuery, slugParams } from "../../http/fields.ts";
import { W } from "../../http/paths.ts";
import type { Tx } from "../../db/client.ts";
import { presentUserLite } from "../../http/present.ts";
import { loadVisibleView, viewFilterOf } from "../../domain/saved-views.ts";
import { safeTimeZone } from "../../domain/work-item-list/index.ts";
import { workspaceListHandler } from "../issue-lists/index.ts";
import { viewCrud } from "../views/index.ts";
import type { ViewPlace } from "../views/commands.ts";
import {
  createTeamspace,
  deleteTeamspace,
  joinMembers,
  joinProjects,
  removeMembers,
  removeProjects,
  updateTeamspace,
} from "./commands.ts";
import { presentTeamspace, presentTeamspaceProject } from "./presenters.ts";
import {
  loadTeamspace,
  readerOfCtx,
  selectTeamspaces,
  teamspaceMemberUsers,
  teamspaceProgress,
  teamspaceProjectRows,
  teamspaceWithPeople,
  type TeamspaceRow,
} from "./queries.ts";
import {
  teamspaceCreateBody,
  teamspaceMembersBody,
  teamspaceParams,
  teamspacePatchBody,
  teamspaceProjectsBody,
  teamViewParams,
} from "./schemas.ts";

type TeamspaceCtx = ScopeCtx<{ teamspaceId: string }>;

/** The teamspace of the path, if the caller may see it (a member, or a workspace admin), else 404. */
export const teamspaceOf = (ctx: TeamspaceCtx) => loadTeamspace(ctx.app.db, readerOfCtx(ctx), ctx.params.teamspaceId);

/** The teamspace as presented to the caller, read again after a change. */
const presented = async (ctx: ScopeCtx, id: string) =>
  presentTeamspace(await teamspaceWithPeople(ctx.app.db, readerOfCtx(ctx), id));

/** The team views of the path's teamspace. */
const teamViewPlace = async (ctx: TeamspaceCtx): Promise<ViewPlace> => {
  const t = await teamspaceOf(ctx);
  return { workspaceId: t.workspaceId, projectId: null, teamspaceId: t.id };
};

/** The team list context of a teamspace. */
const teamContext = (t: TeamspaceRow) => ({ kind: "team" as const, workspaceId: t.workspaceId, teamspaceId: t.id });

/**
 * Teamspaces (work-tracking.md §2: the `teamspaceId` route parameter, the "team" and "team view" list contexts):
 * CRUD with lead, members and projects (workspace admins), the teamspace's work items through the list engine's team
 * context (with the `team_project` filter), its overview, and its team views. Paths follow Plane's (`W/teamspaces/…`);
 * what a teamspace shows of work items always follows the caller's project membership.
 */
export const teamspaceRoutes: RouteModule = (fastify, app) => {
  const E = teamspaceEndpoints;
  const TS = PERMISSIONS.teamspace;
  const one = `${W}/teamspaces/:teamspaceId/`;

  route(fastify, app, {
    endpoint: E.list,
    scope: "workspace",
    params: slugParams,
    policy: TS.view,
    handler: async (ctx) => (await selectTeamspaces(ctx.app.db, readerOfCtx(ctx), sql`true`)).map(presentTeamspace),
  });

  route(fastify, app, {
    endpoint: E.create,
    scope: "workspace",
    params: slugParams,
    body: teamspaceCreateBody,
    policy: TS.create,
    status: 201,
    handler: async (ctx) => {
      const t = await ctx.app.db.transaction((tx) => createTeamspace(tx, ctx.workspace.id, ctx.user.id, ctx.body));
      return presented(ctx, t.id);
    },
  });

  route(fastify, app, {
    endpoint: E.get,
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.view,
    load: teamspaceOf,
    handler: (ctx) => presented(ctx, ctx.loaded.id),
  });

  route(fastify, app, {
    endpoint: E.update,
    scope: "workspace",
    params: teamspaceParams,
    body: teamspacePatchBody,
    policy: TS.edit,
    load: teamspaceOf,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => updateTeamspace(tx, ctx.loaded, ctx.user.id, ctx.body));
      return presented(ctx, ctx.loaded.id);
    },
  });

  route(fastify, app, {
    endpoint: E.remove,
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.delete,
    load: teamspaceOf,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteTeamspace(tx, ctx.loaded));
    },
  });

  // ---- people
  route(fastify, app, {
    endpoint: E.members,
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.view,
    load: teamspaceOf,
    handler: async (ctx) => (await teamspaceMemberUsers(ctx.app.db, ctx.loaded)).map(presentUserLite),
  });

  type Act = (tx: Tx, t: TeamspaceRow, actorId: string, ids: readonly string[]) => Promise<void>;
  /** POST (add, answering the teamspace) and DELETE (remove) `{one}{what}/` with a `{key: [ids]}` body (Plane's bodies). */
  const idsRoutes = <K extends string>(
    ends: { add: Endpoint<"POST", string, unknown, Teamspace>; remove: Endpoint<"DELETE", string, unknown, void> },
    body: z.ZodType<Record<K, string[]>>,
    key: K,
    add: Act,
    remove: Act,
  ) => {
    for (const [endpoint, act] of [
      [ends.add, add],
      [ends.remove, remove],
    ] as const) {
      const adds = endpoint.method === "POST";
      route(fastify, app, {
        endpoint,
        scope: "workspace",
        params: teamspaceParams,
        body,
        policy: TS.edit,
        load: teamspaceOf,
        status: adds ? 201 : 204,
        handler: async (ctx) => {
          await ctx.app.db.transaction((tx) => act(tx, ctx.loaded, ctx.user.id, ctx.body[key]));
          return adds ? presented(ctx, ctx.loaded.id) : undefined;
        },
      });
    }
  };
  idsRoutes(
    { add: E.addMembers, remove: E.removeMembers },
    teamspaceMembersBody,
    "member_ids",
    joinMembers,
    removeMembers,
  );

  // ---- projects
  route(fastify, app, {
    endpoint: E.projects,
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.view,
    load: teamspaceOf,
    handler: async (ctx) =>
      (await teamspaceProjectRows(ctx.app.db, ctx.loaded, ctx.user.id)).map(presentTeamspaceProject),
  });

  idsRoutes(
    { add: E.addProjects, remove: E.removeProjects },
    teamspaceProjectsBody,
    "project_ids",
    joinProjects,
    removeProjects,
  );

  // ---- work items: the "team" list context (every list param of wire-facts §6.1, plus `team_project`)
  route(fastify, app, {
    endpoint: E.workItems,
    scope: "workspace",
    params: teamspaceParams,
    query: listQuery,
    policy: TS.view,
    load: teamspaceOf,
    handler: (ctx) => workspaceListHandler(ctx, teamContext(ctx.loaded)),
  });

  // the overview: progress by project and by member, of the items the caller's team list holds
  route(fastify, app, {
    endpoint: E.progress,
    scope: "workspace",
    params: teamspaceParams,
    policy: TS.view,
    load: teamspaceOf,
    handler: (ctx) =>
      teamspaceProgress(ctx.app, ctx.loaded, { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone) }),
  });

  // ---- team views: saved views of the teamspace (the "team view" list context)
  viewCrud(fastify, app, {
    url: `${one}views/`,
    scope: "workspace",
    params: teamspaceParams,
    oneParams: teamViewParams,
    perms: PERMISSIONS.teamView,
    place: teamViewPlace,
  });

  route(fastify, app, {
    endpoint: E.viewWorkItems,
    scope: "workspace",
    params: teamViewParams,
    query: listQuery,
    policy: PERMISSIONS.teamView.view,
    load: async (ctx) => {
      const t = await teamspaceOf(ctx);
      return { t, view: await loadVisibleView(ctx.app.db, t.workspaceId, null, ctx.params.viewId, ctx.user.id, t.id) };
    },
    handler: (ctx) =>
      workspaceListHandler(ctx, teamContext(ctx.loaded.t), { saved: async () => viewFilterOf(ctx.loaded.view) }),
  });
};

import { and, desc, eq, isNull } from "drizzle-orm";
import { cycleStatus } from "@stride/shared";
import type { ActiveCycle, Cycle } from "@stride/shared/contract";
import { cycleEndpoints } from "@stride/shared/endpoints";
import { route, type Ctx, type ProjectMemberRow, type ProjectRow, type RouteModule } from "../../http/route.ts";
import { onlyItemsOf } from "../../http/readable.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { addEntityFavorite, favoritedIds, removeEntityFavorite } from "../../domain/favorites.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { listQuery, projectParams, slugParams } from "../../http/fields.ts";
import { P } from "../../http/paths.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { contextListHandler } from "../issue-lists/index.ts";
import { getOrCreateProps, patchProps } from "../user-properties/commands.ts";
import { presentUserProperties } from "../user-properties/presenters.ts";
import {
  addItems,
  archiveCycle,
  createCycle,
  datesFree,
  deleteCycle,
  OVERLAP,
  removeItem,
  restoreCycle,
  subIssueCount,
  transferItems,
  updateCycle,
} from "./commands.ts";
import { presentCycle, presentCycleDetail } from "./presenters.ts";
import {
  cycleAnalytics,
  cycleCounts,
  cycleProgress,
  loadCycle,
  matchesView,
  projectCycles,
  type CycleRow,
} from "./queries.ts";
import {
  analyticsQuery,
  createCycleBody,
  cycleDateCheckBody,
  cycleIssueParams,
  cycleIssuesBody,
  cycleListQuery,
  cycleParams,
  favoriteCycleBody,
  pageQuery,
  transferCycleIssuesBody,
  updateCycleBody,
  userPropertiesPatch,
} from "./schemas.ts";

const PC = PERMISSIONS.cycle;

/** Who reads: the project, the caller and their membership (a guest who sees only their own items counts only those). */
type Viewer = Parameters<typeof onlyItemsOf>[0];

/** Present cycles of one project for a user: counts, favourites, status now, dates in the project's zone. */
async function presentMany(db: DbOrTx, viewer: Viewer, rows: CycleRow[], now = new Date()): Promise<Cycle[]> {
  const ids = rows.map((r) => r.id);
  const [counts, favs] = await Promise.all([
    cycleCounts(db, ids, onlyItemsOf(viewer)),
    favoritedIds(db, viewer.user.id, "cycle", ids),
  ]);
  return rows.map((r) =>
    presentCycle(r, { counts: counts.get(r.id)!, isFavorite: favs.has(r.id), timeZone: viewer.project.timezone, now }),
  );
}

async function presentOne(db: DbOrTx, viewer: Viewer, row: CycleRow) {
  const [counts, favs, sub] = await Promise.all([
    cycleCounts(db, [row.id], onlyItemsOf(viewer)),
    favoritedIds(db, viewer.user.id, "cycle", [row.id]),
    subIssueCount(db, row.id, onlyItemsOf(viewer)),
  ]);
  return presentCycleDetail(
    row,
    { counts: counts.get(row.id)!, isFavorite: favs.has(row.id), timeZone: viewer.project.timezone, now: new Date() },
    sub,
  );
}

/** Favourites first, then newest first (wire-facts §15); the rows come newest first. */
const favouritesFirst = (list: Cycle[]) => [
  ...list.filter((c) => c.is_favorite),
  ...list.filter((c) => !c.is_favorite),
];

type AnyCtx = Ctx<unknown, Record<string, unknown>, unknown, unknown>;

/**
 * Cycles (wire-facts §7, wire-facts-2 §4; endpoints.txt "cycles"): CRUD, date-check, the cycle's work items (list
 * engine context `cycle`), transfer, progress and analytics, archive, favourites, per-user list preferences, and
 * the workspace lists.
 */
export const cycleRoutes: RouteModule = (fastify, app) => {
  const load = (ctx: { project: ProjectRow; params: { cycleId: string } }) =>
    loadCycle(app.db, ctx.project.id, ctx.params.cycleId);

  route(fastify, app, {
    endpoint: cycleEndpoints.list,
    scope: "project",
    params: projectParams,
    query: cycleListQuery,
    policy: PC.view,
    handler: async (ctx) => {
      const { project, query } = ctx;
      const now = new Date();
      const view = query.cycle_view ?? "all";
      const rows = await projectCycles(app.db, project.id);
      let hit = rows.filter((r) => matchesView(view, cycleStatus(r.startDate, r.endDate, now), r.endDate, now));
      // `current` with no current cycle answers every cycle (wire-facts §7)
      if (view === "current" && hit.length === 0) hit = rows;
      return favouritesFirst(await presentMany(app.db, ctx, hit, now));
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.create,
    scope: "project",
    params: projectParams,
    body: createCycleBody,
    policy: PC.create,
    status: 201,
    handler: async (ctx) => {
      const row = await createCycle(app.db, ctx.project, ctx.user.id, ctx.body);
      return (await presentMany(app.db, ctx, [row]))[0];
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.dateCheck,
    scope: "project",
    params: projectParams,
    body: cycleDateCheckBody,
    policy: PC.create,
    handler: async ({ project, body }) =>
      (await datesFree(app.db, project, body.start_date, body.end_date, body.cycle_id))
        ? { status: true }
        : { error: OVERLAP, status: false },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.get,
    scope: "project",
    params: cycleParams,
    policy: PC.view,
    load,
    handler: async (ctx) => presentOne(app.db, ctx, ctx.loaded),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.update,
    scope: "project",
    params: cycleParams,
    body: updateCycleBody,
    policy: PC.edit,
    load,
    handler: async (ctx) => {
      const { project, user, loaded, body } = ctx;
      const row = await app.db.transaction(async (tx) =>
        updateCycle(tx, project, await loadCycle(tx, project.id, loaded.id, { forUpdate: true }), user.id, body),
      );
      return presentOne(app.db, ctx, row);
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.remove,
    scope: "project",
    params: cycleParams,
    policy: PC.delete,
    load,
    creatorOf: (c) => c.createdById,
    status: 204,
    handler: async ({ project, user, loaded }) => {
      await app.db.transaction((tx) => deleteCycle(tx, project, loaded, user.id));
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.progress,
    aliases: [`${P}/cycles/:cycleId/cycle-progress/`],
    scope: "project",
    params: cycleParams,
    policy: PC.view,
    load: async (ctx) =>
      loadCycle(app.db, ctx.project.id, ctx.params.cycleId).catch(() => {
        throw errors.notFound("Cycle not found");
      }),
    handler: async (ctx) => cycleProgress(app.db, ctx.loaded, onlyItemsOf(ctx)),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.analytics,
    scope: "project",
    params: cycleParams,
    query: analyticsQuery,
    policy: PC.view,
    load,
    handler: async (ctx) =>
      cycleAnalytics(app.db, ctx.project, ctx.loaded, ctx.query.type ?? "points", { ownerId: onlyItemsOf(ctx) }),
  });

  // the cycle's work items: the issue-list params and shape (wire-facts §6.1) through the list engine
  route(fastify, app, {
    endpoint: cycleEndpoints.items,
    scope: "project",
    params: cycleParams,
    query: listQuery,
    policy: PERMISSIONS.workItem.view,
    load,
    handler: async (ctx) =>
      contextListHandler(
        ctx as unknown as AnyCtx,
        { kind: "cycle", workspaceId: ctx.workspace.id, projectId: ctx.project.id, cycleId: ctx.loaded.id },
        "cycle",
      ),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.addItems,
    scope: "project",
    params: cycleParams,
    body: cycleIssuesBody,
    policy: PC.addItems,
    load,
    status: 201,
    handler: async ({ project, user, loaded, body }) => {
      await app.db.transaction(async (tx) =>
        addItems(tx, project, await loadCycle(tx, project.id, loaded.id, { forUpdate: true }), user.id, body.issues),
      );
      return { message: "success" };
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.removeItem,
    scope: "project",
    params: cycleIssueParams,
    policy: PC.addItems,
    load,
    status: 204,
    handler: async ({ project, user, loaded, params }) => {
      await app.db.transaction((tx) => removeItem(tx, project, loaded, user.id, params.issueId));
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.transferItems,
    scope: "project",
    params: cycleParams,
    body: transferCycleIssuesBody,
    policy: PC.addItems,
    load,
    handler: async ({ project, user, loaded, body }) => {
      await app.db.transaction(async (tx) =>
        transferItems(
          tx,
          project,
          await loadCycle(tx, project.id, loaded.id, { forUpdate: true }),
          user.id,
          body.new_cycle_id,
        ),
      );
      return { message: "Success" };
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.archive,
    scope: "project",
    params: cycleParams,
    policy: PC.archive,
    load,
    handler: async ({ project, user, loaded }) => {
      const at = await app.db.transaction(async (tx) =>
        archiveCycle(tx, await loadCycle(tx, project.id, loaded.id, { forUpdate: true }), user.id),
      );
      return { archived_at: at.toISOString() };
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.restore,
    scope: "project",
    params: cycleParams,
    policy: PC.restore,
    load: (ctx) => loadCycle(app.db, ctx.project.id, ctx.params.cycleId, { archived: true }),
    status: 204,
    handler: async ({ user, loaded }) => {
      await restoreCycle(app.db, loaded, user.id);
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.archivedList,
    scope: "project",
    params: projectParams,
    policy: PC.view,
    handler: async (ctx) => presentMany(app.db, ctx, await projectCycles(app.db, ctx.project.id, true)),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.archivedGet,
    scope: "project",
    params: cycleParams,
    policy: PC.view,
    load: (ctx) => loadCycle(app.db, ctx.project.id, ctx.params.cycleId, { archived: true }),
    handler: async (ctx) => presentOne(app.db, ctx, ctx.loaded),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.favorite,
    scope: "project",
    params: projectParams,
    body: favoriteCycleBody,
    policy: PC.favorite,
    status: 201,
    handler: async ({ workspace, project, user, body }) => {
      const cycle = await loadCycle(app.db, project.id, body.cycle);
      if (cycle.archivedAt) throw errors.notFound();
      const fav = await app.db.transaction((tx) =>
        addEntityFavorite(tx, {
          workspaceId: workspace.id,
          userId: user.id,
          projectId: project.id,
          entityType: "cycle",
          entityId: cycle.id,
        }),
      );
      return {
        id: fav.id,
        entity_type: "cycle" as const,
        entity_identifier: cycle.id,
        project_id: project.id,
        cycle: cycle.id,
      };
    },
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.unfavorite,
    scope: "project",
    params: cycleParams,
    policy: PC.favorite,
    load,
    status: 204,
    handler: async ({ workspace, user, loaded }) => {
      await removeEntityFavorite(app.db, {
        workspaceId: workspace.id,
        userId: user.id,
        entityType: "cycle",
        entityId: loaded.id,
      });
    },
  });

  // per-user list preferences of a cycle (wire-facts §7; PATCH answers 201)
  const propsIds = (ctx: { workspace: { id: string }; project: ProjectRow; user: { id: string } }) => ({
    workspaceId: ctx.workspace.id,
    projectId: ctx.project.id,
    userId: ctx.user.id,
  });
  route(fastify, app, {
    endpoint: cycleEndpoints.userProperties,
    scope: "project",
    params: cycleParams,
    policy: PC.preferences,
    load,
    handler: async (ctx) =>
      presentUserProperties(await getOrCreateProps(app.db, { ...propsIds(ctx), entityId: ctx.loaded.id }, "cycle")),
  });

  route(fastify, app, {
    endpoint: cycleEndpoints.updateUserProperties,
    scope: "project",
    params: cycleParams,
    body: userPropertiesPatch,
    policy: PC.preferences,
    load,
    status: 201,
    handler: async (ctx) => {
      const row = await app.db.transaction(async (tx) =>
        patchProps(
          tx,
          await getOrCreateProps(tx, { ...propsIds(ctx), entityId: ctx.loaded.id }, "cycle"),
          ctx.body,
          ctx.user.id,
        ),
      );
      return presentUserProperties(row);
    },
  });

  // W/cycles/: the cycles of the caller's projects
  route(fastify, app, {
    endpoint: cycleEndpoints.workspaceList,
    scope: "workspace",
    params: slugParams,
    policy: PERMISSIONS.workspace.view,
    handler: async ({ workspace, user }) => {
      const rows = await memberCycles(app.db, workspace.id, user.id);
      return (await presentAcross(app.db, user.id, rows)).map((r) => r.cycle);
    },
  });

  // W/active-cycles/: the current cycles of the caller's projects, paginated, each with its project and progress
  route(fastify, app, {
    endpoint: cycleEndpoints.activeList,
    scope: "workspace",
    params: slugParams,
    query: pageQuery,
    policy: PERMISSIONS.workspace.view,
    handler: async ({ workspace, user, query }) => {
      const page = parsePage({ per_page: query.per_page, cursor: query.cursor }, 1000);
      const now = new Date();
      const rows = (await memberCycles(app.db, workspace.id, user.id)).filter(
        (r) => cycleStatus(r.cycle.startDate, r.cycle.endDate, now) === "CURRENT",
      );
      const slice = rows.slice(page.offset, page.offset + page.perPage);
      const presented = await presentAcross(app.db, user.id, slice);
      const results: ActiveCycle[] = await Promise.all(
        presented.map(async ({ cycle, project, row, owner }) => ({
          ...cycle,
          project_detail: {
            id: project.id,
            name: project.name,
            identifier: project.identifier,
            logo_props: (project.logoProps ?? {}) as Record<string, unknown>,
          },
          progress: await cycleProgress(app.db, row, owner),
        })),
      );
      return envelope(page, rows.length, results, results.length);
    },
  });
};

/**
 * Non-archived cycles of the non-archived projects (with cycles on) the user is an active member of, newest first,
 * each with the user's membership there.
 */
async function memberCycles(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
): Promise<{ cycle: CycleRow; project: ProjectRow; projectMember: ProjectMemberRow }[]> {
  const cycleTable = schema.cycles;
  const PR = schema.projects;
  const PM = schema.projectMembers;
  return db
    .select({ cycle: cycleTable, project: PR, projectMember: PM })
    .from(cycleTable)
    .innerJoin(PR, eq(PR.id, cycleTable.projectId))
    .innerJoin(PM, and(eq(PM.projectId, PR.id), eq(PM.memberId, userId), eq(PM.isActive, true)))
    .where(
      and(
        eq(cycleTable.workspaceId, workspaceId),
        isNull(cycleTable.archivedAt),
        isNull(PR.archivedAt),
        eq(PR.cycleView, true),
      ),
    )
    .orderBy(desc(cycleTable.createdAt), cycleTable.id);
}

/** Cycles of several projects, each counted as the user sees its project's items (a guest there: their own). */
async function presentAcross(
  db: DbOrTx,
  userId: string,
  rows: { cycle: CycleRow; project: ProjectRow; projectMember: ProjectMemberRow }[],
) {
  const owners = rows.map((r) =>
    onlyItemsOf({ user: { id: userId }, project: r.project, projectMember: r.projectMember }),
  );
  const idsOf = (own: boolean) => rows.filter((_, i) => !!owners[i] === own).map((r) => r.cycle.id);
  const [all, own, favs] = await Promise.all([
    cycleCounts(db, idsOf(false)),
    cycleCounts(db, idsOf(true), userId),
    favoritedIds(
      db,
      userId,
      "cycle",
      rows.map((r) => r.cycle.id),
    ),
  ]);
  const now = new Date();
  return rows.map((r, i) => ({
    row: r.cycle,
    project: r.project,
    owner: owners[i],
    cycle: presentCycle(r.cycle, {
      counts: (owners[i] ? own : all).get(r.cycle.id)!,
      isFavorite: favs.has(r.cycle.id),
      timeZone: r.project.timezone,
      now,
    }),
  }));
}

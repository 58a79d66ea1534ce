import type { FastifyInstance } from "fastify";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { cycleStatus } from "@stride/shared";
import { v1CycleEndpoints as CY, v1ModuleEndpoints as MO } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { projectParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import {
  cycleIssueParams,
  cycleListQuery,
  cycleParams,
  createCycleBody,
  transferCycleIssuesBody,
  updateCycleBody,
} from "../cycles/schemas.ts";
import {
  addItems,
  archiveCycle,
  createCycle,
  deleteCycle,
  removeItem,
  restoreCycle,
  transferItems,
  updateCycle,
} from "../cycles/commands.ts";
import { cycleCounts, loadCycle, matchesView, projectCycles, type CycleRow } from "../cycles/queries.ts";
import {
  moduleCreateBody,
  moduleIssueParams,
  moduleIssuesBody,
  moduleParams,
  modulePatchBody,
} from "../modules/schemas.ts";
import {
  archiveModule,
  createModule,
  deleteModule,
  loadModule,
  restoreModule,
  updateModule,
  type ModuleRow,
} from "../modules/commands.ts";
import { selectModules } from "../modules/queries.ts";
import { changeItemModules, projectItemsFor } from "../issues/modules.ts";
import { columns, shapeAll, shapeOne, v1ListQuery, v1ShapeQuery, type V1Object } from "./shape.ts";
import { authorExpanders } from "./presenters.ts";
import { onlyItemsOf } from "../../http/readable.ts";
import { v1WorkItemList } from "./work-items.ts";

/** A page of already-presented objects (lists whose rows are few and counted in one statement). */
async function pageOf(
  query: { per_page?: string; cursor?: string; fields?: string; expand?: string },
  db: DbOrTx,
  all: V1Object[],
) {
  const page = parsePage(query);
  const results = await shapeAll(all.slice(page.offset, page.offset + page.perPage), query, authorExpanders(db));
  return envelope(page, all.length, results, results.length);
}

/** v1 cycle: all columns + the item counts by state group (a guest who sees only their own items: theirs). */
async function presentCycles(db: DbOrTx, rows: CycleRow[], ownerId: string | null): Promise<V1Object[]> {
  const counts = await cycleCounts(
    db,
    rows.map((r) => r.id),
    ownerId,
  );
  return rows.map((r) => {
    const c = counts.get(r.id)!;
    return {
      ...columns(schema.cycles, r),
      total_issues: c.total_issues,
      cancelled_issues: c.cancelled_issues,
      completed_issues: c.completed_issues,
      started_issues: c.started_issues,
      unstarted_issues: c.unstarted_issues,
      backlog_issues: c.backlog_issues,
    };
  });
}

/** v1 module: all columns + member ids + the item counts by state group. */
async function presentModules(db: DbOrTx, userId: string, where: SQL): Promise<V1Object[]> {
  const stats = await selectModules(db, where, userId);
  if (!stats.length) return [];
  const rows = await db
    .select()
    .from(schema.modules)
    .where(
      inArray(
        schema.modules.id,
        stats.map((s) => s.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return stats.map((s) => ({
    ...columns(schema.modules, byId.get(s.id)!),
    members: s.member_ids,
    total_issues: s.total_issues,
    cancelled_issues: s.cancelled_issues,
    completed_issues: s.completed_issues,
    started_issues: s.started_issues,
    unstarted_issues: s.unstarted_issues,
    backlog_issues: s.backlog_issues,
  }));
}
const presentModule = async (db: DbOrTx, userId: string, m: ModuleRow) =>
  (await presentModules(db, userId, sql`m.id = ${m.id}`))[0];

/** v1 cycles (+ archive, cycle issues, transfer) and modules (+ archive, module issues). */
export function registerV1Planning(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;
  const cycleRules = PERMISSIONS.cycle;
  const cycle = (ctx: { project: { id: string }; params: { cycleId: string } }) =>
    loadCycle(db, ctx.project.id, ctx.params.cycleId);

  route(fastify, app, {
    endpoint: CY.list,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery.extend(cycleListQuery.shape),
    policy: cycleRules.view,
    handler: async (ctx) => {
      const now = new Date();
      const view = ctx.query.cycle_view ?? "all";
      const rows = (await projectCycles(db, ctx.project.id)).filter((r) =>
        matchesView(view, cycleStatus(r.startDate, r.endDate, now), r.endDate, now),
      );
      return pageOf(ctx.query, db, await presentCycles(db, rows, onlyItemsOf(ctx)));
    },
  });
  route(fastify, app, {
    endpoint: CY.create,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: createCycleBody,
    policy: cycleRules.create,
    status: 201,
    handler: async (ctx) =>
      (await presentCycles(db, [await createCycle(db, ctx.project, ctx.user.id, ctx.body)], onlyItemsOf(ctx)))[0],
  });
  route(fastify, app, {
    endpoint: CY.get,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    query: v1ShapeQuery,
    policy: cycleRules.view,
    load: cycle,
    handler: async (ctx) =>
      shapeOne((await presentCycles(db, [ctx.loaded], onlyItemsOf(ctx)))[0], ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: CY.update,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    body: updateCycleBody,
    policy: cycleRules.edit,
    load: cycle,
    handler: async (ctx) => {
      const row = await db.transaction(async (tx) =>
        updateCycle(
          tx,
          ctx.project,
          await loadCycle(tx, ctx.project.id, ctx.loaded.id, { forUpdate: true }),
          ctx.user.id,
          ctx.body,
        ),
      );
      return (await presentCycles(db, [row], onlyItemsOf(ctx)))[0];
    },
  });
  route(fastify, app, {
    endpoint: CY.remove,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    policy: cycleRules.delete,
    load: cycle,
    creatorOf: (c) => c.createdById,
    status: 204,
    handler: async (ctx) => {
      await db.transaction((tx) => deleteCycle(tx, ctx.project, ctx.loaded, ctx.user.id));
    },
  });
  route(fastify, app, {
    endpoint: CY.archive,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    policy: cycleRules.archive,
    load: cycle,
    status: 204,
    handler: async (ctx) => {
      await db.transaction(async (tx) =>
        archiveCycle(tx, await loadCycle(tx, ctx.project.id, ctx.loaded.id, { forUpdate: true }), ctx.user.id),
      );
    },
  });
  route(fastify, app, {
    endpoint: CY.archived,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: cycleRules.view,
    handler: async (ctx) =>
      pageOf(ctx.query, db, await presentCycles(db, await projectCycles(db, ctx.project.id, true), onlyItemsOf(ctx))),
  });
  route(fastify, app, {
    endpoint: CY.unarchive,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    policy: cycleRules.restore,
    status: 204,
    load: (ctx) => loadCycle(db, ctx.project.id, ctx.params.cycleId, { archived: true }),
    handler: async (ctx) => restoreCycle(db, ctx.loaded, ctx.user.id),
  });
  route(fastify, app, {
    endpoint: CY.items,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    load: cycle,
    handler: async (ctx) =>
      v1WorkItemList(
        ctx,
        { kind: "cycle", workspaceId: ctx.workspace.id, projectId: ctx.project.id, cycleId: ctx.loaded.id },
        ctx.query,
      ),
  });
  route(fastify, app, {
    endpoint: CY.addItems,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    body: moduleIssuesBody,
    policy: cycleRules.addItems,
    load: cycle,
    handler: async (ctx) => {
      await db.transaction(async (tx) =>
        addItems(
          tx,
          ctx.project,
          await loadCycle(tx, ctx.project.id, ctx.loaded.id, { forUpdate: true }),
          ctx.user.id,
          ctx.body.issues,
        ),
      );
      const rows = await db
        .select()
        .from(schema.cycleIssues)
        .where(
          and(eq(schema.cycleIssues.cycleId, ctx.loaded.id), inArray(schema.cycleIssues.issueId, ctx.body.issues)),
        );
      return rows.map((r) => columns(schema.cycleIssues, r));
    },
  });
  route(fastify, app, {
    endpoint: CY.removeItem,
    auth: "apiKey",
    scope: "project",
    params: cycleIssueParams,
    policy: cycleRules.addItems,
    load: cycle,
    status: 204,
    handler: async (ctx) => {
      await db.transaction((tx) => removeItem(tx, ctx.project, ctx.loaded, ctx.user.id, ctx.params.issueId));
    },
  });
  route(fastify, app, {
    endpoint: CY.transferItems,
    auth: "apiKey",
    scope: "project",
    params: cycleParams,
    body: transferCycleIssuesBody,
    policy: cycleRules.addItems,
    load: cycle,
    handler: async (ctx) => {
      await db.transaction(async (tx) =>
        transferItems(
          tx,
          ctx.project,
          await loadCycle(tx, ctx.project.id, ctx.loaded.id, { forUpdate: true }),
          ctx.user.id,
          ctx.body.new_cycle_id,
        ),
      );
      return { message: "Success" };
    },
  });

  // ---------------------------------------------------------------- modules
  const moduleRules = PERMISSIONS.module;
  const liveModule = (ctx: { project: { id: string }; params: { moduleId: string } }) =>
    loadModule(db, ctx.project.id, ctx.params.moduleId);
  route(fastify, app, {
    endpoint: MO.list,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: moduleRules.view,
    handler: async (ctx) =>
      pageOf(
        ctx.query,
        db,
        await presentModules(db, ctx.user.id, sql`m.project = ${ctx.project.id} AND m.archived_at IS NULL`),
      ),
  });
  route(fastify, app, {
    endpoint: MO.create,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: moduleCreateBody,
    policy: moduleRules.create,
    status: 201,
    handler: async (ctx) =>
      presentModule(
        db,
        ctx.user.id,
        await db.transaction((tx) => createModule(tx, ctx.project, ctx.user.id, ctx.body)),
      ),
  });
  route(fastify, app, {
    endpoint: MO.get,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    query: v1ShapeQuery,
    policy: moduleRules.view,
    load: liveModule,
    handler: async (ctx) => shapeOne(await presentModule(db, ctx.user.id, ctx.loaded), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: MO.update,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    body: modulePatchBody,
    policy: moduleRules.edit,
    load: liveModule,
    handler: async (ctx) => {
      await db.transaction((tx) => updateModule(tx, ctx.loaded, ctx.user.id, ctx.body));
      return presentModule(db, ctx.user.id, ctx.loaded);
    },
  });
  route(fastify, app, {
    endpoint: MO.remove,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    policy: moduleRules.delete,
    load: (ctx) =>
      loadModule(db, ctx.project.id, ctx.params.moduleId).catch(() =>
        loadModule(db, ctx.project.id, ctx.params.moduleId, { archived: true }),
      ),
    creatorOf: (m) => m.createdById,
    status: 204,
    handler: async (ctx) => {
      await db.transaction((tx) => deleteModule(tx, ctx.project, ctx.loaded, ctx.user.id));
    },
  });
  route(fastify, app, {
    endpoint: MO.archive,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    policy: moduleRules.archive,
    load: liveModule,
    status: 204,
    handler: async (ctx) => {
      await db.transaction((tx) => archiveModule(tx, ctx.loaded, ctx.user.id));
    },
  });
  route(fastify, app, {
    endpoint: MO.archived,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: moduleRules.view,
    handler: async (ctx) =>
      pageOf(
        ctx.query,
        db,
        await presentModules(db, ctx.user.id, sql`m.project = ${ctx.project.id} AND m.archived_at IS NOT NULL`),
      ),
  });
  route(fastify, app, {
    endpoint: MO.unarchive,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    policy: moduleRules.restore,
    status: 204,
    load: (ctx) => loadModule(db, ctx.project.id, ctx.params.moduleId, { archived: true }),
    handler: async (ctx) => restoreModule(db, ctx.loaded, ctx.user.id),
  });
  route(fastify, app, {
    endpoint: MO.items,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    load: liveModule,
    handler: async (ctx) =>
      v1WorkItemList(
        ctx,
        { kind: "module", workspaceId: ctx.workspace.id, projectId: ctx.project.id, moduleId: ctx.loaded.id },
        ctx.query,
      ),
  });
  route(fastify, app, {
    endpoint: MO.addItems,
    auth: "apiKey",
    scope: "project",
    params: moduleParams,
    body: moduleIssuesBody,
    policy: moduleRules.addItems,
    load: liveModule,
    handler: async (ctx) => {
      await db.transaction(async (tx) => {
        const items = await projectItemsFor(tx, ctx.project.id, ctx.body.issues);
        await changeItemModules(tx, ctx.project, ctx.user.id, items, { add: [ctx.loaded.id] });
      });
      const rows = await db
        .select()
        .from(schema.moduleIssues)
        .where(
          and(eq(schema.moduleIssues.moduleId, ctx.loaded.id), inArray(schema.moduleIssues.issueId, ctx.body.issues)),
        );
      return rows.map((r) => columns(schema.moduleIssues, r));
    },
  });
  route(fastify, app, {
    endpoint: MO.removeItem,
    auth: "apiKey",
    scope: "project",
    params: moduleIssueParams,
    policy: moduleRules.addItems,
    load: liveModule,
    status: 204,
    handler: async (ctx) => {
      await db.transaction(async (tx) => {
        const items = await projectItemsFor(tx, ctx.project.id, [ctx.params.issueId]).catch(() => {
          throw errors.notFound();
        });
        await changeItemModules(tx, ctx.project, ctx.user.id, items, { remove: [ctx.loaded.id] });
      });
    },
  });
}

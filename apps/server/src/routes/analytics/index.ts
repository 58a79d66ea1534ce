import { analyticsEndpoints } from "@stride/shared/endpoints";
import { z } from "zod";
import {
  ANALYTICS_DATE_FILTERS,
  DEFAULT_X_AXIS,
  assembleCustomChart,
  assembleTimeline,
  dayInZone,
  dayKeys,
  monthKeys,
  monthName,
  parseAnalyticsAxis,
  seesOnlyOwnWorkItems,
  sumsPoints,
  type AnalyticsDateFilter,
} from "@stride/shared";
import type { AnalyticsChart } from "@stride/shared/contract";
import { route, type ProjectCtx, type RouteModule, type ScopeCtx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { safeTimeZone, type ListContext, type Viewer } from "../../domain/work-item-list/index.ts";
import { loadCycle } from "../cycles/queries.ts";
import { loadModule } from "../modules/commands.ts";
import { analyticsQuery, projectParams, slugParams, type AnalyticsQuery } from "./schemas.ts";
import {
  createdCompletedSeries,
  customChartRows,
  itemScope,
  overview,
  projectEntityCounts,
  statsByAssignee,
  statsByProject,
  workItemCounts,
  type ItemScope,
} from "./queries.ts";
import {
  presentAssigneeStats,
  presentOverview,
  presentProjectChart,
  presentProjectStats,
  presentWorkItemTotals,
} from "./presenters.ts";

type AnyCtx = ScopeCtx<unknown, AnalyticsQuery>;
type ProjectAnalyticsCtx = ProjectCtx<unknown, AnalyticsQuery>;

const uuid = z.uuid();
const invalidTab = () => errors.body(400, { message: "Invalid tab" });
const invalidType = () => errors.body(400, { message: "Invalid type" });

function projectIdsOf(q: AnalyticsQuery): string[] | null {
  if (!q.project_ids) return null;
  const ids = q.project_ids
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((id) => !uuid.safeParse(id).success)) throw errors.badParam("Invalid project_ids value.");
  return ids.length ? ids : null;
}

const dateFilterOf = (q: AnalyticsQuery): AnalyticsDateFilter | null =>
  q.date_filter && q.date_filter in ANALYTICS_DATE_FILTERS ? (q.date_filter as AnalyticsDateFilter) : null;

/** The date range (days, "YYYY-MM-DD") of a cycle or module scope, or null when it has no dates. */
type Range = { from: string; to: string } | null;

interface Scoped {
  sc: ItemScope;
  /** Set for a cycle or module scope. */
  range?: Range;
  projectIds: string[] | null;
}

async function workspaceScope(ctx: AnyCtx): Promise<Scoped> {
  const viewer: Viewer = { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone) };
  const projectIds = projectIdsOf(ctx.query);
  return {
    sc: itemScope({
      context: { kind: "workspace", workspaceId: ctx.workspace.id },
      viewer,
      projectIds,
      dateFilter: dateFilterOf(ctx.query),
    }),
    projectIds,
  };
}

async function projectScope(ctx: ProjectAnalyticsCtx): Promise<Scoped> {
  const tz = safeTimeZone(ctx.user.userTimezone);
  const viewer: Viewer = {
    userId: ctx.user.id,
    timezone: tz,
    ownOnly: seesOnlyOwnWorkItems({
      projectRole: ctx.projectMember?.role ?? null,
      guestViewAllFeatures: ctx.project.guestViewAllFeatures,
    }),
  };
  const base = { workspaceId: ctx.workspace.id, projectId: ctx.project.id };
  const { cycle_id, module_id } = ctx.query;
  let context: ListContext = { kind: "project", ...base };
  let range: Range | undefined;
  if (cycle_id) {
    if (!uuid.safeParse(cycle_id).success) throw errors.badParam("Invalid cycle_id value.");
    const c = await loadCycle(ctx.app.db, ctx.project.id, cycle_id);
    context = { kind: "cycle", ...base, cycleId: c.id };
    range =
      c.startDate && c.endDate
        ? { from: dayInZone(c.startDate, c.timezone), to: dayInZone(c.endDate, c.timezone) }
        : null;
  } else if (module_id) {
    if (!uuid.safeParse(module_id).success) throw errors.badParam("Invalid module_id value.");
    const m = await loadModule(ctx.app.db, ctx.project.id, module_id);
    context = { kind: "module", ...base, moduleId: m.id };
    range = m.startDate && m.targetDate ? { from: m.startDate, to: m.targetDate } : null;
  }
  return {
    sc: itemScope({ context, viewer, dateFilter: dateFilterOf(ctx.query) }),
    range,
    projectIds: [ctx.project.id],
  };
}

/** Monthly created / completed rows from `since` (or the first item, if earlier) to this month. */
async function monthlyTimeline(ctx: AnyCtx, sc: ItemScope, since: Date): Promise<AnalyticsChart> {
  const { created, completed } = await createdCompletedSeries(ctx.app, sc, "month");
  const first = [dayInZone(since, sc.tz), ...created.keys(), ...completed.keys()].sort()[0]!;
  return assembleTimeline(monthKeys(first, dayInZone(new Date(), sc.tz)), created, completed, monthName);
}

async function customChart(ctx: AnyCtx, sc: ItemScope): Promise<AnalyticsChart> {
  const x = parseAnalyticsAxis(ctx.query.x_axis, DEFAULT_X_AXIS);
  if (!x) throw errors.badRequest("Invalid x_axis");
  const group = parseAnalyticsAxis(ctx.query.group_by, undefined);
  if (group === null) throw errors.badRequest("Invalid group_by");
  const { rows, totals } = await customChartRows(ctx.app, sc, x, group ?? null, sumsPoints(ctx.query.y_axis));
  return assembleCustomChart(rows, !!group, totals);
}

/**
 * Analytics (wire-facts-2 §4): the workspace's (across the caller's projects, `project_ids` to narrow) and a
 * project's (with `cycle_id` or `module_id` scopes). Every number counts the work items the caller's lists show.
 */
export const analyticsRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: analyticsEndpoints.totals,
    scope: "workspace",
    params: slugParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.workspace,
    handler: async (ctx) => {
      const tab = ctx.query.tab ?? "overview";
      if (tab !== "overview" && tab !== "work-items") throw invalidTab();
      const { sc, projectIds } = await workspaceScope(ctx);
      if (tab === "overview") return presentOverview(await overview(ctx.app, sc, ctx.workspace.id, projectIds));
      return presentWorkItemTotals(await workItemCounts(ctx.app, sc));
    },
  });

  route(fastify, app, {
    endpoint: analyticsEndpoints.projectTotals,
    scope: "project",
    params: projectParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.project,
    handler: async (ctx) => {
      const { sc } = await projectScope(ctx);
      return presentWorkItemTotals(await workItemCounts(ctx.app, sc));
    },
  });

  route(fastify, app, {
    endpoint: analyticsEndpoints.stats,
    scope: "workspace",
    params: slugParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.workspace,
    handler: async (ctx) => {
      if ((ctx.query.type ?? "work-items") !== "work-items") throw invalidType();
      const { sc, projectIds } = await workspaceScope(ctx);
      return presentProjectStats(await statsByProject(ctx.app, sc, ctx.workspace.id, projectIds));
    },
  });

  route(fastify, app, {
    endpoint: analyticsEndpoints.projectStats,
    scope: "project",
    params: projectParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.project,
    handler: async (ctx) => {
      if ((ctx.query.type ?? "work-items") !== "work-items") throw invalidType();
      const { sc } = await projectScope(ctx);
      return presentAssigneeStats(await statsByAssignee(ctx.app, sc));
    },
  });

  route(fastify, app, {
    endpoint: analyticsEndpoints.charts,
    scope: "workspace",
    params: slugParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.workspace,
    handler: async (ctx) => {
      const type = ctx.query.type ?? "work-items";
      const { sc, projectIds } = await workspaceScope(ctx);
      if (type === "projects")
        return presentProjectChart(await projectEntityCounts(ctx.app, sc, ctx.workspace.id, projectIds));
      if (type === "work-items") return monthlyTimeline(ctx, sc, ctx.workspace.createdAt);
      if (type === "custom-work-items") return customChart(ctx, sc);
      throw invalidType();
    },
  });

  route(fastify, app, {
    endpoint: analyticsEndpoints.projectCharts,
    scope: "project",
    params: projectParams,
    query: analyticsQuery,
    policy: PERMISSIONS.analytics.project,
    handler: async (ctx) => {
      const type = ctx.query.type ?? "work-items";
      if (type !== "projects" && type !== "work-items" && type !== "custom-work-items") throw invalidType();
      const { sc, range, projectIds } = await projectScope(ctx);
      if (type === "projects")
        return presentProjectChart(await projectEntityCounts(ctx.app, sc, ctx.workspace.id, projectIds));
      if (type === "custom-work-items") return customChart(ctx, sc);
      if (range === undefined) return monthlyTimeline(ctx, sc, ctx.project.createdAt);
      if (range === null) return { data: [], schema: {} };
      const { created, completed } = await createdCompletedSeries(ctx.app, sc, "day");
      return assembleTimeline(dayKeys(range.from, range.to), created, completed, (k) => k);
    },
  });
};

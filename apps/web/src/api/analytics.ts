import { queryOptions } from "@tanstack/react-query";
import { ESTIMATE_Y_AXIS, type AnalyticsAxis, type AnalyticsTab } from "@stride/shared";
import type {
  AnalyticsAssigneeStatsRow,
  AnalyticsChart,
  AnalyticsNamedCount,
  AnalyticsOverview,
  AnalyticsProjectStatsRow,
  AnalyticsWorkItems,
} from "@stride/shared/contract";
import { analyticsEndpoints as A } from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type {
  AnalyticsAssigneeStatsRow,
  AnalyticsChart,
  AnalyticsNamedCount,
  AnalyticsOverview,
  AnalyticsProjectStatsRow,
  AnalyticsWorkItems,
};

/**
 * Analytics (wire-facts-2 §4). Every key starts with `analyticsKeys.all(slug)`, which the live map invalidates when
 * work items change. `scope` is the workspace's (`project_ids` narrows it) or a project's (a cycle or a module).
 */
export type AnalyticsScope =
  { kind: "workspace"; projectIds: string[] } | { kind: "project"; pid: string; cycleId?: string; moduleId?: string };

export const analyticsKeys = {
  all: (slug: string) => ["analytics", slug] as const,
};

const scopeQuery = (s: AnalyticsScope): Record<string, string | undefined> =>
  s.kind === "workspace"
    ? { project_ids: s.projectIds.length ? [...s.projectIds].sort().join(",") : undefined }
    : { cycle_id: s.cycleId, module_id: s.moduleId };
type Query = Record<string, string | undefined>;

/** `advance-analytics/` of the scope: the overview tab's counts (workspace only) or the work-items totals. */
const totals = (slug: string, s: AnalyticsScope, query: Query) =>
  s.kind === "workspace"
    ? call(A.totals, { slug }, undefined, { query })
    : call(A.projectTotals, { slug, projectId: s.pid }, undefined, { query });
/** `advance-analytics-stats/` of the scope: per project (workspace) or per assignee (project). */
const stats = (
  slug: string,
  s: AnalyticsScope,
  query: Query,
): Promise<AnalyticsProjectStatsRow[] | AnalyticsAssigneeStatsRow[]> =>
  s.kind === "workspace"
    ? call(A.stats, { slug }, undefined, { query })
    : call(A.projectStats, { slug, projectId: s.pid }, undefined, { query });
/** `advance-analytics-charts/` of the scope. */
const charts = (slug: string, s: AnalyticsScope, query: Query) =>
  s.kind === "workspace"
    ? call(A.charts, { slug }, undefined, { query })
    : call(A.projectCharts, { slug, projectId: s.pid }, undefined, { query });

/** `advance-analytics/`: the overview tab's counts (workspace only) or the work-items totals. */
export const analyticsTotalsQuery = <T extends AnalyticsTab>(slug: string, scope: AnalyticsScope, tab: T) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "totals", scope, tab] as const,
    // the answer's shape follows `tab`, which TypeScript cannot see
    queryFn: () =>
      totals(slug, scope, { ...scopeQuery(scope), tab }) as Promise<
        T extends "overview" ? AnalyticsOverview : AnalyticsWorkItems
      >,
  });

/** `advance-analytics-stats/`: per project (workspace) or per assignee (project). */
export const analyticsStatsQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "stats", scope] as const,
    queryFn: () => stats(slug, scope, { ...scopeQuery(scope), type: "work-items" }),
  });

export const analyticsProjectsChartQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "chart", scope, "projects"] as const,
    // `type=projects` answers the named counts (TypeScript cannot see the query)
    queryFn: () => charts(slug, scope, { ...scopeQuery(scope), type: "projects" }) as Promise<AnalyticsNamedCount[]>,
  });

/** Created vs completed over time (months, or days of a cycle or module). */
export const analyticsTimelineQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "chart", scope, "work-items"] as const,
    // `type=work-items` answers a chart (TypeScript cannot see the query)
    queryFn: () => charts(slug, scope, { ...scopeQuery(scope), type: "work-items" }) as Promise<AnalyticsChart>,
  });

/** The custom chart: work items (`metric` "issues") or their estimate points by any axis. */
export const analyticsCustomChartQuery = (
  slug: string,
  scope: AnalyticsScope,
  xAxis: AnalyticsAxis,
  groupBy: AnalyticsAxis | null,
  metric: "issues" | "points" = "issues",
) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "chart", scope, "custom", xAxis, groupBy, metric] as const,
    // `type=custom-work-items` answers a chart (TypeScript cannot see the query)
    queryFn: () =>
      charts(slug, scope, {
        ...scopeQuery(scope),
        type: "custom-work-items",
        x_axis: xAxis,
        group_by: groupBy ?? undefined,
        y_axis: metric === "points" ? ESTIMATE_Y_AXIS : undefined,
      }) as Promise<AnalyticsChart>,
  });

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
import { api } from "./client.ts";
import { W } from "./work-items.ts";

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

const base = (slug: string, s: AnalyticsScope) => (s.kind === "workspace" ? W(slug) : `${W(slug)}/projects/${s.pid}`);
const scopeQuery = (s: AnalyticsScope): Record<string, string | undefined> =>
  s.kind === "workspace"
    ? { project_ids: s.projectIds.length ? [...s.projectIds].sort().join(",") : undefined }
    : { cycle_id: s.cycleId, module_id: s.moduleId };

/** `advance-analytics/`: the overview tab's counts (workspace only) or the work-items totals. */
export const analyticsTotalsQuery = <T extends AnalyticsTab>(slug: string, scope: AnalyticsScope, tab: T) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "totals", scope, tab] as const,
    queryFn: () =>
      api<T extends "overview" ? AnalyticsOverview : AnalyticsWorkItems>(`${base(slug, scope)}/advance-analytics/`, {
        query: { ...scopeQuery(scope), tab },
      }),
  });

/** `advance-analytics-stats/`: per project (workspace) or per assignee (project). */
export const analyticsStatsQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "stats", scope] as const,
    queryFn: () =>
      api<AnalyticsProjectStatsRow[] | AnalyticsAssigneeStatsRow[]>(`${base(slug, scope)}/advance-analytics-stats/`, {
        query: { ...scopeQuery(scope), type: "work-items" },
      }),
  });

export const analyticsProjectsChartQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "chart", scope, "projects"] as const,
    queryFn: () =>
      api<AnalyticsNamedCount[]>(`${base(slug, scope)}/advance-analytics-charts/`, {
        query: { ...scopeQuery(scope), type: "projects" },
      }),
  });

/** Created vs completed over time (months, or days of a cycle or module). */
export const analyticsTimelineQuery = (slug: string, scope: AnalyticsScope) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(slug), "chart", scope, "work-items"] as const,
    queryFn: () =>
      api<AnalyticsChart>(`${base(slug, scope)}/advance-analytics-charts/`, {
        query: { ...scopeQuery(scope), type: "work-items" },
      }),
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
    queryFn: () =>
      api<AnalyticsChart>(`${base(slug, scope)}/advance-analytics-charts/`, {
        query: {
          ...scopeQuery(scope),
          type: "custom-work-items",
          x_axis: xAxis,
          group_by: groupBy ?? undefined,
          y_axis: metric === "points" ? ESTIMATE_Y_AXIS : undefined,
        },
      }),
  });

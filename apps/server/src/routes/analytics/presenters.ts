import { PROJECT_CHART_KEYS, titleCaseKey } from "@stride/shared";
import type {
  AnalyticsAssigneeStatsRow,
  AnalyticsNamedCount,
  AnalyticsOverview,
  AnalyticsProjectStatsRow,
  AnalyticsWorkItems,
} from "@stride/shared/contract";
import { assetUrl } from "../../http/present.ts";
import type { AssigneeStats, GroupCounts, Overview } from "./queries.ts";

const c = (count: number) => ({ count });

export function presentOverview(o: Overview): AnalyticsOverview {
  return {
    total_users: c(o.total_users),
    total_admins: c(o.total_admins),
    total_members: c(o.total_members),
    total_guests: c(o.total_guests),
    total_projects: c(o.total_projects),
    total_work_items: c(o.total_work_items),
    total_cycles: c(o.total_cycles),
    total_intake: c(o.total_intake),
  };
}

export function presentWorkItemTotals(r: GroupCounts & { total: number }): AnalyticsWorkItems {
  return {
    total_work_items: c(r.total),
    started_work_items: c(r.started_work_items),
    backlog_work_items: c(r.backlog_work_items),
    un_started_work_items: c(r.un_started_work_items),
    completed_work_items: c(r.completed_work_items),
  };
}

const groupCounts = (r: GroupCounts): GroupCounts => ({
  cancelled_work_items: r.cancelled_work_items,
  completed_work_items: r.completed_work_items,
  backlog_work_items: r.backlog_work_items,
  un_started_work_items: r.un_started_work_items,
  started_work_items: r.started_work_items,
});

export function presentProjectStats(
  rows: (GroupCounts & { project_id: string; project__name: string })[],
): AnalyticsProjectStatsRow[] {
  return rows.map((r) => ({ project_id: r.project_id, project__name: r.project__name, ...groupCounts(r) }));
}

export function presentAssigneeStats(rows: AssigneeStats[]): AnalyticsAssigneeStatsRow[] {
  return rows.map((r) => ({
    display_name: r.display_name,
    assignee_id: r.assignee_id,
    avatar_url: r.assignee_id ? assetUrl(r.avatar_asset, r.avatar) : null,
    ...groupCounts(r),
  }));
}

export function presentProjectChart(counts: Record<string, number>): AnalyticsNamedCount[] {
  return PROJECT_CHART_KEYS.map((key) => ({ key, name: titleCaseKey(key), count: counts[key] ?? 0 }));
}

/** Analytics answers (wire-facts-2 §4): `advance-analytics[-stats|-charts]/` and `project-stats/`. */

export interface CountValue {
  count: number;
}

/** `advance-analytics/?tab=overview`. */
export interface AnalyticsOverview {
  total_users: CountValue;
  total_admins: CountValue;
  total_members: CountValue;
  total_guests: CountValue;
  total_projects: CountValue;
  total_work_items: CountValue;
  total_cycles: CountValue;
  total_intake: CountValue;
}

/** `advance-analytics/?tab=work-items` (and every project variant). */
export interface AnalyticsWorkItems {
  total_work_items: CountValue;
  started_work_items: CountValue;
  backlog_work_items: CountValue;
  un_started_work_items: CountValue;
  completed_work_items: CountValue;
}

export interface WorkItemGroupCounts {
  cancelled_work_items: number;
  completed_work_items: number;
  backlog_work_items: number;
  un_started_work_items: number;
  started_work_items: number;
}

/** `advance-analytics-stats/?type=work-items`: one row per project. */
export interface AnalyticsProjectStatsRow extends WorkItemGroupCounts {
  project_id: string;
  project__name: string;
}

/** Project `advance-analytics-stats/`: one row per assignee (null ids for unassigned items). */
export interface AnalyticsAssigneeStatsRow extends WorkItemGroupCounts {
  display_name: string | null;
  assignee_id: string | null;
  avatar_url: string | null;
}

/** `advance-analytics-charts/?type=projects`. */
export interface AnalyticsNamedCount {
  key: string;
  name: string;
  count: number;
}

/** `advance-analytics-charts/?type=work-items|custom-work-items`. */
export interface AnalyticsChart {
  data: Record<string, string | number>[];
  schema: Record<string, string>;
}

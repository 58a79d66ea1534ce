/**
 * Analytics vocabularies and the pure assembly of chart answers (wire-facts-2 §4), used by the server's
 * `advance-analytics*` routes and the web's analytics screens.
 */

/** The x-axis / group-by values the server charts. */
export const ANALYTICS_AXES = [
  "STATES",
  "STATE_GROUPS",
  "LABELS",
  "ASSIGNEES",
  "ESTIMATE_POINTS",
  "CYCLES",
  "MODULES",
  "PRIORITY",
  "START_DATE",
  "TARGET_DATE",
  "CREATED_AT",
  "COMPLETED_AT",
  "CREATED_BY",
] as const;
export type AnalyticsAxis = (typeof ANALYTICS_AXES)[number];

/** Values Plane's client enum also carries that the server refuses (400). */
export const UNSUPPORTED_ANALYTICS_AXES = ["WORK_ITEM_TYPES", "PROJECTS", "EPICS"] as const;

export const DEFAULT_X_AXIS: AnalyticsAxis = "PRIORITY";

/**
 * `y_axis` of the custom chart (work-tracking §9 "Analytics metrics: work item count, estimate"): the work items, or
 * the sum of their estimate points (items whose project estimates in points; the others add nothing). Plane's
 * client sends other values too (pending, due this week …), which count work items, as its own server does.
 */
export const ESTIMATE_Y_AXIS = "ESTIMATE_POINT_COUNT";
export const COUNT_Y_AXIS = "WORK_ITEM_COUNT";
export const sumsPoints = (yAxis: unknown): boolean =>
  typeof yAxis === "string" && yAxis.trim().toUpperCase() === ESTIMATE_Y_AXIS;

/** Labels of the axes for pickers. */
export const ANALYTICS_AXIS_LABELS: Record<AnalyticsAxis, string> = {
  STATES: "State",
  STATE_GROUPS: "State group",
  LABELS: "Labels",
  ASSIGNEES: "Assignees",
  ESTIMATE_POINTS: "Estimate points",
  CYCLES: "Cycle",
  MODULES: "Modules",
  PRIORITY: "Priority",
  START_DATE: "Start date",
  TARGET_DATE: "Due date",
  CREATED_AT: "Created on",
  COMPLETED_AT: "Completed on",
  CREATED_BY: "Created by",
};

/** Axes whose values are dates ("YYYY-MM-DD" keys, sorted chronologically). */
export const DATE_AXES: ReadonlySet<AnalyticsAxis> = new Set([
  "START_DATE",
  "TARGET_DATE",
  "CREATED_AT",
  "COMPLETED_AT",
]);

export function isAnalyticsAxis(v: unknown): v is AnalyticsAxis {
  return typeof v === "string" && (ANALYTICS_AXES as readonly string[]).includes(v);
}

/**
 * Reads an axis parameter: absent or blank gives `fallback`; a known value is returned; anything else (including
 * the client-only WORK_ITEM_TYPES, PROJECTS and EPICS) is refused with `null`.
 */
export function parseAnalyticsAxis<F extends AnalyticsAxis | undefined>(
  v: unknown,
  fallback: F,
): AnalyticsAxis | F | null {
  if (v === undefined || v === null || v === "") return fallback;
  const s = String(v).trim().toUpperCase();
  return isAnalyticsAxis(s) ? s : null;
}

/** The tabs of `advance-analytics/` (the numbers each screen tab reads). */
export const ANALYTICS_TABS = ["overview", "work-items"] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/**
 * The workspace analytics screen's tabs and routes `/analytics/<tab>/` (work-tracking.md §2): scope and demand (the
 * totals, what the projects hold, the state distribution, created vs completed) and custom (a chart by any axis and
 * each project's figures); the earlier routes `overview` and `work-items` lead to them.
 */
export const ANALYTICS_SCREEN_TABS = ["scope_and_demand", "custom"] as const;
export type AnalyticsScreenTab = (typeof ANALYTICS_SCREEN_TABS)[number];
export const ANALYTICS_TAB_ALIASES: Record<string, AnalyticsScreenTab> = {
  overview: "scope_and_demand",
  "work-items": "custom",
};

/** The chart types of `advance-analytics-charts/`. */
export const ANALYTICS_CHART_TYPES = ["projects", "work-items", "custom-work-items"] as const;
export type AnalyticsChartType = (typeof ANALYTICS_CHART_TYPES)[number];

/** `date_filter` values: how far back items' creation may lie. */
export const ANALYTICS_DATE_FILTERS = { yesterday: 1, last_7_days: 7, last_30_days: 30, last_3_months: 90 } as const;
export type AnalyticsDateFilter = keyof typeof ANALYTICS_DATE_FILTERS;

/** The keys of the `projects` chart, in order. */
export const PROJECT_CHART_KEYS = ["work_items", "cycles", "modules", "intake", "members", "pages", "views"] as const;

/** "work_items" → "Work Items". */
export function titleCaseKey(key: string): string {
  return key
    .split("_")
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-03-01" → "Mar 2025". */
export function monthName(key: string): string {
  const [y, m] = key.split("-");
  return `${MONTHS[Number(m) - 1] ?? "?"} ${y}`;
}

/** The first days ("YYYY-MM-01") of every month from `from`'s month to `to`'s month, both "YYYY-MM-DD". */
export function monthKeys(from: string, to: string): string[] {
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const ty = Number(to.slice(0, 4));
  const tm = Number(to.slice(5, 7));
  const out: string[] = [];
  while ((y < ty || (y === ty && m <= tm)) && out.length < 1200) {
    out.push(`${y}-${String(m).padStart(2, "0")}-01`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Every day ("YYYY-MM-DD") from `from` to `to`, inclusive (at most ~3 years). */
export function dayKeys(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  for (let t = Date.parse(`${from.slice(0, 10)}T00:00:00Z`); t <= end && out.length < 1100; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** One row of the custom chart's aggregate: the x value, optionally the group value, and the distinct items. */
export interface CustomChartRow {
  key: string | null;
  name: string | null;
  group_key?: string | null;
  group_name?: string | null;
  count: number;
}

export interface ChartAnswer {
  data: Record<string, string | number>[];
  schema: Record<string, string>;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Assembles `custom-work-items` (wire-facts-2 §4) from aggregate rows. Without a group: `[{key, name, count}]`
 * sorted by key with null keys and names as "None", `schema` empty. With a group: one entry per x value with
 * `count` (distinct items over its groups: `totals`) and one count per group key ("none" for null), and `schema`
 * naming each group key.
 */
export function assembleCustomChart(
  rows: CustomChartRow[],
  grouped: boolean,
  totals?: Map<string | null, number>,
): ChartAnswer {
  if (!grouped) {
    const data = rows.map((r) => ({ key: r.key ?? "None", name: r.name ?? "None", count: r.count }));
    return { data: data.sort(byKey), schema: {} };
  }
  const entries = new Map<string, Record<string, string | number>>();
  const schema: Record<string, string> = {};
  for (const r of rows) {
    const key = r.key ?? "none";
    let e = entries.get(key);
    if (!e) {
      e = { key, name: r.name ?? "None", count: totals?.get(r.key) ?? 0 };
      entries.set(key, e);
    }
    const g = r.group_key ?? "none";
    schema[g] = r.group_name ?? "None";
    e[g] = (Number(e[g]) || 0) + r.count;
    if (!totals) e.count = Number(e.count) + r.count;
  }
  return { data: [...entries.values()].sort((a, b) => byKey(a as { key: string }, b as { key: string })), schema };
}

/** Fills a time series: one entry per key with created and completed counts (`count` is their sum). */
export function assembleTimeline(
  keys: string[],
  created: Map<string, number>,
  completed: Map<string, number>,
  name: (key: string) => string,
): ChartAnswer {
  return {
    data: keys.map((key) => {
      const c = created.get(key) ?? 0;
      const d = completed.get(key) ?? 0;
      return { key, name: name(key), count: c + d, completed_issues: d, created_issues: c };
    }),
    schema: { completed_issues: "completed_issues", created_issues: "created_issues" },
  };
}

/**
 * Modules (work-tracking.md §3, §4, §9): statuses, the module page's display defaults and orders, progress and
 * the completion chart both sides compute the same way.
 */
import { planProgress } from "./progress.ts";

/** Module status (§4); a new module is `planned`. */
export const MODULE_STATUSES = ["backlog", "planned", "in-progress", "paused", "completed", "cancelled"] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];
export const DEFAULT_MODULE_STATUS: ModuleStatus = "planned";
/** Only a finished module can be archived. */
export const ARCHIVABLE_MODULE_STATUSES: readonly ModuleStatus[] = ["completed", "cancelled"];

/** Module page layouts (§2): list, board and gantt timeline; default list. */
export const MODULE_LAYOUTS = ["list", "board", "gantt"] as const;
export type ModuleLayout = (typeof MODULE_LAYOUTS)[number];

/** Module orders (§9) and their reverses; default `name`. */
export const MODULE_ORDER_BY = [
  "name",
  "-name",
  "progress",
  "-progress",
  "issues_length",
  "-issues_length",
  "target_date",
  "-target_date",
  "created_at",
  "-created_at",
  "sort_order",
  "-sort_order",
] as const;
export type ModuleOrderBy = (typeof MODULE_ORDER_BY)[number];

/** Module display defaults (§9): layout list, order by name, favourites only off. */
export const MODULE_DISPLAY_DEFAULTS: { layout: ModuleLayout; order_by: ModuleOrderBy; favorites: boolean } = {
  layout: "list",
  order_by: "name",
  favorites: false,
};

export interface ModuleProgressCounts {
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
}

/** Share (0–100, rounded) of a module's items completed, cancelled ones left out (progress.ts). */
export function moduleProgress(m: ModuleProgressCounts): number {
  return planProgress({ total: m.total_issues, completed: m.completed_issues, cancelled: m.cancelled_issues }).percent;
}

export interface SortableModule extends ModuleProgressCounts {
  name: string;
  target_date: string | null;
  created_at: string;
  sort_order: number;
}

/**
 * The modules in `order` (§9). Ties keep the given order; modules without a target date come last in both
 * directions of the target-date order.
 */
export function sortModules<M extends SortableModule>(modules: readonly M[], order: ModuleOrderBy): M[] {
  const desc = order.startsWith("-");
  const key = (desc ? order.slice(1) : order) as
    "name" | "progress" | "issues_length" | "target_date" | "created_at" | "sort_order";
  const sign = desc ? -1 : 1;
  const cmp = (a: M, b: M): number => {
    switch (key) {
      case "name":
        return sign * a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
      case "progress":
        return sign * (moduleProgress(a) - moduleProgress(b));
      case "issues_length":
        return sign * (a.total_issues - b.total_issues);
      case "target_date":
        if (!a.target_date || !b.target_date) return (a.target_date ? 0 : 1) - (b.target_date ? 0 : 1);
        return sign * (a.target_date < b.target_date ? -1 : a.target_date > b.target_date ? 1 : 0);
      case "created_at":
        return sign * (Date.parse(a.created_at) - Date.parse(b.created_at));
      case "sort_order":
        return sign * (a.sort_order - b.sort_order);
    }
  };
  return modules
    .map((m, i) => [m, i] as const)
    .sort((x, y) => cmp(x[0], y[0]) || x[1] - y[1])
    .map(([m]) => m);
}

/** Every calendar day (yyyy-MM-dd) from `start` to `end`, both included; none when `end` is before `start`. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(start + "T00:00:00Z");
  const last = new Date(end + "T00:00:00Z");
  // a module spans months at most in practice; cap at ten years so a typo cannot build a huge chart
  for (let i = 0; d <= last && i < 3660; i++) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * The burndown of a date range (wire-facts-2 §4): for each day from `start` to `end`, what remains of `total`
 * once the items completed up to and including that day are taken off; days after `today` are null. `completed`
 * lists each completed item's completion day and weight (1 per item, or its estimate points).
 */
export function completionChart(
  start: string | null,
  end: string | null,
  today: string,
  total: number,
  completed: readonly { day: string; weight: number }[],
): Record<string, number | null> {
  if (!start || !end) return {};
  const chart: Record<string, number | null> = {};
  const sorted = [...completed].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let done = 0;
  let i = 0;
  for (const day of daysBetween(start, end)) {
    while (i < sorted.length && sorted[i].day <= day) done += sorted[i++].weight;
    chart[day] = day > today ? null : total - done;
  }
  return chart;
}

import { DEFAULT_SORT_ORDER, SORT_STEP } from "./constants.ts";
import { shiftDate } from "./issue-filters/dates.ts";

/**
 * Stickies, home widgets and sidebar entries (platform.md §4, §5, §9; wire-facts §9): shown by `sort_order`
 * descending (a higher value is higher up), step 10000.
 */

/** Stickies page size (wire-facts §9: list per_page 20). */
export const STICKIES_PAGE_SIZE = 20;
/** Stickies the web's screens read in one page (a person's notes are few). */
export const STICKIES_SHOWN = 1000;
/** Recent visits kept per person and workspace (wire-facts §9). */
export const RECENT_VISITS_LIMIT = 20;

/** Sticky colours (the key is what `background_color` stores; the web maps each to its palette). */
export const STICKY_COLORS = ["gray", "peach", "pink", "orange", "green", "light-blue", "dark-blue", "purple"] as const;
export type StickyColor = (typeof STICKY_COLORS)[number];

/** Home widgets kept in `W/home-preferences/`, created on first read with these sort orders (highest first). */
export const HOME_WIDGETS = [
  { key: "quick_links", sort_order: 999 },
  { key: "recents", sort_order: 998 },
  { key: "my_stickies", sort_order: 997 },
  { key: "assigned_issues", sort_order: 996 },
] as const;
export type HomeWidgetKey = (typeof HOME_WIDGETS)[number]["key"];

/** Sidebar entries of `W/sidebar-preferences/` in their default order: 65535, then +10000 each. */
export const SIDEBAR_PREFERENCE_KEYS = [
  "views",
  "active_cycles",
  "analytics",
  "drafts",
  "your_work",
  "archives",
  "stickies",
] as const;
export type SidebarPreferenceKey = (typeof SIDEBAR_PREFERENCE_KEYS)[number];
/** Pinned by default. */
export const SIDEBAR_PINNED_BY_DEFAULT: readonly SidebarPreferenceKey[] = ["drafts", "your_work", "stickies"];

export function sidebarPreferenceDefaults(): { key: SidebarPreferenceKey; is_pinned: boolean; sort_order: number }[] {
  return SIDEBAR_PREFERENCE_KEYS.map((key, i) => ({
    key,
    is_pinned: SIDEBAR_PINNED_BY_DEFAULT.includes(key),
    sort_order: DEFAULT_SORT_ORDER + i * SORT_STEP,
  }));
}

/** Dashboard widgets (`W/dashboard/`) and their default filters. */
export const DASHBOARD_WIDGETS = [
  { key: "overview_stats", filters: {} },
  { key: "assigned_issues", filters: { duration: "none", tab: "pending" } },
  { key: "created_issues", filters: { duration: "none", tab: "pending" } },
  { key: "issues_by_state_groups", filters: { duration: "none" } },
  { key: "issues_by_priority", filters: { duration: "none" } },
  { key: "recent_activity", filters: {} },
  { key: "recent_projects", filters: {} },
  { key: "recent_collaborators", filters: {} },
] as const;
export type DashboardWidgetKey = (typeof DASHBOARD_WIDGETS)[number]["key"];
/** Tabs of the assigned / created widgets. */
export const WIDGET_ISSUE_TABS = ["pending", "upcoming", "overdue", "completed"] as const;
export type WidgetIssueTab = (typeof WIDGET_ISSUE_TABS)[number];
/** Items a widget list shows. */
export const WIDGET_ISSUES_LIMIT = 5;
/** Activities of the recent-activity widget (Plane: the caller's last 8). */
export const RECENT_ACTIVITY_LIMIT = 8;
/** Projects of the recent-projects widget (Plane: 4 ids). */
export const RECENT_PROJECTS_LIMIT = 4;

/** The dashboard widgets the web's home shows after its own widgets, each switched by the widget's `is_visible`. */
export const HOME_DASHBOARD_WIDGETS = [
  "issues_by_state_groups",
  "issues_by_priority",
  "recent_activity",
  "recent_projects",
  "recent_collaborators",
] as const;
export type HomeDashboardWidgetKey = (typeof HOME_DASHBOARD_WIDGETS)[number];
export const isHomeDashboardWidget = (key: string): key is HomeDashboardWidgetKey =>
  (HOME_DASHBOARD_WIDGETS as readonly string[]).includes(key);

/** A widget's stored duration, or "none". */
export function widgetDuration(filters: unknown): WidgetDuration {
  const d = (filters as { duration?: unknown } | null | undefined)?.duration;
  return typeof d === "string" && (WIDGET_DURATIONS as readonly string[]).includes(d) ? (d as WidgetDuration) : "none";
}

/**
 * The query of a home dashboard widget's stats (`W/dashboard/{id}/?widget_key=…`), fixed by its stored filters so the
 * route loader, the screen and the server's screen data ask the same thing.
 */
export function widgetStatsParams(w: { key: string; widget_filters: unknown }): Record<string, string> {
  if (w.key !== "issues_by_state_groups" && w.key !== "issues_by_priority") return { widget_key: w.key };
  const duration = widgetDuration(w.widget_filters);
  if (duration !== "custom") return { widget_key: w.key, duration };
  // a custom range travels as its target_date (so the request names the dates it shows)
  const range = durationTargetDate("custom", "", 0, widgetCustomDates(w.widget_filters));
  return range ? { widget_key: w.key, target_date: range } : { widget_key: w.key, duration };
}

/** A widget's stored custom range (`custom_dates`: `["2026-01-01;after", "2026-01-31;before"]`). */
export function widgetCustomDates(filters: unknown): string[] {
  const d = (filters as { custom_dates?: unknown } | null | undefined)?.custom_dates;
  return Array.isArray(d) ? d.filter((x): x is string => typeof x === "string") : [];
}

/** The duration filter of the dashboard widgets (`widget_filters.duration`); the client turns it into `target_date`. */
export const WIDGET_DURATIONS = ["none", "today", "this_week", "this_month", "this_year", "custom"] as const;
export type WidgetDuration = (typeof WIDGET_DURATIONS)[number];

/**
 * The `target_date` list filter of a widget's duration, as Plane's client sends it (`{from};after,{to};before`),
 * for the day `today` (YYYY-MM-DD in the person's zone) with weeks starting on `weekStart` (0 Sunday … 6 Saturday).
 * `custom` passes the stored `custom_dates` (e.g. `["2026-01-01;after", "2026-01-31;before"]`); `none` → "".
 */
export function durationTargetDate(
  duration: string | undefined,
  today: string,
  weekStart = 0,
  customDates: readonly string[] = [],
): string {
  const range = (from: string, to: string) => `${from};after,${to};before`;
  const [y, m] = today.split("-").map(Number) as [number, number];
  switch (duration) {
    case "today":
      return range(today, today);
    case "this_week": {
      const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
      const from = shiftDate(today, -((dow - weekStart + 7) % 7));
      return range(from, shiftDate(from, 6));
    }
    case "this_month": {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return range(`${today.slice(0, 7)}-01`, `${today.slice(0, 7)}-${String(last).padStart(2, "0")}`);
    }
    case "this_year":
      return range(`${y}-01-01`, `${y}-12-31`);
    case "custom":
      return customDates.filter((d) => /^\d{4}-\d{2}-\d{2};(after|before)$/.test(d)).join(",");
    default:
      return "";
  }
}

/** A new sticky goes first: above the highest sort order (the first one gets 65535). */
export function sortOrderOnTop(values: readonly number[]): number {
  return values.length === 0 ? DEFAULT_SORT_ORDER : Math.max(...values) + SORT_STEP;
}

export interface Ordered {
  id: string;
  sort_order: number;
}

export type DropEdge = "above" | "below";

/**
 * The sort order that puts `movingId` just above or just below `targetId` (platform.md §5, step 10000):
 * above → the midpoint between the target and the neighbour shown above it, or target + 10000 when it is first;
 * below → target − 10000, or the midpoint between the target and the neighbour below it when target − 10000 would
 * pass that neighbour. The moving item never counts as a neighbour. Null when it cannot move there (no target, itself).
 */
export function sortOrderNextTo(
  items: readonly Ordered[],
  movingId: string,
  targetId: string,
  edge: DropEdge,
): number | null {
  if (movingId === targetId) return null;
  const others = [...items].filter((i) => i.id !== movingId).sort((a, b) => b.sort_order - a.sort_order);
  const t = others.findIndex((i) => i.id === targetId);
  if (t === -1) return null;
  const target = others[t].sort_order;
  if (edge === "above") {
    const above = others[t - 1];
    return above ? (above.sort_order + target) / 2 : target + SORT_STEP;
  }
  const below = others[t + 1];
  const stepped = target - SORT_STEP;
  return below && below.sort_order >= stepped ? (below.sort_order + target) / 2 : stepped;
}

/**
 * The sort order that puts `movingId` at `index` among the others as displayed (0 = top; a drop slot), by the
 * same rule: above the item now at that place, or below the last one. Null when nothing moves.
 */
export function sortOrderAtIndex(items: readonly Ordered[], movingId: string, index: number): number | null {
  const sorted = [...items].sort((a, b) => b.sort_order - a.sort_order);
  const others = sorted.filter((i) => i.id !== movingId);
  const at = Math.max(0, Math.min(Math.trunc(index), others.length));
  if (sorted.findIndex((i) => i.id === movingId) === at) return null;
  if (!others.length) return null;
  return at < others.length
    ? sortOrderNextTo(items, movingId, others[at].id, "above")
    : sortOrderNextTo(items, movingId, others[others.length - 1].id, "below");
}

/** Plain text of rich text (for search of stickies): tags dropped, entities of the editor decoded, spaces collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div|\/blockquote|\/pre)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

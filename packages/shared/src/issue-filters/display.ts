/**
 * Display filters, display properties and list preferences (work-tracking.md §3, §4; wire-facts §7).
 */
import { DISPLAY_DEFAULT_ORDER_BY } from "./order.ts";

/** Layouts a work-item list offers (work-tracking.md §2; flow is the extra one). */
export const ISSUE_LAYOUTS = ["list", "kanban", "flow", "calendar", "spreadsheet", "gantt_chart"] as const;
export type IssueLayout = (typeof ISSUE_LAYOUTS)[number];

/** Filter fields of a list context (work-tracking.md §3); null = not applied. */
export const FILTER_KEYS = [
  "priority",
  "state",
  "state_group",
  "cycle",
  "module",
  "assignees",
  "mentions",
  "created_by",
  "labels",
  "start_date",
  "target_date",
  "issue_type",
  "subscriber",
  "project",
  "team_project",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type IssueFilters = Partial<Record<FilterKey, string[] | null>>;

export const DISPLAY_PROPERTY_KEYS = [
  "assignee",
  "start_date",
  "due_date",
  "labels",
  "key",
  "priority",
  "state",
  "sub_issue_count",
  "link",
  "attachment_count",
  "estimate",
  "created_on",
  "updated_on",
  "modules",
  "cycle",
  "issue_type",
] as const;
export type DisplayPropertyKey = (typeof DISPLAY_PROPERTY_KEYS)[number];
export type DisplayProperties = Record<DisplayPropertyKey, boolean>;

export interface DisplayFilters {
  layout: IssueLayout;
  group_by: string | null;
  sub_group_by: string | null;
  order_by: string;
  type: string | null;
  sub_issue: boolean;
  show_empty_groups: boolean;
  show_hierarchy: boolean;
  calendar_date_range: string;
  [extra: string]: unknown;
}

export function defaultFilters(): IssueFilters {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, null])) as IssueFilters;
}

/**
 * A new list context's display filters. The order is manual (`sort_order`, work-tracking.md §9), where Plane's
 * server starts user properties at `-created_at` (wire-facts §7); choices already saved are kept as they are.
 */
export function defaultDisplayFilters(): DisplayFilters {
  return {
    layout: "list",
    group_by: null,
    sub_group_by: null,
    order_by: DISPLAY_DEFAULT_ORDER_BY,
    type: null,
    sub_issue: true,
    show_empty_groups: true,
    show_hierarchy: false,
    calendar_date_range: "",
  };
}

/** All display properties shown by default (work-tracking.md §3). */
export function defaultDisplayProperties(): DisplayProperties {
  return Object.fromEntries(DISPLAY_PROPERTY_KEYS.map((k) => [k, true])) as DisplayProperties;
}

/** The kinds of list a display rule may depend on. */
export type ListKind =
  | "project"
  | "cycle"
  | "module"
  | "project_view"
  | "archived"
  | "draft"
  | "epics"
  | "global_view"
  | "profile"
  | "workspace_profile"
  | "team"
  | "team_view";

/**
 * Apply the display rules of work-tracking.md §4 to display filters (returns a new object):
 * - clearing group_by clears sub_group_by;
 * - in kanban, a sub_group_by equal to group_by is cleared;
 * - kanban with no group_by groups by state (by priority on profile and workspace profile lists);
 * - in global views, order_by `sort_order` becomes `-created_at`;
 * - in local-database mode the order is forced to `sort_order`.
 */
export function applyDisplayRules<T extends Partial<DisplayFilters>>(
  filters: T,
  opts: { kind?: ListKind; localDb?: boolean } = {},
): T {
  const out: T = { ...filters };
  const kind = opts.kind ?? "project";
  if (out.layout === "kanban" && !out.group_by) {
    (out as Partial<DisplayFilters>).group_by =
      kind === "profile" || kind === "workspace_profile" ? "priority" : "state";
  }
  if (!out.group_by) (out as Partial<DisplayFilters>).sub_group_by = null;
  if (out.layout === "kanban" && out.sub_group_by && out.sub_group_by === out.group_by)
    (out as Partial<DisplayFilters>).sub_group_by = null;
  if (kind === "global_view" && out.order_by === "sort_order")
    (out as Partial<DisplayFilters>).order_by = "-created_at";
  if (opts.localDb) (out as Partial<DisplayFilters>).order_by = "sort_order";
  return out;
}

/**
 * Merge a change into the current display filters and apply the rules (what the display menu does
 * when one option changes).
 */
export function updateDisplayFilters(
  current: Partial<DisplayFilters>,
  change: Partial<DisplayFilters>,
  opts: { kind?: ListKind; localDb?: boolean } = {},
): Partial<DisplayFilters> {
  return applyDisplayRules({ ...current, ...change }, opts);
}

/** A filter counts as applied only when its value is a non-empty list (work-tracking.md §4). */
export function isFilterApplied(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

export function countAppliedFilters(filters: Record<string, unknown> | null | undefined): number {
  if (!filters) return 0;
  return Object.values(filters).filter(isFilterApplied).length;
}

/** List loader states (work-tracking.md §4). */
export type ListLoader =
  "init-loader" | "mutation" | "pagination" | "empty-state" | "create" | "update" | "delete" | "move" | undefined;

/**
 * The loader to show when (re)fetching a list: the first load of a context shows the full loader; a refetch
 * after filters changed shows "mutation" when items are already shown and filters are applied.
 */
export function fetchLoader(opts: {
  hasLoadedBefore: boolean;
  filters?: Record<string, unknown> | null;
  isPagination?: boolean;
}): ListLoader {
  if (opts.isPagination) return "pagination";
  if (!opts.hasLoadedBefore) return "init-loader";
  return countAppliedFilters(opts.filters) > 0 ? "mutation" : "init-loader";
}

/** Client page sizes (wire-facts §6.1): list 50 grouped / 100 flat, kanban 30 (10 sub-grouped), gantt and spreadsheet 100. */
export function pageSizeFor(layout: IssueLayout, grouped: boolean, subGrouped: boolean): number {
  switch (layout) {
    case "kanban":
      return subGrouped ? 10 : 30;
    case "list":
      return grouped ? 50 : 100;
    default:
      return 100;
  }
}

/**
 * The cursor and params of a per-group "load more" (wire-facts §6.1): starts at page 1, drops group_by and
 * sub_group_by, and adds the group as a flat filter (`state=<id>`, `labels=None`).
 */
export const GROUP_FILTER_PARAM: Record<string, string> = {
  state_id: "state",
  state__group: "state_group",
  priority: "priority",
  labels__id: "labels",
  assignees__id: "assignees",
  cycle_id: "cycle",
  issue_module__module_id: "module",
  created_by: "created_by",
  project_id: "project",
  target_date: "target_date",
};

export function groupLoadMoreParams(
  params: Record<string, string>,
  group: { groupBy: string; key: string; subGroupBy?: string | null; subKey?: string | null },
  perPage: number,
  page = 1,
): Record<string, string> {
  const out: Record<string, string> = { ...params };
  delete out.group_by;
  delete out.sub_group_by;
  out.cursor = `${perPage}:${page}:0`;
  out.per_page = String(perPage);
  const add = (field: string, key: string) => {
    const param = GROUP_FILTER_PARAM[field];
    if (!param) return;
    out[param] = param === "target_date" ? (key === "None" ? "" : `${key};after,${key};before`) : key;
  };
  add(group.groupBy, group.key);
  if (group.subGroupBy && group.subKey != null) add(group.subGroupBy, group.subKey);
  return out;
}

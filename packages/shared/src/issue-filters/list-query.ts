/**
 * From a list context's saved choices (filters, display filters) to the query of its first page
 * (GET P/issues/, wire-facts §6.1): legacy flat filters as comma lists, the wire group_by / sub_group_by,
 * order_by, sub_issue, and the layout's page size. The web's list screen and route loader build their
 * request with it, and the server uses it to embed a list page in the app's HTML (screen-data.ts), so
 * both ask the same URL.
 */
import {
  applyDisplayRules,
  defaultDisplayFilters,
  defaultDisplayProperties,
  defaultFilters,
  isFilterApplied,
  pageSizeFor,
} from "./display.ts";
import { parseGroupBy, type GroupByField } from "./group.ts";
import { DISPLAY_DEFAULT_ORDER_BY } from "./order.ts";
import type { DisplayFilters, DisplayProperties, IssueFilters, IssueLayout, ListKind } from "./display.ts";

/** A list context's saved choices (user properties, or local settings). */
export interface ListPrefs {
  filters: IssueFilters;
  display_filters: DisplayFilters;
  display_properties: DisplayProperties;
}

/** Saved user properties with the defaults filled in. */
export function listPrefsFrom(p: Partial<ListPrefs> | null | undefined): ListPrefs {
  return {
    filters: { ...defaultFilters(), ...p?.filters },
    display_filters: { ...defaultDisplayFilters(), ...p?.display_filters },
    display_properties: { ...defaultDisplayProperties(), ...p?.display_properties },
  };
}

/** The wire name of a stored group_by ("state" → "state_id"); unknown or empty → null. */
export function wireGroupBy(v: string | null | undefined): GroupByField | null {
  try {
    return parseGroupBy(v ?? null);
  } catch {
    return null;
  }
}

/** Layouts that group rows: list (optional), kanban (always; state by default), flow (always by state). */
export function effectiveDisplay(df: Partial<DisplayFilters>, kind: ListKind = "project"): Partial<DisplayFilters> {
  const layout = (df.layout ?? "list") as IssueLayout;
  const d = applyDisplayRules({ ...df, layout }, { kind });
  if (layout !== "kanban") d.sub_group_by = null;
  if (layout === "spreadsheet" || layout === "calendar" || layout === "gantt_chart") {
    d.group_by = null;
    d.sub_group_by = null;
  }
  if (layout === "flow") {
    d.group_by = "state";
    d.sub_group_by = null;
  }
  return d;
}

export interface ListQuery {
  params: Record<string, string>;
  perPage: number;
  groupBy: GroupByField | null;
  subGroupBy: GroupByField | null;
}

/** Comma list of an applied filter value ("None" kept; blanks dropped). */
function filterValue(v: string[]): string {
  return v.filter((x) => x !== "" && x !== null && x !== undefined).join(",");
}

export function buildListQuery(
  filters: IssueFilters | null | undefined,
  displayFilters: Partial<DisplayFilters>,
  opts: { kind?: ListKind; extra?: Record<string, string> } = {},
): ListQuery {
  const d = effectiveDisplay(displayFilters, opts.kind);
  const layout = (d.layout ?? "list") as IssueLayout;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters ?? {})) {
    if (isFilterApplied(v)) {
      const s = filterValue(v as string[]);
      if (s) params[k] = s;
    }
  }
  const groupBy = wireGroupBy(d.group_by);
  let subGroupBy = groupBy ? wireGroupBy(d.sub_group_by) : null;
  if (subGroupBy === groupBy) subGroupBy = null;
  if (groupBy) params.group_by = groupBy;
  if (subGroupBy) params.sub_group_by = subGroupBy;
  params.order_by = d.order_by || DISPLAY_DEFAULT_ORDER_BY;
  if (d.sub_issue === false) params.sub_issue = "false";
  if (d.type && d.type !== "all") params.type = String(d.type);
  params.layout = layout;
  Object.assign(params, opts.extra ?? {});
  return { params, perPage: pageSizeFor(layout, !!groupBy, !!subGroupBy), groupBy, subGroupBy };
}

/** The lists whose pages `listPageSource` places (a project's own items are `issues`). */
export type ListPageKind =
  | "issues"
  | "archived"
  | "epics"
  | "view"
  | "module"
  | "cycle"
  | "team"
  | "team_view"
  | "global_view"
  | "profile"
  | "workspace_drafts";

/**
 * The endpoint (under P/, or under W/ when `base` says so) and extra query of a list's pages: the timeline reads items
 * with their relations (its arrows). A teamspace's lists (`team`, `team_view`) are W/teamspaces/{contextId}/issues/,
 * where a team view's `contextId` is `{teamspaceId}/views/{viewId}`. A workspace global view (`global_view`) is
 * W/issues/?global_view_id={contextId}; a person's profile tab (`profile`, `contextId` `{userId}/{tab}`) is
 * W/user-issues/{userId}/ filtered by the tab's field; the caller's workspace drafts (`workspace_drafts`) W/draft-issues/.
 */
export function listPageSource(
  kind: ListPageKind,
  layout: string,
  contextId?: string,
): { path: string; query: Record<string, string>; base?: "workspace" } {
  if (kind === "workspace_drafts") return { path: "draft-issues/", query: {}, base: "workspace" };
  if (kind === "team" || kind === "team_view")
    return { path: `teamspaces/${contextId}/issues/`, query: {}, base: "workspace" };
  if (kind === "global_view")
    return { path: "issues/", query: { global_view_id: contextId ?? "all-issues" }, base: "workspace" };
  if (kind === "profile") {
    const [userId = "", tab = "assigned"] = (contextId ?? "").split("/");
    return {
      path: `user-issues/${userId}/`,
      query: { [PROFILE_TAB_FILTER[tab as ProfileTab] ?? "assignees"]: userId },
      base: "workspace",
    };
  }
  if (kind === "view") return { path: `views/${contextId}/issues/`, query: {} };
  if (kind === "module") return { path: `modules/${contextId}/issues/`, query: {} };
  if (kind === "cycle") return { path: `cycles/${contextId}/cycle-issues/`, query: {} };
  if (kind === "issues" && layout === "gantt_chart")
    return { path: "issues-detail/", query: { expand: "issue_relation,issue_related" } };
  return { path: kind === "archived" ? "archived-issues/" : kind === "epics" ? "epics/" : "issues/", query: {} };
}

/** The profile tabs that list work items (work-tracking.md §2), and the filter each one is (wire §7 "profile issue lists"). */
export const PROFILE_TAB_FILTER = { assigned: "assignees", created: "created_by", subscribed: "subscriber" } as const;
export type ProfileTab = keyof typeof PROFILE_TAB_FILTER;

/**
 * A default global view's saved choices, from the caller's workspace user properties (W/user-properties/), which keep
 * each object one level deep: `filters[view]`, `display_filters[view]`, `display_properties[view]` (docs/decisions.md).
 * A global view starts in the spreadsheet layout, newest first (work-tracking.md §4: no manual order across projects).
 */
export function globalViewPrefsFrom(
  props:
    | {
        filters?: Record<string, unknown>;
        display_filters?: Record<string, unknown>;
        display_properties?: Record<string, unknown>;
      }
    | null
    | undefined,
  view: string,
): ListPrefs {
  const pick = (o: Record<string, unknown> | undefined) => {
    const v = o?.[view];
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  };
  return globalListPrefs({
    filters: pick(props?.filters) as IssueFilters,
    display_filters: pick(props?.display_filters) as DisplayFilters,
    display_properties: pick(props?.display_properties) as DisplayProperties,
  });
}

/** Saved choices of a list across the workspace's projects (a global view, a profile tab): spreadsheet first, no manual order. */
export function globalListPrefs(p: Partial<ListPrefs> | null | undefined, kind: ListKind = "global_view"): ListPrefs {
  const prefs = listPrefsFrom(p);
  if (!p?.display_filters?.layout) prefs.display_filters.layout = kind === "global_view" ? "spreadsheet" : "list";
  // items of several projects have no one manual order: newest first unless chosen otherwise
  if (!p?.display_filters?.order_by) prefs.display_filters.order_by = "-created_at";
  prefs.display_filters = applyDisplayRules(prefs.display_filters, { kind });
  return prefs;
}

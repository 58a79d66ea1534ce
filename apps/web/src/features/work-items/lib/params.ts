/**
 * From a list context's saved choices (filters, display filters) to the query of GET P/issues/
 * (wire-facts §6.1): legacy flat filters as comma lists, the wire group_by / sub_group_by, order_by,
 * sub_issue, and the layout's page size.
 */
import {
  applyDisplayRules, isFilterApplied, pageSizeFor, parseGroupBy,
  type DisplayFilters, type GroupByField, type IssueFilters, type IssueLayout, type ListKind,
} from "@stride/shared";

/** The wire name of a stored group_by ("state" → "state_id"); unknown or empty → null. */
export function wireGroupBy(v: string | null | undefined): GroupByField | null {
  try {
    return parseGroupBy(v ?? null);
  } catch {
    return null;
  }
}

/** Groupings a drag may change (work-tracking.md §5: drag is limited to an allowed list of group types). */
export const DRAG_ALLOWED_GROUPS: readonly GroupByField[] = ["state_id", "priority", "labels__id", "assignees__id", "cycle_id", "issue_module__module_id"];

export function dragAllowed(groupBy: string | null | undefined): boolean {
  return !!groupBy && DRAG_ALLOWED_GROUPS.includes(groupBy as GroupByField);
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
  params.order_by = d.order_by || "-created_at";
  if (d.sub_issue === false) params.sub_issue = "false";
  if (d.type && d.type !== "all") params.type = String(d.type);
  params.layout = layout;
  Object.assign(params, opts.extra ?? {});
  return { params, perPage: pageSizeFor(layout, !!groupBy, !!subGroupBy), groupBy, subGroupBy };
}

/** Number of applied filters (only non-empty lists count, work-tracking.md §4). */
export function appliedFilterEntries(filters: IssueFilters | null | undefined): [string, string[]][] {
  return Object.entries(filters ?? {}).filter(([, v]) => isFilterApplied(v)) as [string, string[]][];
}

/**
 * From a list context's saved choices (filters, display filters) to the query of GET P/issues/
 * (wire-facts §6.1): legacy flat filters as comma lists, the wire group_by / sub_group_by, order_by,
 * sub_issue, and the layout's page size.
 */
import { type GroupByField, type IssueFilters, isFilterApplied } from "@stride/shared";

// shared with the server, which embeds a list's first page in the app's HTML with the same query
export { wireGroupBy, effectiveDisplay, buildListQuery, type ListQuery } from "@stride/shared";

/** Groupings a drag may change (work-tracking.md §5: drag is limited to an allowed list of group types). */
export const DRAG_ALLOWED_GROUPS: readonly GroupByField[] = [
  "state_id",
  "priority",
  "labels__id",
  "assignees__id",
  "cycle_id",
  "issue_module__module_id",
];

export function dragAllowed(groupBy: string | null | undefined): boolean {
  return !!groupBy && DRAG_ALLOWED_GROUPS.includes(groupBy as GroupByField);
}

/** Number of applied filters (only non-empty lists count, work-tracking.md §4). */
export function appliedFilterEntries(filters: IssueFilters | null | undefined): [string, string[]][] {
  return Object.entries(filters ?? {}).filter(([, v]) => isFilterApplied(v)) as [string, string[]][];
}

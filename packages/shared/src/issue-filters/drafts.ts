/**
 * The workspace drafts list context (work-tracking.md §2 "workspace drafts", §5, §9): W/draft-issues/, the caller's own
 * drafts, 50 a page (cursor 50:0:0). A draft is not yet a work item: it has no key, sub-items, links, mentions or
 * subscribers, and it may have no project yet, so its filter set, groupings, orders, layouts and display properties
 * are the work item's less what a draft cannot have. The server refuses the rest (400); the web offers only these.
 */
import { isFilterLeaf, type FilterNode } from "./ast.ts";
import { FILTER_KEYS, type DisplayPropertyKey, type FilterKey, type IssueLayout } from "./display.ts";
import { FilterError } from "./errors.ts";
import type { GroupByField } from "./group.ts";
import { ORDER_BY_FIELDS, type OrderBy, type OrderByField } from "./order.ts";

export const WORKSPACE_DRAFTS_PAGE_SIZE = 50;

/** The filter menu's fields (work-tracking.md §3 less mentions, subscriber, created_by (always the caller) and teams). */
export const DRAFT_FILTER_KEYS: readonly FilterKey[] = FILTER_KEYS.filter(
  (k) => k !== "mentions" && k !== "subscriber" && k !== "created_by" && k !== "team_project",
);

/** Fields of the filter tree a draft has no value for. */
const NOT_ON_DRAFTS = new Set(["mention_id", "subscriber_id", "is_archived"]);

/** Groupings (wire names): the work item's less the author (always the caller) and the due date. */
export const DRAFT_GROUP_BY: readonly GroupByField[] = [
  "state_id",
  "state__group",
  "priority",
  "project_id",
  "cycle_id",
  "issue_module__module_id",
  "labels__id",
  "assignees__id",
];

/** Orders: the work item's less the key and the link, attachment and sub-item counts (a draft has none). */
const NOT_DRAFT_ORDERS: readonly string[] = ["sequence_id", "link_count", "attachment_count", "sub_issues_count"];
export const DRAFT_ORDER_BY: readonly OrderByField[] = ORDER_BY_FIELDS.filter((f) => !NOT_DRAFT_ORDERS.includes(f));

/** Layouts: list, board and spreadsheet (drafts are not planned on a calendar or a timeline). */
export const DRAFT_LAYOUTS: readonly IssueLayout[] = ["list", "kanban", "spreadsheet"];

/** Display properties a draft has no value for. */
export const DRAFT_HIDDEN_PROPERTIES: readonly DisplayPropertyKey[] = [
  "key",
  "sub_issue_count",
  "link",
  "attachment_count",
];

function filterFields(node: FilterNode | null, out: Set<string>): Set<string> {
  if (!node) return out;
  if (isFilterLeaf(node)) out.add(node.field);
  else if ("and" in node) node.and.forEach((n) => filterFields(n, out));
  else if ("or" in node) node.or.forEach((n) => filterFields(n, out));
  else filterFields(node.not, out);
  return out;
}

/**
 * Check a workspace drafts list request against the context's sets: a FilterError (`invalid_filter_field`) for a
 * filter on what a draft has no value for, else the message of a grouping or order it does not offer (null: fine).
 */
export function draftListRefusal(req: {
  filter: FilterNode | null;
  order: OrderBy;
  groupBy: GroupByField | null;
  subGroupBy: GroupByField | null;
}): string | null {
  for (const f of filterFields(req.filter, new Set()))
    if (NOT_ON_DRAFTS.has(f)) throw new FilterError(`Drafts cannot be filtered by '${f}'`, "invalid_filter_field");
  for (const g of [req.groupBy, req.subGroupBy])
    if (g && !DRAFT_GROUP_BY.includes(g)) return `Drafts cannot be grouped by '${g}'.`;
  if (!DRAFT_ORDER_BY.includes(req.order.field)) return `Drafts cannot be ordered by '${req.order.field}'.`;
  return null;
}

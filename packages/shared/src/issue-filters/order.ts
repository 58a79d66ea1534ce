import { FilterError } from "./errors.ts";
import { customPropertyField, type CustomPropertyField } from "./group.ts";

/**
 * Work-item `order_by` (work-tracking.md §9, wire-facts §6.1). Each field sorts ascending; a leading `-`
 * sorts descending. Nulls always sort last; ties break by `-created_at`.
 * - `priority` ranks none 0 … urgent 4, so `-priority` lists urgent → none.
 * - `state__group` ranks backlog → unstarted → started → completed → cancelled.
 * - name-of-many fields (labels, assignees, modules) sort by the smallest name of the item's values.
 * - `type__name` sorts by the name of the item's work item type (issue #29; the spreadsheet's Type column).
 */
export const ORDER_BY_FIELDS = [
  "sort_order",
  "created_at",
  "updated_at",
  "start_date",
  "target_date",
  "priority",
  "state__name",
  "state__group",
  "assignees__first_name",
  "labels__name",
  "issue_module__module__name",
  "issue_cycle__cycle__name",
  "estimate_point__key",
  "link_count",
  "attachment_count",
  "sub_issues_count",
  "sequence_id",
  "name",
  "type__name",
] as const;
export type OrderByField = (typeof ORDER_BY_FIELDS)[number] | CustomPropertyField;

/** Short names the spec and the display menus use, mapped to the wire field. */
export const ORDER_BY_ALIASES: Record<string, OrderByField> = {
  manual: "sort_order",
  state: "state__name",
  state_name: "state__name",
  state_group: "state__group",
  "state_detail.group": "state__group",
  assignee: "assignees__first_name",
  assignees: "assignees__first_name",
  assignee_name: "assignees__first_name",
  label: "labels__name",
  labels: "labels__name",
  module: "issue_module__module__name",
  modules: "issue_module__module__name",
  cycle: "issue_cycle__cycle__name",
  estimate: "estimate_point__key",
  estimate_point: "estimate_point__key",
  links: "link_count",
  attachments: "attachment_count",
  sub_issues: "sub_issues_count",
  sub_issue_count: "sub_issues_count",
  issue_type: "type__name",
  type: "type__name",
};

export const DEFAULT_ORDER_BY = "-created_at";
/** The display-filter default (work-tracking.md §9). */
export const DISPLAY_DEFAULT_ORDER_BY = "sort_order";

/** Values the display menu offers (ascending key; prefix `-` for descending). */
export const ORDER_BY_OPTIONS: { key: string; label: string }[] = [
  { key: "sort_order", label: "Manual" },
  { key: "-created_at", label: "Last created" },
  { key: "-updated_at", label: "Last updated" },
  { key: "start_date", label: "Start date" },
  { key: "target_date", label: "Due date" },
  { key: "-priority", label: "Priority" },
];

export interface OrderBy {
  field: OrderByField;
  desc: boolean;
}

/** The wire string of an order (`-priority`). */
export function orderByToString(o: OrderBy): string {
  return (o.desc ? "-" : "") + o.field;
}

/**
 * Parse `order_by`. Empty → default (`-created_at`). In global views `sort_order` becomes `-created_at`
 * (work-tracking.md §4). Unknown fields throw FilterError.
 */
export function parseOrderBy(
  value: string | null | undefined,
  opts: { globalView?: boolean; fallback?: string } = {},
): OrderBy {
  let raw = (value ?? "").trim();
  if (!raw) raw = opts.fallback ?? DEFAULT_ORDER_BY;
  const desc = raw.startsWith("-");
  const name = desc ? raw.slice(1) : raw;
  const field = (ORDER_BY_FIELDS as readonly string[]).includes(name)
    ? (name as OrderByField)
    : (customPropertyField(name) ?? ORDER_BY_ALIASES[name]);
  if (!field) throw new FilterError(`Invalid order_by value '${raw}'`, "invalid_filter_value");
  if (opts.globalView && field === "sort_order") return { field: "created_at", desc: true };
  return { field, desc };
}

/** Priority rank used for ordering: none 0, low 1, medium 2, high 3, urgent 4. */
export const PRIORITY_RANK: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3, urgent: 4 };
/** State-group rank used for ordering and group order. */
export const STATE_GROUP_RANK: Record<string, number> = {
  backlog: 0,
  unstarted: 1,
  started: 2,
  completed: 3,
  cancelled: 4,
};

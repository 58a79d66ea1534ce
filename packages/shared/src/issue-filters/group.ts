import { FilterError } from "./errors.ts";

/**
 * `group_by` / `sub_group_by` (work-tracking.md §9, wire-facts §6.1). The wire names are what the server
 * returns in `grouped_by`; the short display names (what the display menu stores) map onto them.
 */
export const GROUP_BY_FIELDS = [
  "state_id",
  "state__group",
  "priority",
  "labels__id",
  "assignees__id",
  "cycle_id",
  "issue_module__module_id",
  "created_by",
  "project_id",
  "target_date",
] as const;
export type BuiltinGroupByField = (typeof GROUP_BY_FIELDS)[number];
/** A custom property (issue #29): `custom_property__<property id>`; an item sits in the group of each of its values. */
export type CustomPropertyField = `custom_property__${string}`;
export type GroupByField = BuiltinGroupByField | CustomPropertyField;

const CUSTOM_FIELD_RE = /^custom_property__[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A well-formed `custom_property__<uuid>` key (lower-cased), or null. */
export function customPropertyField(raw: string): CustomPropertyField | null {
  return CUSTOM_FIELD_RE.test(raw) ? (raw.toLowerCase() as CustomPropertyField) : null;
}

/** Groupings where one item may sit in several groups (it is repeated in each). */
export const MULTI_VALUED_GROUP_BY: readonly GroupByField[] = [
  "labels__id",
  "assignees__id",
  "issue_module__module_id",
];

/** The item field that carries the values of a multi-valued grouping. */
export const GROUP_BY_ITEM_FIELD: Partial<Record<GroupByField, string>> = {
  labels__id: "label_ids",
  assignees__id: "assignee_ids",
  issue_module__module_id: "module_ids",
};

/** Display-menu names (as stored in display_filters.group_by) → wire names. */
export const DISPLAY_GROUP_BY_TO_WIRE: Record<string, GroupByField> = {
  state: "state_id",
  "state_detail.group": "state__group",
  priority: "priority",
  labels: "labels__id",
  assignees: "assignees__id",
  cycle: "cycle_id",
  module: "issue_module__module_id",
  created_by: "created_by",
  project: "project_id",
  target_date: "target_date",
};

/** Other spellings accepted on the wire. */
export const GROUP_BY_ALIASES: Record<string, GroupByField> = {
  ...DISPLAY_GROUP_BY_TO_WIRE,
  state_group: "state__group",
  state__group: "state__group",
  label: "labels__id",
  assignee: "assignees__id",
  cycles: "cycle_id",
  modules: "issue_module__module_id",
  module_id: "issue_module__module_id",
  projects: "project_id",
  created_by_id: "created_by",
};

/** The display-menu choices, in menu order (`null` = none). */
export const DISPLAY_GROUP_BY_OPTIONS: { key: string | null; label: string }[] = [
  { key: "state", label: "States" },
  { key: "state_detail.group", label: "State groups" },
  { key: "priority", label: "Priority" },
  { key: "project", label: "Project" },
  { key: "cycle", label: "Cycle" },
  { key: "module", label: "Module" },
  { key: "labels", label: "Labels" },
  { key: "assignees", label: "Assignees" },
  { key: "created_by", label: "Created by" },
  { key: "target_date", label: "Due date" },
  { key: null, label: "None" },
];

/** Fixed group orders (wire-facts §15): urgent → none; backlog → cancelled. */
export const PRIORITY_GROUP_KEYS = ["urgent", "high", "medium", "low", "none"] as const;
export const STATE_GROUP_KEYS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;

/** Key of the group of items without a value. */
export const NONE_GROUP_KEY = "None";

export function isMultiValuedGroup(field: GroupByField | null | undefined): boolean {
  return !!field && (MULTI_VALUED_GROUP_BY.includes(field) || field.startsWith("custom_property__"));
}

/** Parse a `group_by` value: empty / `none` / `null` → null; unknown → FilterError. */
export function parseGroupBy(value: string | null | undefined, param = "group_by"): GroupByField | null {
  const raw = (value ?? "").trim();
  if (!raw || raw === "none" || raw === "null" || raw === "None") return null;
  if ((GROUP_BY_FIELDS as readonly string[]).includes(raw)) return raw as GroupByField;
  const custom = customPropertyField(raw);
  if (custom) return custom;
  const mapped = GROUP_BY_ALIASES[raw];
  if (!mapped) throw new FilterError(`Invalid ${param} value '${raw}'`, "invalid_filter_value");
  return mapped;
}

export interface Grouping {
  groupBy: GroupByField | null;
  subGroupBy: GroupByField | null;
}

export class SameGroupingError extends Error {
  constructor() {
    super("Group by and sub group by cannot have same parameters");
  }
}

/**
 * Parse both groupings. A sub-grouping without a grouping is dropped (clearing group_by clears
 * sub_group_by); equal values throw SameGroupingError (the server answers 400).
 */
export function parseGrouping(groupBy: string | null | undefined, subGroupBy: string | null | undefined): Grouping {
  const g = parseGroupBy(groupBy, "group_by");
  const s = parseGroupBy(subGroupBy, "sub_group_by");
  if (!g) return { groupBy: null, subGroupBy: null };
  if (s && s === g) throw new SameGroupingError();
  return { groupBy: g, subGroupBy: s };
}

/**
 * The one filter tree both grammars (legacy flat params and the JSON `filters` grammar) parse into.
 * The server compiles it to SQL; the web can evaluate it to decide what counts as "applied".
 */

/** Fields whose values are ids (uuid strings); `null` in `values` means "None" (no value). */
export const ID_FILTER_FIELDS = [
  "state_id",
  "assignee_id",
  "label_id",
  "cycle_id",
  "module_id",
  "mention_id",
  "subscriber_id",
  "created_by_id",
  "project_id",
  "parent_id",
  "estimate_point_id",
  "type_id",
] as const;
export type IdFilterField = (typeof ID_FILTER_FIELDS)[number];

/** Fields with a closed set of string values. */
export const ENUM_FILTER_FIELDS = ["state_group", "priority"] as const;
export type EnumFilterField = (typeof ENUM_FILTER_FIELDS)[number];

/** Plain dates (yyyy-MM-dd) and timestamps (compared by the day in the viewer's time zone, or exactly for ISO datetimes). */
export const DATE_FILTER_FIELDS = ["start_date", "target_date"] as const;
export const DATETIME_FILTER_FIELDS = ["created_at", "updated_at", "completed_at"] as const;
export type DateFilterField = (typeof DATE_FILTER_FIELDS)[number] | (typeof DATETIME_FILTER_FIELDS)[number];

export const BOOL_FILTER_FIELDS = ["is_draft", "is_archived"] as const;
export type BoolFilterField = (typeof BOOL_FILTER_FIELDS)[number];

export type FilterField =
  IdFilterField | EnumFilterField | DateFilterField | BoolFilterField | "name" | "custom_property";

export interface InLeaf {
  field: IdFilterField | EnumFilterField;
  op: "in";
  /** Matching any of these; `null` matches items without a value. */
  values: (string | null)[];
}

/**
 * A range on a date or timestamp. Bounds are yyyy-MM-dd (whole days, inclusive) or full ISO datetimes
 * (exact instants). `gt` is a strict lower bound (used by `updated_at__gt`).
 */
export interface RangeLeaf {
  field: DateFilterField;
  op: "range";
  gte?: string;
  lte?: string;
  gt?: string;
  /** `true` matches items with no value (e.g. `start_target_date` needs both dates set → isNull false). */
  isNull?: boolean;
}

export interface BoolLeaf {
  field: BoolFilterField;
  op: "bool";
  value: boolean;
}

export interface TextLeaf {
  field: "name";
  op: "icontains";
  value: string;
}

/**
 * A custom property (issue #29) has one of these values (as the item keeps them: strings); `null` matches items
 * without a value of it. Keys: legacy `custom_property__<id>=a,b`, JSON `{"custom_property__<id>__in": [...]}`.
 */
export interface PropertyLeaf {
  field: "custom_property";
  op: "prop";
  property: string;
  values: (string | null)[];
}

/**
 * A number or date custom property (issue #29) within bounds (inclusive; either may be absent). `kind` says how the
 * bounds compare: numbers by value, dates (`YYYY-MM-DD`) by day. Items without a value never match. Keys: legacy
 * `custom_property__<id>__gte=5`, `__lte=…`, `__range=from,to`; JSON `{"custom_property__<id>__range": [from, to]}`
 * (or `__gte` / `__lte`).
 */
export interface PropertyRangeLeaf {
  field: "custom_property";
  op: "prop_range";
  property: string;
  kind: "number" | "date";
  gte?: string;
  lte?: string;
}

export type FilterLeaf = InLeaf | RangeLeaf | BoolLeaf | TextLeaf | PropertyLeaf | PropertyRangeLeaf;
export type FilterNode = { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode } | FilterLeaf;

export function isFilterLeaf(node: FilterNode): node is FilterLeaf {
  return "field" in node;
}

/** AND of the given nodes, skipping nulls; null when nothing remains. */
export function andFilterNodes(...nodes: (FilterNode | null | undefined)[]): FilterNode | null {
  const kept = nodes.filter((n): n is FilterNode => !!n);
  if (kept.length === 0) return null;
  if (kept.length === 1) return kept[0];
  return { and: kept };
}

export const FILTER_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isFilterUuid(value: string): boolean {
  return FILTER_UUID_PATTERN.test(value);
}

/** The values of a custom property filter: a comma list or a JSON list; `None` is "no value". */
export function propertyFilterValues(raw: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (const item of raw) {
    const v = item.trim();
    if (v === "" || v === "null") continue;
    const value = v === "None" ? null : v.length > 255 ? v.slice(0, 255) : v;
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

const PROPERTY_NUMBER_BOUND = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const PROPERTY_DATE_BOUND = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range leaf of a number or date custom property from its bounds (blank = open); null when a bound is neither a
 * number nor a date, when the two are of different kinds, or when both are blank.
 */
export function propertyRangeLeaf(
  property: string,
  from: string | undefined,
  to: string | undefined,
): PropertyRangeLeaf | null {
  const bounds = [from?.trim() ?? "", to?.trim() ?? ""];
  const set = bounds.filter((b) => b !== "");
  if (!set.length) return null;
  const kind = set.every((b) => PROPERTY_NUMBER_BOUND.test(b) && Number.isFinite(Number(b)))
    ? "number"
    : set.every((b) => PROPERTY_DATE_BOUND.test(b))
      ? "date"
      : null;
  if (!kind) return null;
  return {
    field: "custom_property",
    op: "prop_range",
    property,
    kind,
    ...(bounds[0] ? { gte: bounds[0] } : {}),
    ...(bounds[1] ? { lte: bounds[1] } : {}),
  };
}

import { PRIORITIES, STATE_GROUPS } from "../constants.ts";
import {
  propertyFilterValues,
  propertyRangeLeaf,
  BOOL_FILTER_FIELDS,
  DATE_FILTER_FIELDS,
  DATETIME_FILTER_FIELDS,
  ENUM_FILTER_FIELDS,
  ID_FILTER_FIELDS,
  andFilterNodes,
  isFilterUuid,
  type BoolFilterField,
  type DateFilterField,
  type EnumFilterField,
  type FilterNode,
  type IdFilterField,
} from "./ast.ts";
import { isFilterDate, isFilterDateTime } from "./dates.ts";
import { FilterError } from "./errors.ts";

/**
 * The JSON `filters` grammar (wire-facts §6.1): a node is `{"and":[…]}`, `{"or":[…]}`, `{"not":{…}}`
 * or a leaf `{"<field>__<op>": value, …}` (several keys ANDed; a bare `<field>` means `exact`).
 * Nesting depth ≤ 5. Ops: `exact`, `in` (comma string or list), `range` (`"from,to"` or `[from, to]`).
 */
export const RICH_FILTER_MAX_DEPTH = 5;

/** field → allowed ops. */
export const RICH_FILTER_FIELDS: Record<string, readonly string[]> = {
  ...Object.fromEntries(ID_FILTER_FIELDS.map((f) => [f, ["exact", "in"]])),
  ...Object.fromEntries(ENUM_FILTER_FIELDS.map((f) => [f, ["exact", "in"]])),
  ...Object.fromEntries([...DATE_FILTER_FIELDS, ...DATETIME_FILTER_FIELDS].map((f) => [f, ["exact", "range"]])),
  ...Object.fromEntries(BOOL_FILTER_FIELDS.map((f) => [f, ["exact"]])),
  name: ["icontains"],
};

const LOGICAL = ["and", "or", "not"];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isPlainObject(v: unknown): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): boolean {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

/**
 * Parse the `filters` parameter (a JSON string or an already-decoded object) into a filter tree.
 * Empty input (`""`, `{}`) → null. Throws FilterError with the wire codes.
 */
export function parseRichFilters(input: unknown): FilterNode | null {
  let data: unknown = input;
  if (input === undefined || input === null) return null;
  if (typeof input === "string") {
    if (input.trim() === "") return null;
    try {
      data = JSON.parse(input);
    } catch {
      throw new FilterError("Invalid JSON for 'filters'. Expected a valid JSON object.", "invalid_json");
    }
  }
  if (isPlainObject(data) && Object.keys(data).length === 0) return null;
  if (data === null || data === "") return null;
  return parseNode(data, 1);
}

function parseNode(node: unknown, depth: number): FilterNode {
  if (depth > RICH_FILTER_MAX_DEPTH) {
    throw new FilterError(
      `Filter nesting is too deep (max ${RICH_FILTER_MAX_DEPTH}); found depth ${depth}`,
      "max_depth_exceeded",
    );
  }
  if (!isPlainObject(node)) throw new FilterError("Each filter node must be a JSON object", "invalid_filter_node");
  const keys = Object.keys(node);
  if (keys.length === 0) throw new FilterError("Filter objects must not be empty", "empty_filter_object");
  const logical = keys.filter((k) => LOGICAL.includes(k.toLowerCase()));
  if (logical.length > 1) {
    throw new FilterError(
      "A filter object cannot contain multiple logical operators at the same level",
      "multiple_logical_operators",
    );
  }
  if (logical.length === 1) {
    const key = logical[0];
    if (keys.length !== 1) {
      throw new FilterError(
        `Cannot mix logical operator '${key}' with field keys at the same level`,
        "mixed_operator_and_fields",
      );
    }
    const op = key.toLowerCase();
    const value = node[key];
    if (op === "not") {
      if (!isPlainObject(value)) throw new FilterError("'not' must be a single JSON object", "invalid_not_child");
      return { not: parseNode(value, depth + 1) };
    }
    if (!Array.isArray(value) || value.length === 0) {
      throw new FilterError(`'${op}' must be a non-empty list of filter objects`, "invalid_operator_children");
    }
    const children = value.map((child) => {
      if (!isPlainObject(child))
        throw new FilterError(`All children of '${op}' must be JSON objects`, "invalid_operator_child_type");
      return parseNode(child, depth + 1);
    });
    return op === "and" ? { and: children } : { or: children };
  }
  return parseLeaf(node);
}

function splitKey(key: string): { field: string; op: string } {
  const idx = key.lastIndexOf("__");
  if (idx > 0) {
    const op = key.slice(idx + 2);
    if (["exact", "in", "range", "icontains", "gte", "lte"].includes(op)) return { field: key.slice(0, idx), op };
  }
  return { field: key, op: "exact" };
}

function parseLeaf(leaf: Record<string, Json>): FilterNode {
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(leaf)) {
    if (Array.isArray(value)) {
      if (value.length === 0) throw new FilterError(`List value for '${key}' must not be empty`, "empty_list_value");
      if (!value.every(isScalar))
        throw new FilterError(`List value for '${key}' must contain only scalar items`, "invalid_value_type");
    } else if (!isScalar(value)) {
      throw new FilterError(`Value for '${key}' must be a scalar, null, or list of scalars`, "invalid_value_type");
    }
    const { field, op } = splitKey(key);
    if (field.startsWith("custom_property__") && (op === "in" || op === "exact")) {
      const property = field.slice("custom_property__".length).toLowerCase();
      if (!isFilterUuid(property))
        throw new FilterError(`Filtering on field '${key}' is not allowed`, "invalid_filter_field");
      if (op === "exact" && Array.isArray(value)) throw badValue(key, value);
      const values = propertyFilterValues(op === "in" ? listOf(value) : [value === null ? "None" : String(value)]);
      if (!values.length) throw badValue(key, value);
      nodes.push({ field: "custom_property", op: "prop", property, values });
      continue;
    }
    if (field.startsWith("custom_property__") && (op === "range" || op === "gte" || op === "lte")) {
      // a number or date property within bounds: `__range` [from, to] or "from,to" (blank = open), `__gte`, `__lte`
      const property = field.slice("custom_property__".length).toLowerCase();
      if (!isFilterUuid(property))
        throw new FilterError(`Filtering on field '${key}' is not allowed`, "invalid_filter_field");
      const bound = (v: Json) =>
        v === null ? "" : typeof v === "string" || typeof v === "number" ? String(v) : undefined;
      let bounds: (string | undefined)[];
      if (op === "range")
        bounds = Array.isArray(value) ? value.map(bound) : typeof value === "string" ? value.split(",") : [];
      else bounds = op === "gte" ? [bound(value), ""] : ["", bound(value)];
      const leaf =
        bounds.length === 2 && bounds.every((b) => b !== undefined)
          ? propertyRangeLeaf(property, bounds[0], bounds[1])
          : null;
      if (!leaf) throw badValue(key, value);
      nodes.push(leaf);
      continue;
    }
    const ops = RICH_FILTER_FIELDS[field];
    if (!ops || !ops.includes(op))
      throw new FilterError(`Filtering on field '${key}' is not allowed`, "invalid_filter_field");
    nodes.push(leafFor(key, field, op, value));
  }
  return andFilterNodes(...nodes)!;
}

const badValue = (key: string, value: unknown) =>
  new FilterError(`Invalid value ${JSON.stringify(value)} for '${key}'`, "invalid_filterset");

function listOf(value: Json): string[] {
  if (Array.isArray(value)) return value.map((v) => (v === null ? "None" : String(v)).trim()).filter((s) => s !== "");
  if (value === null) return ["None"];
  return String(value)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function leafFor(key: string, field: string, op: string, value: Json): FilterNode {
  if ((ID_FILTER_FIELDS as readonly string[]).includes(field)) {
    const raw = op === "in" ? listOf(value) : [value === null ? "None" : String(value).trim()];
    if (op === "exact" && Array.isArray(value)) throw badValue(key, value);
    const values: (string | null)[] = [];
    for (const item of raw) {
      if (item === "None" || item === "null" || item === "") {
        if (!values.includes(null)) values.push(null);
      } else if (isFilterUuid(item)) {
        if (!values.includes(item.toLowerCase())) values.push(item.toLowerCase());
      } else throw badValue(key, item);
    }
    if (!values.length) throw badValue(key, value);
    return { field: field as IdFilterField, op: "in", values };
  }
  if ((ENUM_FILTER_FIELDS as readonly string[]).includes(field)) {
    const allowed: readonly string[] = field === "priority" ? PRIORITIES : STATE_GROUPS;
    const raw = op === "in" ? listOf(value) : [String(value ?? "")];
    if (op === "exact" && Array.isArray(value)) throw badValue(key, value);
    const values: string[] = [];
    for (const item of raw) {
      if (!allowed.includes(item)) throw badValue(key, item);
      if (!values.includes(item)) values.push(item);
    }
    if (!values.length) throw badValue(key, value);
    return { field: field as EnumFilterField, op: "in", values };
  }
  if ((BOOL_FILTER_FIELDS as readonly string[]).includes(field)) {
    const v =
      value === true || value === "true" || value === "True" || value === 1 || value === "1"
        ? true
        : value === false || value === "false" || value === "False" || value === 0 || value === "0"
          ? false
          : undefined;
    if (v === undefined) throw badValue(key, value);
    return { field: field as BoolFilterField, op: "bool", value: v };
  }
  if (field === "name") {
    if (typeof value !== "string" || value.trim() === "" || value.length > 255) throw badValue(key, value);
    return { field: "name", op: "icontains", value: value.trim() };
  }
  // dates
  const isDateOnly = (DATE_FILTER_FIELDS as readonly string[]).includes(field);
  const okBound = (s: string) => isFilterDate(s) || (!isDateOnly && isFilterDateTime(s));
  if (op === "exact") {
    if (value === null || value === "None") return { field: field as DateFilterField, op: "range", isNull: true };
    const s = String(value).trim();
    if (typeof value !== "string" || !okBound(s)) throw badValue(key, value);
    return { field: field as DateFilterField, op: "range", gte: s, lte: s };
  }
  // range
  let bounds: string[];
  if (Array.isArray(value)) bounds = value.map((v) => (v === null ? "" : String(v).trim()));
  else if (typeof value === "string") bounds = value.split(",").map((s) => s.trim());
  else throw badValue(key, value);
  if (bounds.length !== 2) throw badValue(key, value);
  const [from, to] = bounds;
  if ((!from && !to) || (from && !okBound(from)) || (to && !okBound(to))) throw badValue(key, value);
  return { field: field as DateFilterField, op: "range", ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
}

import { PRIORITIES, STATE_GROUPS } from "../constants.ts";
import {
  andFilterNodes,
  isFilterUuid,
  propertyFilterValues,
  propertyRangeLeaf,
  type DateFilterField,
  type FilterNode,
  type IdFilterField,
} from "./ast.ts";
import { isFilterDateTime, parseDateFilterValue } from "./dates.ts";
import { FilterError } from "./errors.ts";

/**
 * Legacy flat filters (wire-facts §6.1): comma lists in query parameters, ANDed together.
 * `None` means "no value" for id filters (labels, assignees, created_by, cycle, module, parent, …);
 * empty items and the literal `null` are ignored, as the client sends them for cleared filters.
 */
export const LEGACY_ID_PARAMS: Record<string, IdFilterField> = {
  state: "state_id",
  labels: "label_id",
  assignees: "assignee_id",
  mentions: "mention_id",
  created_by: "created_by_id",
  cycle: "cycle_id",
  module: "module_id",
  project: "project_id",
  team_project: "project_id",
  parent: "parent_id",
  estimate_point: "estimate_point_id",
  subscriber: "subscriber_id",
  issue_type: "type_id",
};

export const LEGACY_DATE_PARAMS: readonly DateFilterField[] = [
  "start_date",
  "target_date",
  "created_at",
  "updated_at",
  "completed_at",
];

/** Every parameter name the legacy grammar reads. */
export const LEGACY_FILTER_PARAMS: readonly string[] = [
  ...Object.keys(LEGACY_ID_PARAMS),
  "state_group",
  "priority",
  "name",
  "type",
  "start_target_date",
  ...LEGACY_DATE_PARAMS,
  "updated_at__gt",
  "created_at__gt",
];

export type QueryParams = Record<string, string | string[] | undefined | null>;

function paramValue(params: QueryParams, key: string): string | undefined {
  const v = params[key];
  if (v === undefined || v === null) return undefined;
  return Array.isArray(v) ? v.join(",") : String(v);
}

/** Split a comma list, dropping blanks and the literal `null`. */
export function splitFilterList(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "" && s !== "null");
}

function idValues(param: string, value: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (const item of splitFilterList(value)) {
    if (item === "None" || item === "none") {
      if (!out.includes(null)) out.push(null);
      continue;
    }
    if (!isFilterUuid(item))
      throw new FilterError(`Invalid value '${item}' for filter '${param}'`, "invalid_filter_value");
    const v = item.toLowerCase();
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

function enumValues(param: string, value: string, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of splitFilterList(value)) {
    if (!allowed.includes(item))
      throw new FilterError(`Invalid value '${item}' for filter '${param}'`, "invalid_filter_value");
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

/**
 * Parse the legacy flat filter parameters into one filter tree (null when none applies).
 * `today` (yyyy-MM-dd, in the viewer's time zone) anchors relative dates.
 */
export function parseLegacyFilters(params: QueryParams, today: string): FilterNode | null {
  const nodes: FilterNode[] = [];

  for (const [param, field] of Object.entries(LEGACY_ID_PARAMS)) {
    const v = paramValue(params, param);
    if (v === undefined) continue;
    const values = idValues(param, v);
    if (values.length) nodes.push({ field, op: "in", values });
  }

  const sg = paramValue(params, "state_group");
  if (sg !== undefined) {
    const values = enumValues("state_group", sg, STATE_GROUPS);
    if (values.length) nodes.push({ field: "state_group", op: "in", values });
  }

  const pr = paramValue(params, "priority");
  if (pr !== undefined) {
    const values = enumValues("priority", pr, PRIORITIES);
    if (values.length) nodes.push({ field: "priority", op: "in", values });
  }

  const name = paramValue(params, "name");
  if (name !== undefined && name.trim() !== "") {
    if (name.length > 255) throw new FilterError("Filter 'name' is too long", "invalid_filter_value");
    nodes.push({ field: "name", op: "icontains", value: name.trim() });
  }

  const type = paramValue(params, "type");
  if (type !== undefined && type !== "" && type !== "null") {
    if (type === "backlog") nodes.push({ field: "state_group", op: "in", values: ["backlog"] });
    else if (type === "active") nodes.push({ field: "state_group", op: "in", values: ["unstarted", "started"] });
    else if (type !== "all") throw new FilterError(`Invalid value '${type}' for filter 'type'`, "invalid_filter_value");
  }

  const stp = paramValue(params, "start_target_date");
  if (stp !== undefined && stp !== "") {
    if (stp === "true" || stp === "True") {
      nodes.push({ field: "start_date", op: "range", isNull: false });
      nodes.push({ field: "target_date", op: "range", isNull: false });
    } else if (stp !== "false" && stp !== "False") {
      throw new FilterError(`Invalid value '${stp}' for filter 'start_target_date'`, "invalid_filter_value");
    }
  }

  for (const field of LEGACY_DATE_PARAMS) {
    const v = paramValue(params, field);
    if (v === undefined || v.trim() === "" || v === "null") continue;
    const range = parseDateFilterValue(v, today, field);
    if (range.gte || range.lte) nodes.push({ field, op: "range", ...range });
  }

  for (const field of ["updated_at", "created_at"] as const) {
    const v = paramValue(params, `${field}__gt`);
    if (v === undefined || v.trim() === "") continue;
    const t = v.trim().replace(" ", "+");
    if (!isFilterDateTime(t) && !/^\d{4}-\d{2}-\d{2}$/.test(t)) {
      throw new FilterError(`Invalid value '${v}' for filter '${field}__gt'`, "invalid_filter_value");
    }
    nodes.push({ field, op: "range", gt: t });
  }

  // custom properties (issue #29): custom_property__<id>=a,b,None; a number or date one also within bounds:
  // custom_property__<id>__gte=5, __lte=10, __range=5,10 (blank bounds are open)
  for (const key of Object.keys(params)) {
    if (!key.startsWith("custom_property__")) continue;
    const [id, op] = key.slice("custom_property__".length).split("__", 2);
    const property = id.toLowerCase();
    if (!isFilterUuid(property) || (op !== undefined && !["gte", "lte", "range"].includes(op)))
      throw new FilterError(`Invalid filter '${key}'`, "invalid_filter_field");
    const v = paramValue(params, key);
    if (v === undefined) continue;
    if (op) {
      if (v.trim() === "" || v === "null") continue;
      const [from, to] = op === "range" ? v.split(",") : op === "gte" ? [v, ""] : ["", v];
      const leaf = op === "range" && v.split(",").length !== 2 ? null : propertyRangeLeaf(property, from, to);
      if (!leaf) throw new FilterError(`Invalid value '${v}' for filter '${key}'`, "invalid_filter_value");
      nodes.push(leaf);
      continue;
    }
    const values = propertyFilterValues(v.split(","));
    if (values.length) nodes.push({ field: "custom_property", op: "prop", property, values });
  }

  return andFilterNodes(...nodes);
}

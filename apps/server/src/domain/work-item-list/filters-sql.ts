import { isFilterDate, isFilterLeaf, type FilterLeaf, type FilterNode } from "@stride/shared";
import type { Params } from "./sql.ts";

/**
 * Compile a filter tree (shared/issue-filters) into one SQL condition over `issues i` (with `states s`
 * joined). Relations (assignees, labels, …) become EXISTS semi-joins backed by the (value, issue) indexes.
 */

/** Columns of `issues` for id fields that live on the row. */
const COLUMN: Record<string, string> = {
  state_id: "i.state",
  created_by_id: "i.created_by",
  project_id: "i.project",
  parent_id: "i.parent",
  estimate_point_id: "i.estimate_point",
  type_id: "i.type",
};

/** Join tables for id fields that are relations: table and value column. */
const RELATION: Record<string, { table: string; col: string }> = {
  assignee_id: { table: "issue_assignees", col: "assignee" },
  label_id: { table: "issue_labels", col: "label" },
  mention_id: { table: "issue_mentions", col: "mention" },
  subscriber_id: { table: "issue_subscribers", col: "subscriber" },
  cycle_id: { table: "cycle_issues", col: "cycle" },
};

const DATE_COLUMN: Record<string, { col: string; kind: "date" | "timestamptz" }> = {
  start_date: { col: "i.start_date", kind: "date" },
  target_date: { col: "i.target_date", kind: "date" },
  created_at: { col: "i.created_at", kind: "timestamptz" },
  updated_at: { col: "i.updated_at", kind: "timestamptz" },
  completed_at: { col: "i.completed_at", kind: "timestamptz" },
};

/** `stateScope(alias)` limits a states alias to the list's project(s) (for state-group conditions). */
export function compileFilter(
  node: FilterNode | null,
  q: Params,
  tz: string,
  stateScope: (alias: string) => string,
): string | null {
  if (!node) return null;
  if (isFilterLeaf(node)) return compileLeaf(node, q, tz, stateScope);
  if ("and" in node) {
    const parts = node.and.map((n) => compileFilter(n, q, tz, stateScope)).filter((s): s is string => !!s);
    return parts.length ? `(${parts.join(" AND ")})` : null;
  }
  if ("or" in node) {
    const parts = node.or.map((n) => compileFilter(n, q, tz, stateScope)).filter((s): s is string => !!s);
    return parts.length ? `(${parts.join(" OR ")})` : null;
  }
  const inner = compileFilter(node.not, q, tz, stateScope);
  // NOT over a condition that may be NULL (e.g. a NULL column) must still exclude nothing unknown: treat NULL as false.
  return inner ? `(NOT coalesce(${inner}, false))` : null;
}

function compileLeaf(leaf: FilterLeaf, q: Params, tz: string, stateScope: (alias: string) => string): string {
  switch (leaf.op) {
    case "in":
      return compileIn(leaf, q, stateScope);
    case "range":
      return compileRange(leaf, q, tz);
    case "bool":
      if (leaf.field === "is_archived") return leaf.value ? `i.archived_at IS NOT NULL` : `i.archived_at IS NULL`;
      return `i.is_draft = ${leaf.value ? "true" : "false"}`;
    case "prop": {
      // a custom property (issue #29): any of the values, or (null) no value; read from the values kept on the row
      const pid = q.p(leaf.property, "text");
      const vals = leaf.values.filter((v): v is string => v !== null);
      const parts: string[] = [];
      if (vals.length) parts.push(`(i.property_values -> ${pid}) ?| ${q.p(vals, "text[]")}`);
      if (leaf.values.includes(null)) parts.push(`NOT (i.property_values ? ${pid})`);
      return parts.length === 1 ? parts[0] : `(${parts.join(" OR ")})`;
    }
    case "prop_range": {
      // a number or date custom property within bounds (issue #29): its (single) value, as a number or a date
      const v = `(i.property_values -> ${q.p(leaf.property, "text")} ->> 0)`;
      const parts: string[] = [];
      if (leaf.kind === "number") {
        const n = `(CASE WHEN ${v} ~ '^-?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?$' THEN ${v}::numeric END)`;
        if (leaf.gte !== undefined) parts.push(`${n} >= ${q.p(leaf.gte, "numeric")}`);
        if (leaf.lte !== undefined) parts.push(`${n} <= ${q.p(leaf.lte, "numeric")}`);
      } else {
        const d = `(CASE WHEN ${v} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN ${v} END)`;
        if (leaf.gte !== undefined) parts.push(`${d} >= ${q.p(leaf.gte, "text")}`);
        if (leaf.lte !== undefined) parts.push(`${d} <= ${q.p(leaf.lte, "text")}`);
      }
      return parts.length === 1 ? parts[0] : `(${parts.join(" AND ")})`;
    }
    case "icontains": {
      const escaped = leaf.value.replace(/[\\%_]/g, (c) => "\\" + c);
      return `i.name ILIKE ${q.p("%" + escaped + "%", "text")}`;
    }
  }
}

/** Any of the ids (or values), or (null) none: a column of the row, a state group, or a relation's semi-join. */
function compileIn(leaf: Extract<FilterLeaf, { op: "in" }>, q: Params, stateScope: (alias: string) => string): string {
  const ids = leaf.values.filter((v): v is string => v !== null);
  const wantsNull = leaf.values.includes(null);
  const parts: string[] = [];
  if (leaf.field === "state_group") {
    const a = q.alias("sg");
    if (ids.length)
      parts.push(
        `i.state = ANY (ARRAY(SELECT ${a}.id FROM states ${a} WHERE ${stateScope(a)} AND ${a}."group" = ANY(${q.p(ids, "text[]")})))`,
      );
    if (wantsNull) parts.push(`i.state IS NULL`);
  } else if (leaf.field === "priority") {
    if (ids.length) parts.push(`i.priority = ANY(${q.p(ids, "text[]")})`);
    if (wantsNull) parts.push(`i.priority = 'none'`);
  } else if (leaf.field === "module_id") {
    // the item's live modules, kept on its row (db/sql/issue-list-attrs.sql): what its module groups show, and what
    // the web's local database holds (an archived module is no group, nor a filter match: docs/decisions.md)
    if (ids.length) parts.push(`i.module_ids && ${q.p(ids, "uuid[]")}`);
    if (wantsNull) parts.push(`cardinality(i.module_ids) = 0`);
  } else if (COLUMN[leaf.field]) {
    const col = COLUMN[leaf.field];
    if (ids.length === 1) parts.push(`${col} = ${q.p(ids[0], "uuid")}`);
    else if (ids.length) parts.push(`${col} = ANY(${q.p(ids, "uuid[]")})`);
    if (wantsNull) parts.push(`${col} IS NULL`);
  } else {
    const rel = RELATION[leaf.field];
    const a = q.alias("f");
    if (ids.length === 1)
      parts.push(
        `EXISTS (SELECT 1 FROM ${rel.table} ${a} WHERE ${a}.issue = i.id AND ${a}.${rel.col} = ${q.p(ids[0], "uuid")})`,
      );
    else if (ids.length)
      parts.push(
        `EXISTS (SELECT 1 FROM ${rel.table} ${a} WHERE ${a}.issue = i.id AND ${a}.${rel.col} = ANY(${q.p(ids, "uuid[]")}))`,
      );
    if (wantsNull) parts.push(`NOT EXISTS (SELECT 1 FROM ${rel.table} ${a}n WHERE ${a}n.issue = i.id)`);
  }
  return parts.length === 1 ? parts[0] : `(${parts.join(" OR ")})`;
}

/** A date field within bounds (a date-only bound on a timestamp is the whole day in the viewer's zone), or (not) unset. */
function compileRange(leaf: Extract<FilterLeaf, { op: "range" }>, q: Params, tz: string): string {
  const { col, kind } = DATE_COLUMN[leaf.field];
  const parts: string[] = [];
  if (leaf.isNull === true) parts.push(`${col} IS NULL`);
  if (leaf.isNull === false) parts.push(`${col} IS NOT NULL`);
  const bound = (value: string, side: "gte" | "lte" | "gt") => {
    const dateOnly = isFilterDate(value);
    if (kind === "date") {
      const v = q.p(value.slice(0, 10), "date");
      return side === "gte" ? `${col} >= ${v}` : side === "lte" ? `${col} <= ${v}` : `${col} > ${v}`;
    }
    if (!dateOnly) {
      const v = q.p(value, "timestamptz");
      return side === "gte" ? `${col} >= ${v}` : side === "lte" ? `${col} <= ${v}` : `${col} > ${v}`;
    }
    // a whole day in the viewer's time zone
    const zone = q.p(tz, "text");
    const start = (d: string) => `((${q.p(d, "date")})::timestamp AT TIME ZONE ${zone})`;
    const next = (d: string) => `((${q.p(d, "date")} + 1)::timestamp AT TIME ZONE ${zone})`;
    return side === "gte"
      ? `${col} >= ${start(value)}`
      : side === "lte"
        ? `${col} < ${next(value)}`
        : `${col} >= ${next(value)}`;
  };
  if (leaf.gte) parts.push(bound(leaf.gte, "gte"));
  if (leaf.lte) parts.push(bound(leaf.lte, "lte"));
  if (leaf.gt) parts.push(bound(leaf.gt, "gt"));
  return parts.length ? `(${parts.join(" AND ")})` : "true";
}

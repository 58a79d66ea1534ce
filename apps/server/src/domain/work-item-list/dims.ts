import { customPropertyId, type BuiltinGroupByField, type GroupByField, type OrderBy } from "@stride/shared";
import type { Params } from "./sql.ts";

/**
 * How each order_by and group_by field reads from `issues i`.
 */

/** Scope of the pre-aggregations used for ordering by counts and names of many. */
export interface AggScope {
  /** SQL condition on a join table alias `x` limiting rows to the list's project(s)/workspace. */
  onJoin: (alias: string) => string;
  /** The rows keep their relations as id arrays (workspace drafts), not in join tables: read from the arrays. */
  rowRelations?: boolean;
}

export interface OrderDim {
  /** The sort value expression. */
  expr: string;
  /** FROM additions needed by `expr` (joins). */
  joins: string;
  /** CTEs (name AS MATERIALIZED (...)) the joins refer to. */
  ctes: string[];
  desc: boolean;
  /** The value may be NULL (then NULLS LAST is spelled out; for NOT NULL values it is left off so backward index scans match). */
  nullable: boolean;
  /** The value is created_at itself (no created_at tie-break needed). */
  isCreatedAt?: boolean;
}

const PRIORITY_RANK_SQL = `(CASE i.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END)`;
const STATE_GROUP_RANK_SQL = `(CASE os."group" WHEN 'backlog' THEN 0 WHEN 'unstarted' THEN 1 WHEN 'started' THEN 2 WHEN 'completed' THEN 3 WHEN 'cancelled' THEN 4 END)`;

/** A custom property id as a SQL literal (checked to be a uuid by the parser: nothing else reaches here). */
function propertyLiteral(field: string): string {
  const id = customPropertyId(field);
  if (!id) throw new Error(`not a custom property key: ${field}`);
  return `'${id}'`;
}

const NUMERIC_RE = `'^-?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?$'`;
const UUID_RE = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/**
 * Ordering by a custom property (issue #29) by its first value: an option by the options' order, a number by its
 * value, a member by the name people see (full name, else display name; as the web shows it), anything else (text,
 * dates as YYYY-MM-DD, booleans, URLs) by its text. Items without a value last.
 */
function customOrderDim(order: OrderBy): OrderDim {
  const pid = propertyLiteral(order.field);
  const v = `ocp.v`;
  const uuid = `CASE WHEN ${v} ~ ${UUID_RE} THEN ${v}::uuid END`;
  const member = `(SELECT lower(coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.display_name)) FROM users u WHERE u.id = ${uuid})`;
  return {
    expr: `ROW((SELECT o.sort_order FROM issue_property_options o WHERE o.id = ${uuid}), CASE WHEN ${v} ~ ${NUMERIC_RE} THEN ${v}::numeric END, ${member}, lower(${v}))`,
    joins: `LEFT JOIN LATERAL (SELECT i.property_values -> ${pid} ->> 0 AS v) ocp ON true`,
    ctes: [],
    desc: order.desc,
    nullable: true,
  };
}

/** Orders read straight off the item's row: the expression, and whether it may be null (counts: db/sql/issue-list-attrs.sql). */
const ROW_ORDERS: Record<string, [expr: string, nullable?: boolean]> = {
  sort_order: ["i.sort_order"],
  updated_at: ["i.updated_at"],
  start_date: ["i.start_date", true],
  target_date: ["i.target_date", true],
  sequence_id: ["i.sequence_id"],
  name: ["lower(i.name)"],
  priority: [PRIORITY_RANK_SQL],
  link_count: ["i.link_count"],
  attachment_count: ["i.attachment_count"],
  sub_issues_count: ["i.sub_issues_count"],
};

export function orderDim(order: OrderBy, scope: AggScope): OrderDim {
  if (order.field.startsWith("custom_property__")) return customOrderDim(order);
  const simple = (expr: string, nullable = false): OrderDim => ({
    expr,
    joins: "",
    ctes: [],
    desc: order.desc,
    nullable,
  });
  const joined = (expr: string, joins: string): OrderDim => ({
    expr,
    joins,
    ctes: [],
    desc: order.desc,
    nullable: true,
  });
  const row = Object.hasOwn(ROW_ORDERS, order.field) ? ROW_ORDERS[order.field] : undefined;
  if (row) return simple(row[0], row[1]);
  switch (order.field) {
    case "created_at":
      return { ...simple("i.created_at"), isCreatedAt: true };
    case "state__name":
      return joined("os.name", "LEFT JOIN states os ON os.id = i.state");
    case "state__group":
      return joined(STATE_GROUP_RANK_SQL, "LEFT JOIN states os ON os.id = i.state");
    case "issue_cycle__cycle__name":
      return joined("ocy.name", "LEFT JOIN cycles ocy ON ocy.id = i.cycle_id");
    case "estimate_point__key":
      return joined("oep.key", "LEFT JOIN estimate_points oep ON oep.id = i.estimate_point");
    case "type__name":
      return joined("oty.name", "LEFT JOIN issue_types oty ON oty.id = i.type");
    case "assignees__first_name":
      if (scope.rowRelations)
        return joined("(SELECT min(u.first_name) FROM users u WHERE u.id = ANY(i.assignee_ids))", "");
      return agg(
        `SELECT x.issue, min(u.first_name) AS v FROM issue_assignees x JOIN users u ON u.id = x.assignee WHERE ${scope.onJoin("x")} GROUP BY x.issue`,
      );
    case "labels__name":
      if (scope.rowRelations) return joined("(SELECT min(l.name) FROM labels l WHERE l.id = ANY(i.label_ids))", "");
      return agg(
        `SELECT x.issue, min(l.name) AS v FROM issue_labels x JOIN labels l ON l.id = x.label WHERE ${scope.onJoin("x")} GROUP BY x.issue`,
      );
    case "issue_module__module__name":
      // live modules only, as the item's row shows them (an archived module is no group either)
      if (scope.rowRelations)
        return joined(
          "(SELECT min(m.name) FROM modules m WHERE m.id = ANY(i.module_ids) AND m.archived_at IS NULL)",
          "",
        );
      return agg(
        `SELECT x.issue, min(m.name) AS v FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE ${scope.onJoin("x")} GROUP BY x.issue`,
      );
  }
  throw new Error(`unknown order field ${order.field}`);

  function agg(body: string): OrderDim {
    return {
      expr: "oagg.v",
      joins: "LEFT JOIN oagg ON oagg.issue = i.id",
      ctes: [`oagg AS MATERIALIZED (${body})`],
      desc: order.desc,
      nullable: true,
    };
  }
}

/** ORDER BY text for an order dim, with nulls last and the -created_at tie-break (then id, for a stable order). */
export function orderSql(
  o: { desc: boolean; nullable: boolean; isCreatedAt?: boolean },
  value: string,
  createdAt: string,
  id: string,
): string {
  const first = `${value} ${o.desc ? "DESC" : "ASC"}${o.nullable ? " NULLS LAST" : ""}`;
  return o.isCreatedAt ? `${first}, ${id} DESC` : `${first}, ${createdAt} DESC, ${id} DESC`;
}

export interface GroupDim {
  field: GroupByField;
  multi: boolean;
  /** FROM addition for the totals query (may add one row per value). */
  join: (alias: string) => string;
  /** Value expression in the totals query. */
  expr: (alias: string) => string;
  /** Condition restricting `i` to the group `ref` (a non-null key); `stateScope` limits a states alias to the list. */
  match: (ref: string, alias: string, stateScope: (alias: string) => string) => string;
  /** Condition restricting `i` to the "None" group. */
  none: (alias: string) => string;
  /** Prefilled keys (ordered), as SQL returning a json array of text, or null when only present keys are listed. */
  prefill: ((q: Params, ctx: PrefillScope) => string) | null;
  /** SQL type of the key (for casting in the lateral). */
  type: string;
  /** The key over the trigger-kept counters `issue_list_counts c` (db/sql/issue-list-counts.sql), when they have it. */
  counted?: { join: (alias: string) => string; expr: (alias: string) => string };
}

export interface PrefillScope {
  /** SQL condition limiting a project id column (e.g. `t.project`) to the list's projects. */
  projects: (col: string) => string;
}

const relationDim = (field: GroupByField, table: string, col: string, multi: boolean): GroupDim => ({
  field,
  multi,
  join: (a) => `LEFT JOIN ${table} ${a} ON ${a}.issue = i.id`,
  expr: (a) => `${a}.${col}`,
  match: (ref, a) => `EXISTS (SELECT 1 FROM ${table} ${a}m WHERE ${a}m.issue = i.id AND ${a}m.${col} = ${ref})`,
  none: (a) => `NOT EXISTS (SELECT 1 FROM ${table} ${a}n WHERE ${a}n.issue = i.id)`,
  prefill: null,
  type: "uuid",
});

const columnDim = (field: GroupByField, col: string, type: string, prefill: GroupDim["prefill"]): GroupDim => ({
  field,
  multi: false,
  join: () => "",
  expr: () => col,
  match: (ref) => `${col} = ${ref}`,
  none: () => `${col} IS NULL`,
  prefill,
  type,
});

const NIL = "'00000000-0000-0000-0000-000000000000'::uuid";

export const GROUP_DIMS: Record<BuiltinGroupByField, GroupDim> = {
  state_id: {
    ...columnDim(
      "state_id",
      "i.state",
      "uuid",
      (_q, ctx) =>
        `(SELECT coalesce(json_agg(t.id::text ORDER BY t.sequence, t.name), '[]'::json) FROM states t WHERE ${ctx.projects("t.project")} AND t."group" <> 'triage')`,
    ),
    counted: { join: () => "", expr: () => `NULLIF(c.state, ${NIL})` },
  },
  state__group: {
    ...columnDim(
      "state__group",
      `gs."group"`,
      "text",
      () => `'["backlog","unstarted","started","completed","cancelled"]'::json`,
    ),
    join: (a) => `LEFT JOIN states ${a}s ON ${a}s.id = i.state`,
    expr: (a) => `${a}s."group"`,
    match: (ref, a, scope) =>
      `i.state = ANY (ARRAY(SELECT ${a}s.id FROM states ${a}s WHERE ${scope(`${a}s`)} AND ${a}s."group" = ${ref}))`,
    none: () => `i.state IS NULL`,
    counted: { join: (a) => `LEFT JOIN states ${a}s ON ${a}s.id = c.state`, expr: (a) => `${a}s."group"` },
  },
  priority: {
    ...columnDim("priority", "i.priority", "text", () => `'["urgent","high","medium","low","none"]'::json`),
    counted: { join: () => "", expr: () => "c.priority" },
  },
  created_by: columnDim("created_by", "i.created_by", "uuid", null),
  project_id: columnDim(
    "project_id",
    "i.project",
    "uuid",
    (_q, ctx) =>
      `(SELECT coalesce(json_agg(t.id::text ORDER BY t.name), '[]'::json) FROM projects t WHERE ${ctx.projects("t.id")})`,
  ),
  target_date: columnDim("target_date", "i.target_date", "date", null),
  // the item's cycle is kept on its row (db/sql/issue-list-attrs.sql)
  cycle_id: {
    ...columnDim("cycle_id", "i.cycle_id", "uuid", null),
    prefill: (_q, ctx) =>
      `(SELECT coalesce(json_agg(t.id::text ORDER BY t.created_at DESC), '[]'::json)::jsonb || '["None"]'::jsonb FROM cycles t WHERE ${ctx.projects("t.project")} AND t.archived_at IS NULL)`,
  },
  labels__id: relationDim("labels__id", "issue_labels", "label", true),
  assignees__id: relationDim("assignees__id", "issue_assignees", "assignee", true),
  // the item's live modules are kept on its row (db/sql/issue-list-attrs.sql), so an archived module is no group;
  // every live module of the list's projects is a group (by name), then "None"
  issue_module__module_id: {
    field: "issue_module__module_id",
    multi: true,
    join: (a) => `LEFT JOIN LATERAL unnest(i.module_ids) AS ${a}(module) ON true`,
    expr: (a) => `${a}.module`,
    match: (ref) => `${ref} = ANY(i.module_ids)`,
    none: () => `cardinality(i.module_ids) = 0`,
    type: "uuid",
    prefill: (_q, ctx) =>
      `(SELECT coalesce(json_agg(t.id::text ORDER BY t.name, t.id), '[]'::json)::jsonb || '["None"]'::jsonb FROM modules t WHERE ${ctx.projects("t.project")} AND t.archived_at IS NULL)`,
  },
};

/**
 * Grouping by a custom property (issue #29): an item sits in the group of each of its values (one for single-valued
 * kinds), read from the values kept on its row (`issues.property_values`); an option property's groups are its
 * options in order (then "None"), other kinds' the values present.
 */
function customGroupDim(field: GroupByField): GroupDim {
  const pid = propertyLiteral(field);
  return {
    field,
    multi: true,
    join: (a) => `LEFT JOIN LATERAL jsonb_array_elements_text(i.property_values -> ${pid}) AS ${a}(v) ON true`,
    expr: (a) => `${a}.v`,
    match: (ref) => `(i.property_values -> ${pid}) ? ${ref}`,
    none: () => `NOT (i.property_values ? ${pid})`,
    type: "text",
    prefill: () =>
      `(SELECT coalesce(json_agg(t.id::text ORDER BY t.sort_order, t.created_at), '[]'::json)::jsonb || '["None"]'::jsonb FROM issue_property_options t WHERE t.property = ${pid}::uuid)`,
  };
}

/** A many-valued grouping over an id array kept on the row (an item's modules; a workspace draft's labels and assignees). */
const arrayDim = (field: GroupByField, col: string): GroupDim => ({
  field,
  multi: true,
  join: (a) => `LEFT JOIN LATERAL unnest(${col}) AS ${a}(v) ON true`,
  expr: (a) => `${a}.v`,
  match: (ref) => `${ref} = ANY(${col})`,
  none: () => `cardinality(${col}) = 0`,
  type: "uuid",
  prefill: null,
});

/** Labels and assignees of rows that keep them as arrays (`AggScope.rowRelations`). */
const ROW_ARRAY_DIMS: Partial<Record<GroupByField, GroupDim>> = {
  labels__id: arrayDim("labels__id", "i.label_ids"),
  assignees__id: arrayDim("assignees__id", "i.assignee_ids"),
};

/** The dimension of a grouping: a built-in one, or a custom property's; `rowRelations`: see AggScope. */
export function groupDim(field: GroupByField, rowRelations = false): GroupDim {
  if (field.startsWith("custom_property__")) return customGroupDim(field);
  return (rowRelations && ROW_ARRAY_DIMS[field]) || GROUP_DIMS[field as BuiltinGroupByField];
}

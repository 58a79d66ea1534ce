import type { WorkItemCore } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { contextSql, NIL_UUID, type ContextSql, type CountsScope } from "./context.ts";
import { compileFilter } from "./filters-sql.ts";
import { groupDim, orderDim, orderSql, type GroupDim, type OrderDim } from "./dims.ts";
import { isoExpr, Params } from "./sql.ts";
import { JsonText } from "./json-text.ts";
import { shapeResult } from "./shape.ts";
import type { BuiltQuery, Item, ListRequest, ListResult, PageMeta, PageRows } from "./types.ts";
import { itemReadableSql } from "../../http/readable.ts";

/**
 * The one work-item list engine (wire-facts §6.1). Every list context (project, epics, archived, drafts,
 * cycle, module, global views, profile tabs, specific ids, v2 sync) goes through `listWorkItems`, which runs
 * ONE SQL statement per page (one snapshot):
 * - ungrouped: count + ordered page;
 * - grouped / sub-grouped: per-group totals (GROUP BY / GROUPING SETS) and, for each group with rows on
 *   this page, a LATERAL top-N in the requested order (per-group pagination), so a page never sorts
 *   the whole list;
 * - the counts of a project's unfiltered lists (and of its pages grouped by state, state group or priority)
 *   come from counters kept by triggers (issue_list_counts), not from counting the items;
 * - an item is one row of `issues`: what it shows of its relations (assignee, label and module ids, cycle,
 *   link, attachment and sub-item counts) is kept on the row by triggers (db/sql/issue-list-attrs.sql);
 * - the statement returns plain columns, one row per item, which become the wire objects in one pass here
 *   (no JSON built in PostgreSQL and parsed again in Node), or, for a response body (`listWorkItemsJson`), each item's
 *   JSON text printed straight from the row's values (no object built and stringified).
 * Its types are types.ts's; a page is shaped for the wire (groups, envelope) by shape.ts.
 */
export type { BuiltQuery, Item, ItemShape, ListRequest, ListResult, PageMeta, PageRows } from "./types.ts";
export { listEnvelope, shapeResult } from "./shape.ts";

/** What every page statement of a list is made of. */
interface QueryParts {
  req: ListRequest;
  q: Params;
  tz: string;
  ctx: ContextSql;
  /** the filter's condition, if any */
  f: string | null;
  od: OrderDim;
  order: string;
  whereSql: string;
  from: string;
  rowKey: string;
  limit: string;
  offset: string;
  ctes: string[];
  /** the counters the list counts from (a project's unfiltered lists), else null */
  counted: CountsScope | null;
  countWhere: string;
}

export function buildListQuery(req: ListRequest): BuiltQuery {
  const q = new Params();
  const tz = req.viewer.timezone;
  const ctx = contextSql(req.context, req.viewer, q);
  const where = [...ctx.where];
  const f = compileFilter(req.filter, q, tz, ctx.stateScope, !!ctx.agg.rowRelations);
  if (f) where.push(f);
  if (req.parentless) where.push("i.parent IS NULL");
  const { from, rowKey } = rowSource(ctx);
  const od = orderDim(req.order, ctx.agg);
  // Unfiltered lists of a project count from the trigger-kept counters (db/sql/issue-list-counts.sql).
  const counted = !f && ctx.counts ? ctx.counts : null;
  const x: QueryParts = {
    req,
    q,
    tz,
    ctx,
    f: f || null,
    od,
    order: orderSql(od, od.expr, "i.created_at", "i.id"),
    whereSql: where.join(" AND "),
    from,
    rowKey,
    limit: q.p(req.page.perPage, "int"),
    offset: q.p(req.page.offset, "int"),
    ctes: [...(ctx.source?.ctes ?? []), ...od.ctes],
    counted,
    countWhere: counted ? countsWhere(counted, !!req.parentless) : "",
  };

  const g = req.groupBy ? groupDim(req.groupBy, ctx.agg.rowRelations) : null;
  const sg = g && req.subGroupBy ? groupDim(req.subGroupBy, ctx.agg.rowRelations) : null;
  if (!g) return ungroupedQuery(x);

  const { ctes, offset } = x;
  ctes.push(totalsCte(x, g, sg));
  const finest = sg ? 0 : 1;
  ctes.push(`keys AS MATERIALIZED (SELECT g, sg FROM tot WHERE lvl = ${finest} AND n > ${offset})`);
  ctes.push(groupPagesCte(x, g, sg));

  const pre = (dim: GroupDim | null) => (dim && dim.prefill ? dim.prefill(q, ctx.prefill) : "NULL::json");
  const meta = `json_build_object('totals', (SELECT coalesce(json_agg(json_build_array(g::text, sg::text, n, lvl)), '[]'::json) FROM tot), 'pre_g', ${pre(g)}, 'pre_sg', ${pre(sg)})`;
  return {
    text: `WITH ${ctes.join(",\n")}\n${pageSelect(req, q, tz, od, meta, true, ctx.source?.table)}`,
    values: q.values,
    grouped: true,
  };
}

/** An ungrouped page: the count and the ordered page. */
function ungroupedQuery(x: QueryParts): BuiltQuery {
  const { req, q, tz, ctx, f, od, order, whereSql, from, rowKey, limit, offset, ctes, counted, countWhere } = x;
  let total: string;
  if (f) {
    // A filter applies: find the matching rows once, then count them and take the page from them.
    ctes.push(
      `base AS MATERIALIZED (SELECT i.id, ${rowKey} AS _t, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${whereSql})`,
    );
    ctes.push(
      `pg AS (SELECT b.id, b._t, NULL::text AS _g, NULL::text AS _sg, b._o, b._c FROM base b ORDER BY ${orderSql(od, "b._o", "b._c", "b.id")} LIMIT ${limit} OFFSET ${offset})`,
    );
    total = "(SELECT count(*) FROM base)::int";
  } else {
    // No filter: the count is read from the counters (else an index-only scan) and the page is an ordered
    // index scan that stops early.
    ctes.push(
      `pg AS (SELECT i.id, ${rowKey} AS _t, NULL::text AS _g, NULL::text AS _sg, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`,
    );
    total = counted
      ? `(SELECT coalesce(sum(c.n), 0) FROM issue_list_counts c WHERE ${countWhere})::int`
      : `(SELECT count(*) FROM ${from} WHERE ${whereSql})::int`;
  }
  const meta = `json_build_object('total', ${total})`;
  return {
    text: `WITH ${ctes.join(",\n")}\n${pageSelect(req, q, tz, od, meta, false, ctx.source?.table)}`,
    values: q.values,
    grouped: false,
  };
}

/** The `tot` CTE: the totals per group (and per sub-group), from the counters when they hold them. */
function totalsCte(x: QueryParts, g: GroupDim, sg: GroupDim | null): string {
  const { counted, countWhere, from, whereSql } = x;
  const gCount = counted && g.counted && (!sg || sg.counted) ? g.counted : null;
  if (gCount) {
    // from the counters: a few rows per state and priority, whatever the number of items
    const sgCount = sg ? sg.counted! : null;
    const joins = [gCount.join("cg"), sgCount ? sgCount.join("csg") : ""].join(" ");
    const gx = gCount.expr("cg");
    if (!sgCount) {
      return `tot AS (SELECT ${gx} AS g, NULL::text AS sg, sum(c.n)::int AS n, 1 AS lvl FROM issue_list_counts c ${joins} WHERE ${countWhere} GROUP BY 1 HAVING sum(c.n) > 0)`;
    } else {
      const sgx = sgCount.expr("csg");
      return `tot AS (SELECT ${gx} AS g, ${sgx} AS sg, sum(c.n)::int AS n, GROUPING(${sgx}) AS lvl FROM issue_list_counts c ${joins} WHERE ${countWhere} GROUP BY GROUPING SETS ((${gx}, ${sgx}), (${gx})) HAVING sum(c.n) > 0)`;
    }
  } else {
    const gExpr = g.expr("gj");
    const sgExpr = sg ? sg.expr("sj") : null;
    const totJoins = `${g.join("gj")} ${sg ? sg.join("sj") : ""}`;
    if (!sg) {
      return `tot AS (SELECT ${gExpr} AS g, NULL::text AS sg, count(*)::int AS n, 1 AS lvl FROM ${from} ${totJoins} WHERE ${whereSql} GROUP BY 1)`;
    } else {
      const groupCount = sg.multi ? "count(DISTINCT i.id)" : "count(*)";
      return `tot AS (SELECT ${gExpr} AS g, ${sgExpr} AS sg, (CASE WHEN GROUPING(${sgExpr}) = 1 THEN ${groupCount} ELSE count(*) END)::int AS n, GROUPING(${sgExpr}) AS lvl FROM ${from} ${totJoins} WHERE ${whereSql} GROUP BY GROUPING SETS ((${gExpr}, ${sgExpr}), (${gExpr})))`;
    }
  }
}

/** The `pg` CTE: for each group with rows on this page, its top-N in the list's order (per-group pagination). */
function groupPagesCte(x: QueryParts, g: GroupDim, sg: GroupDim | null): string {
  const { ctx, od, order, whereSql, from, rowKey, limit, offset } = x;
  // one branch per null/non-null combination, each gated on the key so only one runs per group
  const branches: string[] = [];
  const combos: [boolean, boolean][] = sg
    ? [
        [false, false],
        [false, true],
        [true, false],
        [true, true],
      ]
    : [
        [false, false],
        [true, false],
      ];
  for (const [gNull, sgNull] of combos) {
    const conds = [whereSql];
    conds.push(
      gNull ? `k.g IS NULL AND ${g.none("ga")}` : `k.g IS NOT NULL AND ${g.match("k.g", "ga", ctx.stateScope)}`,
    );
    if (sg)
      conds.push(
        sgNull ? `k.sg IS NULL AND ${sg.none("sa")}` : `k.sg IS NOT NULL AND ${sg.match("k.sg", "sa", ctx.stateScope)}`,
      );
    branches.push(
      `(SELECT i.id, ${rowKey} AS _t, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${conds.join(" AND ")} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`,
    );
  }
  return `pg AS (SELECT x.id, x._t, k.g::text AS _g, k.sg::text AS _sg, x._o, x._c FROM keys k CROSS JOIN LATERAL (${branches.join(" UNION ALL ")}) x)`;
}

/** The rows: `issues` (found again by ctid), or a context's own source (workspace drafts: a CTE, found by id). */
function rowSource(ctx: ContextSql): { from: string; rowKey: string } {
  return { from: `${ctx.source?.table ?? "issues"} i ${ctx.joins}`, rowKey: ctx.source ? "i.id" : "i.ctid" };
}

/** The counters' rows of the list: its project, epics or not, sub-items or not, and no triage state. */
function countsWhere(c: CountsScope, parentless: boolean): string {
  return [
    `c.project = ${c.project}`,
    `c.is_epic = ${c.epics ? "true" : "false"}`,
    parentless ? "c.is_sub = false" : "",
    `(c.state = '${NIL_UUID}' OR c.state <> ALL (ARRAY(SELECT tr.id FROM states tr WHERE tr.project = ${c.project} AND tr."group" = 'triage')))`,
  ]
    .filter(Boolean)
    .join(" AND ");
}

/** How a column of an item row becomes its wire value. */
type Conv = "float" | "ids";

interface ItemCol {
  key: string;
  sql: string;
  conv?: Conv;
  /** How `readRowsJson` prints the value: a string needing no escapes ("s": uuid, ISO time, date), any text ("t"),
   *  a number or boolean (default), the conversion's value (`conv`) or a jsonb value ("detail" only: not printed). */
  enc?: "s" | "t";
}

/** The wire fields of an item (wire-facts §6.1) in wire order, as SQL over `issues i` and `states s`. */
function itemCols(req: ListRequest, q: Params, tz: string): ItemCol[] {
  const shape = req.shape ?? "list";
  // the rows' ids only: a context whose items its own presenter presents (workspace drafts)
  if (shape === "ids") return [{ key: "id", sql: "i.id", enc: "s" }];
  const iso = (c: string) => isoExpr(c, tz, q);
  // every field of the contract's list item (a missing or misspelled one is a type error)
  const core: Record<keyof WorkItemCore, Omit<ItemCol, "key">> = {
    id: { sql: "i.id", enc: "s" },
    name: { sql: "i.name", enc: "t" },
    state_id: { sql: "i.state", enc: "s" },
    sort_order: { sql: "i.sort_order", conv: "float" },
    completed_at: { sql: iso("i.completed_at"), enc: "s" },
    estimate_point: { sql: "i.estimate_point", enc: "s" },
    priority: { sql: "i.priority", enc: "t" },
    start_date: { sql: "i.start_date::text", enc: "s" },
    target_date: { sql: "i.target_date::text", enc: "s" },
    sequence_id: { sql: "i.sequence_id" },
    project_id: { sql: "i.project", enc: "s" },
    parent_id: { sql: "i.parent", enc: "s" },
    cycle_id: { sql: "i.cycle_id", enc: "s" },
    sub_issues_count: { sql: "i.sub_issues_count" },
    created_at: { sql: iso("i.created_at"), enc: "s" },
    updated_at: { sql: iso("i.updated_at"), enc: "s" },
    created_by: { sql: "i.created_by", enc: "s" },
    updated_by: { sql: "i.updated_by", enc: "s" },
    attachment_count: { sql: "i.attachment_count" },
    link_count: { sql: "i.link_count" },
    is_draft: { sql: "i.is_draft" },
    archived_at: { sql: "i.archived_at::text", enc: "s" },
    type_id: { sql: "i.type", enc: "s" },
    // custom property values (kept on the row: db/sql/issue-property-values.sql), a jsonb object the driver parses
    property_values: { sql: "i.property_values", enc: "t" },
    // id arrays travel as comma-separated text: splitting it is far cheaper than the driver's array parser
    assignee_ids: { sql: "array_to_string(i.assignee_ids, ',')", conv: "ids" },
    label_ids: { sql: "array_to_string(i.label_ids, ',')", conv: "ids" },
    module_ids: { sql: "array_to_string(i.module_ids, ',')", conv: "ids" },
  };
  // in wire order: `state__group` (lists only) comes before the three id arrays
  const { assignee_ids, label_ids, module_ids, ...scalars } = core;
  const cols: ItemCol[] = Object.entries(scalars).map(([key, c]) => ({ key, ...c }));
  if (shape === "list" || shape === "sync" || shape === "create")
    cols.push({ key: "state__group", sql: `s."group"`, enc: "t" });
  cols.push(
    { key: "assignee_ids", ...assignee_ids },
    { key: "label_ids", ...label_ids },
    { key: "module_ids", ...module_ids },
  );
  if (shape === "create") cols.push({ key: "deleted_at", sql: iso("i.deleted_at"), enc: "s" });
  if (shape === "sync" && req.description) cols.push({ key: "description_html", sql: "i.description_html", enc: "t" });
  if (shape === "detail") {
    const relFields = (alias: string) =>
      `'id', ${alias}.id, 'project_id', ${alias}.project, 'sequence_id', ${alias}.sequence_id, 'name', ${alias}.name, 'relation_type', r.relation_type, 'state_id', ${alias}.state, 'priority', ${alias}.priority, 'created_by', r.created_by, 'created_at', ${iso("r.created_at")}, 'updated_at', ${iso("r.updated_at")}, 'updated_by', r.updated_by`;
    // related items of other projects only when the viewer may read them (core/readable.ts)
    const readable = itemReadableSql("ri", q.p(req.viewer.userId, "uuid"));
    cols.push(
      {
        key: "issue_relation",
        sql: `coalesce((SELECT jsonb_agg(jsonb_build_object(${relFields("ri")}) ORDER BY r.created_at) FROM issue_relations r JOIN issues ri ON ri.id = r.related_issue AND ri.deleted_at IS NULL WHERE r.issue = i.id AND ${readable}), '[]'::jsonb)`,
      },
      {
        key: "issue_related",
        sql: `coalesce((SELECT jsonb_agg(jsonb_build_object(${relFields("ri")}) ORDER BY r.created_at) FROM issue_relations r JOIN issues ri ON ri.id = r.issue AND ri.deleted_at IS NULL WHERE r.related_issue = i.id AND ${readable}), '[]'::jsonb)`,
      },
    );
    // a detail item is one jsonb object on the wire: PostgreSQL's jsonb key order (shorter keys first, then bytewise)
    cols.sort((a, b) => a.key.length - b.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  return cols;
}

/** Columns of a page row before the item's own: the row kind (0: the meta row, n: the page's n-th item), group keys, meta. */
const LEAD = 4;

/**
 * The statement's result: one meta row (totals, group keys known in advance) and one row per item of the page,
 * numbered in page order; the item's fields are plain columns, turned into wire objects by `readRows`.
 */
function pageSelect(
  req: ListRequest,
  q: Params,
  tz: string,
  od: OrderDim,
  meta: string,
  grouped: boolean,
  source?: string,
): string {
  const cols = itemCols(req, q, tz);
  return `SELECT 0::bigint AS k, NULL::text AS _g, NULL::text AS _sg, ${meta} AS meta${cols.map(() => ", NULL").join("")}
UNION ALL
SELECT n.k, n._g, n._sg, NULL${cols.map((c) => `, ${c.sql}`).join("")}
FROM (SELECT pg._t, pg._g, pg._sg, row_number() OVER (ORDER BY ${grouped ? "pg._g, pg._sg, " : ""}${orderSql(od, "pg._o", "pg._c", "pg.id")}) AS k FROM pg) n
${source ? `JOIN ${source} i ON i.id = n._t` : "JOIN issues i ON i.ctid = n._t"} LEFT JOIN states s ON s.id = i.state`;
}

/** A column's wire value: a float8 as PostgreSQL's JSON carries it (non-finite values are strings: "Infinity",
 *  "-Infinity", "NaN"); ids from their comma-separated text. */
function convert(conv: Conv, v: unknown): unknown {
  if (conv === "ids") return v ? (v as string).split(",") : [];
  return typeof v === "number" && !Number.isFinite(v) ? String(v) : v;
}

/** Rows of a page statement → its meta row and, in page order, `item(row)` with the row's group and sub-group key. */
function readPage<T>(rows: unknown[][], item: (row: unknown[]) => T): PageRows<T> {
  let meta: PageMeta = {};
  const count = Math.max(rows.length - 1, 0);
  const items: T[] = new Array(count);
  const groupKeys: (string | null)[] = new Array(count);
  const subGroupKeys: (string | null)[] = new Array(count);
  for (const row of rows) {
    const k = Number(row[0]);
    if (k === 0) {
      meta = (row[3] ?? {}) as PageMeta;
      continue;
    }
    items[k - 1] = item(row);
    groupKeys[k - 1] = row[1] as string | null;
    subGroupKeys[k - 1] = row[2] as string | null;
  }
  return { meta, items, groupKeys, subGroupKeys };
}

/** Rows (arrays of column values) of a page statement → its meta and its items with their wire fields in order. */
export function readRows(req: ListRequest, rows: unknown[][]): PageRows {
  const cols = itemCols(req, new Params(), req.viewer.timezone);
  const n = cols.length;
  const keys = cols.map((c) => c.key);
  const convs = cols.map((c) => c.conv);
  return readPage(rows, (row) => {
    const it: Record<string, unknown> = {};
    for (let c = 0; c < n; c++) {
      const v = row[LEAD + c];
      const conv = convs[c];
      it[keys[c]] = conv ? convert(conv, v) : v;
    }
    return it as Item;
  });
}

/** A value of a row → its JSON text, as JSON.stringify prints the value `readRows` makes of it. */
type Printer = (v: unknown) => string;
const printSafe: Printer = (v) => (v === null ? "null" : `"${v as string}"`);
const printAny: Printer = (v) => (v === null ? "null" : JSON.stringify(v));
// an int4, a boolean (the driver's values) or null
const printPlain: Printer = (v) => (v === null ? "null" : String(v));
const printFloat: Printer = (v) => JSON.stringify(convert("float", v));
// uuids: no comma, quote or backslash inside
const printIds: Printer = (v) => (v ? `["${(v as string).replaceAll(",", '","')}"]` : "[]");

/**
 * Rows of a page statement → its meta and each item's JSON text, printed from the row's values: byte for byte what
 * `JSON.stringify` gives for `readRows`' object of it once `shapeResult` has added a multi-valued grouping's raw key
 * (no object is built, no property enumerated). Not for the "detail" shape (jsonb columns).
 */
export function readRowsJson(req: ListRequest, rows: unknown[][]): PageRows<JsonText> {
  if (req.shape === "detail") throw new Error("the detail shape is read as objects");
  const cols = itemCols(req, new Params(), req.viewer.timezone);
  const n = cols.length;
  // `{"id":`, `,"name":`, …: the keys in wire order
  const heads = cols.map((c, x) => `${x ? "," : "{"}${JSON.stringify(c.key)}:`);
  const printers: Printer[] = cols.map((c) =>
    c.conv === "float"
      ? printFloat
      : c.conv === "ids"
        ? printIds
        : c.enc === "s"
          ? printSafe
          : c.enc === "t"
            ? printAny
            : printPlain,
  );
  const gDim = req.groupBy ? groupDim(req.groupBy) : null;
  const sgDim = gDim && req.subGroupBy ? groupDim(req.subGroupBy) : null;
  const gHead = gDim?.multi ? `,${JSON.stringify(req.groupBy)}:` : null;
  const sgHead = sgDim?.multi ? `,${JSON.stringify(req.subGroupBy)}:` : null;
  return readPage(rows, (row) => {
    let text = "";
    for (let c = 0; c < n; c++) text += heads[c] + printers[c](row[LEAD + c]);
    if (gHead) text += gHead + printAny(row[1]);
    if (sgHead) text += sgHead + printAny(row[2]);
    return new JsonText(text + "}");
  });
}

/**
 * One page of a list with each item as its JSON text (for a response body: `listEnvelope` then `stringifyWithText`
 * give the same bytes as `JSON.stringify` of `listWorkItems`' envelope, without building the items). Not for "detail".
 */
export async function listWorkItemsJson(
  app: AppContext,
  req: ListRequest,
  built: BuiltQuery = buildListQuery(req),
): Promise<ListResult<JsonText>> {
  const rows = (await app.sql
    .unsafe(built.text, built.values as never[], { prepare: true })
    .values()) as unknown as unknown[][];
  return shapeResult(req, built, readRowsJson(req, rows));
}

/** Run one page of a list. */
export async function listWorkItems(
  app: AppContext,
  req: ListRequest,
  built: BuiltQuery = buildListQuery(req),
): Promise<ListResult> {
  // A named prepared statement per connection, cached by its text (the same request shape always builds the same
  // text, values apart): one round trip and no re-planning after the first runs (postgres.js's unsafe() does not
  // prepare unless asked, and then parses, describes and plans the statement on every call).
  const rows = (await app.sql
    .unsafe(built.text, built.values as never[], { prepare: true })
    .values()) as unknown as unknown[][];
  return shapeResult(req, built, readRows(req, rows));
}

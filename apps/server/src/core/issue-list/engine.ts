import {
  NONE_GROUP_KEY,
  type FilterNode,
  type GroupByField,
  type OrderBy,
} from "@stride/shared";
import type { GroupBucket as WireGroupBucket, ListEnvelope, WorkItemCore, WorkItemListItem } from "@stride/shared/contract";
import type { AppContext } from "../context.ts";
import type { PageRequest } from "../pagination.ts";
import { contextSql, type ListContext, type Viewer } from "./context.ts";
import { compileFilter } from "./filters-sql.ts";
import { ATTACHMENT_COND, GROUP_DIMS, LIVE_CHILD, orderDim, orderSql, type GroupDim, type OrderDim } from "./dims.ts";
import { isoExpr, Params } from "./sql.ts";

/**
 * The one work-item list engine (wire-facts §6.1). Every list context (project, epics, archived, drafts,
 * cycle, module, global views, profile tabs, specific ids, v2 sync) goes through `listIssues`, which runs
 * ONE SQL statement per page:
 * - ungrouped: count + ordered page;
 * - grouped / sub-grouped: per-group totals (GROUP BY / GROUPING SETS) and, for each group with rows on
 *   this page, a LATERAL top-N in the requested order (per-group pagination), so a page never sorts
 *   the whole list;
 * - items are hydrated with LATERAL joins (assignee/label/module ids, link/attachment/sub-item counts),
 *   never one query per item, and built as JSON inside Postgres.
 */

export type ItemShape = "list" | "detail" | "create" | "sync";

export interface ListRequest {
  context: ListContext;
  viewer: Viewer;
  filter: FilterNode | null;
  order: OrderBy;
  groupBy?: GroupByField | null;
  subGroupBy?: GroupByField | null;
  page: PageRequest;
  /** `sub_issue=false`: only items without a parent. */
  parentless?: boolean;
  shape?: ItemShape;
  /** v2 sync `description=true`: add description_html. */
  description?: boolean;
}

/** A list row as the engine builds it in SQL: the contract's list item (plus `_g`/`_sg` until placed in groups). */
export type Item = WorkItemListItem;
export type GroupBucket = WireGroupBucket<Item>;

export interface ListResult {
  groupedBy: GroupByField | null;
  subGroupedBy: GroupByField | null;
  /** Rows counted: items, or item×group rows for multi-valued groupings. */
  totalCount: number;
  /** Rows on this page. */
  count: number;
  totalPages: number;
  nextPageResults: boolean;
  results: Item[] | Record<string, GroupBucket>;
}

/** SQL of one page (exposed for EXPLAIN and the benchmark). */
export interface BuiltQuery {
  text: string;
  values: unknown[];
  grouped: boolean;
}

export function buildListQuery(req: ListRequest): BuiltQuery {
  const q = new Params();
  const tz = req.viewer.timezone;
  const ctx = contextSql(req.context, req.viewer, q);
  const where = [...ctx.where];
  const f = compileFilter(req.filter, q, tz, ctx.stateScope);
  if (f) where.push(f);
  if (req.parentless) where.push("i.parent IS NULL");
  const from = `issues i ${ctx.joins}`;
  const whereSql = where.join(" AND ");
  const od = orderDim(req.order, ctx.agg);
  const order = orderSql(od, od.expr, "i.created_at", "i.id");
  const limit = q.p(req.page.perPage, "int");
  const offset = q.p(req.page.offset, "int");
  const ctes = [...od.ctes];
  const items = itemsJson(req, q, tz, od);

  const g = req.groupBy ? GROUP_DIMS[req.groupBy] : null;
  const sg = g && req.subGroupBy ? GROUP_DIMS[req.subGroupBy] : null;

  if (!g) {
    if (f) {
      // A filter applies: find the matching rows once, then count them and take the page from them.
      ctes.push(`base AS MATERIALIZED (SELECT i.id, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${whereSql})`);
      ctes.push(
        `pg AS (SELECT b.id, NULL::text AS _g, NULL::text AS _sg, b._o, b._c FROM base b ORDER BY ${orderSql(od, "b._o", "b._c", "b.id")} LIMIT ${limit} OFFSET ${offset})`,
      );
      const text = `WITH ${ctes.join(",\n")}
SELECT (SELECT count(*) FROM base)::int AS total, ${items} AS items`;
      return { text, values: q.values, grouped: false };
    }
    // No filter: the count is an index-only scan and the page an ordered index scan that stops early.
    ctes.push(
      `pg AS (SELECT i.id, NULL::text AS _g, NULL::text AS _sg, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`,
    );
    const text = `WITH ${ctes.join(",\n")}
SELECT (SELECT count(*) FROM ${from} WHERE ${whereSql})::int AS total, ${items} AS items`;
    return { text, values: q.values, grouped: false };
  }

  // totals per group (and per sub-group)
  const gExpr = g.expr("gj");
  const sgExpr = sg ? sg.expr("sj") : null;
  const totJoins = `${g.join("gj")} ${sg ? sg.join("sj") : ""}`;
  if (!sg) {
    ctes.push(`tot AS (SELECT ${gExpr} AS g, NULL::text AS sg, count(*)::int AS n, 1 AS lvl FROM ${from} ${totJoins} WHERE ${whereSql} GROUP BY 1)`);
  } else {
    const groupCount = sg.multi ? "count(DISTINCT i.id)" : "count(*)";
    ctes.push(
      `tot AS (SELECT ${gExpr} AS g, ${sgExpr} AS sg, (CASE WHEN GROUPING(${sgExpr}) = 1 THEN ${groupCount} ELSE count(*) END)::int AS n, GROUPING(${sgExpr}) AS lvl FROM ${from} ${totJoins} WHERE ${whereSql} GROUP BY GROUPING SETS ((${gExpr}, ${sgExpr}), (${gExpr})))`,
    );
  }
  const finest = sg ? 0 : 1;
  ctes.push(`keys AS MATERIALIZED (SELECT g, sg FROM tot WHERE lvl = ${finest} AND n > ${offset})`);

  // one branch per null/non-null combination, each gated on the key so only one runs per group
  const branches: string[] = [];
  const combos: [boolean, boolean][] = sg ? [[false, false], [false, true], [true, false], [true, true]] : [[false, false], [true, false]];
  for (const [gNull, sgNull] of combos) {
    const conds = [whereSql];
    conds.push(gNull ? `k.g IS NULL AND ${g.none("ga")}` : `k.g IS NOT NULL AND ${g.match("k.g", "ga", ctx.stateScope)}`);
    if (sg) conds.push(sgNull ? `k.sg IS NULL AND ${sg.none("sa")}` : `k.sg IS NOT NULL AND ${sg.match("k.sg", "sa", ctx.stateScope)}`);
    branches.push(
      `(SELECT i.id, ${od.expr} AS _o, i.created_at AS _c FROM ${from} ${od.joins} WHERE ${conds.join(" AND ")} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`,
    );
  }
  ctes.push(`pg AS (SELECT x.id, k.g::text AS _g, k.sg::text AS _sg, x._o, x._c FROM keys k CROSS JOIN LATERAL (${branches.join(" UNION ALL ")}) x)`);

  const pre = (dim: GroupDim | null) => (dim && dim.prefill ? dim.prefill(q, ctx.prefill) : "NULL::json");
  const text = `WITH ${ctes.join(",\n")}
SELECT (SELECT coalesce(json_agg(json_build_array(g::text, sg::text, n, lvl)), '[]'::json) FROM tot) AS totals,
  ${pre(g)} AS pre_g, ${pre(sg)} AS pre_sg, ${items} AS items`;
  return { text, values: q.values, grouped: true };
}

/** The JSON array of the page's items, in page order, each with its `_g`/`_sg` group keys. */
function itemsJson(req: ListRequest, q: Params, tz: string, od: OrderDim): string {
  const shape = req.shape ?? "list";
  const iso = (c: string) => isoExpr(c, tz, q);
  // every field of the contract's list item (a missing or misspelled one is a type error), in wire order
  const core: Record<keyof WorkItemCore, string> = {
    id: "i.id",
    name: "i.name",
    state_id: "i.state",
    sort_order: "i.sort_order",
    completed_at: iso("i.completed_at"),
    estimate_point: "i.estimate_point",
    priority: "i.priority",
    start_date: "i.start_date",
    target_date: "i.target_date",
    sequence_id: "i.sequence_id",
    project_id: "i.project",
    parent_id: "i.parent",
    cycle_id: "hci.cycle",
    sub_issues_count: "coalesce(hsc.n, 0)",
    created_at: iso("i.created_at"),
    updated_at: iso("i.updated_at"),
    created_by: "i.created_by",
    updated_by: "i.updated_by",
    attachment_count: "coalesce(hat.n, 0)",
    link_count: "coalesce(hlk.n, 0)",
    is_draft: "i.is_draft",
    archived_at: "i.archived_at",
    type_id: "i.type",
    assignee_ids: `coalesce(ha.ids, '{}')`,
    label_ids: `coalesce(hl.ids, '{}')`,
    module_ids: `coalesce(hm.ids, '{}')`,
  };
  const fields: [string, string][] = Object.entries(core);
  if (shape === "list" || shape === "sync" || shape === "create") fields.push(["state__group", `s."group"`]);
  fields.push(["_g", "pg._g"], ["_sg", "pg._sg"]);
  if (shape === "create") fields.push(["deleted_at", iso("i.deleted_at")]);
  if (shape === "sync" && req.description) fields.push(["description_html", "i.description_html"]);
  let joins = `LEFT JOIN states s ON s.id = i.state
    LEFT JOIN cycle_issues hci ON hci.issue = i.id
    LEFT JOIN LATERAL (SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) AS ids FROM issue_assignees x WHERE x.issue = i.id) ha ON true
    LEFT JOIN LATERAL (SELECT array_agg(x.label ORDER BY x.created_at, x.label) AS ids FROM issue_labels x WHERE x.issue = i.id) hl ON true
    LEFT JOIN LATERAL (SELECT array_agg(x.module ORDER BY x.created_at, x.module) AS ids FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = i.id) hm ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM issue_links x WHERE x.issue = i.id) hlk ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM file_assets x WHERE x.issue = i.id AND ${ATTACHMENT_COND("x")}) hat ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM issues c WHERE c.parent = i.id AND ${LIVE_CHILD("c")}) hsc ON true`;
  let obj = `json_build_object(${fields.map(([k, v]) => `'${k}', ${v}`).join(", ")})`;
  if (shape === "detail") {
    const relFields = (alias: string) =>
      `'id', ${alias}.id, 'project_id', ${alias}.project, 'sequence_id', ${alias}.sequence_id, 'name', ${alias}.name, 'relation_type', r.relation_type, 'state_id', ${alias}.state, 'priority', ${alias}.priority, 'created_by', r.created_by, 'created_at', ${iso("r.created_at")}, 'updated_at', ${iso("r.updated_at")}, 'updated_by', r.updated_by`;
    joins += `
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object(${relFields("ri")}) ORDER BY r.created_at) AS v FROM issue_relations r JOIN issues ri ON ri.id = r.related_issue AND ri.deleted_at IS NULL WHERE r.issue = i.id) hrel ON true
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object(${relFields("ri")}) ORDER BY r.created_at) AS v FROM issue_relations r JOIN issues ri ON ri.id = r.issue AND ri.deleted_at IS NULL WHERE r.related_issue = i.id) hrld ON true`;
    obj = `(${obj}::jsonb || jsonb_build_object('issue_relation', coalesce(hrel.v, '[]'::json), 'issue_related', coalesce(hrld.v, '[]'::json)))`;
  }
  return `(SELECT coalesce(json_agg(${obj} ORDER BY pg._g, pg._sg, ${orderSql(od, "pg._o", "pg._c", "pg.id")}), '[]'::json)::text FROM pg JOIN issues i ON i.id = pg.id ${joins})`;
}

interface Row {
  total?: number;
  totals?: [string | null, string | null, number, number][];
  pre_g?: string[] | null;
  pre_sg?: string[] | null;
  items: string;
}

/** Run one page of a list (`built`: the page's SQL when the caller already built it, e.g. for a cache key). */
export async function listIssues(app: AppContext, req: ListRequest, built: BuiltQuery = buildListQuery(req)): Promise<ListResult> {
  const rows = (await app.sql.unsafe(built.text, built.values as never[])) as unknown as Row[];
  return shapeResult(req, built, rows[0]);
}

function keyOf(v: string | null | undefined): string {
  return v === null || v === undefined ? NONE_GROUP_KEY : v;
}

function sortKeys(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (a === NONE_GROUP_KEY ? 1 : b === NONE_GROUP_KEY ? -1 : a < b ? -1 : a > b ? 1 : 0));
}

export function shapeResult(req: ListRequest, built: BuiltQuery, row: Row): ListResult {
  const perPage = req.page.perPage;
  const items = JSON.parse(row.items) as Item[];
  if (!built.grouped) {
    for (const it of items) {
      delete it._g;
      delete it._sg;
    }
    const total = row.total ?? 0;
    return {
      groupedBy: null,
      subGroupedBy: null,
      totalCount: total,
      count: items.length,
      totalPages: Math.ceil(total / perPage),
      nextPageResults: req.page.offset + perPage < total,
      results: items,
    };
  }

  const groupBy = req.groupBy!;
  const subGroupBy = req.subGroupBy ?? null;
  const gDim = GROUP_DIMS[groupBy];
  const sgDim = subGroupBy ? GROUP_DIMS[subGroupBy] : null;
  const groupTotals = new Map<string, number>();
  const subTotals = new Map<string, Map<string, number>>();
  let totalCount = 0;
  let nextPage = false;
  let maxGroup = 0;
  const finestLevel = sgDim ? 0 : 1;
  for (const [gk, sgk, n, lvl] of row.totals ?? []) {
    const k = keyOf(gk);
    if (lvl === 1) {
      groupTotals.set(k, n);
      maxGroup = Math.max(maxGroup, n);
    } else {
      const m = subTotals.get(k) ?? new Map<string, number>();
      m.set(keyOf(sgk), n);
      subTotals.set(k, m);
    }
    if (lvl === finestLevel) {
      totalCount += n;
      if (n > req.page.offset + perPage) nextPage = true;
    }
  }

  // place items, carrying the raw key of multi-valued groupings (e.g. labels__id)
  const byGroup = new Map<string, Item[]>();
  const bySub = new Map<string, Map<string, Item[]>>();
  for (const it of items) {
    const gk = keyOf(it._g as string | null);
    const sgk = keyOf(it._sg as string | null);
    const row = it as Record<string, unknown>;
    if (gDim.multi) row[groupBy] = it._g ?? null;
    if (sgDim?.multi) row[subGroupBy!] = it._sg ?? null;
    delete it._g;
    delete it._sg;
    if (!sgDim) {
      const list = byGroup.get(gk) ?? [];
      list.push(it);
      byGroup.set(gk, list);
    } else {
      const m = bySub.get(gk) ?? new Map<string, Item[]>();
      const list = m.get(sgk) ?? [];
      list.push(it);
      m.set(sgk, list);
      bySub.set(gk, m);
    }
  }

  const results: Record<string, GroupBucket> = {};
  if (items.length > 0) {
    const groupKeys = orderedKeys(gDim, row.pre_g ?? null, groupTotals.keys(), sgDim ? bySub.keys() : byGroup.keys());
    for (const gk of groupKeys) {
      if (!sgDim) {
        results[gk] = { results: byGroup.get(gk) ?? [], total_results: groupTotals.get(gk) ?? 0 };
        continue;
      }
      const subs: Record<string, { results: Item[]; total_results: number }> = {};
      const present = bySub.get(gk) ?? new Map<string, Item[]>();
      const subKeys = orderedKeys(sgDim, row.pre_sg ?? null, (subTotals.get(gk) ?? new Map()).keys(), present.keys());
      for (const sk of subKeys) subs[sk] = { results: present.get(sk) ?? [], total_results: subTotals.get(gk)?.get(sk) ?? 0 };
      results[gk] = { results: subs, total_results: groupTotals.get(gk) ?? 0 };
    }
  }

  return {
    groupedBy: groupBy,
    subGroupedBy: subGroupBy,
    totalCount,
    count: items.length,
    totalPages: Math.ceil(maxGroup / perPage),
    nextPageResults: nextPage,
    results,
  };
}

/**
 * Group keys in display order: single-valued groupings list every known key (prefilled ones first, in
 * their fixed order, then any other key that has items, "None" last); multi-valued groupings list only
 * the keys that have items on this page.
 */
function orderedKeys(dim: GroupDim, prefill: string[] | null, totalKeyIter: Iterable<string>, pageKeyIter: Iterable<string>): string[] {
  const totalKeys = [...totalKeyIter];
  const pageKeys = [...pageKeyIter];
  if (dim.multi) return sortKeys(new Set(pageKeys));
  const out: string[] = [];
  const seen = new Set<string>();
  const pre = prefill ?? [];
  for (const k of pre) {
    if (k === NONE_GROUP_KEY) continue;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  const rest = sortKeys([...new Set([...totalKeys, ...pageKeys])].filter((k) => !seen.has(k) && k !== NONE_GROUP_KEY));
  out.push(...rest);
  const hasNone = pre.includes(NONE_GROUP_KEY) || totalKeys.includes(NONE_GROUP_KEY) || pageKeys.includes(NONE_GROUP_KEY);
  if (hasNone) out.push(NONE_GROUP_KEY);
  return out;
}

/** The wire envelope (wire-facts §0) of a list result. */
export function listEnvelope(page: PageRequest, r: ListResult): ListEnvelope<Item> {
  return {
    grouped_by: r.groupedBy,
    sub_grouped_by: r.subGroupedBy,
    total_count: r.totalCount,
    next_cursor: `${page.perPage}:${page.page + 1}:0`,
    prev_cursor: `${page.perPage}:${Math.max(page.page - 1, 0)}:1`,
    next_page_results: r.nextPageResults,
    prev_page_results: page.page > 0,
    count: r.count,
    total_pages: r.totalPages,
    total_results: r.totalCount,
    extra_stats: null,
    results: r.results,
  };
}

/**
 * A page of the list engine (engine.ts) shaped for the wire: flat, or its items placed in their groups and
 * sub-groups (wire-facts §6.1) with every group's total, in display order; and the list envelope (wire-facts §0).
 */
import { NONE_GROUP_KEY } from "@stride/shared";
import type { ListEnvelope } from "@stride/shared/contract";
import type { PageRequest } from "../../http/pagination.ts";
import { groupDim, type GroupDim } from "./dims.ts";
import { JsonText } from "./json-text.ts";
import type { BuiltQuery, GroupBucket, Item, ListRequest, ListResult, PageMeta, PageRows } from "./types.ts";

function keyOf(v: string | null | undefined): string {
  return v === null || v === undefined ? NONE_GROUP_KEY : v;
}

function sortKeys(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (a === NONE_GROUP_KEY ? 1 : b === NONE_GROUP_KEY ? -1 : a < b ? -1 : a > b ? 1 : 0));
}

export function shapeResult<T extends object = Item>(req: ListRequest, built: BuiltQuery, page: PageRows<T>): ListResult<T> {
  const perPage = req.page.perPage;
  const { meta, items } = page;
  if (!built.grouped) {
    const total = meta.total ?? 0;
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
  const gDim = groupDim(groupBy);
  const sgDim = subGroupBy ? groupDim(subGroupBy) : null;
  const totals = readTotals(meta, !!sgDim, req.page.offset + perPage);
  const placed = placeItems(page, req, gDim, sgDim);

  const results: Record<string, GroupBucket<T>> = {};
  if (items.length > 0) {
    const groupKeys = orderedKeys(gDim, meta.pre_g ?? null, totals.groupTotals.keys(), sgDim ? placed.bySub.keys() : placed.byGroup.keys());
    for (const gk of groupKeys) {
      if (!sgDim) {
        results[gk] = { results: placed.byGroup.get(gk) ?? [], total_results: totals.groupTotals.get(gk) ?? 0 };
        continue;
      }
      const subs: Record<string, { results: T[]; total_results: number }> = {};
      const present = placed.bySub.get(gk) ?? new Map<string, T[]>();
      const subKeys = orderedKeys(sgDim, meta.pre_sg ?? null, (totals.subTotals.get(gk) ?? new Map()).keys(), present.keys());
      for (const sk of subKeys) subs[sk] = { results: present.get(sk) ?? [], total_results: totals.subTotals.get(gk)?.get(sk) ?? 0 };
      results[gk] = { results: subs, total_results: totals.groupTotals.get(gk) ?? 0 };
    }
  }

  return {
    groupedBy: groupBy,
    subGroupedBy: subGroupBy,
    totalCount: totals.totalCount,
    count: items.length,
    totalPages: Math.ceil(totals.maxGroup / perPage),
    nextPageResults: totals.nextPage,
    results,
  };
}

/**
 * The meta row's totals: per group (level 1) and per sub-group (level 0); the rows counted at the finest level,
 * whether any group has rows past this page (`pageEnd`), and the largest group (the page count).
 */
function readTotals(meta: PageMeta, subGrouped: boolean, pageEnd: number) {
  const groupTotals = new Map<string, number>();
  const subTotals = new Map<string, Map<string, number>>();
  let totalCount = 0;
  let nextPage = false;
  let maxGroup = 0;
  const finestLevel = subGrouped ? 0 : 1;
  for (const [gk, sgk, n, lvl] of meta.totals ?? []) {
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
      if (n > pageEnd) nextPage = true;
    }
  }
  return { groupTotals, subTotals, totalCount, nextPage, maxGroup };
}

/** The page's items in their groups (and sub-groups), carrying the raw key of multi-valued groupings (e.g. labels__id). */
function placeItems<T extends object>(page: PageRows<T>, req: ListRequest, gDim: GroupDim, sgDim: GroupDim | null) {
  const byGroup = new Map<string, T[]>();
  const bySub = new Map<string, Map<string, T[]>>();
  for (let x = 0; x < page.items.length; x++) {
    const it = page.items[x];
    const rawG = page.groupKeys[x] ?? null;
    const rawSg = page.subGroupKeys[x] ?? null;
    const gk = keyOf(rawG);
    const sgk = keyOf(rawSg);
    // an item's JSON text carries these already (readRowsJson)
    if (!(it instanceof JsonText)) {
      const row = it as Record<string, unknown>;
      if (gDim.multi) row[req.groupBy!] = rawG;
      if (sgDim?.multi) row[req.subGroupBy!] = rawSg;
    }
    if (!sgDim) {
      const list = byGroup.get(gk) ?? [];
      list.push(it);
      byGroup.set(gk, list);
    } else {
      const m = bySub.get(gk) ?? new Map<string, T[]>();
      const list = m.get(sgk) ?? [];
      list.push(it);
      m.set(sgk, list);
      bySub.set(gk, m);
    }
  }
  return { byGroup, bySub };
}

/**
 * Group keys in display order: single-valued groupings list every known key (prefilled ones first, in
 * their fixed order, then any other key that has items, "None" last); multi-valued groupings list only
 * the keys that have items on this page, unless they have prefilled keys (modules: every live module is a group).
 */
function orderedKeys(dim: GroupDim, prefill: string[] | null, totalKeyIter: Iterable<string>, pageKeyIter: Iterable<string>): string[] {
  const totalKeys = [...totalKeyIter];
  const pageKeys = [...pageKeyIter];
  if (dim.multi && !prefill) return sortKeys(new Set(pageKeys));
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
export function listEnvelope<T = Item>(page: PageRequest, r: ListResult<T>): ListEnvelope<T> {
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

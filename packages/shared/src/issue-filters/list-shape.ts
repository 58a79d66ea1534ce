import { NONE_GROUP_KEY } from "./group.ts";

/**
 * How a page of a work-item list becomes its wire envelope (wire-facts §0, §6.1), shared by the server's list engine
 * (apps/server/src/core/issue-list) and the web's local database (which answers the same lists offline): the order of
 * the group keys and the envelope's fields are written once.
 */

/** A page as asked: `cursor = "<perPage>:<page>:0"`, `offset = page × perPage`. */
export interface ListPageRequest {
  perPage: number;
  page: number;
  offset: number;
}

/** A group (and its sub-groups) on the wire. */
export interface ListGroupBucket<T> {
  results: T[] | Record<string, { results: T[]; total_results: number }>;
  total_results: number;
}

/** One page of a list, before it is put in its envelope. */
export interface ListPageResult<T> {
  groupedBy: string | null;
  subGroupedBy: string | null;
  /** Rows counted: items, or item×group rows for multi-valued groupings. */
  totalCount: number;
  /** Rows on this page. */
  count: number;
  totalPages: number;
  nextPageResults: boolean;
  results: T[] | Record<string, ListGroupBucket<T>>;
}

/** The wire key of a group value: null is "None". */
export function groupKeyOf(v: string | null | undefined): string {
  return v === null || v === undefined ? NONE_GROUP_KEY : v;
}

/** Keys in code-unit order, "None" last. */
export function sortGroupKeys(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (a === NONE_GROUP_KEY ? 1 : b === NONE_GROUP_KEY ? -1 : a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Group keys in display order: single-valued groupings list every known key (prefilled ones first, in their fixed
 * order, then any other key that has items, "None" last); multi-valued groupings list only the keys that have items
 * on this page, unless they have prefilled keys (modules: every live module is a group).
 */
export function orderedGroupKeys(
  multi: boolean,
  prefill: string[] | null,
  totalKeyIter: Iterable<string>,
  pageKeyIter: Iterable<string>,
): string[] {
  const totalKeys = [...totalKeyIter];
  const pageKeys = [...pageKeyIter];
  if (multi && !prefill) return sortGroupKeys(new Set(pageKeys));
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
  const rest = sortGroupKeys(
    [...new Set([...totalKeys, ...pageKeys])].filter((k) => !seen.has(k) && k !== NONE_GROUP_KEY),
  );
  out.push(...rest);
  const hasNone =
    pre.includes(NONE_GROUP_KEY) || totalKeys.includes(NONE_GROUP_KEY) || pageKeys.includes(NONE_GROUP_KEY);
  if (hasNone) out.push(NONE_GROUP_KEY);
  return out;
}

/** The wire envelope of a list page. */
export function listPageEnvelope<T>(page: ListPageRequest, r: ListPageResult<T>) {
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

/**
 * What a grouped page is shaped from. `totals`: `[groupKey, subGroupKey, n, level]` rows, level 1 = a group's total,
 * 0 = a sub-group's.
 */
interface GroupedPageInput<T> {
  groupBy: string;
  subGroupBy: string | null;
  multi: boolean;
  subMulti: boolean;
  page: ListPageRequest;
  totals: [string | null, string | null, number, number][];
  prefill: string[] | null;
  subPrefill: string[] | null;
  items: T[];
  groupKeys: (string | null)[];
  subGroupKeys: (string | null)[];
  /** Adds a multi-valued grouping's raw key to an item (server: unless its JSON text carries it already). */
  tag?: (item: T, field: string, rawKey: string | null) => void;
}

/** The per-group (and per-sub-group) totals, the list's total, whether a group has a next page, the largest group. */
function readTotals(totals: GroupedPageInput<unknown>["totals"], sub: boolean, page: ListPageRequest) {
  const perPage = page.perPage;
  const groupTotals = new Map<string, number>();
  const subTotals = new Map<string, Map<string, number>>();
  let totalCount = 0;
  let nextPage = false;
  let maxGroup = 0;
  const finestLevel = sub ? 0 : 1;
  for (const [gk, sgk, n, lvl] of totals) {
    const k = groupKeyOf(gk);
    if (lvl === 1) {
      groupTotals.set(k, n);
      maxGroup = Math.max(maxGroup, n);
    } else {
      const m = subTotals.get(k) ?? new Map<string, number>();
      m.set(groupKeyOf(sgk), n);
      subTotals.set(k, m);
    }
    if (lvl === finestLevel) {
      totalCount += n;
      if (n > page.offset + perPage) nextPage = true;
    }
  }
  return { groupTotals, subTotals, totalCount, nextPage, maxGroup };
}

/** The page's items by group (and sub-group), each tagged with its raw key when its grouping is multi-valued. */
function bucketItems<T>(opts: GroupedPageInput<T>) {
  const { groupBy, subGroupBy, items } = opts;
  const sub = !!subGroupBy;
  const byGroup = new Map<string, T[]>();
  const bySub = new Map<string, Map<string, T[]>>();
  for (let x = 0; x < items.length; x++) {
    const it = items[x];
    const rawG = opts.groupKeys[x] ?? null;
    const rawSg = opts.subGroupKeys[x] ?? null;
    const gk = groupKeyOf(rawG);
    const sgk = groupKeyOf(rawSg);
    if (opts.tag) {
      if (opts.multi) opts.tag(it, groupBy, rawG);
      if (sub && opts.subMulti) opts.tag(it, subGroupBy!, rawSg);
    }
    if (!sub) {
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
 * Grouped results from per-group totals and the page's items (with their group keys): the server fills it from its
 * statement's rows, the local database from its own evaluation, so both shape a page the same way.
 * `totals`: `[groupKey, subGroupKey, n, level]` rows, level 1 = a group's total, 0 = a sub-group's.
 */
export function shapeGroupedPage<T>(opts: GroupedPageInput<T>): ListPageResult<T> {
  const { groupBy, subGroupBy, page, items } = opts;
  const sub = !!subGroupBy;
  const perPage = page.perPage;
  const { groupTotals, subTotals, totalCount, nextPage, maxGroup } = readTotals(opts.totals, sub, page);

  const { byGroup, bySub } = bucketItems(opts);

  const results: Record<string, ListGroupBucket<T>> = {};
  if (items.length > 0) {
    const keys = orderedGroupKeys(opts.multi, opts.prefill, groupTotals.keys(), sub ? bySub.keys() : byGroup.keys());
    for (const gk of keys) {
      if (!sub) {
        results[gk] = { results: byGroup.get(gk) ?? [], total_results: groupTotals.get(gk) ?? 0 };
        continue;
      }
      const subs: Record<string, { results: T[]; total_results: number }> = {};
      const present = bySub.get(gk) ?? new Map<string, T[]>();
      const subKeys = orderedGroupKeys(
        opts.subMulti,
        opts.subPrefill,
        (subTotals.get(gk) ?? new Map<string, number>()).keys(),
        present.keys(),
      );
      for (const sk of subKeys)
        subs[sk] = { results: present.get(sk) ?? [], total_results: subTotals.get(gk)?.get(sk) ?? 0 };
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

/** An ungrouped page from its total and items. */
export function shapeFlatPage<T>(page: ListPageRequest, total: number, items: T[]): ListPageResult<T> {
  return {
    groupedBy: null,
    subGroupedBy: null,
    totalCount: total,
    count: items.length,
    totalPages: Math.ceil(total / page.perPage),
    nextPageResults: page.offset + page.perPage < total,
    results: items,
  };
}

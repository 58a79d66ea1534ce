/**
 * The client-side shape of a loaded work-item list: its structure only — the ids of each group (and sub-group) in
 * display order with the server's totals and pages. The items themselves live once in the item store
 * (work-item-store.ts), which every list reads by id; a page's items ride in `incoming` until the store takes them.
 * Pure functions only, so optimistic moves (a state change moves a card to another column, a deletion removes it
 * everywhere) are unit-tested.
 */
import { GROUP_BY_ITEM_FIELD, PRIORITY_RANK, STATE_GROUP_RANK, type GroupByField } from "@stride/shared";
import type { ListEnvelope, WorkItem } from "./work-items-types.ts";

export interface GroupNode {
  key: string;
  ids: string[];
  total: number;
  /** Pages loaded for this group (per-group "load more" starts at page 1). */
  pages: number;
  sub?: Record<string, GroupNode>;
}

export interface ListData {
  /** The items of a page just read, until the data enters the query cache and the item store takes them. */
  incoming?: WorkItem[];
  groupBy: string | null;
  subGroupBy: string | null;
  /** Ungrouped lists: ids in order, total and flat pagination. */
  ids: string[];
  total: number;
  nextPage: number;
  hasMore: boolean;
  /** Grouped lists: group keys in server order, and the groups. */
  groupOrder: string[];
  subGroupOrder: string[];
  groups: Record<string, GroupNode>;
}

/** An item by id, as the store holds it. */
export type ItemLookup = (id: string) => WorkItem | undefined;

export const NONE_KEY = "None";

type Bucket = {
  results: WorkItem[] | Record<string, { results: WorkItem[]; total_results: number }>;
  total_results: number;
};

/** Turn the first page of a list response into ListData (its items in `incoming`, for the store). */
export function fromEnvelope(env: ListEnvelope): ListData {
  const incoming: WorkItem[] = [];
  const data: ListData = {
    groupBy: env.grouped_by ?? null,
    subGroupBy: env.sub_grouped_by ?? null,
    ids: [],
    total: env.total_count ?? 0,
    nextPage: 1,
    hasMore: !!env.next_page_results,
    groupOrder: [],
    subGroupOrder: [],
    groups: {},
    incoming,
  };
  if (Array.isArray(env.results)) {
    const seen = new Set<string>();
    for (const it of env.results) {
      incoming.push(it);
      if (!seen.has(it.id)) {
        seen.add(it.id);
        data.ids.push(it.id);
      }
    }
    return data;
  }
  const subSeen = new Set<string>();
  const take = (node: GroupNode, results: WorkItem[]) => {
    for (const it of results) {
      incoming.push(it);
      if (!node.ids.includes(it.id)) node.ids.push(it.id);
    }
  };
  for (const [key, raw] of Object.entries(env.results ?? {})) {
    const bucket = raw as Bucket;
    const node: GroupNode = { key, ids: [], total: bucket.total_results ?? 0, pages: 1 };
    if (Array.isArray(bucket.results)) take(node, bucket.results);
    else {
      node.sub = {};
      for (const [sk, sb] of Object.entries(bucket.results ?? {})) {
        const sn: GroupNode = { key: sk, ids: [], total: sb.total_results ?? 0, pages: 1 };
        take(sn, sb.results);
        node.sub[sk] = sn;
        if (!subSeen.has(sk)) {
          subSeen.add(sk);
          data.subGroupOrder.push(sk);
        }
      }
    }
    data.groups[key] = node;
    data.groupOrder.push(key);
  }
  return data;
}

/** Append a page of an ungrouped list. */
export function appendFlatPage(data: ListData, env: ListEnvelope): ListData {
  const results = (Array.isArray(env.results) ? env.results : []) as WorkItem[];
  const ids = [...data.ids];
  const seen = new Set(ids);
  for (const it of results)
    if (!seen.has(it.id)) {
      seen.add(it.id);
      ids.push(it.id);
    }
  return {
    ...data,
    ids,
    nextPage: data.nextPage + 1,
    hasMore: !!env.next_page_results,
    total: env.total_count ?? data.total,
    incoming: results,
  };
}

/**
 * How many pages of the list's page size a cached list holds (the most of any group or sub-group): a refetch of the
 * list asks for as many at once, so that what the person loaded with "load more" stays after a change or an event.
 */
export function loadedPages(data: ListData | undefined): number {
  if (!data) return 1;
  if (!data.groupBy) return Math.max(1, data.nextPage);
  let pages = 1;
  for (const g of Object.values(data.groups)) {
    pages = Math.max(pages, g.pages);
    for (const s of Object.values(g.sub ?? {})) pages = Math.max(pages, s.pages);
  }
  return pages;
}

/** A first page read as `pages` pages at once: every group (and the flat list) counts them as loaded. */
export function asPagesLoaded(data: ListData, pages: number): ListData {
  if (pages <= 1) return data;
  const mark = (node: GroupNode): GroupNode => ({
    ...node,
    pages,
    ...(node.sub ? { sub: Object.fromEntries(Object.entries(node.sub).map(([k, n]) => [k, mark(n)])) } : {}),
  });
  return {
    ...data,
    nextPage: pages,
    groups: Object.fromEntries(Object.entries(data.groups).map(([k, n]) => [k, mark(n)])),
  };
}

/** Append a "load more" page (a flat page filtered to the group) to one group or sub-group. */
export function appendGroupPage(data: ListData, groupKey: string, subKey: string | null, env: ListEnvelope): ListData {
  const results = (Array.isArray(env.results) ? env.results : []) as WorkItem[];
  const g = data.groups[groupKey];
  if (!g) return { ...data, incoming: results };
  const add = (node: GroupNode): GroupNode => {
    const ids = [...node.ids];
    const seen = new Set(ids);
    for (const it of results)
      if (!seen.has(it.id)) {
        seen.add(it.id);
        ids.push(it.id);
      }
    return { ...node, ids, pages: node.pages + 1 };
  };
  let next: GroupNode;
  if (subKey !== null && g.sub) {
    const sn = g.sub[subKey];
    if (!sn) return { ...data, incoming: results };
    next = { ...g, sub: { ...g.sub, [subKey]: add(sn) } };
  } else next = add(g);
  return { ...data, groups: { ...data.groups, [groupKey]: next }, incoming: results };
}

/** The group keys of an item for a grouping (multi-valued groupings give one key per value; empty → None). */
export function itemGroupKeys(item: WorkItem, field: string | null): string[] {
  if (!field) return [];
  const multi = GROUP_BY_ITEM_FIELD[field as GroupByField];
  if (multi) {
    const vals = (item[multi] as string[] | null | undefined) ?? [];
    return vals.length ? [...new Set(vals)] : [NONE_KEY];
  }
  const v = ((): unknown => {
    switch (field) {
      case "state_id":
        return item.state_id;
      case "state__group":
        return item.state__group;
      case "priority":
        return item.priority ?? "none";
      case "cycle_id":
        return item.cycle_id;
      case "created_by":
        return item.created_by;
      case "project_id":
        return item.project_id;
      case "target_date":
        return item.target_date;
      default:
        return item[field];
    }
  })();
  return [v === null || v === undefined || v === "" ? NONE_KEY : String(v)];
}

export interface OrderLookups {
  stateName?: (id: string | null) => string | null;
  stateGroup?: (id: string | null) => string | null;
  labelName?: (id: string) => string | null;
  memberName?: (id: string) => string | null;
  moduleName?: (id: string) => string | null;
  cycleName?: (id: string | null) => string | null;
  estimateKey?: (id: string | null) => number | null;
  typeName?: (id: string | null) => string | null;
}

type SortVal = string | number | null;

function minOf(vals: (string | null)[]): string | null {
  const xs = vals
    .filter((v): v is string => !!v)
    .map((v) => v.toLowerCase())
    .sort();
  return xs[0] ?? null;
}

/** The sort value of an item for an order_by field (without the leading "-"). */
export function orderValue(item: WorkItem, field: string, lk: OrderLookups = {}): SortVal {
  switch (field) {
    case "sort_order":
      return item.sort_order ?? null;
    case "created_at":
      return item.created_at ?? null;
    case "updated_at":
      return item.updated_at ?? null;
    case "start_date":
      return item.start_date ?? null;
    case "target_date":
      return item.target_date ?? null;
    case "priority":
      return PRIORITY_RANK[item.priority ?? "none"] ?? 0;
    case "state__name":
      return lk.stateName?.(item.state_id)?.toLowerCase() ?? null;
    case "state__group": {
      const g = item.state__group ?? lk.stateGroup?.(item.state_id) ?? null;
      return g ? (STATE_GROUP_RANK[g] ?? 99) : null;
    }
    case "labels__name":
      return minOf((item.label_ids ?? []).map((id) => lk.labelName?.(id) ?? null));
    case "assignees__first_name":
      return minOf((item.assignee_ids ?? []).map((id) => lk.memberName?.(id) ?? null));
    case "issue_module__module__name":
      return minOf((item.module_ids ?? []).map((id) => lk.moduleName?.(id) ?? null));
    case "issue_cycle__cycle__name":
      return lk.cycleName?.(item.cycle_id)?.toLowerCase() ?? null;
    case "estimate_point__key":
      return lk.estimateKey?.(item.estimate_point) ?? null;
    case "type__name":
      return lk.typeName?.(item.type_id ?? null) ?? null;
    case "link_count":
      return item.link_count ?? 0;
    case "attachment_count":
      return item.attachment_count ?? 0;
    case "sub_issues_count":
      return item.sub_issues_count ?? 0;
    case "sequence_id":
      return item.sequence_id;
    case "name":
      return (item.name ?? "").toLowerCase();
    default:
      return null;
  }
}

/** Comparator of an order_by string (nulls last in both directions; ties by -created_at), as the server sorts. */
export function makeComparator(
  orderBy: string | null | undefined,
  lk: OrderLookups = {},
): (a: WorkItem, b: WorkItem) => number {
  const raw = orderBy || "-created_at";
  const desc = raw.startsWith("-");
  const field = desc ? raw.slice(1) : raw;
  return (a, b) => {
    const x = orderValue(a, field, lk);
    const y = orderValue(b, field, lk);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const c = x < y ? -1 : x > y ? 1 : 0;
      if (c !== 0) return desc ? -c : c;
    }
    const ca = a.created_at ?? "";
    const cb = b.created_at ?? "";
    return ca < cb ? 1 : ca > cb ? -1 : 0;
  };
}

type Cmp = (a: WorkItem, b: WorkItem) => number;

/** `ids` with `id` (whose item is `it`) at its sorted place (the others read from `get`). */
function insertSorted(ids: string[], id: string, it: WorkItem, get: ItemLookup, cmp: Cmp): string[] {
  const out = ids.filter((x) => x !== id);
  let at = out.length;
  for (let i = 0; i < out.length; i++) {
    const other = get(out[i]);
    if (other && cmp(it, other) < 0) {
      at = i;
      break;
    }
  }
  out.splice(at, 0, id);
  return out;
}

function addGroupKey(order: string[], key: string): string[] {
  if (order.includes(key)) return order;
  const noneAt = order.indexOf(NONE_KEY);
  if (noneAt >= 0 && key !== NONE_KEY) return [...order.slice(0, noneAt), key, ...order.slice(noneAt)];
  return [...order, key];
}

/** Remove an id from every group and sub-group (totals decrease where it was). */
function removeFromGroups(data: ListData, id: string): ListData {
  const groups: Record<string, GroupNode> = {};
  for (const [k, g] of Object.entries(data.groups)) {
    let ng = g;
    if (g.sub) {
      const sub: Record<string, GroupNode> = {};
      for (const [sk, sn] of Object.entries(g.sub)) {
        sub[sk] = sn.ids.includes(id)
          ? { ...sn, ids: sn.ids.filter((x) => x !== id), total: Math.max(0, sn.total - 1) }
          : sn;
      }
      ng = { ...ng, sub };
    }
    if (g.ids.includes(id) || (g.sub && Object.values(g.sub).some((s) => s.ids.includes(id)))) {
      ng = { ...ng, ids: ng.ids.filter((x) => x !== id), total: Math.max(0, ng.total - 1) };
    }
    groups[k] = ng;
  }
  return { ...data, groups };
}

/** Place an item into the groups its values select, sorted by cmp. */
function placeInGroups(data: ListData, item: WorkItem, get: ItemLookup, cmp: Cmp): ListData {
  const id = item.id;
  const keys = itemGroupKeys(item, data.groupBy);
  const groups = { ...data.groups };
  let groupOrder = data.groupOrder;
  let subGroupOrder = data.subGroupOrder;
  const subKeys = data.subGroupBy ? itemGroupKeys(item, data.subGroupBy) : [];
  for (const k of keys) {
    const g: GroupNode = groups[k] ?? { key: k, ids: [], total: 0, pages: 1, ...(data.subGroupBy ? { sub: {} } : {}) };
    groupOrder = addGroupKey(groupOrder, k);
    if (data.subGroupBy) {
      const sub = { ...(g.sub ?? {}) };
      for (const sk of subKeys) {
        const sn = sub[sk] ?? { key: sk, ids: [], total: 0, pages: 1 };
        sub[sk] = { ...sn, ids: insertSorted(sn.ids, id, item, get, cmp), total: sn.total + 1 };
        subGroupOrder = addGroupKey(subGroupOrder, sk);
      }
      groups[k] = { ...g, sub, total: g.total + 1 };
    } else {
      groups[k] = { ...g, ids: insertSorted(g.ids, id, item, get, cmp), total: g.total + 1 };
    }
  }
  return { ...data, groups, groupOrder, subGroupOrder };
}

const members = new WeakMap<ListData, Set<string>>();

/** Whether a query's data is a list's structure (the lists' queries, the drafts', the archives'). */
export function isListData(data: unknown): data is ListData {
  const d = data as Partial<ListData> | null | undefined;
  return !!d && typeof d === "object" && Array.isArray(d.ids) && Array.isArray(d.groupOrder) && !!d.groups;
}

/** Whether a list holds an item (its ids, computed once per list structure). */
export function holds(data: ListData, id: string): boolean {
  let set = members.get(data);
  if (!set) members.set(data, (set = new Set(allIds(data))));
  return set.has(id);
}

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * The list after one of its items changed from `prev` to `next` (the store holds `next`): it moves to the groups of
 * its new values (kanban drag between columns, a state picked in a list row) and to its new place in the order. A
 * change that moves it nowhere (a new name in a list ordered by date), and a list that does not hold it, return the
 * list unchanged — the rows read the new fields from the store.
 */
export function moveItem(data: ListData, prev: WorkItem, next: WorkItem, get: ItemLookup, cmp: Cmp): ListData {
  const id = next.id;
  if (!holds(data, id)) return data;
  const regroup =
    !!data.groupBy &&
    (!sameKeys(itemGroupKeys(prev, data.groupBy), itemGroupKeys(next, data.groupBy)) ||
      (!!data.subGroupBy && !sameKeys(itemGroupKeys(prev, data.subGroupBy), itemGroupKeys(next, data.subGroupBy))));
  if (!regroup && cmp(prev, next) === 0) return data;
  const out = data.groupBy
    ? placeInGroups(removeFromGroups(data, id), next, get, cmp)
    : { ...data, ids: insertSorted(data.ids, id, next, get, cmp) };
  // a move keeps the list's members: the next edit's `holds` need not list them again
  const set = members.get(data);
  if (set) members.set(out, set);
  return out;
}

/** Add a new item (quick add, create modal) at its sorted place (a list that holds it already: moved, as an edit). */
export function insertItem(data: ListData, item: WorkItem, get: ItemLookup, cmp: Cmp, prev?: WorkItem): ListData {
  if (holds(data, item.id)) return prev ? moveItem(data, prev, item, get, cmp) : data;
  const out: ListData = { ...data, total: data.total + 1 };
  if (out.groupBy) return placeInGroups(out, item, get, cmp);
  return { ...out, ids: insertSorted(out.ids, item.id, item, get, cmp) };
}

/** Remove an item everywhere (archive, delete, restore from the archived list). */
export function removeItem(data: ListData, id: string): ListData {
  if (!holds(data, id)) return data;
  const out: ListData = { ...data, total: Math.max(0, data.total - 1) };
  if (out.groupBy) return removeFromGroups(out, id);
  return { ...out, ids: out.ids.filter((x) => x !== id) };
}

/** All ids held by a list, in display order, each once. */
export function allIds(data: ListData): string[] {
  if (!data.groupBy) return data.ids;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const k of data.groupOrder) {
    const g = data.groups[k];
    if (!g) continue;
    const ids = g.sub ? data.subGroupOrder.flatMap((sk) => g.sub?.[sk]?.ids ?? []) : g.ids;
    for (const id of ids)
      if (!seen.has(id)) {
        seen.add(id);
        out.push(id);
      }
  }
  return out;
}

/**
 * Rows of a group with sub-items nested under their parents (display filter show_hierarchy): a child whose
 * parent is in the same list follows it, one level deeper; others stay at the top level.
 */
export function hierarchyRows(ids: string[], get: ItemLookup): { id: string; depth: number }[] {
  const inList = new Set(ids);
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const id of ids) {
    const p = get(id)?.parent_id;
    if (p && inList.has(p) && p !== id) {
      const xs = children.get(p) ?? [];
      xs.push(id);
      children.set(p, xs);
    } else roots.push(id);
  }
  const out: { id: string; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (id: string, depth: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ id, depth });
    for (const c of children.get(id) ?? []) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  // parent cycles (a → b → a) leave items unvisited: list them at the top level
  for (const id of ids) if (!seen.has(id)) walk(id, 0);
  return out;
}

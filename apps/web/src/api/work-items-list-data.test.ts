import { beforeEach, describe, expect, it } from "vitest";
import type { WorkItem } from "./work-items-types.ts";
import { env, item } from "./work-items-test-data.ts";
import {
  allIds,
  appendFlatPage,
  appendGroupPage,
  asPagesLoaded,
  fromEnvelope,
  hierarchyRows,
  insertItem,
  itemGroupKeys,
  loadedPages,
  makeComparator,
  moveItem,
  removeItem,
  type ListData,
} from "./work-items-list-data.ts";
import { ItemStore } from "./work-item-store.ts";

const bySort = makeComparator("sort_order");

/** The store the lists of a test read their items from, filled as the cache fills it (a page's `incoming`). */
let store = new ItemStore();
const get = (id: string) => store.get(id);
function load(data: ListData): ListData {
  store.put(data.incoming ?? []);
  return data;
}
/** An edit: the one record changes, the list moves the item where its new values put it. */
function patchItem(data: ListData, id: string, fields: Partial<WorkItem>, cmp = bySort): ListData {
  const prev = store.get(id);
  if (!prev) return data;
  store.patch(id, fields);
  return moveItem(data, prev, store.get(id)!, get, cmp);
}
beforeEach(() => {
  store = new ItemStore();
});

describe("fromEnvelope", () => {
  it("reads an ungrouped page", () => {
    const a = item();
    const b = item();
    const d = fromEnvelope(env([a, b], { total_count: 5, next_page_results: true }));
    expect(d.groupBy).toBeNull();
    expect(d.ids).toEqual([a.id, b.id]);
    expect(d.total).toBe(5);
    expect(d.hasMore).toBe(true);
  });
  it("reads grouped and sub-grouped pages, keeping one copy of repeated items", () => {
    const a = item({ label_ids: ["l1", "l2"] });
    const d = fromEnvelope(
      env(
        {
          l1: { results: [{ ...a, labels__id: "l1" }], total_results: 1 },
          l2: { results: [{ ...a, labels__id: "l2" }], total_results: 3 },
        },
        { grouped_by: "labels__id" },
      ),
    );
    expect(d.groupOrder).toEqual(["l1", "l2"]);
    expect(d.groups.l2).toMatchObject({ ids: [a.id], total: 3, pages: 1 });
    load(d);
    expect(store.get(a.id)?.label_ids).toEqual(["l1", "l2"]);
    expect("labels__id" in store.get(a.id)!).toBe(false);
    const s = fromEnvelope(
      env(
        {
          s1: {
            results: { urgent: { results: [a], total_results: 1 }, none: { results: [], total_results: 0 } },
            total_results: 1,
          },
        },
        { grouped_by: "state_id", sub_grouped_by: "priority" },
      ),
    );
    expect(s.subGroupOrder).toEqual(["urgent", "none"]);
    expect(s.groups.s1.sub?.urgent.ids).toEqual([a.id]);
  });
});

describe("pages", () => {
  it("appends a flat page without duplicates", () => {
    const a = item();
    const b = item();
    const d = appendFlatPage(
      fromEnvelope(env([a], { total_count: 2, next_page_results: true })),
      env([a, b], { total_count: 2 }),
    );
    expect(d.ids).toEqual([a.id, b.id]);
    expect(d.nextPage).toBe(2);
    expect(d.hasMore).toBe(false);
  });
  it("appends a group's load-more page to that group only", () => {
    const a = item();
    const b = item();
    const d0 = fromEnvelope(
      env(
        { s1: { results: [a], total_results: 2 }, s2: { results: [], total_results: 0 } },
        { grouped_by: "state_id" },
      ),
    );
    const d = appendGroupPage(d0, "s1", null, env([b]));
    expect(d.groups.s1).toMatchObject({ ids: [a.id, b.id], pages: 2 });
    expect(d.groups.s2.ids).toEqual([]);
  });
  it("counts the pages a list holds, so that reading it again asks for as many, and marks them loaded", () => {
    const [a, b, c] = [item(), item(), item()];
    const flat = appendFlatPage(fromEnvelope(env([a], { next_page_results: true })), env([b]));
    expect(loadedPages(undefined)).toBe(1);
    expect(loadedPages(flat)).toBe(2);
    const again = asPagesLoaded(fromEnvelope(env([a, b], { next_page_results: true })), 2);
    expect(again).toMatchObject({ ids: [a.id, b.id], nextPage: 2, hasMore: true });

    const grouped = fromEnvelope(
      env(
        {
          s1: { results: { p1: { results: [a], total_results: 3 } }, total_results: 3 },
          s2: { results: { p1: { results: [c], total_results: 1 } }, total_results: 1 },
        },
        { grouped_by: "state_id", sub_grouped_by: "priority" },
      ),
    );
    expect(loadedPages(grouped)).toBe(1);
    const more = appendGroupPage(appendGroupPage(grouped, "s1", "p1", env([b])), "s1", "p1", env([]));
    expect(loadedPages(more)).toBe(3);
    const read = asPagesLoaded(grouped, 3);
    expect(read.groups.s1).toMatchObject({ pages: 3, sub: { p1: { pages: 3, ids: [a.id] } } });
    expect(read.groups.s2.sub?.p1?.pages).toBe(3);
    expect(asPagesLoaded(grouped, 1)).toBe(grouped);
  });
});

describe("optimistic moves", () => {
  it("moves an item to the group of its new state and keeps totals", () => {
    const a = item({ state_id: "s1", sort_order: 100 });
    const b = item({ state_id: "s2", sort_order: 50 });
    const c = item({ state_id: "s2", sort_order: 150 });
    const d0 = load(
      fromEnvelope(
        env(
          { s1: { results: [a], total_results: 1 }, s2: { results: [b, c], total_results: 2 } },
          { grouped_by: "state_id" },
        ),
      ),
    );
    const d = patchItem(d0, a.id, { state_id: "s2" }, bySort);
    expect(d.groups.s1).toMatchObject({ ids: [], total: 0 });
    expect(d.groups.s2).toMatchObject({ ids: [b.id, a.id, c.id], total: 3 });
    expect(store.get(a.id)?.state_id).toBe("s2");
  });
  it("creates a missing group before None for multi-valued groupings and removes empty values to None", () => {
    const a = item({ label_ids: ["l1"] });
    const d0 = load(
      fromEnvelope(
        env(
          { l1: { results: [a], total_results: 1 }, None: { results: [], total_results: 0 } },
          { grouped_by: "labels__id" },
        ),
      ),
    );
    const d = patchItem(d0, a.id, { label_ids: ["l1", "l9"] }, bySort);
    expect(d.groupOrder).toEqual(["l1", "l9", "None"]);
    expect(d.groups.l9.ids).toEqual([a.id]);
    const e = patchItem(d, a.id, { label_ids: [] }, bySort);
    expect(e.groups.None.ids).toEqual([a.id]);
    expect(e.groups.l1.ids).toEqual([]);
    expect(e.groups.l9.total).toBe(0);
  });
  it("re-sorts within a group when sort_order changes", () => {
    const a = item({ sort_order: 1 });
    const b = item({ sort_order: 2 });
    const d0 = load(fromEnvelope(env({ s1: { results: [a, b], total_results: 2 } }, { grouped_by: "state_id" })));
    expect(patchItem(d0, b.id, { sort_order: 0 }, bySort).groups.s1.ids).toEqual([b.id, a.id]);
  });
  it("moves between sub-groups", () => {
    const a = item({ priority: "high" });
    const d0 = load(
      fromEnvelope(
        env(
          { s1: { results: { high: { results: [a], total_results: 1 } }, total_results: 1 } },
          { grouped_by: "state_id", sub_grouped_by: "priority" },
        ),
      ),
    );
    const d = patchItem(d0, a.id, { priority: "low" }, bySort);
    expect(d.groups.s1.sub?.high.ids).toEqual([]);
    expect(d.groups.s1.sub?.low.ids).toEqual([a.id]);
    expect(d.subGroupOrder).toEqual(["high", "low"]);
    expect(d.groups.s1.total).toBe(1);
  });
  it("leaves lists that do not hold the item alone", () => {
    const d0 = load(fromEnvelope(env([item()])));
    const other = item();
    store.put([other]);
    expect(patchItem(d0, other.id, { state_id: "s9" }, bySort)).toBe(d0);
    expect(patchItem(d0, d0.ids[0], { name: "Renamed" }, bySort)).toBe(d0);
  });
  it("inserts and removes items", () => {
    const a = item({ sort_order: 5 });
    const d0 = load(fromEnvelope(env([a], { total_count: 1 })));
    const b = item({ sort_order: 1 });
    store.put([b]);
    const d1 = insertItem(d0, b, get, bySort);
    expect(d1.ids).toEqual([b.id, a.id]);
    expect(d1.total).toBe(2);
    const d2 = removeItem(d1, a.id);
    expect(d2.ids).toEqual([b.id]);
    expect(d2.total).toBe(1);
    expect(allIds(d2)).toEqual([b.id]);
  });
});

describe("ordering", () => {
  it("sorts like the server: nulls last both ways, ties by -created_at", () => {
    const a = item({ target_date: "2025-02-01" });
    const b = item({ target_date: null });
    const c = item({ target_date: "2025-01-01" });
    const d = item({ target_date: "2025-01-01" });
    expect([a, b, c, d].sort(makeComparator("target_date")).map((x) => x.id)).toEqual([d.id, c.id, a.id, b.id]);
    expect([a, b, c, d].sort(makeComparator("-target_date")).map((x) => x.id)).toEqual([a.id, d.id, c.id, b.id]);
  });
  it("ranks priorities urgent first for -priority", () => {
    const xs = (["low", "urgent", "none", "high"] as const).map((p) => item({ priority: p }));
    expect(xs.sort(makeComparator("-priority")).map((x) => x.priority)).toEqual(["urgent", "high", "low", "none"]);
  });
  it("sorts by the work item type's name, items without a type last", () => {
    const a = item({ type_id: "t1" });
    const b = item({ type_id: "t2" });
    const c = item({ type_id: null });
    const types: Record<string, string> = { t1: "Story", t2: "Bug" };
    const lk = { typeName: (id: string | null) => types[id ?? ""] ?? null };
    expect([a, b, c].sort(makeComparator("type__name", lk)).map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect([a, b, c].sort(makeComparator("-type__name", lk)).map((x) => x.id)).toEqual([a.id, b.id, c.id]);
  });
  it("sorts by looked-up names", () => {
    const a = item({ state_id: "x" });
    const b = item({ state_id: "y" });
    const names: Record<string, string> = { x: "Todo", y: "Backlog" };
    expect([a, b].sort(makeComparator("state__name", { stateName: (id) => names[id ?? ""] })).map((x) => x.id)).toEqual(
      [b.id, a.id],
    );
  });
});

describe("itemGroupKeys", () => {
  it("gives None for empty values and each value for multi-valued groupings", () => {
    expect(itemGroupKeys(item({ cycle_id: null }), "cycle_id")).toEqual(["None"]);
    expect(itemGroupKeys(item({ assignee_ids: ["a", "b"] }), "assignees__id")).toEqual(["a", "b"]);
    expect(itemGroupKeys(item({ module_ids: [] }), "issue_module__module_id")).toEqual(["None"]);
    expect(itemGroupKeys(item({ priority: "high" }), "priority")).toEqual(["high"]);
  });
});

describe("hierarchyRows", () => {
  it("nests children under parents in the same list and survives parent cycles", () => {
    const p = item();
    const c = item({ parent_id: p.id });
    const g = item({ parent_id: c.id });
    const o = item({ parent_id: "elsewhere" });
    const items = new Map([p, c, g, o].map((x) => [x.id, x]));
    expect(hierarchyRows([g.id, o.id, c.id, p.id], (id) => items.get(id))).toEqual([
      { id: o.id, depth: 0 },
      { id: p.id, depth: 0 },
      { id: c.id, depth: 1 },
      { id: g.id, depth: 2 },
    ]);
    const x = item();
    const y = item({ parent_id: x.id });
    x.parent_id = y.id;
    expect(
      hierarchyRows([x.id, y.id], (id) => (id === x.id ? x : id === y.id ? y : undefined))
        .map((r) => r.id)
        .sort(),
    ).toEqual([x.id, y.id].sort());
  });
});

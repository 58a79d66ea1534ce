import { afterEach, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { WorkItem, WorkItemDetail } from "./work-items-types.ts";
import { env, item } from "./work-items-test-data.ts";
import { allIds, fromEnvelope, type ListData } from "./work-items-list-data.ts";
import { detailWithRecord, ItemStore, itemStore } from "./work-item-store.ts";
import { editItem, restore, snapshotWithTeams, wiKeys, type ListDesc } from "./work-items.ts";

/**
 * The web's one store of work items (issue #28 point 7): items live once by id; the cached lists keep their structure
 * and read the item from the store, so an edit writes one record (not every list's copy) and its rollback restores it.
 */
const desc = (params: Record<string, string>): ListDesc => ({
  slug: "w",
  pid: "p",
  kind: "issues",
  layout: "list",
  params,
  perPage: 50,
});
const detailOf = (it: WorkItem): WorkItemDetail =>
  ({
    ...it,
    task_count: 0,
    is_epic: false,
    deleted_at: null,
    description_html: "<p>Text</p>",
    is_subscribed: false,
    is_intake: false,
    issue_reactions: [],
  }) as WorkItemDetail;

let qc: QueryClient;
afterEach(() => qc?.clear());

/** Two cached lists holding `a` (flat by creation, grouped by state) and its detail, as the screens load them. */
async function arrange() {
  qc = new QueryClient();
  const store = itemStore(qc);
  const a = item({ state_id: "s1" });
  const b = item({ state_id: "s2" });
  const flat = wiKeys.list(desc({ order_by: "-created_at" }));
  const byState = wiKeys.list(desc({ group_by: "state_id", order_by: "sort_order" }));
  await qc.fetchQuery({ queryKey: flat, queryFn: () => fromEnvelope(env([b, a], { total_count: 2 })) });
  await qc.fetchQuery({
    queryKey: byState,
    queryFn: () =>
      fromEnvelope(
        env(
          { s1: { results: [{ ...a }], total_results: 1 }, s2: { results: [{ ...b }], total_results: 1 } },
          { grouped_by: "state_id" },
        ),
      ),
  });
  const detail = wiKeys.detail("w", "p", a.id);
  await qc.fetchQuery({ queryKey: detail, queryFn: () => detailOf(a) });
  return { store, a, b, flat, byState, detail };
}

const list = (key: readonly unknown[]) => qc.getQueryData<ListData>(key)!;
const shown = (key: readonly unknown[]) => allIds(list(key)).map((id) => itemStore(qc).get(id)?.name);

describe("the item store of a query client", () => {
  it("holds each item once, taken from the pages as they enter the cache (the cached lists keep only ids)", async () => {
    const { store, a, flat, byState } = await arrange();
    expect(store.size).toBe(2);
    expect(list(flat).incoming).toBeUndefined();
    expect(list(byState).groups.s1.ids).toEqual([a.id]);
    expect(JSON.stringify(list(flat))).not.toContain(a.name);
  });

  it("an edit writes the one record: both lists and the detail read the new value, and no list is copied", async () => {
    const { store, a, flat, byState, detail } = await arrange();
    const before = { flat: list(flat), byState: list(byState), detail: qc.getQueryData(detail) };
    editItem(qc, "w", "p", a.id, { name: "Renamed" }, {});
    expect(store.get(a.id)?.name).toBe("Renamed");
    expect(shown(flat)).toContain("Renamed");
    expect(shown(byState)).toContain("Renamed");
    expect(detailWithRecord(qc.getQueryData<WorkItemDetail>(detail)!, store.get(a.id)).name).toBe("Renamed");
    // nothing but the record was written: the lists' structures and the detail's answer are the same objects
    expect(list(flat)).toBe(before.flat);
    expect(list(byState)).toBe(before.byState);
    expect(qc.getQueryData(detail)).toBe(before.detail);
  });

  it("a change of a grouping field moves the item only in the list grouped by it", async () => {
    const { a, b, flat, byState } = await arrange();
    const flatBefore = list(flat);
    editItem(qc, "w", "p", a.id, { state_id: "s2" }, {});
    expect(list(byState).groups.s1).toMatchObject({ ids: [], total: 0 });
    expect(list(byState).groups.s2).toMatchObject({ ids: [a.id, b.id], total: 2 });
    expect(list(flat)).toBe(flatBefore);
  });

  it("a refused edit's rollback restores the one record and the lists it moved", async () => {
    const { store, a, byState, detail } = await arrange();
    const record = store.get(a.id);
    const grouped = list(byState);
    const snap = snapshotWithTeams(qc, "w", wiKeys.lists("w", "p"), [a.id]);
    editItem(qc, "w", "p", a.id, { state_id: "s2", name: "Moved" }, {});
    restore(qc, snap);
    expect(store.get(a.id)).toBe(record);
    expect(list(byState)).toEqual(grouped);
    expect(detailWithRecord(qc.getQueryData<WorkItemDetail>(detail)!, store.get(a.id)).name).toBe(a.name);
  });

  it("a list answer that was cancelled (an edit started meanwhile) never reaches the store", async () => {
    const { store, a } = await arrange();
    let answer: (d: ListData) => void = () => {};
    const key = wiKeys.list(desc({ order_by: "name" }));
    const fetching = qc.fetchQuery({ queryKey: key, queryFn: () => new Promise<ListData>((r) => (answer = r)) });
    await qc.cancelQueries({ queryKey: key });
    editItem(qc, "w", "p", a.id, { name: "Edited meanwhile" }, {});
    answer(fromEnvelope(env([{ ...a, name: "Read before the edit" }])));
    await fetching.catch(() => undefined);
    expect(store.get(a.id)?.name).toBe("Edited meanwhile");
  });

  it("a detail written by hand (a reaction) leaves the record alone; a detail fetched writes its row fields", async () => {
    const { store, a, detail } = await arrange();
    editItem(qc, "w", "p", a.id, { priority: "high" }, {});
    qc.setQueryData<WorkItemDetail>(detail, (d) => d && { ...d, issue_reactions: [] });
    expect(store.get(a.id)?.priority).toBe("high");
    await qc.fetchQuery({
      queryKey: detail,
      queryFn: () => detailOf({ ...a, priority: "low", updated_at: "2025-02-01T00:00:00Z" }),
      staleTime: 0,
    });
    expect(store.get(a.id)?.priority).toBe("low");
    expect(store.get(a.id)).not.toHaveProperty("issue_reactions");
  });

  it("forgets the items no cached list or detail holds any more", async () => {
    const { store, a, b, flat, byState, detail } = await arrange();
    qc.removeQueries({ queryKey: byState, exact: true });
    qc.removeQueries({ queryKey: flat, exact: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.has(a.id)).toBe(true); // its detail is still cached
    expect(store.has(b.id)).toBe(false);
    qc.removeQueries({ queryKey: detail, exact: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.size).toBe(0);
  });
});

describe("ItemStore", () => {
  it("keeps a newer record over an older answer, and the same object for an equal one", () => {
    const s = new ItemStore();
    const a = item({ updated_at: "2025-03-01T00:00:00Z" });
    s.put([a]);
    const held = s.get(a.id);
    s.put([{ ...a, name: "Older", updated_at: "2025-02-01T00:00:00Z" }]);
    expect(s.get(a.id)?.name).toBe(a.name);
    s.put([{ ...a, label_ids: [] }]);
    expect(s.get(a.id)).toBe(held);
  });

  it("tells the readers of a record, and only them, when it changes", () => {
    const s = new ItemStore();
    const [a, b] = [item(), item()];
    s.put([a, b]);
    const told: string[] = [];
    s.subscribe(a.id, () => told.push("a"));
    s.subscribe(b.id, () => told.push("b"));
    s.patch(a.id, { name: "x" });
    s.patch(a.id, { name: "x" });
    expect(told).toEqual(["a"]);
  });

  it("strips the group key a grouped page adds to its rows", () => {
    const s = new ItemStore();
    const a = item({ label_ids: ["l1"] });
    s.put([{ ...a, labels__id: "l1" }]);
    expect(s.get(a.id)).not.toHaveProperty("labels__id");
  });

  it("waits for a record a list brings (a pending item's detail opened before its list)", async () => {
    const s = new ItemStore();
    const a = item();
    const waiting = s.whenHeld(a.id, 1000);
    s.put([a]);
    expect((await waiting)?.id).toBe(a.id);
    expect(await s.whenHeld("missing", 0)).toBeUndefined();
  });
});

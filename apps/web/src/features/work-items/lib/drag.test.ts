import { describe, expect, it } from "vitest";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { dropPatch, indexFromPointer } from "./drag.ts";

const mk = (id: string, sort_order: number, p: Partial<WorkItem> = {}) => ({ id, sort_order, label_ids: [], assignee_ids: [], module_ids: [], ...p }) as unknown as WorkItem;
const items = { a: mk("a", 1000), b: mk("b", 2000), c: mk("c", 3000), x: mk("x", 500, { label_ids: ["l1", "l2"] }) };
const base = { groupBy: "state_id", subGroupBy: null, fromSub: null, toSub: null, items, manual: true };

describe("dropPatch", () => {
  it("moving to another state column sets the state and a sort order between neighbours", () => {
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 1 })).toEqual({ state_id: "s2", sort_order: 2500 });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 0 })).toEqual({ state_id: "s2", sort_order: 2000 - 10000 });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 2 })).toEqual({ state_id: "s2", sort_order: 3000 + 10000 });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: [], index: 0 })).toEqual({ state_id: "s2", sort_order: 65535 });
  });
  it("reorders within a column only with manual order, and not onto its own place", () => {
    expect(dropPatch({ ...base, item: items.c, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 0 })).toEqual({ sort_order: 1000 - 10000 });
    expect(dropPatch({ ...base, item: items.b, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 1 })).toBeNull();
    expect(dropPatch({ ...base, manual: false, item: items.c, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 0 })).toBeNull();
    expect(dropPatch({ ...base, manual: false, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b"], index: 0 })).toEqual({ state_id: "s2" });
  });
  it("refuses group types outside the allowed list", () => {
    expect(dropPatch({ ...base, groupBy: "created_by", item: items.a, fromKey: "u1", toKey: "u2", targetIds: [], index: 0 })).toBeNull();
    expect(dropPatch({ ...base, groupBy: "state__group", item: items.a, fromKey: "backlog", toKey: "started", targetIds: [], index: 0 })).toBeNull();
  });
  it("swaps the dragged label for the target label; None clears", () => {
    expect(dropPatch({ ...base, manual: false, groupBy: "labels__id", item: items.x, fromKey: "l1", toKey: "l3", targetIds: [], index: 0 })).toEqual({ label_ids: ["l2", "l3"] });
    expect(dropPatch({ ...base, manual: false, groupBy: "labels__id", item: items.x, fromKey: "l1", toKey: "None", targetIds: [], index: 0 })).toEqual({ label_ids: [] });
  });
  it("changes the sub-group too", () => {
    expect(dropPatch({ ...base, manual: false, subGroupBy: "priority", item: items.a, fromKey: "s1", toKey: "s2", fromSub: "low", toSub: "high", targetIds: [], index: 0 })).toEqual({ state_id: "s2", priority: "high" });
  });
  it("finds the insertion index from the pointer", () => {
    expect(indexFromPointer(5, [10, 30, 50])).toBe(0);
    expect(indexFromPointer(35, [10, 30, 50])).toBe(2);
    expect(indexFromPointer(99, [10, 30, 50])).toBe(3);
  });
});

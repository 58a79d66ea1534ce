import { describe, expect, it } from "vitest";
import type { WorkItem } from "../../../api/work-items-types.ts";
import {
  cellAccepts,
  cellId,
  cellInOwnProject,
  dropPatch,
  itemsDraggable,
  parseCell,
  workflowRefusal,
} from "./drag.ts";

const mk = (id: string, sort_order: number, p: Partial<WorkItem> = {}) =>
  ({ id, sort_order, label_ids: [], assignee_ids: [], module_ids: [], ...p }) as unknown as WorkItem;
const items = { a: mk("a", 1000), b: mk("b", 2000), c: mk("c", 3000), x: mk("x", 500, { label_ids: ["l1", "l2"] }) };
const base = { groupBy: "state_id", subGroupBy: null, fromSub: null, toSub: null, items, manual: true };

describe("dropPatch", () => {
  it("moving to another state column sets the state and a sort order between neighbours", () => {
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 1 })).toEqual({
      state_id: "s2",
      sort_order: 2500,
    });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 0 })).toEqual({
      state_id: "s2",
      sort_order: 2000 - 10000,
    });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b", "c"], index: 2 })).toEqual({
      state_id: "s2",
      sort_order: 3000 + 10000,
    });
    expect(dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s2", targetIds: [], index: 0 })).toEqual({
      state_id: "s2",
      sort_order: 65535,
    });
  });
  it("reorders within a column only with manual order, and not onto its own place", () => {
    expect(
      dropPatch({ ...base, item: items.c, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 0 }),
    ).toEqual({ sort_order: 1000 - 10000 });
    expect(
      dropPatch({ ...base, item: items.b, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 1 }),
    ).toBeNull();
    expect(
      dropPatch({
        ...base,
        manual: false,
        item: items.c,
        fromKey: "s1",
        toKey: "s1",
        targetIds: ["a", "b", "c"],
        index: 0,
      }),
    ).toBeNull();
    expect(
      dropPatch({ ...base, manual: false, item: items.a, fromKey: "s1", toKey: "s2", targetIds: ["b"], index: 0 }),
    ).toEqual({ state_id: "s2" });
  });
  it("refuses group types outside the allowed list", () => {
    expect(
      dropPatch({ ...base, groupBy: "created_by", item: items.a, fromKey: "u1", toKey: "u2", targetIds: [], index: 0 }),
    ).toBeNull();
    expect(
      dropPatch({
        ...base,
        groupBy: "state__group",
        item: items.a,
        fromKey: "backlog",
        toKey: "started",
        targetIds: [],
        index: 0,
      }),
    ).toBeNull();
  });
  it("swaps the dragged label for the target label; None clears", () => {
    expect(
      dropPatch({
        ...base,
        manual: false,
        groupBy: "labels__id",
        item: items.x,
        fromKey: "l1",
        toKey: "l3",
        targetIds: [],
        index: 0,
      }),
    ).toEqual({ label_ids: ["l2", "l3"] });
    expect(
      dropPatch({
        ...base,
        manual: false,
        groupBy: "labels__id",
        item: items.x,
        fromKey: "l1",
        toKey: "None",
        targetIds: [],
        index: 0,
      }),
    ).toEqual({ label_ids: [] });
  });
  it("changes the sub-group too", () => {
    expect(
      dropPatch({
        ...base,
        manual: false,
        subGroupBy: "priority",
        item: items.a,
        fromKey: "s1",
        toKey: "s2",
        fromSub: "low",
        toSub: "high",
        targetIds: [],
        index: 0,
      }),
    ).toEqual({ state_id: "s2", priority: "high" });
  });
  it("puts a card dropped into the middle of another column between its new neighbours", () => {
    const d = { ...items, m: mk("m", 900) };
    expect(
      dropPatch({ ...base, items: d, item: d.m, fromKey: "s1", toKey: "s2", targetIds: ["a", "b", "c"], index: 2 }),
    ).toEqual({ state_id: "s2", sort_order: 2500 });
  });
  it("moves down within a column between the items it passes", () => {
    expect(
      dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 1 }),
    ).toEqual({ sort_order: 2500 });
    expect(
      dropPatch({ ...base, item: items.a, fromKey: "s1", toKey: "s1", targetIds: ["a", "b", "c"], index: 2 }),
    ).toEqual({ sort_order: 13000 });
  });
});

describe("cells", () => {
  it("round-trips group and sub-group keys", () => {
    expect(parseCell(cellId("s1", null))).toEqual({ key: "s1", sub: null });
    expect(parseCell(cellId("s1", "high"))).toEqual({ key: "s1", sub: "high" });
  });
  it("accepts its own cell, other groups of allowed types, and not a group the item is already in", () => {
    expect(cellAccepts(items.a, "created_by", null, "u1|", "u1|")).toBe(true);
    expect(cellAccepts(items.a, "created_by", null, "u1|", "u2|")).toBe(false);
    expect(cellAccepts(items.a, "state_id", null, "s1|", "s2|")).toBe(true);
    expect(cellAccepts(items.a, "state_id", null, "s1|", "None|")).toBe(false);
    expect(cellAccepts(items.x, "labels__id", null, "l1|", "l2|")).toBe(false);
    expect(cellAccepts(items.x, "labels__id", null, "l1|", "l3|")).toBe(true);
    expect(cellAccepts(items.a, "state_id", "created_by", "s1|u1", "s2|u1")).toBe(true);
    expect(cellAccepts(items.a, "state_id", "created_by", "s1|u1", "s1|u2")).toBe(false);
  });
  it("items drag when the order is manual or the grouping may change", () => {
    expect(itemsDraggable(null, null, true)).toBe(true);
    expect(itemsDraggable(null, null, false)).toBe(false);
    expect(itemsDraggable("state__group", null, false)).toBe(false);
    expect(itemsDraggable("priority", null, false)).toBe(true);
  });
});

describe("workflowRefusal", () => {
  const item = mk("a", 1000, { state_id: "s1" });
  const verdict = (from: string | null, to: string) =>
    to === "s3"
      ? { ok: false as const, reason: "transition" as const, message: `no ${from} → ${to}` }
      : { ok: true as const };
  it("asks the workflow about the state a drop would move the item to, in columns or in swimlanes", () => {
    expect(workflowRefusal(item, "state_id", null, cellId("s1", null), cellId("s3", null), verdict)).toBe("no s1 → s3");
    expect(workflowRefusal(item, "state_id", null, cellId("s1", null), cellId("s2", null), verdict)).toBeNull();
    expect(workflowRefusal(item, "priority", "state_id", cellId("high", "s1"), cellId("low", "s3"), verdict)).toBe(
      "no s1 → s3",
    );
  });
  it("has nothing to say about drops that change no state", () => {
    expect(workflowRefusal(item, "state_id", null, cellId("s1", null), cellId("s1", null), verdict)).toBeNull();
    expect(workflowRefusal(item, "priority", null, cellId("high", null), cellId("s3", null), verdict)).toBeNull();
    expect(
      workflowRefusal(item, "state_id", "priority", cellId("s1", "high"), cellId("s1", "low"), verdict),
    ).toBeNull();
    expect(workflowRefusal(undefined, "state_id", null, cellId("s1", null), cellId("s3", null), verdict)).toBeNull();
  });
});

describe("cellInOwnProject", () => {
  // the item's project has states s1, s2 and label l1; s9 and l9 are another project's
  const owns = (by: string, key: string) => (by === "state_id" ? ["s1", "s2"] : ["l1"]).includes(key);
  it("in a list across projects, takes a group of the item's own project only", () => {
    expect(cellInOwnProject("state_id", null, cellId("s1", null), cellId("s2", null), owns)).toBe(true);
    expect(cellInOwnProject("state_id", null, cellId("s1", null), cellId("s9", null), owns)).toBe(false);
    expect(cellInOwnProject("priority", "state_id", cellId("high", "s1"), cellId("low", "s9"), owns)).toBe(false);
    expect(cellInOwnProject("labels__id", null, cellId("l1", null), cellId("None", null), owns)).toBe(true);
    expect(cellInOwnProject("labels__id", null, cellId("None", null), cellId("l9", null), owns)).toBe(false);
  });
  it("has no say over groupings that are no project's", () => {
    expect(cellInOwnProject("priority", null, cellId("high", null), cellId("low", null), owns)).toBe(true);
    expect(cellInOwnProject("state_id", "priority", cellId("s9", "high"), cellId("s9", "low"), owns)).toBe(true);
  });
});

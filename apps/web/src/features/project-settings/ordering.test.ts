import { describe, expect, it } from "vitest";
import type { Label, State } from "../../api/types.ts";
import {
  descendantIds,
  flattenTree,
  groupStates,
  labelDropPatch,
  labelLine,
  labelOrigin,
  labelPlace,
  labelPointerSlot,
  labelReparentSortOrder,
  labelStep,
  labelTree,
  stateDropSequence,
} from "./ordering.ts";

const st = (id: string, group: string, sequence: number): State => ({
  id,
  group,
  sequence,
  name: id,
  color: "#000",
  default: false,
  description: "",
  project_id: "p",
  workspace_id: "w",
  order: 0,
});
const lb = (id: string, sort_order: number, parent: string | null = null): Label => ({
  id,
  name: id,
  sort_order,
  parent,
  color: "#000",
  project_id: "p",
  workspace_id: "w",
});

describe("groupStates", () => {
  it("orders groups backlog → cancelled and hides triage", () => {
    const g = groupStates([
      st("done", "completed", 45000),
      st("tri", "triage", 65000),
      st("b2", "backlog", 20000),
      st("b1", "backlog", 15000),
    ]);
    expect(g.map((x) => x.group)).toEqual(["backlog", "unstarted", "started", "completed", "cancelled"]);
    expect(g[0].states.map((s) => s.id)).toEqual(["b1", "b2"]);
    expect(g.flatMap((x) => x.states).some((s) => s.id === "tri")).toBe(false);
  });
});

describe("stateDropSequence", () => {
  const g = [st("a", "started", 100000), st("b", "started", 200000), st("c", "started", 300000)];
  it("drops at the top with the 65535 offset", () => expect(stateDropSequence(g, "b", 0)).toBe(100000 - 65535));
  it("drops at the bottom with the 65535 offset", () => expect(stateDropSequence(g, "a", 2)).toBe(300000 + 65535));
  it("takes the midpoint of the new neighbours", () => {
    expect(stateDropSequence(g, "a", 1)).toBe(250000);
    expect(stateDropSequence(g, "c", 1)).toBe(150000);
  });
});

describe("labels", () => {
  const labels = [
    lb("b", 20),
    lb("a", 10),
    lb("a2", 2, "a"),
    lb("a1", 1, "a"),
    lb("a1x", 1, "a1"),
    lb("orphan", 5, "missing"),
  ];
  it("builds a tree with siblings by sort_order; unknown parents become roots", () => {
    const flat = flattenTree(labelTree(labels));
    expect(flat.map((l) => `${"-".repeat(l.depth)}${l.id}`)).toEqual(["orphan", "a", "-a1", "--a1x", "-a2", "b"]);
  });
  it("finds descendants", () => expect([...descendantIds(labels, "a")].sort()).toEqual(["a", "a1", "a1x", "a2"]));
  it("reparents to the end of the new siblings", () => {
    expect(labelReparentSortOrder([lb("x", 10), lb("y", 70000)])).toBe(80000);
    expect(labelReparentSortOrder([])).toBe(65535);
  });
});

describe("label drag and drop", () => {
  // a (a1, a2), b, c — sort orders 10, 20, 30; children 1, 2
  const tree = () =>
    flattenTree(labelTree([lb("a", 10), lb("b", 20), lb("c", 30), lb("a1", 1, "a"), lb("a2", 2, "a")]));

  it("starts at the label's place among its siblings", () => {
    expect(labelOrigin(tree(), "b")).toEqual({ parent: null, index: 1 });
    expect(labelOrigin(tree(), "a2")).toEqual({ parent: "a", index: 1 });
  });

  it("moves up and down among siblings, nests right under the label above, and un-nests left after its parent", () => {
    const f = tree();
    expect(labelStep(f, { parent: null, index: 2 }, "up", "c")).toEqual({ parent: null, index: 1 });
    expect(labelStep(f, { parent: null, index: 0 }, "up", "c")).toBeNull();
    expect(labelStep(f, { parent: null, index: 2 }, "down", "c")).toBeNull();
    expect(labelStep(f, { parent: null, index: 1 }, "right", "b")).toEqual({ parent: "a", index: 2 });
    expect(labelStep(f, { parent: null, index: 0 }, "right", "b")).toBeNull();
    expect(labelStep(f, { parent: "a", index: 0 }, "left", "a1")).toEqual({ parent: null, index: 1 });
    expect(labelStep(f, { parent: null, index: 0 }, "left", "a")).toBeNull();
  });

  it("reads the pointer: before, after, or onto a label (never into the dragged label's own subtree)", () => {
    const f = tree();
    expect(labelPointerSlot(f, "c", "reorder-before", "b", new Set(["b"]))).toEqual({ parent: null, index: 1 });
    expect(labelPointerSlot(f, "c", "reorder-after", "b", new Set(["b"]))).toEqual({ parent: null, index: 2 });
    expect(labelPointerSlot(f, "c", "combine", "b", new Set(["b"]))).toEqual({ parent: "c", index: 0 });
    expect(labelPointerSlot(f, "a1", "combine", "a", new Set(["a", "a1", "a2"]))).toBeNull();
  });

  it("patches the sort order among the new siblings, and the parent only when it changed", () => {
    const f = tree();
    expect(labelDropPatch(f, { parent: null, index: 0 }, "c")).toEqual({ sort_order: 5 });
    expect(labelDropPatch(f, { parent: null, index: 1 }, "a")).toEqual({ sort_order: 25 });
    expect(labelDropPatch(f, { parent: null, index: 2 }, "a")).toEqual({ sort_order: 30 + 10000 });
    expect(labelDropPatch(f, { parent: "a", index: 1 }, "b")).toEqual({ parent: "a", sort_order: 1.5 });
    expect(labelDropPatch(f, { parent: "a", index: 2 }, "c")).toEqual({ parent: "a", sort_order: 10002 });
    expect(labelDropPatch(f, { parent: null, index: 3 }, "a1")).toEqual({ parent: null, sort_order: 10030 });
    expect(labelDropPatch(f, { parent: null, index: 1 }, "b")).toBeNull();
  });

  it("draws the line above the label it lands before, or below the subtree it lands after, at the landing level", () => {
    const f = tree();
    expect(labelLine(f, { parent: null, index: 1 }, "c")).toEqual({ id: "b", edge: "top", depth: 0 });
    expect(labelLine(f, { parent: null, index: 2 }, "c")).toEqual({ id: "b", edge: "bottom", depth: 0 });
    expect(labelLine(f, { parent: "a", index: 2 }, "c")).toEqual({ id: "a2", edge: "bottom", depth: 1 });
    expect(labelLine(f, { parent: "c", index: 0 }, "b")).toEqual({ id: "c", edge: "bottom", depth: 1 });
    expect(labelLine(f, { parent: null, index: 3 }, "a1")).toEqual({ id: "c", edge: "bottom", depth: 0 });
  });

  it("says where the label is", () => {
    expect(labelPlace(tree(), { parent: "a", index: 0 }, "b")).toBe("position 1 of 3 under a");
    expect(labelPlace(tree(), { parent: null, index: 0 }, "c")).toBe("position 1 of 3 at the top level");
  });
});

import { describe, expect, it } from "vitest";
import type { Label, State } from "../../api/types.ts";
import { descendantIds, flattenTree, groupStates, labelReparentSortOrder, labelStepSortOrder, labelTree, stateMoveSequence } from "./ordering.ts";

const st = (id: string, group: string, sequence: number): State =>
  ({ id, group, sequence, name: id, color: "#000", default: false, description: "", project_id: "p", workspace_id: "w" });
const lb = (id: string, sort_order: number, parent: string | null = null): Label =>
  ({ id, name: id, sort_order, parent, color: "#000", project_id: "p", workspace_id: "w" });

describe("groupStates", () => {
  it("orders groups backlog → cancelled and hides triage", () => {
    const g = groupStates([st("done", "completed", 45000), st("tri", "triage", 65000), st("b2", "backlog", 20000), st("b1", "backlog", 15000)]);
    expect(g.map((x) => x.group)).toEqual(["backlog", "unstarted", "started", "completed", "cancelled"]);
    expect(g[0].states.map((s) => s.id)).toEqual(["b1", "b2"]);
    expect(g.flatMap((x) => x.states).some((s) => s.id === "tri")).toBe(false);
  });
});

describe("stateMoveSequence", () => {
  const g = [st("a", "started", 100000), st("b", "started", 200000), st("c", "started", 300000)];
  it("moves to the top with the 65535 offset", () => expect(stateMoveSequence(g, 1, -1)).toBe(100000 - 65535));
  it("moves to the bottom with the 65535 offset", () => expect(stateMoveSequence(g, 1, 1)).toBe(300000 + 65535));
  it("takes the midpoint in between", () => expect(stateMoveSequence(g, 0, 1)).toBe(250000));
  it("refuses impossible moves", () => {
    expect(stateMoveSequence(g, 0, -1)).toBeUndefined();
    expect(stateMoveSequence(g, 2, 1)).toBeUndefined();
  });
});

describe("labels", () => {
  const labels = [lb("b", 20), lb("a", 10), lb("a2", 2, "a"), lb("a1", 1, "a"), lb("a1x", 1, "a1"), lb("orphan", 5, "missing")];
  it("builds a tree with siblings by sort_order; unknown parents become roots", () => {
    const flat = flattenTree(labelTree(labels));
    expect(flat.map((l) => `${"-".repeat(l.depth)}${l.id}`)).toEqual(["orphan", "a", "-a1", "--a1x", "-a2", "b"]);
  });
  it("finds descendants", () => expect([...descendantIds(labels, "a")].sort()).toEqual(["a", "a1", "a1x", "a2"]));
  it("steps among siblings", () => {
    const sib = [lb("x", 10), lb("y", 20), lb("z", 30)];
    expect(labelStepSortOrder(sib, 2, -1)).toBe(15);
    expect(labelStepSortOrder(sib, 1, -1)).toBe(5);
    expect(labelStepSortOrder(sib, 1, 1)).toBe(10030);
    expect(labelStepSortOrder(sib, 0, -1)).toBeUndefined();
  });
  it("reparents to the end of the new siblings", () => {
    expect(labelReparentSortOrder([lb("x", 10), lb("y", 70000)])).toBe(80000);
    expect(labelReparentSortOrder([])).toBe(65535);
  });
});

import { describe, expect, it } from "vitest";
import { scalarChange, setChanges } from "./activity.ts";

const base = { issueId: "i", projectId: "p", workspaceId: "w", actorId: "u" };

describe("activity helpers", () => {
  it("records a scalar change once, and nothing when unchanged", () => {
    expect(scalarChange(base, "priority", "none", "high")).toEqual([
      {
        ...base,
        verb: "updated",
        field: "priority",
        oldValue: "none",
        newValue: "high",
        oldIdentifier: null,
        newIdentifier: null,
      },
    ]);
    expect(scalarChange(base, "priority", "high", "high")).toEqual([]);
    expect(scalarChange(base, "start_date", null, undefined)).toEqual([]);
    expect(scalarChange(base, "state", "Todo", "Todo", { old: "s1", new: "s2" })).toHaveLength(1);
  });
  it("records one row per added and per removed id of a list", () => {
    const names: Record<string, string> = { a: "bug", b: "ui", c: "api" };
    const rows = setChanges(base, "labels", ["a", "b"], ["b", "c"], (id) => names[id]);
    expect(rows.map((r) => [r.oldValue, r.newValue, r.oldIdentifier ?? null, r.newIdentifier ?? null])).toEqual([
      ["", "api", null, "c"],
      ["bug", "", "a", null],
    ]);
    expect(setChanges(base, "labels", ["a"], ["a"], (id) => names[id])).toEqual([]);
  });
});

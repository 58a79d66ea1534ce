import { describe, expect, it } from "vitest";
import { arrowPath, blockEdges, isConflict } from "./relations.ts";

const rel = (id: string, relation_type: string) => ({ id, relation_type });

describe("blockEdges (timeline dependency arrows)", () => {
  it("reads the normalized relations of both sides once: blocker → blocked", () => {
    // a blocks b, stored as b blocked_by a: b lists a in issue_relation, a lists b in issue_related
    const items = {
      a: { id: "a", issue_relation: [], issue_related: [rel("b", "blocked_by")] },
      b: { id: "b", issue_relation: [rel("a", "blocked_by")], issue_related: [] },
      c: {
        id: "c",
        issue_relation: [rel("b", "blocked_by"), rel("a", "relates_to")],
        issue_related: [rel("a", "duplicate")],
      },
    };
    expect(blockEdges(items, ["a", "b", "c"])).toEqual([
      { from: "a", to: "b" },
      { from: "b", to: "c" },
    ]);
  });
  it("reads un-normalized blocking entries the other way round", () => {
    const items = {
      a: { id: "a", issue_relation: [rel("b", "blocking")] },
      b: { id: "b", issue_related: [rel("a", "blocking")] },
    };
    expect(blockEdges(items, ["a", "b"])).toEqual([{ from: "a", to: "b" }]);
  });
  it("draws nothing for items that are not in the list, or lists without relations", () => {
    const items = { a: { id: "a", issue_relation: [rel("elsewhere", "blocked_by")] }, b: { id: "b" } };
    expect(blockEdges(items, ["a", "b"])).toEqual([]);
    expect(blockEdges({ b: { id: "b", issue_relation: [rel("a", "blocked_by")] } }, ["b"])).toEqual([]);
  });
});

describe("arrowPath", () => {
  const H = 44;
  it("turns once when the blocked bar starts well to the right", () => {
    expect(arrowPath({ left: 0, width: 100, row: 0 }, { left: 160, width: 40, row: 2 }, H)).toBe(
      "M 100 22 H 112 V 110 H 160",
    );
    expect(arrowPath({ left: 0, width: 100, row: 3 }, { left: 160, width: 40, row: 1 }, H)).toBe(
      "M 100 154 H 112 V 66 H 160",
    );
  });
  it("runs back along the gap between the rows when the blocked bar starts before the blocker ends", () => {
    // down: the boundary above the blocked row; up: the one below it
    expect(arrowPath({ left: 100, width: 100, row: 0 }, { left: 120, width: 40, row: 1 }, H)).toBe(
      "M 200 22 H 212 V 44 H 108 V 66 H 120",
    );
    expect(arrowPath({ left: 100, width: 100, row: 2 }, { left: 50, width: 40, row: 0 }, H)).toBe(
      "M 200 110 H 212 V 44 H 38 V 22 H 50",
    );
  });
});

describe("isConflict", () => {
  it("flags a blocker due after the blocked item starts", () => {
    expect(
      isConflict(
        { start_date: "2026-01-01", target_date: "2026-01-10" },
        { start_date: "2026-01-05", target_date: "2026-01-20" },
      ),
    ).toBe(true);
    expect(
      isConflict(
        { start_date: "2026-01-01", target_date: "2026-01-05" },
        { start_date: "2026-01-05", target_date: null },
      ),
    ).toBe(false);
    expect(isConflict({ start_date: null, target_date: null }, { start_date: "2026-01-05", target_date: null })).toBe(
      false,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  gridStep,
  lineEdge,
  originSlot,
  pointerSlot,
  sameSlot,
  slotSentence,
  stepSlot,
  type SlotModel,
} from "./slots.ts";

// a board: three columns; "done" refuses the item, "todo" holds a, b, c
const cells: Record<string, string[]> = { backlog: ["x"], todo: ["a", "b", "c"], done: ["d"], review: [] };
const board = (opts: Partial<SlotModel> = {}): SlotModel => ({
  columns: [["backlog"], ["todo"], ["done"], ["review"]],
  items: (c) => cells[c] ?? [],
  accepts: (c) => c !== "done",
  ordered: () => true,
  name: (c) => c.toUpperCase(),
  ...opts,
});

describe("slots", () => {
  const m = board();
  it("starts at the item's own place", () => {
    expect(originSlot(m, "todo", "b")).toEqual({ container: "todo", index: 1 });
    expect(originSlot(board({ ordered: () => false }), "todo", "b")).toEqual({ container: "todo", index: 0 });
  });

  it("moves up and down inside a container, then into the neighbouring one of the column", () => {
    const list = board({ columns: [["backlog", "todo", "review"]] });
    expect(stepSlot(list, { container: "todo", index: 1 }, "up", "b", "todo")).toEqual({ container: "todo", index: 0 });
    expect(stepSlot(list, { container: "todo", index: 0 }, "up", "b", "todo")).toEqual({
      container: "backlog",
      index: 1,
    });
    expect(stepSlot(list, { container: "todo", index: 2 }, "down", "b", "todo")).toEqual({
      container: "review",
      index: 0,
    });
    expect(stepSlot(list, { container: "review", index: 0 }, "down", "b", "todo")).toBeNull();
  });

  it("moves left and right between columns, keeping the place where it fits and skipping refusing ones", () => {
    expect(stepSlot(m, { container: "todo", index: 2 }, "left", "b", "todo")).toEqual({
      container: "backlog",
      index: 1,
    });
    expect(stepSlot(m, { container: "todo", index: 1 }, "right", "b", "todo")).toEqual({
      container: "review",
      index: 0,
    });
    expect(stepSlot(m, { container: "backlog", index: 0 }, "left", "b", "todo")).toBeNull();
  });

  it("without manual order, arrows only change the container", () => {
    const m2 = board({ ordered: () => false, columns: [["backlog", "todo"]] });
    expect(stepSlot(m2, { container: "todo", index: 0 }, "up", "b", "todo")).toEqual({
      container: "backlog",
      index: 0,
    });
    expect(stepSlot(m2, { container: "backlog", index: 0 }, "up", "b", "todo")).toBeNull();
  });

  it("takes the pointer's slot before or after the item under it, or the container's end", () => {
    expect(pointerSlot(m, { container: "todo", id: "c", edge: "top" }, "a", "todo")).toEqual({
      container: "todo",
      index: 1,
    });
    expect(pointerSlot(m, { container: "todo", id: "c", edge: "bottom" }, "a", "todo")).toEqual({
      container: "todo",
      index: 2,
    });
    expect(pointerSlot(m, { container: "backlog", id: "x", edge: "bottom" }, "b", "todo")).toEqual({
      container: "backlog",
      index: 1,
    });
    expect(pointerSlot(m, { container: "backlog", at: "start" }, "b", "todo")).toEqual({
      container: "backlog",
      index: 0,
    });
    expect(pointerSlot(m, { container: "todo", at: "end" }, "a", "todo")).toEqual({ container: "todo", index: 2 });
    expect(pointerSlot(m, { container: "done", id: "d", edge: "top" }, "a", "todo")).toBeNull();
  });

  it("draws the line above the item it lands before, or below the last", () => {
    const t = { container: "todo", index: 1 };
    expect(lineEdge(m, t, "a", "todo", "c")).toBe("top");
    expect(lineEdge(m, t, "a", "todo", "b")).toBeNull();
    expect(lineEdge(m, { container: "todo", index: 2 }, "a", "todo", "c")).toBe("bottom");
    expect(lineEdge(m, t, "a", "backlog", "x")).toBeNull();
  });

  it("compares slots (any place is the same place in an unordered container)", () => {
    expect(sameSlot(m, { container: "todo", index: 1 }, { container: "todo", index: 1 })).toBe(true);
    expect(sameSlot(m, { container: "todo", index: 1 }, { container: "todo", index: 2 })).toBe(false);
    expect(
      sameSlot(board({ ordered: () => false }), { container: "todo", index: 1 }, { container: "todo", index: 2 }),
    ).toBe(true);
  });

  it("says where the item is at each step", () => {
    expect(slotSentence(m, "pickup", { container: "todo", index: 1 }, "b", "ABC-2 Fix")).toBe(
      "Picked up ABC-2 Fix. Position 2 of 3 in TODO.",
    );
    expect(slotSentence(m, "move", { container: "backlog", index: 0 }, "b", "ABC-2 Fix")).toBe(
      "Moved to BACKLOG, position 1 of 2.",
    );
    expect(slotSentence(m, "drop", { container: "backlog", index: 1 }, "b", "ABC-2 Fix")).toBe(
      "Dropped ABC-2 Fix in BACKLOG, position 2 of 2.",
    );
    expect(slotSentence(m, "cancel", { container: "todo", index: 1 }, "b", "ABC-2 Fix")).toBe(
      "Cancelled. ABC-2 Fix stays in TODO, position 2 of 3.",
    );
    expect(
      slotSentence(board({ ordered: () => false }), "move", { container: "review", index: 0 }, "b", "ABC-2 Fix"),
    ).toBe("Moved to REVIEW.");
  });
});

describe("gridStep", () => {
  // seven items in rows of three: 0 1 2 / 3 4 5 / 6
  const at = (index: number) => ({ container: "grid", index });
  it("moves left and right in reading order, across the end of a row", () => {
    expect(gridStep(at(1), "left", 7, 3)).toEqual(at(0));
    expect(gridStep(at(2), "right", 7, 3)).toEqual(at(3));
    expect(gridStep(at(3), "left", 7, 3)).toEqual(at(2));
    expect(gridStep(at(0), "left", 7, 3)).toBeNull();
    expect(gridStep(at(6), "right", 7, 3)).toBeNull();
  });

  it("moves up and down a row, onto the last place when the row below is shorter", () => {
    expect(gridStep(at(4), "up", 7, 3)).toEqual(at(1));
    expect(gridStep(at(1), "up", 7, 3)).toBeNull();
    expect(gridStep(at(1), "down", 7, 3)).toEqual(at(4));
    expect(gridStep(at(5), "down", 7, 3)).toEqual(at(6));
    expect(gridStep(at(6), "down", 7, 3)).toBeNull();
    // one row: nothing above or below
    expect(gridStep(at(0), "down", 2, 3)).toBeNull();
    // one column: up and down are the neighbours
    expect(gridStep(at(1), "down", 3, 1)).toEqual(at(2));
    expect(gridStep(at(1), "up", 3, 1)).toEqual(at(0));
  });
});

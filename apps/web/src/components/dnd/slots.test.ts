import { describe, expect, it } from "vitest";
import { lineEdge, originSlot, pointerSlot, sameSlot, slotSentence, stepSlot, type SlotModel } from "./slots.ts";

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
    expect(stepSlot(list, { container: "todo", index: 0 }, "up", "b", "todo")).toEqual({ container: "backlog", index: 1 });
    expect(stepSlot(list, { container: "todo", index: 2 }, "down", "b", "todo")).toEqual({ container: "review", index: 0 });
    expect(stepSlot(list, { container: "review", index: 0 }, "down", "b", "todo")).toBeNull();
  });

  it("moves left and right between columns, keeping the place where it fits and skipping refusing ones", () => {
    expect(stepSlot(m, { container: "todo", index: 2 }, "left", "b", "todo")).toEqual({ container: "backlog", index: 1 });
    expect(stepSlot(m, { container: "todo", index: 1 }, "right", "b", "todo")).toEqual({ container: "review", index: 0 });
    expect(stepSlot(m, { container: "backlog", index: 0 }, "left", "b", "todo")).toBeNull();
  });

  it("without manual order, arrows only change the container", () => {
    const m2 = board({ ordered: () => false, columns: [["backlog", "todo"]] });
    expect(stepSlot(m2, { container: "todo", index: 0 }, "up", "b", "todo")).toEqual({ container: "backlog", index: 0 });
    expect(stepSlot(m2, { container: "backlog", index: 0 }, "up", "b", "todo")).toBeNull();
  });

  it("takes the pointer's slot before or after the item under it, or the container's end", () => {
    expect(pointerSlot(m, { container: "todo", id: "c", edge: "top" }, "a", "todo")).toEqual({ container: "todo", index: 1 });
    expect(pointerSlot(m, { container: "todo", id: "c", edge: "bottom" }, "a", "todo")).toEqual({ container: "todo", index: 2 });
    expect(pointerSlot(m, { container: "backlog", id: "x", edge: "bottom" }, "b", "todo")).toEqual({ container: "backlog", index: 1 });
    expect(pointerSlot(m, { container: "backlog", at: "start" }, "b", "todo")).toEqual({ container: "backlog", index: 0 });
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
    expect(sameSlot(board({ ordered: () => false }), { container: "todo", index: 1 }, { container: "todo", index: 2 })).toBe(true);
  });

  it("says where the item is at each step", () => {
    expect(slotSentence(m, "pickup", { container: "todo", index: 1 }, "b", "ABC-2 Fix")).toBe("Picked up ABC-2 Fix. Position 2 of 3 in TODO.");
    expect(slotSentence(m, "move", { container: "backlog", index: 0 }, "b", "ABC-2 Fix")).toBe("Moved to BACKLOG, position 1 of 2.");
    expect(slotSentence(m, "drop", { container: "backlog", index: 1 }, "b", "ABC-2 Fix")).toBe("Dropped ABC-2 Fix in BACKLOG, position 2 of 2.");
    expect(slotSentence(m, "cancel", { container: "todo", index: 1 }, "b", "ABC-2 Fix")).toBe("Cancelled. ABC-2 Fix stays in TODO, position 2 of 3.");
    expect(slotSentence(board({ ordered: () => false }), "move", { container: "review", index: 0 }, "b", "ABC-2 Fix")).toBe("Moved to REVIEW.");
  });
});

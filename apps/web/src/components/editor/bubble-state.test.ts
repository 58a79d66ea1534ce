import { describe, expect, it } from "vitest";
import { toolbarMove } from "./bubble-state.ts";

describe("moving between the bubble toolbar's controls", () => {
  it("moves right and left, wrapping at both ends", () => {
    expect(toolbarMove("ArrowRight", 0, 4)).toBe(1);
    expect(toolbarMove("ArrowRight", 3, 4)).toBe(0);
    expect(toolbarMove("ArrowLeft", 0, 4)).toBe(3);
  });
  it("goes to the first and the last control with Home and End", () => {
    expect(toolbarMove("Home", 2, 4)).toBe(0);
    expect(toolbarMove("End", 0, 4)).toBe(3);
  });
  it("starts at the first control when none has the focus", () => {
    expect(toolbarMove("ArrowRight", -1, 4)).toBe(0);
  });
  it("leaves other keys (up and down, letters) to the control", () => {
    expect(toolbarMove("ArrowDown", 1, 4)).toBeNull();
    expect(toolbarMove("a", 1, 4)).toBeNull();
  });
});

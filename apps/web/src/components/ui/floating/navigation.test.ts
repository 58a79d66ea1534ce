import { describe, expect, it } from "vitest";
import { nextIndex } from "./navigation.ts";

const all = () => true;

describe("nextIndex (menu and listbox keys)", () => {
  it("moves with the arrows and wraps at both ends", () => {
    expect(nextIndex("ArrowDown", 0, 4, all)).toBe(1);
    expect(nextIndex("ArrowDown", 3, 4, all)).toBe(0);
    expect(nextIndex("ArrowUp", 0, 4, all)).toBe(3);
  });
  it("starts at an end when nothing is active", () => {
    expect(nextIndex("ArrowDown", -1, 4, all)).toBe(0);
    expect(nextIndex("ArrowUp", -1, 4, all)).toBe(3);
  });
  it("skips disabled entries, also for Home and End", () => {
    const enabled = (i: number) => i !== 0 && i !== 2;
    expect(nextIndex("ArrowDown", 1, 4, enabled)).toBe(3);
    expect(nextIndex("ArrowDown", 3, 4, enabled)).toBe(1);
    expect(nextIndex("Home", 3, 4, enabled)).toBe(1);
    expect(nextIndex("End", 1, 5, (i) => i !== 4)).toBe(3);
  });
  it("pages by ten without wrapping", () => {
    expect(nextIndex("PageDown", 0, 30, all)).toBe(10);
    expect(nextIndex("PageDown", 25, 30, all)).toBe(29);
    expect(nextIndex("PageUp", 5, 30, all)).toBe(0);
  });
  it("ignores other keys and empty lists", () => {
    expect(nextIndex("a", 0, 4, all)).toBeNull();
    expect(nextIndex("ArrowDown", -1, 0, all)).toBeNull();
  });
});

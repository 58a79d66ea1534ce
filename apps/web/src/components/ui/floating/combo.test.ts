import { describe, expect, it } from "vitest";
import { comboKey, firstIndexes, flattenGroups, initialIndex } from "./combo.ts";

const opt = (value: string, disabled = false) => ({ value, label: value, disabled });
const groups = [
  { id: "a", options: [opt("one"), opt("two", true)] },
  { id: "b", options: [opt("three")], expanded: false },
  { id: "c", options: [opt("four"), opt("five")] },
];
const flat = flattenGroups(groups, "x");
const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false });

describe("the combo list's one order of options", () => {
  it("leaves out a folded section's options and names each option by its section and place", () => {
    expect(flat.map((f) => `${f.id}:${f.o.value}`)).toEqual(["x-0-0:one", "x-0-1:two", "x-2-0:four", "x-2-1:five"]);
    expect(firstIndexes(groups)).toEqual([0, 2, 2]);
  });
  it("starts at the selected option, else the first; or at the last", () => {
    expect(initialIndex(flat, "selected", (o) => o.value === "four")).toBe(2);
    expect(initialIndex(flat, "selected", () => false)).toBe(0);
    expect(initialIndex(flat, "last", () => false)).toBe(3);
    expect(initialIndex([], "first", () => false)).toBe(-1);
  });
});

describe("the combo list's keys", () => {
  it("moves over the enabled options, wrapping", () => {
    expect(comboKey(key("ArrowDown"), flat, 0, true)).toEqual({ kind: "move", to: 2 });
    expect(comboKey(key("ArrowDown"), flat, 3, true)).toEqual({ kind: "move", to: 0 });
    expect(comboKey(key("ArrowUp"), flat, 2, false)).toEqual({ kind: "move", to: 0 });
  });
  it("leaves Home and End to a search box's text, and moves with them in a plain listbox", () => {
    expect(comboKey(key("End"), flat, 0, true)).toBeNull();
    expect(comboKey(key("End"), flat, 0, false)).toEqual({ kind: "move", to: 3 });
  });
  it("picks with Enter, and with Space only without a search box; never a disabled option", () => {
    expect(comboKey(key("Enter"), flat, 2, true)).toEqual({ kind: "pick", option: flat[2] });
    expect(comboKey(key(" "), flat, 2, false)).toEqual({ kind: "pick", option: flat[2] });
    expect(comboKey(key(" "), flat, 2, true)).toBeNull();
    expect(comboKey(key("Enter"), flat, 1, true)).toEqual({ kind: "pick", option: null });
  });
  it("leaves with Tab and types ahead only without a search box", () => {
    expect(comboKey(key("Tab"), flat, 0, true)).toEqual({ kind: "tab" });
    expect(comboKey(key("f"), flat, 0, false)).toEqual({ kind: "type" });
    expect(comboKey(key("f"), flat, 0, true)).toBeNull();
    expect(comboKey({ ...key("f"), ctrlKey: true }, flat, 0, false)).toBeNull();
  });
});

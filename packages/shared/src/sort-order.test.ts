import { describe, expect, it } from "vitest";
import { sortOrderBetween, labelMoveSortOrder, stateSequenceForMove } from "./sort-order.ts";

describe("sortOrderBetween", () => {
  it("puts an item before the first at first − 10000", () => expect(sortOrderBetween(null, 65535)).toBe(55535));
  it("puts an item after the last at last + 10000", () => expect(sortOrderBetween(65535, null)).toBe(75535));
  it("averages neighbours", () => expect(sortOrderBetween(100, 200)).toBe(150));
  it("defaults to 65535 in an empty list", () => expect(sortOrderBetween(undefined, undefined)).toBe(65535));
});

describe("labelMoveSortOrder", () => {
  it("is a no-op when the parent is unchanged and there is no target", () =>
    expect(labelMoveSortOrder({ parentChanged: false, hasTarget: false })).toBeUndefined());
  it("takes the midpoint between neighbours", () =>
    expect(labelMoveSortOrder({ parentChanged: false, hasTarget: true, prev: 10, next: 30 })).toBe(20));
  it("halves the next when moved first", () =>
    expect(labelMoveSortOrder({ parentChanged: true, hasTarget: true, next: 65535 })).toBe(32767.5));
  it("adds 10000 to the previous when moved last", () =>
    expect(labelMoveSortOrder({ parentChanged: true, hasTarget: true, prev: 65535 })).toBe(75535));
});

describe("stateSequenceForMove", () => {
  it("moves to the top with an offset of 65535", () => expect(stateSequenceForMove("top", { first: 15000 })).toBe(15000 - 65535));
  it("moves to the bottom with an offset of 65535", () => expect(stateSequenceForMove("bottom", { last: 55000 })).toBe(55000 + 65535));
});

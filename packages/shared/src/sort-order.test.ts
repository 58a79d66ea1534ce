import { describe, expect, it } from "vitest";
import {
  labelMoveSortOrder,
  labelSortOrderAt,
  sortOrderAt,
  sortOrderBetween,
  stateSequenceAt,
  stateSequenceForMove,
} from "./sort-order.ts";

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
  it("moves to the top with an offset of 65535", () =>
    expect(stateSequenceForMove("top", { first: 15000 })).toBe(15000 - 65535));
  it("moves to the bottom with an offset of 65535", () =>
    expect(stateSequenceForMove("bottom", { last: 55000 })).toBe(55000 + 65535));
});

describe("drop positions", () => {
  const others = [1000, 2000, 3000];
  it("work items: before the first, between two, after the last, alone", () => {
    expect(sortOrderAt(others, 0)).toBe(1000 - 10000);
    expect(sortOrderAt(others, 1)).toBe(1500);
    expect(sortOrderAt(others, 2)).toBe(2500);
    expect(sortOrderAt(others, 3)).toBe(13000);
    expect(sortOrderAt([], 0)).toBe(65535);
  });
  it("clamps an index outside the list", () => {
    expect(sortOrderAt(others, -4)).toBe(1000 - 10000);
    expect(sortOrderAt(others, 99)).toBe(13000);
  });
  it("labels: half of the next when first, previous + 10000 when last, midpoint between", () => {
    expect(labelSortOrderAt([65535, 75535], 0)).toBe(32767.5);
    expect(labelSortOrderAt([65535, 75535], 1)).toBe(70535);
    expect(labelSortOrderAt([65535, 75535], 2)).toBe(85535);
    expect(labelSortOrderAt([], 0)).toBe(65535);
  });
  it("labels: a first place before a non-positive next still sorts first", () => {
    expect(labelSortOrderAt([0, 10], 0)).toBe(-10000);
    expect(labelSortOrderAt([-50], 0)).toBeLessThan(-50);
  });
  it("states: top and bottom with the 65535 offset, midpoint between", () => {
    expect(stateSequenceAt([15000, 30000], 0)).toBe(15000 - 65535);
    expect(stateSequenceAt([15000, 30000], 1)).toBe(22500);
    expect(stateSequenceAt([15000, 30000], 2)).toBe(30000 + 65535);
    expect(stateSequenceAt([], 0)).toBe(65535);
  });
});

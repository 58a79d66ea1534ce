import { describe, expect, it } from "vitest";
import {
  FAVORITE_FIRST_SEQUENCE,
  sequenceAtEnd,
  sequenceBetween,
  sequenceForIndex,
  sequenceNextTo,
  sequenceOnTop,
  sequencesInSlot,
  sortFavorites,
} from "./favorite-sequence.ts";

const favs = (...seqs: number[]) => seqs.map((sequence, i) => ({ id: `f${i}`, sequence }));

describe("favourite sequence", () => {
  it("shows the highest sequence first, ties by id", () => {
    expect(
      sortFavorites([
        { id: "b", sequence: 1 },
        { id: "a", sequence: 1 },
        { id: "c", sequence: 5 },
      ]).map((f) => f.id),
    ).toEqual(["c", "a", "b"]);
  });

  it("puts a new favourite on top, the first at 65535, with a step of 10000", () => {
    expect(sequenceOnTop([])).toBe(FAVORITE_FIRST_SEQUENCE);
    expect(sequenceOnTop([65535, 75535])).toBe(85535);
  });

  it("appends into a folder below its lowest favourite", () => {
    expect(sequenceAtEnd([])).toBe(65535);
    expect(sequenceAtEnd([65535, 75535])).toBe(55535);
  });

  it("places between two neighbours, or a step beyond the one that exists", () => {
    expect(sequenceBetween(30000, 10000)).toBe(20000);
    expect(sequenceBetween(30000, null)).toBe(20000);
    expect(sequenceBetween(undefined, 10000)).toBe(20000);
    expect(sequenceBetween(null, null)).toBe(65535);
  });

  it("moves to an index of the displayed list, the moving favourite not counting as a neighbour", () => {
    const list = favs(30000, 20000, 10000); // f0, f1, f2 top to bottom
    expect(sequenceForIndex(list, "f2", 0)).toBe(40000); // bottom → top
    expect(sequenceForIndex(list, "f0", 2)).toBe(0); // top → bottom
    expect(sequenceForIndex(list, "f0", 1)).toBe(15000); // between f1 and f2
    expect(sequenceForIndex(list, "f1", 1)).toBeNull(); // already there
    expect(sequenceForIndex(list, "new", 1)).toBe(25000); // from elsewhere, between f0 and f1
    expect(sequenceForIndex([], "new", 0)).toBe(65535);
    expect(sequenceForIndex(list, "new", 99)).toBe(0); // clamped to the end
  });

  it("places next to a target favourite", () => {
    const list = favs(30000, 20000, 10000);
    expect(sequenceNextTo(list, "f2", "f0", "above")).toBe(40000);
    expect(sequenceNextTo(list, "f2", "f0", "below")).toBe(25000);
    expect(sequenceNextTo(list, "f0", "f2", "below")).toBe(0);
    expect(sequenceNextTo(list, "f0", "f1", "above")).toBeNull();
    expect(sequenceNextTo(list, "f0", "f0", "above")).toBeNull();
    expect(sequenceNextTo(list, "f0", "missing", "above")).toBeNull();
  });

  it("keeps order after many moves into the same gap", () => {
    let list = favs(20000, 10000);
    for (let i = 0; i < 30; i++) {
      const s = sequenceForIndex(list, `n${i}`, 1)!;
      list = [...list, { id: `n${i}`, sequence: s }];
    }
    const order = sortFavorites(list).map((f) => f.id);
    expect(order[0]).toBe("f0");
    expect(order.at(-1)).toBe("f1");
    expect(order[1]).toBe("n29");
  });

  it("spreads a folder's children over its slot, in order", () => {
    expect(sequencesInSlot(40000, 10000, 2)).toEqual([30000, 20000]);
    expect(sequencesInSlot(40000, null, 2)).toEqual([30000, 20000]);
    expect(sequencesInSlot(null, 10000, 2)).toEqual([30000, 20000]);
    expect(sequencesInSlot(null, null, 2)).toEqual([75535, 65535]);
    expect(sequencesInSlot(1, 0, 0)).toEqual([]);
  });
});

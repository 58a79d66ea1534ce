import { describe, expect, it } from "vitest";
import {
  ESTIMATE_MSG,
  ESTIMATE_SYSTEMS,
  estimatePointLabel,
  canAddEstimatePoint,
  canRemoveEstimatePoint,
  duplicateValueIndexes,
  estimatePointsProblem,
  estimateValueProblem,
  placeEstimatePoints,
  rekeyEstimatePoints,
  templatePoints,
} from "./estimates.ts";

describe("estimate templates (work-tracking.md §9)", () => {
  it("offers fibonacci, linear and squares points and T-shirt and easy-to-hard categories", () => {
    const vals = (type: "points" | "categories", key: string) => templatePoints(type, key).map((p) => p.value);
    expect(vals("points", "fibonacci")).toEqual(["1", "2", "3", "5", "8", "13"]);
    expect(vals("points", "linear")).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(vals("points", "squares")).toEqual(["1", "4", "9", "16", "25", "36"]);
    expect(vals("categories", "t_shirt_sizes")).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(vals("categories", "easy_to_hard")).toEqual(["Easy", "Medium", "Hard", "Very Hard"]);
    expect(templatePoints("points", "squares").map((p) => p.key)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => templatePoints("points", "t_shirt_sizes")).toThrow();
  });

  it("every non-custom template is a valid system of its type", () => {
    for (const [type, sys] of Object.entries(ESTIMATE_SYSTEMS) as [
      keyof typeof ESTIMATE_SYSTEMS,
      (typeof ESTIMATE_SYSTEMS)["points"],
    ][]) {
      for (const t of sys.templates.filter((x) => x.key !== "custom"))
        expect(estimatePointsProblem(type, t.values)).toBeNull();
    }
  });
});

describe("estimate validation (work-tracking.md §5)", () => {
  it("needs between 2 and 6 points", () => {
    expect(estimatePointsProblem("categories", ["A"])).toBe(ESTIMATE_MSG.count);
    expect(estimatePointsProblem("categories", ["A", "B"])).toBeNull();
    expect(estimatePointsProblem("categories", ["A", "B", "C", "D", "E", "F"])).toBeNull();
    expect(estimatePointsProblem("categories", ["A", "B", "C", "D", "E", "F", "G"])).toBe(ESTIMATE_MSG.count);
    expect([
      canAddEstimatePoint(5),
      canAddEstimatePoint(6),
      canRemoveEstimatePoint(3),
      canRemoveEstimatePoint(2),
    ]).toEqual([true, false, true, false]);
  });

  it("values are non-blank, at most 20 characters, and numbers above 0 for points", () => {
    expect(estimateValueProblem("categories", " ")).toBe(ESTIMATE_MSG.blank);
    expect(estimateValueProblem("categories", "x".repeat(20))).toBeNull();
    expect(estimateValueProblem("categories", "x".repeat(21))).toBe(ESTIMATE_MSG.tooLong);
    expect(estimateValueProblem("categories", "3")).toBeNull();
    expect(estimateValueProblem("points", "3.5")).toBeNull();
    expect(estimateValueProblem("points", "three")).toBe(ESTIMATE_MSG.notNumber);
    expect(estimateValueProblem("points", "Infinity")).toBe(ESTIMATE_MSG.notNumber);
    expect(estimateValueProblem("points", "0")).toBe(ESTIMATE_MSG.notPositive);
    expect(estimateValueProblem("points", "-2")).toBe(ESTIMATE_MSG.notPositive);
    expect(estimatePointsProblem("points", ["1", "x"])).toBe(ESTIMATE_MSG.notNumber);
  });

  it("values are distinct: text ignoring case and spaces around, points by number", () => {
    expect(duplicateValueIndexes("categories", ["S", "M", " s", "L", "m"])).toEqual([2, 4]);
    expect(duplicateValueIndexes("points", ["1", "2", "1.0", "02"])).toEqual([2, 3]);
    expect(duplicateValueIndexes("categories", ["1", "1.0"])).toEqual([]);
    expect(estimatePointsProblem("points", ["1", "1.0"])).toBe(ESTIMATE_MSG.duplicate);
  });
});

describe("estimate point order", () => {
  it("rekeyEstimatePoints orders by the wanted key, keeps ties in order, puts keyless ones last and keys 1..n", () => {
    expect(
      rekeyEstimatePoints([{ key: 5, v: "a" }, { v: "b" }, { key: 2, v: "c" }, { key: 5, v: "d" }]).map(
        (p) => `${p.key}${p.v}`,
      ),
    ).toEqual(["1c", "2a", "3d", "4b"]);
  });

  it("placeEstimatePoints moves, swaps and inserts at a key, the others keeping their order", () => {
    const abc = ["a", "b", "c", "d"];
    const place = (want: Record<string, number>, list = abc) => placeEstimatePoints(list, (p) => want[p]);
    expect(place({ a: 3 })).toEqual(["b", "c", "a", "d"]);
    expect(place({ d: 1 })).toEqual(["d", "a", "b", "c"]);
    expect(place({ b: 3, c: 2 })).toEqual(["a", "c", "b", "d"]);
    expect(place({ a: 1, b: 2, c: 3, d: 4 })).toEqual(abc);
    expect(place({ new: 2 }, [...abc, "new"])).toEqual(["a", "new", "b", "c", "d"]);
    expect(place({})).toEqual(abc);
    expect(place({ a: 2, b: 2 })).toBeNull();
    expect(place({ a: 5 })).toBeNull();
    expect(place({ a: 0 })).toBeNull();
    expect(place({ a: 1.5 })).toBeNull();
  });
});

describe("time estimates", () => {
  it("are minutes: numbers above 0, distinct by value, shown as durations", () => {
    expect(templatePoints("time", "hours").map((p) => p.value)).toEqual(["60", "120", "240", "480", "960"]);
    expect(estimateValueProblem("time", "90")).toBeNull();
    expect(estimateValueProblem("time", "1h")).toBe(ESTIMATE_MSG.notNumber);
    expect(estimateValueProblem("time", "0")).toBe(ESTIMATE_MSG.notPositive);
    expect(duplicateValueIndexes("time", ["60", "60.0"])).toEqual([1]);
    expect(estimatePointLabel("time", "90")).toBe("1h 30m");
    expect(estimatePointLabel("time", "480")).toBe("8h");
    expect(estimatePointLabel("points", "8")).toBe("8");
    expect(estimatePointLabel("categories", "XL")).toBe("XL");
  });
});

import { describe, expect, it } from "vitest";
import { commaList, pickFields, shapeAll } from "./shape.ts";

describe("v1 fields and expand", () => {
  it("keeps only the asked fields, id always", () => {
    expect(pickFields({ id: "1", name: "a", color: "b" }, "name")).toEqual({ id: "1", name: "a" });
    expect(pickFields({ id: "1", name: "a" }, undefined)).toEqual({ id: "1", name: "a" });
    expect(pickFields({ id: "1", name: "a" }, "nope")).toEqual({ id: "1" });
    expect(commaList(" a, ,b ")).toEqual(["a", "b"]);
  });

  it("expands ids and id lists with one load per key for the whole page, ignoring unknown keys", async () => {
    const calls: string[][] = [];
    const out = await shapeAll(
      [
        { id: "1", state: "s1", labels: ["l1", "l2"], parent: null },
        { id: "2", state: "s2", labels: ["l2", "gone"], parent: null },
      ],
      { expand: "state,labels,bogus" },
      {
        state: async (ids) => {
          calls.push(ids);
          return new Map(ids.map((i) => [i, { id: i, name: i.toUpperCase() }]));
        },
        labels: async (ids) => {
          calls.push(ids);
          return new Map(ids.filter((i) => i !== "gone").map((i) => [i, { id: i }]));
        },
      },
    );
    expect(calls).toEqual([
      ["s1", "s2"],
      ["l1", "l2", "gone"],
    ]);
    expect(out[0]).toEqual({
      id: "1",
      state: { id: "s1", name: "S1" },
      labels: [{ id: "l1" }, { id: "l2" }],
      parent: null,
    });
    expect(out[1].labels).toEqual([{ id: "l2" }]);
  });
});

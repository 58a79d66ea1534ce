import { describe, expect, it } from "vitest";
import { findNul } from "../http/nul.ts";

describe("findNul", () => {
  it("names the first string or key holding a NUL, in document order", () => {
    expect(findNul({ a: "x", b: ["y", "z\u0000"] })).toEqual(["b", "1"]);
    expect(findNul({ a: { "k\u0000": 1 }, b: "\u0000" })).toEqual(["a"]);
    expect(findNul({ a: ["\u0000"], "b\u0000": 1 })).toEqual(["a", "0"]);
    expect(findNul("\u0000")).toEqual([]);
    expect(findNul({ a: [1, null, true, { b: "ok" }] })).toBeNull();
  });

  it("walks a value nested 100,000 levels deep without overflowing the stack", () => {
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toHaveLength(100_000);
    let clean: unknown = "end";
    for (let i = 0; i < 100_000; i++) clean = { a: clean };
    expect(findNul(clean)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { jsonTooDeep, MAX_JSON_DEPTH } from "./json-depth.ts";

const nested = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("jsonTooDeep", () => {
  it("passes bodies up to the limit and refuses one level more", () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(3) + "1" + "}".repeat(3), 3)).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(4) + "1" + "}".repeat(4), 3)).toBe(true);
  });

  it("scans 100,000 levels without recursion", () => {
    expect(jsonTooDeep(nested(100_000))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000))).toBe(true);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const s = JSON.stringify({ a: "[[[[{{{{", b: 'say \\"[[[[" and \\\\', c: ["]]]]"] });
    expect(jsonTooDeep(s, 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ x: '"' + "[".repeat(10) }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify([["\\"], [["x"]]]), 2)).toBe(true);
  });

  it("counts siblings at their own depth, not added up", () => {
    expect(jsonTooDeep(JSON.stringify([[[1]], [[2]], [[3]]]), 3)).toBe(false);
  });
});

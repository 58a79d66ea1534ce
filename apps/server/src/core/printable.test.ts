import { describe, expect, it } from "vitest";
import { printable, printableJson } from "./printable.ts";

describe("printable", () => {
  it("leaves plain text (tabs, newlines, any script) as it is", () => {
    const s = "line 1\tcol\r\nline 2 — ünïcode ✓ 😀";
    expect(printable(s)).toBe(s);
  });
  it("shows NUL and other control characters as their symbols, drops terminal escapes", () => {
    expect(printable("a\u0000b\u0001c\u007f")).toBe("a\u2400b\u2401c\u2421");
    expect(printable("\u001b[31mred\u001b[0m \u001b]0;title\u0007done")).toBe("red done");
    expect(printable("lone \u001b here")).toBe("lone \u241b here");
  });
  it("replaces unpaired surrogates, keeps pairs", () => {
    expect(printable("x\ud800y\udc00z😀")).toBe("x\ufffdy\ufffdz😀");
  });
  it("cleans every string of a JSON value", () => {
    expect(printableJson({ a: ["x\u0000", 1, null, { "k\u0000": "v\u0001" }], b: true })).toEqual({
      a: ["x\u2400", 1, null, { "k\u2400": "v\u2401" }],
      b: true,
    });
  });
});

import { describe, expect, it } from "vitest";
import { copyDefined } from "./patch.ts";

describe("copyDefined", () => {
  it("copies present fields (null included) to their columns and skips undefined ones", () => {
    const set: { a?: number | null; bCol?: string; c?: boolean; keep?: string } = { keep: "x" };
    const out = copyDefined(set, { a: null, b: "v", c: undefined, other: 1 }, { a: "a", b: "bCol", c: "c" });
    expect(out).toBe(set);
    expect(set).toEqual({ keep: "x", a: null, bCol: "v" });
  });

  it("leaves the target alone when the body has none of the fields", () => {
    const set: { a?: number } = {};
    copyDefined(set, {}, { a: "a" });
    expect(set).toEqual({});
  });
});

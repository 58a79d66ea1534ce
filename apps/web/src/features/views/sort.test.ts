import { describe, expect, it } from "vitest";
import { sortViews } from "./sort.ts";

const v = (name: string, created_at: string, updated_at: string, is_favorite = false) => ({
  name,
  created_at,
  updated_at,
  is_favorite,
});

describe("sortViews", () => {
  const rows = [
    v("beta", "2025-01-02T00:00:00Z", "2025-01-05T00:00:00Z"),
    v("Alpha 10", "2025-01-03T00:00:00Z", "2025-01-03T00:00:00Z"),
    v("alpha 9", "2025-01-01T00:00:00Z", "2025-01-04T00:00:00Z"),
    v("zeta", "2025-01-04T00:00:00Z", "2025-01-01T00:00:00Z", true),
  ];
  it("puts favourites first, then sorts by name (case-insensitive, numbers as numbers)", () => {
    expect(sortViews(rows, "name").map((r) => r.name)).toEqual(["zeta", "alpha 9", "Alpha 10", "beta"]);
  });
  it("sorts by creation and last update", () => {
    expect(sortViews(rows, "created_at").map((r) => r.name)).toEqual(["zeta", "alpha 9", "beta", "Alpha 10"]);
    expect(sortViews(rows, "-created_at").map((r) => r.name)).toEqual(["zeta", "Alpha 10", "beta", "alpha 9"]);
    expect(sortViews(rows, "-updated_at").map((r) => r.name)).toEqual(["zeta", "beta", "alpha 9", "Alpha 10"]);
  });
});

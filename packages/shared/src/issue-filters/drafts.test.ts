import { describe, expect, it } from "vitest";
import { draftListRefusal, DRAFT_FILTER_KEYS, DRAFT_GROUP_BY, DRAFT_ORDER_BY } from "./drafts.ts";
import { FilterError } from "./errors.ts";
import { parseLegacyFilters } from "./legacy.ts";

const base = { filter: null, order: { field: "created_at", desc: true }, groupBy: null, subGroupBy: null } as const;

describe("the workspace drafts list context", () => {
  it("takes what a draft has", () => {
    const filter = parseLegacyFilters({ priority: "high", labels: "None", project: "None" }, "2026-01-01");
    expect(draftListRefusal({ ...base, filter, groupBy: "labels__id", subGroupBy: "priority" })).toBeNull();
    expect(draftListRefusal({ ...base, order: { field: "name", desc: false } })).toBeNull();
    expect(DRAFT_FILTER_KEYS).not.toContain("mentions");
    expect(DRAFT_GROUP_BY).not.toContain("created_by");
    expect(DRAFT_ORDER_BY).not.toContain("link_count");
  });

  it("refuses what a draft has not: mentions, subscribers, its author's grouping, counts and keys", () => {
    const mentions = parseLegacyFilters({ mentions: "00000000-0000-4000-8000-000000000001" }, "2026-01-01");
    expect(() => draftListRefusal({ ...base, filter: { not: mentions! } })).toThrow(FilterError);
    expect(draftListRefusal({ ...base, groupBy: "priority", subGroupBy: "created_by" })).toBe(
      "Drafts cannot be grouped by 'created_by'.",
    );
    expect(draftListRefusal({ ...base, order: { field: "sequence_id", desc: false } })).toBe(
      "Drafts cannot be ordered by 'sequence_id'.",
    );
  });
});

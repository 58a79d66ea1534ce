import { describe, expect, it } from "vitest";
import { normalizeRelation, relationFromSide, RELATION_TYPES } from "./relations.ts";

describe("relation storage", () => {
  it("stores blocking / *_after swapped as their inverse", () => {
    expect(normalizeRelation("a", "b", "blocking")).toEqual({
      issueId: "b",
      relatedIssueId: "a",
      relationType: "blocked_by",
    });
    expect(normalizeRelation("a", "b", "start_after")).toEqual({
      issueId: "b",
      relatedIssueId: "a",
      relationType: "start_before",
    });
    expect(normalizeRelation("a", "b", "finish_after")).toEqual({
      issueId: "b",
      relatedIssueId: "a",
      relationType: "finish_before",
    });
    expect(normalizeRelation("a", "b", "relates_to")).toEqual({
      issueId: "a",
      relatedIssueId: "b",
      relationType: "relates_to",
    });
  });
  it("reads every stored relation back as the requested type from the first item and its inverse from the second", () => {
    const inverse: Record<string, string> = {
      blocked_by: "blocking",
      blocking: "blocked_by",
      relates_to: "relates_to",
      duplicate: "duplicate",
      start_before: "start_after",
      start_after: "start_before",
      finish_before: "finish_after",
      finish_after: "finish_before",
    };
    for (const type of RELATION_TYPES) {
      const row = normalizeRelation("a", "b", type);
      expect(relationFromSide(row, "a")).toEqual({ otherId: "b", type });
      expect(relationFromSide(row, "b")).toEqual({ otherId: "a", type: inverse[type] });
    }
  });
});

import { describe, expect, it } from "vitest";
import { mergeEdit } from "./sync.ts";

describe("mergeEdit (an outbox edit against the server's item)", () => {
  it("sends every field the server did not change since the edit", () => {
    expect(
      mergeEdit(
        { priority: "urgent", name: "New" },
        { priority: "low", name: "Old" },
        { priority: "low", name: "Old" },
      ),
    ).toEqual({ body: { priority: "urgent", name: "New" }, serverKept: [] });
  });

  it("keeps the server's value of a field someone changed meanwhile, and sends the others", () => {
    expect(
      mergeEdit(
        { priority: "urgent", name: "New" },
        { priority: "low", name: "Old" },
        { priority: "medium", name: "Old" },
      ),
    ).toEqual({ body: { name: "New" }, serverKept: ["priority"] });
  });

  it("a server already holding the edit's value is no conflict; id lists compare in any order", () => {
    expect(
      mergeEdit(
        { priority: "urgent", label_ids: ["a", "b"] },
        { priority: "low", label_ids: ["a"] },
        { priority: "urgent", label_ids: ["a"] },
      ),
    ).toEqual({ body: { priority: "urgent", label_ids: ["a", "b"] }, serverKept: [] });
    expect(
      mergeEdit({ label_ids: ["a", "b"] }, { label_ids: ["b", "a", "c"] }, { label_ids: ["c", "a", "b"] }),
    ).toEqual({ body: { label_ids: ["a", "b"] }, serverKept: [] });
    expect(mergeEdit({ start_date: "2026-01-02" }, { start_date: null }, { start_date: "2026-03-04" })).toEqual({
      body: {},
      serverKept: ["start_date"],
    });
  });
});

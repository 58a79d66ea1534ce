import { describe, expect, it } from "vitest";
import { commonValues, patchFor } from "./list-target.ts";

const item = (
  o: Partial<
    Parameters<typeof patchFor>[0] & {
      state_id: string | null;
      priority: "none" | "high" | "low";
      cycle_id: string | null;
    }
  >,
) => ({
  state_id: "s1",
  priority: "none" as const,
  cycle_id: null,
  assignee_ids: [],
  label_ids: [],
  module_ids: [],
  ...o,
});

describe("a list's selection as the work item in hand", () => {
  it("shares a value all items have, and the ids every one lists", () => {
    const c = commonValues([
      item({ state_id: "s1", priority: "high", label_ids: ["a", "b"] }),
      item({ state_id: "s1", priority: "low", label_ids: ["b", "c"] }),
    ]);
    expect(c).toMatchObject({ state_id: "s1", priority: "none", label_ids: ["b"], assignee_ids: [], cycle_id: null });
    expect(commonValues([item({ state_id: "s1" }), item({ state_id: "s2" })]).state_id).toBeNull();
  });

  it("adds or takes one label or assignee on each item and keeps each one's others", () => {
    const x = item({ label_ids: ["a", "b"] });
    const y = item({ label_ids: ["b", "c"] });
    const common = commonValues([x, y]);
    // "d" toggled on in the picker (the common list was ["b"])
    expect(patchFor(x, common, { label_ids: ["b", "d"] })).toEqual({ label_ids: ["a", "b", "d"] });
    expect(patchFor(y, common, { label_ids: ["b", "d"] })).toEqual({ label_ids: ["b", "c", "d"] });
    // "b" toggled off
    expect(patchFor(x, common, { label_ids: [] })).toEqual({ label_ids: ["a"] });
    // a state or a priority is the same for all
    expect(patchFor(x, common, { priority: "high" })).toEqual({ priority: "high" });
  });
});

import { describe, expect, it } from "vitest";
import { FilterError } from "./errors.ts";
import { defaultGlobalViewFilters, isDefaultGlobalView, savedViewFilter } from "./saved.ts";

const U = "0b7e4c2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d";

describe("savedViewFilter", () => {
  it("reads flat lists, skips nulls and ANDs the rich tree", () => {
    expect(savedViewFilter({ priority: ["high", "urgent"], labels: null }, {}, "2025-01-01")).toEqual({
      field: "priority",
      op: "in",
      values: ["high", "urgent"],
    });
    expect(savedViewFilter({ priority: ["low"] }, { state_group__in: "started" }, "2025-01-01")).toEqual({
      and: [
        { field: "priority", op: "in", values: ["low"] },
        { field: "state_group", op: "in", values: ["started"] },
      ],
    });
    expect(savedViewFilter({}, {}, "2025-01-01")).toBeNull();
    expect(savedViewFilter(null, null, "2025-01-01")).toBeNull();
  });

  it("refuses values a list would refuse", () => {
    expect(() => savedViewFilter({ priority: ["sometimes"] }, {}, "2025-01-01")).toThrow(FilterError);
    expect(() => savedViewFilter({ state: ["not-a-uuid"] }, {}, "2025-01-01")).toThrow(FilterError);
  });
});

describe("default global views", () => {
  it("are the four of work-tracking §2, each filtering on the viewer", () => {
    expect(["all-issues", "assigned", "created", "subscribed"].every(isDefaultGlobalView)).toBe(true);
    expect(isDefaultGlobalView("mine")).toBe(false);
    expect(defaultGlobalViewFilters("all-issues", U)).toEqual({});
    expect(defaultGlobalViewFilters("assigned", U)).toEqual({ assignees: [U] });
    expect(defaultGlobalViewFilters("created", U)).toEqual({ created_by: [U] });
    expect(defaultGlobalViewFilters("subscribed", U)).toEqual({ subscriber: [U] });
  });
});

import { describe, expect, it } from "vitest";
import { ORDER_BY_FIELDS, orderByToString, parseOrderBy } from "./order.ts";
import { localListSupported, parseLocalListQuery } from "./local-list.ts";
import {
  DISPLAY_GROUP_BY_TO_WIRE,
  GROUP_BY_FIELDS,
  isMultiValuedGroup,
  parseGroupBy,
  parseGrouping,
  SameGroupingError,
} from "./group.ts";
import {
  applyDisplayRules,
  countAppliedFilters,
  defaultDisplayFilters,
  defaultDisplayProperties,
  defaultFilters,
  DISPLAY_PROPERTY_KEYS,
  fetchLoader,
  groupLoadMoreParams,
  pageSizeFor,
  updateDisplayFilters,
} from "./display.ts";
import { FilterError } from "./errors.ts";

describe("order_by table", () => {
  it("defaults to -created_at (a request without order_by, wire-facts §6.1)", () => {
    expect(parseOrderBy(undefined)).toEqual({ field: "created_at", desc: true });
    expect(parseOrderBy("")).toEqual({ field: "created_at", desc: true });
  });
  it("accepts every field with and without the descending prefix", () => {
    for (const f of ORDER_BY_FIELDS) {
      expect(parseOrderBy(f)).toEqual({ field: f, desc: false });
      expect(parseOrderBy("-" + f)).toEqual({ field: f, desc: true });
      expect(orderByToString(parseOrderBy("-" + f))).toBe("-" + f);
    }
  });
  it("maps the spec's short names", () => {
    expect(parseOrderBy("state")).toEqual({ field: "state__name", desc: false });
    expect(parseOrderBy("-assignees")).toEqual({ field: "assignees__first_name", desc: true });
    expect(parseOrderBy("labels")).toEqual({ field: "labels__name", desc: false });
    expect(parseOrderBy("module")).toEqual({ field: "issue_module__module__name", desc: false });
    expect(parseOrderBy("cycle")).toEqual({ field: "issue_cycle__cycle__name", desc: false });
    expect(parseOrderBy("-estimate")).toEqual({ field: "estimate_point__key", desc: true });
    expect(parseOrderBy("-issue_type")).toEqual({ field: "type__name", desc: true });
    expect(parseOrderBy("type__name")).toEqual({ field: "type__name", desc: false });
  });
  it("turns sort_order into -created_at in global views only", () => {
    expect(parseOrderBy("sort_order", { globalView: true })).toEqual({ field: "created_at", desc: true });
    expect(parseOrderBy("sort_order")).toEqual({ field: "sort_order", desc: false });
    expect(parseOrderBy("-priority", { globalView: true })).toEqual({ field: "priority", desc: true });
  });
  it("rejects unknown fields", () => {
    expect(() => parseOrderBy("colour")).toThrow(FilterError);
    expect(() => parseOrderBy("-")).toThrow(FilterError);
  });
});

describe("group_by table", () => {
  it("accepts wire names, display names and short names", () => {
    for (const f of GROUP_BY_FIELDS) expect(parseGroupBy(f)).toBe(f);
    for (const [display, wire] of Object.entries(DISPLAY_GROUP_BY_TO_WIRE)) expect(parseGroupBy(display)).toBe(wire);
    expect(parseGroupBy("state_group")).toBe("state__group");
    expect(parseGroupBy("module")).toBe("issue_module__module_id");
    expect(parseGroupBy("assignees")).toBe("assignees__id");
  });
  it("treats empty, none and null as no grouping", () => {
    for (const v of [undefined, null, "", "none", "null", "None"]) expect(parseGroupBy(v)).toBeNull();
  });
  it("rejects unknown groupings", () => {
    expect(() => parseGroupBy("colour")).toThrow(FilterError);
  });
  it("knows which groupings are multi-valued", () => {
    expect(isMultiValuedGroup("labels__id")).toBe(true);
    expect(isMultiValuedGroup("assignees__id")).toBe(true);
    expect(isMultiValuedGroup("issue_module__module_id")).toBe(true);
    expect(isMultiValuedGroup("state_id")).toBe(false);
    expect(isMultiValuedGroup(null)).toBe(false);
  });
  it("drops a sub-grouping without grouping and rejects equal groupings", () => {
    expect(parseGrouping(null, "priority")).toEqual({ groupBy: null, subGroupBy: null });
    expect(parseGrouping("state", "priority")).toEqual({ groupBy: "state_id", subGroupBy: "priority" });
    expect(() => parseGrouping("state", "state_id")).toThrow(SameGroupingError);
  });
});

describe("display rules", () => {
  it("clearing group_by clears sub_group_by", () => {
    expect(updateDisplayFilters({ group_by: "state", sub_group_by: "priority" }, { group_by: null })).toEqual({
      group_by: null,
      sub_group_by: null,
    });
  });
  it("clears a kanban sub_group_by equal to group_by", () => {
    expect(applyDisplayRules({ layout: "kanban", group_by: "priority", sub_group_by: "priority" })).toEqual({
      layout: "kanban",
      group_by: "priority",
      sub_group_by: null,
    });
    expect(applyDisplayRules({ layout: "list", group_by: "priority", sub_group_by: "priority" }).sub_group_by).toBe(
      "priority",
    );
  });
  it("kanban with no group_by groups by state, by priority on profile lists", () => {
    expect(applyDisplayRules({ layout: "kanban", group_by: null }).group_by).toBe("state");
    expect(applyDisplayRules({ layout: "kanban", group_by: null }, { kind: "profile" }).group_by).toBe("priority");
    expect(applyDisplayRules({ layout: "kanban", group_by: null }, { kind: "workspace_profile" }).group_by).toBe(
      "priority",
    );
    expect(applyDisplayRules({ layout: "list", group_by: null }).group_by).toBeNull();
  });
  it("global views turn sort_order into -created_at; local-db mode forces sort_order", () => {
    expect(applyDisplayRules({ order_by: "sort_order" }, { kind: "global_view" }).order_by).toBe("-created_at");
    expect(applyDisplayRules({ order_by: "sort_order" }, { kind: "project" }).order_by).toBe("sort_order");
    expect(applyDisplayRules({ order_by: "-priority" }, { localDb: true }).order_by).toBe("sort_order");
  });
  it("does not mutate its input", () => {
    const input = { layout: "kanban" as const, group_by: null };
    applyDisplayRules(input);
    expect(input.group_by).toBeNull();
  });
});

describe("defaults and helpers", () => {
  it("has the spec's defaults: a list starts in manual order (§9)", () => {
    expect(defaultDisplayFilters()).toEqual({
      layout: "list",
      group_by: null,
      sub_group_by: null,
      order_by: "sort_order",
      type: null,
      sub_issue: true,
      show_empty_groups: true,
      show_hierarchy: false,
      calendar_date_range: "",
    });
    const props = defaultDisplayProperties();
    expect(Object.keys(props)).toEqual([...DISPLAY_PROPERTY_KEYS]);
    expect(Object.values(props).every((v) => v === true)).toBe(true);
    expect(Object.keys(props)).toHaveLength(16);
    const filters = defaultFilters();
    expect(Object.values(filters).every((v) => v === null)).toBe(true);
    expect(Object.keys(filters)).toContain("team_project");
  });
  it("counts only non-empty lists as applied filters", () => {
    expect(countAppliedFilters({ priority: ["high"], labels: [], state: null, name: "x" })).toBe(1);
    expect(countAppliedFilters(null)).toBe(0);
  });
  it("chooses the loader", () => {
    expect(fetchLoader({ hasLoadedBefore: false })).toBe("init-loader");
    expect(fetchLoader({ hasLoadedBefore: true, filters: { priority: ["high"] } })).toBe("mutation");
    expect(fetchLoader({ hasLoadedBefore: true, filters: { priority: [] } })).toBe("init-loader");
    expect(fetchLoader({ hasLoadedBefore: true, isPagination: true })).toBe("pagination");
  });
  it("uses the client page sizes", () => {
    expect(pageSizeFor("list", true, false)).toBe(50);
    expect(pageSizeFor("list", false, false)).toBe(100);
    expect(pageSizeFor("kanban", true, false)).toBe(30);
    expect(pageSizeFor("kanban", true, true)).toBe(10);
    expect(pageSizeFor("spreadsheet", false, false)).toBe(100);
    expect(pageSizeFor("gantt_chart", false, false)).toBe(100);
  });
  it("builds per-group load-more params", () => {
    expect(
      groupLoadMoreParams(
        { group_by: "state_id", order_by: "sort_order", cursor: "50:0:0" },
        { groupBy: "state_id", key: "abc" },
        50,
      ),
    ).toEqual({
      order_by: "sort_order",
      cursor: "50:1:0",
      per_page: "50",
      state: "abc",
    });
    expect(
      groupLoadMoreParams(
        { group_by: "labels__id", sub_group_by: "priority" },
        { groupBy: "labels__id", key: "None", subGroupBy: "priority", subKey: "high" },
        10,
        2,
      ),
    ).toEqual({
      cursor: "10:2:0",
      per_page: "10",
      labels: "None",
      priority: "high",
    });
  });
});

describe("local lists", () => {
  it("leave ordering by type, like custom properties, to the server (the local database holds no typed project)", () => {
    expect(localListSupported(parseLocalListQuery({ order_by: "-priority" }, "UTC"))).toBe(true);
    expect(localListSupported(parseLocalListQuery({ order_by: "-issue_type" }, "UTC"))).toBe(false);
  });
});

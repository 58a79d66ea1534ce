import { describe, expect, it } from "vitest";
import { listPrefsFrom } from "@stride/shared";
import { buildListQuery, dragAllowed, effectiveDisplay, wireGroupBy } from "./params.ts";
import { groupPatch, groupTitle, knownGroupKeys, visibleGroupKeys, type GroupRefs } from "./groups.ts";

describe("buildListQuery", () => {
  it("sends applied filters as comma lists and the wire grouping", () => {
    const q = buildListQuery(
      { priority: ["high", "urgent"], labels: [], state: null, target_date: ["2025-01-01;after"] },
      { layout: "list", group_by: "state", order_by: "sort_order", sub_issue: false, type: "active" },
    );
    expect(q.params).toEqual({
      priority: "high,urgent",
      target_date: "2025-01-01;after",
      group_by: "state_id",
      order_by: "sort_order",
      sub_issue: "false",
      type: "active",
      layout: "list",
    });
    expect(q.perPage).toBe(50);
  });
  it("uses the layout page sizes and drops sub-grouping outside kanban", () => {
    expect(buildListQuery({}, { layout: "list" }).perPage).toBe(100);
    const k = buildListQuery({}, { layout: "kanban", group_by: null, sub_group_by: "priority" });
    expect(k.params.group_by).toBe("state_id");
    expect(k.params.sub_group_by).toBe("priority");
    expect(k.perPage).toBe(10);
    expect(buildListQuery({}, { layout: "kanban", group_by: "priority" }).perPage).toBe(30);
    expect(
      buildListQuery({}, { layout: "list", group_by: "priority", sub_group_by: "state" }).params.sub_group_by,
    ).toBeUndefined();
    expect(buildListQuery({}, { layout: "spreadsheet", group_by: "priority" }).params.group_by).toBeUndefined();
    expect(buildListQuery({}, { layout: "gantt_chart" }).perPage).toBe(100);
  });
  it("applies the display rules (kanban same sub-group cleared; flow groups by state)", () => {
    expect(
      effectiveDisplay({ layout: "kanban", group_by: "priority", sub_group_by: "priority" }).sub_group_by,
    ).toBeNull();
    expect(effectiveDisplay({ layout: "flow", group_by: "labels" }).group_by).toBe("state");
    expect(effectiveDisplay({ layout: "list", group_by: null, sub_group_by: "state" }).sub_group_by).toBeNull();
  });
  it("starts in manual order (work-tracking §9) and keeps an order chosen before (issue #27 point 4)", () => {
    expect(listPrefsFrom(null).display_filters.order_by).toBe("sort_order");
    expect(buildListQuery({}, { layout: "list" }).params.order_by).toBe("sort_order");
    const saved = listPrefsFrom({
      display_filters: { ...listPrefsFrom(null).display_filters, order_by: "-created_at" },
    });
    expect(buildListQuery(saved.filters, saved.display_filters).params.order_by).toBe("-created_at");
  });
  it("merges extra params (calendar window)", () => {
    expect(buildListQuery({}, { layout: "calendar" }, { extra: { target_date: "a;after" } }).params.target_date).toBe(
      "a;after",
    );
  });
  it("maps group names and the drag allow-list", () => {
    expect(wireGroupBy("labels")).toBe("labels__id");
    expect(wireGroupBy("nonsense")).toBeNull();
    expect(dragAllowed("state_id")).toBe(true);
    expect(dragAllowed("created_by")).toBe(false);
    expect(dragAllowed(null)).toBe(false);
  });
});

const refs: GroupRefs = {
  states: [{ id: "s1", name: "Todo", group: "unstarted", color: "#000" }],
  labels: [
    { id: "l1", name: "Bug", color: "#f00" },
    { id: "l2", name: "Docs", color: "#0f0" },
  ],
  members: [{ id: "u1", display_name: "ada", first_name: "Ada", last_name: "L" }],
  cycles: [],
  modules: [],
};

describe("groups", () => {
  it("knows every key of single- and multi-valued groupings", () => {
    expect(knownGroupKeys("priority", refs)).toEqual(["urgent", "high", "medium", "low", "none"]);
    expect(knownGroupKeys("labels__id", refs)).toEqual(["l1", "l2", "None"]);
    expect(knownGroupKeys("target_date", refs)).toBeNull();
  });
  it("shows empty groups only when asked, None last", () => {
    const totals: Record<string, number> = { l2: 3, None: 1 };
    expect(visibleGroupKeys("labels__id", ["None", "l2"], refs, true, (k) => totals[k] ?? 0)).toEqual([
      "l1",
      "l2",
      "None",
    ]);
    expect(visibleGroupKeys("labels__id", ["None", "l2"], refs, false, (k) => totals[k] ?? 0)).toEqual(["l2", "None"]);
    expect(visibleGroupKeys("target_date", ["2025-01-02", "None"], refs, true, () => 1)).toEqual([
      "2025-01-02",
      "None",
    ]);
  });
  it("titles groups", () => {
    expect(groupTitle("state_id", "s1", refs)).toBe("Todo");
    expect(groupTitle("labels__id", "None", refs)).toBe("No labels");
    // a workspace draft may have no project yet
    expect(groupTitle("project_id", "None", refs)).toBe("No project");
    expect(groupTitle("assignees__id", "u1", refs)).toBe("Ada L");
    expect(groupTitle("priority", "urgent", refs)).toBe("Urgent");
    expect(groupTitle("target_date", "2025-01-02", refs)).toBe("Jan 02, 2025");
  });
  it("turns a group into the property an item takes when created or dropped there", () => {
    expect(groupPatch("state_id", "s1")).toEqual({ state_id: "s1" });
    expect(groupPatch("priority", "None")).toEqual({ priority: "none" });
    expect(groupPatch("labels__id", "l2", { label_ids: ["l1"] })).toEqual({ label_ids: ["l1", "l2"] });
    expect(groupPatch("assignees__id", "None", { assignee_ids: ["u1"] })).toEqual({ assignee_ids: [] });
    expect(groupPatch("cycle_id", "None")).toEqual({ cycle_id: null });
    expect(groupPatch("created_by", "u1")).toBeNull();
  });
});

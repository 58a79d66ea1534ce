import { describe, expect, it } from "vitest";
import { ORDER_BY_FIELDS } from "./order.ts";
import { evaluateLocalList, parseLocalListQuery, sortLocalRows } from "./local-list.ts";
import { toLocalRow, type LocalItem, type LocalRefs } from "./local-row.ts";

/**
 * A list evaluated over rows sorted once for its order (the web's local database keeps them per order, issue #28)
 * answers exactly as one that sorts the rows itself: every order, with and without grouping, sub-grouping, filters
 * and pages.
 */
const refs: LocalRefs = {
  projects: [{ id: "p1", name: "P" }],
  states: [
    { id: "s1", name: "Todo", group: "unstarted", sequence: 1 },
    { id: "s2", name: "Doing", group: "started", sequence: 2 },
    { id: "s3", name: "Done", group: "completed", sequence: 3 },
  ],
  labels: [
    { id: "l1", name: "bug" },
    { id: "l2", name: "Feature" },
  ],
  members: [
    { id: "u1", first_name: "Ann" },
    { id: "u2", first_name: null },
  ],
  modules: [{ id: "m1", name: "Core" }],
  cycles: [{ id: "c1", name: "Sprint", created_at: "2026-01-01T00:00:00Z" }],
  estimatePoints: [{ id: "e1", key: 2 }],
};

const pick = <T>(a: T[], n: number) => a[n % a.length];
// values repeated across items (ties broken by created_at, then id), nulls among them
const items: LocalItem[] = Array.from({ length: 60 }, (_, n) => ({
  id: `i${String((n * 37) % 60).padStart(2, "0")}`,
  name: pick(["alpha", "Beta", "gamma"], n),
  state_id: pick(["s1", "s2", "s3", null], n),
  sort_order: pick([1, 2, 3, 4, 5], n * 7),
  completed_at: null,
  estimate_point: pick(["e1", null], n),
  priority: pick(["urgent", "high", "none", "low"], n * 3),
  start_date: pick(["2026-02-01", null, "2026-01-15"], n),
  target_date: pick([null, "2026-03-01"], n * 5),
  sequence_id: n + 1,
  project_id: "p1",
  parent_id: pick([null, null, "i00"], n),
  cycle_id: pick(["c1", null], n * 11),
  module_ids: pick([["m1"], []], n),
  label_ids: pick([["l1"], ["l2", "l1"], []], n),
  assignee_ids: pick([["u1"], ["u2"], ["u1", "u2"], []], n),
  sub_issues_count: n % 3,
  created_at: `2026-01-0${1 + (n % 4)}T00:00:00.00000${n % 2}+00:00`,
  updated_at: `2026-02-0${1 + (n % 5)}T00:00:00Z`,
  created_by: pick(["u1", "u2"], n),
  updated_by: null,
  attachment_count: n % 2,
  link_count: n % 4,
  is_draft: false,
  archived_at: null,
  type_id: null,
}));
const rows = items.map(toLocalRow);

const orders = ORDER_BY_FIELDS.filter((f) => f !== "type__name").flatMap((f) => [f, `-${f}`]);
const shapes: Record<string, string>[] = [
  { per_page: "7", cursor: "7:1:0" },
  { group_by: "state_id", per_page: "3" },
  { group_by: "labels__id", sub_group_by: "assignees__id", per_page: "2" },
  { group_by: "priority", priority: "urgent,high", sub_issue: "false", per_page: "50" },
];

describe("a list over rows sorted once for its order", () => {
  it("answers as the list that sorts them itself, for every order and shape", () => {
    let compared = 0;
    for (const order_by of orders)
      for (const shape of shapes) {
        const req = parseLocalListQuery({ ...shape, order_by }, "UTC");
        const sorted = sortLocalRows(rows, refs, req.order);
        expect(sorted).toHaveLength(rows.length);
        expect(evaluateLocalList(sorted, refs, req, { sorted: true })).toEqual(
          evaluateLocalList([...rows].reverse(), refs, req),
        );
        compared++;
      }
    expect(compared).toBe(orders.length * shapes.length);
  });

  it("leaves the rows it was given in their order", () => {
    const given = [...rows];
    sortLocalRows(given, refs, parseLocalListQuery({ order_by: "-priority" }, "UTC").order);
    expect(given).toEqual(rows);
  });
});

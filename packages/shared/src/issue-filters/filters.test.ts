import { describe, expect, it } from "vitest";
import { parseLegacyFilters } from "./legacy.ts";
import { parseRichFilters, RICH_FILTER_MAX_DEPTH } from "./rich.ts";
import { FilterError } from "./errors.ts";
import { andFilterNodes } from "./ast.ts";

const TODAY = "2025-03-10";
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof FilterError) return e.code;
    throw e;
  }
  return "no error";
}

describe("legacy flat filters", () => {
  it("returns null when no filter applies", () => {
    expect(parseLegacyFilters({}, TODAY)).toBeNull();
    expect(parseLegacyFilters({ labels: "", state: "null", priority: ",", per_page: "10" }, TODAY)).toBeNull();
  });
  it("maps id params to fields, None to null and dedupes", () => {
    expect(parseLegacyFilters({ labels: `${A},None,${A.toUpperCase()}` }, TODAY)).toEqual({
      field: "label_id",
      op: "in",
      values: [A, null],
    });
    expect(parseLegacyFilters({ assignees: B }, TODAY)).toEqual({ field: "assignee_id", op: "in", values: [B] });
    const all = parseLegacyFilters(
      {
        state: A,
        mentions: A,
        created_by: "None",
        cycle: A,
        module: A,
        project: A,
        parent: "None",
        estimate_point: A,
        subscriber: B,
        issue_type: A,
      },
      TODAY,
    ) as { and: { field: string }[] };
    expect(all.and.map((n) => n.field)).toEqual([
      "state_id",
      "mention_id",
      "created_by_id",
      "cycle_id",
      "module_id",
      "project_id",
      "parent_id",
      "estimate_point_id",
      "subscriber_id",
      "type_id",
    ]);
  });
  it("reads repeated params as one list", () => {
    expect(parseLegacyFilters({ priority: ["high", "urgent"] }, TODAY)).toEqual({
      field: "priority",
      op: "in",
      values: ["high", "urgent"],
    });
  });
  it("validates enums and ids", () => {
    expect(code(() => parseLegacyFilters({ priority: "critical" }, TODAY))).toBe("invalid_filter_value");
    expect(code(() => parseLegacyFilters({ state_group: "done" }, TODAY))).toBe("invalid_filter_value");
    expect(code(() => parseLegacyFilters({ labels: "not-a-uuid" }, TODAY))).toBe("invalid_filter_value");
    expect(parseLegacyFilters({ state_group: "backlog,started" }, TODAY)).toEqual({
      field: "state_group",
      op: "in",
      values: ["backlog", "started"],
    });
  });
  it("reads name, type and start_target_date", () => {
    expect(parseLegacyFilters({ name: " fix " }, TODAY)).toEqual({ field: "name", op: "icontains", value: "fix" });
    expect(parseLegacyFilters({ type: "active" }, TODAY)).toEqual({
      field: "state_group",
      op: "in",
      values: ["unstarted", "started"],
    });
    expect(parseLegacyFilters({ type: "backlog" }, TODAY)).toEqual({
      field: "state_group",
      op: "in",
      values: ["backlog"],
    });
    expect(parseLegacyFilters({ type: "all" }, TODAY)).toBeNull();
    expect(code(() => parseLegacyFilters({ type: "weird" }, TODAY))).toBe("invalid_filter_value");
    expect(parseLegacyFilters({ start_target_date: "true" }, TODAY)).toEqual({
      and: [
        { field: "start_date", op: "range", isNull: false },
        { field: "target_date", op: "range", isNull: false },
      ],
    });
    expect(parseLegacyFilters({ start_target_date: "false" }, TODAY)).toBeNull();
    expect(code(() => parseLegacyFilters({ name: "x".repeat(256) }, TODAY))).toBe("invalid_filter_value");
  });
  it("reads date filters with absolute, relative and preset terms", () => {
    expect(parseLegacyFilters({ target_date: "2025-01-01;after,2025-01-31;before" }, TODAY)).toEqual({
      field: "target_date",
      op: "range",
      gte: "2025-01-01",
      lte: "2025-01-31",
    });
    expect(parseLegacyFilters({ start_date: "1_weeks;after;fromnow" }, TODAY)).toEqual({
      field: "start_date",
      op: "range",
      gte: "2025-03-17",
    });
    expect(parseLegacyFilters({ created_at: "last_7_days" }, TODAY)).toEqual({
      field: "created_at",
      op: "range",
      gte: "2025-03-03",
      lte: TODAY,
    });
    expect(code(() => parseLegacyFilters({ completed_at: "whenever" }, TODAY))).toBe("invalid_filter_value");
  });
  it("reads updated_at__gt with a datetime or date (a '+' decoded as space is restored)", () => {
    expect(parseLegacyFilters({ updated_at__gt: "2025-03-01T10:00:00 05:30" }, TODAY)).toEqual({
      field: "updated_at",
      op: "range",
      gt: "2025-03-01T10:00:00+05:30",
    });
    expect(parseLegacyFilters({ updated_at__gt: "2025-03-01" }, TODAY)).toEqual({
      field: "updated_at",
      op: "range",
      gt: "2025-03-01",
    });
    expect(code(() => parseLegacyFilters({ updated_at__gt: "yesterday" }, TODAY))).toBe("invalid_filter_value");
  });
});

describe("rich JSON filters", () => {
  it("treats empty input as no filter", () => {
    expect(parseRichFilters(undefined)).toBeNull();
    expect(parseRichFilters("")).toBeNull();
    expect(parseRichFilters("{}")).toBeNull();
    expect(parseRichFilters({})).toBeNull();
  });
  it("parses the client's and-of-in shape", () => {
    expect(
      parseRichFilters(JSON.stringify({ and: [{ state_id__in: `${A},${B}` }, { priority__in: "high" }] })),
    ).toEqual({
      and: [
        { field: "state_id", op: "in", values: [A, B] },
        { field: "priority", op: "in", values: ["high"] },
      ],
    });
  });
  it("parses or, not, exact (bare and __exact), lists and null", () => {
    expect(parseRichFilters({ or: [{ label_id: A }, { not: { assignee_id__exact: B } }] })).toEqual({
      or: [{ field: "label_id", op: "in", values: [A] }, { not: { field: "assignee_id", op: "in", values: [B] } }],
    });
    expect(parseRichFilters({ cycle_id: null })).toEqual({ field: "cycle_id", op: "in", values: [null] });
    expect(parseRichFilters({ module_id__in: [A, "None"] })).toEqual({
      field: "module_id",
      op: "in",
      values: [A, null],
    });
  });
  it("ANDs several keys of one leaf", () => {
    expect(parseRichFilters({ priority: "urgent", is_draft: false })).toEqual(
      andFilterNodes(
        { field: "priority", op: "in", values: ["urgent"] },
        { field: "is_draft", op: "bool", value: false },
      ),
    );
  });
  it("parses date exact and range", () => {
    expect(parseRichFilters({ target_date__range: "2025-01-01,2025-01-31" })).toEqual({
      field: "target_date",
      op: "range",
      gte: "2025-01-01",
      lte: "2025-01-31",
    });
    expect(parseRichFilters({ created_at__range: ["2025-01-01T00:00:00Z", null] })).toEqual({
      field: "created_at",
      op: "range",
      gte: "2025-01-01T00:00:00Z",
    });
    expect(parseRichFilters({ start_date: "2025-01-02" })).toEqual({
      field: "start_date",
      op: "range",
      gte: "2025-01-02",
      lte: "2025-01-02",
    });
    expect(parseRichFilters({ start_date: null })).toEqual({ field: "start_date", op: "range", isNull: true });
    expect(parseRichFilters({ is_archived: "true" })).toEqual({ field: "is_archived", op: "bool", value: true });
    expect(parseRichFilters({ name__icontains: "bug" })).toEqual({ field: "name", op: "icontains", value: "bug" });
  });
  it("allows depth 5 and rejects depth 6", () => {
    let node: object = { priority: "high" };
    for (let i = 1; i < RICH_FILTER_MAX_DEPTH; i++) node = { and: [node] };
    expect(parseRichFilters(node)).not.toBeNull();
    expect(code(() => parseRichFilters({ and: [node] }))).toBe("max_depth_exceeded");
  });
  it("reports each structural error with its code", () => {
    expect(code(() => parseRichFilters("{not json"))).toBe("invalid_json");
    expect(code(() => parseRichFilters("[1]"))).toBe("invalid_filter_node");
    expect(code(() => parseRichFilters({ and: [{}] }))).toBe("empty_filter_object");
    expect(code(() => parseRichFilters({ and: [], or: [] }))).toBe("multiple_logical_operators");
    expect(code(() => parseRichFilters({ and: [{ priority: "low" }], priority: "low" }))).toBe(
      "mixed_operator_and_fields",
    );
    expect(code(() => parseRichFilters({ and: [] }))).toBe("invalid_operator_children");
    expect(code(() => parseRichFilters({ or: "x" }))).toBe("invalid_operator_children");
    expect(code(() => parseRichFilters({ and: [1] }))).toBe("invalid_operator_child_type");
    expect(code(() => parseRichFilters({ not: [] }))).toBe("invalid_not_child");
    expect(code(() => parseRichFilters({ color: "red" }))).toBe("invalid_filter_field");
    expect(code(() => parseRichFilters({ priority__range: "a,b" }))).toBe("invalid_filter_field");
    expect(code(() => parseRichFilters({ name: "x" }))).toBe("invalid_filter_field");
    expect(code(() => parseRichFilters({ state_id__in: [] }))).toBe("empty_list_value");
    expect(code(() => parseRichFilters({ state_id__in: [{}] }))).toBe("invalid_value_type");
    expect(code(() => parseRichFilters({ state_id: { a: 1 } }))).toBe("invalid_value_type");
  });
  it("validates leaf values", () => {
    expect(code(() => parseRichFilters({ state_id: "abc" }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ state_id: [A] }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ priority__in: "high,critical" }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ state_group: "done" }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ is_draft: "maybe" }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ target_date__range: "2025-01-01" }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ target_date__range: "2025-01-01T00:00:00Z,2025-02-01" }))).toBe(
      "invalid_filterset",
    );
    expect(code(() => parseRichFilters({ target_date__range: "," }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ created_at: 5 }))).toBe("invalid_filterset");
    expect(code(() => parseRichFilters({ state_id__in: "," }))).toBe("invalid_filterset");
  });
});

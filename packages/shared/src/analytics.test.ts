import { describe, expect, it } from "vitest";
import {
  ANALYTICS_AXES,
  assembleCustomChart,
  assembleTimeline,
  dayKeys,
  monthKeys,
  monthName,
  parseAnalyticsAxis,
  titleCaseKey,
  UNSUPPORTED_ANALYTICS_AXES,
} from "./analytics.ts";

describe("analytics axes", () => {
  it("reads known axes (any case), falls back when absent and refuses the rest", () => {
    expect(parseAnalyticsAxis(undefined, "PRIORITY")).toBe("PRIORITY");
    expect(parseAnalyticsAxis("", undefined)).toBeUndefined();
    expect(parseAnalyticsAxis("labels", "PRIORITY")).toBe("LABELS");
    for (const a of ANALYTICS_AXES) expect(parseAnalyticsAxis(a, undefined)).toBe(a);
    for (const a of UNSUPPORTED_ANALYTICS_AXES) expect(parseAnalyticsAxis(a, "PRIORITY")).toBeNull();
    expect(parseAnalyticsAxis("priority; drop", "PRIORITY")).toBeNull();
  });
});

describe("chart keys", () => {
  it("title-cases project chart keys", () => {
    expect(titleCaseKey("work_items")).toBe("Work Items");
    expect(titleCaseKey("intake")).toBe("Intake");
  });
  it("lists months and days inclusively, across a year end", () => {
    expect(monthKeys("2024-11-15", "2025-02-03")).toEqual(["2024-11-01", "2024-12-01", "2025-01-01", "2025-02-01"]);
    expect(monthKeys("2025-02-01", "2025-01-01")).toEqual([]);
    expect(monthName("2025-03-01")).toBe("Mar 2025");
    expect(dayKeys("2024-12-30", "2025-01-02")).toEqual(["2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02"]);
  });
});

describe("assembleCustomChart", () => {
  it("without a group: sorted by key, nulls as None, empty schema", () => {
    const out = assembleCustomChart(
      [
        { key: "urgent", name: "urgent", count: 2 },
        { key: null, name: null, count: 1 },
        { key: "high", name: "high", count: 3 },
      ],
      false,
    );
    expect(out).toEqual({
      data: [
        { key: "None", name: "None", count: 1 },
        { key: "high", name: "high", count: 3 },
        { key: "urgent", name: "urgent", count: 2 },
      ],
      schema: {},
    });
  });
  it("with a group: one entry per x value with per-group counts, distinct totals and a schema", () => {
    const rows = [
      { key: "high", name: "high", group_key: "u1", group_name: "Ann", count: 2 },
      { key: "high", name: "high", group_key: "u2", group_name: "Bob", count: 1 },
      { key: "low", name: "low", group_key: null, group_name: null, count: 4 },
    ];
    const out = assembleCustomChart(
      rows,
      true,
      new Map<string | null, number>([
        ["high", 2],
        ["low", 4],
      ]),
    );
    expect(out.data).toEqual([
      { key: "high", name: "high", count: 2, u1: 2, u2: 1 },
      { key: "low", name: "low", count: 4, none: 4 },
    ]);
    expect(out.schema).toEqual({ u1: "Ann", u2: "Bob", none: "None" });
  });
});

describe("assembleTimeline", () => {
  it("fills every key, count being created plus completed", () => {
    const out = assembleTimeline(
      ["2025-01-01", "2025-02-01"],
      new Map([["2025-01-01", 3]]),
      new Map([["2025-02-01", 1]]),
      monthName,
    );
    expect(out.data).toEqual([
      { key: "2025-01-01", name: "Jan 2025", count: 3, completed_issues: 0, created_issues: 3 },
      { key: "2025-02-01", name: "Feb 2025", count: 1, completed_issues: 1, created_issues: 0 },
    ]);
    expect(out.schema).toEqual({ completed_issues: "completed_issues", created_issues: "created_issues" });
  });
});

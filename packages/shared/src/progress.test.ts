import { describe, expect, it } from "vitest";
import { analyticsMetrics, groupCounts, planProgress, progressIn, progressUnits } from "./progress.ts";

describe("cycle and module progress (issue #27 point 5)", () => {
  it("leaves cancelled items out of the scope, so the count and the share agree", () => {
    expect(planProgress({ total: 8, completed: 1, cancelled: 1 })).toEqual({
      done: 1,
      scope: 7,
      cancelled: 1,
      percent: 14,
    });
    // what read "0/1 · 100%" before: one cancelled item, nothing in scope
    expect(planProgress({ total: 1, completed: 0, cancelled: 1 })).toEqual({
      done: 0,
      scope: 0,
      cancelled: 1,
      percent: 0,
    });
    expect(planProgress({ total: 0, completed: 0, cancelled: 0 }).percent).toBe(0);
    expect(planProgress({ total: 3, completed: 3, cancelled: 0 }).percent).toBe(100);
  });

  it("counts in work items or in estimate points from the wire's fields", () => {
    const f = {
      total_issues: 4,
      backlog_issues: 1,
      unstarted_issues: 0,
      started_issues: 1,
      completed_issues: 1,
      cancelled_issues: 1,
      total_estimate_points: 21,
      backlog_estimate_points: 8,
      unstarted_estimate_points: 0,
      started_estimate_points: 5,
      completed_estimate_points: 3,
      cancelled_estimate_points: 5,
    };
    expect(groupCounts(f, "issues")).toEqual({
      total: 4,
      groups: { backlog: 1, unstarted: 0, started: 1, completed: 1, cancelled: 1 },
    });
    expect(groupCounts(f, "points").groups.started).toBe(5);
    expect(progressIn(f, "issues")).toEqual({ done: 1, scope: 3, cancelled: 1, percent: 33 });
    expect(progressIn(f, "points")).toEqual({ done: 3, scope: 16, cancelled: 5, percent: 19 });
  });

  it("offers points first when the project estimates in points, work items only otherwise", () => {
    expect(progressUnits("points")).toEqual(["points", "issues"]);
    expect(progressUnits("categories")).toEqual(["issues"]);
    expect(progressUnits(null)).toEqual(["issues"]);
    // workspace analytics: every project in scope in points, some, none
    expect(analyticsMetrics(["points"])).toEqual(["points", "issues"]);
    expect(analyticsMetrics(["points", "categories", null])).toEqual(["issues", "points"]);
    expect(analyticsMetrics(["categories", null])).toEqual(["issues"]);
    expect(analyticsMetrics([])).toEqual(["issues"]);
  });
});

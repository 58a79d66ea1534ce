import { describe, expect, it } from "vitest";
import {
  GANTT_SCALES, addDays, barGeometry, diffDays, draggedDates, formatDate, ganttRange, isOverdue, monthWeeks, relativeTime, startOfWeek, weekDays,
} from "./dates.ts";

describe("calendar", () => {
  it("starts weeks on Sunday and covers the whole month", () => {
    const weeks = monthWeeks("2025-02-01", true);
    expect(weeks[0][0]).toBe("2025-01-26");
    expect(weeks[weeks.length - 1][6]).toBe("2025-03-01");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(startOfWeek("2025-02-05")).toBe("2025-02-02");
  });
  it("drops weekends when they are hidden", () => {
    expect(monthWeeks("2025-02-01", false).every((w) => w.length === 5)).toBe(true);
    expect(weekDays("2025-02-05", false)).toEqual(["2025-02-03", "2025-02-04", "2025-02-05", "2025-02-06", "2025-02-07"]);
  });
});

describe("overdue (target date today or earlier, not completed or cancelled)", () => {
  it("flags open items due today or before", () => {
    expect(isOverdue("2025-03-10", "started", "2025-03-10")).toBe(true);
    expect(isOverdue("2025-03-09", "backlog", "2025-03-10")).toBe(true);
    expect(isOverdue("2025-03-11", "started", "2025-03-10")).toBe(false);
    expect(isOverdue("2025-03-01", "completed", "2025-03-10")).toBe(false);
    expect(isOverdue("2025-03-01", "cancelled", "2025-03-10")).toBe(false);
    expect(isOverdue(null, "started", "2025-03-10")).toBe(false);
  });
});

describe("gantt", () => {
  it("has the spec's scales", () => {
    expect(GANTT_SCALES.week).toMatchObject({ range: 4, dayWidth: 60 });
    expect(GANTT_SCALES.month).toMatchObject({ range: 6, dayWidth: 20 });
    expect(GANTT_SCALES.quarter).toMatchObject({ range: 24, dayWidth: 5 });
  });
  it("computes ranges", () => {
    expect(ganttRange("week", "2025-03-12")).toEqual({ start: "2025-02-23", end: "2025-03-22", days: 28 });
    const m = ganttRange("month", "2025-03-12");
    expect(m.start).toBe("2024-12-01");
    expect(m.end).toBe("2025-05-31");
    expect(ganttRange("quarter", "2025-03-12").start).toBe("2024-03-01");
  });
  it("places bars", () => {
    expect(barGeometry({ start_date: "2025-03-03", target_date: "2025-03-05" }, "2025-03-01", 20)).toEqual({ left: 40, width: 60 });
    expect(barGeometry({ start_date: null, target_date: null }, "2025-03-01", 20)).toBeNull();
    expect(barGeometry({ start_date: "2025-03-03", target_date: null }, "2025-03-01", 20)).toEqual({ left: 40, width: 60 });
    expect(barGeometry({ start_date: null, target_date: "2025-03-05" }, "2025-03-01", 5)).toEqual({ left: 4 * 5 + 5 - 60, width: 60 });
  });
  it("moves and resizes by whole days, never past the other edge", () => {
    const it0 = { start_date: "2025-03-03", target_date: "2025-03-05" };
    expect(draggedDates(it0, "move", 41, 20)).toEqual({ start_date: "2025-03-05", target_date: "2025-03-07" });
    expect(draggedDates(it0, "start", -60, 20)).toEqual({ start_date: "2025-02-28", target_date: "2025-03-05" });
    expect(draggedDates(it0, "start", 200, 20)).toEqual({ start_date: "2025-03-05", target_date: "2025-03-05" });
    expect(draggedDates(it0, "end", -200, 20)).toEqual({ start_date: "2025-03-03", target_date: "2025-03-03" });
    expect(draggedDates({ start_date: null, target_date: "2025-03-05" }, "end", 60, 60)).toEqual({ start_date: "2025-03-05", target_date: "2025-03-06" });
  });
});

describe("formatting", () => {
  it("formats dates as MMM dd, yyyy and relative times in s/m/h/d/mo/y", () => {
    expect(formatDate("2025-03-07")).toBe("Mar 07, 2025");
    const now = new Date("2025-03-10T12:00:00Z");
    expect(relativeTime("2025-03-10T11:59:30Z", now)).toBe("30s ago");
    expect(relativeTime("2025-03-10T11:00:00Z", now)).toBe("1h ago");
    expect(relativeTime("2025-03-08T12:00:00Z", now)).toBe("2d ago");
    expect(relativeTime("2024-12-01T12:00:00Z", now)).toBe("3mo ago");
    expect(relativeTime("2023-01-01T12:00:00Z", now)).toBe("2y ago");
    expect(diffDays("2025-03-01", addDays("2025-03-01", 45))).toBe(45);
  });
});

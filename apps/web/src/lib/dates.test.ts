import { describe, expect, it } from "vitest";
import { addDays, diffDays, formatDate, isOverdue, monthWeeks, relativeTime, startOfWeek, weekDays } from "./dates.ts";

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
    expect(weekDays("2025-02-05", false)).toEqual([
      "2025-02-03",
      "2025-02-04",
      "2025-02-05",
      "2025-02-06",
      "2025-02-07",
    ]);
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

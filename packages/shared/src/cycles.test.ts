import { describe, expect, it } from "vitest";
import {
  addMonths,
  burndownSeries,
  cycleEndForDuration,
  cycleEndInstant,
  cycleEnded,
  cycleStartInstant,
  cycleStatus,
  dayInZone,
  isoInZone,
  sortCycles,
} from "./cycles.ts";

describe("cycleStatus", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it("is DRAFT without both dates", () => {
    expect(cycleStatus(null, null, now)).toBe("DRAFT");
    expect(cycleStatus("2026-06-01T00:00:00Z", null, now)).toBe("DRAFT");
  });
  it("is CURRENT from the start to the end inclusive, UPCOMING before, COMPLETED after", () => {
    expect(cycleStatus("2026-06-01T00:00:00Z", "2026-06-30T23:59:59Z", now)).toBe("CURRENT");
    expect(cycleStatus("2026-06-15T12:00:00Z", "2026-06-15T12:00:00Z", now)).toBe("CURRENT");
    expect(cycleStatus("2026-06-16T00:00:00Z", "2026-06-30T23:59:59Z", now)).toBe("UPCOMING");
    expect(cycleStatus("2026-06-01T00:00:00Z", "2026-06-15T11:59:59Z", now)).toBe("COMPLETED");
    expect(cycleEnded("2026-06-15T11:59:59Z", now)).toBe(true);
    expect(cycleEnded(null, now)).toBe(false);
  });
  it("follows the project's zone through the stored day bounds", () => {
    // 23:30 UTC on the 14th is already the 15th in Kolkata: a cycle starting on the 15th there has begun
    const late = new Date("2026-06-14T23:30:00Z");
    const start = cycleStartInstant("2026-06-15", "Asia/Kolkata");
    const end = cycleEndInstant("2026-06-20", "Asia/Kolkata");
    expect(start.toISOString()).toBe("2026-06-14T18:30:00.000Z");
    expect(cycleStatus(start, end, late)).toBe("CURRENT");
    expect(cycleStatus(cycleStartInstant("2026-06-15", "UTC"), cycleEndInstant("2026-06-20", "UTC"), late)).toBe(
      "UPCOMING",
    );
  });
});

describe("days in a zone", () => {
  it("stores start and end of day across DST and renders with the offset", () => {
    const s = cycleStartInstant("2026-03-08", "America/New_York"); // DST starts at 02:00 that day
    expect(s.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    const e = cycleEndInstant("2026-03-08", "America/New_York");
    expect(e.toISOString()).toBe("2026-03-09T03:59:59.000Z");
    expect(isoInZone(e, "America/New_York")).toBe("2026-03-08T23:59:59-04:00");
    expect(isoInZone(s, "UTC")).toBe("2026-03-08T05:00:00Z");
    expect(dayInZone("2026-03-09T03:59:59Z", "America/New_York")).toBe("2026-03-08");
  });
  it("adds months clamped to the month's end and derives the duration's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(cycleEndForDuration("2026-01-01", 1)).toBe("2026-01-31");
    expect(cycleEndForDuration("2026-01-15", 12)).toBe("2027-01-14");
  });
});

describe("burndownSeries", () => {
  it("gives one entry per day, remaining = total − completed up to that day, future days null", () => {
    const chart = burndownSeries({
      start: "2026-06-10",
      end: "2026-06-16",
      today: "2026-06-13",
      total: 5,
      completed: [
        { day: "2026-06-12", value: 1 },
        { day: "2026-06-10", value: 1 },
        { day: "2026-06-12", value: 1 },
        { day: "2026-06-15", value: 1 }, // cannot be in the future, but would not show anyway
      ],
    });
    expect(chart).toEqual({
      "2026-06-10": 4,
      "2026-06-11": 4,
      "2026-06-12": 2,
      "2026-06-13": 2,
      "2026-06-14": null,
      "2026-06-15": null,
      "2026-06-16": null,
    });
  });
  it("counts completions before the start from the first day, sums points, and is empty for bad ranges", () => {
    expect(
      burndownSeries({
        start: "2026-06-10",
        end: "2026-06-11",
        today: "2026-07-01",
        total: 8,
        completed: [
          { day: "2026-06-01", value: 3 },
          { day: "2026-06-11", value: 2.5 },
        ],
      }),
    ).toEqual({ "2026-06-10": 5, "2026-06-11": 2.5 });
    expect(
      burndownSeries({ start: "2026-06-12", end: "2026-06-11", today: "2026-06-12", total: 1, completed: [] }),
    ).toEqual({});
  });
});

describe("sortCycles", () => {
  it("orders current, upcoming by start date, completed, draft; by name within", () => {
    const list = [
      { name: "d-b", status: "DRAFT" },
      { name: "u-late", status: "UPCOMING", start_date: "2026-09-01" },
      { name: "c", status: "CURRENT" },
      { name: "done-b", status: "COMPLETED" },
      { name: "u-soon", status: "UPCOMING", start_date: "2026-07-01" },
      { name: "d-a", status: "draft" },
      { name: "done-a", status: "COMPLETED" },
    ];
    expect(sortCycles(list).map((c) => c.name)).toEqual(["c", "u-soon", "u-late", "done-a", "done-b", "d-a", "d-b"]);
  });
});

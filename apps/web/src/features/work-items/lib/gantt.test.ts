import { describe, expect, it } from "vitest";
import { GANTT_SCALES, barGeometry, draggedDates, ganttRange } from "./gantt.ts";

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
    expect(barGeometry({ start_date: "2025-03-03", target_date: "2025-03-05" }, "2025-03-01", 20)).toEqual({
      left: 40,
      width: 60,
    });
    expect(barGeometry({ start_date: null, target_date: null }, "2025-03-01", 20)).toBeNull();
    expect(barGeometry({ start_date: "2025-03-03", target_date: null }, "2025-03-01", 20)).toEqual({
      left: 40,
      width: 60,
    });
    expect(barGeometry({ start_date: null, target_date: "2025-03-05" }, "2025-03-01", 5)).toEqual({
      left: 4 * 5 + 5 - 60,
      width: 60,
    });
  });
  it("moves and resizes by whole days, never past the other edge", () => {
    const it0 = { start_date: "2025-03-03", target_date: "2025-03-05" };
    expect(draggedDates(it0, "move", 41, 20)).toEqual({ start_date: "2025-03-05", target_date: "2025-03-07" });
    expect(draggedDates(it0, "start", -60, 20)).toEqual({ start_date: "2025-02-28", target_date: "2025-03-05" });
    expect(draggedDates(it0, "start", 200, 20)).toEqual({ start_date: "2025-03-05", target_date: "2025-03-05" });
    expect(draggedDates(it0, "end", -200, 20)).toEqual({ start_date: "2025-03-03", target_date: "2025-03-03" });
    expect(draggedDates({ start_date: null, target_date: "2025-03-05" }, "end", 60, 60)).toEqual({
      start_date: "2025-03-05",
      target_date: "2025-03-06",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  shiftDate,
  isFilterDate,
  isFilterDateTime,
  isTimeZone,
  parseDateFilterValue,
  parseDateTerm,
  presetRange,
  todayInTimeZone,
} from "./dates.ts";
import { FilterError } from "./errors.ts";

const TODAY = "2025-03-10";

describe("date helpers", () => {
  it("shifts dates across month and year boundaries", () => {
    expect(shiftDate("2025-03-10", 7)).toBe("2025-03-17");
    expect(shiftDate("2025-03-01", -1)).toBe("2025-02-28");
    expect(shiftDate("2024-12-31", 1)).toBe("2025-01-01");
    expect(shiftDate("2024-03-01", -1)).toBe("2024-02-29");
  });
  it("recognises real dates and datetimes only", () => {
    expect(isFilterDate("2025-02-28")).toBe(true);
    expect(isFilterDate("2025-02-30")).toBe(false);
    expect(isFilterDate("2025-2-3")).toBe(false);
    expect(isFilterDateTime("2025-02-28T10:00:00Z")).toBe(true);
    expect(isFilterDateTime("2025-02-28T10:00:00.123456+05:30")).toBe(true);
    expect(isFilterDateTime("2025-02-28")).toBe(false);
    expect(isFilterDateTime("yesterday")).toBe(false);
  });
  it("computes today in a time zone", () => {
    const now = new Date("2025-03-10T23:30:00Z");
    expect(todayInTimeZone("UTC", now)).toBe("2025-03-10");
    expect(todayInTimeZone("Asia/Kolkata", now)).toBe("2025-03-11");
    expect(todayInTimeZone("America/New_York", now)).toBe("2025-03-10");
    expect(todayInTimeZone("Not/AZone", now)).toBe("2025-03-10");
    // the same zone again (its formatter is kept) and the zone check
    expect(todayInTimeZone("Asia/Kolkata", now)).toBe("2025-03-11");
    expect([isTimeZone("Asia/Kolkata"), isTimeZone("UTC"), isTimeZone("Not/AZone")]).toEqual([true, true, false]);
  });
});

describe("date presets", () => {
  it("maps today, yesterday, last 7 and last 30 days to inclusive ranges", () => {
    expect(presetRange("today", TODAY)).toEqual({ gte: TODAY, lte: TODAY });
    expect(presetRange("yesterday", TODAY)).toEqual({ gte: "2025-03-09", lte: "2025-03-09" });
    expect(presetRange("last_7_days", TODAY)).toEqual({ gte: "2025-03-03", lte: TODAY });
    expect(presetRange("last_30_days", TODAY)).toEqual({ gte: "2025-02-08", lte: TODAY });
  });
  it("accepts presets with the client's ;custom;custom suffix", () => {
    expect(parseDateTerm("today;custom;custom", TODAY)).toEqual({ gte: TODAY, lte: TODAY });
  });
});

describe("date filter terms", () => {
  it("reads absolute after/before and bare dates", () => {
    expect(parseDateTerm("2025-01-05;after", TODAY)).toEqual({ gte: "2025-01-05" });
    expect(parseDateTerm("2025-01-05;before", TODAY)).toEqual({ lte: "2025-01-05" });
    expect(parseDateTerm("2025-01-05", TODAY)).toEqual({ gte: "2025-01-05", lte: "2025-01-05" });
  });
  it("reads relative terms with 1 week = 7 days and 1 month = 30 days", () => {
    expect(parseDateTerm("1_weeks;after;fromnow", TODAY)).toEqual({ gte: "2025-03-17" });
    expect(parseDateTerm("2_weeks;after;fromnow", TODAY)).toEqual({ gte: "2025-03-24" });
    expect(parseDateTerm("1_months;after;fromnow", TODAY)).toEqual({ gte: "2025-04-09" });
    expect(parseDateTerm("2_months;before;fromnow", TODAY)).toEqual({ lte: "2025-05-09" });
    expect(parseDateTerm("1_weeks;before;ago", TODAY)).toEqual({ lte: "2025-03-03" });
    expect(parseDateTerm("1_months;after;ago", TODAY)).toEqual({ gte: "2025-02-08" });
    expect(parseDateTerm("3_days;after;fromnow", TODAY)).toEqual({ gte: "2025-03-13" });
  });
  it("ANDs a comma list into one range keeping the tightest bounds", () => {
    expect(parseDateFilterValue("2025-01-01;after,2025-01-31;before", TODAY)).toEqual({
      gte: "2025-01-01",
      lte: "2025-01-31",
    });
    expect(parseDateFilterValue("2025-01-01;after,2025-01-15;after", TODAY)).toEqual({ gte: "2025-01-15" });
    expect(parseDateFilterValue(",", TODAY)).toEqual({});
  });
  it("rejects what it cannot read", () => {
    for (const bad of [
      "soon",
      "2025-13-01;after",
      "2025-01-01;around",
      "1_weeks;after",
      "1_years;after;fromnow",
      "1_weeks;later;fromnow",
      "1_weeks;after;tomorrow",
      "today;after",
    ]) {
      expect(() => parseDateTerm(bad, TODAY), bad).toThrow(FilterError);
    }
    try {
      parseDateTerm("soon", TODAY, "target_date");
    } catch (e) {
      expect((e as FilterError).code).toBe("invalid_filter_value");
      expect((e as FilterError).message).toBe("Invalid target_date filter value 'soon'");
    }
  });
});

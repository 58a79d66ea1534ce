import { describe, expect, it } from "vitest";
import { SNOOZE_OPTIONS, SNOOZE_TIME_SLOTS, customSnooze, nextUnread, snoozeUntil } from "./notifications.ts";

describe("inbox rules", () => {
  it("offers 1 day, 3 days, 5 days, 1 week and 2 weeks", () => {
    expect(SNOOZE_OPTIONS.map((o) => o.label)).toEqual(["1 day", "3 days", "5 days", "1 week", "2 weeks"]);
    const now = new Date("2026-01-01T10:00:00Z");
    expect(snoozeUntil(7, now).toISOString()).toBe("2026-01-08T10:00:00.000Z");
  });

  it("custom slots run every 30 minutes from 12:00 to 11:30", () => {
    expect(SNOOZE_TIME_SLOTS).toHaveLength(24);
    expect(SNOOZE_TIME_SLOTS.slice(0, 3)).toEqual(["12:00", "12:30", "1:00"]);
    expect(SNOOZE_TIME_SLOTS.at(-1)).toBe("11:30");
  });

  it("a custom snooze is the local day and slot, 12 AM being midnight", () => {
    expect(customSnooze("2026-03-04", "12:30", "AM")).toEqual(new Date(2026, 2, 4, 0, 30));
    expect(customSnooze("2026-03-04", "12:00", "PM")).toEqual(new Date(2026, 2, 4, 12, 0));
    expect(customSnooze("2026-03-04", "3:30", "PM")).toEqual(new Date(2026, 2, 4, 15, 30));
    expect(customSnooze("2026-03-04", "3:15", "PM")).toBeNull();
    expect(customSnooze("04/03/2026", "3:30", "PM")).toBeNull();
  });

  it("counts never go below zero", () => {
    expect(nextUnread(1, -1)).toBe(0);
    expect(nextUnread(0, -1)).toBe(0);
    expect(nextUnread(0, 1)).toBe(1);
  });
});

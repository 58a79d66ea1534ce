import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDate, formatTime } from "./datetime.ts";

describe("dates", () => {
  it("shows plain dates as MMM dd, yyyy, whatever the zone", () => {
    expect(formatDate("2026-11-24")).toBe("Nov 24, 2026");
    expect(formatDate("2026-01-05", { timeZone: "Pacific/Kiritimati" })).toBe("Jan 05, 2026");
    expect(formatShortDate("2026-11-24")).toBe("Nov 24");
    expect(formatDate("2026-11-24")).not.toMatch(/\d+\/\d+\/\d+/);
  });

  it("shows an instant on the user's calendar day", () => {
    const iso = "2026-11-24T23:30:00.000Z";
    expect(formatDate(iso)).toBe("Nov 24, 2026");
    expect(formatDate(iso, { timeZone: "Europe/Berlin" })).toBe("Nov 25, 2026");
    expect(formatDate(iso, { timeZone: "America/Los_Angeles" })).toBe("Nov 24, 2026");
    expect(formatDate(new Date(iso), { timeZone: "Asia/Tokyo" })).toBe("Nov 25, 2026");
  });

  it("is empty without a value and leaves unreadable text alone", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("someday")).toBe("someday");
    expect(formatDate("2026-13-01")).toBe("2026-13-01");
  });

  it("reads an unknown zone as UTC", () => {
    expect(formatDateTime("2026-11-24T09:05:00Z", { timeZone: "Mars/Olympus" })).toBe("Nov 24, 2026, 09:05");
  });
});

describe("times", () => {
  const iso = "2026-11-24T14:05:00Z";
  it("uses the 24-hour clock by default", () => {
    expect(formatTime(iso)).toBe("14:05");
    expect(formatTime("2026-11-24T00:07:00Z")).toBe("00:07");
    expect(formatDateTime(iso)).toBe("Nov 24, 2026, 14:05");
  });

  it("uses the 12-hour clock when the user chose it", () => {
    const h12 = { timeFormat: "12-hour" as const };
    expect(formatTime(iso, h12)).toBe("2:05 PM");
    expect(formatTime("2026-11-24T00:07:00Z", h12)).toBe("12:07 AM");
    expect(formatTime("2026-11-24T12:00:00Z", h12)).toBe("12:00 PM");
    expect(formatDateTime(iso, { ...h12, timeZone: "Asia/Kolkata" })).toBe("Nov 24, 2026, 7:35 PM");
  });
});

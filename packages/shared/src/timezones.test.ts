import { describe, expect, it } from "vitest";
import { formatOffset, timezoneLabel, timezoneNames, timezoneOffsetMinutes, timezoneOptions } from "./timezones.ts";

describe("time zones", () => {
  it("reads a zone's offset at a moment, summer time included", () => {
    expect(timezoneOffsetMinutes("UTC", new Date("2026-01-15T12:00:00Z"))).toBe(0);
    expect(timezoneOffsetMinutes("Asia/Kolkata", new Date("2026-01-15T12:00:00Z"))).toBe(330);
    expect(timezoneOffsetMinutes("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe(-300);
    expect(timezoneOffsetMinutes("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe(-240);
    expect(timezoneOffsetMinutes("Asia/Kathmandu", new Date("2026-07-15T12:00:00Z"))).toBe(345);
  });

  it("formats offsets and labels as people read them", () => {
    expect([formatOffset(0), formatOffset(330), formatOffset(-570)]).toEqual(["+00:00", "+05:30", "-09:30"]);
    expect(timezoneLabel("America/Argentina/Buenos_Aires")).toBe("Buenos Aires, Argentina, America");
    expect(timezoneLabel("UTC")).toBe("UTC");
  });

  it("lists every zone once, UTC among them, ordered by offset then label, in Plane's shape", () => {
    const at = new Date("2026-01-15T12:00:00Z");
    const list = timezoneOptions(at);
    expect(list.length).toBe(timezoneNames().length);
    expect(list.length).toBeGreaterThan(300);
    expect(new Set(list.map((z) => z.value)).size).toBe(list.length);
    expect(list.find((z) => z.value === "Asia/Tokyo")).toEqual({
      utc_offset: "UTC+09:00",
      gmt_offset: "GMT+09:00",
      value: "Asia/Tokyo",
      label: "Tokyo, Asia",
    });
    expect(list.find((z) => z.value === "UTC")).toMatchObject({ utc_offset: "UTC+00:00" });
    const minutes = list.map((z) => timezoneOffsetMinutes(z.value, at));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });
});

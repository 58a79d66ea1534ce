import { describe, expect, it } from "vitest";
import {
  durationHours,
  featureOffMessage,
  formatDuration,
  parseDuration,
  spentAgainstEstimate,
} from "./time-tracking.ts";

describe("durations", () => {
  it("reads the ways people type a duration", () => {
    expect(parseDuration("1h 30m")).toBe(90);
    expect(parseDuration("1h30m")).toBe(90);
    expect(parseDuration("90m")).toBe(90);
    expect(parseDuration("90 min")).toBe(90);
    expect(parseDuration("1.5h")).toBe(90);
    expect(parseDuration("2 hours")).toBe(120);
    expect(parseDuration("1:05")).toBe(65);
    expect(parseDuration("45")).toBe(45);
    expect(parseDuration(" 2H ")).toBe(120);
  });

  it("refuses text that is not a duration, or less than a minute", () => {
    for (const s of ["", "abc", "1x", "h", "1h banana", "0", "0m", "0.2", "-5", "1:75"])
      expect(parseDuration(s), s).toBeNull();
  });

  it("writes minutes as hours and minutes", () => {
    expect(formatDuration(0)).toBe("0m");
    expect(formatDuration(45)).toBe("45m");
    expect(formatDuration(120)).toBe("2h");
    expect(formatDuration(90)).toBe("1h 30m");
    expect(formatDuration(null)).toBe("0m");
    expect(parseDuration(formatDuration(605))).toBe(605);
    expect(durationHours(90)).toBe(1.5);
    expect(durationHours(20)).toBe(0.33);
  });

  it("measures spent time against a time estimate", () => {
    expect(spentAgainstEstimate(30, 60)).toEqual({ ratio: 0.5, over: false, remaining: 30 });
    expect(spentAgainstEstimate(90, 60)).toEqual({ ratio: 1.5, over: true, remaining: -30 });
    expect(spentAgainstEstimate(30, null)).toBeNull();
    expect(spentAgainstEstimate(30, 0)).toBeNull();
  });

  it("says which feature is off", () => {
    expect(featureOffMessage("is_time_tracking_enabled")).toBe("Time tracking is not enabled for this project.");
    expect(featureOffMessage("is_project_updates_enabled")).toBe("Project updates are not enabled for this project.");
  });
});

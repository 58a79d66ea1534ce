import { describe, expect, it } from "vitest";
import { checkCustomSnooze, PAST_TIME, SNOOZE_START } from "./snooze-form.ts";

describe("the inbox's custom snooze check", () => {
  it("wants a day to come", async () => {
    expect(await checkCustomSnooze(SNOOZE_START)).toEqual({ day: "Pick a day." });
    expect(await checkCustomSnooze({ ...SNOOZE_START, day: "2001-02-03" })).toEqual({ day: PAST_TIME });
    expect(await checkCustomSnooze({ ...SNOOZE_START, day: "2999-02-03", period: "PM" })).toEqual({});
  });
});

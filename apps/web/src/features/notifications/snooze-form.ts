// The shared request-body schema checks the form as the server will (issue #26 point 5: forms on the shared schemas).
import { customSnooze } from "@stride/shared";
import { schemaCheck } from "../../lib/settings-form.ts";

/** The custom snooze's fields: a day, a 30-minute slot from 12:00 to 11:30, and AM / PM. */
export interface SnoozeValues {
  day: string;
  slot: string;
  period: "AM" | "PM";
}

export const SNOOZE_START: SnoozeValues = { day: "", slot: "9:00", period: "AM" };
export const PAST_TIME = "Pick a time in the future.";

/** The time picked, or null while the day is not a day. */
export const snoozeTill = (v: SnoozeValues) => customSnooze(v.day, v.slot, v.period);

/** Checked as the notification PATCH's `snoozed_till`, and in the future. */
export const checkCustomSnooze = schemaCheck(
  (c) => c.updateNotificationBody,
  (v: SnoozeValues) => ({ snoozed_till: snoozeTill(v)?.toISOString() }),
  (v): Record<string, string> => {
    const till = snoozeTill(v);
    return !till ? { day: "Pick a day." } : till.getTime() <= Date.now() ? { day: PAST_TIME } : {};
  },
  { snoozed_till: "day" },
);

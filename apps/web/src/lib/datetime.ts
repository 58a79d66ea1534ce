/**
 * The one way screens show dates and times: `@stride/shared`'s formatters with the signed-in user's time zone
 * (`user_timezone`) and time format (profile `time_format`). Plain dates (start, due) need no user and use the
 * shared `formatDate` directly; anything with a time of day or an instant (created, updated, activity) goes
 * through `useDateTimeFormat()`.
 */
import { useMemo } from "react";
import {
  DEFAULT_TIME_FORMAT,
  formatDate,
  formatDateTime,
  formatShortDate,
  formatTime,
  type DateTimeOptions,
} from "@stride/shared";
import { useMe, useProfile } from "../api/users.ts";

type Value = string | Date | null | undefined;

export interface DateTimeFormat {
  /** "Nov 24, 2026" (an instant on the user's calendar day). */
  date: (v: Value) => string;
  /** "Nov 24". */
  short: (v: Value) => string;
  /** "14:05" or "2:05 PM". */
  time: (v: Value) => string;
  /** "Nov 24, 2026, 14:05". */
  dateTime: (v: Value) => string;
}

export function dateTimeFormat(opts: DateTimeOptions): DateTimeFormat {
  return {
    date: (v) => formatDate(v, opts),
    short: (v) => formatShortDate(v, opts),
    time: (v) => formatTime(v, opts),
    dateTime: (v) => formatDateTime(v, opts),
  };
}

export function useDateTimeFormat(): DateTimeFormat {
  const timeZone = useMe().data?.user_timezone || null;
  const timeFormat = useProfile().data?.time_format ?? DEFAULT_TIME_FORMAT;
  return useMemo(() => dateTimeFormat({ timeZone, timeFormat }), [timeZone, timeFormat]);
}

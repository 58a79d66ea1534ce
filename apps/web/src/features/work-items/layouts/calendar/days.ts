import type { Dir } from "../../../../components/dnd/index.ts";
import {
  WEEKDAY_SHORT,
  addDays,
  addMonths,
  formatDate,
  formatShort,
  monthTitle,
  monthWeeks,
  startOfMonth,
  startOfWeek,
  weekDays,
  weekday,
} from "../../../../lib/dates.ts";

/** Items a month's day shows before "+N more". */
export const MAX_PER_DAY = 4;
/** Pages of a shown period loaded at most. */
export const MAX_PAGES = 10;

export type CalendarMode = "month" | "week";
export const DAY_STEP: Record<Dir, number> = { left: -1, right: 1, up: -7, down: 7 };
export const longDay = (d: string) => `${WEEKDAY_SHORT[weekday(d)]}, ${formatDate(d)}`;
export const isWeekend = (d: string) => weekday(d) === 0 || weekday(d) === 6;

/** The shown period around `anchor`: its weeks (rows of days), its first and last day, its title. */
export function calendarPeriod(mode: CalendarMode, anchor: string, showWeekends: boolean) {
  const weeks = mode === "month" ? monthWeeks(startOfMonth(anchor), showWeekends) : [weekDays(anchor, showWeekends)];
  const first = mode === "month" ? startOfWeek(startOfMonth(anchor)) : startOfWeek(anchor);
  const last =
    mode === "month"
      ? addDays(startOfWeek(addDays(addMonths(startOfMonth(anchor), 1), -1)), 6)
      : addDays(startOfWeek(anchor), 6);
  const title =
    mode === "month"
      ? monthTitle(startOfMonth(anchor))
      : `${formatShort(weeks[0][0])} – ${formatShort(weeks[0][weeks[0].length - 1])}, ${weeks[0][0].slice(0, 4)}`;
  return { weeks, first, last, title };
}

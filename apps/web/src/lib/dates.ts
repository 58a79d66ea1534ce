/**
 * Date helpers of the screens. Dates are plain yyyy-MM-dd strings (work-tracking.md §5) and all
 * arithmetic is done in UTC so a day never shifts with the viewer's zone.
 */
import { CLOSED_STATE_GROUPS, formatDate as sharedFormatDate, formatShortDate } from "@stride/shared";

const DAY = 86_400_000;

export function toDate(s: string): Date {
  return new Date(`${s}T00:00:00Z`);
}

export function fmt(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(s: string, n: number): string {
  return fmt(new Date(toDate(s).getTime() + n * DAY));
}

/** Whole days from a to b (b − a). */
export function diffDays(a: string, b: string): number {
  return Math.round((toDate(b).getTime() - toDate(a).getTime()) / DAY);
}

/** Today in the viewer's local calendar, as yyyy-MM-dd. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** Day of week of a date, 0 = Sunday. */
export function weekday(s: string): number {
  return toDate(s).getUTCDay();
}

/** The Sunday on or before a date (calendar weeks start on Sunday, work-tracking.md §2). */
export function startOfWeek(s: string): string {
  return addDays(s, -weekday(s));
}

export function startOfMonth(s: string): string {
  return `${s.slice(0, 7)}-01`;
}

export function addMonths(s: string, n: number): string {
  const d = toDate(s);
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  return fmt(t);
}

/**
 * The weeks shown for a month: Sunday-started weeks covering the whole month. With show_weekends off the
 * Saturdays and Sundays are dropped from each week.
 */
export function monthWeeks(monthStart: string, showWeekends: boolean): string[][] {
  const first = startOfMonth(monthStart);
  const nextMonth = addMonths(first, 1);
  const weeks: string[][] = [];
  let cur = startOfWeek(first);
  while (cur < nextMonth) {
    const days: string[] = [];
    for (let i = 0; i < 7; i++) days.push(addDays(cur, i));
    weeks.push(showWeekends ? days : days.filter((d) => weekday(d) !== 0 && weekday(d) !== 6));
    cur = addDays(cur, 7);
  }
  return weeks;
}

/** The days of the week containing a date (Sunday first), without weekends when they are hidden. */
export function weekDays(date: string, showWeekends: boolean): string[] {
  const start = startOfWeek(date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return showWeekends ? days : days.filter((d) => weekday(d) !== 0 && weekday(d) !== 6);
}

/**
 * Overdue (work-tracking.md §4): the target date is today or earlier and the state group is not
 * completed or cancelled.
 */
export function isOverdue(
  targetDate: string | null | undefined,
  stateGroup: string | null | undefined,
  today: string = localToday(),
): boolean {
  if (!targetDate) return false;
  if (stateGroup && CLOSED_STATE_GROUPS.includes(stateGroup)) return false;
  return targetDate <= today;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A plain date (yyyy-MM-dd) as "MMM dd, yyyy" (`@stride/shared` datetime; instants go through `useDateTimeFormat`). */
export const formatDate = (s: string | null | undefined): string => sharedFormatDate(s);

/** A plain date as "MMM dd" for compact chips. */
export const formatShort = (s: string | null | undefined): string => formatShortDate(s);

export function monthTitle(monthStart: string): string {
  const d = toDate(monthStart);
  return `${MONTHS_LONG[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function monthShort(s: string): string {
  return MONTHS[toDate(s).getUTCMonth()];
}

/** Relative time in s, m, h, d, mo, y (work-tracking.md §9). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, Math.round((now.getTime() - t) / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ago`;
  const d = Math.floor(h / 24);
  if (d < 30) return `${d}d ago`;
  const mo = Math.floor(d / 30);
  if (mo < 12) return `${mo}mo ago`;
  return `${Math.floor(d / 365)}y ago`;
}

import { FilterError } from "./errors.ts";

/**
 * Date filters (work-tracking.md §9, wire-facts §6.1).
 * Values are `;`-separated:
 * - absolute: `2024-05-01;after` (on or after) / `2024-05-01;before` (on or before);
 * - relative: `<n>_<weeks|months|days>;<after|before>;<fromnow|ago>` — the anchor is today ± n units
 *   (1 week = 7 days, 1 month = 30 days); `after` keeps dates on or after the anchor, `before` on or before;
 * - presets: `today`, `yesterday`, `last_7_days`, `last_30_days` (optionally followed by `;custom;custom`).
 * Several values (comma list) are ANDed, so `2024-01-01;after,2024-01-31;before` is a range.
 */

export const DAYS_PER_UNIT = { days: 1, weeks: 7, months: 30 } as const;
export type RelativeUnit = keyof typeof DAYS_PER_UNIT;

export const DATE_PRESETS = ["today", "yesterday", "last_7_days", "last_30_days"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Choices the filter builder offers (value is what goes on the wire). */
export const DATE_AHEAD_OPTIONS = [
  { label: "1 week from now", value: "1_weeks;after;fromnow" },
  { label: "2 weeks from now", value: "2_weeks;after;fromnow" },
  { label: "1 month from now", value: "1_months;after;fromnow" },
  { label: "2 months from now", value: "2_months;after;fromnow" },
] as const;
export const DATE_AGO_OPTIONS = [
  { label: "Up to 1 week ago", value: "1_weeks;before;ago" },
  { label: "Up to 2 weeks ago", value: "2_weeks;before;ago" },
  { label: "Up to 1 month ago", value: "1_months;before;ago" },
] as const;
export const DATE_PRESET_OPTIONS = [
  { label: "Today", value: "today" },
  { label: "Yesterday", value: "yesterday" },
  { label: "Last 7 days", value: "last_7_days" },
  { label: "Last 30 days", value: "last_30_days" },
] as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True for a real calendar date written yyyy-MM-dd. */
export function isFilterDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** True for an ISO-8601 datetime (with or without zone) whose date part is real. */
export function isFilterDateTime(value: string): boolean {
  return DATETIME_RE.test(value) && isFilterDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

/** yyyy-MM-dd plus n days (n may be negative). */
export function shiftDate(date: string, n: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  const dt = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return dt.toISOString().slice(0, 10);
}

/**
 * Day formatters per time zone name (null: not an IANA zone), made once per zone: building an Intl.DateTimeFormat
 * costs more than the rest of a cached list request on the server.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = dayFormats.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      f = null;
    }
    // names come from users' profiles and requests: bound the map anyway
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is a time zone name Intl knows (IANA names, UTC). */
export function isTimeZone(timeZone: string): boolean {
  return dayFormat(timeZone) !== null;
}

/** Today's date (yyyy-MM-dd) in an IANA time zone; falls back to UTC for unknown zones. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const f = dayFormat(timeZone);
  if (!f) return now.toISOString().slice(0, 10);
  let y = "";
  let m = "";
  let d = "";
  for (const p of f.formatToParts(now)) {
    if (p.type === "year") y = p.value;
    else if (p.type === "month") m = p.value;
    else if (p.type === "day") d = p.value;
  }
  return `${y}-${m}-${d}`;
}

/** An inclusive day range; either bound may be missing. */
export interface DayRange {
  gte?: string;
  lte?: string;
}

/** The day range of a preset relative to `today`. */
export function presetRange(preset: DatePreset, today: string): Required<DayRange> {
  switch (preset) {
    case "today":
      return { gte: today, lte: today };
    case "yesterday": {
      const y = shiftDate(today, -1);
      return { gte: y, lte: y };
    }
    case "last_7_days":
      return { gte: shiftDate(today, -7), lte: today };
    case "last_30_days":
      return { gte: shiftDate(today, -30), lte: today };
  }
}

const RELATIVE_RE = /^(\d{1,4})_(days|weeks|months)$/;

/**
 * Parse one date-filter value into a day range. Throws FilterError (`invalid_filter_value`) when it
 * cannot be read.
 */
export function parseDateTerm(term: string, today: string, field = "date"): DayRange {
  const raw = term.trim();
  const parts = raw.split(";").map((p) => p.trim());
  const head = parts[0];
  const bad = () => new FilterError(`Invalid ${field} filter value '${raw}'`, "invalid_filter_value");
  if ((DATE_PRESETS as readonly string[]).includes(head)) {
    if (parts.length > 1 && !parts.slice(1).every((p) => p === "custom" || p === "")) throw bad();
    return presetRange(head as DatePreset, today);
  }
  const rel = RELATIVE_RE.exec(head);
  if (rel) {
    if (parts.length !== 3) throw bad();
    const [, n, unit] = rel;
    const direction = parts[1];
    const anchorWord = parts[2];
    if ((direction !== "after" && direction !== "before") || (anchorWord !== "fromnow" && anchorWord !== "ago"))
      throw bad();
    const days = Number(n) * DAYS_PER_UNIT[unit as RelativeUnit];
    const anchor = shiftDate(today, anchorWord === "fromnow" ? days : -days);
    return direction === "after" ? { gte: anchor } : { lte: anchor };
  }
  if (isFilterDate(head)) {
    if (parts.length === 1) return { gte: head, lte: head };
    const direction = parts[1];
    if (direction === "after") return { gte: head };
    if (direction === "before") return { lte: head };
    throw bad();
  }
  throw bad();
}

/** Parse a comma list of date-filter values (ANDed) into one day range. */
export function parseDateFilterValue(value: string, today: string, field = "date"): DayRange {
  const out: DayRange = {};
  for (const term of value.split(",")) {
    if (!term.trim()) continue;
    const r = parseDateTerm(term, today, field);
    if (r.gte && (!out.gte || r.gte > out.gte)) out.gte = r.gte;
    if (r.lte && (!out.lte || r.lte < out.lte)) out.lte = r.lte;
  }
  return out;
}

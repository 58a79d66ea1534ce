/**
 * How dates and times are shown to people, one way on every screen (work-tracking.md §9, platform.md constants):
 * dates "MMM dd, yyyy" (Nov 24, 2026), times in the user's time format (24-hour by default, or 12-hour), in the
 * user's time zone. Plain dates (`yyyy-MM-dd`: start, due, archived) are calendar days and never shift with a
 * zone; datetimes (ISO-8601 instants: created, updated) are shown as the day and time in the user's zone.
 * English month names whatever the browser's locale, so a date reads the same for every member of a workspace.
 */

export const TIME_FORMATS = ["24-hour", "12-hour"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_TIME_FORMAT: TimeFormat = "24-hour";

export interface DateTimeOptions {
  /** IANA zone the user reads datetimes in (the profile's `user_timezone`); UTC when missing or unknown. */
  timeZone?: string | null;
  timeFormat?: TimeFormat | null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number; // 0–23
  minute: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    } catch {
      // an unknown zone name reads as UTC rather than breaking the screen
      f = formatterFor("UTC");
    }
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar parts of a value: a plain date as written, an instant in `timeZone`. Null when unreadable. */
function partsOf(value: string | Date, timeZone: string): Parts | null {
  if (typeof value === "string") {
    const m = DATE_ONLY.exec(value);
    if (m) {
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day, hour: 0, minute: 0 } : null;
    }
  }
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return null;
  // UTC needs no zone data: creating the first zone formatter costs 10–20 ms of a screen's first render
  if (timeZone === "UTC" || timeZone === "Etc/UTC")
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
    };
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(d)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute };
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayText = (p: Parts) => `${MONTHS[p.month - 1]} ${pad(p.day)}, ${p.year}`;

function timeText(p: Parts, format: TimeFormat): string {
  if (format === "12-hour") return `${p.hour % 12 || 12}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

function read(value: string | Date | null | undefined, opts: DateTimeOptions): Parts | null | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  return partsOf(value, opts.timeZone || "UTC");
}

/** "Nov 24, 2026"; "" without a value; an unreadable string is shown as it is. */
export function formatDate(value: string | Date | null | undefined, opts: DateTimeOptions = {}): string {
  const p = read(value, opts);
  if (p === undefined) return "";
  return p ? dayText(p) : String(value);
}

/** "Nov 24" for compact chips. */
export function formatShortDate(value: string | Date | null | undefined, opts: DateTimeOptions = {}): string {
  const p = read(value, opts);
  if (p === undefined) return "";
  return p ? `${MONTHS[p.month - 1]} ${pad(p.day)}` : String(value);
}

/** "14:05" or "2:05 PM". */
export function formatTime(value: string | Date | null | undefined, opts: DateTimeOptions = {}): string {
  const p = read(value, opts);
  if (p === undefined) return "";
  return p ? timeText(p, opts.timeFormat ?? DEFAULT_TIME_FORMAT) : String(value);
}

/** "Nov 24, 2026, 14:05" or "Nov 24, 2026, 2:05 PM". */
export function formatDateTime(value: string | Date | null | undefined, opts: DateTimeOptions = {}): string {
  const p = read(value, opts);
  if (p === undefined) return "";
  return p ? `${dayText(p)}, ${timeText(p, opts.timeFormat ?? DEFAULT_TIME_FORMAT)}` : String(value);
}

/**
 * Cycles (work-tracking.md §3, §4, §9; wire-facts §7; wire-facts-2 §4): status from dates in the project's time
 * zone, the project-local day boundaries a cycle's dates are stored at, the cycle-list order, the duration options
 * and the burndown series. Pure: the server and the web compute the same answers.
 */

export const CYCLE_STATUSES = ["CURRENT", "UPCOMING", "COMPLETED", "DRAFT"] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** Cycle duration options of the create modal, in months (work-tracking.md §9). */
export const CYCLE_DURATION_MONTHS = [1, 3, 6, 9, 12] as const;

/** `cycle_view` values of `GET P/cycles/`. */
export const CYCLE_VIEWS = ["all", "current", "upcoming", "completed", "draft", "incomplete"] as const;
export type CycleView = (typeof CYCLE_VIEWS)[number];

type Instant = Date | string | null | undefined;
const toDate = (v: Instant): Date | null =>
  v === null || v === undefined || v === "" ? null : v instanceof Date ? v : new Date(v);

/**
 * DRAFT without dates; COMPLETED once the end has passed; CURRENT from the start to the end (inclusive);
 * UPCOMING before the start. The bounds are instants (project-local start and end of day), so the zone is in them.
 */
export function cycleStatus(start: Instant, end: Instant, now: Date = new Date()): CycleStatus {
  const s = toDate(start);
  const e = toDate(end);
  if (!s || !e) return "DRAFT";
  const t = now.getTime();
  if (e.getTime() < t) return "COMPLETED";
  if (s.getTime() <= t) return "CURRENT";
  return "UPCOMING";
}

/** A cycle has ended: it has an end and the end has passed (only `sort_order` changes; no additions; may be archived). */
export const cycleEnded = (end: Instant, now: Date = new Date()): boolean => {
  const e = toDate(end);
  return !!e && e.getTime() < now.getTime();
};

// ---------------------------------------------------------------- days in a zone

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const fmtCache = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = fmtCache.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      f = zoneFormat("UTC");
    }
    fmtCache.set(timeZone, f);
  }
  return f;
}

function zoneParts(d: Date, timeZone: string) {
  const o: Record<string, number> = {};
  for (const p of zoneFormat(timeZone).formatToParts(d)) if (p.type !== "literal") o[p.type] = Number(p.value);
  return { y: o.year, m: o.month, d: o.day, h: o.hour % 24, mi: o.minute, s: o.second };
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const p = zoneParts(at, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");

/** The calendar day ("yyyy-MM-dd") an instant falls on in a zone. */
export function dayInZone(at: Date | string, timeZone: string): string {
  const p = zoneParts(typeof at === "string" ? new Date(at) : at, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

/** The instant of a local wall-clock time in a zone (DST-safe: the offset is re-read at the guessed instant). */
function zonedInstant(day: string, h: number, mi: number, s: number, ms: number, timeZone: string): Date {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a date: ${day}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, mi, s, ms);
  let guess = new Date(wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60000);
  guess = new Date(wall - zoneOffsetMinutes(guess, timeZone) * 60000);
  return guess;
}

/** Where a cycle's start date is stored: the start of that day in the project's zone. */
export const cycleStartInstant = (day: string, timeZone: string): Date => zonedInstant(day, 0, 0, 0, 0, timeZone);
/** Where a cycle's end date is stored: the last second of that day (23:59:59) in the project's zone. */
export const cycleEndInstant = (day: string, timeZone: string): Date => zonedInstant(day, 23, 59, 59, 0, timeZone);

/** ISO-8601 of an instant in a zone, with its offset ("2026-11-20T00:00:00+05:30", "Z" for UTC). */
export function isoInZone(at: Date, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  const off = zoneOffsetMinutes(at, timeZone);
  const tz =
    off === 0 ? "Z" : `${off > 0 ? "+" : "-"}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  return `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}${tz}`;
}

/** The calendar day after `day` ("yyyy-MM-dd"). */
export function nextDay(day: string): string {
  const m = DAY_RE.exec(day)!;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return d.toISOString().slice(0, 10);
}

/** Add whole months to a day, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const m = DAY_RE.exec(day)!;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1 + months;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, mo, Math.min(Number(m[3]), last)));
  return d.toISOString().slice(0, 10);
}

/** The end day of a cycle of `months` starting on `start`: the day before the same date `months` later. */
export function cycleEndForDuration(start: string, months: number): string {
  const end = addMonths(start, months);
  const m = DAY_RE.exec(end)!;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) - 1)).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- burndown

export interface BurndownInput {
  /** First and last day of the cycle ("yyyy-MM-dd", project zone). */
  start: string;
  end: string;
  /** Today in the project zone: later days are null. */
  today: string;
  /** Total issues (or points) in the cycle. */
  total: number;
  /** Completions: the day each completed item (or its points) was completed. */
  completed: { day: string; value: number }[];
}

/**
 * `completion_chart` (wire-facts-2 §4): one entry per day from start to end; remaining = total − completed up to and
 * including that day; days after today are null. Completions before the start count from the first day.
 */
export function burndownSeries(input: BurndownInput): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  if (!DAY_RE.test(input.start) || !DAY_RE.test(input.end) || input.start > input.end) return out;
  const done = [...input.completed].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let i = 0;
  let sum = 0;
  // bounded: a cycle of more than ten years draws its first ten years
  for (let day = input.start, n = 0; day <= input.end && n < 3660; day = nextDay(day), n++) {
    while (i < done.length && done[i].day <= day) sum += done[i++].value;
    out[day] = day > input.today ? null : roundPoints(input.total - sum);
  }
  return out;
}

const roundPoints = (v: number) => Math.round(v * 1000) / 1000;

// ---------------------------------------------------------------- list order

export interface SortableCycle {
  name: string;
  status?: string | null;
  start_date?: string | null;
}

const STATUS_RANK: Record<string, number> = { current: 0, upcoming: 1, completed: 2, draft: 3 };

/**
 * The cycle-list order (work-tracking.md §4): current first, then upcoming (by start date), then completed, then
 * draft; within a status by name.
 */
export function sortCycles<T extends SortableCycle>(cycles: readonly T[]): T[] {
  const rank = (c: T) => STATUS_RANK[(c.status ?? "draft").toLowerCase()] ?? 4;
  return [...cycles].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r) return r;
    if (rank(a) === 1) {
      const sa = a.start_date ?? "";
      const sb = b.start_date ?? "";
      if (sa !== sb) return sa < sb ? -1 : 1;
    }
    return a.name.localeCompare(b.name);
  });
}

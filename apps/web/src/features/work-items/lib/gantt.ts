/** Timeline (gantt) geometry: scales, the visible range, bar placement and dragged dates. */
import { addDays, addMonths, diffDays, startOfMonth, startOfWeek } from "../../../lib/dates.ts";

/** Gantt scales (work-tracking.md §9): week (range 4, day width 60), month (6, 20), quarter (24, 5). */
export const GANTT_SCALES = {
  week: { range: 4, dayWidth: 60, label: "Week" },
  month: { range: 6, dayWidth: 20, label: "Month" },
  quarter: { range: 24, dayWidth: 5, label: "Quarter" },
} as const;
export type GanttScale = keyof typeof GANTT_SCALES;
export const GANTT_DEFAULT_SCALE: GanttScale = "month";
export const GANTT_BLOCK_HEIGHT = 44;
export const GANTT_HEADER_HEIGHT = 48;
export const GANTT_SIDEBAR_WIDTH = 360;
export const GANTT_DEFAULT_BAR_WIDTH = 60;

/**
 * The visible date range of a scale around a date: `range` is counted in weeks for the week scale and in
 * months for the month and quarter scales, split evenly before and after.
 */
export function ganttRange(scale: GanttScale, around: string): { start: string; end: string; days: number } {
  const { range } = GANTT_SCALES[scale];
  let start: string;
  let end: string;
  if (scale === "week") {
    start = addDays(startOfWeek(around), -7 * Math.floor(range / 2));
    end = addDays(start, 7 * range - 1);
  } else {
    start = addMonths(startOfMonth(around), -Math.floor(range / 2));
    end = addDays(addMonths(start, range), -1);
  }
  return { start, end, days: diffDays(start, end) + 1 };
}

/** Left offset and width (px) of a bar from its dates; a bar with one date gets the default width. */
export function barGeometry(
  item: { start_date: string | null; target_date: string | null },
  rangeStart: string,
  dayWidth: number,
): { left: number; width: number } | null {
  const s = item.start_date;
  const t = item.target_date;
  if (!s && !t) return null;
  if (s && t) {
    const from = s <= t ? s : t;
    const to = s <= t ? t : s;
    return { left: diffDays(rangeStart, from) * dayWidth, width: (diffDays(from, to) + 1) * dayWidth };
  }
  const only = (s ?? t)!;
  const left = diffDays(rangeStart, only) * dayWidth;
  return s
    ? { left, width: Math.max(GANTT_DEFAULT_BAR_WIDTH, dayWidth) }
    : {
        left: left + dayWidth - Math.max(GANTT_DEFAULT_BAR_WIDTH, dayWidth),
        width: Math.max(GANTT_DEFAULT_BAR_WIDTH, dayWidth),
      };
}

/**
 * New dates after dragging a bar by dx pixels: "move" shifts both dates, "start"/"end" resize one edge
 * (never past the other edge). Missing dates are filled from the one that exists.
 */
export function draggedDates(
  item: { start_date: string | null; target_date: string | null },
  mode: "move" | "start" | "end",
  dx: number,
  dayWidth: number,
): { start_date: string; target_date: string } | null {
  const days = Math.round(dx / dayWidth);
  const s0 = item.start_date ?? item.target_date;
  const t0 = item.target_date ?? item.start_date;
  if (!s0 || !t0) return null;
  let s = s0 <= t0 ? s0 : t0;
  let t = s0 <= t0 ? t0 : s0;
  if (mode === "move") {
    s = addDays(s, days);
    t = addDays(t, days);
  } else if (mode === "start") {
    s = addDays(s, days);
    if (s > t) s = t;
  } else {
    t = addDays(t, days);
    if (t < s) t = s;
  }
  return { start_date: s, target_date: t };
}

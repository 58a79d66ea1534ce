import { useMemo } from "react";
import { cx } from "../../../../components/ui/index.ts";
import { GANTT_HEADER_HEIGHT, GANTT_SIDEBAR_WIDTH, type GanttScale } from "../../lib/gantt.ts";
import { addDays, addMonths, diffDays, formatDate, monthShort, startOfMonth, weekday } from "../../../../lib/dates.ts";

type Range = { start: string; end: string };

/** The months (or weeks) of the top header row, placed on the chart. */
function headerTop(scale: GanttScale, range: Range, dayWidth: number) {
  const top: { label: string; left: number; width: number }[] = [];
  if (scale === "week") {
    for (let d = range.start; d <= range.end; d = addDays(d, 7))
      top.push({
        label: `Week of ${formatDate(d).slice(0, 6)}`,
        left: diffDays(range.start, d) * dayWidth,
        width: 7 * dayWidth,
      });
    return top;
  }
  for (let m = startOfMonth(range.start); m <= range.end; m = addMonths(m, 1)) {
    const from = m < range.start ? range.start : m;
    const to = addDays(addMonths(m, 1), -1) > range.end ? range.end : addDays(addMonths(m, 1), -1);
    top.push({
      label: scale === "quarter" && monthShort(m) !== "Jan" ? monthShort(m) : `${monthShort(m)} ${m.slice(0, 4)}`,
      left: diffDays(range.start, from) * dayWidth,
      width: (diffDays(from, to) + 1) * dayWidth,
    });
  }
  return top;
}

/** The day ticks of the bottom header row (a week's days, a month's weeks; none for a quarter). */
function headerTicks(scale: GanttScale, range: Range, dayWidth: number) {
  const ticks: { label: string; left: number; weekend: boolean }[] = [];
  const step = scale === "week" ? 1 : scale === "month" ? 7 : 0;
  if (step)
    for (
      let d = scale === "month" ? addDays(range.start, (7 - weekday(range.start)) % 7) : range.start;
      d <= range.end;
      d = addDays(d, step)
    )
      ticks.push({
        label:
          scale === "week"
            ? `${["S", "M", "T", "W", "T", "F", "S"][weekday(d)]} ${Number(d.slice(8))}`
            : String(Number(d.slice(8))),
        left: diffDays(range.start, d) * dayWidth,
        weekend: weekday(d) === 0 || weekday(d) === 6,
      });
  return ticks;
}

/** The timeline's sticky header: months (or weeks) on top, day ticks below, the item count over the titles. */
export function GanttHeader({
  scale,
  range,
  dayWidth,
  width,
  total,
}: {
  scale: GanttScale;
  range: Range;
  dayWidth: number;
  width: number;
  total: number;
}) {
  const top = useMemo(() => headerTop(scale, range, dayWidth), [scale, range, dayWidth]);
  const ticks = useMemo(() => headerTicks(scale, range, dayWidth), [scale, range, dayWidth]);
  return (
    <div className="sticky top-0 z-20 flex border-b border-line bg-canvas" style={{ height: GANTT_HEADER_HEIGHT }}>
      <div
        className="sticky left-0 z-10 flex shrink-0 items-center border-r border-line bg-canvas px-3 text-xs font-medium text-fg-subtle"
        style={{ width: GANTT_SIDEBAR_WIDTH }}
      >
        Work items <span className="ml-1 text-fg-faint">{total}</span>
      </div>
      <div className="relative" style={{ width }}>
        {top.map((h) => (
          <div
            key={h.left}
            className="absolute top-0 h-6 border-l border-line text-xs font-medium leading-6 text-fg-muted"
            style={{ left: h.left, width: h.width }}
          >
            <span
              className="sticky inline-block truncate px-1.5"
              style={{ left: GANTT_SIDEBAR_WIDTH, maxWidth: h.width }}
            >
              {h.label}
            </span>
          </div>
        ))}
        {ticks.map((t) => (
          <div
            key={t.left}
            className={cx(
              "absolute bottom-0 h-6 border-l border-line-subtle px-1 text-[10px] leading-6",
              t.weekend ? "text-fg-subtle" : "text-fg-muted",
            )}
            style={{ left: t.left }}
          >
            {t.label}
          </div>
        ))}
      </div>
    </div>
  );
}

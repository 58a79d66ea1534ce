import { useState } from "react";
import { Link } from "react-router";
import { cx } from "../../components/ui/index.ts";
import { StatusBadge } from "../../components/module/ModuleBits.tsx";
import { addDays, diffDays, formatDate, localToday, monthShort } from "../../lib/dates.ts";
import type { Module } from "../../api/modules.ts";
import {
  GANTT_BLOCK_HEIGHT,
  GANTT_DEFAULT_SCALE,
  GANTT_HEADER_HEIGHT,
  GANTT_SCALES,
  GANTT_SIDEBAR_WIDTH,
  barGeometry,
  ganttRange,
  type GanttScale,
} from "../work-items/lib/gantt.ts";

/**
 * Modules on a timeline (work-tracking.md §9 gantt constants): the module names on the left, a bar from start to
 * target date on the right; the scale (week, month, quarter) sets the visible range and day width. Modules without
 * dates are listed without a bar.
 */
export function ModulesTimeline({ slug, pid, modules }: { slug: string; pid: string; modules: Module[] }) {
  const [scale, setScale] = useState<GanttScale>(GANTT_DEFAULT_SCALE);
  const [around, setAround] = useState(localToday());
  const { dayWidth } = GANTT_SCALES[scale];
  const range = ganttRange(scale, around);
  const shift = (dir: number) => setAround(addDays(around, dir * Math.max(7, Math.floor(range.days / 2))));
  const href = (m: Module) => `/${slug}/projects/${pid}/modules/${m.id}/`;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-line px-4 py-2 text-sm">
        <div role="group" aria-label="Timeline scale" className="flex rounded-md border border-line-raised p-0.5">
          {(Object.keys(GANTT_SCALES) as GanttScale[]).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scale === s}
              onClick={() => setScale(s)}
              className={cx("rounded px-2 py-0.5 text-xs", scale === s ? "bg-fill-strong" : "text-fg-subtle")}
            >
              {GANTT_SCALES[s].label}
            </button>
          ))}
        </div>
        {(
          [
            ["Earlier", () => shift(-1)],
            ["Today", () => setAround(localToday())],
            ["Later", () => shift(1)],
          ] as const
        ).map(([label, go]) => (
          <button
            key={label}
            type="button"
            onClick={go}
            className="rounded px-2 py-0.5 text-xs text-fg-muted hover:bg-fill"
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex min-h-0 flex-1 overflow-auto" role="region" aria-label="Modules timeline">
        <div
          className="sticky left-0 z-10 shrink-0 border-r border-line bg-canvas"
          style={{ width: GANTT_SIDEBAR_WIDTH }}
        >
          <div
            className="flex items-end border-b border-line px-3 pb-1 text-xs font-medium text-fg-subtle"
            style={{ height: GANTT_HEADER_HEIGHT }}
          >
            Modules
          </div>
          {modules.map((m) => (
            <div
              key={m.id}
              className="flex items-center gap-2 border-b border-line-subtle px-3"
              style={{ height: GANTT_BLOCK_HEIGHT }}
            >
              <Link to={href(m)} className="min-w-0 flex-1 truncate text-sm hover:underline">
                {m.name}
              </Link>
              <StatusBadge status={m.status} />
            </div>
          ))}
        </div>
        <TimelineBars modules={modules} range={range} dayWidth={dayWidth} href={href} />
      </div>
    </div>
  );
}

/** The months along the top, today's line, and each module's bar from its start to its target date. */
function TimelineBars({
  modules,
  range,
  dayWidth,
  href,
}: {
  modules: Module[];
  range: ReturnType<typeof ganttRange>;
  dayWidth: number;
  href: (m: Module) => string;
}) {
  const today = localToday();
  const months: { start: string; days: number }[] = [];
  for (let d = range.start; d <= range.end;) {
    const next = addDays(d.slice(0, 8) + "01", 32).slice(0, 8) + "01";
    const end = next > range.end ? addDays(range.end, 1) : next;
    months.push({ start: d, days: diffDays(d, end) });
    d = end;
  }
  return (
    <div className="relative shrink-0" style={{ width: range.days * dayWidth }}>
      <div
        className="sticky top-0 flex border-b border-line bg-canvas text-xs text-fg-subtle"
        style={{ height: GANTT_HEADER_HEIGHT }}
      >
        {months.map((mo) => (
          <div key={mo.start} className="border-r border-line-subtle px-2 pt-1" style={{ width: mo.days * dayWidth }}>
            {monthShort(mo.start)}
          </div>
        ))}
      </div>
      {today >= range.start && today <= range.end && (
        <div
          aria-hidden
          className="absolute bottom-0 w-px bg-indigo-400"
          style={{ left: diffDays(range.start, today) * dayWidth + dayWidth / 2, top: GANTT_HEADER_HEIGHT }}
        />
      )}
      {modules.map((m) => {
        const g = barGeometry(m, range.start, dayWidth);
        return (
          <div key={m.id} className="relative border-b border-line-subtle" style={{ height: GANTT_BLOCK_HEIGHT }}>
            {g && (
              <Link
                to={href(m)}
                aria-label={`${m.name}: ${formatDate(m.start_date) || "no start"} to ${formatDate(m.target_date) || "no target"}`}
                className="absolute top-2 flex h-7 items-center overflow-hidden rounded bg-accent-soft px-2 text-xs text-accent-strong hover:bg-indigo-200"
                style={{ left: g.left, width: g.width }}
              >
                <span className="truncate">{m.name}</span>
              </Link>
            )}
          </div>
        );
      })}
    </div>
  );
}

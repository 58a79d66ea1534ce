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
  const width = range.days * dayWidth;
  const today = localToday();
  const months: { start: string; days: number }[] = [];
  for (let d = range.start; d <= range.end;) {
    const next = addDays(d.slice(0, 8) + "01", 32).slice(0, 8) + "01";
    const end = next > range.end ? addDays(range.end, 1) : next;
    months.push({ start: d, days: diffDays(d, end) });
    d = end;
  }
  const shift = (dir: number) => setAround(addDays(around, dir * Math.max(7, Math.floor(range.days / 2))));
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
        <button
          type="button"
          onClick={() => shift(-1)}
          className="rounded px-2 py-0.5 text-xs text-fg-muted hover:bg-fill"
        >
          Earlier
        </button>
        <button
          type="button"
          onClick={() => setAround(localToday())}
          className="rounded px-2 py-0.5 text-xs text-fg-muted hover:bg-fill"
        >
          Today
        </button>
        <button
          type="button"
          onClick={() => shift(1)}
          className="rounded px-2 py-0.5 text-xs text-fg-muted hover:bg-fill"
        >
          Later
        </button>
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
              <Link
                to={`/${slug}/projects/${pid}/modules/${m.id}/`}
                className="min-w-0 flex-1 truncate text-sm hover:underline"
              >
                {m.name}
              </Link>
              <StatusBadge status={m.status} />
            </div>
          ))}
        </div>
        <div className="relative shrink-0" style={{ width }}>
          <div
            className="sticky top-0 flex border-b border-line bg-canvas text-xs text-fg-subtle"
            style={{ height: GANTT_HEADER_HEIGHT }}
          >
            {months.map((mo) => (
              <div
                key={mo.start}
                className="border-r border-line-subtle px-2 pt-1"
                style={{ width: mo.days * dayWidth }}
              >
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
                    to={`/${slug}/projects/${pid}/modules/${m.id}/`}
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
      </div>
    </div>
  );
}

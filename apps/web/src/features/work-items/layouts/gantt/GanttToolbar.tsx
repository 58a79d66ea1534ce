import { cx } from "../../../../components/ui/index.ts";
import { Icon } from "../../../../components/work-item/icons.tsx";
import { GANTT_SCALES, type GanttScale } from "../../lib/gantt.ts";
import { formatDate } from "../../../../lib/dates.ts";

/** The timeline's scale (week, month, quarter), earlier / today / later, and the range shown. */
export function GanttToolbar({
  scale,
  onScale,
  onMove,
  onToday,
  range,
}: {
  scale: GanttScale;
  onScale: (s: GanttScale) => void;
  onMove: (dir: -1 | 1) => void;
  onToday: () => void;
  range: { start: string; end: string };
}) {
  return (
    <div className="flex items-center gap-2 border-b border-line px-4 py-2">
      <div role="group" aria-label="Timeline scale" className="flex rounded-md border border-line-raised p-0.5 text-xs">
        {(Object.keys(GANTT_SCALES) as GanttScale[]).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={scale === s}
            onClick={() => onScale(s)}
            className={cx(
              "rounded px-2 py-0.5",
              scale === s ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary",
            )}
          >
            {GANTT_SCALES[s].label}
          </button>
        ))}
      </div>
      <button type="button" aria-label="Earlier" onClick={() => onMove(-1)} className="rounded p-1 hover:bg-fill">
        <Icon name="arrow-left" size={14} />
      </button>
      <button type="button" onClick={onToday} className="rounded px-2 py-0.5 text-xs hover:bg-fill">
        Today
      </button>
      <button type="button" aria-label="Later" onClick={() => onMove(1)} className="rounded p-1 hover:bg-fill">
        <Icon name="arrow-right" size={14} />
      </button>
      <span className="text-xs text-fg-subtle">
        {formatDate(range.start)} – {formatDate(range.end)}
      </span>
    </div>
  );
}

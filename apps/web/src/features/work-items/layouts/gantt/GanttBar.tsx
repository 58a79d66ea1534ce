import { cx } from "../../../../components/ui/index.ts";
import { useDragItem, useDragSelector } from "../../../../components/dnd/index.ts";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { useList } from "../../context.tsx";
import { itemName } from "../../../../components/work-item/item.ts";
import { barGeometry } from "../../lib/gantt.ts";
import { formatDate } from "../../../../lib/dates.ts";
import type { Dates } from "./types.ts";

/** A bar: its body moves both dates, its ends change one; each is dragged by the pointer or picked up by the keyboard. */
export function GanttBar({
  item: it,
  label,
  color,
  rangeStart,
  dayWidth,
}: {
  item: WorkItem;
  label: string;
  color?: string;
  rangeStart: string;
  dayWidth: number;
}) {
  const { openPeek } = useList();
  const body = useDragItem<HTMLDivElement>({ id: it.id, part: "move" }, { preview: "none" });
  const start = useDragItem<HTMLSpanElement>({ id: it.id, part: "start" }, { preview: "none" });
  const end = useDragItem<HTMLSpanElement>({ id: it.id, part: "end" }, { preview: "none" });
  // while dragged, the bar shows the dates it would get
  const draft = useDragSelector<string | null, Dates>((s) =>
    s?.target && s.src.id === it.id ? `${s.target.start_date}|${s.target.target_date}` : null,
  );
  const [ds, dt] = draft ? draft.split("|") : [it.start_date, it.target_date];
  const geo = barGeometry({ start_date: ds, target_date: dt }, rangeStart, dayWidth);
  if (!geo) return null;
  const dates = `${formatDate(ds) || "no start"} – ${formatDate(dt) || "no due date"}`;
  const editable = !!body.props.onKeyDown;
  return (
    <div
      className="absolute top-2 h-7"
      style={{ left: geo.left, width: geo.width }}
      data-bar-dates={draft ? `${ds} ${dt}` : undefined}
    >
      <div
        ref={body.ref}
        {...body.props}
        role="button"
        aria-label={editable ? `Move ${label}: ${dates}` : `${label}: ${dates}`}
        data-bar={label.split(" ")[0]}
        onClick={() => openPeek(it.id)}
        className={cx(
          "flex h-full select-none items-center rounded-md px-2 text-xs shadow-sm",
          editable ? "cursor-grab active:cursor-grabbing" : "cursor-pointer",
          body.lifted && "ring-2 ring-indigo-500 ring-offset-1",
        )}
        style={{ backgroundColor: color ?? "#6366f1", color: inkOn(color ?? "#6366f1") }}
      >
        <span className="truncate">{itemName(it.name)}</span>
      </div>
      {editable && (
        <>
          <span
            ref={start.ref}
            {...start.props}
            role="button"
            aria-label={`Change the start date of ${label}: ${formatDate(ds) || "none"}`}
            className={cx(
              "absolute inset-y-0 left-0 w-2 cursor-ew-resize rounded-l-md hover:bg-black/20 focus:bg-black/30",
              start.lifted && "bg-black/30",
            )}
          />
          <span
            ref={end.ref}
            {...end.props}
            role="button"
            aria-label={`Change the due date of ${label}: ${formatDate(dt) || "none"}`}
            className={cx(
              "absolute inset-y-0 right-0 w-2 cursor-ew-resize rounded-r-md hover:bg-black/20 focus:bg-black/30",
              end.lifted && "bg-black/30",
            )}
          />
        </>
      )}
    </div>
  );
}

/** Text colour for a bar of `bg` (a #rrggbb state colour): white or near-black, whichever reads at 4.5:1. */
function inkOn(bg: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg);
  if (!m) return "#ffffff";
  const lin = (h: string) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  // contrast with white (1.05 / (l + 0.05)) against contrast with #18181b (about (l + 0.05) / 0.06)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.06 ? "#ffffff" : "#18181b";
}

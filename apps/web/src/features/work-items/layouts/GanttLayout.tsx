import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { DragScope, useDropZone } from "../../../components/dnd/index.ts";
import { useList } from "../context.tsx";
import {
  GANTT_BLOCK_HEIGHT,
  GANTT_DEFAULT_SCALE,
  GANTT_SCALES,
  GANTT_SIDEBAR_WIDTH,
  ganttRange,
  type GanttScale,
} from "../lib/gantt.ts";
import { addDays, addMonths, diffDays, localToday } from "../../../lib/dates.ts";
import type { Dates } from "./gantt/types.ts";
import { useGanttDrag } from "./gantt/useGanttDrag.ts";
import { GanttToolbar } from "./gantt/GanttToolbar.tsx";
import { GanttHeader } from "./gantt/GanttHeader.tsx";
import { GanttArrows } from "./gantt/GanttArrows.tsx";
import { GanttAddRow, GanttRow } from "./gantt/GanttRow.tsx";
import { useVirtualRows } from "./useVirtualRows.ts";

/** The chart's scale, kept per project in local storage. */
function useGanttScale(slug: string, pid: string) {
  const [scale, setScale] = useState<GanttScale>(
    () => (localStorage.getItem(`stride.gantt.${slug}.${pid}`) as GanttScale) || GANTT_DEFAULT_SCALE,
  );
  useEffect(() => {
    localStorage.setItem(`stride.gantt.${slug}.${pid}`, scale);
  }, [scale, slug, pid]);
  return [scale, setScale] as const;
}

/** Scroll today into view when the range changes. */
function useScrollToToday(parent: RefObject<HTMLDivElement | null>, start: string, dayWidth: number, today: string) {
  useEffect(() => {
    const el = parent.current;
    if (!el) return;
    const x = diffDays(start, today) * dayWidth;
    el.scrollLeft = Math.max(0, x - (el.clientWidth - GANTT_SIDEBAR_WIDTH) / 3);
  }, [parent, start, dayWidth, today]);
}

/**
 * The timeline (gantt chart): a bar per work item from its start to its due date, on a week, month or
 * quarter scale (day widths 60, 20 and 5 px; ranges of 4 weeks, 6 and 24 months). Drag a bar to move
 * it, drag its ends to change one date (pointer; or keyboard: the bar and each end pick up with
 * Space/Enter, arrows move a day or a week); click an empty row to give an item dates.
 */
export function GanttLayout() {
  const { data, itemOf, slug, pid } = useList();
  const [scale, setScale] = useGanttScale(slug, pid);
  const today = localToday();
  const [anchor, setAnchor] = useState(today);
  const range = useMemo(() => ganttRange(scale, anchor), [scale, anchor]);
  const dayWidth = GANTT_SCALES[scale].dayWidth;
  const width = range.days * dayWidth;
  const parent = useRef<HTMLDivElement | null>(null);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const { ids, virtual, totalSize } = useVirtualRows(parent, GANTT_BLOCK_HEIGHT, 10, 1);
  useScrollToToday(parent, range.start, dayWidth, today);

  const drag = useGanttDrag(parent, scrollEl, range.start, dayWidth);
  const zone = useDropZone<HTMLDivElement, Dates>({ timeline: true }, drag);

  if (!data) return null;
  const todayX = diffDays(range.start, today) * dayWidth;
  const move = (dir: -1 | 1) =>
    setAnchor((a) => (scale === "week" ? addDays(a, 14 * dir) : addMonths(a, (scale === "month" ? 3 : 12) * dir)));

  return (
    <DragScope controller={drag}>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="gantt-layout">
        <GanttToolbar scale={scale} onScale={setScale} onMove={move} onToday={() => setAnchor(today)} range={range} />
        <div
          ref={(el) => {
            parent.current = el;
            setScrollEl(el);
          }}
          className="relative min-h-0 flex-1 overflow-auto"
        >
          <div style={{ width: GANTT_SIDEBAR_WIDTH + width, minWidth: "100%" }}>
            <GanttHeader scale={scale} range={range} dayWidth={dayWidth} width={width} total={data.total} />
            {/* rows */}
            <div ref={zone} style={{ height: totalSize, position: "relative" }}>
              <GanttArrows
                ids={ids}
                itemOf={itemOf}
                rangeStart={range.start}
                dayWidth={dayWidth}
                width={GANTT_SIDEBAR_WIDTH + width}
                height={totalSize}
              />
              {todayX >= 0 && todayX <= width && (
                <div
                  aria-hidden
                  className="pointer-events-none absolute bottom-0 top-0 z-10 w-px bg-indigo-500/70"
                  style={{ left: GANTT_SIDEBAR_WIDTH + todayX + dayWidth / 2 }}
                />
              )}
              {virtual.map((vi) => {
                const id = ids[vi.index];
                const style = {
                  position: "absolute" as const,
                  top: 0,
                  left: 0,
                  height: GANTT_BLOCK_HEIGHT,
                  transform: `translateY(${vi.start}px)`,
                  width: GANTT_SIDEBAR_WIDTH + width,
                };
                if (!id) return <GanttAddRow key="add" style={style} hasMore={!!data.hasMore} />;
                const it = itemOf(id);
                if (!it) return null;
                return (
                  <GanttRow
                    key={id}
                    item={it}
                    style={style}
                    rangeStart={range.start}
                    dayWidth={dayWidth}
                    width={width}
                  />
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </DragScope>
  );
}

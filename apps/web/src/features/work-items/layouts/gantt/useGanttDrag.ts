import { useRef, type RefObject } from "react";
import { useDragDrop, type DragSource, type DragSpec, type Phase } from "../../../../components/dnd/index.ts";
import { useList } from "../../context.tsx";
import { useDragLabel } from "../../lib/use-item-drag.ts";
import { GANTT_SIDEBAR_WIDTH, draggedDates } from "../../lib/gantt.ts";
import { diffDays, formatDate } from "../../../../lib/dates.ts";
import { DAY_STEP, rangeText, type Dates, type Part } from "./types.ts";

const partOf = (src: DragSource) => (src.part ?? "move") as Part;

/** What a screen reader hears as a bar or one of its ends is picked up, moved, dropped or put back. */
function sayDates(phase: Phase, at: Dates, part: Part, label: string): string {
  const where =
    part === "start"
      ? `start date ${formatDate(at.start_date)}`
      : part === "end"
        ? `due date ${formatDate(at.target_date)}`
        : rangeText(at);
  switch (phase) {
    case "pickup":
      return part === "move"
        ? `Picked up ${label}. ${rangeText(at)}.`
        : `Picked up the ${part === "start" ? "start" : "due"} date of ${label}: ${formatDate(part === "start" ? at.start_date : at.target_date)}.`;
    case "move":
      return `Moved to ${where}.`;
    case "drop":
      return `Dropped ${label}: ${rangeText(at)}.`;
    case "cancel":
      return `Cancelled. ${label} stays at ${rangeText(at)}.`;
  }
}

/** Keep the moved bar (or end) in view. */
function reveal(el: HTMLElement | null, x: number, dayWidth: number): void {
  if (!el) return;
  const view = el.clientWidth - GANTT_SIDEBAR_WIDTH;
  if (x < el.scrollLeft) el.scrollLeft = Math.max(0, x - dayWidth);
  else if (x > el.scrollLeft + view - dayWidth) el.scrollLeft = x - view + 2 * dayWidth;
}

/**
 * Dragging the timeline's bars and their ends (pointer or keyboard): the dates they would get, what is said, the
 * change saved on drop. The pointer's move in days counts the chart's own scrolling (auto-scroll near the edges) too.
 */
export function useGanttDrag(
  parent: RefObject<HTMLDivElement | null>,
  scrollEl: HTMLDivElement | null,
  rangeStart: string,
  dayWidth: number,
) {
  const { itemOf, updateItem, canEdit } = useList();
  const scrollAtStart = useRef(0);
  const label = useDragLabel();
  const spec: DragSpec<Dates> = {
    type: "work-item-dates",
    label: (src) => label(src.id),
    canDrag: (src) => {
      const it = itemOf(src.id);
      return !!it && canEdit(it) && !!(it.start_date || it.target_date);
    },
    origin: (src) => {
      const it = itemOf(src.id);
      scrollAtStart.current = parent.current?.scrollLeft ?? 0;
      return it ? draggedDates(it, partOf(src), 0, dayWidth) : null;
    },
    step: (at, dir, src) => draggedDates(at, partOf(src), DAY_STEP[dir] * dayWidth, dayWidth),
    fromPointer: (targets, src, input) => {
      const it = itemOf(src.id);
      if (!it || !targets.some((t) => t.timeline)) return null;
      const dx =
        input.current.clientX - input.initial.clientX + (parent.current?.scrollLeft ?? 0) - scrollAtStart.current;
      return draggedDates(it, partOf(src), dx, dayWidth);
    },
    same: (a, b) => a.start_date === b.start_date && a.target_date === b.target_date,
    say: (phase, at, src) => sayDates(phase, at, partOf(src), label(src.id)),
    commit: (src, at, failed) => {
      const it = itemOf(src.id);
      if (!it || (at.start_date === it.start_date && at.target_date === it.target_date)) return false;
      updateItem(it.id, { start_date: at.start_date, target_date: at.target_date }, { onError: failed });
      return true;
    },
    reveal: (at, src) =>
      reveal(
        parent.current,
        diffDays(rangeStart, partOf(src) === "end" ? at.target_date : at.start_date) * dayWidth,
        dayWidth,
      ),
  };
  return useDragDrop(spec, { version: itemOf, scrollEl });
}

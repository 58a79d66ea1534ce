import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { wiKeys } from "../../../../api/work-items.ts";
import { useDragDrop, type DragSpec, type Phase } from "../../../../components/dnd/index.ts";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { holds } from "../../../../api/work-items-list-data.ts";
import { useList } from "../../context.tsx";
import { useDragLabel } from "../../lib/use-item-drag.ts";
import { addDays } from "../../../../lib/dates.ts";
import { DAY_STEP, isWeekend, longDay } from "./days.ts";

/** What a screen reader hears as an item is picked up, moved to a day, dropped or put back. */
function sayDay(phase: Phase, day: string, label: string): string {
  switch (phase) {
    case "pickup":
      return `Picked up ${label}. Due ${longDay(day)}.`;
    case "move":
      return `Moved to ${longDay(day)}.`;
    case "drop":
      return `Dropped ${label} on ${longDay(day)}.`;
    case "cancel":
      return `Cancelled. ${label} stays on ${longDay(day)}.`;
  }
}

/**
 * Dragging an item to another day (pointer, or keyboard: arrows move a day or a week, past the shown period too)
 * reschedules its due date; the start date follows when it would pass the due date. A day outside the shown period
 * brings it into view (`show`).
 */
export function useCalendarDrag(
  period: { first: string; last: string },
  showWeekends: boolean,
  show: (day: string) => void,
  scrollEl: HTMLDivElement | null,
) {
  const { data, itemOf, updateItem, canEdit, slug, pid } = useList();
  const qc = useQueryClient();
  // the item picked up: a keyboard move into another month leaves the loaded window it came from
  const picked = useRef<WorkItem | null>(null);
  const label = useDragLabel();
  const spec: DragSpec<string> = {
    type: "work-item-date",
    label: (src) => label(src.id),
    canDrag: (src) => {
      const it = itemOf(src.id);
      return !!it?.target_date && canEdit(it);
    },
    origin: (src) => {
      picked.current = itemOf(src.id) ?? null;
      return picked.current?.target_date?.slice(0, 10) ?? null;
    },
    step: (day, dir) => {
      let d = addDays(day, DAY_STEP[dir]);
      while (!showWeekends && isWeekend(d)) d = addDays(d, DAY_STEP[dir] < 0 ? -1 : 1);
      return d;
    },
    fromPointer: (targets) => {
      const t = targets.find((x) => typeof x.day === "string");
      return t ? (t.day as string) : null;
    },
    same: (a, b) => a === b,
    say: (phase, day, src) => sayDay(phase, day, label(src.id)),
    commit: (src, day, failed) => {
      const it = itemOf(src.id) ?? (picked.current?.id === src.id ? picked.current : null);
      if (!it || it.target_date === day) return false;
      const patch: Partial<WorkItem> = { target_date: day };
      if (it.start_date && it.start_date > day) patch.start_date = day;
      // the month now shown was loaded without the item: load it again once the move is saved
      const away = !data || !holds(data, it.id);
      updateItem(it.id, patch, {
        onError: failed,
        onSuccess: away ? () => void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) }) : undefined,
      });
      return true;
    },
    reveal: (day) => {
      if (day < period.first || day > period.last) show(day);
    },
  };
  return useDragDrop(spec, { version: itemOf, scrollEl });
}

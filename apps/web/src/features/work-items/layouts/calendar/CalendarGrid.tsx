import { useMemo, useState } from "react";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { useList } from "../../context.tsx";
import { WEEKDAY_SHORT, startOfMonth } from "../../../../lib/dates.ts";
import { MAX_PER_DAY, type CalendarMode } from "./days.ts";
import { CalendarDay } from "./CalendarDay.tsx";
import { toggled } from "../../lib/toggle-set.ts";

/** The loaded items by their due day. */
function useItemsByDay(): Map<string, WorkItem[]> {
  const { data, itemOf } = useList();
  return useMemo(() => {
    const m = new Map<string, WorkItem[]>();
    for (const id of data?.ids ?? []) {
      const it = itemOf(id);
      if (!it?.target_date) continue;
      const d = it.target_date.slice(0, 10);
      m.set(d, [...(m.get(d) ?? []), it]);
    }
    return m;
  }, [data, itemOf]);
}

/** The calendar's grid: weekday headers, then a row per week; a month's day shows a few items and "+N more". */
export function CalendarGrid({
  weeks,
  mode,
  anchor,
  today,
  showWeekends,
}: {
  weeks: string[][];
  mode: CalendarMode;
  anchor: string;
  today: string;
  showWeekends: boolean;
}) {
  const byDay = useItemsByDay();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const heads = showWeekends ? WEEKDAY_SHORT : WEEKDAY_SHORT.slice(1, 6);
  const toggle = (day: string) => setExpanded((s) => toggled(s, day));
  return (
    <div role="grid" aria-label="Calendar" className="min-w-[700px]">
      <div
        role="row"
        className="sticky top-0 z-10 grid border-b border-line bg-surface-muted text-xs font-medium text-fg-subtle"
        style={{ gridTemplateColumns: `repeat(${heads.length}, minmax(0, 1fr))` }}
      >
        {heads.map((h) => (
          <div role="columnheader" key={h} className="px-2 py-1.5">
            {h}
          </div>
        ))}
      </div>
      {weeks.map((days) => (
        <div
          role="row"
          key={days[0]}
          className="grid border-b border-line"
          style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
        >
          {days.map((day) => {
            const items = byDay.get(day) ?? [];
            const open = expanded.has(day);
            return (
              <CalendarDay
                key={day}
                day={day}
                today={today}
                outside={mode === "month" && day.slice(0, 7) !== startOfMonth(anchor).slice(0, 7)}
                tall={mode === "week"}
                items={open || mode === "week" ? items : items.slice(0, MAX_PER_DAY)}
                more={
                  mode === "month" && items.length > MAX_PER_DAY
                    ? { open, hidden: items.length - MAX_PER_DAY, toggle: () => toggle(day) }
                    : null
                }
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

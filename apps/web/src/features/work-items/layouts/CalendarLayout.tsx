import { useEffect, useMemo, useState } from "react";
import { DragScope } from "../../../components/dnd/index.ts";
import { useList } from "../context.tsx";
import { addDays, addMonths, localToday, startOfMonth } from "../../../lib/dates.ts";
import { MAX_PAGES, calendarPeriod } from "./calendar/days.ts";
import { useCalendarDrag } from "./calendar/useCalendarDrag.ts";
import { CalendarToolbar } from "./calendar/CalendarToolbar.tsx";
import { CalendarGrid } from "./calendar/CalendarGrid.tsx";

/**
 * The list query limited to the shown days (plus any due-date filter the user applied), every page of it loaded
 * (bounded).
 */
function useCalendarWindow(first: string, last: string) {
  const { data, prefs, setExtra, loadMore, loadingMore } = useList();
  const userTerms = ((prefs.filters.target_date ?? []) as string[]).join(",");
  useEffect(() => {
    setExtra({ target_date: [userTerms, `${first};after`, `${last};before`].filter(Boolean).join(",") });
  }, [first, last, userTerms, setExtra]);
  useEffect(() => () => setExtra(null), [setExtra]);
  useEffect(() => {
    if (data?.hasMore && data.nextPage < MAX_PAGES && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
  }, [data?.hasMore, data?.nextPage, loadingMore, loadMore]);
}

/**
 * The calendar: work items on their due date, by month or by week (weeks start on Sunday), weekends
 * optional. Dragging an item to another day (pointer, or keyboard: arrows move a day or a week, past the
 * shown month too) reschedules its due date; the start date follows when it would pass the due date.
 */
export function CalendarLayout() {
  const { prefs, updatePrefs } = useList();
  const cal = (prefs.display_filters.calendar ?? {}) as { layout?: string; show_weekends?: boolean };
  const mode = cal.layout === "week" ? "week" : "month";
  const showWeekends = cal.show_weekends !== false;
  const today = localToday();
  const [anchor, setAnchor] = useState(today);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const period = useMemo(() => calendarPeriod(mode, anchor, showWeekends), [mode, anchor, showWeekends]);
  useCalendarWindow(period.first, period.last);
  const drag = useCalendarDrag(period, showWeekends, setAnchor, scrollEl);
  const move = (dir: -1 | 1) =>
    setAnchor((a) => (mode === "month" ? addMonths(startOfMonth(a), dir) : addDays(a, 7 * dir)));

  return (
    <DragScope controller={drag}>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="calendar-layout">
        <CalendarToolbar
          title={period.title}
          mode={mode}
          onMove={move}
          onToday={() => setAnchor(today)}
          onMode={(m) => updatePrefs({ display_filters: { calendar: { ...cal, layout: m } } })}
        />
        <div ref={setScrollEl} className="min-h-0 flex-1 overflow-auto">
          <CalendarGrid weeks={period.weeks} mode={mode} anchor={anchor} today={today} showWeekends={showWeekends} />
        </div>
      </div>
    </DragScope>
  );
}

import { useEffect, useMemo, useState, type DragEvent } from "react";
import { cx } from "../../../components/ui/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList } from "../context.tsx";
import { QuickAdd, itemKey, itemName } from "../components/ItemBits.tsx";
import { Icon, PriorityIcon, StateGroupIcon } from "../components/icons.tsx";
import {
  WEEKDAY_SHORT, addDays, addMonths, localToday, monthTitle, monthWeeks, startOfMonth, startOfWeek, weekDays, weekday, formatShort,
} from "../lib/dates.ts";

const MAX_PER_DAY = 4;
const MAX_PAGES = 10;

/**
 * The calendar: work items on their due date, by month or by week (weeks start on Sunday), weekends
 * optional. Dragging an item to another day reschedules its due date.
 */
export function CalendarLayout() {
  const { data, prefs, setExtra, loadMore, updateItem, canEdit, refs, project, openPeek, loadingMore } = useList();
  const cal = (prefs.display_filters.calendar ?? {}) as { layout?: string; show_weekends?: boolean };
  const mode = cal.layout === "week" ? "week" : "month";
  const showWeekends = cal.show_weekends !== false;
  const today = localToday();
  const [anchor, setAnchor] = useState(today);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [over, setOver] = useState<string | null>(null);

  const weeks = useMemo(() => (mode === "month" ? monthWeeks(startOfMonth(anchor), showWeekends) : [weekDays(anchor, showWeekends)]), [mode, anchor, showWeekends]);
  const first = mode === "month" ? startOfWeek(startOfMonth(anchor)) : startOfWeek(anchor);
  const last = mode === "month" ? addDays(startOfWeek(addDays(addMonths(startOfMonth(anchor), 1), -1)), 6) : addDays(startOfWeek(anchor), 6);

  // the list query is limited to the visible days (plus any due-date filter the user applied)
  const userTerms = ((prefs.filters.target_date ?? []) as string[]).join(",");
  useEffect(() => {
    setExtra({ target_date: [userTerms, `${first};after`, `${last};before`].filter(Boolean).join(",") });
  }, [first, last, userTerms, setExtra]);
  useEffect(() => () => setExtra(null), [setExtra]);

  // load every page of the window (bounded)
  useEffect(() => {
    if (data?.hasMore && data.nextPage < MAX_PAGES && !loadingMore.has("__flat")) void loadMore().catch(() => undefined);
  }, [data?.hasMore, data?.nextPage, loadingMore, loadMore]);

  const byDay = useMemo(() => {
    const m = new Map<string, WorkItem[]>();
    for (const id of data?.ids ?? []) {
      const it = data!.items[id];
      if (!it?.target_date) continue;
      const d = it.target_date.slice(0, 10);
      m.set(d, [...(m.get(d) ?? []), it]);
    }
    return m;
  }, [data]);

  const move = (dir: -1 | 1) => setAnchor((a) => (mode === "month" ? addMonths(startOfMonth(a), dir) : addDays(a, 7 * dir)));
  const onDrop = (e: DragEvent, day: string) => {
    e.preventDefault();
    setOver(null);
    const id = e.dataTransfer.getData("text/plain");
    const it = data?.items[id];
    if (!it || it.target_date === day) return;
    const patch: Partial<WorkItem> = { target_date: day };
    if (it.start_date && it.start_date > day) patch.start_date = day;
    updateItem(id, patch);
  };
  const heads = showWeekends ? WEEKDAY_SHORT : WEEKDAY_SHORT.slice(1, 6);
  const title = mode === "month" ? monthTitle(startOfMonth(anchor)) : `${formatShort(weeks[0][0])} – ${formatShort(weeks[0][weeks[0].length - 1])}, ${weeks[0][0].slice(0, 4)}`;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="calendar-layout">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 className="text-sm font-semibold" aria-live="polite">{title}</h2>
        <div className="ml-2 flex items-center gap-1">
          <button type="button" aria-label={mode === "month" ? "Previous month" : "Previous week"} onClick={() => move(-1)} className="rounded p-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"><Icon name="arrow-left" size={14} /></button>
          <button type="button" onClick={() => setAnchor(today)} className="rounded px-2 py-0.5 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800">Today</button>
          <button type="button" aria-label={mode === "month" ? "Next month" : "Next week"} onClick={() => move(1)} className="rounded p-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"><Icon name="arrow-right" size={14} /></button>
        </div>
        {data && data.hasMore && data.nextPage >= MAX_PAGES && <span className="ml-auto text-xs text-amber-600">Showing the first {data.ids.length} work items of this period.</span>}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <div role="grid" aria-label="Calendar" className="min-w-[700px]">
          <div role="row" className="sticky top-0 z-10 grid border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900" style={{ gridTemplateColumns: `repeat(${heads.length}, minmax(0, 1fr))` }}>
            {heads.map((h) => <div role="columnheader" key={h} className="px-2 py-1.5">{h}</div>)}
          </div>
          {weeks.map((days) => (
            <div role="row" key={days[0]} className="grid border-b border-zinc-200 dark:border-zinc-800" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
              {days.map((day) => {
                const items = byDay.get(day) ?? [];
                const open = expanded.has(day);
                const shown = open || mode === "week" ? items : items.slice(0, MAX_PER_DAY);
                const outside = mode === "month" && day.slice(0, 7) !== startOfMonth(anchor).slice(0, 7);
                return (
                  <div
                    role="gridcell"
                    key={day}
                    data-date={day}
                    aria-label={day}
                    onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = "move"; if (over !== day) setOver(day); }}
                    onDragLeave={(e) => { if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node)) setOver((o) => (o === day ? null : o)); }}
                    onDrop={(e) => onDrop(e, day)}
                    className={cx(
                      "group flex flex-col gap-1 border-r border-zinc-200 p-1.5 last:border-r-0 dark:border-zinc-800",
                      mode === "week" ? "min-h-[60vh]" : "min-h-32",
                      outside && "bg-zinc-50/70 dark:bg-zinc-900/40",
                      (weekday(day) === 0 || weekday(day) === 6) && !outside && "bg-zinc-50/40 dark:bg-zinc-900/20",
                      over === day && "bg-indigo-50 ring-1 ring-inset ring-indigo-300 dark:bg-indigo-950/40",
                    )}
                  >
                    <div className="flex items-center justify-between">
                      <span className={cx("flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs", day === today ? "bg-indigo-600 font-semibold text-white" : outside ? "text-zinc-400" : "text-zinc-600 dark:text-zinc-300")}>
                        {Number(day.slice(8))}{day.slice(8) === "01" ? ` ${monthTitle(day).split(" ")[0].slice(0, 3)}` : ""}
                      </span>
                    </div>
                    {shown.map((it) => {
                      const st = refs.stateById.get(it.state_id ?? "");
                      const key = itemKey(project.identifier, it.sequence_id);
                      return (
                        <button
                          key={it.id}
                          type="button"
                          draggable={canEdit(it)}
                          onDragStart={(e) => { e.dataTransfer.setData("text/plain", it.id); e.dataTransfer.effectAllowed = "move"; }}
                          onClick={() => openPeek(it.id)}
                          data-item={key}
                          aria-label={`${key} ${itemName(it.name)}`}
                          className="flex w-full items-center gap-1.5 rounded border border-zinc-200 bg-white px-1.5 py-1 text-left text-xs shadow-sm hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
                        >
                          <StateGroupIcon group={st?.group} color={st?.color} size={12} />
                          <span className="shrink-0 text-zinc-500">{key}</span>
                          <span className="truncate">{itemName(it.name)}</span>
                          <span className="ml-auto shrink-0"><PriorityIcon priority={it.priority} size={12} /></span>
                        </button>
                      );
                    })}
                    {mode === "month" && items.length > MAX_PER_DAY && (
                      <button type="button" onClick={() => setExpanded((s) => { const n = new Set(s); if (n.has(day)) n.delete(day); else n.add(day); return n; })} className="text-left text-xs text-indigo-600 hover:underline">
                        {open ? "Show less" : `+${items.length - MAX_PER_DAY} more`}
                      </button>
                    )}
                    <div className="mt-auto opacity-0 focus-within:opacity-100 group-hover:opacity-100">
                      <QuickAdd preset={{ target_date: day }} compact label="Add" className="rounded px-1 py-0.5 text-xs" />
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { wiKeys } from "../../../api/work-items.ts";
import { cx } from "../../../components/ui/index.ts";
import {
  DragHandle,
  DragScope,
  draggingClass,
  useDragDrop,
  useDragItem,
  useDragSelector,
  useDropZone,
  type Dir,
  type DragSpec,
} from "../../../components/dnd/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList } from "../context.tsx";
import { QuickAdd } from "../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { Icon, PriorityIcon, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import {
  WEEKDAY_SHORT,
  addDays,
  addMonths,
  localToday,
  monthTitle,
  monthWeeks,
  startOfMonth,
  startOfWeek,
  weekDays,
  weekday,
  formatDate,
  formatShort,
} from "../../../lib/dates.ts";

const MAX_PER_DAY = 4;
const MAX_PAGES = 10;

const DAY_STEP: Record<Dir, number> = { left: -1, right: 1, up: -7, down: 7 };
const longDay = (d: string) => `${WEEKDAY_SHORT[weekday(d)]}, ${formatDate(d)}`;
const isWeekend = (d: string) => weekday(d) === 0 || weekday(d) === 6;

/**
 * The calendar: work items on their due date, by month or by week (weeks start on Sunday), weekends
 * optional. Dragging an item to another day (pointer, or keyboard: arrows move a day or a week, past the
 * shown month too) reschedules its due date; the start date follows when it would pass the due date.
 */
export function CalendarLayout() {
  const { data, prefs, updatePrefs, setExtra, loadMore, updateItem, canEdit, projectOf, loadingMore, slug, pid } =
    useList();
  const qc = useQueryClient();
  // the item picked up: a keyboard move into another month leaves the loaded window it came from
  const picked = useRef<WorkItem | null>(null);
  const cal = (prefs.display_filters.calendar ?? {}) as { layout?: string; show_weekends?: boolean };
  const mode = cal.layout === "week" ? "week" : "month";
  const showWeekends = cal.show_weekends !== false;
  const today = localToday();
  const [anchor, setAnchor] = useState(today);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);

  const weeks = useMemo(
    () => (mode === "month" ? monthWeeks(startOfMonth(anchor), showWeekends) : [weekDays(anchor, showWeekends)]),
    [mode, anchor, showWeekends],
  );
  const first = mode === "month" ? startOfWeek(startOfMonth(anchor)) : startOfWeek(anchor);
  const last =
    mode === "month"
      ? addDays(startOfWeek(addDays(addMonths(startOfMonth(anchor), 1), -1)), 6)
      : addDays(startOfWeek(anchor), 6);

  // the list query is limited to the visible days (plus any due-date filter the user applied)
  const userTerms = ((prefs.filters.target_date ?? []) as string[]).join(",");
  useEffect(() => {
    setExtra({ target_date: [userTerms, `${first};after`, `${last};before`].filter(Boolean).join(",") });
  }, [first, last, userTerms, setExtra]);
  useEffect(() => () => setExtra(null), [setExtra]);

  // load every page of the window (bounded)
  useEffect(() => {
    if (data?.hasMore && data.nextPage < MAX_PAGES && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
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

  const move = (dir: -1 | 1) =>
    setAnchor((a) => (mode === "month" ? addMonths(startOfMonth(a), dir) : addDays(a, 7 * dir)));
  const label = (id: string) => {
    const it = data?.items[id];
    return it ? `${itemKey(projectOf(it).identifier, it.sequence_id)} ${itemName(it.name)}` : "Work item";
  };
  const spec: DragSpec<string> = {
    type: "work-item-date",
    label: (src) => label(src.id),
    canDrag: (src) => {
      const it = data?.items[src.id];
      return !!it?.target_date && canEdit(it);
    },
    origin: (src) => {
      picked.current = data?.items[src.id] ?? null;
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
    say: (phase, day, src) => {
      switch (phase) {
        case "pickup":
          return `Picked up ${label(src.id)}. Due ${longDay(day)}.`;
        case "move":
          return `Moved to ${longDay(day)}.`;
        case "drop":
          return `Dropped ${label(src.id)} on ${longDay(day)}.`;
        case "cancel":
          return `Cancelled. ${label(src.id)} stays on ${longDay(day)}.`;
      }
    },
    commit: (src, day, failed) => {
      const it = data?.items[src.id] ?? (picked.current?.id === src.id ? picked.current : null);
      if (!it || it.target_date === day) return false;
      const patch: Partial<WorkItem> = { target_date: day };
      if (it.start_date && it.start_date > day) patch.start_date = day;
      // the month now shown was loaded without the item: load it again once the move is saved
      const away = !data?.items[it.id];
      updateItem(it.id, patch, {
        onError: failed,
        onSuccess: away ? () => void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) }) : undefined,
      });
      return true;
    },
    // a day outside the shown month or week brings its month or week into view
    reveal: (day) => {
      if (day < first || day > last) setAnchor(day);
    },
  };
  const drag = useDragDrop(spec, { version: data, scrollEl });
  const heads = showWeekends ? WEEKDAY_SHORT : WEEKDAY_SHORT.slice(1, 6);
  const title =
    mode === "month"
      ? monthTitle(startOfMonth(anchor))
      : `${formatShort(weeks[0][0])} – ${formatShort(weeks[0][weeks[0].length - 1])}, ${weeks[0][0].slice(0, 4)}`;

  return (
    <DragScope controller={drag}>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="calendar-layout">
        <div className="flex items-center gap-2 border-b border-line px-4 py-2">
          <h2 className="text-sm font-semibold" aria-live="polite">
            {title}
          </h2>
          <div className="ml-2 flex items-center gap-1">
            <button
              type="button"
              aria-label={mode === "month" ? "Previous month" : "Previous week"}
              onClick={() => move(-1)}
              className="rounded p-1 hover:bg-fill"
            >
              <Icon name="arrow-left" size={14} />
            </button>
            <button
              type="button"
              onClick={() => setAnchor(today)}
              className="rounded px-2 py-0.5 text-xs hover:bg-fill"
            >
              Today
            </button>
            <button
              type="button"
              aria-label={mode === "month" ? "Next month" : "Next week"}
              onClick={() => move(1)}
              className="rounded p-1 hover:bg-fill"
            >
              <Icon name="arrow-right" size={14} />
            </button>
          </div>
          <div className="ml-auto flex items-center gap-3">
            {data && data.hasMore && data.nextPage >= MAX_PAGES && (
              <span className="text-xs text-amber-600">
                Showing the first {data.ids.length} work items of this period.
              </span>
            )}
            <div
              role="group"
              aria-label="Calendar view"
              className="flex rounded-md border border-line-raised p-0.5 text-xs"
            >
              {(["month", "week"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  onClick={() => {
                    if (mode !== m) updatePrefs({ display_filters: { calendar: { ...cal, layout: m } } });
                  }}
                  className={cx(
                    "rounded px-2 py-0.5",
                    mode === m ? "bg-fill-strong font-medium" : "text-fg-subtle hover:text-fg-secondary",
                  )}
                >
                  {m === "month" ? "Month" : "Week"}
                </button>
              ))}
            </div>
          </div>
        </div>
        <div ref={setScrollEl} className="min-h-0 flex-1 overflow-auto">
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
                          ? {
                              open,
                              hidden: items.length - MAX_PER_DAY,
                              toggle: () =>
                                setExpanded((s) => {
                                  const n = new Set(s);
                                  if (n.has(day)) n.delete(day);
                                  else n.add(day);
                                  return n;
                                }),
                            }
                          : null
                      }
                    />
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      </div>
    </DragScope>
  );
}

/** A day of the grid: a drop zone with its items. */
function CalendarDay({
  day,
  today,
  outside,
  tall,
  items,
  more,
}: {
  day: string;
  today: string;
  outside: boolean;
  tall: boolean;
  items: WorkItem[];
  more: { open: boolean; hidden: number; toggle: () => void } | null;
}) {
  const zone = useDropZone<HTMLDivElement>({ day });
  const over = useDragSelector<boolean, string>((s) => !!s?.target && s.target === day && s.target !== s.origin);
  return (
    <div
      ref={zone}
      role="gridcell"
      data-date={day}
      className={cx(
        "group flex flex-col gap-1 border-r border-line p-1.5 last:border-r-0",
        tall ? "min-h-[60vh]" : "min-h-32",
        outside && "bg-surface-muted/70",
        isWeekend(day) && !outside && "bg-surface-muted/40",
        over && "bg-accent-soft ring-1 ring-inset ring-indigo-300",
      )}
    >
      <div className="flex items-center justify-between">
        {/* the cell is named by its content (its items included): the date in words first, then what it holds */}
        <span className="sr-only">{longDay(day)}</span>
        <span
          aria-hidden
          className={cx(
            "flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs",
            day === today ? "bg-indigo-600 font-semibold text-white" : outside ? "text-fg-subtle" : "text-fg-muted",
          )}
        >
          {Number(day.slice(8))}
          {day.slice(8) === "01" ? ` ${monthTitle(day).split(" ")[0].slice(0, 3)}` : ""}
        </span>
      </div>
      {items.map((it) => (
        <CalendarItem key={it.id} item={it} tall={tall} />
      ))}
      {more && (
        <button type="button" onClick={more.toggle} className="text-left text-xs text-indigo-600 hover:underline">
          {more.open ? "Show less" : `+${more.hidden} more`}
        </button>
      )}
      <div className="mt-auto opacity-0 focus-within:opacity-100 group-hover:opacity-100">
        <QuickAdd preset={{ target_date: day }} compact label="Add" className="rounded px-1 py-0.5 text-xs" />
      </div>
    </div>
  );
}

/**
 * An item on its due day: dragged by the pointer anywhere, picked up by the keyboard with its handle. The
 * title gets the width (two lines in a month, more in the taller week; the key above it in a week when the
 * key is shown), and the whole "KEY title" is its tooltip and accessible name.
 */
function CalendarItem({ item: it, tall }: { item: WorkItem; tall: boolean }) {
  const { refsFor, projectOf, openPeek, prefs } = useList();
  const refs = refsFor(it);
  const drag = useDragItem<HTMLDivElement>({ id: it.id });
  const st = refs.stateById.get(it.state_id ?? "");
  const key = itemKey(projectOf(it).identifier, it.sequence_id);
  const full = `${key} ${itemName(it.name)}`;
  const showKey = tall && prefs.display_properties.key !== false;
  return (
    <div
      ref={drag.ref}
      data-item={key}
      className={cx(
        "group/item relative flex w-full items-center rounded border border-line-raised bg-surface shadow-sm hover:border-line-strong",
        draggingClass(drag),
      )}
    >
      <DragHandle
        drag={drag}
        label={`${key} ${itemName(it.name)}`}
        className="absolute left-0.5 top-1/2 z-10 -translate-y-1/2 bg-surface opacity-0 focus:opacity-100 group-hover/item:opacity-100"
      />
      <button
        type="button"
        onClick={() => openPeek(it.id)}
        aria-label={full}
        title={full}
        className="flex min-w-0 flex-1 items-start gap-1.5 px-1.5 py-1 text-left text-xs"
      >
        <span className="mt-0.5 shrink-0">
          <StateGroupIcon group={st?.group} color={st?.color} size={12} />
        </span>
        <span className="min-w-0 flex-1">
          {showKey && <span className="block text-[11px] text-fg-subtle">{key}</span>}
          <span data-item-title className={cx("block break-words", tall ? "line-clamp-4" : "line-clamp-2")}>
            {itemName(it.name)}
          </span>
        </span>
        <span className="mt-0.5 shrink-0">
          <PriorityIcon priority={it.priority} size={12} />
        </span>
      </button>
    </div>
  );
}

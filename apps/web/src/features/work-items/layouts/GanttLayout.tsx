import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { cx } from "../../../components/ui/index.ts";
import {
  DragScope,
  useDragDrop,
  useDragItem,
  useDragSelector,
  useDropZone,
  type Dir,
  type DragSource,
  type DragSpec,
} from "../../../components/dnd/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList } from "../context.tsx";
import { QuickAdd } from "../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { arrowPath, blockEdges, isConflict, type BarBox } from "../lib/relations.ts";
import { Icon, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import {
  GANTT_BLOCK_HEIGHT,
  GANTT_DEFAULT_BAR_WIDTH,
  GANTT_DEFAULT_SCALE,
  GANTT_HEADER_HEIGHT,
  GANTT_SCALES,
  GANTT_SIDEBAR_WIDTH,
  barGeometry,
  draggedDates,
  ganttRange,
  type GanttScale,
} from "../lib/gantt.ts";
import {
  addDays,
  addMonths,
  diffDays,
  formatDate,
  localToday,
  monthShort,
  startOfMonth,
  weekday,
} from "../../../lib/dates.ts";

type Part = "move" | "start" | "end";
interface Dates {
  start_date: string;
  target_date: string;
}
const DAY_STEP: Record<Dir, number> = { left: -1, right: 1, up: -7, down: 7 };
const rangeText = (d: Dates) => `${formatDate(d.start_date)} – ${formatDate(d.target_date)}`;

/**
 * The timeline (gantt chart): a bar per work item from its start to its due date, on a week, month or
 * quarter scale (day widths 60, 20 and 5 px; ranges of 4 weeks, 6 and 24 months). Drag a bar to move
 * it, drag its ends to change one date (pointer; or keyboard: the bar and each end pick up with
 * Space/Enter, arrows move a day or a week); click an empty row to give an item dates.
 */
export function GanttLayout() {
  const { data, refs, projectOf, openPeek, updateItem, canEdit, loadMore, loadingMore, slug, pid } = useList();
  const [scale, setScale] = useState<GanttScale>(
    () => (localStorage.getItem(`stride.gantt.${slug}.${pid}`) as GanttScale) || GANTT_DEFAULT_SCALE,
  );
  useEffect(() => {
    localStorage.setItem(`stride.gantt.${slug}.${pid}`, scale);
  }, [scale, slug, pid]);
  const today = localToday();
  const [anchor, setAnchor] = useState(today);
  const range = useMemo(() => ganttRange(scale, anchor), [scale, anchor]);
  const dayWidth = GANTT_SCALES[scale].dayWidth;
  const width = range.days * dayWidth;
  const parent = useRef<HTMLDivElement | null>(null);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const ids = data?.ids ?? [];

  const v = useVirtualizer({
    count: ids.length + 1,
    getScrollElement: () => parent.current,
    estimateSize: () => GANTT_BLOCK_HEIGHT,
    overscan: 10,
  });
  const virtual = v.getVirtualItems();
  useEffect(() => {
    const last = virtual[virtual.length - 1];
    if (last && data?.hasMore && last.index >= ids.length - 1 && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
  }, [virtual, data?.hasMore, ids.length, loadingMore, loadMore]);

  // scroll today into view when the range changes
  useEffect(() => {
    const el = parent.current;
    if (!el) return;
    const x = diffDays(range.start, today) * dayWidth;
    el.scrollLeft = Math.max(0, x - (el.clientWidth - GANTT_SIDEBAR_WIDTH) / 3);
  }, [range.start, dayWidth, today]);

  // header: months (or weeks) on top, day ticks below
  const header = useMemo(() => {
    const top: { label: string; left: number; width: number }[] = [];
    if (scale === "week") {
      for (let d = range.start; d <= range.end; d = addDays(d, 7))
        top.push({
          label: `Week of ${formatDate(d).slice(0, 6)}`,
          left: diffDays(range.start, d) * dayWidth,
          width: 7 * dayWidth,
        });
    } else {
      for (let m = startOfMonth(range.start); m <= range.end; m = addMonths(m, 1)) {
        const from = m < range.start ? range.start : m;
        const to = addDays(addMonths(m, 1), -1) > range.end ? range.end : addDays(addMonths(m, 1), -1);
        top.push({
          label: scale === "quarter" && monthShort(m) !== "Jan" ? monthShort(m) : `${monthShort(m)} ${m.slice(0, 4)}`,
          left: diffDays(range.start, from) * dayWidth,
          width: (diffDays(from, to) + 1) * dayWidth,
        });
      }
    }
    const ticks: { label: string; left: number; weekend: boolean }[] = [];
    const step = scale === "week" ? 1 : scale === "month" ? 7 : 0;
    if (step)
      for (
        let d = scale === "month" ? addDays(range.start, (7 - weekday(range.start)) % 7) : range.start;
        d <= range.end;
        d = addDays(d, step)
      )
        ticks.push({
          label:
            scale === "week"
              ? `${["S", "M", "T", "W", "T", "F", "S"][weekday(d)]} ${Number(d.slice(8))}`
              : String(Number(d.slice(8))),
          left: diffDays(range.start, d) * dayWidth,
          weekend: weekday(d) === 0 || weekday(d) === 6,
        });
    return { top, ticks };
  }, [scale, range, dayWidth]);

  // the pointer's move in days counts the chart's own scrolling (auto-scroll near the edges) too
  const scrollAtStart = useRef(0);
  const label = (id: string) => {
    const it = data?.items[id];
    return it ? `${itemKey(projectOf(it).identifier, it.sequence_id)} ${itemName(it.name)}` : "Work item";
  };
  const partOf = (src: DragSource) => (src.part ?? "move") as Part;
  const spec: DragSpec<Dates> = {
    type: "work-item-dates",
    label: (src) => label(src.id),
    canDrag: (src) => {
      const it = data?.items[src.id];
      return !!it && canEdit(it) && !!(it.start_date || it.target_date);
    },
    origin: (src) => {
      const it = data?.items[src.id];
      scrollAtStart.current = parent.current?.scrollLeft ?? 0;
      return it ? draggedDates(it, partOf(src), 0, dayWidth) : null;
    },
    step: (at, dir, src) => draggedDates(at, partOf(src), DAY_STEP[dir] * dayWidth, dayWidth),
    fromPointer: (targets, src, input) => {
      const it = data?.items[src.id];
      if (!it || !targets.some((t) => t.timeline)) return null;
      const dx =
        input.current.clientX - input.initial.clientX + (parent.current?.scrollLeft ?? 0) - scrollAtStart.current;
      return draggedDates(it, partOf(src), dx, dayWidth);
    },
    same: (a, b) => a.start_date === b.start_date && a.target_date === b.target_date,
    say: (phase, at, src) => {
      const part = partOf(src);
      const where =
        part === "start"
          ? `start date ${formatDate(at.start_date)}`
          : part === "end"
            ? `due date ${formatDate(at.target_date)}`
            : rangeText(at);
      switch (phase) {
        case "pickup":
          return part === "move"
            ? `Picked up ${label(src.id)}. ${rangeText(at)}.`
            : `Picked up the ${part === "start" ? "start" : "due"} date of ${label(src.id)}: ${formatDate(part === "start" ? at.start_date : at.target_date)}.`;
        case "move":
          return `Moved to ${where}.`;
        case "drop":
          return `Dropped ${label(src.id)}: ${rangeText(at)}.`;
        case "cancel":
          return `Cancelled. ${label(src.id)} stays at ${rangeText(at)}.`;
      }
    },
    commit: (src, at, failed) => {
      const it = data?.items[src.id];
      if (!it || (at.start_date === it.start_date && at.target_date === it.target_date)) return false;
      updateItem(it.id, { start_date: at.start_date, target_date: at.target_date }, { onError: failed });
      return true;
    },
    // keep the moved bar in view
    reveal: (at, src) => {
      const el = parent.current;
      if (!el) return;
      const x = diffDays(range.start, partOf(src) === "end" ? at.target_date : at.start_date) * dayWidth;
      const view = el.clientWidth - GANTT_SIDEBAR_WIDTH;
      if (x < el.scrollLeft) el.scrollLeft = Math.max(0, x - dayWidth);
      else if (x > el.scrollLeft + view - dayWidth) el.scrollLeft = x - view + 2 * dayWidth;
    },
  };
  const drag = useDragDrop(spec, { version: data, scrollEl });
  const zone = useDropZone<HTMLDivElement, Dates>({ timeline: true }, drag);

  if (!data) return null;
  const todayX = diffDays(range.start, today) * dayWidth;
  const move = (dir: -1 | 1) =>
    setAnchor((a) => (scale === "week" ? addDays(a, 14 * dir) : addMonths(a, (scale === "month" ? 3 : 12) * dir)));

  return (
    <DragScope controller={drag}>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="gantt-layout">
        <div className="flex items-center gap-2 border-b border-line px-4 py-2">
          <div
            role="group"
            aria-label="Timeline scale"
            className="flex rounded-md border border-line-raised p-0.5 text-xs"
          >
            {(Object.keys(GANTT_SCALES) as GanttScale[]).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={scale === s}
                onClick={() => setScale(s)}
                className={cx(
                  "rounded px-2 py-0.5",
                  scale === s ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary",
                )}
              >
                {GANTT_SCALES[s].label}
              </button>
            ))}
          </div>
          <button type="button" aria-label="Earlier" onClick={() => move(-1)} className="rounded p-1 hover:bg-fill">
            <Icon name="arrow-left" size={14} />
          </button>
          <button type="button" onClick={() => setAnchor(today)} className="rounded px-2 py-0.5 text-xs hover:bg-fill">
            Today
          </button>
          <button type="button" aria-label="Later" onClick={() => move(1)} className="rounded p-1 hover:bg-fill">
            <Icon name="arrow-right" size={14} />
          </button>
          <span className="text-xs text-fg-subtle">
            {formatDate(range.start)} – {formatDate(range.end)}
          </span>
        </div>
        <div
          ref={(el) => {
            parent.current = el;
            setScrollEl(el);
          }}
          className="relative min-h-0 flex-1 overflow-auto"
        >
          <div style={{ width: GANTT_SIDEBAR_WIDTH + width, minWidth: "100%" }}>
            {/* header */}
            <div
              className="sticky top-0 z-20 flex border-b border-line bg-canvas"
              style={{ height: GANTT_HEADER_HEIGHT }}
            >
              <div
                className="sticky left-0 z-10 flex shrink-0 items-center border-r border-line bg-canvas px-3 text-xs font-medium text-fg-subtle"
                style={{ width: GANTT_SIDEBAR_WIDTH }}
              >
                Work items <span className="ml-1 text-fg-faint">{data.total}</span>
              </div>
              <div className="relative" style={{ width }}>
                {header.top.map((h) => (
                  <div
                    key={h.left}
                    className="absolute top-0 h-6 border-l border-line text-xs font-medium leading-6 text-fg-muted"
                    style={{ left: h.left, width: h.width }}
                  >
                    <span
                      className="sticky inline-block truncate px-1.5"
                      style={{ left: GANTT_SIDEBAR_WIDTH, maxWidth: h.width }}
                    >
                      {h.label}
                    </span>
                  </div>
                ))}
                {header.ticks.map((t) => (
                  <div
                    key={t.left}
                    className={cx(
                      "absolute bottom-0 h-6 border-l border-line-subtle px-1 text-[10px] leading-6",
                      t.weekend ? "text-fg-subtle" : "text-fg-muted",
                    )}
                    style={{ left: t.left }}
                  >
                    {t.label}
                  </div>
                ))}
              </div>
            </div>
            {/* rows */}
            <div ref={zone} style={{ height: v.getTotalSize(), position: "relative" }}>
              <GanttArrows
                ids={ids}
                items={data.items}
                rangeStart={range.start}
                dayWidth={dayWidth}
                width={GANTT_SIDEBAR_WIDTH + width}
                height={v.getTotalSize()}
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
                if (!id) {
                  return (
                    <div key="add" style={style} className="flex">
                      <div className="sticky left-0 z-10 shrink-0 bg-canvas" style={{ width: GANTT_SIDEBAR_WIDTH }}>
                        {data.hasMore ? (
                          <span className="block px-3 py-3 text-xs text-fg-subtle">Loading more…</span>
                        ) : (
                          <QuickAdd />
                        )}
                      </div>
                    </div>
                  );
                }
                const it = data.items[id];
                if (!it) return null;
                const key = itemKey(projectOf(it).identifier, it.sequence_id);
                const st = refs.stateById.get(it.state_id ?? "");
                const geo = barGeometry(it, range.start, dayWidth);
                return (
                  <div key={id} style={style} className="group flex border-b border-line-subtle" data-item={key}>
                    <div
                      className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-line bg-canvas px-3 text-sm group-hover:bg-surface-muted"
                      style={{ width: GANTT_SIDEBAR_WIDTH }}
                    >
                      <StateGroupIcon group={st?.group} color={st?.color} />
                      <span className="w-14 shrink-0 text-xs text-fg-subtle">{key}</span>
                      <button
                        type="button"
                        onClick={() => openPeek(id)}
                        className="min-w-0 flex-1 truncate text-left hover:underline"
                      >
                        {itemName(it.name)}
                      </button>
                      {!geo && <span className="shrink-0 text-[10px] text-fg-subtle">No dates</span>}
                    </div>
                    <div
                      className="relative"
                      style={{ width }}
                      onClick={(e) => {
                        if (geo || !canEdit(it)) return;
                        const x = e.clientX - (e.currentTarget as HTMLElement).getBoundingClientRect().left;
                        const start = addDays(range.start, Math.floor(x / dayWidth));
                        const span = Math.max(1, Math.round(GANTT_DEFAULT_BAR_WIDTH / dayWidth));
                        updateItem(id, { start_date: start, target_date: addDays(start, span - 1) });
                      }}
                    >
                      {geo ? (
                        <GanttBar
                          item={it}
                          label={`${key} ${itemName(it.name)}`}
                          color={st?.color}
                          rangeStart={range.start}
                          dayWidth={dayWidth}
                        />
                      ) : (
                        canEdit(it) && (
                          <span className="pointer-events-none absolute inset-y-2 left-2 hidden items-center text-xs text-fg-faint group-hover:flex">
                            Click on the timeline to schedule
                          </span>
                        )
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </DragScope>
  );
}

/** A bar: its body moves both dates, its ends change one; each is dragged by the pointer or picked up by the keyboard. */
function GanttBar({
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

/**
 * Dependency arrows: from the end of each blocking bar to the start of the bar it blocks, among the loaded
 * items (their relations come with the timeline's list page). An SVG under the rows (bars and the sticky
 * titles cover it), drawn with attributes only (no style attributes, for the CSP). A bar being dragged takes
 * its arrows along; a blocker due after the blocked item starts is drawn red.
 */
function GanttArrows({
  ids,
  items,
  rangeStart,
  dayWidth,
  width,
  height,
}: {
  ids: string[];
  items: Record<string, WorkItem>;
  rangeStart: string;
  dayWidth: number;
  width: number;
  height: number;
}) {
  const { projectOf } = useList();
  const edges = useMemo(() => blockEdges(items, ids), [items, ids]);
  const row = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids]);
  const draft = useDragSelector<string | null, Dates>((s) =>
    s?.target ? `${s.src.id}|${s.target.start_date}|${s.target.target_date}` : null,
  );
  const marker = `gantt-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  if (!edges.length) return null;
  const [dragId, ds, dt] = draft ? draft.split("|") : [];
  const datesOf = (id: string) =>
    id === dragId
      ? { start_date: ds, target_date: dt }
      : { start_date: items[id].start_date, target_date: items[id].target_date };
  const box = (id: string): BarBox | null => {
    const g = barGeometry(datesOf(id), rangeStart, dayWidth);
    return g ? { left: GANTT_SIDEBAR_WIDTH + g.left, width: g.width, row: row.get(id) ?? 0 } : null;
  };
  const keyOf = (id: string) => itemKey(projectOf(items[id]).identifier, items[id].sequence_id);
  const name = (id: string) => `${keyOf(id)} ${itemName(items[id].name)}`;
  return (
    <svg
      aria-label="Dependencies"
      role="group"
      width={width}
      height={height}
      className="pointer-events-none absolute left-0 top-0 text-fg-faint"
      data-gantt-arrows
    >
      <defs>
        {/* a marker's fill follows its own colour, not the path's: one per colour */}
        {(["plain", "conflict"] as const).map((k) => (
          <marker
            key={k}
            id={`${marker}-${k}`}
            viewBox="0 0 8 8"
            refX="7"
            refY="4"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
            className={k === "conflict" ? "text-red-500" : undefined}
          >
            <path d="M0 0 8 4 0 8z" fill="currentColor" />
          </marker>
        ))}
      </defs>
      {edges.map(({ from, to }) => {
        const a = box(from);
        const b = box(to);
        if (!a || !b) return null;
        const conflict = isConflict(datesOf(from), datesOf(to));
        return (
          <path
            key={`${from}>${to}`}
            d={arrowPath(a, b, GANTT_BLOCK_HEIGHT)}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            markerEnd={`url(#${marker}-${conflict ? "conflict" : "plain"})`}
            className={conflict ? "text-red-500" : undefined}
            data-relation={`${keyOf(from)}>${keyOf(to)}`}
            data-conflict={conflict || undefined}
          >
            <title>{`${name(from)} blocks ${name(to)}`}</title>
          </path>
        );
      })}
    </svg>
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

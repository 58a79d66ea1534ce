import { memo, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { elementScroll, observeElementRect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { cx } from "../../../components/ui/index.ts";
import {
  DragHandle,
  DragScope,
  DropLine,
  draggingClass,
  useDragItem,
  useDropZone,
  useSlotLine,
  useSlotTarget,
  type Slot,
} from "../../../components/dnd/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList, useListItem } from "../context.tsx";
import { GroupIcon, groupRefs, useGroupTitle } from "../components/GroupIcon.tsx";
import { ItemMenu, QuickAdd, RowMain } from "../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { PendingMark } from "../../../components/work-item/PendingMark.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { hierarchyRows } from "../../../api/work-items-list-data.ts";
import { visibleGroupKeys } from "../lib/groups.ts";
import { quickAddPreset } from "../components/presets.ts";
import { cellId, parseCell } from "../lib/drag.ts";
import { useItemDrag } from "../lib/use-item-drag.ts";

/** The one cell of an ungrouped list. */
const FLAT = cellId("__all", null);

type Row =
  | { type: "group"; key: string; total: number }
  | { type: "item"; id: string; depth: number; group: string | null }
  | { type: "more"; group: string | null; remaining: number }
  | { type: "add"; group: string | null };

const SIZE: Record<Row["type"], number> = { group: 40, item: 44, more: 36, add: 40 };

/**
 * The list layout: grouped (collapsible groups, optional empty groups) or flat, virtualized so a list of
 * ten thousand loaded items scrolls smoothly. Each group loads more on reaching its end. Rows drag (pointer
 * or keyboard) to another group (the grouped property changes, for the allowed group types) and, with
 * manual order, to a place inside a group.
 */
export function ListLayout() {
  const { data, display, refs, projectOf, selection, loadMore, loadingMore, kind, slug, pid, quickAdd } = useList();
  const [collapsed, setCollapsed] = useState<Set<string>>(
    () => new Set(JSON.parse(sessionStorage.getItem(`stride.collapsed.${slug}.${pid}.${kind}`) ?? "[]") as string[]),
  );
  useEffect(() => {
    sessionStorage.setItem(`stride.collapsed.${slug}.${pid}.${kind}`, JSON.stringify([...collapsed]));
  }, [collapsed, slug, pid, kind]);
  const parent = useRef<HTMLDivElement | null>(null);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  // the drag scope's auto-scroll gets the element after the first frame (set in the commit, it re-rendered the
  // list synchronously and ran the page's pending effects before that frame)
  const hasData = !!data;
  useEffect(() => {
    setScrollEl(parent.current);
  }, [hasData]);
  const title = useGroupTitle(refs);
  const gr = useMemo(() => groupRefs(refs), [refs]);

  const rows = useMemo<Row[]>(() => {
    if (!data) return [];
    const out: Row[] = [];
    const itemsOf = (ids: string[], group: string | null) => {
      const list = display.show_hierarchy ? hierarchyRows(ids, data.items) : ids.map((id) => ({ id, depth: 0 }));
      for (const r of list) out.push({ type: "item", id: r.id, depth: r.depth, group });
    };
    if (!data.groupBy) {
      itemsOf(data.ids, null);
      if (data.hasMore) out.push({ type: "more", group: null, remaining: Math.max(0, data.total - data.ids.length) });
      if (quickAdd) out.push({ type: "add", group: null });
      return out;
    }
    const keys = visibleGroupKeys(
      data.groupBy,
      data.groupOrder,
      gr,
      display.show_empty_groups !== false,
      (k) => data.groups[k]?.total ?? 0,
    );
    for (const k of keys) {
      const g = data.groups[k];
      out.push({ type: "group", key: k, total: g?.total ?? 0 });
      if (collapsed.has(k)) continue;
      itemsOf(g?.ids ?? [], k);
      if (g && g.ids.length < g.total) out.push({ type: "more", group: k, remaining: g.total - g.ids.length });
      if (quickAdd) out.push({ type: "add", group: k });
    }
    return out;
  }, [data, display.show_empty_groups, display.show_hierarchy, collapsed, gr, quickAdd]);

  const overscan = useOverscanAfterFirstPaint(!!data);
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: (i) => SIZE[rows[i]?.type ?? "item"],
    overscan,
    // the first render already lays out the rows of a window-sized list; without it the virtualizer renders
    // none (its size is 0 until measured), measures, then renders the rows in a second pass in the same task
    initialRect: firstRect(),
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterFirstWrite,
  });
  const virtual = v.getVirtualItems();

  const manual = (display.order_by ?? "") === "sort_order";
  const groupKeys = data?.groupBy ? rows.filter((r) => r.type === "group").map((r) => (r as { key: string }).key) : [];
  const cellItems = (cell: string) =>
    data?.groupBy ? (data.groups[parseCell(cell).key]?.ids ?? []) : (data?.ids ?? []);
  /** Scroll the row a keyboard drag is over into view (rows away from the screen are not rendered). */
  const reveal = (slot: Slot) => {
    const group = data?.groupBy ? parseCell(slot.container).key : null;
    const ids = cellItems(slot.container);
    const atId = ids.filter((id) => id !== drag.get()?.src.id)[slot.index];
    let i = rows.findIndex((r) => r.type === "item" && r.group === group && r.id === atId);
    if (i < 0) i = rows.findIndex((r) => (r.type === "add" || r.type === "more") && r.group === group);
    if (i < 0) i = rows.findIndex((r) => r.type === "group" && r.key === group);
    if (i >= 0) v.scrollToIndex(i, { align: "auto" });
  };
  const drag = useItemDrag({
    columns: [data?.groupBy ? groupKeys.map((k) => cellId(k, null)) : [FLAT]],
    items: cellItems,
    name: (cell) => (data?.groupBy ? title(data.groupBy, parseCell(cell).key) : "the list"),
    groupBy: data?.groupBy ?? null,
    subGroupBy: null,
    manual,
    unordered: (cell) => !!display.show_hierarchy || collapsed.has(parseCell(cell).key),
    reveal,
    scrollEl,
  });

  // infinite scroll: a visible "load more" row fetches the next page of its group
  useEffect(() => {
    for (const vi of virtual) {
      const r = rows[vi.index];
      if (r?.type === "more") {
        const tag = r.group ? `${r.group}|` : "__flat";
        if (!loadingMore.has(tag)) void loadMore(r.group).catch(() => undefined);
      }
    }
  }, [virtual, rows, loadingMore, loadMore]);

  if (!data) return null;
  const empty = rows.every((r) => r.type !== "item") && !data.groupBy;

  return (
    <DragScope controller={drag}>
      <div ref={parent} className="min-h-0 flex-1 overflow-auto" data-testid="list-layout">
        {empty && (
          <div className="px-6 py-10 text-center text-sm text-fg-subtle">
            {kind === "archived" ? "No archived work items match." : "No work items match these filters."}
          </div>
        )}
        <div
          role="list"
          aria-label={kind === "archived" ? "Archived work items" : "Work items"}
          style={{ height: v.getTotalSize(), position: "relative" }}
        >
          {virtual.map((vi) => {
            const r = rows[vi.index];
            const style = {
              position: "absolute" as const,
              top: 0,
              left: 0,
              width: "100%",
              height: vi.size,
              transform: `translateY(${vi.start}px)`,
            };
            if (r.type === "group") {
              const isCollapsed = collapsed.has(r.key);
              return (
                <ListZone
                  key={`g-${r.key}`}
                  cell={cellId(r.key, null)}
                  at="start"
                  ring={!manual || !!display.show_hierarchy || isCollapsed || r.total === 0}
                  style={style}
                  data-group={r.key}
                  className="flex items-center gap-2 border-b border-line bg-surface-muted px-4 text-sm"
                >
                  <button
                    type="button"
                    aria-expanded={!isCollapsed}
                    aria-label={`${isCollapsed ? "Expand" : "Collapse"} ${title(data.groupBy, r.key)}`}
                    onClick={() =>
                      setCollapsed((c) => {
                        const n = new Set(c);
                        if (n.has(r.key)) n.delete(r.key);
                        else n.add(r.key);
                        return n;
                      })
                    }
                    className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-fill-selected"
                  >
                    <Icon name={isCollapsed ? "chevron-right" : "chevron-down"} size={12} className="text-fg-subtle" />
                    <GroupIcon groupBy={data.groupBy} groupKey={r.key} refs={refs} />
                    <span className="font-medium">{title(data.groupBy, r.key)}</span>
                  </button>
                  <span className="text-xs text-fg-subtle">{r.total}</span>
                </ListZone>
              );
            }
            if (r.type === "more") {
              return (
                <ListZone
                  key={`m-${r.group}`}
                  cell={r.group ? cellId(r.group, null) : FLAT}
                  at="end"
                  style={style}
                  className="flex items-center px-4"
                >
                  <button
                    type="button"
                    onClick={() => void loadMore(r.group)}
                    className="text-xs text-indigo-600 hover:underline"
                  >
                    Load more{r.remaining ? ` (${r.remaining} more)` : ""}
                  </button>
                </ListZone>
              );
            }
            if (r.type === "add") {
              return (
                <ListZone
                  key={`a-${r.group}`}
                  cell={r.group ? cellId(r.group, null) : FLAT}
                  at="end"
                  style={style}
                  className="border-b border-line-subtle"
                >
                  <QuickAdd preset={quickAddPreset(data.groupBy, r.group, refs)} />
                </ListZone>
              );
            }
            const it = data.items[r.id];
            if (!it) return null;
            return (
              <ListRow
                key={`i-${r.group}-${r.id}`}
                top={vi.start}
                height={vi.size}
                item={it}
                cell={r.group ? cellId(r.group, null) : FLAT}
                depth={r.depth}
                identifier={projectOf(it).identifier}
                selected={selection.ids.has(it.id)}
              />
            );
          })}
        </div>
      </div>
    </DragScope>
  );
}

/** Rows rendered beyond each edge of the screen once the list has painted, so scrolling finds them ready. */
export const LIST_OVERSCAN = 15;
/** …and for the first paint, which only needs what shows (a list behind the peek view of a page opened from its URL). */
export const FIRST_PAINT_OVERSCAN = 1;

/** The virtualizer's size before it measures its element: the window's (the list never shows more rows than that). */
function firstRect(): { width: number; height: number } {
  return typeof window === "undefined"
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The virtualizer's size from a ResizeObserver only. The library's own observer also reads the element's size
 * as the list mounts, in the commit, which forces the browser to lay out the whole page there (20–40 ms on the
 * peek's page) and again before the frame once the commit's effects have changed it; the observer reports the
 * size after the frame's layout instead, and until then the list uses its first rect (the window's).
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
): void | (() => void) {
  const el = instance.scrollElement;
  const win = instance.targetWindow;
  if (!el || !win?.ResizeObserver) return observeElementRect(instance, cb);
  const observer = new win.ResizeObserver(() =>
    cb({ width: Math.round(el.clientWidth), height: Math.round(el.clientHeight) }),
  );
  observer.observe(el, { box: "content-box" });
  return () => observer.disconnect();
}

/** Virtualizers that have written their offset once (as they attached to their element). */
const attached = new WeakSet<object>();

/**
 * The virtualizer's scroll writes, but the first: as it attaches to its element, in the commit, it scrolls the
 * element to the offset it starts from, which forces the browser to lay out the page there; a list that has just
 * mounted is at the top already, so a first write to 0 is skipped.
 */
export const scrollAfterFirstWrite: typeof elementScroll = (offset, opts, instance) => {
  const first = !attached.has(instance);
  attached.add(instance);
  if (first && offset + (opts.adjustments ?? 0) === 0) return;
  elementScroll(offset, opts, instance);
};

/**
 * The overscan of a virtualized list: `FIRST_PAINT_OVERSCAN` until the list has painted with its data, then
 * `LIST_OVERSCAN` once the browser is idle (the rows beyond the screen render in a task of their own, after what
 * the page still has to show: the peek's item, its activity …).
 */
export function useOverscanAfterFirstPaint(ready: boolean): number {
  const [overscan, setOverscan] = useState(FIRST_PAINT_OVERSCAN);
  useEffect(() => {
    if (!ready || overscan === LIST_OVERSCAN) return;
    const grow = () => setOverscan(LIST_OVERSCAN);
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(grow, { timeout: 1000 });
      else timer = setTimeout(grow, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [ready, overscan]);
  return overscan;
}

/**
 * A row of the list that takes drops for its group (its header: at the top; load more / quick add: at the
 * end). A header with `ring` lights up when a drop would land in its group without a drop line to show it.
 */
function ListZone({
  cell,
  at,
  ring = false,
  style,
  className,
  children,
  ...rest
}: {
  cell: string;
  at: "start" | "end";
  ring?: boolean;
  style: CSSProperties;
  className: string;
  children: ReactNode;
  "data-group"?: string;
}) {
  const zone = useDropZone<HTMLDivElement>({ container: cell, at });
  const over = useSlotTarget(cell) && ring;
  // a row of the list (group header, load more, quick add): the list holds list items only
  return (
    <div
      ref={zone}
      role="listitem"
      style={style}
      className={cx(className, over && "ring-1 ring-inset ring-accent-line")}
      {...rest}
    >
      {children}
    </div>
  );
}

/** One row; memoized so scrolling (which re-renders the list) only renders rows that appear. */
const ListRow = memo(function ListRow({
  item,
  cell,
  depth,
  identifier,
  selected,
  top,
  height,
}: {
  item: WorkItem;
  cell: string;
  depth: number;
  identifier: string;
  selected: boolean;
  top: number;
  height: number;
}) {
  const { prefs, peekId, kind, canEditAny, selection, openPeek } = useListItem();
  const style: CSSProperties = {
    position: "absolute",
    top: 0,
    left: 0,
    width: "100%",
    height,
    transform: `translateY(${top}px)`,
  };
  const onToggle = () => selection.toggle(item.id);
  const onOpen = () => openPeek(item.id);
  const key = itemKey(identifier, item.sequence_id);
  const drag = useDragItem<HTMLDivElement>({ id: item.id, container: cell }, { drop: "vertical" });
  const line = useSlotLine(cell, item.id);
  return (
    <div
      ref={drag.ref}
      role="listitem"
      style={style}
      data-item={key}
      data-id={item.id}
      aria-label={`${key} ${itemName(item.name)}`}
      className={cx(
        "group flex items-center gap-2 border-b border-line-subtle px-4 text-sm hover:bg-surface-muted",
        (selected || peekId === item.id) && "bg-accent-soft",
        draggingClass(drag),
      )}
    >
      <DropLine edge={line} inset />
      <DragHandle
        drag={drag}
        label={`${key} ${itemName(item.name)}`}
        className="-ml-3 opacity-0 focus:opacity-100 group-hover:opacity-100"
      />
      {(canEditAny || kind === "archived") && (
        <input
          type="checkbox"
          aria-label={`Select ${key}`}
          checked={selected}
          onChange={onToggle}
          className={cx(
            "h-3.5 w-3.5 shrink-0 accent-indigo-600",
            selected ? "opacity-100" : "opacity-0 focus:opacity-100 group-hover:opacity-100",
          )}
        />
      )}
      <span style={{ width: depth * 20 }} className="shrink-0" />
      {prefs.display_properties.key !== false && (
        <span className="w-16 shrink-0 truncate text-xs font-medium text-fg-subtle">{key}</span>
      )}
      <PendingMark item={item} />
      <RowMain item={item} onOpen={onOpen} />
      <ItemMenu item={item} />
    </div>
  );
});

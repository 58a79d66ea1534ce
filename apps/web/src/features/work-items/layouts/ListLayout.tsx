import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useVirtualizer, type VirtualItem, type Virtualizer } from "@tanstack/react-virtual";
import { DragScope, type Slot } from "../../../components/dnd/index.ts";
import { useList } from "../context.tsx";
import { groupRefs, useGroupTitle } from "../components/GroupIcon.tsx";
import { parseCell } from "../lib/drag.ts";
import { useItemDrag } from "../lib/use-item-drag.ts";
import { toggled } from "../lib/toggle-set.ts";
import { FLAT, SIZE, cellOf, listRows, rowStyle, type Row } from "./list/rows.ts";
import { AddRow, GroupRow, ListRow, MoreRow } from "./list/ListRows.tsx";
import {
  firstRect,
  observeRectAfterLayout,
  scrollAfterFirstWrite,
  useOverscanAfterFirstPaint,
} from "./list/virtual.ts";

/** The collapsed groups, kept for the session per list. */
function useCollapsed(key: string) {
  const [collapsed, setCollapsed] = useState<Set<string>>(
    () => new Set(JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[]),
  );
  useEffect(() => {
    sessionStorage.setItem(key, JSON.stringify([...collapsed]));
  }, [collapsed, key]);
  const toggle = (group: string) => setCollapsed((c) => toggled(c, group));
  return [collapsed, toggle] as const;
}

/** The list's rows, virtualized in `parent`. */
function useListVirtualizer(parent: RefObject<HTMLDivElement | null>, rows: Row[], ready: boolean) {
  const overscan = useOverscanAfterFirstPaint(ready);
  return useVirtualizer({
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
}

/**
 * Dragging rows (pointer or keyboard) to another group and, with manual order, to a place inside a group; a keyboard
 * drag scrolls the row it is over into view (rows away from the screen are not rendered).
 */
function useListDrag(
  rows: Row[],
  v: Virtualizer<HTMLDivElement, Element>,
  collapsed: Set<string>,
  scrollEl: HTMLElement | null,
) {
  const { data, display, refs } = useList();
  const title = useGroupTitle(refs);
  const manual = (display.order_by ?? "") === "sort_order";
  const groupKeys = data?.groupBy ? rows.filter((r) => r.type === "group").map((r) => (r as { key: string }).key) : [];
  const cellItems = (cell: string) =>
    data?.groupBy ? (data.groups[parseCell(cell).key]?.ids ?? []) : (data?.ids ?? []);
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
    columns: [data?.groupBy ? groupKeys.map((k) => cellOf(k)) : [FLAT]],
    items: cellItems,
    name: (cell) => (data?.groupBy ? title(data.groupBy, parseCell(cell).key) : "the list"),
    groupBy: data?.groupBy ?? null,
    subGroupBy: null,
    manual,
    unordered: (cell) => !!display.show_hierarchy || collapsed.has(parseCell(cell).key),
    reveal,
    scrollEl,
  });
  return drag;
}

/** Infinite scroll: a visible "load more" row fetches the next page of its group. */
function useLoadVisibleMore(virtual: VirtualItem[], rows: Row[]) {
  const { loadMore, loadingMore } = useList();
  useEffect(() => {
    for (const vi of virtual) {
      const r = rows[vi.index];
      if (r?.type === "more") {
        const tag = r.group ? `${r.group}|` : "__flat";
        if (!loadingMore.has(tag)) void loadMore(r.group).catch(() => undefined);
      }
    }
  }, [virtual, rows, loadingMore, loadMore]);
}

/**
 * The list layout: grouped (collapsible groups, optional empty groups) or flat, virtualized so a list of
 * ten thousand loaded items scrolls smoothly. Each group loads more on reaching its end. Rows drag (pointer
 * or keyboard) to another group (the grouped property changes, for the allowed group types) and, with
 * manual order, to a place inside a group.
 */
export function ListLayout() {
  const { data, itemOf, display, refs, projectOf, selection, kind, slug, pid, quickAdd } = useList();
  const [collapsed, toggleGroup] = useCollapsed(`stride.collapsed.${slug}.${pid}.${kind}`);
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
  // nested rows follow the items' parents (read from the store): they are laid out again when an item changes
  const nesting = display.show_hierarchy ? itemOf : null;
  const rows = useMemo<Row[]>(
    () =>
      data
        ? listRows(data, nesting ?? itemOf, !!nesting, display.show_empty_groups !== false, gr, collapsed, quickAdd)
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `itemOf` matters only when nesting (see above)
    [data, nesting, display.show_empty_groups, collapsed, gr, quickAdd],
  );
  const v = useListVirtualizer(parent, rows, !!data);
  const virtual = v.getVirtualItems();
  const drag = useListDrag(rows, v, collapsed, scrollEl);

  useLoadVisibleMore(virtual, rows);

  if (!data) return null;
  const empty = rows.every((r) => r.type !== "item") && !data.groupBy;
  const manual = (display.order_by ?? "") === "sort_order";

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
            const style = rowStyle(vi.start, vi.size);
            if (r.type === "group")
              return (
                <GroupRow
                  key={`g-${r.key}`}
                  groupKey={r.key}
                  total={r.total}
                  title={title(data.groupBy, r.key)}
                  collapsed={collapsed.has(r.key)}
                  ring={!manual || !!display.show_hierarchy || collapsed.has(r.key) || r.total === 0}
                  style={style}
                  onToggle={() => toggleGroup(r.key)}
                />
              );
            if (r.type === "more")
              return <MoreRow key={`m-${r.group}`} group={r.group} remaining={r.remaining} style={style} />;
            if (r.type === "add") return <AddRow key={`a-${r.group}`} group={r.group} style={style} />;
            const it = itemOf(r.id);
            if (!it) return null;
            return (
              <ListRow
                key={`i-${r.group}-${r.id}`}
                top={vi.start}
                height={vi.size}
                item={it}
                cell={cellOf(r.group)}
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

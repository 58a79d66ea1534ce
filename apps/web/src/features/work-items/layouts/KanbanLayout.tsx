import { memo, useEffect, useMemo, useState } from "react";
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
} from "../../../components/dnd/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList, useListItem } from "../context.tsx";
import { GroupIcon, groupRefs, useGroupTitle } from "../components/GroupIcon.tsx";
import { ItemMenu, ItemProperties, QuickAdd } from "../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { PendingMark } from "../../../components/work-item/PendingMark.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { cellPreset } from "../components/presets.ts";
import { visibleGroupKeys } from "../lib/groups.ts";
import { cellId, parseCell } from "../lib/drag.ts";
import { useDropRefusal, useItemDrag } from "../lib/use-item-drag.ts";
import { toggled } from "../lib/toggle-set.ts";
import type { GroupNode } from "../../../api/work-items-list-data.ts";
import { BoardVirtualScope, VirtualCards, useBoardVirtual, type LaneShape } from "./kanban/virtual.tsx";

/** The properties a card leaves out when its column says them already (stable: cards re-render only on change). */
const HIDE_STATE = ["state"];
const HIDE_PRIORITY = ["priority"];
const NONE: string[] = [];

/** The board's columns and swimlanes (lanes: `[null]` without sub-grouping), and what each cell holds. */
function useBoardShape(collapsedLanes: Set<string>) {
  const { data, display, refs } = useList();
  const title = useGroupTitle(refs);
  const gr = useMemo(() => groupRefs(refs), [refs]);
  const groupBy = data?.groupBy ?? null;
  const subGroupBy = data?.subGroupBy ?? null;
  const showEmpty = display.show_empty_groups !== false;
  const columns =
    data && groupBy ? visibleGroupKeys(groupBy, data.groupOrder, gr, showEmpty, (k) => data.groups[k]?.total ?? 0) : [];
  const lanes =
    data && subGroupBy
      ? visibleGroupKeys(subGroupBy, data.subGroupOrder, gr, showEmpty, (sk) =>
          Object.values(data.groups).reduce((n, g) => n + (g.sub?.[sk]?.total ?? 0), 0),
        )
      : [null];
  const cellNode = (key: string, sub: string | null): GroupNode | undefined =>
    sub === null ? data?.groups[key] : data?.groups[key]?.sub?.[sub];
  const cellName = (key: string, sub: string | null) =>
    subGroupBy && sub !== null ? `${title(groupBy, key)} · ${title(subGroupBy, sub)}` : title(groupBy, key);
  const cellIds = (cell: string) => {
    const c = parseCell(cell);
    return cellNode(c.key, c.sub)?.ids ?? [];
  };
  // for the virtualised cells' first estimate of where they start
  const shapes: LaneShape[] = lanes.map((sub) => ({
    cells: columns.map((k) => ({ cell: cellId(k, sub), cards: cellNode(k, sub)?.ids.length ?? 0 })),
    collapsed: sub !== null && collapsedLanes.has(sub),
    framed: !!subGroupBy,
  }));
  return { groupBy, subGroupBy, columns, lanes, cellNode, cellName, cellIds, shapes };
}

/**
 * The kanban board: a column per group, optional sub-group swimlanes. Cards drag (pointer or keyboard)
 * between columns and lanes (the grouped property changes, for the allowed group types) and, with manual
 * order, to a place inside a cell (sort_order between the new neighbours). Each cell renders only the cards
 * in or near the view (kanban/virtual.tsx): a project of thousands of items paints a screenful of cards.
 */
export function KanbanLayout() {
  const { data, display, loadMore, loadingMore } = useList();
  const [collapsedLanes, setCollapsedLanes] = useState<Set<string>>(new Set());
  const { groupBy, subGroupBy, columns, lanes, cellNode, cellName, cellIds, shapes } = useBoardShape(collapsedLanes);
  const board = useBoardVirtual(shapes, !!data && !!groupBy);
  // the drag scope's auto-scroll gets the element after the first frame (set in the commit, it re-rendered the
  // whole board synchronously before that frame)
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const hasBoard = !!data && !!groupBy;
  useEffect(() => setScrollEl(board.scrollRef.current), [hasBoard, board.scrollRef]);
  const openLanes = lanes.filter((sub) => sub === null || !collapsedLanes.has(sub));
  const drag = useItemDrag({
    columns: columns.map((k) => openLanes.map((sub) => cellId(k, sub))),
    items: cellIds,
    name: (cell) => {
      const c = parseCell(cell);
      return cellName(c.key, c.sub);
    },
    groupBy,
    subGroupBy,
    manual: (display.order_by ?? "") === "sort_order",
    reveal: (slot) => board.reveal(slot, cellIds(slot.container), drag.get()?.src.id ?? ""),
    scrollEl,
  });
  if (!data || !groupBy) return null;

  return (
    <DragScope controller={drag}>
      <BoardVirtualScope value={board.value}>
        <div
          ref={board.scrollRef}
          className="min-h-0 flex-1 overflow-auto bg-surface-sunken/60"
          data-testid="kanban-layout"
        >
          <div ref={board.contentRef} className="inline-flex min-w-full flex-col">
            <KanbanHeader columns={columns} />
            {lanes.map((sub) => (
              <div
                key={sub ?? "all"}
                className={cx("flex gap-3 px-4 pb-4", subGroupBy && "border-t border-line pt-3")}
                data-lane={sub ?? undefined}
              >
                {subGroupBy && sub !== null && (
                  <LaneHeader
                    subGroupBy={subGroupBy}
                    sub={sub}
                    collapsed={collapsedLanes.has(sub)}
                    onToggle={() => setCollapsedLanes((c) => toggled(c, sub))}
                  />
                )}
                {columns.map((k) => (
                  <KanbanCell
                    key={k}
                    groupBy={groupBy}
                    subGroupBy={subGroupBy}
                    groupKey={k}
                    sub={sub}
                    node={cellNode(k, sub)}
                    label={cellName(k, sub)}
                    hidden={sub !== null && collapsedLanes.has(sub)}
                    loading={loadingMore.has(cellId(k, sub))}
                    onLoadMore={() => void loadMore(k, sub)}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </BoardVirtualScope>
    </DragScope>
  );
}

/** The board's sticky column headers: each group's icon, title and count. */
function KanbanHeader({ columns }: { columns: string[] }) {
  const { data, refs } = useList();
  const title = useGroupTitle(refs);
  const groupBy = data?.groupBy ?? null;
  return (
    <div className="sticky top-0 z-10 flex gap-3 bg-surface-sunken/95 px-4 pt-3 pb-2 backdrop-blur">
      {data?.subGroupBy && <div className="w-40 shrink-0" />}
      {columns.map((k) => (
        <div key={k} className="flex w-72 shrink-0 items-center gap-2 px-1 text-sm" data-column-header={k}>
          <GroupIcon groupBy={groupBy} groupKey={k} refs={refs} />
          <span className="truncate font-medium">{title(groupBy, k)}</span>
          <span className="text-xs text-fg-subtle">{data?.groups[k]?.total ?? 0}</span>
        </div>
      ))}
    </div>
  );
}

/** A swimlane's header: collapses the lane. */
function LaneHeader({
  subGroupBy,
  sub,
  collapsed,
  onToggle,
}: {
  subGroupBy: string;
  sub: string;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { refs } = useList();
  const title = useGroupTitle(refs);
  return (
    <div className="w-40 shrink-0">
      <button
        type="button"
        aria-expanded={!collapsed}
        onClick={onToggle}
        className="sticky top-14 flex w-full items-center gap-2 rounded px-1 py-1 text-left text-sm hover:bg-fill"
      >
        <Icon name={collapsed ? "chevron-right" : "chevron-down"} size={12} />
        <GroupIcon groupBy={subGroupBy} groupKey={sub} refs={refs} />
        <span className="truncate font-medium">{title(subGroupBy, sub)}</span>
      </button>
    </div>
  );
}

/** One cell of the board (a column, or a column within a swimlane): a drop zone holding its cards. */
function KanbanCell({
  groupBy,
  subGroupBy,
  groupKey,
  sub,
  node,
  label,
  hidden,
  loading,
  onLoadMore,
}: {
  groupBy: string;
  subGroupBy: string | null;
  groupKey: string;
  sub: string | null;
  node: GroupNode | undefined;
  label: string;
  hidden: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const { itemOf, refs } = useList();
  const cell = cellId(groupKey, sub);
  const zone = useDropZone<HTMLElement>({ container: cell, at: "end" });
  const isTarget = useSlotTarget(cell);
  // while a card is dragged: the project's workflow refuses it this cell's state (shown before any drop)
  const refusal = useDropRefusal(cell, groupBy, subGroupBy);
  const ids = node?.ids ?? [];
  const hide =
    groupBy === "state_id" || subGroupBy === "state_id" ? HIDE_STATE : groupBy === "priority" ? HIDE_PRIORITY : NONE;
  return (
    <section
      ref={zone}
      aria-label={label}
      data-column={groupKey}
      data-sub={sub ?? undefined}
      data-drop-target={isTarget ? "" : undefined}
      data-refused={refusal ? "" : undefined}
      className={cx(
        "relative flex w-72 shrink-0 flex-col gap-2 rounded-lg p-1 transition-colors",
        isTarget && "bg-accent-soft ring-1 ring-accent-line",
        hidden && "hidden",
      )}
    >
      {refusal && (
        <div className="pointer-events-none absolute inset-0 z-20 rounded-lg border-2 border-dashed border-danger-line bg-surface-sunken/85 p-2">
          <p
            role="note"
            className="flex items-start gap-1.5 rounded-md border border-danger-line bg-surface p-2 text-xs leading-snug text-danger shadow-sm"
          >
            <Icon name="ban" size={14} className="mt-px shrink-0" />
            <span>
              <span className="font-semibold">Can't move here.</span> {refusal}
            </span>
          </p>
        </div>
      )}
      <VirtualCards
        cell={cell}
        ids={ids}
        hidden={hidden}
        render={(id) => {
          const it = itemOf(id);
          return it ? <Card key={id} item={it} cell={cell} hide={hide} /> : null;
        }}
      />
      {node && ids.length < node.total && (
        <button
          type="button"
          disabled={loading}
          onClick={onLoadMore}
          className="rounded px-2 py-1 text-left text-xs text-indigo-600 hover:bg-accent-soft disabled:opacity-50"
        >
          {loading ? "Loading…" : `Load more (${node.total - ids.length})`}
        </button>
      )}
      <QuickAdd preset={cellPreset(groupBy, groupKey, subGroupBy, sub, refs)} compact className="rounded-md" />
    </section>
  );
}

/** A work-item card, draggable inside the enclosing drag scope (kanban, flow) from its cell. */
export const Card = memo(function Card({ item, cell, hide = NONE }: { item: WorkItem; cell: string; hide?: string[] }) {
  const { projectOf, openPeek, peekId, prefs } = useListItem();
  const key = itemKey(projectOf(item).identifier, item.sequence_id);
  const drag = useDragItem<HTMLElement>({ id: item.id, container: cell }, { drop: "vertical" });
  const line = useSlotLine(cell, item.id);
  return (
    <article
      ref={drag.ref}
      data-card
      data-id={item.id}
      data-item={key}
      aria-label={`${key} ${itemName(item.name)}`}
      onClick={() => openPeek(item.id)}
      className={cx(
        "group relative cursor-pointer rounded-lg border bg-surface p-3 text-sm shadow-sm transition hover:border-line-strong hover:shadow",
        peekId === item.id ? "border-indigo-400" : "border-line",
        draggingClass(drag),
        drag.props.onKeyDown && "active:cursor-grabbing",
      )}
    >
      <DropLine edge={line} />
      <div className="mb-1 flex items-center justify-between gap-2">
        {prefs.display_properties.key !== false ? (
          <span className="flex items-center gap-1 text-xs font-medium text-fg-subtle">
            {key}
            <PendingMark item={item} />
          </span>
        ) : (
          <span />
        )}
        <span className="flex items-center gap-0.5 opacity-0 group-hover:opacity-100 focus-within:opacity-100">
          <DragHandle drag={drag} label={`${key} ${itemName(item.name)}`} />
          <ItemMenu item={item} />
        </span>
      </div>
      <button
        type="button"
        data-open-item
        onClick={(e) => {
          e.stopPropagation();
          openPeek(item.id);
        }}
        className="mb-2 block w-full text-left font-medium leading-snug text-fg hover:underline"
      >
        {itemName(item.name)}
      </button>
      <ItemProperties item={item} hide={["created_on", "updated_on", ...hide]} />
    </article>
  );
});

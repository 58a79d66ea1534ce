/** The list layout's rows: a group's header, "load more", quick add (each a drop zone of its group), an item's row. */
import { memo, type CSSProperties, type ReactNode } from "react";
import { cx } from "../../../../components/ui/index.ts";
import {
  DragHandle,
  DropLine,
  draggingClass,
  useDragItem,
  useDropZone,
  useSlotLine,
  useSlotTarget,
} from "../../../../components/dnd/index.ts";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { useList, useListItem } from "../../context.tsx";
import { GroupIcon } from "../../components/GroupIcon.tsx";
import { ItemMenu, QuickAdd, RowMain } from "../../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../../components/work-item/item.ts";
import { PendingMark } from "../../../../components/work-item/PendingMark.tsx";
import { Icon } from "../../../../components/work-item/icons.tsx";
import { quickAddPreset } from "../../components/presets.ts";
import { cellOf, rowStyle } from "./rows.ts";

/** A group's header (collapses the group); a drop at its top. */
export function GroupRow({
  groupKey,
  total,
  title,
  collapsed,
  ring,
  style,
  onToggle,
}: {
  groupKey: string;
  total: number;
  title: string;
  collapsed: boolean;
  ring: boolean;
  style: CSSProperties;
  onToggle: () => void;
}) {
  const { data, refs } = useList();
  return (
    <ListZone
      cell={cellOf(groupKey)}
      at="start"
      ring={ring}
      style={style}
      data-group={groupKey}
      className="flex items-center gap-2 border-b border-line bg-surface-muted px-4 text-sm"
    >
      <button
        type="button"
        aria-expanded={!collapsed}
        aria-label={`${collapsed ? "Expand" : "Collapse"} ${title}`}
        onClick={onToggle}
        className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-fill-selected"
      >
        <Icon name={collapsed ? "chevron-right" : "chevron-down"} size={12} className="text-fg-subtle" />
        <GroupIcon groupBy={data?.groupBy ?? null} groupKey={groupKey} refs={refs} />
        <span className="font-medium">{title}</span>
      </button>
      <span className="text-xs text-fg-subtle">{total}</span>
    </ListZone>
  );
}

/** "Load more" at the end of a group (or of the list). */
export function MoreRow({
  group,
  remaining,
  style,
}: {
  group: string | null;
  remaining: number;
  style: CSSProperties;
}) {
  const { loadMore } = useList();
  return (
    <ListZone cell={cellOf(group)} at="end" style={style} className="flex items-center px-4">
      <button type="button" onClick={() => void loadMore(group)} className="text-xs text-indigo-600 hover:underline">
        Load more{remaining ? ` (${remaining} more)` : ""}
      </button>
    </ListZone>
  );
}

/** Quick add at the end of a group (or of the list), with the group's value. */
export function AddRow({ group, style }: { group: string | null; style: CSSProperties }) {
  const { data, refs } = useList();
  return (
    <ListZone cell={cellOf(group)} at="end" style={style} className="border-b border-line-subtle">
      <QuickAdd preset={quickAddPreset(data?.groupBy ?? null, group, refs)} />
    </ListZone>
  );
}

/**
 * A row of the list that takes drops for its group (its header: at the top; load more / quick add: at the
 * end). A header with `ring` lights up when a drop would land in its group without a drop line to show it.
 */
export function ListZone({
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
export const ListRow = memo(function ListRow({
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
  const style = rowStyle(top, height);
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

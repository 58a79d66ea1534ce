import { useRef, type ReactNode } from "react";
import { sortOrderAtIndex, type Ordered } from "@stride/shared";
import { extractClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge";
import {
  DragHandle,
  DragScope,
  DropLine,
  DropList,
  draggingClass,
  gridStep,
  lineEdge,
  sameSlot,
  sortableSpec,
  useDragController,
  useDragDrop,
  useDragItem,
  useDragSelector,
  useSlotLine,
  type SortableSpec,
  type Slot,
} from "../../components/dnd/index.ts";
import { cx } from "../../components/ui/index.ts";

/** How many items sit in the first row of a list laid out as a grid (1 for a plain list). */
function columnsOf(list: HTMLElement | null): number {
  const items = [...(list?.querySelectorAll<HTMLElement>(":scope > ul > li") ?? [])];
  const top = items[0]?.offsetTop;
  return Math.max(1, items.filter((li) => li.offsetTop === top).length);
}

/**
 * One ordered list of the home (stickies, widgets): shown by `sort_order` descending; a drop (pointer or keyboard)
 * computes the new sort order with the shared midpoint rule (`sortOrderAtIndex`) and hands it to `onMove`. A list
 * laid out as a `grid` (stickies) moves in every direction: the arrow keys go left, right, up and down the rows
 * (however many columns the width gives), and the pointer drops before or after the item under it.
 */
export function SortableOrder<T extends Ordered>({
  type,
  name,
  items,
  label,
  onMove,
  className,
  layout = "list",
  children,
}: {
  type: string;
  /** The list's name, read to screen readers. */
  name: string;
  items: readonly T[];
  label: (item: T) => string;
  onMove: (item: T, sortOrder: number, failed: () => void) => void;
  className?: string;
  layout?: "list" | "grid";
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const byId = (id: string) => items.find((i) => i.id === id);
  const base = sortableSpec({
    type,
    model: {
      columns: [[type]],
      items: () => items.map((i) => i.id),
      accepts: () => true,
      ordered: () => true,
      name: () => name,
    },
    label: (id) => {
      const i = byId(id);
      return i ? label(i) : name;
    },
    canDrag: (src) => !!byId(src.id),
    commit: (src, slot: Slot, failed) => {
      const item = byId(src.id);
      const next = item ? sortOrderAtIndex(items, src.id, slot.index) : null;
      if (!item || next === null) return false;
      onMove(item, next, failed);
      return true;
    },
  });
  const spec: SortableSpec =
    layout === "grid"
      ? {
          ...base,
          step: (at, dir) => gridStep(at, dir, items.length, columnsOf(box.current)),
          // the pointer's place also names the item under it and the side: the line shows there (a row's end and the next
          // row's start are the same place in the order, but not on the screen)
          fromPointer: (targets, src, input, origin) => {
            const slot = base.fromPointer(targets, src, input, origin);
            const over = targets.find((t) => typeof t.container === "string" && typeof t.id === "string");
            return slot && over
              ? ({ ...slot, over: over.id as string, edge: extractClosestEdge(over) } as GridSlot)
              : slot;
          },
        }
      : base;
  const drag = useDragDrop(spec, { version: items });
  return (
    <DragScope controller={drag}>
      <div ref={box} data-layout={layout}>
        <DropList container={type} label={name} className={className}>
          {children}
        </DropList>
      </div>
    </DragScope>
  );
}

/** A place in a grid as the pointer gives it: the item under the pointer and the side it is on. */
type GridSlot = Slot & { over?: string; edge?: "left" | "right" | "top" | "bottom" | null };

/**
 * Where the drop line of a grid shows on item `id`: on the side of the item under the pointer; for the keyboard,
 * before the item the dragged one lands before (after the last one at the end).
 */
function useGridLine(type: string, id: string): "top" | "bottom" | null {
  const ctl = useDragController<Slot>();
  return useDragSelector<"top" | "bottom" | null, Slot>((s) => {
    const model = (ctl?.spec() as Partial<SortableSpec> | undefined)?.model;
    if (!model || !s?.target || sameSlot(model, s.target, s.origin)) return null;
    const t = s.target as GridSlot;
    if (t.over !== undefined) return t.over === id && id !== s.src.id ? (t.edge === "right" ? "bottom" : "top") : null;
    return lineEdge(model, t, s.src.id, type, id);
  });
}

/** An item of a SortableOrder: a list item with a drop line and a "Move …" handle (`grid`: items flow in rows). */
export function SortableItem({
  type,
  id,
  label,
  className,
  layout = "list",
  children,
  ...rest
}: {
  type: string;
  id: string;
  label: string;
  className?: string;
  layout?: "list" | "grid";
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  const axis = layout === "grid" ? "horizontal" : "vertical";
  const drag = useDragItem<HTMLLIElement>({ id, container: type }, { drop: axis });
  const listLine = useSlotLine(type, id);
  const gridLine = useGridLine(type, id);
  const line = layout === "grid" ? gridLine : listLine;
  return (
    <li ref={drag.ref} className={cx("group relative", draggingClass(drag), className)} {...rest}>
      <DropLine edge={line} inset={layout === "list"} axis={axis} />
      <div className="absolute left-1 top-1 z-10">
        <DragHandle drag={drag} label={label} className="opacity-0 focus:opacity-100 group-hover:opacity-100" />
      </div>
      {children}
    </li>
  );
}

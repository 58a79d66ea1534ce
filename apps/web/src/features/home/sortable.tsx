import type { ReactNode } from "react";
import { sortOrderAtIndex, type Ordered } from "@stride/shared";
import { DragHandle, DragScope, DropLine, DropList, draggingClass, sortableSpec, useDragDrop, useDragItem, useSlotLine, type Slot } from "../../components/dnd/index.ts";
import { cx } from "../../components/ui/index.ts";

/**
 * One ordered list of the home (stickies, widgets): shown by `sort_order` descending; a drop (pointer or keyboard)
 * computes the new sort order with the shared midpoint rule (`sortOrderAtIndex`) and hands it to `onMove`.
 */
export function SortableOrder<T extends Ordered>({ type, name, items, label, onMove, className, children }: {
  type: string;
  /** The list's name, read to screen readers. */
  name: string;
  items: readonly T[];
  label: (item: T) => string;
  onMove: (item: T, sortOrder: number, failed: () => void) => void;
  className?: string;
  children: ReactNode;
}) {
  const byId = (id: string) => items.find((i) => i.id === id);
  const spec = sortableSpec({
    type,
    model: { columns: [[type]], items: () => items.map((i) => i.id), accepts: () => true, ordered: () => true, name: () => name },
    label: (id) => { const i = byId(id); return i ? label(i) : name; },
    canDrag: (src) => !!byId(src.id),
    commit: (src, slot: Slot, failed) => {
      const item = byId(src.id);
      const next = item ? sortOrderAtIndex(items, src.id, slot.index) : null;
      if (!item || next === null) return false;
      onMove(item, next, failed);
      return true;
    },
  });
  const drag = useDragDrop(spec, { version: items });
  return (
    <DragScope controller={drag}>
      <DropList container={type} label={name} className={className}>{children}</DropList>
    </DragScope>
  );
}


/** An item of a SortableOrder: a list item with a drop line and a "Move …" handle. */
export function SortableItem({ type, id, label, className, children, ...rest }: {
  type: string;
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  const drag = useDragItem<HTMLLIElement>({ id, container: type }, { drop: "vertical" });
  const line = useSlotLine(type, id);
  return (
    <li ref={drag.ref} className={cx("group relative", draggingClass(drag), className)} {...rest}>
      <DropLine edge={line} inset />
      <div className="absolute left-1 top-1 z-10">
        <DragHandle drag={drag} label={label} className="opacity-0 focus:opacity-100 group-hover:opacity-100" />
      </div>
      {children}
    </li>
  );
}

/**
 * The drag scope of work items in grouped layouts (kanban, list, flow): the layout gives its cells (in
 * columns), what each holds and whether the place inside matters; dropping applies `dropPatch` through the
 * list's optimistic update.
 */
import {
  sortableSpec,
  useDragDrop,
  useDragSelector,
  type DragController,
  type Slot,
  type SlotModel,
} from "../../../components/dnd/index.ts";
import { useList } from "../context.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { moveVerdict } from "../../../lib/workflow.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { cellAccepts, cellInOwnProject, dropPatch, itemsDraggable, parseCell, workflowRefusal } from "./drag.ts";

/** A dragged item's name as read to screen readers ("ABC-12 Fix the login"), from the list's loaded items. */
export function useDragLabel(): (id: string) => string {
  const { itemOf, projectOf } = useList();
  return (id) => {
    const it = itemOf(id);
    return it ? `${itemKey(projectOf(it).identifier, it.sequence_id)} ${itemName(it.name)}` : "Work item";
  };
}

export interface ItemDragOptions {
  /** Cells in columns (left → right), each column top → bottom. */
  columns: string[][];
  items(cell: string): string[];
  name(cell: string): string;
  groupBy: string | null;
  subGroupBy: string | null;
  /** Manual order (order_by sort_order): the place inside a cell matters. */
  manual: boolean;
  /** A cell whose place does not matter even with manual order (collapsed group…). */
  unordered?(cell: string): boolean;
  reveal?(slot: Slot): void;
  scrollEl?: HTMLElement | null;
}

export function useItemDrag(o: ItemDragOptions): DragController<Slot> {
  const { itemOf, canEdit, updateItem, refsFor, spansProjects } = useList();
  const model: SlotModel = {
    columns: o.columns,
    items: o.items,
    // a cell whose state the project's workflow refuses the item takes no drop (the cell says why: useDropRefusal)
    accepts: (cell, id, from) => acceptsDrop(itemOf(id), from, cell),
    ordered: (cell) => o.manual && !o.unordered?.(cell),
    name: o.name,
  };
  function acceptsDrop(it: ReturnType<typeof itemOf>, from: string, cell: string): boolean {
    return (
      cellAccepts(it, o.groupBy, o.subGroupBy, from, cell) &&
      // a list across projects: only a group of the item's own project (its states, labels, people…)
      (!spansProjects || (!!it && cellInOwnProject(o.groupBy, o.subGroupBy, from, cell, ownsOf(refsFor(it))))) &&
      !(it && workflowRefusal(it, o.groupBy, o.subGroupBy, from, cell, (f, t) => moveVerdict(refsFor(it), f, t)))
    );
  }
  const label = useDragLabel();
  const spec = sortableSpec({
    type: "work-item",
    model,
    label,
    canDrag: (src) => {
      const it = itemOf(src.id);
      return !!it && canEdit(it) && itemsDraggable(o.groupBy, o.subGroupBy, o.manual);
    },
    commit: (src, slot, failed) => {
      const it = itemOf(src.id);
      if (!it) return false;
      const f = parseCell(src.container ?? "");
      const t = parseCell(slot.container);
      const targetIds = o.items(slot.container);
      const patch = dropPatch({
        item: it,
        groupBy: o.groupBy,
        subGroupBy: o.subGroupBy,
        fromKey: f.key,
        toKey: t.key,
        fromSub: f.sub,
        toSub: t.sub,
        targetIds,
        index: slot.index,
        items: Object.fromEntries(targetIds.flatMap((id) => (itemOf(id) ? [[id, itemOf(id)!]] : []))),
        manual: model.ordered(slot.container),
      });
      if (!patch) return false;
      updateItem(it.id, patch, { onError: failed });
      return true;
    },
    reveal: o.reveal,
  });
  // a drop settles once the list shows it: its structure or one of its items changed
  return useDragDrop(spec, { version: itemOf, scrollEl: o.scrollEl });
}

/** Which group values a project has (its refs), for `cellInOwnProject`. */
const ownsOf =
  (r: ProjectRefs) =>
  (by: string, key: string): boolean =>
    by === "state_id"
      ? r.stateById.has(key)
      : by === "labels__id"
        ? r.labelById.has(key)
        : by === "assignees__id"
          ? r.memberById.has(key)
          : by === "cycle_id"
            ? r.cycles.some((c) => c.id === key)
            : by === "issue_module__module_id"
              ? r.modules.some((m) => m.id === key)
              : true;

/**
 * While a work item is dragged in the enclosing scope: why the project's workflow refuses dropping it into `cell`
 * (null when it may land there, or nothing is dragged), for the cell to show before the drop.
 */
export function useDropRefusal(cell: string, groupBy: string | null, subGroupBy: string | null): string | null {
  const { itemOf, refsFor } = useList();
  return useDragSelector<string | null, Slot>((s) => {
    const item = s && !s.settling ? itemOf(s.src.id) : undefined;
    // the item's own project's workflow (a teamspace's list holds items of several)
    const refs = item ? refsFor(item) : null;
    if (!item || !refs?.workflow) return null;
    return workflowRefusal(item, groupBy, subGroupBy, s!.src.container ?? "", cell, (f, t) => moveVerdict(refs, f, t));
  });
}

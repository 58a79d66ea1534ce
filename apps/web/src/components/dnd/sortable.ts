/**
 * The drag spec of a sortable scope (kanban cells, list groups, state groups, a sidebar list…): positions
 * are slots of a `SlotModel`, items are drop targets before/after themselves, containers are drop zones.
 * The scope only says what its containers hold, which accept the item, and how to apply a drop.
 */
import { extractClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge";
import type { DragController, DragSource, DragSpec, TargetData } from "./controller.ts";
import {
  lineEdge,
  originSlot,
  pointerSlot,
  sameSlot,
  slotSentence,
  stepSlot,
  type Slot,
  type SlotModel,
} from "./slots.ts";
import { useDragController, useDragSelector } from "./scope.tsx";

export interface SortableOptions {
  type: string;
  model: SlotModel;
  label(id: string): string;
  canDrag(src: DragSource): boolean;
  /** Apply a drop of `src` (from `src.container`) at `slot`; false when it changes nothing; `failed` when the server refuses it. */
  commit(src: DragSource, slot: Slot, failed: () => void): boolean;
  reveal?(slot: Slot, src: DragSource): void;
}

const from = (src: DragSource) => src.container ?? "";

export interface SortableSpec extends DragSpec<Slot> {
  model: SlotModel;
}

export function sortableSpec(o: SortableOptions): SortableSpec {
  const { model } = o;
  return {
    model,
    type: o.type,
    label: (src) => o.label(src.id),
    canDrag: o.canDrag,
    origin: (src) =>
      model.columns.some((col) => col.includes(from(src))) ? originSlot(model, from(src), src.id) : null,
    step: (at, dir, src) => stepSlot(model, at, dir, src.id, from(src)),
    fromPointer: (targets, src) => {
      for (const t of targets) {
        if (typeof t.container !== "string") continue;
        return pointerSlot(
          model,
          {
            container: t.container,
            id: typeof t.id === "string" ? t.id : undefined,
            edge: extractClosestEdge(t as TargetData),
            at: t.at === "start" ? "start" : "end",
          },
          src.id,
          from(src),
        );
      }
      return null;
    },
    same: (a, b) => sameSlot(model, a, b),
    say: (phase, at, src) => slotSentence(model, phase, at, src.id, o.label(src.id)),
    commit: o.commit,
    reveal: o.reveal,
  };
}

const modelOf = (ctl: DragController<Slot> | null): SlotModel | null =>
  (ctl?.spec() as Partial<SortableSpec> | undefined)?.model ?? null;

/** Where the drop line shows on item `id` of `container` of the enclosing sortable scope (none while the item would stay put). */
export function useSlotLine(container: string, id: string): "top" | "bottom" | null {
  const ctl = useDragController<Slot>();
  return useDragSelector<"top" | "bottom" | null, Slot>((s) => {
    const model = modelOf(ctl);
    if (!model || !s?.target || sameSlot(model, s.target, s.origin)) return null;
    return lineEdge(model, s.target, s.src.id, container, id);
  });
}

/** The container the dragged item would land in (to highlight it), when that is not where it already is. */
export function useSlotTarget(container: string): boolean {
  const ctl = useDragController<Slot>();
  return useDragSelector<boolean, Slot>((s) => {
    const model = modelOf(ctl);
    return !!model && !!s?.target && s.target.container === container && !sameSlot(model, s.target, s.origin);
  });
}

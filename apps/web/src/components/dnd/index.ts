export { announce, DND_INSTRUCTIONS, DND_INSTRUCTIONS_ID } from "./announce.ts";
export { useDragDrop, sameSource, type DragController, type DragSource, type DragSpec, type DragState, type Phase, type TargetData } from "./controller.ts";
export { DragHandle, DragScope, DropLine, draggingClass, useAutoScrollAround, useDragController, useDragItem, useDragSelector, useDropZone, type DragItem, type DragItemOptions } from "./scope.tsx";
export { gridStep, lineEdge, originSlot, others, pointerSlot, sameSlot, slotNumbers, slotSentence, stepSlot, type Dir, type Slot, type SlotModel } from "./slots.ts";
export { sortableSpec, useSlotLine, useSlotTarget, type SortableOptions, type SortableSpec } from "./sortable.ts";
export { DropList } from "./DropList.tsx";

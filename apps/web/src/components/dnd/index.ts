export { useDragDrop, type DragController, type DragSource, type DragSpec, type Phase } from "./controller.ts";
export {
  DragHandle,
  DragScope,
  DropLine,
  draggingClass,
  useAutoScrollAround,
  useDragController,
  useDragItem,
  useDragSelector,
  useDropZone,
} from "./scope.tsx";
export { gridStep, lineEdge, sameSlot, type Dir, type Slot, type SlotModel } from "./slots.ts";
export { sortableSpec, useSlotLine, useSlotTarget, type SortableSpec } from "./sortable.ts";
export { DropList } from "./DropList.tsx";

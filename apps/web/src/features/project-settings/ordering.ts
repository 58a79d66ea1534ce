import { STATE_GROUPS, stateSequenceAt } from "@stride/shared";
import type { Label, State } from "../../api/types.ts";
import {
  treeDescendants,
  treeDropPatch,
  treeLine,
  treeOrigin,
  treePlace,
  treePointerSlot,
  treeReparentSortOrder,
  treeStep,
  type TreeSlot,
} from "../../lib/tree-order.ts";

export { flattenTree, labelTree, type LabelNode } from "../../lib/label-tree.ts";

/** States in the fixed group order (backlog → cancelled), each group by sequence; triage is hidden. */
export function groupStates(states: readonly State[]): { group: (typeof STATE_GROUPS)[number]; states: State[] }[] {
  return STATE_GROUPS.map((group) => ({
    group,
    states: states.filter((s) => s.group === group).sort((a, b) => a.sequence - b.sequence),
  }));
}

/**
 * New sequence of a state dropped at `index` among the OTHER states of its group (drag and drop): to the
 * top or bottom of the group with the 65535 offset, else the midpoint of the new neighbours.
 */
export function stateDropSequence(group: readonly State[], dragged: string, index: number): number {
  return stateSequenceAt(
    group.filter((s) => s.id !== dragged).map((s) => s.sequence),
    index,
  );
}

/** Ids of a label and all its descendants (they cannot become its parent). */
export const descendantIds = (labels: readonly Label[], id: string): Set<string> => treeDescendants(labels, id);

/** New sort_order when a label moves under another parent: placed last among its new siblings. */
export const labelReparentSortOrder = (newSiblings: readonly Label[]): number => treeReparentSortOrder(newSiblings);

/* ---- label drag and drop: the tree moves of lib/tree-order.ts ---- */

export type LabelSlot = TreeSlot;
export {
  treeOrigin as labelOrigin,
  treeStep as labelStep,
  treePointerSlot as labelPointerSlot,
  treeDropPatch as labelDropPatch,
  treeLine as labelLine,
  treePlace as labelPlace,
};

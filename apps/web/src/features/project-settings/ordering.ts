import { STATE_GROUPS, labelMoveSortOrder, labelSortOrderAt, stateSequenceAt } from "@stride/shared";
import type { Label, State } from "../../api/types.ts";
import type { LabelNode } from "../../lib/label-tree.ts";

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
  return stateSequenceAt(group.filter((s) => s.id !== dragged).map((s) => s.sequence), index);
}

/** Ids of a label and all its descendants (they cannot become its parent). */
export function descendantIds(labels: readonly Label[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const l of labels) if (l.parent && out.has(l.parent) && !out.has(l.id)) { out.add(l.id); grew = true; }
  }
  return out;
}

/** New sort_order when a label moves under another parent: placed last among its new siblings. */
export function labelReparentSortOrder(newSiblings: readonly Label[]): number {
  const last = newSiblings.reduce<number | null>((m, l) => (m === null || l.sort_order > m ? l.sort_order : m), null);
  return labelMoveSortOrder({ parentChanged: true, hasTarget: true, prev: last }) ?? 65535;
}

/* ---- label drag and drop: a place is a parent (null = top level) and an index among its other children ---- */

export interface LabelSlot {
  parent: string | null;
  index: number;
}

/** The parent a tree node is shown under (labels whose parent is unknown are roots). */
const shownParent = (n: LabelNode): string | null => (n.depth === 0 ? null : n.parent ?? null);

/** Children of `parent` in display order, without the dragged label. */
export function labelSiblings(flat: readonly LabelNode[], parent: string | null, dragged: string): LabelNode[] {
  return flat.filter((n) => n.id !== dragged && shownParent(n) === parent);
}

export function labelOrigin(flat: readonly LabelNode[], id: string): LabelSlot | null {
  const n = flat.find((x) => x.id === id);
  if (!n) return null;
  const parent = shownParent(n);
  return { parent, index: flat.filter((x) => shownParent(x) === parent).findIndex((x) => x.id === id) };
}

/**
 * One arrow key: up/down among the siblings; right nests the label as the last child of the sibling above
 * its place; left takes it out of its parent, right after that parent.
 */
export function labelStep(flat: readonly LabelNode[], slot: LabelSlot, dir: "up" | "down" | "left" | "right", dragged: string): LabelSlot | null {
  const sibs = labelSiblings(flat, slot.parent, dragged);
  if (dir === "up") return slot.index > 0 ? { ...slot, index: slot.index - 1 } : null;
  if (dir === "down") return slot.index < sibs.length ? { ...slot, index: slot.index + 1 } : null;
  if (dir === "right") {
    const above = sibs[slot.index - 1];
    return above ? { parent: above.id, index: labelSiblings(flat, above.id, dragged).length } : null;
  }
  if (slot.parent === null) return null;
  const parent = flat.find((n) => n.id === slot.parent);
  if (!parent) return null;
  const grand = shownParent(parent);
  return { parent: grand, index: labelSiblings(flat, grand, dragged).findIndex((n) => n.id === parent.id) + 1 };
}

/** The place of a pointer over label `overId`: before or after it among its siblings, or inside it (last child). */
export function labelPointerSlot(flat: readonly LabelNode[], overId: string, operation: "reorder-before" | "reorder-after" | "combine", dragged: string, blocked: ReadonlySet<string>): LabelSlot | null {
  if (overId === dragged) return labelOrigin(flat, dragged);
  if (blocked.has(overId)) return null;
  const over = flat.find((n) => n.id === overId);
  if (!over) return null;
  if (operation === "combine") return { parent: over.id, index: labelSiblings(flat, over.id, dragged).length };
  const parent = shownParent(over);
  const at = labelSiblings(flat, parent, dragged).findIndex((n) => n.id === overId);
  return { parent, index: at + (operation === "reorder-after" ? 1 : 0) };
}

/** The PATCH a drop makes: the new parent when it changed, and the sort order among the new siblings (work-tracking §5). */
export function labelDropPatch(flat: readonly LabelNode[], slot: LabelSlot, dragged: string): { parent?: string | null; sort_order: number } | null {
  const origin = labelOrigin(flat, dragged);
  if (!origin || (origin.parent === slot.parent && origin.index === slot.index)) return null;
  const sort_order = labelSortOrderAt(labelSiblings(flat, slot.parent, dragged).map((n) => n.sort_order), slot.index);
  return origin.parent === slot.parent ? { sort_order } : { parent: slot.parent, sort_order };
}

/**
 * Where the drop line shows: above the sibling the label lands before, or below the last row of the
 * subtree it lands after; `depth` is the level it lands at (the line is indented to it).
 */
export function labelLine(flat: readonly LabelNode[], slot: LabelSlot, dragged: string): { id: string; edge: "top" | "bottom"; depth: number } | null {
  const moved = descendantIds(flat, dragged);
  const rows = flat.filter((n) => !moved.has(n.id));
  const parent = slot.parent === null ? null : rows.find((n) => n.id === slot.parent);
  const depth = parent ? parent.depth + 1 : 0;
  const sibs = labelSiblings(rows, slot.parent, dragged);
  if (slot.index < sibs.length) return { id: sibs[slot.index].id, edge: "top", depth };
  const last = sibs[sibs.length - 1] ?? parent;
  if (!last) return null;
  const inside = descendantIds(rows, last.id);
  const end = [...rows].reverse().find((n) => inside.has(n.id));
  return end ? { id: end.id, edge: "bottom", depth } : null;
}

/** "under Bug" / "at the top level", read to screen readers. */
export function labelPlace(flat: readonly LabelNode[], slot: LabelSlot, dragged: string): string {
  const of = labelSiblings(flat, slot.parent, dragged).length + 1;
  const where = slot.parent === null ? "at the top level" : `under ${flat.find((n) => n.id === slot.parent)?.name ?? "its parent"}`;
  return `position ${slot.index + 1} of ${of} ${where}`;
}

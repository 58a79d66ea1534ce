import { labelMoveSortOrder, labelSortOrderAt } from "@stride/shared";

/**
 * Trees of ordered items (labels, pages): each item names its parent and its place among its siblings
 * (`sort_order`, ascending). Built here, shown depth-first, and moved by drag and drop — pointer or keyboard — with
 * the work-tracking §5 sort-order rules: a place is a parent (null = the top level) and an index among its other
 * children.
 */
export interface TreeItem {
  id: string;
  parent?: string | null;
  sort_order: number;
  name: string;
}

export type TreeNode<T extends TreeItem> = T & { children: TreeNode<T>[]; depth: number };

const byOrderThenName = (a: TreeItem, b: TreeItem) => a.sort_order - b.sort_order || a.name.localeCompare(b.name);

/** Items as a tree (children under their parent; an item whose parent is not among them is a root), siblings by `compare`. */
export function buildTree<T extends TreeItem>(
  items: readonly T[],
  compare: (a: T, b: T) => number = byOrderThenName,
): TreeNode<T>[] {
  const ids = new Set(items.map((i) => i.id));
  const byParent = new Map<string | null, T[]>();
  for (const i of items) {
    const p = i.parent && ids.has(i.parent) ? i.parent : null;
    byParent.set(p, [...(byParent.get(p) ?? []), i]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): TreeNode<T>[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort(compare)
      .filter((i) => !seen.has(i.id))
      .map((i) => ({ ...i, depth, children: build(i.id, depth + 1, new Set([...seen, i.id])) }));
  return build(null, 0, new Set());
}

/** Flatten a tree depth-first (display order). */
export function flattenTree<N extends { children: readonly N[] }>(nodes: readonly N[]): N[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** Ids of an item and all its descendants (they cannot become its parent). */
export function treeDescendants(items: readonly Pick<TreeItem, "id" | "parent">[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const l of items)
      if (l.parent && out.has(l.parent) && !out.has(l.id)) {
        out.add(l.id);
        grew = true;
      }
  }
  return out;
}

/** New sort_order when an item moves under another parent: placed last among its new siblings. */
export function treeReparentSortOrder(newSiblings: readonly Pick<TreeItem, "sort_order">[]): number {
  const last = newSiblings.reduce<number | null>((m, l) => (m === null || l.sort_order > m ? l.sort_order : m), null);
  return labelMoveSortOrder({ parentChanged: true, hasTarget: true, prev: last }) ?? 65535;
}

/* ---- drag and drop: a place is a parent (null = top level) and an index among its other children ---- */

export interface TreeSlot {
  parent: string | null;
  index: number;
}

type Flat = TreeNode<TreeItem>;

/** The parent a tree node is shown under (items whose parent is unknown are roots). */
const shownParent = (n: Flat): string | null => (n.depth === 0 ? null : (n.parent ?? null));

/** Children of `parent` in display order, without the dragged item. */
export function treeSiblings<N extends Flat>(flat: readonly N[], parent: string | null, dragged: string): N[] {
  return flat.filter((n) => n.id !== dragged && shownParent(n) === parent);
}

export function treeOrigin(flat: readonly Flat[], id: string): TreeSlot | null {
  const n = flat.find((x) => x.id === id);
  if (!n) return null;
  const parent = shownParent(n);
  return { parent, index: flat.filter((x) => shownParent(x) === parent).findIndex((x) => x.id === id) };
}

/**
 * One arrow key: up/down among the siblings; right nests the item as the last child of the sibling above
 * its place; left takes it out of its parent, right after that parent.
 */
export function treeStep(
  flat: readonly Flat[],
  slot: TreeSlot,
  dir: "up" | "down" | "left" | "right",
  dragged: string,
): TreeSlot | null {
  const sibs = treeSiblings(flat, slot.parent, dragged);
  if (dir === "up") return slot.index > 0 ? { ...slot, index: slot.index - 1 } : null;
  if (dir === "down") return slot.index < sibs.length ? { ...slot, index: slot.index + 1 } : null;
  if (dir === "right") {
    const above = sibs[slot.index - 1];
    return above ? { parent: above.id, index: treeSiblings(flat, above.id, dragged).length } : null;
  }
  if (slot.parent === null) return null;
  const parent = flat.find((n) => n.id === slot.parent);
  if (!parent) return null;
  const grand = shownParent(parent);
  return { parent: grand, index: treeSiblings(flat, grand, dragged).findIndex((n) => n.id === parent.id) + 1 };
}

/** The place of a pointer over item `overId`: before or after it among its siblings, or inside it (last child). */
export function treePointerSlot(
  flat: readonly Flat[],
  overId: string,
  operation: "reorder-before" | "reorder-after" | "combine",
  dragged: string,
  blocked: ReadonlySet<string>,
): TreeSlot | null {
  if (overId === dragged) return treeOrigin(flat, dragged);
  if (blocked.has(overId)) return null;
  const over = flat.find((n) => n.id === overId);
  if (!over) return null;
  if (operation === "combine") return { parent: over.id, index: treeSiblings(flat, over.id, dragged).length };
  const parent = shownParent(over);
  const at = treeSiblings(flat, parent, dragged).findIndex((n) => n.id === overId);
  return { parent, index: at + (operation === "reorder-after" ? 1 : 0) };
}

/** The change a drop makes: the new parent when it changed, and the sort order among the new siblings (work-tracking §5). */
export function treeDropPatch(
  flat: readonly Flat[],
  slot: TreeSlot,
  dragged: string,
): { parent?: string | null; sort_order: number } | null {
  const origin = treeOrigin(flat, dragged);
  if (!origin || (origin.parent === slot.parent && origin.index === slot.index)) return null;
  const sort_order = labelSortOrderAt(
    treeSiblings(flat, slot.parent, dragged).map((n) => n.sort_order),
    slot.index,
  );
  return origin.parent === slot.parent ? { sort_order } : { parent: slot.parent, sort_order };
}

/**
 * Where the drop line shows: above the sibling the item lands before, or below the last row of the
 * subtree it lands after; `depth` is the level it lands at (the line is indented to it).
 */
export function treeLine(
  flat: readonly Flat[],
  slot: TreeSlot,
  dragged: string,
): { id: string; edge: "top" | "bottom"; depth: number } | null {
  const moved = treeDescendants(flat, dragged);
  const rows = flat.filter((n) => !moved.has(n.id));
  const parent = slot.parent === null ? null : rows.find((n) => n.id === slot.parent);
  const depth = parent ? parent.depth + 1 : 0;
  const sibs = treeSiblings(rows, slot.parent, dragged);
  if (slot.index < sibs.length) return { id: sibs[slot.index].id, edge: "top", depth };
  const last = sibs[sibs.length - 1] ?? parent;
  if (!last) return null;
  const inside = treeDescendants(rows, last.id);
  const end = [...rows].reverse().find((n) => inside.has(n.id));
  return end ? { id: end.id, edge: "bottom", depth } : null;
}

/** "position 2 of 3 under Bug" / "… at the top level", read to screen readers. */
export function treePlace(flat: readonly Flat[], slot: TreeSlot, dragged: string, untitled = "its parent"): string {
  const of = treeSiblings(flat, slot.parent, dragged).length + 1;
  const where =
    slot.parent === null ? "at the top level" : `under ${flat.find((n) => n.id === slot.parent)?.name || untitled}`;
  return `position ${slot.index + 1} of ${of} ${where}`;
}

/** The sentences of a tree drag (pick up, move, drop, cancel) for the item `name` at `place`. */
export function treeSentence(phase: "pickup" | "move" | "drop" | "cancel", name: string, place: string): string {
  switch (phase) {
    case "pickup":
      return `Picked up ${name}. ${place.charAt(0).toUpperCase()}${place.slice(1)}.`;
    case "move":
      return `Moved to ${place}.`;
    case "drop":
      return `Dropped ${name} at ${place}.`;
    case "cancel":
      return `Cancelled. ${name} stays at ${place}.`;
  }
}

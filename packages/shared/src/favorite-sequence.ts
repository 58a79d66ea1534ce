/**
 * Where a favourite goes among its siblings (the top level or one folder). Favourites are shown by `sequence`
 * descending, as Plane's client shows them: a higher sequence is higher up in the sidebar. The step between
 * neighbours is 10000 and the first favourite gets 65535 (platform.md §10, wire-facts §7).
 */
export const FAVORITE_SEQUENCE_STEP = 10000;
export const FAVORITE_FIRST_SEQUENCE = 65535;

export interface Sequenced {
  id: string;
  sequence: number;
}

/** Siblings in display order: highest sequence first, ties by id so the order is stable. */
export function sortFavorites<T extends Sequenced>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.sequence - a.sequence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A new favourite goes on top of its siblings: above the highest sequence (the first one gets 65535). */
export function sequenceOnTop(siblings: readonly number[]): number {
  return siblings.length === 0 ? FAVORITE_FIRST_SEQUENCE : Math.max(...siblings) + FAVORITE_SEQUENCE_STEP;
}

/** A favourite moved into a folder goes to the end of the folder: below the lowest sequence. */
export function sequenceAtEnd(siblings: readonly number[]): number {
  return siblings.length === 0 ? FAVORITE_FIRST_SEQUENCE : Math.min(...siblings) - FAVORITE_SEQUENCE_STEP;
}

/**
 * The sequence between the neighbour shown above (higher sequence) and the one shown below (lower sequence);
 * either may be absent (top or bottom of the list).
 */
export function sequenceBetween(above: number | null | undefined, below: number | null | undefined): number {
  const hasAbove = above !== null && above !== undefined;
  const hasBelow = below !== null && below !== undefined;
  if (hasAbove && hasBelow) return (above + below) / 2;
  if (hasAbove) return above - FAVORITE_SEQUENCE_STEP;
  if (hasBelow) return below + FAVORITE_SEQUENCE_STEP;
  return FAVORITE_FIRST_SEQUENCE;
}

/**
 * The sequence that puts `movingId` at `index` of `siblings` as displayed once it is there (0 = top). The moving
 * favourite may already be among the siblings (a reorder) or not (a move from another folder); it never counts
 * as its own neighbour. Returns null when it is already at that place (nothing to save).
 */
export function sequenceForIndex(siblings: readonly Sequenced[], movingId: string, index: number): number | null {
  const ordered = sortFavorites(siblings);
  const current = ordered.findIndex((s) => s.id === movingId);
  const others = ordered.filter((s) => s.id !== movingId);
  const at = Math.max(0, Math.min(index, others.length));
  if (current !== -1 && current === at) return null;
  return sequenceBetween(others[at - 1]?.sequence, others[at]?.sequence);
}

/**
 * The sequence that places `movingId` just above or just below `targetId` among `siblings` (a drop on an edge of
 * another favourite). Null when that is where it already is, or the target is not a sibling.
 */
export function sequenceNextTo(
  siblings: readonly Sequenced[],
  movingId: string,
  targetId: string,
  edge: "above" | "below",
): number | null {
  if (movingId === targetId) return null;
  const others = sortFavorites(siblings).filter((s) => s.id !== movingId);
  const t = others.findIndex((s) => s.id === targetId);
  if (t === -1) return null;
  return sequenceForIndex(siblings, movingId, edge === "above" ? t : t + 1);
}

/**
 * Sequences for `count` favourites that take one slot between the neighbour above and the one below, in their
 * display order (a deleted folder's children take the folder's place at the top level).
 */
export function sequencesInSlot(
  above: number | null | undefined,
  below: number | null | undefined,
  count: number,
): number[] {
  if (count <= 0) return [];
  const hasAbove = above !== null && above !== undefined;
  const hasBelow = below !== null && below !== undefined;
  if (hasAbove && hasBelow) {
    const gap = (above - below) / (count + 1);
    return Array.from({ length: count }, (_, i) => above - gap * (i + 1));
  }
  if (hasAbove) return Array.from({ length: count }, (_, i) => above - FAVORITE_SEQUENCE_STEP * (i + 1));
  const top = hasBelow
    ? below + FAVORITE_SEQUENCE_STEP * count
    : FAVORITE_FIRST_SEQUENCE + FAVORITE_SEQUENCE_STEP * (count - 1);
  return Array.from({ length: count }, (_, i) => top - FAVORITE_SEQUENCE_STEP * i);
}

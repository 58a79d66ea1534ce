import { SORT_STEP, DEFAULT_SORT_ORDER } from "./constants.ts";

/**
 * New sort_order when placing an item among neighbours (work-tracking.md §5):
 * before the first item → first − 10000; after the last → last + 10000; between → average.
 */
export function sortOrderBetween(prev: number | null | undefined, next: number | null | undefined): number {
  const hasPrev = prev !== null && prev !== undefined;
  const hasNext = next !== null && next !== undefined;
  if (hasPrev && hasNext) return (prev + next) / 2;
  if (hasNext) return next - SORT_STEP;
  if (hasPrev) return prev + SORT_STEP;
  return DEFAULT_SORT_ORDER;
}

/**
 * Label move (work-tracking.md §5): a no-op when the parent is unchanged and no target is given
 * (returns undefined); otherwise the midpoint between neighbours, half of the next when it is
 * first, or the previous plus 10000 when it is last.
 */
export function labelMoveSortOrder(opts: {
  parentChanged: boolean;
  prev?: number | null;
  next?: number | null;
  hasTarget: boolean;
}): number | undefined {
  if (!opts.parentChanged && !opts.hasTarget) return undefined;
  const { prev, next } = opts;
  const hasPrev = prev !== null && prev !== undefined;
  const hasNext = next !== null && next !== undefined;
  if (hasPrev && hasNext) return (prev + next) / 2;
  if (hasNext) return next / 2;
  if (hasPrev) return prev + SORT_STEP;
  return DEFAULT_SORT_ORDER;
}

/** State sequence moved to the top or the bottom uses an offset of 65535. */
export const STATE_MOVE_OFFSET = 65535;
export function stateSequenceForMove(
  where: "top" | "bottom" | "between",
  neighbours: { first?: number; last?: number; prev?: number; next?: number },
): number {
  if (where === "top") return (neighbours.first ?? STATE_MOVE_OFFSET) - STATE_MOVE_OFFSET;
  if (where === "bottom") return (neighbours.last ?? 0) + STATE_MOVE_OFFSET;
  return ((neighbours.prev ?? 0) + (neighbours.next ?? 0)) / 2;
}

/*
 * Drops (drag and drop, by pointer or keyboard): `values` are the sort orders (or sequences) of the
 * OTHER items of the target list in display order — the dragged item left out — and `index` is where the
 * dragged item is inserted among them (0 = first). Each returns the value the dragged item must take.
 */
const neighbours = (values: readonly number[], index: number) => {
  const at = Math.max(0, Math.min(Math.trunc(index), values.length));
  return { prev: at > 0 ? values[at - 1] : null, next: at < values.length ? values[at] : null };
};

/** Work items: first − 10000, last + 10000, or the average of the neighbours (65535 alone). */
export function sortOrderAt(values: readonly number[], index: number): number {
  const { prev, next } = neighbours(values, index);
  return sortOrderBetween(prev, next);
}

/**
 * Labels among their (new) siblings: the midpoint between neighbours, half of the next when first, the
 * previous + 10000 when last, 65535 alone. Half of a next that is not positive would not sort before it,
 * so such a next gets − 10000 instead.
 */
export function labelSortOrderAt(values: readonly number[], index: number): number {
  const { prev, next } = neighbours(values, index);
  if (prev === null && next !== null && next <= 0) return next - SORT_STEP;
  return labelMoveSortOrder({ parentChanged: true, hasTarget: true, prev, next }) ?? DEFAULT_SORT_ORDER;
}

/** States within their group: to the top first − 65535, to the bottom last + 65535, else the midpoint. */
export function stateSequenceAt(values: readonly number[], index: number): number {
  const { prev, next } = neighbours(values, index);
  if (prev === null && next === null) return DEFAULT_SORT_ORDER;
  if (prev === null) return stateSequenceForMove("top", { first: next! });
  if (next === null) return stateSequenceForMove("bottom", { last: prev });
  return stateSequenceForMove("between", { prev, next });
}

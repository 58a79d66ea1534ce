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

/**
 * What a kanban drop changes (work-tracking.md §5): moving to another group sets the grouped property
 * (only for the allowed group types); with manual order the item gets a sort_order between its new
 * neighbours (first − 10000, last + 10000, or their average).
 */
import { sortOrderBetween } from "@stride/shared";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { groupPatch } from "./groups.ts";
import { dragAllowed } from "./params.ts";

export interface DropInput {
  item: WorkItem;
  groupBy: string | null;
  subGroupBy: string | null;
  fromKey: string;
  toKey: string;
  fromSub: string | null;
  toSub: string | null;
  /** Ids shown in the target cell, in order. */
  targetIds: string[];
  /** Insertion index among targetIds (the dragged item itself is ignored). */
  index: number;
  items: Record<string, WorkItem>;
  /** order_by is sort_order (manual): only then can a drop reorder. */
  manual: boolean;
}

export function dropPatch(d: DropInput): Partial<WorkItem> | null {
  const movedGroup = d.fromKey !== d.toKey;
  const movedSub = d.subGroupBy !== null && d.fromSub !== d.toSub;
  if (movedGroup && !dragAllowed(d.groupBy)) return null;
  if (movedSub && !dragAllowed(d.subGroupBy)) return null;
  let patch: Record<string, unknown> = {};
  if (movedGroup) {
    const p = groupPatch(d.groupBy, d.toKey, d.item, d.fromKey);
    if (!p) return null;
    patch = { ...patch, ...p };
  }
  if (movedSub && d.toSub !== null) {
    const p = groupPatch(d.subGroupBy, d.toSub, { ...d.item, ...(patch as Partial<WorkItem>) }, d.fromSub);
    if (!p) return null;
    patch = { ...patch, ...p };
  }
  if (d.manual) {
    const others = d.targetIds.filter((id) => id !== d.item.id);
    const at = Math.max(0, Math.min(d.index, others.length));
    const prev = at > 0 ? d.items[others[at - 1]]?.sort_order : null;
    const next = at < others.length ? d.items[others[at]]?.sort_order : null;
    const sameSpot = !movedGroup && !movedSub && d.targetIds.indexOf(d.item.id) >= 0 && others[at - 1] === d.targetIds[d.targetIds.indexOf(d.item.id) - 1] && others[at] === d.targetIds[d.targetIds.indexOf(d.item.id) + 1];
    if (!sameSpot) patch.sort_order = sortOrderBetween(prev, next);
  }
  return Object.keys(patch).length ? (patch as Partial<WorkItem>) : null;
}

/** Insertion index from the pointer's y and the cards' vertical midpoints. */
export function indexFromPointer(y: number, midpoints: number[]): number {
  let i = 0;
  while (i < midpoints.length && y > midpoints[i]) i++;
  return i;
}

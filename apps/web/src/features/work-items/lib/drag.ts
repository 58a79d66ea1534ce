/**
 * What a drop of a work item changes (work-tracking.md §5), for every layout that drags items between
 * cells (kanban cells, list groups, flow states): moving to another group sets the grouped property (only
 * for the allowed group types); with manual order the item gets a sort_order between its new neighbours
 * (first − 10000, last + 10000, or their average).
 */
import { sortOrderAt, type WorkflowVerdict } from "@stride/shared";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { groupPatch } from "./groups.ts";
import { dragAllowed } from "./params.ts";
import { itemGroupKeys, NONE_KEY } from "../../../api/work-items-list-data.ts";

/** A cell of a grouped layout: a group, and a sub-group on boards with swimlanes ("key|sub"; "key|" without). */
export const cellId = (key: string, sub: string | null): string => `${key}|${sub ?? ""}`;

export function parseCell(cell: string): { key: string; sub: string | null } {
  const at = cell.indexOf("|");
  if (at < 0) return { key: cell, sub: null };
  const sub = cell.slice(at + 1);
  return { key: cell.slice(0, at), sub: sub === "" ? null : sub };
}

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
    const own = d.targetIds.indexOf(d.item.id);
    const sameSpot = !movedGroup && !movedSub && own >= 0 && at === own;
    if (!sameSpot)
      patch.sort_order = sortOrderAt(
        others.map((id) => d.items[id]?.sort_order ?? 0),
        at,
      );
  }
  return Object.keys(patch).length ? (patch as Partial<WorkItem>) : null;
}

/**
 * May an item dragged out of cell `from` land in cell `to`? Its own cell always; another group only for
 * the allowed group types, with a value the group can take (no "None" state), and not a group the item
 * already belongs to (labels, assignees, modules: it would merge two of its values into one).
 */
export function cellAccepts(
  item: WorkItem | undefined,
  groupBy: string | null,
  subGroupBy: string | null,
  from: string,
  to: string,
): boolean {
  if (from === to) return true;
  if (!item) return false;
  const f = parseCell(from);
  const t = parseCell(to);
  const check = (by: string | null, fromKey: string | null, toKey: string | null) => {
    if (fromKey === toKey) return true;
    if (!by || toKey === null || !dragAllowed(by)) return false;
    if (!groupPatch(by, toKey, item, fromKey)) return false;
    return !itemGroupKeys(item, by).includes(toKey);
  };
  return check(groupBy, f.key, t.key) && (subGroupBy ? check(subGroupBy, f.sub, t.sub) : f.sub === t.sub);
}

/**
 * Groupings whose values belong to one project (its states, labels, cycles, modules and members): in a list across
 * projects (a teamspace's) an item may only be dropped in a group of its own project (`owns` says which values its
 * project has), never in another project's.
 */
const PROJECT_BOUND = new Set(["state_id", "labels__id", "assignees__id", "cycle_id", "issue_module__module_id"]);
export function cellInOwnProject(
  groupBy: string | null,
  subGroupBy: string | null,
  from: string,
  to: string,
  owns: (groupBy: string, key: string) => boolean,
): boolean {
  const f = parseCell(from);
  const t = parseCell(to);
  const own = (by: string | null, fromKey: string | null, toKey: string | null) =>
    fromKey === toKey || !by || !PROJECT_BOUND.has(by) || toKey === null || toKey === NONE_KEY || owns(by, toKey);
  return own(groupBy, f.key, t.key) && own(subGroupBy, f.sub, t.sub);
}

/** Can items of this grouping be dragged at all (some drop would change something)? */
export function itemsDraggable(groupBy: string | null, subGroupBy: string | null, manual: boolean): boolean {
  return manual || dragAllowed(groupBy) || dragAllowed(subGroupBy);
}

/**
 * Why the project's workflow refuses a drop of `item` from cell `from` into cell `to` of a board or list grouped (or
 * sub-grouped) by state, or null: the drop would move the item to the target's state, and `verdict` (lib/workflow.ts
 * `moveVerdict`, the server's rule) says whether the caller may make that move.
 */
export function workflowRefusal(
  item: WorkItem | undefined,
  groupBy: string | null,
  subGroupBy: string | null,
  from: string,
  to: string,
  verdict: (from: string | null, to: string) => WorkflowVerdict,
): string | null {
  if (!item || from === to) return null;
  const f = parseCell(from);
  const t = parseCell(to);
  const target =
    groupBy === "state_id" && f.key !== t.key ? t.key : subGroupBy === "state_id" && f.sub !== t.sub ? t.sub : null;
  if (!target || target === "None" || target === item.state_id) return null;
  const v = verdict(item.state_id, target);
  return v.ok ? null : v.message;
}

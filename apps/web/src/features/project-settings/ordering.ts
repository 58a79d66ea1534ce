import { STATE_GROUPS, labelMoveSortOrder, stateSequenceForMove } from "@stride/shared";
import type { Label, State } from "../../api/types.ts";

/** States in the fixed group order (backlog → cancelled), each group by sequence; triage is hidden. */
export function groupStates(states: readonly State[]): { group: (typeof STATE_GROUPS)[number]; states: State[] }[] {
  return STATE_GROUPS.map((group) => ({
    group,
    states: states.filter((s) => s.group === group).sort((a, b) => a.sequence - b.sequence),
  }));
}

/**
 * New sequence for moving the state at `index` of its group one step up or down: to the top or
 * bottom of the group with the 65535 offset, else the midpoint of the new neighbours.
 * Undefined when the move is impossible.
 */
export function stateMoveSequence(group: readonly State[], index: number, dir: -1 | 1): number | undefined {
  const to = index + dir;
  if (to < 0 || to >= group.length) return undefined;
  const others = group.filter((_, i) => i !== index);
  if (to === 0) return stateSequenceForMove("top", { first: others[0].sequence });
  if (to === others.length) return stateSequenceForMove("bottom", { last: others[others.length - 1].sequence });
  return stateSequenceForMove("between", { prev: others[to - 1].sequence, next: others[to].sequence });
}

export interface LabelNode extends Label { children: LabelNode[]; depth: number }

/** Labels as a tree (children under their parent), siblings by sort_order then name. */
export function labelTree(labels: readonly Label[]): LabelNode[] {
  const ids = new Set(labels.map((l) => l.id));
  const byParent = new Map<string | null, Label[]>();
  for (const l of labels) {
    const p = l.parent && ids.has(l.parent) ? l.parent : null;
    byParent.set(p, [...(byParent.get(p) ?? []), l]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): LabelNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name))
      .filter((l) => !seen.has(l.id))
      .map((l) => ({ ...l, depth, children: build(l.id, depth + 1, new Set([...seen, l.id])) }));
  return build(null, 0, new Set());
}

/** Flatten a tree depth-first (display order). */
export function flattenTree(nodes: readonly LabelNode[]): LabelNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
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

/** New sort_order when moving a label one step among its siblings (work-tracking.md §5 rules). */
export function labelStepSortOrder(siblings: readonly Label[], index: number, dir: -1 | 1): number | undefined {
  const to = index + dir;
  if (to < 0 || to >= siblings.length) return undefined;
  const others = siblings.filter((_, i) => i !== index);
  return labelMoveSortOrder({ parentChanged: false, hasTarget: true, prev: others[to - 1]?.sort_order ?? null, next: others[to]?.sort_order ?? null });
}

/** New sort_order when a label moves under another parent: placed last among its new siblings. */
export function labelReparentSortOrder(newSiblings: readonly Label[]): number {
  const last = newSiblings.reduce<number | null>((m, l) => (m === null || l.sort_order > m ? l.sort_order : m), null);
  return labelMoveSortOrder({ parentChanged: true, hasTarget: true, prev: last }) ?? 65535;
}

import type { Label } from "../api/types.ts";

/**
 * A project's labels as a tree (work-tracking §2: a label may have a parent label). Settings, the pickers
 * (create modal, properties, list rows, bulk bar) and the filters all show labels in this one order.
 */
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

/** One row of a label picker: the label, how deep it sits, and its ancestors' names (outermost first). */
export interface LabelRow { label: LabelNode; depth: number; path: string[] }

/** The rows a label picker lists: parents first, each followed by its children (depth-first). */
export function labelRows(labels: readonly Label[]): LabelRow[] {
  const out: LabelRow[] = [];
  const walk = (nodes: readonly LabelNode[], path: string[]) => {
    for (const n of nodes) {
      out.push({ label: n, depth: n.depth, path });
      walk(n.children, [...path, n.name]);
    }
  };
  walk(labelTree(labels), []);
  return out;
}

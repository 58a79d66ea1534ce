import type { Label } from "../api/types.ts";
import { buildTree, flattenTree, type TreeNode } from "./tree-order.ts";

/**
 * A project's labels as a tree (work-tracking §2: a label may have a parent label). Settings, the pickers
 * (create modal, properties, list rows, bulk bar) and the filters all show labels in this one order.
 */
export type LabelNode = TreeNode<Label>;

/** Labels as a tree (children under their parent), siblings by sort_order then name. */
export const labelTree = (labels: readonly Label[]): LabelNode[] => buildTree(labels);

export { flattenTree };

/** One row of a label picker: the label, how deep it sits, and its ancestors' names (outermost first). */
export interface LabelRow {
  label: LabelNode;
  depth: number;
  path: string[];
}

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

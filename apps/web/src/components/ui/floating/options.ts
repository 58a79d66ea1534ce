import type { ReactNode } from "react";

/** One choice of a listbox or combobox. */
export interface ListOption {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra words the search matches. */
  keywords?: string;
  hint?: string;
  disabled?: boolean;
  /** Why the option is disabled (its tooltip and accessible description). */
  title?: string;
  /** Nesting level in a tree of options (listed parent first, then its children one level deeper). */
  depth?: number;
  /** Where a nested option sits (its ancestors' names), read to screen readers after its name. */
  path?: string;
}

/**
 * Options whose label or keywords contain the query (case-insensitive). In a tree of options (`depth`), a
 * match keeps its ancestors, so a child is still shown under its parent.
 */
export function filterOptions<T extends ListOption>(options: T[], query: string): T[] {
  const s = query.trim().toLowerCase();
  if (!s) return options;
  const keep = options.map((o) => `${o.label} ${o.keywords ?? ""}`.toLowerCase().includes(s));
  options.forEach((o, i) => {
    if (!keep[i] || !o.depth) return;
    // walk back to each shallower row: the parent, then its parent …
    let depth = o.depth;
    for (let k = i - 1; k >= 0 && depth > 0; k--) {
      const d = options[k].depth ?? 0;
      if (d < depth) {
        keep[k] = true;
        depth = d;
      }
    }
  });
  return options.filter((_, i) => keep[i]);
}

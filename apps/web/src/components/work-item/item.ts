/** How a work item is named and addressed on every screen: its title, its key (IDENT-seq) and its page. */
export const UNTITLED = "Untitled";

/** An empty work-item name is displayed as Untitled (work-tracking.md §5). */
export function itemName(name: string | null | undefined): string {
  return name && name.trim() ? name : UNTITLED;
}

/** A workspace draft has no number yet (W/draft-issues/ rows): it is named "Draft" where an item shows its key. */
export function itemKey(identifier: string | undefined, seq: number | null | undefined): string {
  return seq == null ? "Draft" : `${identifier ?? ""}-${seq}`;
}

export function itemUrl(slug: string, identifier: string | undefined, seq: number): string {
  return `/${slug}/browse/${itemKey(identifier, seq)}/`;
}

/** How a work item is named and addressed on every screen: its title, its key (IDENT-seq) and its page. */
export const UNTITLED = "Untitled";

/** An empty work-item name is displayed as Untitled (work-tracking.md §5). */
export function itemName(name: string | null | undefined): string {
  return name && name.trim() ? name : UNTITLED;
}

/**
 * `IDENT-12`; a workspace draft has no number yet (W/draft-issues/ rows): it is named "Draft" where an item shows its
 * key; an item created offline and not on the server yet has a temporary negative number (its place in the local
 * outbox): `IDENT-~3` until the server gives its own (short: it fits the key column).
 */
export function itemKey(identifier: string | undefined, seq: number | null | undefined): string {
  if (seq == null) return "Draft";
  return seq < 0 ? `${identifier ?? ""}-~${-seq}` : `${identifier ?? ""}-${seq}`;
}

/** Created offline, waiting in the local outbox for the server (see itemKey). */
export const isPendingItem = (item: { sequence_id: number }) => item.sequence_id < 0;

export function itemUrl(slug: string, identifier: string | undefined, seq: number): string {
  return `/${slug}/browse/${itemKey(identifier, seq)}/`;
}

/** An item's page: by its key, or (created offline: no number the server knows yet) by its temporary id. */
export function itemPageUrl(
  slug: string,
  identifier: string | undefined,
  item: { id: string; project_id: string; sequence_id: number },
): string {
  return isPendingItem(item)
    ? `/${slug}/projects/${item.project_id}/issues/${item.id}/`
    : itemUrl(slug, identifier, item.sequence_id);
}

/** Why what needs the server (a link, archive, delete, subscribing, an agent run…) waits on an item created offline. */
export const PENDING_HINT = "Created offline: available once it has been sent to the server";

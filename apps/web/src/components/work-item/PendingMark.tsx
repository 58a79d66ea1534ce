import { isPendingItem } from "./item.ts";

/** Beside the key of an item created offline: it waits in the local outbox until the server can be reached. */
export function PendingMark({ item }: { item: { sequence_id: number } }) {
  if (!isPendingItem(item)) return null;
  return (
    <span
      data-pending
      title="Created offline: sent when the server can be reached"
      className="shrink-0 rounded border border-dashed border-line-raised px-1 text-[11px] text-fg-subtle"
    >
      Pending
    </span>
  );
}

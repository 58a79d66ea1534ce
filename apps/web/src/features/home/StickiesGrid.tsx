import { Plus } from "lucide-react";
import { EMPTY_HTML } from "@stride/shared";
import { useCreateSticky, useUpdateSticky, type Sticky } from "../../api/home.ts";
import { Button } from "../../components/ui/index.ts";
import { SortableItem, SortableOrder } from "./sortable.tsx";
import { StickyCard, stickyTitle } from "./StickyCard.tsx";

/** "Add sticky": a new sticky goes first and becomes the active one (its editor takes the focus). */
export function AddStickyButton({ slug, onCreated }: { slug: string; onCreated: (id: string) => void }) {
  const create = useCreateSticky(slug);
  return (
    <Button
      variant="secondary"
      disabled={create.isPending}
      onClick={() => create.mutate({ description_html: EMPTY_HTML }, { onSuccess: (s) => onCreated(s.id) })}
    >
      <Plus size={14} aria-hidden focusable="false" /> Add sticky
    </Button>
  );
}

/** Stickies in their order, as a grid: reorderable by drag or keyboard ("Move sticky …") in every direction. */
export function StickiesGrid({
  slug,
  stickies,
  active,
  empty,
}: {
  slug: string;
  stickies: Sticky[];
  active?: string | null;
  empty?: string;
}) {
  const update = useUpdateSticky(slug);
  if (!stickies.length)
    return (
      <p className="rounded-md border border-dashed border-line-strong p-6 text-sm text-fg-subtle">
        {empty ?? "No stickies yet."}
      </p>
    );
  return (
    <SortableOrder
      type="sticky"
      name="Stickies"
      items={stickies}
      label={(s) => `sticky ${stickyTitle(s)}`}
      onMove={(s, sort_order, failed) => update.mutate({ id: s.id, sort_order }, { onError: failed })}
      layout="grid"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      {stickies.map((s) => (
        <SortableItem
          key={s.id}
          type="sticky"
          layout="grid"
          id={s.id}
          label={`sticky ${stickyTitle(s)}`}
          data-sticky-item={s.id}
        >
          <StickyCard slug={slug} sticky={s} active={s.id === active} />
        </SortableItem>
      ))}
    </SortableOrder>
  );
}

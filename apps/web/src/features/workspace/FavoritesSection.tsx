import { useState } from "react";
import { FolderPlus } from "lucide-react";
import { sequenceForIndex, sortFavorites } from "@stride/shared";
import { useFavorites, useUpdateFavorite, type UserFavorite } from "../../api/favorites.ts";
import { DragScope, DropList, sortableSpec, useDragDrop, type Slot } from "../../components/dnd/index.ts";
import { useToast } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { errorText, FavoriteRow, nameOf, ROOT } from "./FavoriteRows.tsx";
import { FolderRow, NewFolderForm } from "./FavoriteFolders.tsx";

/**
 * The sidebar's Favourites: the caller's favourites and folders (highest sequence first), dragged to reorder and
 * into or out of folders (pointer or keyboard), folders created, renamed and deleted here. Every change shows at
 * once and is rolled back if the server refuses it.
 */
export function FavoritesSection({ slug }: { slug: string }) {
  const allowed = useCan("view", "favorite");
  const favs = useFavorites(slug, allowed);
  const update = useUpdateFavorite(slug);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});

  const list = favs.data ?? [];
  const { drag, top, childrenOf } = useFavoritesDrag(list, setCollapsed, (move, failed) =>
    update.mutate(move, {
      onError: (err) => {
        failed();
        toast.show("error", "Could not move the favorite", errorText(err));
      },
    }),
  );

  if (!allowed) return null;
  return (
    <section aria-labelledby="favorites-heading" className="mt-5">
      <div className="flex items-center justify-between px-2">
        <h2 id="favorites-heading" className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">
          Favorites
        </h2>
        <button
          type="button"
          aria-label="New favorites folder"
          onClick={() => setCreating(true)}
          className="rounded p-0.5 text-fg-subtle hover:bg-fill-selected hover:text-fg-secondary"
        >
          <FolderPlus size={14} aria-hidden focusable="false" />
        </button>
      </div>
      {creating && <NewFolderForm slug={slug} onDone={() => setCreating(false)} />}
      <DragScope controller={drag}>
        <DropList container={ROOT} label="Favorites" className="mt-1 space-y-0.5">
          {top.map((f) =>
            f.is_folder ? (
              <FolderRow
                key={f.id}
                slug={slug}
                folder={f}
                open={!collapsed[f.id]}
                onToggle={() => setCollapsed((c) => ({ ...c, [f.id]: !c[f.id] }))}
              >
                {childrenOf(f.id).map((child) => (
                  <FavoriteRow key={child.id} slug={slug} fav={child} container={f.id} />
                ))}
              </FolderRow>
            ) : (
              <FavoriteRow key={f.id} slug={slug} fav={f} container={ROOT} />
            ),
          )}
        </DropList>
      </DragScope>
      {favs.isSuccess && list.length === 0 && (
        <p className="px-2 py-1 text-xs text-fg-subtle">Star a project to pin it here.</p>
      )}
    </section>
  );
}

/**
 * Favourites dragged (pointer or keyboard) to reorder and into or out of folders (one level deep): `move` sends the
 * change and calls `failed` when the server refuses it; a folder dropped into opens.
 */
function useFavoritesDrag(
  list: UserFavorite[],
  setCollapsed: (f: (c: Record<string, boolean>) => Record<string, boolean>) => void,
  move: (change: { id: string; parent?: string | null; sequence?: number }, failed: () => void) => void,
) {
  const top = sortFavorites(list.filter((f) => !f.parent));
  const folders = top.filter((f) => f.is_folder);
  const childrenOf = (id: string) => sortFavorites(list.filter((f) => f.parent === id));
  const byId = (id: string) => list.find((f) => f.id === id);

  const spec = sortableSpec({
    type: "favorite",
    model: {
      columns: [[ROOT, ...folders.map((f) => f.id)]],
      items: (c) => (c === ROOT ? top : childrenOf(c)).map((f) => f.id),
      // folders hold favourites one level deep
      accepts: (c, dragged) => c === ROOT || !byId(dragged)?.is_folder,
      ordered: () => true,
      name: (c) => (c === ROOT ? "Favorites" : `folder ${nameOf(byId(c)!)}`),
    },
    label: (id) => {
      const f = byId(id);
      return f ? nameOf(f) : "Favorite";
    },
    canDrag: (src) => !src.id.startsWith("pending-"),
    commit: (src, slot: Slot, failed) => {
      const fav = byId(src.id);
      if (!fav) return false;
      const parent = slot.container === ROOT ? null : slot.container;
      const sequence = sequenceForIndex(parent ? childrenOf(parent) : top, src.id, slot.index);
      const moved = fav.parent !== parent;
      if (sequence === null && !moved) return false;
      if (parent) setCollapsed((c) => ({ ...c, [parent]: false }));
      move({ id: src.id, ...(moved ? { parent } : {}), ...(sequence !== null ? { sequence } : {}) }, failed);
      return true;
    },
  });
  const drag = useDragDrop(spec, { version: list });
  return { drag, top, childrenOf };
}

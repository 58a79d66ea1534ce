import { useState, type FormEvent, type ReactNode } from "react";
import { attachClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge";
import type { Input as DragInput } from "@atlaskit/pragmatic-drag-and-drop/types";
import { NavLink } from "react-router";
import {
  ChevronDown,
  ChevronRight,
  CircleDot,
  Boxes,
  FileText,
  Folder,
  FolderPlus,
  Layers,
  MoreHorizontal,
  RefreshCcw,
  type LucideIcon,
} from "lucide-react";
import { sequenceForIndex, sortFavorites } from "@stride/shared";
import { ApiError } from "../../api/client.ts";
import {
  useCreateFavoriteFolder,
  useDeleteFavorite,
  useFavorites,
  useUpdateFavorite,
  type UserFavorite,
} from "../../api/favorites.ts";
import type { LogoProps } from "../../api/types.ts";
import {
  DragHandle,
  DragScope,
  DropLine,
  DropList,
  draggingClass,
  sortableSpec,
  useDragDrop,
  useDragItem,
  useSlotLine,
  useSlotTarget,
  type Slot,
} from "../../components/dnd/index.ts";
import { ConfirmModal, Menu, cx, useToast, type MenuItem } from "../../components/ui/index.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { useCan } from "../../lib/permissions.ts";

const ROOT = "root";

const TYPE_ICON: Record<string, LucideIcon> = {
  cycle: RefreshCcw,
  module: Boxes,
  view: Layers,
  page: FileText,
  issue: CircleDot,
};

/** Where a favourite opens. */
function hrefOf(slug: string, f: UserFavorite): string {
  const id = f.entity_identifier ?? "";
  const pid = f.project_id ?? f.entity_data?.project_id ?? "";
  const project = `/${slug}/projects/${pid}`;
  switch (f.entity_type) {
    case "project":
      return `/${slug}/projects/${id}/issues/`;
    case "cycle":
      return `${project}/cycles/${id}/`;
    case "module":
      return `${project}/modules/${id}/`;
    case "view":
      return pid ? `${project}/views/${id}/` : `/${slug}/workspace-views/${id}/`;
    case "page":
      return `${project}/pages/${id}/`;
    default:
      return `${project}/issues/${id}/`;
  }
}

const nameOf = (f: UserFavorite) => (f.is_folder ? (f.name ?? "Folder") : (f.entity_data?.name ?? "Untitled"));

const errorText = (err: unknown) => {
  if (err instanceof ApiError && err.body && typeof err.body === "object") {
    const first = Object.values(err.body as Record<string, unknown>)[0];
    return Array.isArray(first) ? String(first[0]) : typeof first === "string" ? first : err.message;
  }
  return err instanceof Error ? err.message : "Something went wrong";
};

const rowClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1.5 text-sm",
    isActive ? "bg-fill-selected font-medium text-fg" : "text-fg-muted hover:bg-fill-hover",
  );

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
      update.mutate(
        { id: src.id, ...(moved ? { parent } : {}), ...(sequence !== null ? { sequence } : {}) },
        {
          onError: (err) => {
            failed();
            toast.show("error", "Could not move the favorite", errorText(err));
          },
        },
      );
      return true;
    },
  });
  const drag = useDragDrop(spec, { version: favs.data });

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

function EntityIcon({ fav }: { fav: UserFavorite }) {
  if (fav.entity_type === "project") {
    return (
      <ProjectLogo
        project={{ name: nameOf(fav), logo_props: (fav.entity_data?.logo_props ?? null) as LogoProps | null }}
      />
    );
  }
  const I = TYPE_ICON[fav.entity_type] ?? Layers;
  return <I size={14} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />;
}

/** A row's "…" menu, shown on hover or focus. */
function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <Menu
      ariaLabel={label}
      align="right"
      buttonClassName="rounded p-0.5 text-fg-subtle opacity-0 hover:bg-fill-selected focus:opacity-100 group-hover:opacity-100"
      label={<MoreHorizontal size={14} aria-hidden focusable="false" />}
      items={items}
    />
  );
}

function FavoriteRow({ slug, fav, container }: { slug: string; fav: UserFavorite; container: string }) {
  const drag = useDragItem<HTMLLIElement>({ id: fav.id, container }, { drop: "vertical" });
  const line = useSlotLine(container, fav.id);
  const remove = useDeleteFavorite(slug);
  const name = nameOf(fav);
  return (
    <li
      ref={drag.ref}
      className={cx("group relative flex items-center gap-0.5", draggingClass(drag))}
      data-favorite={name}
    >
      <DropLine edge={line} inset />
      <DragHandle
        drag={drag}
        label={`favorite ${name}`}
        className="opacity-0 focus:opacity-100 group-hover:opacity-100"
      />
      {/* the row drags, not the link (a link would start the browser's own link drag) */}
      <NavLink to={hrefOf(slug, fav)} className={rowClass} draggable={false}>
        <EntityIcon fav={fav} />
        <span className="truncate">{name}</span>
      </NavLink>
      <RowMenu
        label={`Actions for favorite ${name}`}
        items={[{ label: "Remove from favorites", onSelect: () => remove.mutate(fav.id) }]}
      />
    </li>
  );
}

function FolderRow({
  slug,
  folder,
  open,
  onToggle,
  children,
}: {
  slug: string;
  folder: UserFavorite;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const into = ({ input, element }: { input: DragInput; element: Element }) => {
    const r = element.getBoundingClientRect();
    const y = (input.clientY - r.top) / Math.max(r.height, 1);
    // the middle of a folder's row drops into the folder; its edges place the dragged favourite beside it
    if (y > 0.25 && y < 0.75) return { container: folder.id, id: null, at: "end" };
    return attachClosestEdge({ container: ROOT, id: folder.id }, { input, element, allowedEdges: ["top", "bottom"] });
  };
  const drag = useDragItem<HTMLDivElement>({ id: folder.id, container: ROOT }, { drop: into });
  const line = useSlotLine(ROOT, folder.id);
  const target = useSlotTarget(folder.id);
  const update = useUpdateFavorite(slug);
  const remove = useDeleteFavorite(slug);
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const name = nameOf(folder);
  const rename = (value: string, done: () => void, fail: (msg: string) => void) =>
    update.mutate(
      { id: folder.id, name: value },
      {
        onSuccess: done,
        onError: (err) => {
          fail(errorText(err));
          toast.show("error", "Could not rename the folder", errorText(err));
        },
      },
    );
  return (
    <li className="relative" data-favorite-folder={name}>
      <div
        ref={drag.ref}
        className={cx(
          "group relative flex items-center gap-0.5 rounded-md",
          draggingClass(drag),
          target && "bg-accent-soft",
        )}
      >
        <DropLine edge={line} inset />
        <DragHandle
          drag={drag}
          label={`folder ${name}`}
          className="opacity-0 focus:opacity-100 group-hover:opacity-100"
        />
        {renaming ? (
          <FolderNameForm
            initial={name}
            label="Folder name"
            onCancel={() => setRenaming(false)}
            onSubmit={(v, done, fail) =>
              rename(
                v,
                () => {
                  setRenaming(false);
                  done();
                },
                fail,
              )
            }
          />
        ) : (
          <button type="button" aria-expanded={open} onClick={onToggle} className={rowClass({ isActive: false })}>
            {open ? (
              <ChevronDown size={14} aria-hidden focusable="false" />
            ) : (
              <ChevronRight size={14} aria-hidden focusable="false" />
            )}
            <Folder size={14} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />
            <span className="truncate">{name}</span>
          </button>
        )}
        <RowMenu
          label={`Actions for folder ${name}`}
          items={[
            { label: "Rename", onSelect: () => setRenaming(true) },
            { label: "Delete folder", onSelect: () => setConfirm(true) },
          ]}
        />
      </div>
      {open && (
        <DropList container={folder.id} label={`Folder ${name}`} className="ml-4 space-y-0.5 border-l border-line pl-1">
          {children}
        </DropList>
      )}
      <ConfirmModal
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          remove.mutate(folder.id);
          setConfirm(false);
        }}
        title={`Delete folder ${name}?`}
        message="The favorites in it move to the top level; nothing is unfavorited."
        confirmLabel="Delete folder"
      />
    </li>
  );
}

function NewFolderForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const create = useCreateFavoriteFolder(slug);
  return (
    <div className="px-1 pt-1">
      <FolderNameForm
        initial=""
        label="New folder name"
        onCancel={onDone}
        onSubmit={(name, done, fail) =>
          create.mutate(name, {
            onSuccess: () => {
              done();
              onDone();
            },
            onError: (err) => fail(errorText(err)),
          })
        }
      />
    </div>
  );
}

/** An inline name field: Enter saves, Escape cancels; the server's refusal shows under it. */
function FolderNameForm({
  initial,
  label,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  onSubmit: (name: string, done: () => void, fail: (msg: string) => void) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = value.trim();
    if (!name) return setError("Enter a name.");
    if (name === initial) return onCancel();
    onSubmit(name, () => setError(null), setError);
  };
  return (
    <form onSubmit={submit} className="min-w-0 flex-1" aria-label={label}>
      <input
        autoFocus
        aria-label={label}
        aria-invalid={!!error}
        value={value}
        maxLength={255}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          }
        }}
        className="w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm"
      />
      {error && (
        <p role="alert" className="px-1 pt-0.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}

import { useState, type ReactNode } from "react";
import { attachClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge";
import type { Input as DragInput } from "@atlaskit/pragmatic-drag-and-drop/types";
import { ChevronDown, ChevronRight, Folder } from "lucide-react";
import {
  useCreateFavoriteFolder,
  useDeleteFavorite,
  useUpdateFavorite,
  type UserFavorite,
} from "../../api/favorites.ts";
import {
  DragHandle,
  DropLine,
  DropList,
  draggingClass,
  useDragItem,
  useSlotLine,
  useSlotTarget,
} from "../../components/dnd/index.ts";
import { ConfirmModal, cx, useToast } from "../../components/ui/index.ts";
import { useDialogForm, type FormCheck } from "../../lib/settings-form.ts";
import { errorText, nameOf, ROOT, RowMenu, rowClass } from "./FavoriteRows.tsx";
import { checkNewFolder, checkRename } from "./favorite-forms.ts";

/** A folder: its row (open or close, rename, delete) and, when open, its favourites. */
export function FolderRow({
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
  const drag = useFolderDrag(folder.id);
  const line = useSlotLine(ROOT, folder.id);
  const target = useSlotTarget(folder.id);
  const rename = useRenameFolder(slug, folder.id);
  const remove = useDeleteFavorite(slug);
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const name = nameOf(folder);
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
            check={checkRename}
            onCancel={() => setRenaming(false)}
            save={(v, onError) => rename(v, () => setRenaming(false), onError)}
          />
        ) : (
          <FolderToggle name={name} open={open} onToggle={onToggle} />
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
        {...deleteWords(name)}
      />
    </li>
  );
}

/** Rename a folder: `done` once saved; a refusal goes to `fail` (under the field) and shows as a toast. */
function useRenameFolder(slug: string, id: string) {
  const update = useUpdateFavorite(slug);
  const toast = useToast();
  return (value: string, done: () => void, fail: (err: unknown) => void) =>
    update.mutate(
      { id, name: value },
      {
        onSuccess: done,
        onError: (err) => {
          fail(err);
          toast.show("error", "Could not rename the folder", errorText(err));
        },
      },
    );
}

/** What deleting a folder asks. */
const deleteWords = (name: string) => ({
  title: `Delete folder ${name}?`,
  message: "The favorites in it move to the top level; nothing is unfavorited.",
  confirmLabel: "Delete folder",
});

/** A folder's drag handle and drop target: its middle drops into the folder, its edges place beside it. */
function useFolderDrag(id: string) {
  const into = ({ input, element }: { input: DragInput; element: Element }) => {
    const r = element.getBoundingClientRect();
    const y = (input.clientY - r.top) / Math.max(r.height, 1);
    // the middle of a folder's row drops into the folder; its edges place the dragged favourite beside it
    if (y > 0.25 && y < 0.75) return { container: id, id: null, at: "end" };
    return attachClosestEdge({ container: ROOT, id }, { input, element, allowedEdges: ["top", "bottom"] });
  };
  return useDragItem<HTMLDivElement>({ id, container: ROOT }, { drop: into });
}

/** The folder's name, opening or closing it. */
function FolderToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" aria-expanded={open} onClick={onToggle} className={rowClass({ isActive: false })}>
      {open ? (
        <ChevronDown size={14} aria-hidden focusable="false" />
      ) : (
        <ChevronRight size={14} aria-hidden focusable="false" />
      )}
      <Folder size={14} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />
      <span className="truncate">{name}</span>
    </button>
  );
}

/** A new folder's name field, under the heading. */
export function NewFolderForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const create = useCreateFavoriteFolder(slug);
  return (
    <div className="px-1 pt-1">
      <FolderNameForm
        initial=""
        label="New folder name"
        check={checkNewFolder}
        onCancel={onDone}
        save={(name, onError) => create.mutate(name, { onSuccess: onDone, onError })}
      />
    </div>
  );
}

/** An inline name field: Enter saves, Escape cancels; its own check and the server's refusal show under it. */
function FolderNameForm({
  initial,
  label,
  check,
  save,
  onCancel,
}: {
  initial: string;
  label: string;
  check: FormCheck<{ name: string }>;
  save: (name: string, onError: (err: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { form, error, formError, onSubmit } = useDialogForm({ name: initial }, check, errorText);
  const submit = onSubmit((v, onError) => {
    const name = v.name.trim();
    if (name === initial) return onCancel();
    save(name, onError);
  });
  const message = error("name") ?? error("non_field_errors") ?? formError;
  return (
    <form onSubmit={(e) => void submit(e)} className="min-w-0 flex-1" aria-label={label}>
      <input
        autoFocus
        aria-label={label}
        aria-invalid={!!message}
        maxLength={255}
        {...form.register("name")}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          }
        }}
        className="w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm"
      />
      {message && (
        <p role="alert" className="px-1 pt-0.5 text-xs text-red-600">
          {message}
        </p>
      )}
    </form>
  );
}

import { useState, type ReactNode } from "react";
import { Ellipsis } from "lucide-react";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Banner, Button, ConfirmModal, EmptyState, Menu, PageSpinner } from "../ui/index.ts";

/** One row of a settings list: its icon, main line and the smaller line below it. */
export interface SettingsRow {
  icon: ReactNode;
  title: ReactNode;
  detail?: ReactNode;
}

/** What a settings list is given. */
type SettingsListProps<T> = {
  title: string;
  description: ReactNode;
  /** The query the items come from: a spinner while loading, its error (or `loadError`) when it fails. */
  query: { isLoading: boolean; isError: boolean; error: unknown };
  loadError: string;
  items: T[];
  /** The list's accessible name. */
  listLabel: string;
  /** Add button and edit menus shown (the role allows changes). */
  canEdit: boolean;
  addLabel: string;
  /** Buttons before the add button. */
  actions?: ReactNode;
  empty: { title: string; description: string };
  row: (item: T) => SettingsRow;
  /** The row's menu's accessible name (`Actions for …`). */
  menuLabel: (item: T) => string;
  /** The add form (`item` undefined) or an item's edit form; `onDone` closes it. */
  form: (item: T | undefined, onDone: () => void) => ReactNode;
  confirmDelete: { title: string; message: (item: T) => string };
  /** Delete the item; call `settled` when the request has ended (the confirmation closes). */
  onDelete: (item: T, settled: () => void) => void;
  deleting: boolean;
  /** What the page shows below the list (its own dialogs). */
  children?: ReactNode;
};

/**
 * The frame of a settings page that lists things and edits them in place (project settings → agents, repositories,
 * MCP servers): the heading with its description and buttons, the add form above the list, each row with an
 * "Edit / Delete" menu for those who may edit, the row's form in place of the row while it is edited, an empty
 * state, and the delete confirmation. The page brings the data, the row's look and the form.
 */
export function SettingsList<T extends { id: string }>(props: SettingsListProps<T>) {
  const { query, items, canEdit } = props;
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  if (query.isLoading) return <PageSpinner />;
  if (query.isError)
    return (
      <Banner>{(query.error instanceof ApiError ? errorMessage(query.error.body) : null) ?? props.loadError}</Banner>
    );
  const done = () => setEditing(null);
  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{props.title}</h2>
          <p className="mt-1 text-sm text-fg-subtle">{props.description}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          {props.actions}
          {canEdit && <Button onClick={() => setEditing("new")}>{props.addLabel}</Button>}
        </div>
      </div>
      {editing === "new" && props.form(undefined, done)}
      {items.length === 0 && editing !== "new" ? (
        <EmptyState title={props.empty.title} description={props.empty.description} />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label={props.listLabel}>
          {items.map((item) => {
            if (editing !== "new" && editing?.id === item.id)
              return (
                <li key={item.id} className="p-4">
                  {props.form(item, done)}
                </li>
              );
            const r = props.row(item);
            return (
              <li key={item.id} className="flex items-center gap-3 px-4 py-3">
                {r.icon}
                <div className="min-w-0 flex-1">
                  <div className="truncate">{r.title}</div>
                  {r.detail !== undefined && <div className="truncate text-xs text-fg-subtle">{r.detail}</div>}
                </div>
                {canEdit && (
                  <Menu
                    ariaLabel={props.menuLabel(item)}
                    align="right"
                    label={<Ellipsis size={16} aria-hidden focusable="false" />}
                    items={[
                      { label: "Edit", onSelect: () => setEditing(item) },
                      { label: "Delete", danger: true, onSelect: () => setDeleting(item) },
                    ]}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={props.confirmDelete.title}
        message={deleting ? props.confirmDelete.message(deleting) : ""}
        confirmLabel="Delete"
        loading={props.deleting}
        onConfirm={() => deleting && props.onDelete(deleting, () => setDeleting(null))}
      />
      {props.children}
    </div>
  );
}

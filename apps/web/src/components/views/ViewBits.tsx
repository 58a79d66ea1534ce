import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Lock } from "lucide-react";
import { defaultDisplayFilters, defaultDisplayProperties, defaultFilters, VIEW_ACCESS } from "@stride/shared";
import { errorMessage } from "../../api/client.ts";
import { useDeleteView, type IssueView } from "../../api/views.ts";
import { Button, ConfirmModal, EmptyState, PageSpinner } from "../ui/index.ts";
import { SaveViewModal, viewPath } from "./SaveViewModal.tsx";

/** Pieces of the views screens of every place (a project's views, a teamspace's team views). */

/** A view's "Private" and "Locked" marks in a list of views. */
export function ViewBadges({ view }: { view: Pick<IssueView, "access" | "is_locked"> }) {
  return (
    <>
      {view.access === VIEW_ACCESS.private && (
        <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>
      )}
      {view.is_locked && <Lock size={14} aria-label="Locked" className="text-fg-subtle" />}
    </>
  );
}

/** A new view with the default choices (`pid`: a project or a teamspace's views place), opened once made. */
export function NewViewModal({
  slug,
  pid,
  title,
  onClose,
}: {
  slug: string;
  pid: string;
  title: string;
  onClose: () => void;
}) {
  const nav = useNavigate();
  return (
    <SaveViewModal
      title={title}
      slug={slug}
      pid={pid}
      choices={{
        filters: defaultFilters(),
        display_filters: defaultDisplayFilters(),
        display_properties: defaultDisplayProperties(),
      }}
      open
      onClose={onClose}
      onCreated={(v) => nav(viewPath(slug, pid, v.id))}
    />
  );
}

/** Confirm deleting a view (`view` null: closed). */
export function DeleteViewModal({
  slug,
  pid,
  view,
  onClose,
}: {
  slug: string;
  pid: string | null;
  view: IssueView | null;
  onClose: () => void;
}) {
  const del = useDeleteView(slug, pid);
  return (
    <ConfirmModal
      open={!!view}
      onClose={onClose}
      onConfirm={() => view && del.mutate({ id: view.id, label: view.name }, { onSettled: onClose })}
      title="Delete view"
      message={`Delete "${view?.name ?? ""}"? Its work items stay; only the saved filters go.`}
      confirmLabel="Delete"
      loading={del.isPending}
    />
  );
}

/** A view the caller cannot open: it does not exist, or it is someone else's private view. */
export function ViewNotFound({ error, viewsPath }: { error: unknown; viewsPath: string }) {
  return (
    <EmptyState
      title="View not found"
      description={
        errorMessage((error as { body?: unknown } | null)?.body) ??
        "This view does not exist, or it is private to someone else."
      }
      action={
        <Link className="text-indigo-600 hover:underline" to={viewsPath}>
          All views
        </Link>
      }
    />
  );
}

/** The body of a views screen: a spinner while loading, the error, an empty state (with "Create view" when `onCreate`), or the list. */
export function ViewsListBody({
  query,
  count,
  emptyTitle,
  emptyDescription,
  onCreate,
  children,
}: {
  query: { isLoading: boolean; error: unknown };
  count: number;
  emptyTitle: string;
  emptyDescription: string;
  onCreate?: () => void;
  children: ReactNode;
}) {
  if (query.isLoading) return <PageSpinner />;
  if (query.error) {
    return (
      <EmptyState
        title="Could not load the views"
        description={errorMessage((query.error as { body?: unknown }).body) ?? String(query.error)}
      />
    );
  }
  if (count === 0) {
    return (
      <EmptyState
        title={emptyTitle}
        description={emptyDescription}
        action={onCreate ? <Button onClick={onCreate}>Create view</Button> : undefined}
      />
    );
  }
  return <>{children}</>;
}

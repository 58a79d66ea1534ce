import { useState } from "react";
import { WORKSPACE_SIDEBAR, canSee, navEntry } from "@stride/shared";
import { Button, ConfirmModal, EmptyState, Menu, NoAccess, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useProjects } from "../../api/projects.ts";
import { useDraftMutations, useWorkspaceDrafts } from "../../api/work-items-drafts.ts";
import type { WorkspaceDraft } from "../../api/work-items-types.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { CreateWorkItemModal } from "../../components/work-item/CreateWorkItemModal.tsx";
import { Icon, PriorityIcon } from "../../components/work-item/icons.tsx";
import { itemName } from "../../components/work-item/item.ts";
import { PRIORITY_LABEL } from "../../components/work-item/properties.tsx";
import { formatShort, relativeTime } from "../../lib/dates.ts";

/**
 * Workspace drafts (`/{workspaceSlug}/drafts/`): the caller's unfinished work items, 50 per page.
 * A draft can be edited, deleted, or moved to a project — it then becomes a work item and leaves this list.
 */
export function DraftsPage() {
  const { slug, role } = useCurrentWorkspace();
  const entry = navEntry(WORKSPACE_SIDEBAR, "drafts");
  const q = useWorkspaceDrafts(slug);
  const projects = useProjects(slug);
  const m = useDraftMutations(slug);
  const [editing, setEditing] = useState<WorkspaceDraft | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WorkspaceDraft | null>(null);
  if (!canSee(entry, role))
    return (
      <>
        <PageHeader title="Drafts" />
        <NoAccess what="Drafts" />
      </>
    );
  const drafts = (q.data?.pages ?? []).flatMap((p) => p.results);
  const total = q.data?.pages[0]?.total_count ?? drafts.length;
  const projectOf = (id: string | null) => (projects.data ?? []).find((p) => p.id === id);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            Drafts {q.data && <span className="rounded bg-fill px-1.5 text-xs font-medium text-fg-muted">{total}</span>}
          </span>
        }
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Icon name="plus" size={14} />
            New draft
          </Button>
        }
      />
      {q.isLoading ? (
        <PageSpinner />
      ) : drafts.length === 0 ? (
        <EmptyState
          title="No drafts"
          description="Half-written work items you save as drafts wait here until you move them to a project."
          action={<Button onClick={() => setCreating(true)}>Start a draft</Button>}
        />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ul aria-label="Drafts" className="divide-y divide-line-subtle">
            {drafts.map((d) => {
              const p = projectOf(d.project_id);
              return (
                <li
                  key={d.id}
                  data-draft={d.name}
                  className="group flex items-center gap-3 px-6 py-3 text-sm hover:bg-surface-muted"
                >
                  <span className="w-16 shrink-0 truncate text-xs font-medium text-fg-subtle">
                    {p?.identifier ?? "—"}
                  </span>
                  <button
                    type="button"
                    onClick={() => setEditing(d)}
                    className="min-w-0 flex-1 truncate text-left font-medium hover:underline"
                  >
                    {itemName(d.name)}
                  </button>
                  <span
                    className="flex items-center gap-1 text-xs text-fg-subtle"
                    title={`Priority: ${PRIORITY_LABEL[d.priority ?? "none"]}`}
                  >
                    <PriorityIcon priority={d.priority} />
                  </span>
                  {d.target_date && <span className="text-xs text-fg-subtle">Due {formatShort(d.target_date)}</span>}
                  <span className="hidden text-xs text-fg-faint sm:inline">{relativeTime(d.updated_at)}</span>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(d)}>
                    Move to project
                  </Button>
                  <Menu
                    ariaLabel={`Draft actions ${itemName(d.name)}`}
                    align="right"
                    buttonClassName="rounded p-1 text-fg-faint hover:bg-fill-strong hover:text-fg-muted"
                    label={<Icon name="dots" size={14} />}
                    items={[
                      { label: "Edit", onSelect: () => setEditing(d) },
                      { label: "Delete", danger: true, onSelect: () => setDeleting(d) },
                    ]}
                  />
                </li>
              );
            })}
          </ul>
          {q.hasNextPage && (
            <div className="p-4 text-center">
              <Button variant="secondary" size="sm" loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </div>
      )}
      {creating && <CreateWorkItemModal open onClose={() => setCreating(false)} slug={slug} mode="draft" />}
      {editing && (
        <CreateWorkItemModal open onClose={() => setEditing(null)} slug={slug} mode="draft" draft={editing} />
      )}
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete draft"
        confirmLabel="Delete"
        loading={m.remove.isPending}
        message={`Delete the draft “${itemName(deleting?.name)}”? This cannot be undone.`}
        onConfirm={() => deleting && m.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

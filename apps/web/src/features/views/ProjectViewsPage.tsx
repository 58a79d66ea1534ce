import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Globe, Plus, Star, Trash2 } from "lucide-react";
import { useFavoriteView, useViews, type IssueView } from "../../api/views.ts";
import { Button, Select, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOffPage } from "../../components/project/FeatureOff.tsx";
import { viewPath } from "../../components/views/SaveViewModal.tsx";
import { DeleteViewModal, NewViewModal, ViewBadges, ViewsListBody } from "../../components/views/ViewBits.tsx";
import { usePermissions } from "../../lib/permissions.ts";
import { useCreateParam } from "../../lib/create-param.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { sortViews, type ViewSort } from "./sort.ts";
import { PublishModal } from "../../components/publish/PublishModal.tsx";

/** A project's saved views (work-tracking §2): favourites first, sortable by name, creation or last update. */
export function ProjectViewsPage() {
  const { slug, projectId, project } = useCurrentProject();
  const views = useViews(slug, projectId, project.issue_views_view);
  const can = usePermissions({ projects: true });
  const [sort, setSort] = useState<ViewSort>("name");
  const [creating, setCreating] = useCreateParam(can("create", "view", { projectId }));
  const [deleting, setDeleting] = useState<IssueView | null>(null);
  const [publishing, setPublishing] = useState<IssueView | null>(null);
  const mayPublish = can("edit", "publish", { projectId });
  const rows = useMemo(() => sortViews(views.data ?? [], sort), [views.data, sort]);

  if (!project.issue_views_view) return <FeatureOffPage title="Views" feature="Views" plural />;
  const mayCreate = can("create", "view");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Views"
        actions={
          <>
            <Select
              aria-label="Sort views"
              value={sort}
              onChange={(e) => setSort(e.target.value as ViewSort)}
              className="py-1 text-sm"
            >
              <option value="name">Name</option>
              <option value="-created_at">Newest first</option>
              <option value="created_at">Oldest first</option>
              <option value="-updated_at">Recently updated</option>
            </Select>
            {mayCreate && (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus size={14} aria-hidden />
                New view
              </Button>
            )}
          </>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ViewsListBody
          query={views}
          count={rows.length}
          emptyTitle="No views yet"
          emptyDescription="A view saves a filtered list of work items so the team can open it again. Filter the work items and choose Save view, or create one here."
          onCreate={mayCreate ? () => setCreating(true) : undefined}
        >
          <ul aria-label="Views" className="divide-y divide-line">
            {rows.map((v) => (
              <ViewRow
                key={v.id}
                v={v}
                mayPublish={mayPublish}
                onPublish={() => setPublishing(v)}
                onDelete={() => setDeleting(v)}
              />
            ))}
          </ul>
        </ViewsListBody>
      </div>
      {creating && <NewViewModal title="New view" slug={slug} pid={projectId} onClose={() => setCreating(false)} />}
      {publishing && (
        <PublishModal
          slug={slug}
          projectId={projectId}
          viewId={publishing.id}
          open
          onClose={() => setPublishing(null)}
          canEdit={mayPublish}
        />
      )}
      <DeleteViewModal slug={slug} pid={projectId} view={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** One view: its name (a link), badges, and favourite, publish and delete for who may. */
function ViewRow({
  v,
  mayPublish,
  onPublish,
  onDelete,
}: {
  v: IssueView;
  mayPublish: boolean;
  onPublish: () => void;
  onDelete: () => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const can = usePermissions({ projects: true });
  const favorite = useFavoriteView(slug, projectId);
  const mayEdit = can("edit", "view", { createdBy: v.owned_by });
  return (
    <li className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted">
      <Link
        to={viewPath(slug, projectId, v.id)}
        className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
      >
        {v.name}
      </Link>
      <ViewBadges view={v} />
      {can("favorite", "view") && (
        <button
          type="button"
          aria-pressed={v.is_favorite}
          aria-label={`${v.is_favorite ? "Remove from favorites" : "Add to favorites"}: ${v.name}`}
          onClick={() => favorite.mutate({ id: v.id, favorite: !v.is_favorite })}
          className="rounded p-1 text-fg-subtle hover:bg-fill"
        >
          <Star size={16} aria-hidden className={cx(v.is_favorite && "fill-amber-400 text-amber-500")} />
        </button>
      )}
      {mayPublish && (
        <button
          type="button"
          aria-label={`Publish ${v.name}`}
          onClick={onPublish}
          className="rounded p-1 text-fg-subtle hover:bg-fill"
        >
          <Globe size={16} aria-hidden />
        </button>
      )}
      {mayEdit && can("delete", "view", { createdBy: v.owned_by }) && (
        <button
          type="button"
          aria-label={`Delete ${v.name}`}
          onClick={onDelete}
          className="rounded p-1 text-fg-subtle hover:bg-fill hover:text-red-600"
        >
          <Trash2 size={16} aria-hidden />
        </button>
      )}
    </li>
  );
}

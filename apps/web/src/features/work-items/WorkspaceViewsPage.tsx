import { useMemo, useState } from "react";
import { Link, NavLink, useNavigate, useParams } from "react-router";
import { Lock, Trash2 } from "lucide-react";
import { DEFAULT_GLOBAL_VIEWS, isDefaultGlobalView, type DefaultGlobalView } from "@stride/shared";
import { useDeleteView, useViews, type IssueView } from "../../api/views.ts";
import { useMemberProjects } from "../../api/projects.ts";
import type { Project } from "../../api/types.ts";
import { ConfirmModal, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SaveViewButton, viewPath } from "../../components/views/SaveViewModal.tsx";
import { LiveProjects } from "../../components/live/LiveProjects.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { ListProvider, useGlobalViewPrefs, type WorkspaceScope } from "./context.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";
import { SavedViewList } from "./ViewPage.tsx";
import { sortViews } from "../views/sort.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const DEFAULT_LABEL: Record<DefaultGlobalView, string> = {
  "all-issues": "All work items",
  assigned: "Assigned",
  created: "Created",
  subscribed: "Subscribed",
};

/**
 * Workspace views (work-tracking §2 "workspace global views"): the four default views and the custom ones, each the
 * work-item list engine across the projects the caller belongs to — spreadsheet first, every layout, filter and
 * display property, inline edit in each item's own project, peek. A default view's choices are kept in the caller's
 * workspace user properties under its name; a custom view's on the view (its owner's, while unlocked).
 */
export function WorkspaceViewsPage() {
  const { globalViewId = "all-issues" } = useParams();
  const { slug } = useCurrentWorkspace();
  const views = useViews(slug, null);
  const { projects, isLoading } = useMemberProjects(slug);
  const custom = useMemo(() => sortViews(views.data ?? [], "name"), [views.data]);
  const current = isDefaultGlobalView(globalViewId) ? null : (custom.find((v) => v.id === globalViewId) ?? null);
  const ids = useMemo(() => projects.map((p) => p.id), [projects]);
  usePageTitle(
    `${current?.name ?? (isDefaultGlobalView(globalViewId) ? DEFAULT_LABEL[globalViewId] : "Views")} · Views`,
  );
  const tab = ({ isActive }: { isActive: boolean }) =>
    cx("shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm", isActive ? "bg-fill-selected" : "hover:bg-fill-hover");
  const title = current?.name ?? (isDefaultGlobalView(globalViewId) ? DEFAULT_LABEL[globalViewId] : "Views");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LiveProjects slug={slug} projectIds={ids} />
      <nav
        aria-label="Workspace views"
        className="flex min-h-11 shrink-0 items-center gap-1 overflow-x-auto border-b border-line px-4"
      >
        {DEFAULT_GLOBAL_VIEWS.map((v) => (
          <NavLink key={v} to={`/${slug}/workspace-views/${v}/`} className={tab}>
            {DEFAULT_LABEL[v]}
          </NavLink>
        ))}
        {custom.map((v) => (
          <NavLink key={v.id} to={viewPath(slug, null, v.id)} className={tab}>
            <span className="inline-flex items-center gap-1">
              {v.name}
              {v.is_locked && <Lock size={10} aria-label="Locked" />}
            </span>
          </NavLink>
        ))}
      </nav>
      {isLoading || (!isDefaultGlobalView(globalViewId) && views.isLoading) ? (
        <PageSpinner />
      ) : !isDefaultGlobalView(globalViewId) && !current ? (
        <EmptyState
          title="View not found"
          description="This view does not exist, or it is private to someone else."
          action={
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/workspace-views/all-issues/`}>
              All work items
            </Link>
          }
        />
      ) : !projects.length ? (
        <>
          <PageHeader title={title} />
          <EmptyState
            title="No projects to show"
            description="Workspace views list the work items of the projects you are a member of. Join or create a project to see its work items here."
            action={
              <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/`}>
                Projects
              </Link>
            }
          />
        </>
      ) : current ? (
        <CustomGlobalView key={current.id} view={current} projects={projects} />
      ) : (
        <DefaultGlobalView key={globalViewId} viewId={globalViewId as DefaultGlobalView} projects={projects} />
      )}
    </div>
  );
}

/** One of the four default views: its choices live in the caller's workspace user properties. */
function DefaultGlobalView({ viewId, projects }: { viewId: DefaultGlobalView; projects: Project[] }) {
  const { slug } = useCurrentWorkspace();
  const { prefs, update } = useGlobalViewPrefs(slug, viewId);
  const workspace = useMemo<WorkspaceScope>(() => ({ projects, contextId: viewId }), [projects, viewId]);
  if (!prefs) return <PageSpinner />;
  return (
    <ListProvider slug={slug} pid="" kind="global_view" workspace={workspace} prefs={prefs} updatePrefs={update}>
      <ListScreen title={DEFAULT_LABEL[viewId]} actions={<SaveViewButton slug={slug} pid={null} prefs={prefs} />} />
    </ListProvider>
  );
}

/** A custom global view: the server applies its filters; its owner changes them (saved on it) while it is unlocked. */
function CustomGlobalView({ view, projects }: { view: IssueView; projects: Project[] }) {
  const { slug } = useCurrentWorkspace();
  const nav = useNavigate();
  const mayEdit = useCan("edit", "workspaceView", { createdBy: view.owned_by ?? null });
  const del = useDeleteView(slug, null);
  const [deleting, setDeleting] = useState(false);
  const workspace = useMemo<WorkspaceScope>(() => ({ projects, contextId: view.id }), [projects, view.id]);
  const all = `/${slug}/workspace-views/all-issues/`;
  const extra = (
    <>
      {mayEdit && (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
          aria-label={`Delete ${view.name}`}
          onClick={() => setDeleting(true)}
        >
          <Trash2 size={14} aria-hidden />
        </button>
      )}
      <SaveViewButton
        slug={slug}
        pid={null}
        prefs={{
          filters: view.filters,
          display_filters: view.display_filters,
          display_properties: view.display_properties,
        }}
        label="Save as new view"
      />
    </>
  );
  return (
    <>
      <SavedViewList
        view={view}
        slug={slug}
        place={null}
        viewsPath={all}
        mayEdit={mayEdit}
        mayFavorite={false}
        list={{ pid: "", kind: "global_view", workspace }}
        extraActions={extra}
      />
      <ConfirmModal
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(
            { id: view.id, label: view.name },
            { onSuccess: () => nav(all), onSettled: () => setDeleting(false) },
          )
        }
        title="Delete view"
        message={`Delete "${view.name}"? Its work items stay; only the saved filters go.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
    </>
  );
}

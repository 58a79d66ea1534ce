import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useView, type IssueView } from "../../api/views.ts";
import { ViewNotFound } from "../../components/views/ViewBits.tsx";
import { Banner, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ListProvider } from "./context.tsx";
import { SavedViewActions, SavedViewTitle, useSavedViewPrefs } from "./saved-view.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * A saved project view (work-tracking §2 "project saved view" context): the project's work items through
 * `P/views/{id}/issues/`, where the server applies the view's filters. Its owner (or a project admin) changes
 * filters and display and they are saved on the view; a locked view, or someone else's, keeps its filters as
 * saved (display changes stay on this screen).
 */
export function ProjectViewPage() {
  const { viewId = "" } = useParams();
  const { slug, projectId, project } = useCurrentProject();
  const view = useView(slug, projectId, viewId);
  usePageTitle(view.data ? `${view.data.name} · Views · ${project.name}` : null);
  if (!project.issue_views_view) {
    return (
      <>
        <PageHeader title="Views" />
        <EmptyState
          title="Views are turned off"
          description="A project admin can turn on views in the project's feature settings."
        />
      </>
    );
  }
  if (view.isLoading) return <PageSpinner />;
  if (!view.data) {
    return <ViewNotFound error={view.error} viewsPath={`/${slug}/projects/${projectId}/views/`} />;
  }
  return <ProjectViewList key={view.data.id} view={view.data} />;
}

function ProjectViewList({ view }: { view: IssueView }) {
  const { slug, projectId, project } = useCurrentProject();
  const mayEdit = useCan("edit", "view", { createdBy: view.owned_by });
  const mayFavorite = useCan("favorite", "view");
  return (
    <SavedViewList
      view={view}
      slug={slug}
      place={projectId}
      viewsPath={`/${slug}/projects/${projectId}/views/`}
      mayEdit={mayEdit}
      mayFavorite={mayFavorite}
      list={{ pid: projectId, project, kind: "view", contextId: view.id }}
    />
  );
}

/**
 * A saved view's list (a project view's, or a team view's with `list.team`): the view's choices, saved on it when the
 * caller may change it (`mayEdit`, unlocked), else kept on this screen; lock, access and favourite actions.
 */
export function SavedViewList({
  view,
  slug,
  place,
  viewsPath,
  mayEdit,
  mayFavorite,
  list,
  extraActions,
}: {
  view: IssueView;
  slug: string;
  /** Where the view lives (api/views.ts: a project id, a teamspace's place, or null: the workspace's global views). */
  place: string | null;
  viewsPath: string;
  mayEdit: boolean;
  mayFavorite: boolean;
  list: Pick<Parameters<typeof ListProvider>[0], "pid" | "project" | "team" | "workspace" | "kind" | "contextId">;
  /** More header actions (a global view's delete and "save as new view"). */
  extraActions?: ReactNode;
}) {
  const saves = mayEdit && !view.is_locked;
  const { prefs, updatePrefs, forget } = useSavedViewPrefs(view, slug, place, list.kind, saves);
  const actions = (
    <>
      <SavedViewActions
        view={view}
        slug={slug}
        place={place}
        mayEdit={mayEdit}
        mayFavorite={mayFavorite}
        onLockChange={forget}
      />
      {extraActions}
    </>
  );
  const title = <SavedViewTitle view={view} viewsPath={viewsPath} />;
  const banner = !saves ? (
    <div className="px-4 pt-2">
      <Banner kind="info">
        {view.is_locked
          ? "This view is locked: its filters and display are kept as saved."
          : "This view belongs to someone else: its filters are kept as saved, display changes stay on this screen."}
      </Banner>
    </div>
  ) : null;
  return (
    <ListProvider slug={slug} {...list} prefs={prefs} updatePrefs={updatePrefs}>
      <ListScreen title={title} actions={actions} banner={banner} filtersReadOnly={!saves} />
    </ListProvider>
  );
}

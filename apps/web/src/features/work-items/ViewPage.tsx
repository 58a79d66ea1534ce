import { useMemo, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Globe, Lock, LockOpen, Star } from "lucide-react";
import { globalListPrefs, type DisplayFilters, VIEW_ACCESS } from "@stride/shared";
import { useFavoriteView, useUpdateView, useView, type IssueView } from "../../api/views.ts";
import { ViewNotFound } from "../../components/views/ViewBits.tsx";
import { Banner, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ListProvider, mergePrefs, type PrefsPatch } from "./context.tsx";
import { prefsFrom, type Prefs } from "./lib/list-view.ts";
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
  const update = useUpdateView(slug, place);
  // global views have no favourites here (mayFavorite false): the hook is asked about no project
  const favorite = useFavoriteView(slug, place ?? "");
  // choices that are not saved on the view (someone else's or a locked view): kept on this screen only
  const [overlay, setOverlay] = useState<Prefs | null>(null);
  const saved = useMemo(() => {
    const raw = {
      filters: view.filters,
      display_filters: view.display_filters as Partial<DisplayFilters> as DisplayFilters,
      display_properties: view.display_properties as Prefs["display_properties"],
    };
    // a global view without a saved layout opens as a spreadsheet, newest first
    return list.kind === "global_view" ? globalListPrefs(raw) : prefsFrom(raw);
  }, [view.filters, view.display_filters, view.display_properties, list.kind]);
  const prefs = overlay ?? saved;

  const updatePrefs = (p: PrefsPatch) => {
    const { next, df } = mergePrefs(prefs, p, list.kind);
    if (!saves) {
      // filters of a view that does not save stay as saved (the server applies them anyway)
      setOverlay({ ...next, filters: prefs.filters });
      return;
    }
    update.mutate({
      id: view.id,
      ...(p.filters ? { filters: next.filters } : {}),
      ...(df ? { display_filters: df } : {}),
      ...(p.display_properties ? { display_properties: next.display_properties } : {}),
    });
  };

  const isPrivate = view.access === VIEW_ACCESS.private;
  const iconBtn = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill";
  const actions = (
    <>
      {mayFavorite && (
        <button
          type="button"
          className={iconBtn}
          aria-pressed={view.is_favorite}
          aria-label={view.is_favorite ? "Remove from favorites" : "Add to favorites"}
          title={view.is_favorite ? "Remove from favorites" : "Add to favorites"}
          onClick={() => favorite.mutate({ id: view.id, favorite: !view.is_favorite })}
        >
          <Star size={16} aria-hidden className={cx(view.is_favorite && "fill-amber-400 text-amber-500")} />
        </button>
      )}
      {mayEdit && (
        <button
          type="button"
          className={iconBtn}
          aria-pressed={view.is_locked}
          onClick={() => {
            setOverlay(null);
            update.mutate({ id: view.id, is_locked: !view.is_locked });
          }}
        >
          {view.is_locked ? <Lock size={14} aria-hidden /> : <LockOpen size={14} aria-hidden />}
          {view.is_locked ? "Unlock" : "Lock"}
        </button>
      )}
      {mayEdit && !view.is_locked && (
        <button
          type="button"
          className={iconBtn}
          onClick={() => update.mutate({ id: view.id, access: isPrivate ? VIEW_ACCESS.public : VIEW_ACCESS.private })}
        >
          {isPrivate ? <Lock size={14} aria-hidden /> : <Globe size={14} aria-hidden />}
          {isPrivate ? "Make public" : "Make private"}
        </button>
      )}
      {extraActions}
    </>
  );
  const title = (
    <span className="flex items-center gap-2">
      <Link to={viewsPath} className="text-fg-subtle hover:underline">
        Views
      </Link>
      <span aria-hidden className="text-fg-faint">
        /
      </span>
      <span>{view.name}</span>
      {view.is_locked && (
        <span className="inline-flex items-center gap-1 rounded bg-fill px-1.5 text-xs text-fg-muted">
          <Lock size={10} aria-hidden />
          Locked
        </span>
      )}
      {isPrivate && <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>}
    </span>
  );
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

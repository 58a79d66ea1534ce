import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SaveViewButton } from "../../components/views/SaveViewModal.tsx";
import { ViewNotFound } from "../../components/views/ViewBits.tsx";
import { teamViewsPlace, useView } from "../../api/views.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentTeamspace } from "../teamspaces/current-teamspace.ts";
import { ListProvider, useListPrefs, type TeamScope } from "./context.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";
import { SavedViewList } from "./ViewPage.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** A teamspace without a project the caller is in has nothing to list. */
function NoTeamProjects({ title }: { title: string }) {
  const { slug, teamspace } = useCurrentTeamspace();
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title="No projects to show"
        description={
          teamspace.project_ids.length
            ? "You are not a member of any of this teamspace's projects: their work items are shown only to their members."
            : "This teamspace has no projects yet. A workspace admin can add some."
        }
        action={
          <Link className="text-indigo-600 hover:underline" to={`/${slug}/teamspaces/${teamspace.id}/`}>
            Overview
          </Link>
        }
      />
    </>
  );
}

/**
 * A teamspace's work items (work-tracking.md §2 "team" context): the list engine across the teamspace's projects that
 * the caller belongs to, in every layout, filtered by project (`team_project`) and all the list filters; its choices
 * are kept on this device (docs/decisions.md). Items open and change in their own project.
 */
export function TeamspaceWorkItemsPage() {
  const { slug, teamspace: t, projects } = useCurrentTeamspace();
  const { prefs, update } = useListPrefs(slug, `teamspace:${t.id}`, "team");
  const team = useMemo<TeamScope>(() => ({ id: t.id, projects }), [t.id, projects]);
  usePageTitle(`Work items · ${t.name}`);
  if (!projects.length) return <NoTeamProjects title="Work items" />;
  if (!prefs) return <PageSpinner />;
  return (
    <ListProvider key={`team-${t.id}`} slug={slug} pid="" kind="team" team={team} prefs={prefs} updatePrefs={update}>
      <ListScreen
        title="Work items"
        actions={<SaveViewButton slug={slug} pid={teamViewsPlace(t.id)} prefs={prefs} />}
      />
    </ListProvider>
  );
}

/** A team view (work-tracking.md §2 "team view" context): the teamspace's list with the view's filters, saved on the view. */
export function TeamViewPage() {
  const { viewId = "" } = useParams();
  const { slug, teamspace: t, projects } = useCurrentTeamspace();
  const place = teamViewsPlace(t.id);
  const view = useView(slug, place, viewId);
  const mayEdit = useCan("edit", "teamView", { createdBy: view.data?.owned_by ?? null });
  const team = useMemo<TeamScope>(() => ({ id: t.id, viewId, projects }), [t.id, viewId, projects]);
  usePageTitle(`${view.data?.name ?? "View"} · ${t.name}`);
  if (view.isLoading) return <PageSpinner />;
  if (!view.data) {
    return <ViewNotFound error={view.error} viewsPath={`/${slug}/teamspaces/${t.id}/views/`} />;
  }
  if (!projects.length) return <NoTeamProjects title={view.data.name} />;
  return (
    <SavedViewList
      key={view.data.id}
      view={view.data}
      slug={slug}
      place={place}
      viewsPath={`/${slug}/teamspaces/${t.id}/views/`}
      mayEdit={mayEdit}
      mayFavorite={false}
      list={{ pid: "", kind: "team_view", team }}
    />
  );
}

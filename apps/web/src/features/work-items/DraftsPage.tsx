import { useMemo } from "react";
import { WORKSPACE_SIDEBAR, canSee, navEntry } from "@stride/shared";
import { EmptyState, NoAccess, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useMemberProjects } from "../../api/projects.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { ListProvider, useListPrefs, type WorkspaceScope } from "./context.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";

/**
 * Workspace drafts (`/{workspaceSlug}/drafts/`, work-tracking.md §2 "workspace drafts"): the caller's unfinished work
 * items on the work-item list engine — list, board and spreadsheet, the drafts' filters, grouping and order, inline
 * edit of a draft's properties, a draft opened in the draft editor, moved to its project (it becomes a work item and
 * leaves the list) or deleted; 50 a page. Drafts are created here (no quick add: §5). Choices are kept on this device.
 */
export function DraftsPage() {
  const { slug, role } = useCurrentWorkspace();
  const entry = navEntry(WORKSPACE_SIDEBAR, "drafts");
  const { projects, isLoading } = useMemberProjects(slug);
  const { prefs, update } = useListPrefs(slug, "drafts", "workspace_drafts");
  const workspace = useMemo<WorkspaceScope>(() => ({ projects, contextId: "drafts" }), [projects]);
  // no access; or no project a draft could become a work item of: nowhere to move one yet
  const blocked = !canSee(entry, role) ? (
    <NoAccess what="Drafts" />
  ) : !isLoading && !projects.length ? (
    <EmptyState
      title="No projects to draft for"
      description="Drafts become work items of the projects you are a member of. Join or create a project to start one."
    />
  ) : null;
  if (blocked)
    return (
      <>
        <PageHeader title="Drafts" />
        {blocked}
      </>
    );
  if (isLoading || !prefs) return <PageSpinner />;
  return (
    <ListProvider slug={slug} pid="" kind="workspace_drafts" workspace={workspace} prefs={prefs} updatePrefs={update}>
      <ListScreen title="Drafts" />
    </ListProvider>
  );
}

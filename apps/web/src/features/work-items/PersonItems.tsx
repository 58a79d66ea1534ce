import { useMemo } from "react";
import { useParams } from "react-router";
import type { PersonItemTab } from "../../api/people.ts";
import { useMemberProjects } from "../../api/projects.ts";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { ListProvider, useListPrefs, type WorkspaceScope } from "./context.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";

const TITLE: Record<PersonItemTab, string> = {
  assigned: "Assigned work items",
  created: "Created work items",
  subscribed: "Subscribed work items",
};

/**
 * A person's assigned / created / subscribed tab (work-tracking.md §2 "a user's profile" context), under the profile's
 * header (PersonLayout): the work-item list engine over the person's items in the projects the viewer is in — every
 * layout, the filters except the tab's own field, display options, inline edit in each item's project, peek. The
 * choices are kept on this device, one set per tab.
 */
export function PersonItems({ tab }: { tab: PersonItemTab }) {
  const { userId = "" } = useParams();
  // the tabs are one component under the profile's outlet: each tab (and person) starts from its own choices
  return <TabItems key={`${userId}-${tab}`} tab={tab} userId={userId} />;
}

function TabItems({ tab, userId }: { tab: PersonItemTab; userId: string }) {
  const { slug } = useCurrentWorkspace();
  const { projects, isLoading } = useMemberProjects(slug);
  const { prefs, update } = useListPrefs(slug, `profile:${tab}`, "profile");
  const workspace = useMemo<WorkspaceScope>(
    () => ({ projects, contextId: `${userId}/${tab}` }),
    [projects, userId, tab],
  );
  if (isLoading || !prefs) return <PageSpinner />;
  if (!projects.length)
    return (
      <EmptyState
        title="No projects to show"
        description="Work items show here for the projects you are a member of."
      />
    );
  return (
    <ListProvider slug={slug} pid="" kind="profile" workspace={workspace} prefs={prefs} updatePrefs={update}>
      {/* under the profile's header, which has the sidebar toggle and the page's h1 */}
      <ListScreen title={TITLE[tab]} nested />
    </ListProvider>
  );
}

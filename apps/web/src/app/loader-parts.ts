/** What several screens' loaders start: the workspace shell's, a project's references, one work item, a list's first page. */
import type { QueryClient } from "@tanstack/react-query";
import { myWorkspacesQuery, projectRolesQuery } from "../api/users.ts";
import { workspaceMemberMeQuery, workspaceMembersQuery, workspaceQuery } from "../api/workspaces.ts";
import { projectMembersQuery, projectQuery, projectsQuery } from "../api/projects.ts";
import { favoritesQuery, workspaceUserPropertiesQuery } from "../api/favorites.ts";
import { statesQuery } from "../api/states.ts";
import { labelsQuery } from "../api/labels.ts";
import { workflowStatesQuery } from "../api/workflows.ts";
import { cyclesQuery, estimatesQuery, featureListsOf, modulesQuery } from "../api/work-items-refs.ts";
import { workItemListQuery, type ItemKind } from "../api/work-items.ts";
import { workItemDetailQuery } from "../api/work-items-detail.ts";
import { workItemPartQueries } from "../api/work-items-parts.ts";
import { teamspacesQuery } from "../api/teamspaces.ts";
import { unreadQuery } from "../api/notifications.ts";
import { itemWorklogSummaryQuery, itemWorklogsQuery } from "../api/time-tracking.ts";
import { sidebarPreferencesQuery } from "../api/home.ts";
import { listView, type ContextKind, type Prefs } from "../features/work-items/lib/list-view.ts";
import { layoutChunks } from "./chunks/index.ts";
import { createQueue, rolesGate, seesEveryItem, mayAsk, type Queue, type RolesGate } from "./loader-queue.ts";

/** The building blocks every loader is given: the queue, the roles gate and the shared request groups. */
export type Ctx = Queue & RolesGate & ReturnType<typeof screenParts>;

export function createCtx(qc: QueryClient): Ctx {
  const queue = createQueue(qc);
  const gate = rolesGate(qc, queue);
  return { ...queue, ...gate, ...screenParts(queue, gate) };
}

function screenParts({ start, startLast, after }: Queue, { withRoles, inProject }: RolesGate) {
  const workspace = (slug: string) => {
    start(workspaceQuery(slug), workspaceMemberMeQuery(slug));
    // the project roles decide what a project's screens may ask for: known before the first project is opened
    startLast(
      myWorkspacesQuery,
      projectsQuery(slug),
      workspaceUserPropertiesQuery(slug),
      unreadQuery(slug),
      sidebarPreferencesQuery(slug),
      projectRolesQuery(slug),
    );
    // the sidebar's favourites, where the caller's role has them (guests have none: the server refuses them)
    withRoles(slug, false, (r) => mayAsk(r, "view", "favorite") && startLast(favoritesQuery(slug)));
    // the sidebar's teamspaces (guests have none)
    withRoles(slug, false, (r) => mayAsk(r, "view", "teamspace") && startLast(teamspacesQuery(slug)));
  };

  /** What work-item screens show ids with: states, labels, members, and the project's feature lists. */
  const projectRefs = (slug: string, pid: string) =>
    inProject(slug, pid, () => {
      start(
        statesQuery(slug, pid),
        labelsQuery(slug, pid),
        projectMembersQuery(slug, pid),
        workspaceMembersQuery(slug),
      );
      // the cycle and module lists answer whether or not the project has them on (as Plane's project shell asks for
      // them), so they go out at navigation rather than after the project's flags
      start(cyclesQuery(slug, pid));
      start(modulesQuery(slug, pid));
      after(
        projectQuery(slug, pid),
        (p) => {
          const needs = featureListsOf(p);
          if (needs.estimates) start(estimatesQuery(slug, pid));
          if (needs.workflows) start(workflowStatesQuery(slug, pid));
        },
        1,
      );
    });

  /**
   * One work item as the page or the peek view shows it (its parent comes expanded with it). A guest may see only
   * some items (those they created, unless the project shows guests everything): their item's parts wait for the
   * item, so an item hidden from them is asked for once.
   */
  const workItem = (slug: string, pid: string, id: string, kind: ItemKind) => {
    start(projectRolesQuery(slug));
    inProject(slug, pid, (r) => {
      const detail = workItemDetailQuery(slug, pid, id, kind);
      const parts = workItemPartQueries(slug, pid, id, kind);
      // its time logs and totals, where the project tracks time
      const time = () =>
        after(
          projectQuery(slug, pid),
          (p) => {
            if (p.is_time_tracking_enabled)
              start(itemWorklogsQuery(slug, pid, kind, id), itemWorklogSummaryQuery(slug, pid, kind, id));
          },
          1,
        );
      if (seesEveryItem(r, pid)) {
        start(detail, ...parts);
        time();
      } else
        after(
          detail,
          () => {
            start(...parts);
            time();
          },
          1,
        );
    });
    projectRefs(slug, pid);
  };

  /** A list context's first page, once the saved choices that shape it are known. */
  const listPage = (slug: string, pid: string, kind: ContextKind, prefs: Prefs, contextId?: string) => {
    const view = listView(slug, pid, kind, prefs, null, contextId);
    const layoutChunk = layoutChunks[view.layout as keyof typeof layoutChunks];
    if (layoutChunk) void layoutChunk.preload().catch(() => undefined);
    // the calendar asks for its date window once it knows its size
    if (view.layout !== "calendar") start(workItemListQuery(view.desc));
  };
  return { workspace, projectRefs, workItem, listPage };
}

/** The loaders of a project's screens (see loaders.ts). */
import { intakeTabParam, progressUnits } from "@stride/shared";
import { PROJECT_SETTINGS_PAGES, can, canSee, effectiveProjectRole, navEntry } from "@stride/shared";
import { agentMetadataQuery, agentTemplatesQuery } from "../api/agents.ts";
import { modelConfigsQuery } from "../api/model-configs.ts";
import { projectRolesQuery } from "../api/users.ts";
import { workspaceMembersQuery } from "../api/workspaces.ts";
import { projectCoversQuery, projectMembersQuery, projectQuery, projectsQuery } from "../api/projects.ts";
import { statesQuery } from "../api/states.ts";
import { labelsQuery } from "../api/labels.ts";
import { workflowStatesQuery } from "../api/workflows.ts";
import { environmentTemplatesQuery } from "../api/environments.ts";
import { cyclesQuery, estimatesQuery, featureListsOf } from "../api/work-items-refs.ts";
import type { ItemKind } from "../api/work-items.ts";
import { userPropertiesQuery } from "../api/work-items-props.ts";
import { archivedModulesQuery, moduleDetailQuery } from "../api/modules.ts";
import { archivedCyclesQuery, cycleAnalyticsQuery, cycleProgressQuery, cycleQuery } from "../api/cycles.ts";
import { workItemLookupQuery } from "../api/work-items-detail.ts";
import { viewQuery, viewsQuery } from "../api/views.ts";
import { pageListParams, pageQuery, pageTreeQuery, pagesQuery, pagesSummaryQuery } from "../api/pages.ts";
import { DEFAULT_INTAKE_FILTERS, intakeItemQuery, intakePageQuery, intakeSettingsQuery } from "../api/intake.ts";
import {
  NO_WORKLOG_FILTERS,
  projectUpdatesQuery,
  worklogReportQuery,
  worklogTotalsQuery,
} from "../api/time-tracking.ts";
import {
  localPrefsKey,
  prefsFrom,
  readLocal,
  type ContextKind,
  type Prefs,
} from "../features/work-items/lib/list-view.ts";
import { workItemDetailChunk } from "./chunks/index.ts";
import { chunk, mayAsk, type Loader } from "./loader-queue.ts";
import type { Ctx } from "./loader-parts.ts";

export type ProjectSettingsPage =
  | "general"
  | "members"
  | "features"
  | "states"
  | "labels"
  | "estimates"
  | "workflows"
  | "repositories"
  | "model-configuration"
  | "mcp-servers"
  | "agents"
  | "other";

const projectShell =
  ({ start, inProject }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    start(projectRolesQuery(slug));
    inProject(slug, pid, () => start(projectQuery(slug, pid)));
    return null;
  };

/** issues/, archives/issues/, epics/ (and the peek view of `?peekId=`). */
const workItems =
  ({ after, inProject, projectRefs, workItem, listPage }: Ctx) =>
  (kind: ContextKind): Loader =>
  async ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const itemKind: ItemKind = kind === "epics" ? "epics" : "issues";
    projectRefs(slug, pid);
    inProject(slug, pid, () => {
      if (kind === "archived") return listPage(slug, pid, kind, readLocal(localPrefsKey(slug, pid, kind)));
      const cycleId = params.cycleId;
      const props = () =>
        after(userPropertiesQuery(slug, pid, kind === "cycle" ? `cycle:${cycleId}` : itemKind), (p) =>
          listPage(slug, pid, kind, prefsFrom(p), cycleId),
        );
      // epics lists exist only where epics are turned on
      if (kind === "epics") after(projectQuery(slug, pid), (p) => p.is_epic_enabled && props(), 1);
      else props();
    });
    const peekId = new URL(request.url).searchParams.get("peekId");
    if (peekId) {
      workItem(slug, pid, peekId, itemKind);
      return chunk(workItemDetailChunk.preload);
    }
    return null;
  };

/** issues/:issueId, archives/issues/:issueId, epics/:issueId. */
const workItemPage =
  ({ workItem }: Ctx) =>
  (kind: ItemKind): Loader =>
  ({ params }) => {
    workItem(params.workspaceSlug!, params.projectId!, params.issueId!, kind);
    return null;
  };

/** modules/ and archives/modules/: the modules (the same list the pickers read) or the archived ones. */
const modules =
  ({ start, inProject, projectRefs }: Ctx) =>
  (archived: boolean): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    if (archived) inProject(slug, pid, () => start(archivedModulesQuery(slug, pid)));
    return null;
  };

/** modules/:moduleId (and archives/modules/:moduleId): the module, its saved list choices, then its first list page. */
const moduleItems =
  ({ start, after, inProject, projectRefs, workItem, listPage }: Ctx) =>
  (archived: boolean): Loader =>
  async ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.moduleId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () => {
      start(moduleDetailQuery(slug, pid, id, archived));
      after(userPropertiesQuery(slug, pid, `module:${id}`), (p) => listPage(slug, pid, "module", prefsFrom(p), id));
    });
    const peekId = new URL(request.url).searchParams.get("peekId");
    if (peekId) {
      workItem(slug, pid, peekId, "issues");
      return chunk(workItemDetailChunk.preload);
    }
    return null;
  };

/** cycles/ (the list and its progress numbers come with it) and archived cycles. */
const cycles =
  ({ start, inProject }: Ctx) =>
  (page: "list" | "archived"): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () => {
      if (page === "archived") start(archivedCyclesQuery(slug, pid));
      else start(cyclesQuery(slug, pid), projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    });
    return null;
  };

/**
 * cycles/:cycleId: the cycle, its progress and (with dates) its analytics, in points when the project estimates
 * in points (the panel's first unit); its work items come from `workItems("cycle")`.
 */
const cycle =
  ({ start, after, inProject }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.cycleId!;
    inProject(slug, pid, () => {
      start(cycleProgressQuery(slug, pid, id), cyclesQuery(slug, pid));
      after(
        cycleQuery(slug, pid, id),
        (c) => {
          if (!c.start_date || !c.end_date) return;
          after(
            projectQuery(slug, pid),
            (p) => {
              if (!featureListsOf(p).estimates) return start(cycleAnalyticsQuery(slug, pid, id, "issues"));
              after(
                estimatesQuery(slug, pid),
                (es) =>
                  start(
                    cycleAnalyticsQuery(slug, pid, id, progressUnits(es?.find((e) => e.id === p.estimate)?.type)[0]!),
                  ),
                1,
              );
            },
            1,
          );
        },
        1,
      );
    });
    return null;
  };

/** browse/:workItem (`IDENT-seq`): the lookup starts with the shell; the project's data as soon as its id is known. */
const browse =
  ({ start, after, withRoles, projectRefs, workItem }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const key = (params.workItem ?? "").toUpperCase();
    const ident = key.slice(0, Math.max(0, key.lastIndexOf("-")));
    const lookup = () =>
      after(workItemLookupQuery(slug, key), (l) => workItem(slug, l.project_id, l.id, l.is_epic ? "epics" : "issues"));
    withRoles(slug, true, (r) => {
      if (!r) lookup();
      after(
        projectsQuery(slug),
        (list) => {
          const p = list.find((x) => x.identifier.toUpperCase() === ident);
          // the key's project says whether the caller may look the item up (they are in it)
          if (r && p && mayAsk(r, "view", "project", p.id)) lookup();
          if (p) projectRefs(slug, p.id);
        },
        r ? 0 : 2,
      );
    });
    // what does not depend on the project starts now
    start(projectRolesQuery(slug), workspaceMembersQuery(slug));
    return null;
  };

/** views/: the project's saved views (where views are turned on). */
const projectViews =
  ({ start, after, inProject }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () =>
      after(projectQuery(slug, pid), (p) => p.issue_views_view && start(viewsQuery(slug, pid)), 1),
    );
    return null;
  };

/** views/:viewId: the view, then its first page as its saved choices shape it. */
const projectView =
  ({ after, inProject, projectRefs, listPage }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.viewId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () =>
      after(viewQuery(slug, pid, id), (v) => listPage(slug, pid, "view", prefsFrom(v as Partial<Prefs>), id)),
    );
    return null;
  };

/** pages/: the tab's pages, the tabs' counts and the page tree (where pages are turned on). */
const pages =
  ({ start, after, inProject }: Ctx): Loader =>
  ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const { type, order } = pageListParams(new URL(request.url).searchParams);
    inProject(slug, pid, () =>
      after(
        projectQuery(slug, pid),
        (p) =>
          p.page_view &&
          start(pagesQuery(slug, pid, type, order), pagesSummaryQuery(slug, pid), pageTreeQuery(slug, pid)),
        1,
      ),
    );
    return null;
  };

/** pages/:pageId: the page, the page tree, and the project's people and items its editor mentions. */
const page =
  ({ start, after, inProject, projectRefs }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () => {
      start(pageQuery(slug, pid, params.pageId!));
      after(projectQuery(slug, pid), (p) => p.page_view && start(pageTreeQuery(slug, pid)), 1);
    });
    projectRefs(slug, pid);
    return null;
  };

const projectSettings =
  (c: Ctx) =>
  (page: ProjectSettingsPage): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    if (page === "other") return null;
    // only what the caller's role may open (the settings layout shows the others as "You don't have access")
    c.inProject(
      slug,
      pid,
      (r) =>
        (!r ||
          canSee(navEntry(PROJECT_SETTINGS_PAGES, page), effectiveProjectRole(r.projectRoles[pid], r.workspaceRole))) &&
        settingsRequests(c)(slug, pid, page),
    );
    return null;
  };

const settingsRequests =
  ({ start }: Ctx) =>
  (slug: string, pid: string, page: ProjectSettingsPage) => {
    // the general page checks whether the caller is the only admin (project members) before offering "Leave"
    if (page === "general") start(workspaceMembersQuery(slug), projectMembersQuery(slug, pid), projectCoversQuery);
    if (page === "members") start(projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    if (page === "states") start(statesQuery(slug, pid));
    if (page === "labels") start(labelsQuery(slug, pid));
    if (page === "repositories" || page === "mcp-servers") start(environmentTemplatesQuery(slug, pid));
    if (page === "estimates") start(estimatesQuery(slug, pid));
    if (page === "workflows")
      start(
        statesQuery(slug, pid),
        workflowStatesQuery(slug, pid),
        projectMembersQuery(slug, pid),
        workspaceMembersQuery(slug),
      );
    if (page === "model-configuration" || page === "agents") start(modelConfigsQuery(slug, pid));
    if (page === "agents") {
      start(agentTemplatesQuery(slug, pid));
      start(agentMetadataQuery(slug, pid));
    }
  };

/** The intake: its first page in the tab of the URL and the selected request, once the project says intake is on. */
const intake =
  ({ start, after, inProject }: Ctx): Loader =>
  ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const url = new URL(request.url);
    const tab = intakeTabParam(url.searchParams.get("tab"));
    const selected = url.searchParams.get("inboxId");
    inProject(slug, pid, () =>
      after(
        projectQuery(slug, pid),
        (p) => {
          if (!p.intake_view) return;
          start(intakePageQuery(slug, pid, tab, DEFAULT_INTAKE_FILTERS, 0));
          if (selected) start(intakeItemQuery(slug, pid, selected));
        },
        1,
      ),
    );
    return null;
  };

const intakeSettings =
  ({ start, after, inProject }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () =>
      after(
        projectQuery(slug, pid),
        (p) => {
          if (p.intake_view && can("settingsView", "intake", { userId: "me", projectRole: p.member_role }))
            start(intakeSettingsQuery(slug, pid));
        },
        1,
      ),
    );
    return null;
  };

/** The project's updates, once the project says they are on. */
const projectUpdates =
  ({ start, after, inProject, projectRefs }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () =>
      after(
        projectQuery(slug, pid),
        (p) => {
          if (p.is_project_updates_enabled) start(projectUpdatesQuery(slug, pid));
        },
        1,
      ),
    );
    return null;
  };

/** The worklog report's first page and its totals per work item, once the project says time tracking is on (members). */
const worklogs =
  ({ start, after, inProject, projectRefs }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () =>
      after(
        projectQuery(slug, pid),
        (p) => {
          if (!p.is_time_tracking_enabled || !can("report", "worklog", { userId: "me", projectRole: p.member_role }))
            return;
          start(
            worklogReportQuery(slug, pid, NO_WORKLOG_FILTERS, 0),
            worklogTotalsQuery(slug, pid, NO_WORKLOG_FILTERS, "issue"),
          );
        },
        1,
      ),
    );
    return null;
  };

/** Each loader, given the loaders' context (`createLoaders` hands it the same one). */
export const projectLoaders = {
  projectShell,
  workItems,
  workItemPage,
  modules,
  moduleItems,
  cycles,
  cycle,
  browse,
  projectViews,
  projectView,
  pages,
  page,
  projectSettings,
  intake,
  intakeSettings,
  projectUpdates,
  worklogs,
};

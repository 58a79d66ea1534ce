/**
 * Route loaders: every request a screen needs starts at navigation, in parallel, into the TanStack Query
 * cache, with the same query options (key + fetch) the screen's hooks use, so the screen finds its data
 * in flight (or there) instead of asking in rounds as its shells render (workspace, then project, then
 * page). A request waits for another one's answer only when it needs a value from it: the work item
 * behind `IDENT-seq` (its id and project come back from the lookup; the project also from the projects
 * list), a list page (the saved display filters decide what to ask), a project's feature lists.
 *
 * Loaders never wait for data, so the app renders at once with its own loading states. The router loads
 * each screen's chunk (route `lazy`) in parallel with them; the peek view, which is not a route, has its
 * chunk awaited by the list's loader, so it never suspends (a suspended screen is revealed at the earliest
 * 300 ms later by React). The rich-text editor's chunk is not started here: the detail shows the text until
 * the editor, loaded at the first idle moment after the detail renders, is there (evaluated at navigation,
 * or while the screen renders, it measured slower: it held the main thread when the answers came back).
 *
 * Order matters: over HTTP/1.1 a browser sends six requests at a time per origin. The requests of all the
 * matched loaders are gathered and sent in one go, first those another request waits for (the lookup by key,
 * the saved list choices), then what the screen shows, last what it does not wait for (profile, sidebar
 * lists, which also ask at low fetch priority).
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { ANALYTICS_TAB_ALIASES, intakeTabParam, globalListPrefs, globalViewPrefsFrom, isDefaultGlobalView, isHomeDashboardWidget, progressUnits } from "@stride/shared";
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { PROJECT_SETTINGS_PAGES, WORKSPACE_SETTINGS_PAGES, can, canSee, effectiveProjectRole, navEntry, roleBucket, seesOnlyOwnWorkItems, type Action, type Entity } from "@stride/shared";
import type { WorkspaceMemberMe } from "@stride/shared/contract";
import { pageCarriesScreenData } from "../api/boot-data.ts";
import { agentMetadataQuery, agentTemplatesQuery } from "../api/agents.ts";
import { modelConfigsQuery } from "../api/model-configs.ts";
import { mySecretsQuery } from "../api/secrets.ts";
import { meQuery, myWorkspacesQuery, profileQuery, projectRolesQuery, userSettingsQuery } from "../api/users.ts";
import { workspaceInvitationsQuery, workspaceMemberMeQuery, workspaceMembersQuery, workspaceQuery } from "../api/workspaces.ts";
import { webhooksQuery } from "../api/webhooks.ts";
import { importersQuery } from "../api/importers.ts";
import { apiTokensQuery } from "../api/api-tokens.ts";
import { exportsQuery } from "../api/exports.ts";
import { projectCoversQuery, projectDetailsQuery, projectMembersQuery, projectQuery, projectsQuery } from "../api/projects.ts";
import { favoritesQuery, workspaceUserPropertiesQuery } from "../api/favorites.ts";
import { statesQuery } from "../api/states.ts";
import { labelsQuery } from "../api/labels.ts";
import { workflowStatesQuery } from "../api/workflows.ts";
import { environmentTemplatesQuery } from "../api/environments.ts";
import { cyclesQuery, estimatesQuery, featureListsOf, modulesQuery } from "../api/work-items-refs.ts";
import { workspaceEstimatesQuery } from "../api/estimates.ts";
import { userPropertiesQuery, workItemListQuery, type ItemKind } from "../api/work-items.ts";
import { archivedModulesQuery, moduleDetailQuery } from "../api/modules.ts";
import { archivedCyclesQuery, cycleAnalyticsQuery, cycleProgressQuery, cycleQuery } from "../api/cycles.ts";
import { workItemDetailQuery, workItemLookupQuery, workItemPartQueries } from "../api/work-items-detail.ts";
import { teamViewsPlace, viewQuery, viewsQuery } from "../api/views.ts";
import { teamspaceProgressQuery, teamspaceQuery, teamspacesQuery } from "../api/teamspaces.ts";
import { inboxQuery, unreadQuery } from "../api/notifications.ts";
import { notificationPreferencesQuery, sessionsQuery } from "../api/account.ts";
import { pageListParams, pageQuery, pageTreeQuery, pagesQuery, pagesSummaryQuery } from "../api/pages.ts";
import { DEFAULT_INTAKE_FILTERS, intakeItemQuery, intakePageQuery, intakeSettingsQuery } from "../api/intake.ts";
import { itemWorklogSummaryQuery, itemWorklogsQuery, NO_WORKLOG_FILTERS, projectUpdatesQuery, worklogReportQuery, worklogTotalsQuery } from "../api/time-tracking.ts";
import { assignedWorkQuery, dashboardWidgetQuery, homeDashboardQuery, homePreferencesQuery, quickLinksQuery, recentVisitsQuery, sidebarPreferencesQuery, stickiesQuery } from "../api/home.ts";
import { analyticsProjectsChartQuery, analyticsStatsQuery, analyticsTimelineQuery, analyticsTotalsQuery, type AnalyticsScope } from "../api/analytics.ts";
import { userActivityQuery, userProfileQuery, userStatsQuery, type PersonItemTab } from "../api/people.ts";
import { DEFAULT_INBOX } from "../features/notifications/inbox.ts";
import { listView, localPrefsKey, prefsFrom, readLocal, type ContextKind, type Prefs } from "../features/work-items/lib/list-view.ts";
import { layoutChunks, workItemDetailChunk } from "./chunks/index.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any, never>;
type Loader = (args: LoaderFunctionArgs) => null | Promise<null>;

/** A chunk the screen renders outside the router (the peek view): the loader waits for it (its failure is left to the screen's Suspense). */
const chunk = (load: () => Promise<unknown>) => load().then(() => null, () => null);

export type ProjectSettingsPage = "general" | "members" | "features" | "states" | "labels" | "estimates" | "workflows" | "repositories" | "model-configuration" | "mcp-servers" | "agents" | "other";
export type WorkspaceSettingsPage = "general" | "members" | "webhooks" | "api-tokens" | "exports" | "imports" | "other";

/** 0: another request waits for its answer; 1: the screen shows it; 2: nothing waits for it. */
type Tier = 0 | 1 | 2;

/**
 * The caller's roles in a workspace, as the permission table reads them: their id, their workspace role and their
 * `{projectId: role}` map. Null where they are not known yet on a page that does not carry them (see `withRoles`).
 */
export type CallerRoles = { userId: string; workspaceRole: number; projectRoles: Record<string, number> } | null;

/** Whether the caller sees every work item of project `pid` (a guest may see only those they created); unknown roles: yes. */
export function seesEveryItem(r: CallerRoles, pid: string): boolean {
  return !r || !seesOnlyOwnWorkItems({ projectRole: r.projectRoles[pid] ?? null, guestViewAllFeatures: false });
}

/** The role context of a check in project `pid` (or the workspace); a check on unknown roles (null) passes. */
export function mayAsk<E extends Entity>(r: CallerRoles, action: Action<E>, entity: E, pid?: string | null): boolean {
  if (!r) return true;
  return can(action, entity, { userId: r.userId, workspaceRole: r.workspaceRole, projectRole: pid ? (r.projectRoles[pid] ?? null) : null });
}

export function createLoaders(qc: QueryClient) {
  type Entry = { tier: Tier; query: AnyQuery; next?: (value: unknown) => void };
  let queue: Entry[] = [];
  /** True while a request's answer hands its value on: what needs it goes out at once. */
  let handingOver = false;
  const send = ({ query, next }: Entry) => {
    // a fresh cached answer is reused, one in flight is joined
    if (!next) void qc.prefetchQuery(query);
    else
      qc.fetchQuery(query).then(
        (value) => {
          handingOver = true;
          try {
            next(value);
          } finally {
            handingOver = false;
          }
        },
        () => {
          /* the screen reading this query shows the error */
        },
      );
  };
  const flush = () => {
    const batch = queue.sort((a, b) => a.tier - b.tier);
    queue = [];
    batch.forEach(send);
  };
  const enqueue = (entry: Entry) => {
    if (handingOver) return send(entry);
    // the router calls every loader of a navigation in one go: the batch goes out right after them
    // (a microtask, not a timer, which the browser would run only after the chunks it is evaluating)
    if (!queue.length) queueMicrotask(flush);
    queue.push(entry);
  };
  /** Start these requests (with the navigation's batch). */
  const start = (...queries: AnyQuery[]) => queries.forEach((query) => enqueue({ tier: 1, query }));
  /** Start these requests after everything the screen shows. */
  const startLast = (...queries: AnyQuery[]) => queries.forEach((query) => enqueue({ tier: 2, query }));
  /** Start this request (first, when something waits for it: `tier` 0), then what needs its value. */
  const after = <T, K extends QueryKey>(query: FetchQueryOptions<T, Error, T, K, never>, next: (value: T) => void, tier: Tier = 0) =>
    enqueue({ tier, query: query as AnyQuery, next: next as (value: unknown) => void });

  /**
   * Run `fn` with the caller's roles in `slug` (issue #27 point 10: a screen asks for nothing its user may not
   * read): at once when the cache holds them (in-app navigation); otherwise once their answers are here, first in
   * the batch, which costs no round trip on a page that carries its screen's data (they come from the page). On a
   * page without data whose roles nobody has asked for yet (the server sends the app's page bare only without a
   * session) `fn` runs at once with null: every request goes, and the screen shows what the server answers.
   * `projects`: the project roles are needed too (project screens), not only the workspace role.
   */
  const withRoles = (slug: string, projects: boolean, fn: (r: CallerRoles) => void) => {
    const meKey = workspaceMemberMeQuery(slug).queryKey;
    const rolesKey = projectRolesQuery(slug).queryKey;
    const me = qc.getQueryData<WorkspaceMemberMe>(meKey);
    const roles = projects ? qc.getQueryData<Record<string, number>>(rolesKey) : {};
    if (me && roles) return fn({ userId: me.member, workspaceRole: me.role, projectRoles: roles });
    const asked = qc.getQueryState(meKey) || (projects && qc.getQueryState(rolesKey));
    if (!asked && !pageCarriesScreenData()) return fn(null);
    let gotMe: WorkspaceMemberMe | undefined;
    let gotRoles: Record<string, number> | undefined = projects ? undefined : {};
    const done = () => gotMe && gotRoles && fn({ userId: gotMe.member, workspaceRole: gotMe.role, projectRoles: gotRoles });
    after(workspaceMemberMeQuery(slug), (m) => { gotMe = m; done(); });
    if (projects) after(projectRolesQuery(slug), (r) => { gotRoles = r; done(); });
  };
  /** Run `fn` with the caller's roles when they may read project `pid` (they are in it). */
  const inProject = (slug: string, pid: string, fn: (r: CallerRoles) => void) =>
    withRoles(slug, true, (r) => mayAsk(r, "view", "project", pid) && fn(r));

  const workspace = (slug: string) => {
    start(workspaceQuery(slug), workspaceMemberMeQuery(slug));
    // the project roles decide what a project's screens may ask for: known before the first project is opened
    startLast(myWorkspacesQuery, projectsQuery(slug), workspaceUserPropertiesQuery(slug), unreadQuery(slug), sidebarPreferencesQuery(slug), projectRolesQuery(slug));
    // the sidebar's favourites, where the caller's role has them (guests have none: the server refuses them)
    withRoles(slug, false, (r) => mayAsk(r, "view", "favorite") && startLast(favoritesQuery(slug)));
    // the sidebar's teamspaces (guests have none)
    withRoles(slug, false, (r) => mayAsk(r, "view", "teamspace") && startLast(teamspacesQuery(slug)));
  };

  /** What work-item screens show ids with: states, labels, members, and the project's feature lists. */
  const projectRefs = (slug: string, pid: string) => inProject(slug, pid, () => {
    start(statesQuery(slug, pid), labelsQuery(slug, pid), projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    // the cycle and module lists answer whether or not the project has them on (as Plane's project shell asks for
    // them), so they go out at navigation rather than after the project's flags
    start(cyclesQuery(slug, pid));
    start(modulesQuery(slug, pid));
    after(projectQuery(slug, pid), (p) => {
      const needs = featureListsOf(p);
      if (needs.estimates) start(estimatesQuery(slug, pid));
      if (needs.workflows) start(workflowStatesQuery(slug, pid));
    }, 1);
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
      const time = () => after(projectQuery(slug, pid), (p) => {
        if (p.is_time_tracking_enabled) start(itemWorklogsQuery(slug, pid, kind, id), itemWorklogSummaryQuery(slug, pid, kind, id));
      }, 1);
      if (seesEveryItem(r, pid)) {
        start(detail, ...parts);
        time();
      } else after(detail, () => { start(...parts); time(); }, 1);
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

  const signedIn: Loader = () => {
    start(meQuery);
    startLast(profileQuery);
    return null;
  };

  const workspaceShell: Loader = ({ params }) => {
    workspace(params.workspaceSlug!);
    return null;
  };

  const inbox: Loader = ({ params }) => {
    start(inboxQuery(params.workspaceSlug!, DEFAULT_INBOX), unreadQuery(params.workspaceSlug!));
    return null;
  };

  /** The intake: its first page in the tab of the URL and the selected request, once the project says intake is on. */
  const intake: Loader = ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const url = new URL(request.url);
    const tab = intakeTabParam(url.searchParams.get("tab"));
    const selected = url.searchParams.get("inboxId");
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => {
      if (!p.intake_view) return;
      start(intakePageQuery(slug, pid, tab, DEFAULT_INTAKE_FILTERS, 0));
      if (selected) start(intakeItemQuery(slug, pid, selected));
    }, 1));
    return null;
  };

  /** The project's updates, once the project says they are on. */
  const projectUpdates: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => {
      if (p.is_project_updates_enabled) start(projectUpdatesQuery(slug, pid));
    }, 1));
    return null;
  };

  /** The worklog report's first page and its totals per work item, once the project says time tracking is on (members). */
  const worklogs: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => {
      if (!p.is_time_tracking_enabled || !can("report", "worklog", { userId: "me", projectRole: p.member_role })) return;
      start(worklogReportQuery(slug, pid, NO_WORKLOG_FILTERS, 0), worklogTotalsQuery(slug, pid, NO_WORKLOG_FILTERS, "issue"));
    }, 1));
    return null;
  };

  const intakeSettings: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => {
      if (p.intake_view && can("settingsView", "intake", { userId: "me", projectRole: p.member_role })) start(intakeSettingsQuery(slug, pid));
    }, 1));
    return null;
  };

  /** The home: its widgets' order and switches, and what each widget shows (the assigned work once the dashboard is known). */
  const home: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    start(homePreferencesQuery(slug), quickLinksQuery(slug), recentVisitsQuery(slug), stickiesQuery(slug));
    after(homeDashboardQuery(slug), (d) => {
      const tab = (d.widgets.find((w) => w.key === "assigned_issues")?.widget_filters as { tab?: string } | undefined)?.tab;
      if (tab === "pending" || tab === "upcoming" || tab === "overdue" || tab === "completed") start(assignedWorkQuery(slug, d.dashboard.id, tab));
      for (const w of d.widgets) if (w.is_visible && isHomeDashboardWidget(w.key)) start(dashboardWidgetQuery(slug, d.dashboard.id, w));
    }, 1);
    return null;
  };

  const stickies: Loader = ({ params }) => {
    start(stickiesQuery(params.workspaceSlug!));
    return null;
  };

  const projectsPage: Loader = ({ params }) => {
    start(projectDetailsQuery(params.workspaceSlug!));
    return null;
  };

  const projectShell: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    start(projectRolesQuery(slug));
    inProject(slug, pid, () => start(projectQuery(slug, pid)));
    return null;
  };

  /** issues/, archives/issues/, epics/ (and the peek view of `?peekId=`). */
  const workItems = (kind: ContextKind): Loader => async ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const itemKind: ItemKind = kind === "epics" ? "epics" : "issues";
    projectRefs(slug, pid);
    inProject(slug, pid, () => {
      if (kind === "archived") return listPage(slug, pid, kind, readLocal(localPrefsKey(slug, pid, kind)));
      const cycleId = params.cycleId;
      const props = () => after(userPropertiesQuery(slug, pid, kind === "cycle" ? `cycle:${cycleId}` : itemKind), (p) => listPage(slug, pid, kind, prefsFrom(p), cycleId));
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

  /** modules/ and archives/modules/: the modules (the same list the pickers read) or the archived ones. */
  const modules = (archived: boolean): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    projectRefs(slug, pid);
    if (archived) inProject(slug, pid, () => start(archivedModulesQuery(slug, pid)));
    return null;
  };

  /** modules/:moduleId (and archives/modules/:moduleId): the module, its saved list choices, then its first list page. */
  const moduleItems = (archived: boolean): Loader => async ({ params, request }) => {
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
  const cycles = (page: "list" | "archived"): Loader => ({ params }) => {
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
  const cycle: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.cycleId!;
    inProject(slug, pid, () => {
      start(cycleProgressQuery(slug, pid, id), cyclesQuery(slug, pid));
      after(cycleQuery(slug, pid, id), (c) => {
        if (!c.start_date || !c.end_date) return;
        after(projectQuery(slug, pid), (p) => {
          if (!featureListsOf(p).estimates) return start(cycleAnalyticsQuery(slug, pid, id, "issues"));
          after(estimatesQuery(slug, pid), (es) => start(cycleAnalyticsQuery(slug, pid, id, progressUnits(es?.find((e) => e.id === p.estimate)?.type)[0]!)), 1);
        }, 1);
      }, 1);
    });
    return null;
  };

  /** issues/:issueId, archives/issues/:issueId, epics/:issueId. */
  const workItemPage = (kind: ItemKind): Loader => ({ params }) => {
    workItem(params.workspaceSlug!, params.projectId!, params.issueId!, kind);
    return null;
  };

  /** browse/:workItem (`IDENT-seq`): the lookup starts with the shell; the project's data as soon as its id is known. */
  const browse: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const key = (params.workItem ?? "").toUpperCase();
    const ident = key.slice(0, Math.max(0, key.lastIndexOf("-")));
    const lookup = () => after(workItemLookupQuery(slug, key), (l) => workItem(slug, l.project_id, l.id, l.is_epic ? "epics" : "issues"));
    withRoles(slug, true, (r) => {
      if (!r) lookup();
      after(projectsQuery(slug), (list) => {
        const p = list.find((x) => x.identifier.toUpperCase() === ident);
        // the key's project says whether the caller may look the item up (they are in it)
        if (r && p && mayAsk(r, "view", "project", p.id)) lookup();
        if (p) projectRefs(slug, p.id);
      }, r ? 0 : 2);
    });
    // what does not depend on the project starts now
    start(projectRolesQuery(slug), workspaceMembersQuery(slug));
    return null;
  };

  /** views/: the project's saved views (where views are turned on). */
  const projectViews: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => p.issue_views_view && start(viewsQuery(slug, pid)), 1));
    return null;
  };

  /** views/:viewId: the view, then its first page as its saved choices shape it. */
  const projectView: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.viewId!;
    projectRefs(slug, pid);
    inProject(slug, pid, () => after(viewQuery(slug, pid, id), (v) => listPage(slug, pid, "view", prefsFrom(v as Partial<Prefs>), id)));
    return null;
  };

  /**
   * workspace-views/:globalViewId: the custom views (the tabs), the projects the lists span, and the view's first page
   * as its saved choices shape it (a default view's in the workspace user properties, a custom view's on it).
   */
  const workspaceViews: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.globalViewId ?? "all-issues";
    const custom = viewsQuery(slug, null);
    start(custom, projectDetailsQuery(slug));
    if (isDefaultGlobalView(id)) after(workspaceUserPropertiesQuery(slug), (p) => listPage(slug, "", "global_view", globalViewPrefsFrom(p, id), id));
    else after(custom, (list) => {
      const v = list.find((x) => x.id === id);
      if (v) listPage(slug, "", "global_view", globalListPrefs(v as Partial<Prefs>), id);
    });
    return null;
  };

  /** pages/: the tab's pages, the tabs' counts and the page tree (where pages are turned on). */
  const pages: Loader = ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const { type, order } = pageListParams(new URL(request.url).searchParams);
    inProject(slug, pid, () => after(projectQuery(slug, pid), (p) => p.page_view && start(pagesQuery(slug, pid, type, order), pagesSummaryQuery(slug, pid), pageTreeQuery(slug, pid)), 1));
    return null;
  };

  /** pages/:pageId: the page, the page tree, and the project's people and items its editor mentions. */
  const page: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    inProject(slug, pid, () => {
      start(pageQuery(slug, pid, params.pageId!));
      after(projectQuery(slug, pid), (p) => p.page_view && start(pageTreeQuery(slug, pid)), 1);
    });
    projectRefs(slug, pid);
    return null;
  };

  const projectSettings = (page: ProjectSettingsPage): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    if (page === "other") return null;
    // only what the caller's role may open (the settings layout shows the others as "You don't have access")
    inProject(slug, pid, (r) => (!r || canSee(navEntry(PROJECT_SETTINGS_PAGES, page), effectiveProjectRole(r.projectRoles[pid], r.workspaceRole))) && settingsRequests(slug, pid, page));
    return null;
  };

  const settingsRequests = (slug: string, pid: string, page: ProjectSettingsPage) => {
    // the general page checks whether the caller is the only admin (project members) before offering "Leave"
    if (page === "general") start(workspaceMembersQuery(slug), projectMembersQuery(slug, pid), projectCoversQuery);
    if (page === "members") start(projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    if (page === "states") start(statesQuery(slug, pid));
    if (page === "labels") start(labelsQuery(slug, pid));
    if (page === "repositories" || page === "mcp-servers") start(environmentTemplatesQuery(slug, pid));
    if (page === "estimates") start(estimatesQuery(slug, pid));
    if (page === "workflows") start(statesQuery(slug, pid), workflowStatesQuery(slug, pid), projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    if (page === "model-configuration" || page === "agents") start(modelConfigsQuery(slug, pid));
    if (page === "agents") { start(agentTemplatesQuery(slug, pid)); start(agentMetadataQuery(slug, pid)); }
  };

  const workspaceSettings = (page: WorkspaceSettingsPage): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    if (page === "other") return null;
    // only what the caller's role may open: every workspace settings page is for admins (the layout says so to others)
    const opens = (r: CallerRoles) => !r || [navEntry(WORKSPACE_SETTINGS_PAGES, "general"), navEntry(WORKSPACE_SETTINGS_PAGES, page)].every((e) => canSee(e, roleBucket(r.workspaceRole)));
    withRoles(slug, false, (r) => opens(r) && workspaceSettingsRequests(slug, page));
    return null;
  };

  const workspaceSettingsRequests = (slug: string, page: WorkspaceSettingsPage) => {
    if (page === "members") start(workspaceMembersQuery(slug), workspaceInvitationsQuery(slug));
    if (page === "webhooks") start(webhooksQuery(slug));
    if (page === "api-tokens") start(apiTokensQuery(slug));
    if (page === "exports") start(exportsQuery(slug), projectsQuery(slug));
    if (page === "imports") start(importersQuery(slug), projectsQuery(slug));
  };

  /** analytics/:tab: the tab's totals and charts (the custom chart follows its pickers). */
  const analytics: Loader = ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const ids = new URL(request.url).searchParams.get("project_ids");
    const scope: AnalyticsScope = { kind: "workspace", projectIds: ids ? ids.split(",").filter(Boolean) : [] };
    const workItems = (ANALYTICS_TAB_ALIASES[params.tab ?? ""] ?? params.tab) === "custom";
    withRoles(slug, false, (r) => {
      if (!mayAsk(r, "workspace", "analytics")) return;
      start(analyticsTotalsQuery(slug, scope, "work-items"), analyticsTimelineQuery(slug, scope));
      if (workItems) start(analyticsStatsQuery(slug, scope));
      else start(analyticsTotalsQuery(slug, scope, "overview"), analyticsProjectsChartQuery(slug, scope));
    });
    start(projectsQuery(slug));
    // which projects count in points (the custom chart's metrics)
    if (workItems) start(workspaceEstimatesQuery(slug));
    return null;
  };

  /** profile/:userId: the person's summary row (the header); each tab adds its own. */
  const person: Loader = ({ params }) => {
    start(userProfileQuery(params.workspaceSlug!, params.userId!), projectsQuery(params.workspaceSlug!));
    return null;
  };
  const personTab = (tab: PersonItemTab | "summary" | "activity"): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.userId!;
    if (tab === "summary") start(userStatsQuery(slug, id), userActivityQuery(slug, id, 0, 10));
    else if (tab === "activity") start(userActivityQuery(slug, id, 0, 25));
    else {
      start(projectDetailsQuery(slug));
      listPage(slug, "", "profile", readLocal(localPrefsKey(slug, `profile:${tab}`, "profile"), "profile"), `${id}/${tab}`);
    }
    return null;
  };

  const profile: Loader = () => {
    start(userSettingsQuery);
    return null;
  };

  /** Teamspaces: the caller's list. */
  const teamspaces: Loader = ({ params }) => {
    start(teamspacesQuery(params.workspaceSlug!));
    return null;
  };

  /** A teamspace's screens: it and the projects its lists span. */
  const teamspace: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    start(teamspaceQuery(slug, params.teamspaceId!), projectDetailsQuery(slug), workspaceMembersQuery(slug));
    return null;
  };

  /** A teamspace's overview (its counts), views, or work items (its first page, as this device's choices shape it). */
  const teamspaceTab = (tab: "overview" | "views" | "issues"): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.teamspaceId!;
    if (tab === "overview") start(teamspaceProgressQuery(slug, id));
    else if (tab === "views") start(viewsQuery(slug, teamViewsPlace(id)));
    else listPage(slug, "", "team", readLocal(localPrefsKey(slug, `teamspace:${id}`, "team")), id);
    return null;
  };

  /** A team view: the view, then its work items as its saved choices shape them (like a project's view). */
  const teamView: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.teamspaceId!;
    const viewId = params.viewId!;
    after(viewQuery(slug, teamViewsPlace(id), viewId), (v) => listPage(slug, "", "team_view", prefsFrom(v as Partial<Prefs>), `${id}/views/${viewId}`));
    return null;
  };

  const secrets: Loader = () => {
    start(mySecretsQuery);
    return null;
  };

  /** profile/security: the signed-in sessions. */
  const security: Loader = () => {
    start(sessionsQuery);
    return null;
  };

  /** profile/notifications: the notification preferences. */
  const notificationSettings: Loader = () => {
    start(notificationPreferencesQuery);
    return null;
  };

  return { signedIn, workspaceShell, inbox, projectsPage, projectShell, workItems, workItemPage, modules, moduleItems, cycles, cycle, browse, projectViews, projectView, pages, page, workspaceViews, projectSettings, workspaceSettings, profile, secrets, security, notificationSettings, intake, intakeSettings, projectUpdates, worklogs, home, stickies, analytics, person, personTab, teamspaces, teamspace, teamspaceTab, teamView };
}

export type Loaders = ReturnType<typeof createLoaders>;

/**
 * Loaders only start requests, so running one again matters only when what it asks for changes: the route's
 * own path params, or (list screens) the item shown in the peek view. By default every matched loader
 * reruns on any search-param change.
 */
export function revalidateOn(params: string[], search: string[] = []) {
  return ({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean =>
    params.some((k) => currentParams[k] !== nextParams[k]) || search.some((k) => currentUrl.searchParams.get(k) !== nextUrl.searchParams.get(k));
}

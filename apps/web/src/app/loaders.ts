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
import { BUILT_FEATURES, isDefaultGlobalView, isHomeDashboardWidget } from "@stride/shared";
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { can } from "@stride/shared";
import { agentMetadataQuery, agentTemplatesQuery } from "../api/agents.ts";
import { modelConfigsQuery } from "../api/model-configs.ts";
import { mySecretsQuery } from "../api/secrets.ts";
import { meQuery, myWorkspacesQuery, profileQuery, projectRolesQuery, userSettingsQuery } from "../api/users.ts";
import { workspaceInvitationsQuery, workspaceMemberMeQuery, workspaceMembersQuery, workspaceQuery } from "../api/workspaces.ts";
import { webhooksQuery } from "../api/webhooks.ts";
import { importersQuery } from "../api/importers.ts";
import { apiTokensQuery } from "../api/api-tokens.ts";
import { exportsQuery } from "../api/exports.ts";
import { projectDetailsQuery, projectMembersQuery, projectQuery, projectsQuery } from "../api/projects.ts";
import { favoritesQuery, workspaceUserPropertiesQuery } from "../api/favorites.ts";
import { statesQuery } from "../api/states.ts";
import { labelsQuery } from "../api/labels.ts";
import { environmentTemplatesQuery } from "../api/environments.ts";
import { cyclesQuery, estimatesQuery, featureListsOf, modulesQuery } from "../api/work-items-refs.ts";
import { userPropertiesQuery, workItemListQuery, type ItemKind } from "../api/work-items.ts";
import { archivedModulesQuery, moduleDetailQuery } from "../api/modules.ts";
import { archivedCyclesQuery, cycleAnalyticsQuery, cycleProgressQuery, cycleQuery } from "../api/cycles.ts";
import { workItemDetailQuery, workItemLookupQuery, workItemPartQueries } from "../api/work-items-detail.ts";
import { globalViewIssuesQuery, teamViewsPlace, viewQuery, viewsQuery } from "../api/views.ts";
import { teamspaceProgressQuery, teamspaceQuery, teamspacesQuery } from "../api/teamspaces.ts";
import { inboxQuery, unreadQuery } from "../api/notifications.ts";
import { pageListParams, pageQuery, pagesQuery, pagesSummaryQuery } from "../api/pages.ts";
import { DEFAULT_INTAKE_FILTERS, intakeItemQuery, intakePageQuery, intakeSettingsQuery } from "../api/intake.ts";
import { assignedWorkQuery, dashboardWidgetQuery, homeDashboardQuery, homePreferencesQuery, quickLinksQuery, recentVisitsQuery, sidebarPreferencesQuery, stickiesQuery } from "../api/home.ts";
import { analyticsProjectsChartQuery, analyticsStatsQuery, analyticsTimelineQuery, analyticsTotalsQuery, type AnalyticsScope } from "../api/analytics.ts";
import { userActivityQuery, userIssuesQuery, userProfileQuery, userStatsQuery, type PersonItemTab } from "../api/people.ts";
import { DEFAULT_INBOX } from "../features/notifications/inbox.ts";
import { listView, localPrefsKey, prefsFrom, readLocal, type ContextKind, type Prefs } from "../features/work-items/lib/list-view.ts";
import { layoutChunks, workItemDetailChunk } from "./chunks/index.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any, never>;
type Loader = (args: LoaderFunctionArgs) => null | Promise<null>;

/** A chunk the screen renders outside the router (the peek view): the loader waits for it (its failure is left to the screen's Suspense). */
const chunk = (load: () => Promise<unknown>) => load().then(() => null, () => null);

export type ProjectSettingsPage = "general" | "members" | "features" | "states" | "labels" | "estimates" | "repositories" | "model-configuration" | "mcp-servers" | "agents" | "other";
export type WorkspaceSettingsPage = "general" | "members" | "webhooks" | "api-tokens" | "exports" | "imports" | "other";

/** 0: another request waits for its answer; 1: the screen shows it; 2: nothing waits for it. */
type Tier = 0 | 1 | 2;

const roleHintKey = (slug: string) => `stride:favorites:${slug}`;
function roleHint(slug: string): string | null {
  try {
    return localStorage.getItem(roleHintKey(slug));
  } catch {
    return null;
  }
}
function rememberRole(slug: string, hasFavorites: boolean): void {
  try {
    if (hasFavorites) localStorage.removeItem(roleHintKey(slug));
    else localStorage.setItem(roleHintKey(slug), "no-favorites");
  } catch {
    /* private mode: the hint is only an optimisation */
  }
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

  const workspace = (slug: string) => {
    start(workspaceQuery(slug), workspaceMemberMeQuery(slug));
    startLast(myWorkspacesQuery, projectsQuery(slug), workspaceUserPropertiesQuery(slug), unreadQuery(slug), sidebarPreferencesQuery(slug));
    // The sidebar's favourites go out with the rest unless this browser last saw the caller as a guest here
    // (guests have none: the server refuses them). The role is remembered once it is known.
    if (roleHint(slug) !== "no-favorites") startLast(favoritesQuery(slug));
    after(workspaceMemberMeQuery(slug), (me) => {
      rememberRole(slug, can("view", "favorite", { userId: me.member, workspaceRole: me.role }));
      // the sidebar's teamspaces (guests have none)
      if (can("view", "teamspace", { userId: me.member, workspaceRole: me.role })) startLast(teamspacesQuery(slug));
    }, 2);
  };

  /** What work-item screens show ids with: states, labels, members, and the project's feature lists. */
  const projectRefs = (slug: string, pid: string) => {
    start(statesQuery(slug, pid), labelsQuery(slug, pid), projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    // the cycle and module lists answer whether or not the project has them on (as Plane's project shell asks for
    // them), so they go out at navigation rather than after the project's flags
    if (BUILT_FEATURES.cycles) start(cyclesQuery(slug, pid));
    if (BUILT_FEATURES.modules) start(modulesQuery(slug, pid));
    after(projectQuery(slug, pid), (p) => {
      const needs = featureListsOf(p);
      if (needs.estimates) start(estimatesQuery(slug, pid));
    }, 1);
  };

  /** One work item as the page or the peek view shows it (its parent comes expanded with it). */
  const workItem = (slug: string, pid: string, id: string, kind: ItemKind) => {
    start(workItemDetailQuery(slug, pid, id, kind), ...workItemPartQueries(slug, pid, id, kind), projectRolesQuery(slug));
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
    const tab = url.searchParams.get("tab") === "closed" ? "closed" : "open";
    const selected = url.searchParams.get("inboxId");
    after(projectQuery(slug, pid), (p) => {
      if (!BUILT_FEATURES.intake || !p.intake_view) return;
      start(intakePageQuery(slug, pid, tab, DEFAULT_INTAKE_FILTERS, 0));
      if (selected) start(intakeItemQuery(slug, pid, selected));
    }, 1);
    return null;
  };

  const intakeSettings: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    after(projectQuery(slug, pid), (p) => {
      if (BUILT_FEATURES.intake && p.intake_view && can("settingsView", "intake", { userId: "me", projectRole: p.member_role })) start(intakeSettingsQuery(slug, pid));
    }, 1);
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
    start(projectQuery(params.workspaceSlug!, params.projectId!), projectRolesQuery(params.workspaceSlug!));
    return null;
  };

  /** issues/, archives/issues/, epics/ (and the peek view of `?peekId=`). */
  const workItems = (kind: ContextKind): Loader => async ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const itemKind: ItemKind = kind === "epics" ? "epics" : "issues";
    projectRefs(slug, pid);
    if (kind === "archived") listPage(slug, pid, kind, readLocal(localPrefsKey(slug, pid, kind)));
    else {
      const cycleId = params.cycleId;
      const props = () => after(userPropertiesQuery(slug, pid, kind === "cycle" ? `cycle:${cycleId}` : itemKind), (p) => listPage(slug, pid, kind, prefsFrom(p), cycleId));
      // epics lists exist only where epics are turned on
      if (kind === "epics") after(projectQuery(slug, pid), (p) => p.is_epic_enabled && props(), 1);
      else props();
    }
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
    if (archived) start(archivedModulesQuery(slug, pid));
    return null;
  };

  /** modules/:moduleId (and archives/modules/:moduleId): the module, its saved list choices, then its first list page. */
  const moduleItems = (archived: boolean): Loader => async ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.moduleId!;
    projectRefs(slug, pid);
    start(moduleDetailQuery(slug, pid, id, archived));
    after(userPropertiesQuery(slug, pid, `module:${id}`), (p) => listPage(slug, pid, "module", prefsFrom(p), id));
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
    if (page === "archived") start(archivedCyclesQuery(slug, pid));
    else start(cyclesQuery(slug, pid), projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    return null;
  };

  /** cycles/:cycleId: the cycle, its progress and (with dates) its analytics; its work items come from `workItems("cycle")`. */
  const cycle: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.cycleId!;
    start(cycleProgressQuery(slug, pid, id), cyclesQuery(slug, pid));
    after(cycleQuery(slug, pid, id), (c) => {
      if (c.start_date && c.end_date) start(cycleAnalyticsQuery(slug, pid, id, "issues"));
    }, 1);
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
    after(workItemLookupQuery(slug, key), (l) => workItem(slug, l.project_id, l.id, l.is_epic ? "epics" : "issues"));
    const ident = key.slice(0, Math.max(0, key.lastIndexOf("-")));
    after(projectsQuery(slug), (list) => {
      const p = list.find((x) => x.identifier.toUpperCase() === ident);
      if (p) projectRefs(slug, p.id);
    }, 2);
    // what does not depend on the project starts now
    start(projectRolesQuery(slug), workspaceMembersQuery(slug));
    return null;
  };

  /** views/: the project's saved views (where views are turned on). */
  const projectViews: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    after(projectQuery(slug, pid), (p) => p.issue_views_view && start(viewsQuery(slug, pid)), 1);
    return null;
  };

  /** views/:viewId: the view, then its first page as its saved choices shape it. */
  const projectView: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const id = params.viewId!;
    projectRefs(slug, pid);
    after(viewQuery(slug, pid, id), (v) => listPage(slug, pid, "view", prefsFrom(v as Partial<Prefs>), id));
    return null;
  };

  /** workspace-views/:globalViewId: the custom views (the tabs) and the view's work items. */
  const workspaceViews: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.globalViewId ?? "all-issues";
    const custom = viewsQuery(slug, null);
    if (isDefaultGlobalView(id)) start(custom, globalViewIssuesQuery(slug, id, {}));
    else after(custom, (list) => {
      const v = list.find((x) => x.id === id);
      if (v) start(globalViewIssuesQuery(slug, id, v.filters));
    });
    start(projectsQuery(slug));
    return null;
  };

  /** pages/: the tab's pages and the tabs' counts (where pages are turned on). */
  const pages: Loader = ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    const { type, order } = pageListParams(new URL(request.url).searchParams);
    after(projectQuery(slug, pid), (p) => p.page_view && start(pagesQuery(slug, pid, type, order), pagesSummaryQuery(slug, pid)), 1);
    return null;
  };

  /** pages/:pageId: the page, and the project's people and items its editor mentions. */
  const page: Loader = ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    start(pageQuery(slug, pid, params.pageId!));
    projectRefs(slug, pid);
    return null;
  };

  const projectSettings = (page: ProjectSettingsPage): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    const pid = params.projectId!;
    // the general page checks whether the caller is the only admin (project members) before offering "Leave"
    if (page === "general") start(workspaceMembersQuery(slug), projectMembersQuery(slug, pid));
    if (page === "members") start(projectMembersQuery(slug, pid), workspaceMembersQuery(slug));
    if (page === "states") start(statesQuery(slug, pid));
    if (page === "labels") start(labelsQuery(slug, pid));
    if (page === "repositories" || page === "mcp-servers") start(environmentTemplatesQuery(slug, pid));
    if (page === "estimates" && BUILT_FEATURES.estimates) start(estimatesQuery(slug, pid));
    if (page === "model-configuration" || page === "agents") start(modelConfigsQuery(slug, pid));
    if (page === "agents") { start(agentTemplatesQuery(slug, pid)); start(agentMetadataQuery(slug, pid)); }
    return null;
  };

  const workspaceSettings = (page: WorkspaceSettingsPage): Loader => ({ params }) => {
    const slug = params.workspaceSlug!;
    if (page === "members") start(workspaceMembersQuery(slug), workspaceInvitationsQuery(slug));
    if (page === "webhooks") start(webhooksQuery(slug));
    if (page === "api-tokens") start(apiTokensQuery(slug));
    if (page === "exports") start(exportsQuery(slug), projectsQuery(slug));
    if (page === "imports") start(importersQuery(slug), projectsQuery(slug));
    return null;
  };

  /** analytics/:tab: the tab's totals and charts (the custom chart follows its pickers). */
  const analytics: Loader = ({ params, request }) => {
    const slug = params.workspaceSlug!;
    const ids = new URL(request.url).searchParams.get("project_ids");
    const scope: AnalyticsScope = { kind: "workspace", projectIds: ids ? ids.split(",").filter(Boolean) : [] };
    const workItems = params.tab === "work-items" || params.tab === "custom";
    start(analyticsTotalsQuery(slug, scope, "work-items"), analyticsTimelineQuery(slug, scope));
    if (workItems) start(analyticsStatsQuery(slug, scope));
    else start(analyticsTotalsQuery(slug, scope, "overview"), analyticsProjectsChartQuery(slug, scope));
    start(projectsQuery(slug));
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
    else start(userIssuesQuery(slug, id, tab));
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

  return {
    signedIn, workspaceShell, inbox, projectsPage, projectShell, workItems, workItemPage, modules, moduleItems, cycles, cycle, browse, projectViews, projectView, pages, page,
    workspaceViews, projectSettings, workspaceSettings, profile, secrets, intake, intakeSettings, home, stickies, analytics, person, personTab, teamspaces, teamspace, teamspaceTab, teamView,
  };
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

/** The loaders of the workspace's own screens and the account's (see loaders.ts). */
import {
  ANALYTICS_TAB_ALIASES,
  globalListPrefs,
  globalViewPrefsFrom,
  isDefaultGlobalView,
  isHomeDashboardWidget,
} from "@stride/shared";
import { WORKSPACE_SETTINGS_PAGES, canSee, navEntry, roleBucket } from "@stride/shared";
import { mySecretsQuery } from "../api/secrets.ts";
import { meQuery, profileQuery, userSettingsQuery } from "../api/users.ts";
import { workspaceInvitationsQuery, workspaceMembersQuery } from "../api/workspaces.ts";
import { webhooksQuery } from "../api/webhooks.ts";
import { importersQuery } from "../api/importers.ts";
import { apiTokensQuery } from "../api/api-tokens.ts";
import { exportsQuery } from "../api/exports.ts";
import { projectDetailsQuery, projectsQuery } from "../api/projects.ts";
import { workspaceUserPropertiesQuery } from "../api/favorites.ts";
import { workspaceEstimatesQuery } from "../api/estimates.ts";
import { teamViewsPlace, viewQuery, viewsQuery } from "../api/views.ts";
import { teamspaceProgressQuery, teamspaceQuery, teamspacesQuery } from "../api/teamspaces.ts";
import { inboxQuery, unreadQuery } from "../api/notifications.ts";
import { notificationPreferencesQuery, sessionsQuery } from "../api/account.ts";
import {
  assignedWorkQuery,
  dashboardWidgetQuery,
  homeDashboardQuery,
  homePreferencesQuery,
  quickLinksQuery,
  recentVisitsQuery,
  stickiesQuery,
} from "../api/home.ts";
import {
  analyticsProjectsChartQuery,
  analyticsStatsQuery,
  analyticsTimelineQuery,
  analyticsTotalsQuery,
  type AnalyticsScope,
} from "../api/analytics.ts";
import { userActivityQuery, userProfileQuery, userStatsQuery, type PersonItemTab } from "../api/people.ts";
import { DEFAULT_INBOX } from "../features/notifications/inbox.ts";
import { localPrefsKey, prefsFrom, readLocal, type Prefs } from "../features/work-items/lib/list-view.ts";
import { mayAsk, type CallerRoles, type Loader } from "./loader-queue.ts";
import type { Ctx } from "./loader-parts.ts";

export type WorkspaceSettingsPage = "general" | "members" | "webhooks" | "api-tokens" | "exports" | "imports" | "other";

const signedIn =
  ({ start, startLast }: Ctx): Loader =>
  () => {
    start(meQuery);
    startLast(profileQuery);
    return null;
  };

const workspaceShell =
  ({ workspace }: Ctx): Loader =>
  ({ params }) => {
    workspace(params.workspaceSlug!);
    return null;
  };

const inbox =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    start(inboxQuery(params.workspaceSlug!, DEFAULT_INBOX), unreadQuery(params.workspaceSlug!));
    return null;
  };

/** The home: its widgets' order and switches, and what each widget shows (the assigned work once the dashboard is known). */
const home =
  ({ start, after }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    start(homePreferencesQuery(slug), quickLinksQuery(slug), recentVisitsQuery(slug), stickiesQuery(slug));
    after(
      homeDashboardQuery(slug),
      (d) => {
        const tab = (d.widgets.find((w) => w.key === "assigned_issues")?.widget_filters as { tab?: string } | undefined)
          ?.tab;
        if (tab === "pending" || tab === "upcoming" || tab === "overdue" || tab === "completed")
          start(assignedWorkQuery(slug, d.dashboard.id, tab));
        for (const w of d.widgets)
          if (w.is_visible && isHomeDashboardWidget(w.key)) start(dashboardWidgetQuery(slug, d.dashboard.id, w));
      },
      1,
    );
    return null;
  };

const stickies =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    start(stickiesQuery(params.workspaceSlug!));
    return null;
  };

const projectsPage =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    start(projectDetailsQuery(params.workspaceSlug!));
    return null;
  };

/**
 * workspace-views/:globalViewId: the custom views (the tabs), the projects the lists span, and the view's first page
 * as its saved choices shape it (a default view's in the workspace user properties, a custom view's on it).
 */
const workspaceViews =
  ({ start, after, listPage }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.globalViewId ?? "all-issues";
    const custom = viewsQuery(slug, null);
    start(custom, projectDetailsQuery(slug));
    if (isDefaultGlobalView(id))
      after(workspaceUserPropertiesQuery(slug), (p) =>
        listPage(slug, "", "global_view", globalViewPrefsFrom(p, id), id),
      );
    else
      after(custom, (list) => {
        const v = list.find((x) => x.id === id);
        if (v) listPage(slug, "", "global_view", globalListPrefs(v as Partial<Prefs>), id);
      });
    return null;
  };

const workspaceSettings =
  (c: Ctx) =>
  (page: WorkspaceSettingsPage): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    if (page === "other") return null;
    // only what the caller's role may open: every workspace settings page is for admins (the layout says so to others)
    const opens = (r: CallerRoles) =>
      !r ||
      [navEntry(WORKSPACE_SETTINGS_PAGES, "general"), navEntry(WORKSPACE_SETTINGS_PAGES, page)].every((e) =>
        canSee(e, roleBucket(r.workspaceRole)),
      );
    c.withRoles(slug, false, (r) => opens(r) && workspaceSettingsRequests(c)(slug, page));
    return null;
  };

const workspaceSettingsRequests =
  ({ start }: Ctx) =>
  (slug: string, page: WorkspaceSettingsPage) => {
    if (page === "members") start(workspaceMembersQuery(slug), workspaceInvitationsQuery(slug));
    if (page === "webhooks") start(webhooksQuery(slug));
    if (page === "api-tokens") start(apiTokensQuery(slug));
    if (page === "exports") start(exportsQuery(slug), projectsQuery(slug));
    if (page === "imports") start(importersQuery(slug), projectsQuery(slug));
  };

/** analytics/:tab: the tab's totals and charts (the custom chart follows its pickers). */
const analytics =
  ({ start, withRoles }: Ctx): Loader =>
  ({ params, request }) => {
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
const person =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    start(userProfileQuery(params.workspaceSlug!, params.userId!), projectsQuery(params.workspaceSlug!));
    return null;
  };

const personTab =
  ({ start, listPage }: Ctx) =>
  (tab: PersonItemTab | "summary" | "activity"): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.userId!;
    if (tab === "summary") start(userStatsQuery(slug, id), userActivityQuery(slug, id, 0, 10));
    else if (tab === "activity") start(userActivityQuery(slug, id, 0, 25));
    else {
      start(projectDetailsQuery(slug));
      listPage(
        slug,
        "",
        "profile",
        readLocal(localPrefsKey(slug, `profile:${tab}`, "profile"), "profile"),
        `${id}/${tab}`,
      );
    }
    return null;
  };

const profile =
  ({ start }: Ctx): Loader =>
  () => {
    start(userSettingsQuery);
    return null;
  };

/** Teamspaces: the caller's list. */
const teamspaces =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    start(teamspacesQuery(params.workspaceSlug!));
    return null;
  };

/** A teamspace's screens: it and the projects its lists span. */
const teamspace =
  ({ start }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    start(teamspaceQuery(slug, params.teamspaceId!), projectDetailsQuery(slug), workspaceMembersQuery(slug));
    return null;
  };

/** A teamspace's overview (its counts), views, or work items (its first page, as this device's choices shape it). */
const teamspaceTab =
  ({ start, listPage }: Ctx) =>
  (tab: "overview" | "views" | "issues"): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.teamspaceId!;
    if (tab === "overview") start(teamspaceProgressQuery(slug, id));
    else if (tab === "views") start(viewsQuery(slug, teamViewsPlace(id)));
    else listPage(slug, "", "team", readLocal(localPrefsKey(slug, `teamspace:${id}`, "team")), id);
    return null;
  };

/** A team view: the view, then its work items as its saved choices shape them (like a project's view). */
const teamView =
  ({ after, listPage }: Ctx): Loader =>
  ({ params }) => {
    const slug = params.workspaceSlug!;
    const id = params.teamspaceId!;
    const viewId = params.viewId!;
    after(viewQuery(slug, teamViewsPlace(id), viewId), (v) =>
      listPage(slug, "", "team_view", prefsFrom(v as Partial<Prefs>), `${id}/views/${viewId}`),
    );
    return null;
  };

const secrets =
  ({ start }: Ctx): Loader =>
  () => {
    start(mySecretsQuery);
    return null;
  };

/** profile/security: the signed-in sessions. */
const security =
  ({ start }: Ctx): Loader =>
  () => {
    start(sessionsQuery);
    return null;
  };

/** profile/notifications: the notification preferences. */
const notificationSettings =
  ({ start }: Ctx): Loader =>
  () => {
    start(notificationPreferencesQuery);
    return null;
  };

/** Each loader, given the loaders' context (`createLoaders` hands it the same one). */
export const workspaceLoaders = {
  signedIn,
  workspaceShell,
  inbox,
  home,
  stickies,
  projectsPage,
  workspaceViews,
  workspaceSettings,
  analytics,
  person,
  personTab,
  profile,
  teamspaces,
  teamspace,
  teamspaceTab,
  teamView,
  secrets,
  security,
  notificationSettings,
};

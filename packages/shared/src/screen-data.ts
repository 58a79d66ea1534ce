/**
 * The GET requests an app screen makes when it is opened from its URL: the requests its route loaders
 * start (apps/web/src/app/loaders.ts) and its shells read. The server runs them for the signed-in caller
 * while it serves the app's HTML and embeds the answers in it (apps/server/src/core/screen-data.ts), so the
 * first render needs no round trip; the web's HTTP client answers those requests from the page
 * (apps/web/src/api/boot-data.ts). A request missing here is simply made by the browser, as before; the
 * browser test `screen-data.e2e.ts` checks that the measured screens make none.
 *
 * `get(url)` resolves to the body of a 200 answer, else undefined; a request that needs another's value
 * waits for it, everything else starts at once.
 */
import { isReservedWorkspaceSlug } from "./constants.ts";
import { isDefaultGlobalView } from "./issue-filters/saved.ts";
import { INTAKE_FIRST_CURSOR, INTAKE_PAGE_SIZE, INTAKE_TAB_STATUSES, intakeTabParam } from "./intake.ts";
import { can, seesOnlyOwnWorkItems, type RoleContext } from "./permissions.ts";
import {
  PROJECT_SETTINGS_PAGES,
  WORKSPACE_SETTINGS_PAGES,
  canSee,
  effectiveProjectRole,
  navEntry,
  roleBucket,
} from "./navigation.ts";
import { WORKLOG_REPORT_PAGE_SIZE } from "./time-tracking.ts";
import { isHomeDashboardWidget, STICKIES_SHOWN, widgetStatsParams } from "./home.ts";
import {
  buildListQuery,
  effectiveDisplay,
  globalListPrefs,
  globalViewPrefsFrom,
  listPageSource,
  listPrefsFrom,
  PROFILE_TAB_FILTER,
  type ListPrefs,
} from "./issue-filters/list-query.ts";

export type ScreenGet = (url: string) => Promise<unknown>;
/** A value one of the screen's requests announces before its whole answer (the server's page loads), or undefined when none will. */
export type ScreenAnnounced = (key: string) => Promise<unknown> | undefined;

/**
 * The announcement of the work item behind `IDENT-seq` in workspace `slug` (its id, project and kind, once the caller may
 * see it): the lookup by key makes it as soon as it has found the item, before reading the rest of its answer, so the
 * page's requests for the item's parts start then.
 */
export const workItemKeyAnnouncement = (slug: string, key: string) => `work-item-key:${slug}:${key.toUpperCase()}`;

/** Expanded parts of a work item as the detail (page or peek) reads it. */
export const DETAIL_EXPAND = "issue_reactions,issue_attachments,issue_link,parent,tasks";

/** Which feature lists a project's work-item screens read: only the features the project has turned on. */
export function featureListsOf(
  p:
    | { cycle_view?: boolean; module_view?: boolean; estimate?: unknown; is_workflow_enabled?: boolean }
    | null
    | undefined,
): { cycles: boolean; modules: boolean; estimates: boolean; workflows: boolean } {
  return {
    cycles: !!p?.cycle_view,
    modules: !!p?.module_view,
    estimates: !!p?.estimate,
    /** The workflow rules: the state pickers and the board ask them before offering a move. */
    workflows: !!p?.is_workflow_enabled,
  };
}

/** A request's identity: its path and its query parameters in a fixed order (the page and the server build query strings differently). */
export function requestKey(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = [...new URLSearchParams(url.slice(q + 1))].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  return params.length ? `${url.slice(0, q)}?${new URLSearchParams(params).toString()}` : url.slice(0, q);
}

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** Paths of the app that need no session (nothing to embed). */
const PUBLIC_ROOTS = new Set([
  "sign-in",
  "sign-up",
  "accounts",
  "workspace-invitations",
  "god-mode",
  "assets",
  "api",
  "auth",
  "spaces",
]);
const USER_ROUTES = new Set(["onboarding", "create-workspace", "invitations", "profile"]);

/** Run the GET requests of the screen at `pathname` (+ `search`) through `get`; resolves when every one has answered. */
export async function screenRequests(
  pathname: string,
  search: string,
  get: ScreenGet,
  announced?: ScreenAnnounced,
): Promise<void> {
  let parts: string[];
  try {
    parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return;
  }
  if (!parts.length || PUBLIC_ROOTS.has(parts[0])) return;
  // a reserved name (the app's own paths) is no workspace's: its page asks for nothing of one
  if (!USER_ROUTES.has(parts[0]) && isReservedWorkspaceSlug(parts[0])) return;
  const pending: Promise<unknown>[] = [];
  const go = (url: string) => {
    const p = get(url);
    pending.push(p);
    return p;
  };
  const then = <T>(url: string, next: (value: T) => void) => go(url).then((v) => v !== undefined && next(v as T));

  go("/api/users/me/");
  go("/api/users/me/profile/");
  if (USER_ROUTES.has(parts[0])) {
    if (parts[0] === "profile") go("/api/users/me/settings/");
    if (parts[0] === "profile" && parts[1] === "secrets") go("/api/users/me/secrets/");
    if (parts[0] === "profile" && parts[1] === "security") go("/api/users/me/sessions/");
    if (parts[0] === "profile" && parts[1] === "notifications") go("/api/users/me/notification-preferences/");
  } else {
    workspaceScreen(parts, new URLSearchParams(search), go, then, (key, next, until) => {
      const p = announced?.(key);
      // an announcement that never comes (the item is not found, or not the caller's to see) stops counting once `until` is done
      if (p) pending.push(Promise.race([p.then((v) => v !== undefined && next(v as never)), until]));
    });
  }
  // requests started by answers join the list while it is awaited
  for (let i = 0; i < pending.length; i++) await pending[i].catch(() => undefined);
}

type Go = (url: string) => Promise<unknown>;
type Then = <T>(url: string, next: (value: T) => void) => Promise<unknown>;
type OnAnnounced = <T>(key: string, next: (value: T) => void, until: Promise<unknown>) => void;

/** What a workspace screen's requests are made from. */
interface Screen {
  slug: string;
  search: URLSearchParams;
  parts: string[];
  /** The workspace's API path. */
  W: string;
  /** A project's API path. */
  P: (pid: string) => string;
  /** The caller's project roles: what every project screen asks for waits for them. */
  roles: string;
  go: Go;
  then: Then;
}

function workspaceScreen(parts: string[], search: URLSearchParams, go: Go, then: Then, onAnnounced: OnAnnounced) {
  const [slug, section, a, b, c] = parts;
  const W = `/api/workspaces/${encodeURIComponent(slug)}`;
  const s: Screen = {
    slug,
    search,
    parts,
    W,
    P: (pid) => `${W}/projects/${pid}`,
    roles: `/api/users/me/workspaces/${encodeURIComponent(slug)}/project-roles/`,
    go,
    then,
  };
  if (section === "browse" && a) browseLookup(s, a, onAnnounced);
  shellRequests(s);
  if (section === "browse" && a) {
    go(s.roles);
    go(`${W}/members/`);
    return;
  }
  if (!section) return homeScreen(s);
  if (section === "stickies") return void stickies(s);
  if (section === "workspace-views") return workspaceViewScreen(s, a ?? "all-issues");
  if (section === "projects" && !a) return void go(`${W}/projects/details/`);
  if (section === "settings") return workspaceSettingsScreen(s, a);
  if (section !== "projects" || !a || a === "archives") return;
  projectScreen(s, a, b, c);
}

// a screen asks for nothing its user may not read (issue #27 point 10), as the route loaders (`withRoles`): what a
// role decides waits for the caller's roles
function asMember(s: Screen, next: (ctx: RoleContext) => void) {
  return s.then<{ member: string; role: number }>(`${s.W}/workspace-members/me/`, (m) =>
    next({ userId: m.member, workspaceRole: m.role }),
  );
}

/** What a project's screens ask for, once the caller's roles say they are in the project. */
function inProject(s: Screen, pid: string, next: (ctx: RoleContext) => void) {
  return asMember(
    s,
    (w) =>
      void s.then<Record<string, number>>(s.roles, (r) => {
        const ctx = { ...w, projectRole: r[pid] ?? null };
        if (can("view", "project", ctx)) next(ctx);
      }),
  );
}

/**
 * A work item by key: the item's parts need its id, so the lookup by key goes out first. Its answer is the detail the
 * web shows (its loader caches it under the by-id key too), so the by-id read is not made again. The project's data
 * starts from whichever names the project first, the lookup or the projects list (by the key's identifier), so the
 * project and its estimates do not wait behind the lookup.
 */
function browseLookup(s: Screen, keyPart: string, onAnnounced: OnAnnounced) {
  const key = keyPart.toUpperCase();
  const ident = key.slice(0, Math.max(0, key.lastIndexOf("-")));
  // the item's parts start from whichever names the item first: the lookup's announcement (made once it has found
  // the item, before it reads the rest of its answer) or its answer
  type Found = { id: string; project_id: string; is_epic?: boolean };
  let found = false;
  const partsOf = (d: Found) => {
    if (found) return;
    found = true;
    workItem(s, d.project_id, d.id, d.is_epic ? "epics" : "issues", false);
  };
  // the lookup goes first, not waiting for the roles: a caller outside the item's project is refused it and the
  // page carries nothing of it (the web asks for it only once the projects list and the roles let it)
  const lookup = s.then<Found>(
    withQuery(`${s.W}/work-items/${encodeURIComponent(key)}/`, { expand: DETAIL_EXPAND }),
    partsOf,
  );
  onAnnounced<Found>(workItemKeyAnnouncement(s.slug, key), partsOf, lookup);
  s.then<{ id: string; identifier: string }[]>(`${s.W}/projects/`, (list) => {
    const p = Array.isArray(list) ? list.find((x) => x.identifier.toUpperCase() === ident) : undefined;
    if (p) projectRefs(s, p.id);
  });
}

/** What every workspace screen's shell reads. */
function shellRequests(s: Screen) {
  const { go, W } = s;
  go(`${W}/`);
  go("/api/users/me/workspaces/");
  go(`${W}/projects/`);
  // the sidebar: the caller's workspace preferences, and their favourites where their role has them
  go(`${W}/user-properties/`);
  // the sidebar's inbox badge and pinned entries
  go(`${W}/users/notifications/unread/`);
  go(`${W}/sidebar-preferences/`);
  asMember(s, (ctx) => can("view", "favorite", ctx) && go(`${W}/user-favorites/?all=true`));
  // the sidebar's teamspaces (guests have none)
  asMember(s, (ctx) => can("view", "teamspace", ctx) && go(`${W}/teamspaces/`));
  // the caller's project roles: what every project screen asks for waits for them
  go(s.roles);
}

/** A project's lists every work-item screen reads. */
function projectRefs(s: Screen, pid: string) {
  const { go, W, P } = s;
  inProject(s, pid, () => {
    go(`${P(pid)}/states/`);
    go(`${P(pid)}/issue-labels/`);
    go(`${P(pid)}/members/`);
    go(`${W}/members/`);
    // as the route loaders do: the cycle and module lists answer whatever the project's switches say
    go(`${P(pid)}/cycles/`);
    go(`${P(pid)}/modules/`);
    s.then<Parameters<typeof featureListsOf>[0]>(`${P(pid)}/`, (p) => {
      const needs = featureListsOf(p);
      if (needs.estimates) go(`${P(pid)}/estimates/`);
      if (needs.workflows) go(`${P(pid)}/workflow-states/`);
    });
  });
}

/** The item's parts; the item itself too unless the page has it already (`withItem` false: the by-key answer, which the web caches under both keys). */
function workItem(s: Screen, pid: string, id: string, kind: "issues" | "epics", withItem = true) {
  const { go, then, P } = s;
  const item = `${P(pid)}/${kind}/${id}/`;
  const type = kind === "epics" ? "epic" : "issue";
  const parts = () => {
    go(withQuery(`${item}history/`, { activity_type: `${type}-property` }));
    go(withQuery(`${item}history/`, { activity_type: `${type}-comment` }));
    go(`${item}sub-issues/`);
    // its time logs and totals where the project tracks time (issue #29)
    then<{ is_time_tracking_enabled?: boolean }>(`${P(pid)}/`, (p) => {
      if (!p.is_time_tracking_enabled) return;
      go(`${item}worklogs/`);
      go(`${item}worklogs/summary/`);
    });
    go(`${item}issue-relation/`);
    go(`/api/assets/v2/workspaces/${encodeURIComponent(s.slug)}/projects/${pid}/issues/${id}/attachments/`);
  };
  inProject(s, pid, (ctx) => {
    // a guest may see only some items (those they created): their item's parts wait for the item
    const detail = withItem ? withQuery(item, { expand: DETAIL_EXPAND }) : null;
    if (detail && seesOnlyOwnWorkItems({ projectRole: ctx.projectRole, guestViewAllFeatures: false }))
      return void then(detail, parts);
    if (detail) go(detail);
    parts();
  });
  projectRefs(s, pid);
}

/** The first page of a project's work items or epics, as the caller's saved choices shape it. */
function listPage(s: Screen, pid: string, kind: "issues" | "epics", prefs: ListPrefs) {
  const display = effectiveDisplay({ ...prefs.display_filters }, kind === "epics" ? "epics" : "project");
  const layout = String(display.layout ?? "list");
  // the calendar asks for its date window once it knows its size
  if (layout === "calendar") return;
  const query = buildListQuery(prefs.filters, display, { kind: kind === "epics" ? "epics" : "project" });
  const src = listPageSource(kind, layout);
  s.go(
    withQuery(`${s.P(pid)}/${src.path}`, {
      ...query.params,
      ...src.query,
      per_page: query.perPage,
      cursor: `${query.perPage}:0:0`,
    }),
  );
}

const stickies = (s: Screen) =>
  s.go(withQuery(`${s.W}/stickies/`, { per_page: STICKIES_SHOWN, cursor: `${STICKIES_SHOWN}:0:0` }));

/** The home's widgets (apps/web/src/api/home.ts), the assigned work once the dashboard names its tab. */
function homeScreen(s: Screen) {
  const { go, W } = s;
  go(`${W}/home-preferences/`);
  go(`${W}/quick-links/`);
  go(`${W}/recent-visits/`);
  stickies(s);
  s.then<{
    dashboard: { id: string };
    widgets: { key: string; is_visible: boolean; widget_filters: { tab?: string } }[];
  }>(withQuery(`${W}/dashboard/`, { dashboard_type: "home" }), (d) => {
    const tab = d.widgets.find((w) => w.key === "assigned_issues")?.widget_filters?.tab;
    if (tab) go(withQuery(`${W}/dashboard/${d.dashboard.id}/`, { widget_key: "assigned_issues", issue_type: tab }));
    // the dashboard's summary widgets switched on
    for (const w of d.widgets)
      if (w.is_visible && isHomeDashboardWidget(w.key))
        go(withQuery(`${W}/dashboard/${d.dashboard.id}/`, widgetStatsParams(w)));
  });
}

/**
 * A workspace view: the custom views (its tabs), the projects its list spans, and its first page as the caller's
 * saved choices shape it (a default view's in W/user-properties/, a custom view's on the view).
 */
function workspaceViewScreen(s: Screen, id: string) {
  const { go, then, W } = s;
  go(`${W}/projects/details/`);
  const view = (prefs: ListPrefs) => globalListPage(s, prefs, id);
  then<{ id: string; filters?: unknown; display_filters?: unknown; display_properties?: unknown }[]>(
    `${W}/views/`,
    (list) => {
      const v = !isDefaultGlobalView(id) && Array.isArray(list) ? list.find((x) => x.id === id) : undefined;
      if (v) view(globalListPrefs(v as Partial<ListPrefs>));
    },
  );
  if (isDefaultGlobalView(id))
    then<Parameters<typeof globalViewPrefsFrom>[0]>(`${W}/user-properties/`, (p) => view(globalViewPrefsFrom(p, id)));
}

function globalListPage(s: Screen, prefs: ListPrefs, id: string) {
  const display = effectiveDisplay({ ...prefs.display_filters }, "global_view");
  const layout = String(display.layout ?? "list");
  if (layout === "calendar") return;
  const query = buildListQuery(prefs.filters, display, { kind: "global_view" });
  const src = listPageSource("global_view", layout, id);
  s.go(
    withQuery(`${s.W}/${src.path}`, {
      ...query.params,
      ...src.query,
      per_page: query.perPage,
      cursor: `${query.perPage}:0:0`,
    }),
  );
}

/** Every workspace settings page is for admins (the layout tells the others so, asking nothing). */
function workspaceSettingsScreen(s: Screen, a: string | undefined) {
  const { go, W } = s;
  const page = WORKSPACE_SETTINGS_PAGES.find((e) => e.key === (a === "impors" ? "imports" : (a ?? "general")));
  asMember(
    s,
    (ctx) =>
      !!page &&
      [navEntry(WORKSPACE_SETTINGS_PAGES, "general"), page].every((e) => canSee(e, roleBucket(ctx.workspaceRole))) &&
      workspaceSettingsPage(),
  );
  function workspaceSettingsPage() {
    if (a === "members") {
      go(`${W}/members/`);
      go(`${W}/invitations/`);
    }
    if (a === "webhooks") go(`${W}/webhooks/`);
    if (a === "api-tokens") go(`${W}/api-tokens/`);
    if (a === "imports" || a === "impors") {
      go(`${W}/importers/`);
      go(`${W}/projects/`);
    }
  }
}

/** A project's screens: its work items and epics, archives, intake, updates, worklog report and settings. */
function projectScreen(s: Screen, pid: string, b: string | undefined, c: string | undefined) {
  const { go, then, P } = s;
  inProject(s, pid, () => go(`${P(pid)}/`));
  if (b === "issues" || b === "epics") return projectItemsScreen(s, pid, b, c);
  if (b === "archives" && c === "issues" && s.parts[5]) return workItem(s, pid, s.parts[5], "issues");
  if (b === "intake" && !c) return intakeScreen(s, pid);
  // project updates and the worklog report (issue #29), as their loaders: once the project says the feature is on
  if (b === "updates" && !c) {
    return void inProject(s, pid, () =>
      then<{ is_project_updates_enabled?: boolean }>(`${P(pid)}/`, (p) => {
        if (p.is_project_updates_enabled) go(`${P(pid)}/updates/`);
      }),
    );
  }
  if (b === "worklogs" && !c) return worklogsScreen(s, pid);
  if (b === "settings") projectSettingsScreen(s, pid, c ?? "general");
}

/** A project's work items or epics (or one of them, or one peeked at): the list's first page as the caller left it. */
function projectItemsScreen(s: Screen, pid: string, kind: "issues" | "epics", c: string | undefined) {
  const { then, P } = s;
  if (c) return workItem(s, pid, c, kind);
  projectRefs(s, pid);
  const props = `${P(pid)}/${kind === "epics" ? "epics-user-properties/" : "user-properties/"}`;
  inProject(s, pid, () => {
    if (kind === "issues") then<Partial<ListPrefs>>(props, (p) => listPage(s, pid, kind, listPrefsFrom(p)));
    else
      then<{ is_epic_enabled?: boolean }>(
        `${P(pid)}/`,
        (p) => p.is_epic_enabled && then<Partial<ListPrefs>>(props, (u) => listPage(s, pid, kind, listPrefsFrom(u))),
      );
  });
  const peekId = s.search.get("peekId");
  if (peekId) workItem(s, pid, peekId, kind);
}

/** As the intake loader: the tab's first page and the selected request, once the project says intake is on. */
function intakeScreen(s: Screen, pid: string) {
  const { go, then, P, search } = s;
  inProject(s, pid, () =>
    then<{ intake_view?: boolean }>(`${P(pid)}/`, (p) => {
      if (!p.intake_view) return;
      const tab = intakeTabParam(search.get("tab"));
      go(
        withQuery(`${P(pid)}/inbox-issues/`, {
          status: INTAKE_TAB_STATUSES[tab].join(","),
          order_by: "-issue__created_at",
          per_page: INTAKE_PAGE_SIZE,
          cursor: INTAKE_FIRST_CURSOR,
        }),
      );
      const selected = search.get("inboxId");
      if (selected) go(`${P(pid)}/inbox-issues/${encodeURIComponent(selected)}/`);
    }),
  );
}

function worklogsScreen(s: Screen, pid: string) {
  const { go, then, P } = s;
  inProject(s, pid, () =>
    then<{ is_time_tracking_enabled?: boolean; member_role?: number | null }>(`${P(pid)}/`, (p) => {
      if (
        !p.is_time_tracking_enabled ||
        !can("report", "worklog", { userId: "me", projectRole: p.member_role ?? null })
      )
        return;
      go(
        withQuery(`${P(pid)}/worklogs/`, {
          per_page: WORKLOG_REPORT_PAGE_SIZE,
          cursor: `${WORKLOG_REPORT_PAGE_SIZE}:0:0`,
        }),
      );
      go(withQuery(`${P(pid)}/worklogs/summary/`, { group_by: "issue" }));
    }),
  );
}

/** Only the settings pages the caller's role opens (the layout shows the others as "You don't have access"). */
function projectSettingsScreen(s: Screen, pid: string, page: string) {
  const { go, W, P } = s;
  const entry = PROJECT_SETTINGS_PAGES.find((e) => e.key === page);
  inProject(
    s,
    pid,
    (ctx) =>
      !!entry && canSee(entry, effectiveProjectRole(ctx.projectRole, ctx.workspaceRole)) && projectSettingsPage(),
  );
  function projectSettingsPage() {
    if (page === "general" || page === "members") {
      go(`${W}/members/`);
      go(`${P(pid)}/members/`);
    }
    // the cover picker's covers
    if (page === "general") go("/api/project-covers/");
    if (page === "states") go(`${P(pid)}/states/`);
    if (page === "labels") go(`${P(pid)}/issue-labels/`);
    if (page === "workflows") {
      go(`${P(pid)}/states/`);
      go(`${P(pid)}/workflow-states/`);
      go(`${W}/members/`);
      go(`${P(pid)}/members/`);
    }
    if (page === "repositories") go(`${P(pid)}/environments/templates/`);
    if (page === "model-configuration") go(`${P(pid)}/model-configs/`);
  }
}

/** The web app's lazily loaded route chunks (apps/web/src/app/chunks/; the item detail's is its feature's chunk.ts), by their source path in apps/web (a key of Vite's manifest). */
/**
 * The app's start-up chunk: the entry (apps/web/src/main.tsx) imports it dynamically (React DOM, the providers),
 * so without a preload it is requested only once the entry has run, a second wave before the first render.
 * Every page that loads route chunks preloads it too.
 */
export const APP_START_CHUNK = "src/app/render.tsx";

export const ROUTE_CHUNKS = {
  shell: "src/app/chunks/shell.ts",
  workItems: "src/app/chunks/work-items.ts",
  screens: "src/app/chunks/screens.ts",
  settings: "src/app/chunks/settings.ts",
  workItemDetail: "src/features/work-item-detail/chunk.ts",
  cycles: "src/app/chunks/cycles.ts",
  insight: "src/app/chunks/insight.ts",
  godMode: "src/app/chunks/god-mode.ts",
  pages: "src/app/chunks/pages.ts",
  tracking: "src/app/chunks/tracking.ts",
} as const;

/**
 * The route chunks the app loads to show the screen at `pathname` (+ `search`), as its router does
 * (apps/web/src/app/router.tsx, app/routes/work-items.tsx, the loaders' `workItemDetailChunk`): the
 * server names them in the page's head (`<link rel="modulepreload">`), so the browser fetches them with the
 * entry script instead of after it has run. A chunk missing here is loaded by the router as before.
 */
export function screenChunks(pathname: string, search: string): string[] {
  let parts: string[];
  try {
    parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return [];
  }
  const [first, section, a, b, c] = parts;
  if (first === "god-mode") return [ROUTE_CHUNKS.godMode];
  if (first === "api" || first === "auth" || first === "assets") return [];
  if (!first || PUBLIC_ROOTS.has(first)) return [ROUTE_CHUNKS.screens];
  // every signed-in screen is inside the shell's sign-in guard (and a workspace's layout)
  const out: string[] = [ROUTE_CHUNKS.shell];
  if (first === "profile") return [...out, ROUTE_CHUNKS.settings];
  if (USER_ROUTES.has(first)) return [...out, ROUTE_CHUNKS.screens];
  const peek = new URLSearchParams(search).has("peekId");
  const own = (() => {
    if (section === "browse" && a) return ROUTE_CHUNKS.workItemDetail;
    if (section === "settings") return ROUTE_CHUNKS.settings;
    // the workspace views, the drafts and a person's item tabs are list screens (the profile's tabs under its layout)
    if (section === "workspace-views" || section === "drafts") return ROUTE_CHUNKS.workItems;
    if (section === "profile" && b && Object.hasOwn(PROFILE_TAB_FILTER, b))
      return [ROUTE_CHUNKS.insight, ROUTE_CHUNKS.workItems];
    if (section === "analytics" || section === "profile") return ROUTE_CHUNKS.insight;
    // a teamspace's screens: its layout, with the list screen for its work items and a team view
    if (section === "teamspaces")
      return a && (b === "issues" || (b === "views" && c))
        ? [ROUTE_CHUNKS.screens, ROUTE_CHUNKS.workItems]
        : ROUTE_CHUNKS.screens;
    if (section !== "projects" || !a || a === "archives") return ROUTE_CHUNKS.screens;
    // a project's own URL goes on to its work items
    if (b === undefined) return ROUTE_CHUNKS.workItems;
    if (b === "settings") return ROUTE_CHUNKS.settings;
    // a cycle's page shows its work items (the list screen) under the cycle's header
    if (b === "cycles")
      return c && c !== "archived" ? [ROUTE_CHUNKS.cycles, ROUTE_CHUNKS.workItems] : ROUTE_CHUNKS.cycles;
    if (b === "pages") return c ? ROUTE_CHUNKS.pages : ROUTE_CHUNKS.screens;
    if (b === "updates" || b === "worklogs") return ROUTE_CHUNKS.tracking;
    if (b === "issues" || b === "epics") return c ? ROUTE_CHUNKS.workItemDetail : ROUTE_CHUNKS.workItems;
    if (b === "archives" && c === "issues") return parts[5] ? ROUTE_CHUNKS.workItemDetail : ROUTE_CHUNKS.workItems;
    if (b === "archives" && c === "modules") return parts[5] ? ROUTE_CHUNKS.workItems : ROUTE_CHUNKS.screens;
    if (b === "views" || b === "modules") return c ? ROUTE_CHUNKS.workItems : ROUTE_CHUNKS.screens;
    return ROUTE_CHUNKS.screens;
  })();
  out.push(...[own].flat());
  if (peek && !out.includes(ROUTE_CHUNKS.workItemDetail)) out.push(ROUTE_CHUNKS.workItemDetail);
  return out;
}

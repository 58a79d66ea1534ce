import { ROLE, type Role } from "./roles.ts";

/**
 * Role gating of navigation (work-tracking.md §2, platform.md §2): the ONE table the web app reads
 * for the workspace sidebar, workspace settings pages, project settings pages and the profile menu.
 * Paths are relative: sidebar/settings paths to `/{workspaceSlug}/`, project settings to
 * `/{workspaceSlug}/projects/{projectId}/`, profile menu entries are absolute.
 */
export interface NavEntry {
  key: string;
  label: string;
  /** Relative path (no leading slash, trailing slash kept when non-empty). */
  path: string;
  /** Roles that see the entry. */
  roles: readonly Role[];
  /** Shown in the default settings list. */
  inDefaultList?: boolean;
  /** Other relative paths that open the same page (e.g. the correct spelling of a misspelt spec path). */
  aliases?: readonly string[];
}

const { ADMIN, MEMBER, GUEST } = ROLE;
const ALL: readonly Role[] = [ADMIN, MEMBER, GUEST];
const ADMIN_MEMBER: readonly Role[] = [ADMIN, MEMBER];
const ADMIN_ONLY: readonly Role[] = [ADMIN];

export const WORKSPACE_SIDEBAR: readonly NavEntry[] = [
  { key: "home", label: "Home", path: "", roles: ALL },
  { key: "inbox", label: "Inbox", path: "notifications/", roles: ALL },
  { key: "projects", label: "Projects", path: "projects/", roles: ALL },
  { key: "views", label: "Views", path: "workspace-views/all-issues/", roles: ALL },
  { key: "analytics", label: "Analytics", path: "analytics/", roles: ADMIN_MEMBER },
  { key: "your-work", label: "Your work", path: "profile/", roles: ADMIN_MEMBER },
  { key: "drafts", label: "Drafts", path: "drafts/", roles: ADMIN_MEMBER },
  { key: "archives", label: "Archives", path: "projects/archives/", roles: ADMIN_MEMBER },
  { key: "stickies", label: "Stickies", path: "stickies/", roles: ALL },
];

/**
 * The sidebar entries a person pins or unpins (W/sidebar-preferences/ keys, wire-facts §9); the others (home,
 * inbox, projects) always show. Unpinned entries are listed under "More".
 */
export const SIDEBAR_PIN_KEYS: Readonly<Record<string, string>> = {
  views: "views",
  analytics: "analytics",
  "your-work": "your_work",
  drafts: "drafts",
  archives: "archives",
  stickies: "stickies",
};

/** Workspace settings: all admin only; only general and integrations are in the default list. */
export const WORKSPACE_SETTINGS_PAGES: readonly NavEntry[] = [
  { key: "general", label: "General", path: "settings/", roles: ADMIN_ONLY, inDefaultList: true },
  { key: "members", label: "Members", path: "settings/members/", roles: ADMIN_ONLY },
  { key: "billing", label: "Billing and plans", path: "settings/billing/", roles: ADMIN_ONLY },
  { key: "exports", label: "Exports", path: "settings/exports/", roles: ADMIN_ONLY },
  { key: "webhooks", label: "Webhooks", path: "settings/webhooks/", roles: ADMIN_ONLY },
  { key: "api-tokens", label: "API tokens", path: "settings/api-tokens/", roles: ADMIN_ONLY },
  {
    key: "integrations",
    label: "Integrations",
    path: "settings/integrations/",
    roles: ADMIN_ONLY,
    inDefaultList: true,
  },
  // The spec spells this path "impors"; the correct spelling opens the same page.
  { key: "imports", label: "Imports", path: "settings/impors/", aliases: ["settings/imports/"], roles: ADMIN_ONLY },
  // Teamspaces (issue #29): not a spec settings page; workspace admins create and change teamspaces here
  { key: "teamspaces", label: "Teamspaces", path: "settings/teamspaces/", roles: ADMIN_ONLY },
];

/** Project settings pages per role; the default list is general, repositories, model configuration, states, labels. */
export const PROJECT_SETTINGS_PAGES: readonly NavEntry[] = [
  { key: "general", label: "General", path: "settings/", roles: ALL, inDefaultList: true },
  { key: "members", label: "Members", path: "settings/members/", roles: ADMIN_MEMBER },
  { key: "features", label: "Features", path: "settings/features/", roles: ADMIN_ONLY },
  { key: "states", label: "States", path: "settings/states/", roles: ADMIN_MEMBER, inDefaultList: true },
  { key: "labels", label: "Labels", path: "settings/labels/", roles: ADMIN_MEMBER, inDefaultList: true },
  { key: "estimates", label: "Estimates", path: "settings/estimates/", roles: ADMIN_ONLY },
  { key: "work-item-types", label: "Work item types", path: "settings/work-item-types/", roles: ADMIN_ONLY },
  { key: "workflows", label: "Workflows", path: "settings/workflows/", roles: ADMIN_ONLY },
  { key: "automations", label: "Automations", path: "settings/automations/", roles: ADMIN_ONLY },
  {
    key: "repositories",
    label: "Repositories",
    path: "settings/repositories/",
    roles: ADMIN_ONLY,
    inDefaultList: true,
  },
  {
    key: "model-configuration",
    label: "Model configuration",
    path: "settings/model-configuration/",
    roles: ADMIN_ONLY,
    inDefaultList: true,
  },
  { key: "mcp-servers", label: "MCP servers", path: "settings/mcp-servers/", roles: ADMIN_ONLY },
  { key: "agents", label: "Agents", path: "settings/agents/", roles: ADMIN_ONLY },
];

/** Order of the default project settings list (work-tracking.md §2). */
export const DEFAULT_PROJECT_SETTINGS_ORDER = [
  "general",
  "repositories",
  "model-configuration",
  "states",
  "labels",
] as const;
export const DEFAULT_WORKSPACE_SETTINGS_ORDER = ["general", "integrations"] as const;

/** Profile menu (absolute paths). */
export const PROFILE_MENU: readonly NavEntry[] = [
  { key: "profile", label: "Profile", path: "/profile/", roles: ALL },
  { key: "security", label: "Security", path: "/profile/security/", roles: ALL },
  { key: "notifications", label: "Notifications", path: "/profile/notifications/", roles: ALL },
  { key: "secrets", label: "Secrets", path: "/profile/secrets/", roles: ALL },
];

/** Project features (work-tracking.md §3): the project flag that switches each one. */
export type ProjectFeatureFlag =
  | "cycle_view"
  | "module_view"
  | "issue_views_view"
  | "page_view"
  | "intake_view"
  | "is_time_tracking_enabled"
  | "is_epic_enabled"
  | "is_project_updates_enabled"
  | "is_workflow_enabled"
  | "is_issue_type_enabled"
  | "guest_view_all_features";
export interface ProjectFeature {
  flag: ProjectFeatureFlag;
  label: string;
  description: string;
}
export const PROJECT_FEATURES: readonly ProjectFeature[] = [
  { flag: "cycle_view", label: "Cycles", description: "Time-boxed iterations for planning work." },
  { flag: "module_view", label: "Modules", description: "Group work items into thematic modules." },
  { flag: "issue_views_view", label: "Views", description: "Saved, filtered lists of work items." },
  { flag: "page_view", label: "Pages", description: "Project documents." },
  { flag: "intake_view", label: "Intake", description: "Receive requests from outside the team for triage." },
  {
    flag: "is_time_tracking_enabled",
    label: "Time tracking",
    description: "Log time spent on work items, see totals and export the worklog report.",
  },
  { flag: "is_epic_enabled", label: "Epics", description: "Large bodies of work broken into work items." },
  {
    flag: "is_project_updates_enabled",
    label: "Project updates",
    description: "Post status updates (on track, at risk, off track) for the project.",
  },
  { flag: "is_workflow_enabled", label: "Workflows", description: "Rules for moving work items between states." },
  {
    flag: "is_issue_type_enabled",
    label: "Work item types",
    description: "Different types of work items with their own fields.",
  },
  {
    flag: "guest_view_all_features",
    label: "Guests see all work items",
    description: "When off, guests only see the work items they created.",
  },
];

/**
 * Whether leaving would remove the last active admin: the caller is an admin and no other active
 * member is (the server refuses that leave with a 400).
 */
export function isOnlyAdmin(
  members: readonly { userId: string; role: number; active?: boolean }[],
  userId: string | null | undefined,
): boolean {
  if (!userId) return false;
  const active = members.filter((m) => m.active !== false);
  const me = active.find((m) => m.userId === userId);
  return (
    !!me && roleBucket(me.role) === ADMIN && !active.some((m) => m.userId !== userId && roleBucket(m.role) === ADMIN)
  );
}

/** Normalise any numeric role to the nearest role at or below it (0/undefined → null). */
export function roleBucket(role: number | null | undefined): Role | null {
  const r = role ?? 0;
  if (r >= ADMIN) return ADMIN;
  if (r >= MEMBER) return MEMBER;
  if (r >= GUEST) return GUEST;
  return null;
}

/** Whether a role may see an entry. */
export function canSee(entry: NavEntry, role: number | null | undefined): boolean {
  const b = roleBucket(role);
  return b !== null && entry.roles.includes(b);
}

export function visibleEntries(entries: readonly NavEntry[], role: number | null | undefined): NavEntry[] {
  return entries.filter((e) => canSee(e, role));
}

/**
 * The role that governs project settings: the project role, except that workspace admins count as
 * project admins (docs/decisions.md). Asked only inside a project the caller belongs to: outside a project
 * nobody reaches its screens (403, or 409 for a public one).
 */
export function effectiveProjectRole(
  projectRole: number | null | undefined,
  workspaceRole: number | null | undefined,
): Role | null {
  if ((workspaceRole ?? 0) >= ADMIN) return ADMIN;
  return roleBucket(projectRole);
}

/**
 * A settings navigation split in two: the default list (in its fixed order) and the remaining pages
 * the role may see.
 */
export function settingsNavigation(
  entries: readonly NavEntry[],
  defaultOrder: readonly string[],
  role: number | null | undefined,
): { defaults: NavEntry[]; more: NavEntry[] } {
  const visible = visibleEntries(entries, role);
  const defaults = defaultOrder.map((k) => visible.find((e) => e.key === k)).filter((e): e is NavEntry => !!e);
  const more = visible.filter((e) => !defaultOrder.includes(e.key));
  return { defaults, more };
}

/** Find an entry by key (throws on a typo so callers fail loudly in tests). */
export function navEntry(entries: readonly NavEntry[], key: string): NavEntry {
  const e = entries.find((x) => x.key === key);
  if (!e) throw new Error(`Unknown navigation entry ${key}`);
  return e;
}

/**
 * The sidebar entry that governs a workspace-relative path (e.g. "drafts/", "projects/archives/x"):
 * the entry with the longest non-empty path that equals or prefixes it. Home ("") governs nothing
 * else, so it is never returned.
 */
export function sidebarEntryForPath(relativePath: string): NavEntry | undefined {
  const rel = relativePath.replace(/^\/+/, "").replace(/\/?$/, "/");
  let best: NavEntry | undefined;
  for (const e of WORKSPACE_SIDEBAR) {
    if (!e.path) continue;
    const base = e.path.split("/")[0] === "workspace-views" ? "workspace-views/" : e.path;
    if ((rel === base || rel.startsWith(base)) && (!best || base.length > best.path.length)) best = e;
  }
  return best;
}

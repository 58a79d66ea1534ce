/** Reserved workspace slugs (work-tracking.md §2, platform.md §9). */
export const RESERVED_WORKSPACE_SLUGS: readonly string[] = [
  "404",
  "accounts",
  "api",
  "create-workspace",
  "god-mode",
  "installations",
  "invitations",
  "onboarding",
  "profile",
  "spaces",
  "workspace-invitations",
  "password",
  "flags",
  "monitor",
  "monitoring",
  "ingest",
  "plane-pro",
  "plane-ultimate",
  "enterprise",
  "plane-enterprise",
  "disco",
  "silo",
  "chat",
  "calendar",
  "drive",
  "channels",
  "upgrade",
  "billing",
  "sign-in",
  "sign-up",
  "signin",
  "signup",
  "config",
  "live",
  "admin",
  "m",
  "import",
  "importers",
  "integrations",
  "integration",
  "configuration",
  "initiatives",
  "initiative",
  "config",
  "workflow",
  "workflows",
  "epics",
  "epic",
  "story",
  "mobile",
  "dashboard",
  "desktop",
  "onload",
  "real-time",
  "one",
  "pages",
  "mcp",
  "unsplash",
  "settings",
  "god_mode",
  "notifications",
];

export function isReservedWorkspaceSlug(slug: string): boolean {
  return RESERVED_WORKSPACE_SLUGS.includes(slug.toLowerCase());
}

/** Workspace slug: ≤48 chars of [A-Za-z0-9_-]. */
export const WORKSPACE_SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
export const WORKSPACE_SLUG_MAX = 48;
export const WORKSPACE_NAME_MAX = 80;
export const PROJECT_IDENTIFIER_MAX = 12;
export const PROJECT_NAME_MAX = 255;

/** Project identifiers that cannot be used. */
export const RESERVED_PROJECT_IDENTIFIERS: readonly string[] = ["NEW", "API", "ADMIN", "SETTINGS"];

export const ORGANIZATION_SIZES = ["Just myself", "2-10", "11-50", "51-200", "201-500", "500+"] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];

export const USER_ROLES = [
  "Product / Project Manager",
  "Development / Engineering",
  "Founder / Executive",
  "Freelancer / Consultant",
  "Marketing / Growth",
  "Sales / Business Development",
  "Support / Operations",
  "Student / Professor",
  "Human Resources",
  "Other",
] as const;

export const THEMES = ["system", "light", "dark", "light-contrast", "dark-contrast", "custom"] as const;

/** Sort and sequence constants (work-tracking.md §5, §9). */
export const SORT_STEP = 10000;
export const DEFAULT_SORT_ORDER = 65535;
export const STATE_SEQUENCE_STEP = 15000;

/** The default largest upload (5 MB); the server's FILE_SIZE_LIMIT decides (`config.file_size_limit`). */
export const MAX_UPLOAD_SIZE = 5242880;

export const STATE_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;
export type StateGroup = (typeof STATE_GROUPS)[number] | "triage";
export const CLOSED_STATE_GROUPS: readonly string[] = ["completed", "cancelled"];

export const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_NUMBER: Record<Priority, number> = { none: 0, low: 1, medium: 2, high: 3, urgent: 4 };

/** Default project states created with every project (wire-facts §4). */
export const DEFAULT_STATES = [
  { name: "Backlog", color: "#60646C", sequence: 15000, group: "backlog", default: true },
  { name: "Todo", color: "#60646C", sequence: 25000, group: "unstarted" },
  { name: "In Progress", color: "#F59E0B", sequence: 35000, group: "started" },
  { name: "Done", color: "#46A758", sequence: 45000, group: "completed" },
  { name: "Cancelled", color: "#9AA4BC", sequence: 55000, group: "cancelled" },
  { name: "Triage", color: "#4E5355", sequence: 65000, group: "triage" },
] as const;

/** Project network: 0 private (secret), 2 public. */
export const PROJECT_NETWORK = { SECRET: 0, PUBLIC: 2 } as const;
export type ProjectNetwork = (typeof PROJECT_NETWORK)[keyof typeof PROJECT_NETWORK];

/** Project feature flags (work-tracking.md §3). */
export const PROJECT_FEATURE_FLAGS = [
  "cycle_view",
  "module_view",
  "issue_views_view",
  "page_view",
  "intake_view",
  "is_time_tracking_enabled",
  "is_project_updates_enabled",
  "is_epic_enabled",
  "is_workflow_enabled",
  "is_issue_type_enabled",
] as const;

/** Export formats of work items (work-tracking.md §9, wire-facts-2 §5). */
export const EXPORT_PROVIDERS = ["csv", "xlsx", "json"] as const;
export type ExportProvider = (typeof EXPORT_PROVIDERS)[number];

/** The most items one page of a list may hold (`per_page`, wire-facts §0); also a list read again at once. */
export const MAX_PER_PAGE = 1000;

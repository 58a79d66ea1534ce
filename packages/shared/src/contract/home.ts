import { z } from "zod";
import { bool, dict, fieldError, HTML_MAX, MSG, number, text, uuid, type HtmlField } from "./fields.ts";
import type { AuditFields, Paginated, Timestamp } from "./common.ts";
import type { LogoProps } from "./projects.ts";
import type { Activity, WorkItemListItem } from "./work-items.ts";
import { LINK_URL_MAX } from "./work-items.ts";
import { SIDEBAR_PREFERENCE_KEYS } from "../home.ts";

// ---------------------------------------------------------------- request bodies

/** A sort order: any finite number (stickies and widgets take midpoints). */
const sortOrder = () => number();

/**
 * POST W/stickies/ and PATCH W/stickies/{id}/ (wire-facts §9). `html` is the server's sanitising htmlField or the
 * client's htmlText (fields.ts). `description_binary` is accepted and ignored: sticky text is not collaborative.
 */
export function stickyBodies(html: HtmlField) {
  const create = z.object({
    name: text(255).nullable().optional(),
    description: dict({ maxChars: HTML_MAX }).nullable().optional(),
    description_html: html(HTML_MAX).optional(),
    description_binary: z.unknown().optional(),
    logo_props: dict({ maxChars: 10_000 }).optional(),
    color: text(255).nullable().optional(),
    background_color: text(255).nullable().optional(),
    sort_order: sortOrder().optional(),
  });
  return { create, patch: create };
}
export type StickyCreateBody = z.infer<ReturnType<typeof stickyBodies>["create"]>;

/** POST W/quick-links/ (the URL is normalised by the server: http(s) with a host; `http://` added when missing). */
export const quickLinkCreateBody = z.object({
  url: text(LINK_URL_MAX).trim().min(1, MSG.blank),
  title: text(255).nullable().optional(),
  metadata: dict({ maxChars: 10_000 }).optional(),
  project: uuid().nullable().optional(),
});
export type QuickLinkCreateBody = z.infer<typeof quickLinkCreateBody>;
/** PATCH W/quick-links/{id}/. */
export const quickLinkPatchBody = quickLinkCreateBody.partial();
export type QuickLinkPatchBody = z.infer<typeof quickLinkPatchBody>;

/** PATCH W/home-preferences/{key}/. */
export const homePreferencePatchBody = z.object({
  is_enabled: bool().optional(),
  sort_order: sortOrder().optional(),
  config: dict({ maxChars: 10_000 }).optional(),
});
export type HomePreferencePatchBody = z.infer<typeof homePreferencePatchBody>;

const sidebarKey = () => z.enum(SIDEBAR_PREFERENCE_KEYS, { error: fieldError(MSG.choice) });
/** PATCH W/sidebar-preferences/{key}/. */
export const sidebarPreferencePatchBody = z.object({
  is_pinned: bool().optional(),
  sort_order: sortOrder().optional(),
});
export type SidebarPreferencePatchBody = z.infer<typeof sidebarPreferencePatchBody>;
/** PATCH W/sidebar-preferences/ `[{key, is_pinned?, sort_order?}]`. */
export const sidebarPreferencesBulkBody = z
  .array(sidebarPreferencePatchBody.extend({ key: sidebarKey() }), { error: fieldError(MSG.list) })
  .max(SIDEBAR_PREFERENCE_KEYS.length * 4);
export type SidebarPreferencesBulkBody = z.infer<typeof sidebarPreferencesBulkBody>;

/** PATCH /api/dashboard/{id}/widgets/{widgetId}/. */
export const dashboardWidgetPatchBody = z.object({
  is_visible: bool().optional(),
  sort_order: sortOrder().optional(),
  filters: dict({ maxChars: 10_000 }).optional(),
});
export type DashboardWidgetPatchBody = z.infer<typeof dashboardWidgetPatchBody>;

// ---------------------------------------------------------------- responses

export interface Sticky extends AuditFields {
  id: string;
  name: string | null;
  description: Record<string, unknown>;
  description_html: string;
  description_stripped: string | null;
  description_binary: null;
  logo_props: Record<string, unknown>;
  color: string | null;
  background_color: string | null;
  sort_order: number;
  workspace: string;
  owner: string;
}

export interface QuickLink extends AuditFields {
  id: string;
  title: string | null;
  url: string;
  metadata: Record<string, unknown>;
  owner: string;
  workspace: string;
  project: string | null;
}

export interface HomePreference {
  key: string;
  is_enabled: boolean;
  config: Record<string, unknown>;
  sort_order: number;
}

export interface SidebarPreference {
  key: string;
  is_pinned: boolean;
  sort_order: number;
}
/** GET W/sidebar-preferences/: every entry by key. */
export type SidebarPreferences = Record<string, { is_pinned: boolean; sort_order: number }>;

export type RecentVisitEntity = "issue" | "project" | "page";
export interface RecentIssueData {
  id: string;
  name: string;
  state: string | null;
  priority: string;
  assignees: string[];
  type: string | null;
  sequence_id: number;
  project_id: string;
  project_identifier: string;
}
export interface RecentProjectData {
  id: string;
  name: string;
  logo_props: LogoProps;
  project_members: string[];
  identifier: string;
}
export interface RecentPageData {
  id: string;
  name: string;
  logo_props: Record<string, unknown>;
  project_id: string | null;
  owned_by: string;
  project_identifier: string | null;
}
interface RecentVisitBase {
  id: string;
  entity_identifier: string;
  visited_at: Timestamp;
}
/** One entry of GET W/recent-visits/: the entity's kind says which data it carries. */
export type RecentVisit = RecentVisitBase &
  (
    | { entity_name: "issue"; entity_data: RecentIssueData }
    | { entity_name: "project"; entity_data: RecentProjectData }
    | { entity_name: "page"; entity_data: RecentPageData }
  );

export interface Dashboard extends AuditFields {
  id: string;
  name: string;
  description_html: string;
  identifier: string | null;
  owned_by: string;
  is_default: boolean;
  type_identifier: string;
  logo_props: Record<string, unknown>;
}
export interface DashboardWidget {
  id: string;
  key: string;
  is_visible: boolean;
  sort_order: number;
  widget_filters: Record<string, unknown>;
}
/** GET W/dashboard/?dashboard_type=home and GET /api/dashboard/{id}/. */
export interface DashboardWithWidgets {
  dashboard: Dashboard;
  widgets: DashboardWidget[];
}

/** GET W/dashboard/{id}/?widget_key=overview_stats. */
export interface OverviewStats {
  assigned_issues_count: number;
  pending_issues_count: number;
  completed_issues_count: number;
  created_issues_count: number;
}
/** GET W/dashboard/{id}/?widget_key=assigned_issues|created_issues: the first items of the tab and their number. */
export interface WidgetIssues {
  issues: WorkItemListItem[];
  count: number;
}
/** GET W/dashboard/{id}/?widget_key=issues_by_state_groups. */
export type StateGroupStats = { state: string; count: number }[];
/** GET W/dashboard/{id}/?widget_key=issues_by_priority. */
export type PriorityStats = { priority: string; count: number }[];
/** GET W/dashboard/{id}/?widget_key=recent_activity: the caller's last work-item activity (history rows). */
export type RecentActivityStats = Activity[];
/** GET W/dashboard/{id}/?widget_key=recent_projects: ids of the caller's recently active projects (at most 4). */
export type RecentProjectsStats = string[];
/** GET W/dashboard/{id}/?widget_key=recent_collaborators: one row a person (array, or the envelope with per_page / cursor). */
export interface RecentCollaborator {
  user_id: string;
  active_issue_count: number;
}
/** GET W/dashboard/{id}/?widget_key=…: the stats of the widget asked for (the answer's shape follows the key). */
export type DashboardWidgetAnswer =
  | OverviewStats
  | WidgetIssues
  | StateGroupStats
  | PriorityStats
  | RecentActivityStats
  | RecentProjectsStats
  | RecentCollaborator[]
  | Paginated<RecentCollaborator>;

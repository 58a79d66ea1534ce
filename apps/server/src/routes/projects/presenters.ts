import type { ProjectMemberRow, ProjectRow, UserRow, WorkspaceRow } from "../../core/route.ts";

import { iso, assetUrl } from "../../core/present.ts";
import { presentUserLite } from "../users/presenters.ts";

export { iso, presentUserLite };

/** Public URL of an avatar / cover / logo asset (wire-facts §10). */
export function staticAssetUrl(assetId: string | null | undefined): string | null {
  return assetUrl(assetId);
}

/** Workspace-lite: `{id, name, slug, logo_url}`. */
export function presentWorkspaceLite(w: WorkspaceRow) {
  return { id: w.id, name: w.name, slug: w.slug, logo_url: staticAssetUrl(w.logoAssetId) ?? w.logo ?? null };
}

export function coverImageUrl(p: ProjectRow): string | null {
  return staticAssetUrl(p.coverImageAssetId) ?? p.coverImage ?? null;
}

/** Project-lite: `{id, identifier, name, cover_image, cover_image_url, logo_props, description}`. */
export function presentProjectLite(p: ProjectRow) {
  return {
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    cover_image: p.coverImage,
    cover_image_url: coverImageUrl(p),
    logo_props: p.logoProps,
    description: p.description,
  };
}

/** Every project column, wire names (wire-facts §4). */
export function presentProjectColumns(p: ProjectRow) {
  return {
    id: p.id,
    workspace: p.workspaceId,
    name: p.name,
    description: p.description,
    description_text: p.descriptionText ?? null,
    description_html: p.descriptionHtml ?? null,
    network: p.network,
    identifier: p.identifier,
    default_assignee: p.defaultAssigneeId,
    project_lead: p.projectLeadId,
    emoji: p.emoji,
    icon_prop: p.iconProp ?? null,
    module_view: p.moduleView,
    cycle_view: p.cycleView,
    issue_views_view: p.issueViewsView,
    page_view: p.pageView,
    intake_view: p.intakeView,
    is_time_tracking_enabled: p.isTimeTrackingEnabled,
    is_issue_type_enabled: p.isIssueTypeEnabled,
    is_project_updates_enabled: p.isProjectUpdatesEnabled,
    is_epic_enabled: p.isEpicEnabled,
    is_workflow_enabled: p.isWorkflowEnabled,
    guest_view_all_features: p.guestViewAllFeatures,
    cover_image: p.coverImage,
    cover_image_asset: p.coverImageAssetId,
    estimate: p.estimateId,
    archive_in: p.archiveIn,
    close_in: p.closeIn,
    logo_props: p.logoProps,
    default_state: p.defaultStateId,
    archived_at: iso(p.archivedAt),
    timezone: p.timezone,
    external_source: p.externalSource,
    external_id: p.externalId,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    deleted_at: null,
    created_by: p.createdById,
    updated_by: p.updatedById,
  };
}

/** What the full object adds per caller: favourite flag, own sort order and role, member ids, publish anchor. */
export interface ProjectExtras {
  isFavorite: boolean;
  sortOrder: number | null;
  memberRole: number | null;
  memberIds: string[];
  anchor: string | null;
}

/** Full project object: all columns + is_favorite, sort_order, member_role, anchor, members, cover_image_url, inbox_view, next_work_item_sequence. */
export function presentProjectFull(p: ProjectRow, x: ProjectExtras) {
  return {
    ...presentProjectColumns(p),
    is_favorite: x.isFavorite,
    sort_order: x.sortOrder,
    member_role: x.memberRole,
    anchor: x.anchor,
    members: x.memberIds,
    cover_image_url: coverImageUrl(p),
    inbox_view: p.intakeView,
    next_work_item_sequence: p.issueSequence + 1,
  };
}

/** Lite row of `GET W/projects/` (wire-facts §4). */
export function presentProjectListItem(p: ProjectRow, x: { sortOrder: number | null; memberRole: number | null; intakeCount: number }) {
  return {
    id: p.id,
    name: p.name,
    identifier: p.identifier,
    sort_order: x.sortOrder,
    logo_props: p.logoProps,
    member_role: x.memberRole,
    intake_count: x.intakeCount,
    archived_at: iso(p.archivedAt),
    workspace: p.workspaceId,
    cycle_view: p.cycleView,
    issue_views_view: p.issueViewsView,
    module_view: p.moduleView,
    page_view: p.pageView,
    inbox_view: p.intakeView,
    guest_view_all_features: p.guestViewAllFeatures,
    project_lead: p.projectLeadId,
    network: p.network,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    created_by: p.createdById,
    updated_by: p.updatedById,
  };
}

/** ProjectMember, all columns, with nested workspace (lite), project (lite) and member (user-lite). */
export function presentProjectMemberFull(m: ProjectMemberRow, ws: WorkspaceRow, p: ProjectRow, u: UserRow) {
  return {
    id: m.id,
    workspace: presentWorkspaceLite(ws),
    project: presentProjectLite(p),
    member: presentUserLite(u),
    role: m.role,
    comment: m.comment,
    view_props: m.viewProps,
    default_props: m.defaultProps,
    preferences: m.preferences,
    sort_order: m.sortOrder,
    is_active: m.isActive,
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    deleted_at: null,
    created_by: m.createdById,
    updated_by: m.updatedById,
  };
}

/** Member row of `P/members/`: `{id, role, member, project, original_role, created_at}`. */
export function presentProjectMemberRole(m: ProjectMemberRow) {
  return { id: m.id, role: m.role, member: m.memberId, project: m.projectId, original_role: m.role, created_at: iso(m.createdAt) };
}

import type { LogoProps, Project, ProjectColumns, ProjectListItem, ProjectUpdateStatus } from "@stride/shared/contract";
import type { ProjectRow } from "../../http/route.ts";
import { coverImageUrl, iso } from "../../http/present.ts";

type Json = Record<string, unknown>;

/** Every project column, wire names (wire-facts §4). */
export function presentProjectColumns(p: ProjectRow): ProjectColumns {
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
    icon_prop: (p.iconProp as Json | null) ?? null,
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
    logo_props: p.logoProps as LogoProps,
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
  /** The project's latest update, read for projects whose updates the caller may see (routes/project-updates). */
  latestUpdate?: { id: string; status: string; createdAt: Date; createdById: string | null } | null;
}

/** Full project object: all columns + is_favorite, sort_order, member_role, anchor, members, cover_image_url, inbox_view, next_work_item_sequence. */
export function presentProjectFull(p: ProjectRow, x: ProjectExtras): Project {
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
    latest_update:
      p.isProjectUpdatesEnabled && x.latestUpdate
        ? {
            id: x.latestUpdate.id,
            status: x.latestUpdate.status as ProjectUpdateStatus,
            created_at: iso(x.latestUpdate.createdAt),
            created_by: x.latestUpdate.createdById,
          }
        : null,
  };
}

/** Lite row of `GET W/projects/` (wire-facts §4). */
export function presentProjectListItem(
  p: ProjectRow,
  x: { sortOrder: number | null; memberRole: number | null; intakeCount: number },
): ProjectListItem {
  return {
    id: p.id,
    name: p.name,
    identifier: p.identifier,
    sort_order: x.sortOrder,
    logo_props: p.logoProps as LogoProps,
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

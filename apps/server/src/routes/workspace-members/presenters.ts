import type { UserRow, WorkspaceMemberRow } from "../../core/route.ts";
import { iso, presentUserAdminLite, presentUserLite } from "../users/presenters.ts";

function memberColumns(m: WorkspaceMemberRow) {
  return {
    id: m.id,
    workspace: m.workspaceId,
    role: m.role,
    company_role: m.companyRole,
    view_props: m.viewProps,
    default_props: m.defaultProps,
    issue_props: m.issueProps,
    is_active: m.isActive,
    getting_started_checklist: m.gettingStartedChecklist,
    tips: m.tips,
    explored_features: m.exploredFeatures,
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    deleted_at: null,
    created_by: m.createdById,
    updated_by: m.updatedById,
  };
}

/**
 * A workspace member row (wire-facts §3) with the nested `member`: admin-lite (with email) for
 * admin and member callers, user-lite for guests.
 */
export function presentWorkspaceMember(m: WorkspaceMemberRow, user: UserRow, callerRole: number) {
  return { ...memberColumns(m), member: callerRole > 5 ? presentUserAdminLite(user) : presentUserLite(user) };
}

/** `W/workspace-members/me/`: all columns, `member` as a bare id, plus draft_issue_count. */
export function presentWorkspaceMemberMe(m: WorkspaceMemberRow, draftIssueCount: number) {
  return { ...memberColumns(m), member: m.memberId, draft_issue_count: draftIssueCount };
}

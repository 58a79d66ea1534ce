import type { WorkspaceMember, WorkspaceMemberColumns, WorkspaceMemberMe } from "@stride/shared/contract";
import type { UserRow, WorkspaceMemberRow } from "../../http/route.ts";
import { iso, presentUserAdminLite, presentUserLite } from "../../http/present.ts";

type Json = Record<string, unknown>;

function memberColumns(m: WorkspaceMemberRow): WorkspaceMemberColumns {
  return {
    id: m.id,
    workspace: m.workspaceId,
    role: m.role,
    company_role: m.companyRole,
    view_props: m.viewProps as Json,
    default_props: m.defaultProps as Json,
    issue_props: m.issueProps as Json,
    is_active: m.isActive,
    getting_started_checklist: m.gettingStartedChecklist as Json,
    tips: m.tips as Json,
    explored_features: m.exploredFeatures as Json,
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
export function presentWorkspaceMember(m: WorkspaceMemberRow, user: UserRow, callerRole: number): WorkspaceMember {
  return { ...memberColumns(m), member: callerRole > 5 ? presentUserAdminLite(user) : presentUserLite(user) };
}

/** `W/workspace-members/me/`: all columns, `member` as a bare id, plus draft_issue_count. */
export function presentWorkspaceMemberMe(m: WorkspaceMemberRow, draftIssueCount: number): WorkspaceMemberMe {
  return { ...memberColumns(m), member: m.memberId, draft_issue_count: draftIssueCount };
}

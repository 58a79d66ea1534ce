import type { ProjectMember, ProjectMemberRole } from "@stride/shared/contract";
import type { ProjectMemberRow, ProjectRow, UserRow, WorkspaceRow } from "../../http/route.ts";
import { iso, presentProjectLite, presentUserLite, presentWorkspaceLite } from "../../http/present.ts";

type Json = Record<string, unknown>;

/** ProjectMember, all columns, with nested workspace (lite), project (lite) and member (user-lite). */
export function presentProjectMemberFull(
  m: ProjectMemberRow,
  ws: WorkspaceRow,
  p: ProjectRow,
  u: UserRow,
): ProjectMember {
  return {
    id: m.id,
    workspace: presentWorkspaceLite(ws),
    project: presentProjectLite(p),
    member: presentUserLite(u),
    role: m.role,
    comment: m.comment,
    view_props: m.viewProps as Json,
    default_props: m.defaultProps as Json,
    preferences: m.preferences as Json,
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
export function presentProjectMemberRole(m: ProjectMemberRow): ProjectMemberRole {
  return {
    id: m.id,
    role: m.role,
    member: m.memberId,
    project: m.projectId,
    original_role: m.role,
    created_at: iso(m.createdAt),
  };
}

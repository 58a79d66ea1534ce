import { allows, pageRights, PERMISSIONS } from "@stride/shared";
import type postgres from "postgres";

/** What a person may do with a page's live document: nothing (null), read it, or also write it. */
export interface PageAccess {
  write: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The HTTP rules of the page's `description/` calls, for the collaboration socket (platform.md §6): reading needs
 * the `page.view` gate (an active member of the page's project, in an active workspace membership, the project not
 * archived) and the page readable (public, or the caller's own); writing needs the `page.edit` gate (member, or the
 * page's owner) and the content editable (not locked, not archived, owner or public for members). A page that does
 * not exist and one the caller may not read are not told apart.
 */
export async function pageAccess(sql: postgres.Sql, userId: string, pageId: string): Promise<PageAccess | null> {
  if (!UUID.test(pageId)) return null;
  const [r] = await sql<
    {
      owned_by: string;
      access: number;
      is_locked: boolean;
      archived_at: string | null;
      ws_role: number;
      project_role: number | null;
      network: number;
    }[]
  >`
    SELECT p.owned_by, p.access, p.is_locked, p.archived_at::text AS archived_at, wm.role AS ws_role, pm.role AS project_role, pr.network
    FROM pages p
    JOIN projects pr ON pr.id = p.project AND pr.archived_at IS NULL
    JOIN workspace_members wm ON wm.workspace = p.workspace AND wm.member = ${userId} AND wm.is_active
    LEFT JOIN project_members pm ON pm.project = p.project AND pm.member = ${userId} AND pm.is_active
    WHERE p.id = ${pageId} LIMIT 1`;
  if (!r) return null;
  const roles = { userId, workspaceRole: r.ws_role, projectRole: r.project_role, projectIsPublic: r.network === 2 };
  const rights = pageRights(
    { owned_by: r.owned_by, access: r.access, is_locked: r.is_locked, archived_at: r.archived_at },
    { userId, projectRole: r.project_role },
  );
  if (!allows(PERMISSIONS.page.view, roles) || !rights.access) return null;
  return { write: allows(PERMISSIONS.page.edit, { ...roles, creatorId: r.owned_by }) && rights.contentEditable };
}

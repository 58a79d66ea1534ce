import type { Workspace, WorkspaceColumns } from "@stride/shared/contract";
import type { WorkspaceRow } from "../../http/route.ts";
import { iso, workspaceLogoUrl } from "../../http/present.ts";

/** The workspace columns (wire-facts §3) with `logo_url`. */
export function presentWorkspaceColumns(ws: WorkspaceRow): WorkspaceColumns {
  return {
    id: ws.id,
    name: ws.name,
    logo: ws.logo,
    logo_asset: ws.logoAssetId,
    logo_url: workspaceLogoUrl(ws),
    owner: ws.ownerId,
    slug: ws.slug,
    organization_size: ws.organizationSize,
    timezone: ws.timezone,
    background_color: ws.backgroundColor,
    created_at: iso(ws.createdAt),
    updated_at: iso(ws.updatedAt),
    deleted_at: null,
    created_by: ws.createdById,
    updated_by: ws.updatedById,
  };
}

/** Workspace (wire-facts §3): all columns + logo_url + total_members (+ role where the caller's role is shown). */
export function presentWorkspace(ws: WorkspaceRow, extra: { totalMembers: number; role?: number }): Workspace {
  return {
    ...presentWorkspaceColumns(ws),
    total_members: extra.totalMembers,
    ...(extra.role !== undefined ? { role: extra.role } : {}),
  };
}

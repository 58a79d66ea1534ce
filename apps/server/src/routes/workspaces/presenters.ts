import type { WorkspaceRow } from "../../core/route.ts";
import { assetUrl, iso } from "../users/presenters.ts";

export function workspaceLogoUrl(ws: WorkspaceRow): string | null {
  return assetUrl(ws.logoAssetId, ws.logo);
}

/** Workspace (wire-facts §3): all columns + logo_url + total_members (+ role where the caller's role is shown). */
export function presentWorkspace(ws: WorkspaceRow, extra: { totalMembers: number; role?: number }) {
  const out: Record<string, unknown> = {
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
    total_members: extra.totalMembers,
    created_at: iso(ws.createdAt),
    updated_at: iso(ws.updatedAt),
    deleted_at: null,
    created_by: ws.createdById,
    updated_by: ws.updatedById,
  };
  if (extra.role !== undefined) out.role = extra.role;
  return out;
}

/** Workspace-lite `{name, slug, id, logo_url}` (nested in invitations and project members). */
export function presentWorkspaceLite(ws: WorkspaceRow) {
  return { name: ws.name, slug: ws.slug, id: ws.id, logo_url: workspaceLogoUrl(ws) };
}

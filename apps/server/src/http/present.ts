import type { ProjectLite, UserAdminLite, UserLite, WorkspaceLite, AuditFields } from "@stride/shared/contract";
import type { schema } from "../db/client.ts";

/**
 * Helpers every presenter uses, and the lite shapes (user, workspace, project) that many resources nest:
 * they live here, not in one resource's folder, so resources present each other without importing each other.
 */

type UserRow = typeof schema.users.$inferSelect;
type WorkspaceRow = typeof schema.workspaces.$inferSelect;
type ProjectRow = typeof schema.projects.$inferSelect;

/** ISO-8601, or null without a date. */
export function iso(d: Date): string;
export function iso(d: Date | null | undefined): string | null;
export function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** Public URL of an uploaded avatar / cover / logo asset (wire-facts §10). */
export const staticAssetUrl = (assetId: string): string => `/api/assets/v2/static/${assetId}/`;

/** The public URL of an uploaded asset, else the stored URL, else null. */
export function assetUrl(assetId: string | null | undefined, fallback?: string | null): string | null {
  if (assetId) return staticAssetUrl(assetId);
  return fallback ? fallback : null;
}

/** The audit fields that close most wire objects: timestamps, `deleted_at` (always null here) and authors. */
export function auditFields(r: {
  createdAt: Date;
  updatedAt: Date;
  createdById: string | null;
  updatedById: string | null;
}): AuditFields {
  return {
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    deleted_at: null,
    created_by: r.createdById,
    updated_by: r.updatedById,
  };
}

/** User-lite (wire-facts §0): what any workspace member may see of another. */
export function presentUserLite(u: UserRow): UserLite {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    avatar: u.avatar,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    is_bot: u.isBot,
    display_name: u.displayName,
  };
}

/** User-lite, or null without a user. */
export const userLiteOrNull = (u: UserRow | null | undefined): UserLite | null => (u ? presentUserLite(u) : null);

/** Admin-lite: user-lite plus email and last login medium (for admin and member callers). */
export function presentUserAdminLite(u: UserRow): UserAdminLite {
  return { ...presentUserLite(u), email: u.email, last_login_medium: u.lastLoginMedium };
}

export function workspaceLogoUrl(ws: WorkspaceRow): string | null {
  return assetUrl(ws.logoAssetId, ws.logo);
}

/** Workspace-lite `{name, slug, id, logo_url}`. */
export function presentWorkspaceLite(ws: WorkspaceRow): WorkspaceLite {
  return { name: ws.name, slug: ws.slug, id: ws.id, logo_url: workspaceLogoUrl(ws) };
}

export function coverImageUrl(p: ProjectRow): string | null {
  return assetUrl(p.coverImageAssetId, p.coverImage);
}

/** Project-lite: `{id, identifier, name, cover_image, cover_image_url, logo_props, description}`. */
export function presentProjectLite(p: ProjectRow): ProjectLite {
  return {
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    cover_image: p.coverImage,
    cover_image_url: coverImageUrl(p),
    logo_props: p.logoProps as ProjectLite["logo_props"],
    description: p.description,
  };
}

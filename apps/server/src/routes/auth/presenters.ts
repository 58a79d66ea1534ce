import type { UserRow } from "../../core/route.ts";

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const assetUrl = (assetId: string | null | undefined, fallback: string | null | undefined): string | null =>
  assetId ? `/api/assets/v2/static/${assetId}/` : fallback ? fallback : null;

/** Every User column except the password (set-password response). */
export function presentUserFull(u: UserRow) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    display_name: u.displayName,
    avatar: u.avatar,
    avatar_asset: u.avatarAssetId,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    cover_image: u.coverImage,
    cover_image_asset: u.coverImageAssetId,
    cover_image_url: assetUrl(u.coverImageAssetId, u.coverImage),
    date_joined: iso(u.dateJoined),
    is_active: u.isActive,
    is_bot: u.isBot,
    is_email_verified: u.isEmailVerified,
    is_password_autoset: u.isPasswordAutoset,
    user_timezone: u.userTimezone,
    last_login_medium: u.lastLoginMedium,
    last_login_time: iso(u.lastLoginTime),
    last_login_ip: u.lastLoginIp,
    last_logout_time: iso(u.lastLogoutTime),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
  };
}

/** God-mode user (GET /api/instances/admins/me/). */
export function presentAdminMe(u: UserRow) {
  return {
    id: u.id,
    avatar: u.avatar,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    cover_image: u.coverImage,
    date_joined: iso(u.dateJoined),
    display_name: u.displayName,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    is_active: u.isActive,
    is_bot: u.isBot,
    is_email_verified: u.isEmailVerified,
    user_timezone: u.userTimezone,
    username: u.username,
    is_password_autoset: u.isPasswordAutoset,
  };
}

/** Admin-lite user (wire-facts §0). */
export function presentUserAdminLite(u: UserRow) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    avatar: u.avatar,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    is_bot: u.isBot,
    display_name: u.displayName,
    email: u.email,
    last_login_medium: u.lastLoginMedium,
  };
}

export { iso };

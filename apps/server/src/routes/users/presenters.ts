import type {
  AdminMe,
  MobileOnboardingStep,
  NotificationPreferences,
  OnboardingStep,
  ProductTour,
  Profile,
  ProfileTheme,
  User,
  UserMe,
} from "@stride/shared/contract";
import type { TimeFormat } from "@stride/shared";
import type { UserRow } from "../../http/route.ts";
import type { ProfileRow } from "../../domain/profile.ts";
import { schema } from "../../db/client.ts";
import { iso, assetUrl } from "../../http/present.ts";

export type NotificationPreferenceRow = typeof schema.userNotificationPreferences.$inferSelect;

/** God-mode user (GET /api/instances/admins/me/, wire-facts-2 §1). */
export function presentAdminMe(u: UserRow): AdminMe {
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

/** GET /api/users/me/ (wire-facts §2). */
export function presentUserMe(u: UserRow): UserMe {
  return {
    id: u.id,
    avatar: u.avatar,
    cover_image: u.coverImage,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    cover_image_url: assetUrl(u.coverImageAssetId, u.coverImage),
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
    last_login_medium: u.lastLoginMedium,
    last_login_time: iso(u.lastLoginTime),
  };
}

/** PATCH /api/users/me/ and POST /auth/set-password/: every User column except the password. */
export function presentUser(u: UserRow): User {
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

/** GET/PATCH /api/users/me/profile/ (wire-facts §2). */
export function presentProfile(p: ProfileRow): Profile {
  return {
    id: p.id,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    user: p.userId,
    theme: p.theme as ProfileTheme,
    is_app_rail_docked: p.isAppRailDocked,
    is_tour_completed: p.isTourCompleted,
    onboarding_step: p.onboardingStep as OnboardingStep,
    use_case: p.useCase,
    role: p.role,
    is_onboarded: p.isOnboarded,
    last_workspace_id: p.lastWorkspaceId,
    billing_address_country: p.billingAddressCountry,
    billing_address: p.billingAddress as Record<string, unknown> | null,
    has_billing_address: p.hasBillingAddress,
    company_name: p.companyName,
    notification_view_mode: p.notificationViewMode,
    is_smooth_cursor_enabled: p.isSmoothCursorEnabled,
    is_mobile_onboarded: p.isMobileOnboarded,
    mobile_onboarding_step: p.mobileOnboardingStep as MobileOnboardingStep,
    mobile_timezone_auto_set: p.mobileTimezoneAutoSet,
    language: p.language,
    start_of_the_week: p.startOfTheWeek,
    time_format: p.timeFormat as TimeFormat,
    goals: p.goals as Record<string, unknown>,
    background_color: p.backgroundColor,
    is_navigation_tour_completed: p.isNavigationTourCompleted,
    has_marketing_email_consent: p.hasMarketingEmailConsent,
    is_subscribed_to_changelog: p.isSubscribedToChangelog,
    product_tour: p.productTour as ProductTour,
  };
}

/** GET/PATCH /api/users/me/notification-preferences/. Preferences are per user (workspace and project are null). */
export function presentNotificationPreferences(n: NotificationPreferenceRow): NotificationPreferences {
  return {
    id: n.id,
    created_at: iso(n.createdAt),
    updated_at: iso(n.updatedAt),
    deleted_at: null,
    created_by: n.userId,
    updated_by: n.userId,
    user: n.userId,
    workspace: null,
    project: null,
    property_change: n.propertyChange,
    state_change: n.stateChange,
    comment: n.comment,
    mention: n.mention,
    issue_completed: n.issueCompleted,
  };
}

import { z } from "zod";
import { bool, dict, fieldError, imageUrl, integerIn, lineText, MSG, timezone, uuid } from "./fields.ts";
import type { Timestamp } from "./common.ts";
import type { Workspace } from "./workspaces.ts";
import type { ProjectMember } from "./projects.ts";
import { TIME_FORMATS, type TimeFormat } from "../datetime.ts";

// ---------------------------------------------------------------- request bodies

/** PATCH /api/users/me/. */
export const updateMeBody = z.object({
  first_name: lineText(255).optional(),
  last_name: lineText(255).optional(),
  display_name: lineText(255)
    .refine((s) => s.trim().length > 0, MSG.blank)
    .optional(),
  avatar: imageUrl().nullable().optional(),
  cover_image: imageUrl().nullable().optional(),
  avatar_asset: uuid().nullable().optional(),
  cover_image_asset: uuid().nullable().optional(),
  user_timezone: timezone().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const ONBOARDING_STEPS = ["profile_complete", "workspace_create", "workspace_invite", "workspace_join"] as const;
export const MOBILE_ONBOARDING_STEPS = ["profile_complete", "workspace_create", "workspace_join"] as const;
export const PRODUCT_TOUR_KEYS = ["work_items", "cycles", "modules", "intake", "pages"] as const;

/** Any JSON object of settings, kept small (theme, goals, billing address). */
const settingsObject = () => dict({ message: MSG.jsonObject, maxChars: 20000 });

/** An object of optional flags named by `keys` (onboarding steps, product tour). */
const boolFlags = <K extends string>(keys: readonly K[]) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, bool().optional()])) as Record<K, z.ZodOptional<ReturnType<typeof bool>>>,
    {
      error: fieldError(MSG.jsonObject),
    },
  );

/** PATCH /api/users/me/profile/ (wire-facts §2). */
export const updateProfileBody = z.object({
  theme: settingsObject().optional(),
  is_app_rail_docked: bool().optional(),
  is_tour_completed: bool().optional(),
  onboarding_step: boolFlags(ONBOARDING_STEPS).optional(),
  use_case: lineText(1000).nullable().optional(),
  role: lineText(300).nullable().optional(),
  is_onboarded: bool().optional(),
  last_workspace_id: uuid().nullable().optional(),
  billing_address_country: lineText(255).optional(),
  billing_address: settingsObject().nullable().optional(),
  has_billing_address: bool().optional(),
  company_name: lineText(255).optional(),
  notification_view_mode: z
    .enum(["full", "compact"], { error: fieldError("Must be one of: full, compact.") })
    .optional(),
  is_smooth_cursor_enabled: bool().optional(),
  is_mobile_onboarded: bool().optional(),
  mobile_onboarding_step: boolFlags(MOBILE_ONBOARDING_STEPS).optional(),
  mobile_timezone_auto_set: bool().optional(),
  language: z
    .string({ error: fieldError(MSG.string) })
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "Not a valid language code.")
    .optional(),
  start_of_the_week: integerIn(0, 6, "Must be between 0 (Sunday) and 6 (Saturday).").optional(),
  time_format: z.enum(TIME_FORMATS, { error: fieldError(`Must be one of: ${TIME_FORMATS.join(", ")}.`) }).optional(),
  goals: settingsObject().optional(),
  background_color: lineText(255).nullable().optional(),
  is_navigation_tour_completed: bool().optional(),
  has_marketing_email_consent: bool().optional(),
  is_subscribed_to_changelog: bool().optional(),
  product_tour: boolFlags(PRODUCT_TOUR_KEYS).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** PATCH /api/users/me/onboard/. */
export const onboardBody = z.object({ is_onboarded: bool().optional() });
/** PATCH /api/users/me/tour-completed/. */
export const tourCompletedBody = z.object({ is_tour_completed: bool().optional() });

/** PATCH /api/users/me/notification-preferences/. */
export const notificationPreferencesBody = z.object({
  property_change: bool().optional(),
  state_change: bool().optional(),
  comment: bool().optional(),
  mention: bool().optional(),
  issue_completed: bool().optional(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

/** POST /api/users/me/workspaces/invitations/ (accept invitations addressed to me). */
export const acceptInvitationsBody = z.object({
  invitations: z
    .array(uuid(), { error: fieldError("Expected a list of invitation ids.") })
    .max(100, "At most 100 invitations at once.")
    .default([]),
});

// ---------------------------------------------------------------- responses

export type { UserAdminLite, UserLite } from "./user-lite.ts";

/** God-mode user (GET /api/instances/admins/me/, wire-facts-2 §1). */
export interface AdminMe {
  id: string;
  avatar: string | null;
  avatar_url: string | null;
  cover_image: string | null;
  date_joined: Timestamp;
  display_name: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_bot: boolean;
  is_email_verified: boolean;
  user_timezone: string;
  username: string;
  is_password_autoset: boolean;
}

/** GET /api/users/me/ (wire-facts §2). */
export interface UserMe extends AdminMe {
  cover_image_url: string | null;
  last_login_medium: string;
  last_login_time: Timestamp | null;
}

/** PATCH /api/users/me/ and POST /auth/set-password/: every user column except the password. */
export interface User extends UserMe {
  avatar_asset: string | null;
  cover_image_asset: string | null;
  last_login_ip: string | null;
  last_logout_time: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** GET /api/users/session/ and /api/instances/admins/session/. */
export type SessionStatus<U> = { is_authenticated: true; user: U } | { is_authenticated: false };

export type OnboardingStep = Record<(typeof ONBOARDING_STEPS)[number], boolean>;
export type MobileOnboardingStep = Record<(typeof MOBILE_ONBOARDING_STEPS)[number], boolean>;
export type ProductTour = Record<(typeof PRODUCT_TOUR_KEYS)[number], boolean>;

/** The profile's theme settings (`theme` names the theme; custom themes add their colours). */
export interface ProfileTheme {
  theme?: string;
  [k: string]: unknown;
}

/** GET/PATCH /api/users/me/profile/ (wire-facts §2). */
export interface Profile {
  id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  user: string;
  theme: ProfileTheme;
  is_app_rail_docked: boolean;
  is_tour_completed: boolean;
  onboarding_step: OnboardingStep;
  use_case: string | null;
  role: string | null;
  is_onboarded: boolean;
  last_workspace_id: string | null;
  billing_address_country: string;
  billing_address: Record<string, unknown> | null;
  has_billing_address: boolean;
  company_name: string;
  notification_view_mode: string;
  is_smooth_cursor_enabled: boolean;
  is_mobile_onboarded: boolean;
  mobile_onboarding_step: MobileOnboardingStep;
  mobile_timezone_auto_set: boolean;
  language: string;
  start_of_the_week: number;
  time_format: TimeFormat;
  goals: Record<string, unknown>;
  background_color: string | null;
  is_navigation_tour_completed: boolean;
  has_marketing_email_consent: boolean;
  is_subscribed_to_changelog: boolean;
  product_tour: ProductTour;
}

/** GET/PATCH /api/users/me/notification-preferences/ (per user: workspace and project are null). */
export interface NotificationPreferences {
  id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: null;
  created_by: string;
  updated_by: string;
  user: string;
  workspace: null;
  project: null;
  property_change: boolean;
  state_change: boolean;
  comment: boolean;
  mention: boolean;
  issue_completed: boolean;
}

/**
 * Stride: one of the caller's signed-in sessions (GET /api/users/me/sessions/): the device its browser names, where
 * it signed in from, when, when it was last used (to within minutes), when it ends, and whether it is this one.
 * DELETE /api/users/me/sessions/{id}/ signs one other session out; DELETE /api/users/me/sessions/ all the others.
 */
export interface UserSession {
  id: string;
  device: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  is_current: boolean;
}

/** GET /api/users/me/settings/ (wire-facts §2). */
export interface UserSettings {
  id: string;
  email: string;
  workspace: {
    last_workspace_id: string | null;
    last_workspace_slug: string | null;
    last_workspace_name?: string;
    last_workspace_logo?: string | null;
    fallback_workspace_id: string | null;
    fallback_workspace_slug: string | null;
    invites: number;
  };
}

/**
 * GET /api/users/last-visited-workspace/: the last workspace the caller visited (`{}` when none, or no longer
 * theirs) and their memberships of its projects.
 */
export interface LastVisitedWorkspace {
  workspace_details: Workspace | Record<string, never>;
  project_details: ProjectMember[];
}

import { boolean, integer, jsonb, pgTable, text, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { pk, ts } from "./common.ts";

export const users = pgTable("users", {
  id: pk(),
  username: text("username").notNull().unique(),
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  displayName: text("display_name").notNull().default(""),
  password: text("password"),
  avatar: text("avatar").notNull().default(""),
  avatarAssetId: uuid("avatar_asset"),
  coverImage: text("cover_image"),
  coverImageAssetId: uuid("cover_image_asset"),
  dateJoined: ts("date_joined").notNull().defaultNow(),
  isActive: boolean("is_active").notNull().default(true),
  isBot: boolean("is_bot").notNull().default(false),
  /** What kind of bot (Plane's `bot_type`): "AGENT" for an agent template's bot (routes/agents/bots.ts); null for people. */
  botType: text("bot_type"),
  isEmailVerified: boolean("is_email_verified").notNull().default(false),
  isPasswordAutoset: boolean("is_password_autoset").notNull().default(false),
  userTimezone: text("user_timezone").notNull().default("UTC"),
  lastLoginMedium: text("last_login_medium").notNull().default("email"),
  lastLoginTime: ts("last_login_time"),
  lastLoginIp: text("last_login_ip"),
  lastLogoutTime: ts("last_logout_time"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const profiles = pgTable("profiles", {
  id: pk(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  theme: jsonb("theme").notNull().default({}),
  isAppRailDocked: boolean("is_app_rail_docked").notNull().default(true),
  isTourCompleted: boolean("is_tour_completed").notNull().default(false),
  onboardingStep: jsonb("onboarding_step")
    .notNull()
    .default({ workspace_join: false, profile_complete: false, workspace_create: false, workspace_invite: false }),
  useCase: text("use_case"),
  role: text("role"),
  isOnboarded: boolean("is_onboarded").notNull().default(false),
  lastWorkspaceId: uuid("last_workspace_id"),
  billingAddressCountry: text("billing_address_country").notNull().default("INDIA"),
  billingAddress: jsonb("billing_address"),
  hasBillingAddress: boolean("has_billing_address").notNull().default(false),
  companyName: text("company_name").notNull().default(""),
  notificationViewMode: text("notification_view_mode").notNull().default("full"),
  isSmoothCursorEnabled: boolean("is_smooth_cursor_enabled").notNull().default(false),
  isMobileOnboarded: boolean("is_mobile_onboarded").notNull().default(false),
  mobileOnboardingStep: jsonb("mobile_onboarding_step")
    .notNull()
    .default({ profile_complete: false, workspace_create: false, workspace_join: false }),
  mobileTimezoneAutoSet: boolean("mobile_timezone_auto_set").notNull().default(false),
  language: text("language").notNull().default("en"),
  startOfTheWeek: integer("start_of_the_week").notNull().default(0),
  /** How times are shown to this user: "24-hour" (default) or "12-hour" (platform.md, constants). */
  timeFormat: text("time_format").notNull().default("24-hour"),
  goals: jsonb("goals").notNull().default({}),
  backgroundColor: text("background_color"),
  isNavigationTourCompleted: boolean("is_navigation_tour_completed").notNull().default(false),
  hasMarketingEmailConsent: boolean("has_marketing_email_consent").notNull().default(false),
  isSubscribedToChangelog: boolean("is_subscribed_to_changelog").notNull().default(false),
  productTour: jsonb("product_tour")
    .notNull()
    .default({ work_items: false, cycles: false, modules: false, intake: false, pages: false }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Server-side sessions; the cookie carries a random token whose SHA-256 is the id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("app"), // app | admin
    expiresAt: ts("expires_at").notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** When the session last made a request (kept to within SESSION_SEEN_EVERY_MS, core/session.ts). */
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Magic sign-in codes: one live code per email. */
export const magicCodes = pgTable("magic_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  generations: integer("generations").notNull().default(1),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const passwordResetTokens = pgTable("password_reset_tokens", {
  id: pk(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const userNotificationPreferences = pgTable("user_notification_preferences", {
  id: pk(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  propertyChange: boolean("property_change").notNull().default(true),
  stateChange: boolean("state_change").notNull().default(true),
  comment: boolean("comment").notNull().default(true),
  mention: boolean("mention").notNull().default(true),
  issueCompleted: boolean("issue_completed").notNull().default(true),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * A sign-in provider's account linked to a user (wire-facts-2 §3 step 6): one row per provider account, found
 * again by `(provider, provider_account_id)` on the next sign-in. Tokens are sealed (core/crypto-box.ts).
 */
export const accounts = pgTable(
  "accounts",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    accessToken: text("access_token").notNull().default(""),
    accessTokenExpiredAt: ts("access_token_expired_at"),
    refreshToken: text("refresh_token").notNull().default(""),
    refreshTokenExpiredAt: ts("refresh_token_expired_at"),
    idToken: text("id_token").notNull().default(""),
    lastConnectedAt: ts("last_connected_at").notNull().defaultNow(),
    metadata: jsonb("metadata").notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_provider_account_uq").on(t.provider, t.providerAccountId),
    index("accounts_user_idx").on(t.userId),
  ],
);

import { boolean, integer, pgTable, text, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";

export const instances = pgTable("instances", {
  id: pk(),
  instanceName: text("instance_name").notNull().default("Stride"),
  whitelistEmails: text("whitelist_emails"),
  instanceId: text("instance_id").notNull(),
  currentVersion: text("current_version").notNull(),
  latestVersion: text("latest_version"),
  edition: text("edition").notNull().default("PLANE_COMMUNITY"),
  domain: text("domain"),
  lastCheckedAt: ts("last_checked_at").notNull().defaultNow(),
  namespace: text("namespace"),
  isTelemetryEnabled: boolean("is_telemetry_enabled").notNull().default(false),
  isSupportRequired: boolean("is_support_required").notNull().default(false),
  isSetupDone: boolean("is_setup_done").notNull().default(false),
  isSignupScreenVisited: boolean("is_signup_screen_visited").notNull().default(false),
  isVerified: boolean("is_verified").notNull().default(false),
  isTest: boolean("is_test").notNull().default(false),
  ...audit(),
});

export const instanceConfigurations = pgTable("instance_configurations", {
  id: pk(),
  key: text("key").notNull().unique(),
  value: text("value"),
  category: text("category").notNull(),
  isEncrypted: boolean("is_encrypted").notNull().default(false),
  ...audit(),
});

export const instanceAdmins = pgTable(
  "instance_admins",
  {
    id: pk(),
    userId: uuid("user_id").notNull(),
    instanceId: uuid("instance_id").notNull(),
    role: integer("role").notNull().default(20),
    isVerified: boolean("is_verified").notNull().default(false),
    ...audit(),
  },
  (t) => [uniqueIndex("instance_admins_user_uq").on(t.userId, t.instanceId)],
);

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull().default(0),
  /** A source's next attempt on an account is refused until then (the growing back-off of core/rate-limit.ts). */
  blockedUntil: ts("blocked_until"),
});

/**
 * The server processes of this installation (core/instance-registry.ts): each records itself at start and every
 * INSTANCE_HEARTBEAT_MS; god-mode → Instances lists them. `unsharedWith` holds the ids of live instances on local
 * storage whose uploads folder this one cannot see (files uploaded through one would 404 through the other).
 */
export const serverInstances = pgTable("server_instances", {
  id: uuid("id").primaryKey(),
  hostname: text("hostname").notNull(),
  pid: integer("pid").notNull(),
  version: text("version").notNull(),
  storage: text("storage").notNull(),
  /** The local uploads folder as this instance sees it; null with S3. */
  uploadsDir: text("uploads_dir"),
  startedAt: ts("started_at").notNull().defaultNow(),
  lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  stoppedAt: ts("stopped_at"),
  unsharedWith: uuid("unshared_with").array().notNull().default([]),
});

/**
 * POSTs sent with an `Idempotency-Key` (http/idempotency.ts): the first one's answer, kept a day, replayed to the same
 * caller sending the same key again (the web's outbox resends a create or a comment whose answer was lost).
 * `key` is a hash of the caller's credential and the header; `status` is null while the first request runs.
 */
export const idempotentRequests = pgTable("idempotent_requests", {
  key: text("key").primaryKey(),
  method: text("method").notNull(),
  path: text("path").notNull(),
  bodyHash: text("body_hash").notNull(),
  status: integer("status"),
  contentType: text("content_type"),
  body: text("body"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

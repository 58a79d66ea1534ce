import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A workspace's webhook (wire-facts §9, platform.md §3): where events go and which ones. `secret_key` is stored
 * encrypted with the app secret (core/instance-config.ts `encryptValue`): it signs deliveries, so it cannot be a hash.
 * The event flags' columns are `on_*`: a `project` / `issue` column would read as the row's project or work item to
 * the live-event trigger (db/sql/live-events.sql).
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    secretKey: text("secret_key").notNull(),
    project: boolean("on_project").notNull().default(false),
    issue: boolean("on_issue").notNull().default(false),
    module: boolean("on_module").notNull().default(false),
    cycle: boolean("on_cycle").notNull().default(false),
    issueComment: boolean("on_issue_comment").notNull().default(false),
    isInternal: boolean("is_internal").notNull().default(false),
    version: text("version").notNull().default("v1"),
    ...audit(),
  },
  (t) => [uniqueIndex("webhooks_workspace_url_uq").on(t.workspaceId, t.url)],
);

/**
 * One delivery attempt (wire-facts §13): written by the delivery job (routes/webhooks/delivery.ts) after each try,
 * with the request as sent, the answer (or the failure) and how long it took.
 */
export const webhookLogs = pgTable(
  "webhook_logs",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    webhookId: uuid("webhook")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    deliveryId: uuid("delivery_id").notNull(),
    eventType: text("event_type").notNull(),
    action: text("action").notNull(),
    requestMethod: text("request_method").notNull().default("POST"),
    requestHeaders: jsonb("request_headers").notNull().default({}),
    requestBody: text("request_body").notNull(),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers"),
    responseBody: text("response_body"),
    /** Why the attempt failed without an answer (refused target, timeout, connection error). */
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** 0 for the first attempt. */
    retryCount: integer("retry_count").notNull().default(0),
    /** When the next attempt is due, if there is one. */
    nextRetryAt: ts("next_retry_at"),
    ...audit(),
  },
  (t) => [index("webhook_logs_webhook_idx").on(t.webhookId, t.createdAt)],
);

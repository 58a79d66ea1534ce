import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issueActivities, issues } from "./issues.ts";

/**
 * A person's inbox entry (platform.md §3 Notification, wire-facts §9): one row per work-item activity and receiver,
 * written by the notifications job (routes/notifications/jobs.ts). `data` keeps the item and activity as they were.
 * Routed live to the receiver's `user:` stream (db/sql/live-events.sql).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    issueId: uuid("entity_identifier").references(() => issues.id, { onDelete: "cascade" }),
    issueActivityId: uuid("issue_activity").references(() => issueActivities.id, { onDelete: "set null" }),
    entityName: text("entity_name").notNull().default("issue"),
    receiverId: uuid("receiver")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    triggeredById: uuid("triggered_by").references(() => users.id, { onDelete: "set null" }),
    sender: text("sender").notNull(),
    title: text("title").notNull().default(""),
    data: jsonb("data").notNull().default({}),
    message: jsonb("message"),
    messageHtml: text("message_html").notNull().default("<p></p>"),
    messageStripped: text("message_stripped"),
    readAt: ts("read_at"),
    snoozedTill: ts("snoozed_till"),
    archivedAt: ts("archived_at"),
    /** When the notification went out in a mail (routes/notifications/mail.ts); null = not mailed. */
    emailedAt: ts("emailed_at"),
    isInboxIssue: boolean("is_inbox_issue").notNull().default(false),
    isMentionedNotification: boolean("is_mentioned_notification").notNull().default(false),
    ...audit(),
  },
  (t) => [
    uniqueIndex("notifications_activity_receiver_uq").on(t.issueActivityId, t.receiverId),
    // a project update's (or its comment's) notification: one per receiver (routes/project-updates/notify.ts)
    uniqueIndex("notifications_project_update_receiver_uq")
      .on(sql`(${t.data} #>> '{project_update,key}')`, t.receiverId)
      .where(sql`${t.entityName} = 'project_update'`),
    index("notifications_inbox_idx").on(t.receiverId, t.workspaceId, t.createdAt),
  ],
);

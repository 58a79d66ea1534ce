import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issues } from "./issues.ts";

/**
 * Time tracking (issue #29 point 3): one row per work log on a work item — minutes, the day the work was done, a
 * plain-text note and who logged it. Publishes live on its project's stream (with its item, so a guest hears only
 * of their own items); deleted with its item.
 */
export const issueWorklogs = pgTable(
  "issue_worklogs",
  {
    id: pk(),
    issueId: uuid("issue")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    loggedById: uuid("logged_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Minutes (Plane's unit). */
    duration: integer("duration").notNull(),
    loggedOn: date("logged_on", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    ...audit(),
  },
  (t) => [
    index("issue_worklogs_issue_idx").on(t.issueId, t.loggedOn),
    index("issue_worklogs_project_idx").on(t.projectId, t.loggedOn),
    index("issue_worklogs_member_idx").on(t.loggedById, t.loggedOn),
  ],
);

/**
 * Project updates (issue #29 point 4): a status (ON-TRACK, AT-RISK, OFF-TRACK) and a written update, with the work
 * items' progress when it was posted. Comments and reactions hang off it and go with it.
 */
export const projectUpdates = pgTable(
  "project_updates",
  {
    id: pk(),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped").notNull().default(""),
    /** `{total_issues, completed_issues}` when posted. */
    progress: jsonb("progress").notNull().default({}),
    ...audit(),
  },
  (t) => [index("project_updates_project_idx").on(t.projectId, t.createdAt)],
);

export const projectUpdateComments = pgTable(
  "project_update_comments",
  {
    id: pk(),
    updateId: uuid("project_update")
      .notNull()
      .references(() => projectUpdates.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    commentHtml: text("comment_html").notNull().default("<p></p>"),
    commentStripped: text("comment_stripped").notNull().default(""),
    actorId: uuid("actor").references(() => users.id, { onDelete: "set null" }),
    editedAt: ts("edited_at"),
    ...audit(),
  },
  (t) => [index("project_update_comments_update_idx").on(t.updateId, t.createdAt)],
);

export const projectUpdateReactions = pgTable(
  "project_update_reactions",
  {
    id: pk(),
    updateId: uuid("project_update")
      .notNull()
      .references(() => projectUpdates.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: uuid("actor")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("project_update_reactions_uq").on(t.updateId, t.actorId, t.reaction)],
);

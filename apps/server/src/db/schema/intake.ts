import { boolean, integer, jsonb, pgTable, text, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issues } from "./issues.ts";

/**
 * A project's intake (wire-facts §8): one per project, made when the project's intake feature is first turned on.
 * It carries its settings (which channels are on) and the public form's anchor.
 */
export const intakes = pgTable(
  "intakes",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(true),
    viewProps: jsonb("view_props").notNull().default({}),
    logoProps: jsonb("logo_props").notNull().default({}),
    isInAppEnabled: boolean("is_in_app_enabled").notNull().default(true),
    isFormEnabled: boolean("is_form_enabled").notNull().default(false),
    isEmailEnabled: boolean("is_email_enabled").notNull().default(false),
    /** The public form's key (`/spaces/intake/{anchor}/`); a new one replaces it on regenerate. */
    anchor: text("anchor").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("intakes_project_uq").on(t.projectId), uniqueIndex("intakes_anchor_uq").on(t.anchor)],
);

/**
 * One request in an intake: the work item (waiting in the project's triage state until accepted) and its
 * triage status (-2 pending, -1 declined, 0 snoozed, 1 accepted, 2 duplicate).
 */
export const intakeIssues = pgTable(
  "intake_issues",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    intakeId: uuid("intake")
      .notNull()
      .references(() => intakes.id, { onDelete: "cascade" }),
    issueId: uuid("issue")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    status: integer("status").notNull().default(-2),
    snoozedTill: ts("snoozed_till"),
    duplicateToId: uuid("duplicate_to").references(() => issues.id, { onDelete: "set null" }),
    source: text("source").notNull().default("IN_APP"),
    sourceEmail: text("source_email"),
    extra: jsonb("extra").notNull().default({}),
    ...audit(),
  },
  (t) => [
    uniqueIndex("intake_issues_issue_uq").on(t.issueId),
    index("intake_issues_intake_idx").on(t.intakeId, t.status, t.createdAt),
  ],
);

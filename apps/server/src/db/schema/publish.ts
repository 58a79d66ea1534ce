import { boolean, index, integer, jsonb, pgTable, text, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issues } from "./issues.ts";

/**
 * A published project (wire-facts-2 §2 DeployBoard): one row per published entity; unpublishing deletes it. The
 * public space reads the project through its `anchor` (32 hex), with the view options kept here.
 */
export const deployBoards = pgTable(
  "deploy_boards",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    entityName: text("entity_name").notNull().default("project"),
    entityIdentifier: uuid("entity_identifier").notNull(),
    anchor: text("anchor").notNull(),
    isCommentsEnabled: boolean("is_comments_enabled").notNull().default(false),
    isReactionsEnabled: boolean("is_reactions_enabled").notNull().default(false),
    isVotesEnabled: boolean("is_votes_enabled").notNull().default(false),
    intakeId: uuid("intake"),
    viewProps: jsonb("view_props")
      .notNull()
      .default({ list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true }),
    isActivityEnabled: boolean("is_activity_enabled").notNull().default(true),
    isDisabled: boolean("is_disabled").notNull().default(false),
    ...audit(),
  },
  (t) => [
    uniqueIndex("deploy_boards_anchor_uq").on(t.anchor),
    uniqueIndex("deploy_boards_entity_uq").on(t.entityName, t.entityIdentifier),
  ],
);

/** A signed-in person who wrote in a project's public space without being a project member (ProjectPublicMember). */
export const projectPublicMembers = pgTable(
  "project_public_members",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    memberId: uuid("member")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...audit(),
  },
  (t) => [uniqueIndex("project_public_members_uq").on(t.projectId, t.memberId)],
);

/** One vote (1 or -1) per person on a work item, cast in the public space. */
export const issueVotes = pgTable(
  "issue_votes",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    issueId: uuid("issue")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    actorId: uuid("actor")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: integer("vote").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("issue_votes_uq").on(t.issueId, t.actorId), index("issue_votes_issue_idx").on(t.issueId)],
);

import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
  index,
  uniqueIndex,
  doublePrecision,
  date,
  customType,
  bigint,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects, states, labels, estimatePoints } from "./projects.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const cycles = pgTable(
  "cycles",
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
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    ownedById: uuid("owned_by").notNull(),
    viewProps: jsonb("view_props").notNull().default({}),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    progressSnapshot: jsonb("progress_snapshot").notNull().default({}),
    archivedAt: ts("archived_at"),
    logoProps: jsonb("logo_props").notNull().default({}),
    timezone: text("timezone").notNull().default("UTC"),
    version: integer("version").notNull().default(1),
    ...audit(),
  },
  (t) => [index("cycles_project_idx").on(t.projectId)],
);

export const modules = pgTable(
  "modules",
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
    descriptionText: jsonb("description_text"),
    descriptionHtml: text("description_html"),
    startDate: date("start_date", { mode: "string" }),
    targetDate: date("target_date", { mode: "string" }),
    status: text("status").notNull().default("planned"),
    leadId: uuid("lead"),
    viewProps: jsonb("view_props").notNull().default({}),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    archivedAt: ts("archived_at"),
    logoProps: jsonb("logo_props").notNull().default({}),
    ...audit(),
  },
  (t) => [index("modules_project_idx").on(t.projectId), uniqueIndex("modules_name_uq").on(t.projectId, t.name)],
);

export const moduleMembers = pgTable(
  "module_members",
  {
    id: pk(),
    moduleId: uuid("module")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    memberId: uuid("member")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace").notNull(),
    projectId: uuid("project").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("module_members_uq").on(t.moduleId, t.memberId)],
);

/** Links of a module (P/modules/{id}/module-links/). */
export const moduleLinks = pgTable(
  "module_links",
  {
    id: pk(),
    moduleId: uuid("module")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title"),
    url: text("url").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
    ...audit(),
  },
  (t) => [index("module_links_module_idx").on(t.moduleId, t.createdAt)],
);

export const issues = pgTable(
  "issues",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionBinary: bytea("description_binary"),
    descriptionJson: jsonb("description_json").notNull().default({}),
    descriptionStripped: text("description_stripped"),
    priority: text("priority").notNull().default("none"),
    stateId: uuid("state").references(() => states.id, { onDelete: "set null" }),
    parentId: uuid("parent"),
    estimatePointId: uuid("estimate_point").references(() => estimatePoints.id, { onDelete: "set null" }),
    point: integer("point"),
    startDate: date("start_date", { mode: "string" }),
    targetDate: date("target_date", { mode: "string" }),
    sequenceId: integer("sequence_id").notNull(),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    completedAt: ts("completed_at"),
    archivedAt: date("archived_at", { mode: "string" }),
    isDraft: boolean("is_draft").notNull().default(false),
    isEpic: boolean("is_epic").notNull().default(false),
    typeId: uuid("type"),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    deletedAt: ts("deleted_at"),
    // What a list row shows of the item's relations, kept by triggers from the tables they come from
    // (db/sql/issue-list-attrs.sql) and read by the list engine. Never written by the app.
    assigneeIds: uuid("assignee_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    labelIds: uuid("label_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    moduleIds: uuid("module_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    cycleId: uuid("cycle_id"),
    linkCount: integer("link_count").notNull().default(0),
    attachmentCount: integer("attachment_count").notNull().default(0),
    subIssuesCount: integer("sub_issues_count").notNull().default(0),
    // custom property values {property id: [values]}, kept from issue_property_values (db/sql/issue-property-values.sql)
    propertyValues: jsonb("property_values").notNull().default({}),
    ...audit(),
  },
  (t) => [
    uniqueIndex("issues_sequence_uq").on(t.projectId, t.sequenceId),
    index("issues_list_idx")
      .on(t.projectId, t.createdAt)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false`),
    index("issues_state_sort_idx")
      .on(t.projectId, t.stateId, t.sortOrder)
      .where(sql`deleted_at IS NULL`),
    index("issues_parent_idx").on(t.parentId),
    index("issues_updated_idx").on(t.projectId, t.updatedAt),
    // W/workspace-members/me/ counts the caller's drafts on every app load: without it, a scan of every work item
    index("issues_draft_author_idx")
      .on(t.workspaceId, t.createdById)
      .where(sql`is_draft AND deleted_at IS NULL`),
    // list engine (core/issue-list): per-group pages and index-only group counts of listable work items
    index("issues_live_state_sort_idx")
      .on(t.projectId, t.stateId, t.sortOrder)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`),
    index("issues_live_state_created_idx")
      .on(t.projectId, t.stateId, t.createdAt)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`),
    index("issues_live_priority_sort_idx")
      .on(t.projectId, t.priority, t.sortOrder)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`),
    // the flat list's pages in its default order (-created_at) and by sort_order, stopping after the page; the
    // unfiltered counts come from issue_list_counts (db/sql/issue-list-counts.sql), not from counting index entries
    index("issues_live_created_idx")
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`),
    index("issues_live_sort_idx")
      .on(t.projectId, t.sortOrder)
      .where(sql`deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`),
  ],
);

/**
 * Snapshots of a work item's description (P/work-items/{id}/description-versions/): one row per editing
 * session — a change by the version's owner within the coalescing window updates the latest row.
 */
export const issueDescriptionVersions = pgTable(
  "issue_description_versions",
  {
    id: pk(),
    issueId: uuid("issue")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped"),
    descriptionBinary: bytea("description_binary"),
    descriptionJson: jsonb("description_json").notNull().default({}),
    ownedById: uuid("owned_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSavedAt: ts("last_saved_at").notNull().defaultNow(),
    ...audit(),
  },
  (t) => [index("issue_description_versions_issue_idx").on(t.issueId, t.lastSavedAt)],
);

const issueLink = () => ({
  id: pk(),
  issueId: uuid("issue")
    .notNull()
    .references(() => issues.id, { onDelete: "cascade" }),
  projectId: uuid("project").notNull(),
  workspaceId: uuid("workspace").notNull(),
  ...audit(),
});

export const issueAssignees = pgTable(
  "issue_assignees",
  {
    ...issueLink(),
    assigneeId: uuid("assignee")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_assignees_uq").on(t.issueId, t.assigneeId),
    index("issue_assignees_user_idx").on(t.assigneeId, t.issueId),
  ],
);

export const issueLabels = pgTable(
  "issue_labels",
  {
    ...issueLink(),
    labelId: uuid("label")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_labels_uq").on(t.issueId, t.labelId),
    index("issue_labels_label_idx").on(t.labelId, t.issueId),
  ],
);

export const issueSubscribers = pgTable(
  "issue_subscribers",
  {
    ...issueLink(),
    subscriberId: uuid("subscriber")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_subscribers_uq").on(t.issueId, t.subscriberId),
    index("issue_subscribers_user_idx").on(t.subscriberId, t.issueId),
  ],
);

export const issueMentions = pgTable(
  "issue_mentions",
  {
    ...issueLink(),
    mentionId: uuid("mention")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_mentions_uq").on(t.issueId, t.mentionId),
    index("issue_mentions_user_idx").on(t.mentionId, t.issueId),
  ],
);

export const cycleIssues = pgTable(
  "cycle_issues",
  {
    ...issueLink(),
    cycleId: uuid("cycle")
      .notNull()
      .references(() => cycles.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("cycle_issues_issue_uq").on(t.issueId), index("cycle_issues_cycle_idx").on(t.cycleId, t.issueId)],
);

export const moduleIssues = pgTable(
  "module_issues",
  {
    ...issueLink(),
    moduleId: uuid("module")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("module_issues_uq").on(t.issueId, t.moduleId),
    index("module_issues_module_idx").on(t.moduleId, t.issueId),
  ],
);

export const issueRelations = pgTable(
  "issue_relations",
  {
    ...issueLink(),
    relatedIssueId: uuid("related_issue")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    relationType: text("relation_type").notNull(),
  },
  (t) => [
    uniqueIndex("issue_relations_uq").on(t.issueId, t.relatedIssueId),
    index("issue_relations_related_idx").on(t.relatedIssueId),
  ],
);

export const issueLinks = pgTable(
  "issue_links",
  {
    ...issueLink(),
    title: text("title"),
    url: text("url").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
  },
  (t) => [index("issue_links_issue_idx").on(t.issueId)],
);

export const issueComments = pgTable(
  "issue_comments",
  {
    ...issueLink(),
    commentStripped: text("comment_stripped").notNull().default(""),
    commentJson: jsonb("comment_json").notNull().default({}),
    commentHtml: text("comment_html").notNull().default("<p></p>"),
    access: text("access").notNull().default("INTERNAL"),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    editedAt: ts("edited_at"),
    parentId: uuid("parent"),
    actorId: uuid("actor").references(() => users.id, { onDelete: "set null" }),
    /** For an agent's comment (the actor is its bot): the person who started the run (core/activity.ts `actOnBehalfOf`). */
    onBehalfOfId: uuid("on_behalf_of").references(() => users.id, { onDelete: "set null" }),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("issue_comments_issue_idx").on(t.issueId, t.createdAt)],
);

export const issueReactions = pgTable(
  "issue_reactions",
  {
    ...issueLink(),
    actorId: uuid("actor")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
  },
  (t) => [uniqueIndex("issue_reactions_uq").on(t.issueId, t.actorId, t.reaction)],
);

export const commentReactions = pgTable(
  "comment_reactions",
  {
    id: pk(),
    commentId: uuid("comment")
      .notNull()
      .references(() => issueComments.id, { onDelete: "cascade" }),
    projectId: uuid("project").notNull(),
    workspaceId: uuid("workspace").notNull(),
    actorId: uuid("actor")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("comment_reactions_uq").on(t.commentId, t.actorId, t.reaction)],
);

export const issueActivities = pgTable(
  "issue_activities",
  {
    id: pk(),
    issueId: uuid("issue").references(() => issues.id, { onDelete: "cascade" }),
    projectId: uuid("project").notNull(),
    workspaceId: uuid("workspace").notNull(),
    verb: text("verb").notNull().default("updated"),
    field: text("field"),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    comment: text("comment").notNull().default(""),
    attachments: jsonb("attachments").notNull().default([]),
    issueCommentId: uuid("issue_comment"),
    oldIdentifier: uuid("old_identifier"),
    newIdentifier: uuid("new_identifier"),
    epoch: doublePrecision("epoch"),
    actorId: uuid("actor"),
    /** For an agent's change (the actor is its bot): the person who started the run (core/activity.ts `actOnBehalfOf`). */
    onBehalfOfId: uuid("on_behalf_of"),
    ...audit(),
  },
  (t) => [
    index("issue_activities_issue_idx").on(t.issueId, t.createdAt),
    // a person's activity across the workspace, newest first (W/user-activity/{userId}/)
    index("issue_activities_actor_idx").on(t.workspaceId, t.actorId, t.createdAt),
  ],
);

export const issueTasks = pgTable(
  "issue_tasks",
  {
    ...issueLink(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("pending"),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    assigneeId: uuid("assignee"),
    completedAt: ts("completed_at"),
  },
  (t) => [index("issue_tasks_issue_idx").on(t.issueId, t.sortOrder)],
);

export const fileAssets = pgTable(
  "file_assets",
  {
    id: pk(),
    attributes: jsonb("attributes").notNull().default({}),
    asset: text("asset").notNull(),
    userId: uuid("user"),
    workspaceId: uuid("workspace"),
    projectId: uuid("project"),
    issueId: uuid("issue"),
    commentId: uuid("comment"),
    pageId: uuid("page"),
    draftIssueId: uuid("draft_issue"),
    entityType: text("entity_type"),
    entityIdentifier: text("entity_identifier"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    isArchived: boolean("is_archived").notNull().default(false),
    externalId: text("external_id"),
    externalSource: text("external_source"),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    isUploaded: boolean("is_uploaded").notNull().default(false),
    storageMetadata: jsonb("storage_metadata"),
    deletedAt: ts("deleted_at"),
    ...audit(),
  },
  (t) => [index("file_assets_issue_idx").on(t.issueId), index("file_assets_workspace_idx").on(t.workspaceId)],
);

/**
 * Workspace drafts (the Drafts page): a work item being written, optionally aimed at a project.
 * Private to its creator; POST W/draft-to-issue/{id}/ turns it into a real work item and removes it.
 * Project drafts (`P/issue-drafts/`) are instead `issues` rows with is_draft = true.
 */
export const draftIssues = pgTable(
  "draft_issues",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionBinary: bytea("description_binary"),
    descriptionJson: jsonb("description_json").notNull().default({}),
    descriptionStripped: text("description_stripped"),
    priority: text("priority").notNull().default("none"),
    stateId: uuid("state").references(() => states.id, { onDelete: "set null" }),
    parentId: uuid("parent").references(() => issues.id, { onDelete: "set null" }),
    estimatePointId: uuid("estimate_point").references(() => estimatePoints.id, { onDelete: "set null" }),
    startDate: date("start_date", { mode: "string" }),
    targetDate: date("target_date", { mode: "string" }),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    completedAt: ts("completed_at"),
    typeId: uuid("type"),
    cycleId: uuid("cycle").references(() => cycles.id, { onDelete: "set null" }),
    labelIds: jsonb("label_ids").$type<string[]>().notNull().default([]),
    assigneeIds: jsonb("assignee_ids").$type<string[]>().notNull().default([]),
    moduleIds: jsonb("module_ids").$type<string[]>().notNull().default([]),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    /** Custom property values by property id (issue #29), checked like an item's; required ones on conversion. */
    propertyValues: jsonb("property_values").$type<Record<string, string[]>>().notNull().default({}),
    ...audit(),
  },
  (t) => [index("draft_issues_owner_idx").on(t.workspaceId, t.createdById, t.createdAt)],
);

/** Agent executions started on a work item (listed by GET P/issues/{id}/agent-executions/). */
export const issueAgentExecutions = pgTable(
  "issue_agent_executions",
  {
    ...issueLink(),
    executionId: text("execution_id").notNull(),
  },
  (t) => [index("issue_agent_executions_issue_idx").on(t.issueId, t.createdAt)],
);

import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
  index,
  uniqueIndex,
  unique,
  doublePrecision,
} from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

export const projects = pgTable(
  "projects",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    descriptionText: jsonb("description_text"),
    descriptionHtml: text("description_html"),
    network: integer("network").notNull().default(2),
    identifier: text("identifier").notNull(),
    defaultAssigneeId: uuid("default_assignee"),
    projectLeadId: uuid("project_lead"),
    emoji: text("emoji"),
    iconProp: jsonb("icon_prop"),
    moduleView: boolean("module_view").notNull().default(true),
    cycleView: boolean("cycle_view").notNull().default(true),
    issueViewsView: boolean("issue_views_view").notNull().default(true),
    pageView: boolean("page_view").notNull().default(true),
    intakeView: boolean("intake_view").notNull().default(false),
    isTimeTrackingEnabled: boolean("is_time_tracking_enabled").notNull().default(false),
    isIssueTypeEnabled: boolean("is_issue_type_enabled").notNull().default(false),
    isProjectUpdatesEnabled: boolean("is_project_updates_enabled").notNull().default(false),
    isEpicEnabled: boolean("is_epic_enabled").notNull().default(false),
    isWorkflowEnabled: boolean("is_workflow_enabled").notNull().default(false),
    guestViewAllFeatures: boolean("guest_view_all_features").notNull().default(false),
    coverImage: text("cover_image"),
    coverImageAssetId: uuid("cover_image_asset"),
    estimateId: uuid("estimate"),
    archiveIn: integer("archive_in").notNull().default(0),
    closeIn: integer("close_in").notNull().default(0),
    logoProps: jsonb("logo_props").notNull().default({}),
    defaultStateId: uuid("default_state"),
    archivedAt: ts("archived_at"),
    timezone: text("timezone").notNull().default("UTC"),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    /** Last sequence number handed to a work item; never decreases, so sequence ids are never reused. */
    issueSequence: integer("issue_sequence").notNull().default(0),
    /**
     * Change counter of the project's work-item lists, bumped by database triggers on every write that can
     * change a list response (apps/server/src/db/sql/list-version-triggers.sql); keys the list cache.
     */
    listVersion: bigint("list_version", { mode: "number" }).notNull().default(0),
    ...audit(),
  },
  (t) => [
    uniqueIndex("projects_identifier_uq").on(t.workspaceId, t.identifier),
    uniqueIndex("projects_name_uq").on(t.workspaceId, t.name),
  ],
);

export const projectMembers = pgTable(
  "project_members",
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
    role: integer("role").notNull().default(5),
    comment: text("comment"),
    viewProps: jsonb("view_props").notNull().default({}),
    defaultProps: jsonb("default_props").notNull().default({}),
    preferences: jsonb("preferences")
      .notNull()
      .default({ pages: { block_display: true }, navigation: { default_tab: "work_items", hide_in_more_menu: [] } }),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    isActive: boolean("is_active").notNull().default(true),
    ...audit(),
  },
  (t) => [
    uniqueIndex("project_members_uq").on(t.projectId, t.memberId),
    index("project_members_member_idx").on(t.memberId, t.workspaceId),
  ],
);

export const states = pgTable(
  "states",
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
    color: text("color").notNull(),
    slug: text("slug").notNull().default(""),
    sequence: doublePrecision("sequence").notNull().default(65535),
    group: text("group").notNull(),
    isTriage: boolean("is_triage").notNull().default(false),
    default: boolean("default").notNull().default(false),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    ...audit(),
  },
  (t) => [
    uniqueIndex("states_name_uq").on(t.projectId, t.name),
    index("states_project_idx").on(t.projectId, t.sequence),
  ],
);

export const labels = pgTable(
  "labels",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    parentId: uuid("parent"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default(""),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    ...audit(),
  },
  (t) => [
    uniqueIndex("labels_name_uq").on(t.projectId, t.name),
    index("labels_project_idx").on(t.projectId, t.sortOrder),
  ],
);

/** Per-user, per-project list preferences (filters, display filters, display properties). */
export const projectUserProperties = pgTable(
  "project_user_properties",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("issues"), // issues | epics | cycle | module
    /** The cycle or module the preferences belong to (null for a project's work items and epics). */
    entityId: uuid("entity"),
    filters: jsonb("filters").notNull().default({}),
    displayFilters: jsonb("display_filters").notNull().default({}),
    displayProperties: jsonb("display_properties").notNull().default({}),
    richFilters: jsonb("rich_filters").notNull().default({}),
    preferences: jsonb("preferences").notNull().default({}),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    ...audit(),
  },
  (t) => [unique("project_user_properties_uq").on(t.projectId, t.userId, t.kind, t.entityId).nullsNotDistinct()],
);

export const estimates = pgTable("estimates", {
  id: pk(),
  workspaceId: uuid("workspace")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  type: text("type").notNull().default("categories"),
  lastUsed: boolean("last_used").notNull().default(false),
  ...audit(),
});

export const estimatePoints = pgTable("estimate_points", {
  id: pk(),
  workspaceId: uuid("workspace")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  estimateId: uuid("estimate")
    .notNull()
    .references(() => estimates.id, { onDelete: "cascade" }),
  key: integer("key").notNull().default(0),
  value: text("value").notNull(),
  description: text("description").notNull().default(""),
  ...audit(),
});

import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issues } from "./issues.ts";

/**
 * Work item types and their custom properties (issue #29). A type belongs to a project, or (project null) is shared
 * across the workspace and offered in every project that has types on. Each project with types on has one default
 * type (new items take it) and one epic type (its items are the project's epics).
 */
export const issueTypes = pgTable(
  "issue_types",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logoProps: jsonb("logo_props").notNull().default({}),
    isDefault: boolean("is_default").notNull().default(false),
    isEpic: boolean("is_epic").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    externalSource: text("external_source"),
    externalId: text("external_id"),
    ...audit(),
  },
  (t) => [
    index("issue_types_project_idx").on(t.projectId, t.sortOrder),
    index("issue_types_workspace_idx").on(t.workspaceId),
    uniqueIndex("issue_types_default_uq")
      .on(t.projectId)
      .where(sql`is_default`),
    uniqueIndex("issue_types_epic_uq")
      .on(t.projectId)
      .where(sql`is_epic`),
  ],
);

/** A custom property of a type: its kind (shared `PROPERTY_KINDS`), whether it is required, its default. */
export const issueProperties = pgTable(
  "issue_properties",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    issueTypeId: uuid("issue_type")
      .notNull()
      .references(() => issueTypes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    defaultValue: text("default_value")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    settings: jsonb("settings").notNull().default({}),
    logoProps: jsonb("logo_props").notNull().default({}),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    ...audit(),
  },
  (t) => [
    index("issue_properties_type_idx").on(t.issueTypeId, t.sortOrder),
    uniqueIndex("issue_properties_name_uq").on(t.issueTypeId, t.name),
  ],
);

/** The choices of an option or multi-option property. */
export const issuePropertyOptions = pgTable(
  "issue_property_options",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    propertyId: uuid("property")
      .notNull()
      .references(() => issueProperties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    logoProps: jsonb("logo_props").notNull().default({}),
    ...audit(),
  },
  (t) => [index("issue_property_options_property_idx").on(t.propertyId, t.sortOrder)],
);

/**
 * One value of a property on a work item (a multi-valued property has a row per value, `position` in order). What
 * the item shows is kept on its row (`issues.property_values`) by a trigger (db/sql/issue-property-values.sql).
 */
export const issuePropertyValues = pgTable(
  "issue_property_values",
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
    propertyId: uuid("property")
      .notNull()
      .references(() => issueProperties.id, { onDelete: "cascade" }),
    optionId: uuid("option").references(() => issuePropertyOptions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    position: integer("position").notNull().default(0),
    ...audit(),
  },
  (t) => [
    uniqueIndex("issue_property_values_uq").on(t.issueId, t.propertyId, t.value),
    index("issue_property_values_property_idx").on(t.propertyId, t.value),
  ],
);

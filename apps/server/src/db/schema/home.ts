import { boolean, doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

/**
 * A person's own home (wire-facts §9, platform.md §3): stickies, quick links, home widget and sidebar preferences,
 * recent visits, the home dashboard and its widgets. Every row belongs to one person: the rows with a workspace
 * column go live to their owner's `user:` stream only (db/sql/live-events.sql).
 */

/** A sticky note (owner-only); shown by `sort_order` descending. */
export const stickies = pgTable(
  "stickies",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    ownerId: uuid("owner")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    description: jsonb("description").notNull().default({}),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped"),
    logoProps: jsonb("logo_props").notNull().default({}),
    color: text("color"),
    backgroundColor: text("background_color"),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    ...audit(),
  },
  (t) => [index("stickies_owner_idx").on(t.workspaceId, t.ownerId, t.sortOrder)],
);

/** A quick link on the home screen (Plane's WorkspaceUserLink), owner-only. */
export const workspaceUserLinks = pgTable(
  "workspace_user_links",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    ownerId: uuid("owner")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "set null" }),
    title: text("title"),
    url: text("url").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
    ...audit(),
  },
  (t) => [index("workspace_user_links_owner_idx").on(t.workspaceId, t.ownerId)],
);

/** A home widget's place and switch for one person (W/home-preferences/). */
export const workspaceHomePreferences = pgTable(
  "workspace_home_preferences",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    config: jsonb("config").notNull().default({}),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    ...audit(),
  },
  (t) => [uniqueIndex("workspace_home_preferences_uq").on(t.workspaceId, t.userId, t.key)],
);

/** A sidebar entry's pin and place for one person (W/sidebar-preferences/). */
export const workspaceSidebarPreferences = pgTable(
  "workspace_sidebar_preferences",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    isPinned: boolean("is_pinned").notNull().default(false),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    ...audit(),
  },
  (t) => [uniqueIndex("workspace_sidebar_preferences_uq").on(t.workspaceId, t.userId, t.key)],
);

/** What a person opened last (work items, projects, pages): one row per entity, at most 20 per person and workspace. */
export const userRecentVisits = pgTable(
  "user_recent_visits",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    entityName: text("entity_name").notNull(),
    entityIdentifier: uuid("entity_identifier").notNull(),
    visitedAt: ts("visited_at").notNull().defaultNow(),
    ...audit(),
  },
  (t) => [
    uniqueIndex("user_recent_visits_uq").on(t.workspaceId, t.userId, t.entityName, t.entityIdentifier),
    index("user_recent_visits_user_idx").on(t.userId, t.workspaceId, t.visitedAt),
  ],
);

/** A person's dashboard (Plane keeps one `home` dashboard per person, not per workspace). */
export const dashboards = pgTable(
  "dashboards",
  {
    id: pk(),
    ownedById: uuid("owned_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    identifier: uuid("identifier"),
    isDefault: boolean("is_default").notNull().default(false),
    typeIdentifier: text("type_identifier").notNull().default("home"),
    logoProps: jsonb("logo_props").notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex("dashboards_default_uq").on(t.ownedById, t.typeIdentifier, t.isDefault)],
);

/** A widget of a dashboard: its key, visibility, place and the person's filters. */
export const dashboardWidgets = pgTable(
  "dashboard_widgets",
  {
    id: pk(),
    dashboardId: uuid("dashboard")
      .notNull()
      .references(() => dashboards.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    isVisible: boolean("is_visible").notNull().default(true),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    filters: jsonb("filters").notNull().default({}),
    properties: jsonb("properties").notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex("dashboard_widgets_uq").on(t.dashboardId, t.key)],
);

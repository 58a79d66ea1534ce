import { boolean, integer, jsonb, pgTable, text, uuid, index, uniqueIndex, doublePrecision } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";

export const workspaces = pgTable("workspaces", {
  id: pk(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  logoAssetId: uuid("logo_asset"),
  ownerId: uuid("owner")
    .notNull()
    .references(() => users.id),
  organizationSize: text("organization_size"),
  timezone: text("timezone").notNull().default("UTC"),
  backgroundColor: text("background_color"),
  ...audit(),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    memberId: uuid("member")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: integer("role").notNull().default(5),
    companyRole: text("company_role"),
    viewProps: jsonb("view_props").notNull().default({}),
    defaultProps: jsonb("default_props").notNull().default({}),
    issueProps: jsonb("issue_props").notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    gettingStartedChecklist: jsonb("getting_started_checklist").notNull().default({}),
    tips: jsonb("tips").notNull().default({}),
    exploredFeatures: jsonb("explored_features").notNull().default({}),
    ...audit(),
  },
  (t) => [
    uniqueIndex("workspace_members_uq").on(t.workspaceId, t.memberId),
    index("workspace_members_member_idx").on(t.memberId),
  ],
);

export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    accepted: boolean("accepted").notNull().default(false),
    token: text("token").notNull(),
    message: text("message"),
    respondedAt: ts("responded_at"),
    role: integer("role").notNull().default(5),
    ...audit(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_uq").on(t.workspaceId, t.email),
    index("workspace_invitations_email_idx").on(t.email),
  ],
);

/** Favourites of any entity (project, cycle, module, view, page, issue, folder). */
export const userFavorites = pgTable(
  "user_favorites",
  {
    id: pk(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id"),
    entityType: text("entity_type").notNull(),
    entityIdentifier: uuid("entity_identifier"),
    name: text("name"),
    isFolder: boolean("is_folder").notNull().default(false),
    sequence: doublePrecision("sequence").notNull().default(65535),
    parentId: uuid("parent"),
    ...audit(),
  },
  (t) => [
    index("user_favorites_user_idx").on(t.userId, t.workspaceId),
    index("user_favorites_entity_idx").on(t.entityType, t.entityIdentifier),
  ],
);

/** Per-user workspace preferences (W/user-properties/): global list settings and the sidebar's navigation. */
export const workspaceUserProperties = pgTable(
  "workspace_user_properties",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filters: jsonb("filters").notNull().default({}),
    displayFilters: jsonb("display_filters").notNull().default({}),
    displayProperties: jsonb("display_properties").notNull().default({}),
    richFilters: jsonb("rich_filters").notNull().default({}),
    navigationProjectLimit: integer("navigation_project_limit").notNull().default(10),
    navigationControlPreference: text("navigation_control_preference").notNull().default("ACCORDION"),
    ...audit(),
  },
  (t) => [uniqueIndex("workspace_user_properties_uq").on(t.workspaceId, t.userId)],
);

import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { teamspaces } from "./teamspaces.ts";

/**
 * Saved views (wire-facts §7 IssueView): a project view when `project` is set, a team view when `teamspace` is set,
 * a workspace (global) view when both are null. `access` 1 public, 0 private (the owner alone sees it).
 */
export const issueViews = pgTable(
  "issue_views",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project").references(() => projects.id, { onDelete: "cascade" }),
    teamspaceId: uuid("teamspace").references(() => teamspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    query: jsonb("query").notNull().default({}),
    filters: jsonb("filters").notNull().default({}),
    displayFilters: jsonb("display_filters").notNull().default({}),
    displayProperties: jsonb("display_properties").notNull().default({}),
    richFilters: jsonb("rich_filters").notNull().default({}),
    access: integer("access").notNull().default(1),
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    logoProps: jsonb("logo_props").notNull().default({}),
    ownedById: uuid("owned_by").notNull(),
    isLocked: boolean("is_locked").notNull().default(false),
    archivedAt: ts("archived_at"),
    ...audit(),
  },
  (t) => [
    index("issue_views_project_idx").on(t.projectId),
    index("issue_views_workspace_idx").on(t.workspaceId),
    index("issue_views_teamspace_idx").on(t.teamspaceId),
  ],
);

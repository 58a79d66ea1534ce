import { jsonb, pgTable, text, uuid, index, uniqueIndex } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

/**
 * Teamspaces (work-tracking.md §2 `teamspaceId`, the "team" and "team view" list contexts): a group of people and
 * projects inside a workspace. Workspace admins create and change them; their members see them in the sidebar, with
 * the work items of the teamspace's projects that each of them may read (project membership decides, never the
 * teamspace). Team views are saved views (`issue_views.teamspace`).
 */
export const teamspaces = pgTable(
  "teamspaces",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped").notNull().default(""),
    descriptionJson: jsonb("description_json").notNull().default({}),
    logoProps: jsonb("logo_props").notNull().default({}),
    leadId: uuid("lead").references(() => users.id, { onDelete: "set null" }),
    ...audit(),
  },
  (t) => [index("teamspaces_workspace_idx").on(t.workspaceId)],
);

/** The people of a teamspace (active workspace members or admins; guests are not teamspace members). */
export const teamspaceMembers = pgTable(
  "teamspace_members",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    teamspaceId: uuid("teamspace")
      .notNull()
      .references(() => teamspaces.id, { onDelete: "cascade" }),
    memberId: uuid("member")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...audit(),
  },
  (t) => [
    uniqueIndex("teamspace_members_uq").on(t.teamspaceId, t.memberId),
    index("teamspace_members_member_idx").on(t.memberId),
  ],
);

/** The projects of a teamspace: its work-items list spans them. */
export const teamspaceProjects = pgTable(
  "teamspace_projects",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    teamspaceId: uuid("teamspace")
      .notNull()
      .references(() => teamspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    ...audit(),
  },
  (t) => [
    uniqueIndex("teamspace_projects_uq").on(t.teamspaceId, t.projectId),
    index("teamspace_projects_project_idx").on(t.projectId),
  ],
);

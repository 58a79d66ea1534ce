import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

/**
 * Agent environments (agents.md §2): the project's cluster (one per project, made on first use; its config holds
 * the agent presets), environment templates (sandbox repositories, MCP servers) and sandboxes.
 */
export const agentClusters = pgTable(
  "agent_clusters",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `{agent_presets: {issue_agent?: {agent_template_id, environment_template_ids}}}`. */
    config: jsonb("config").notNull().default({ agent_presets: {} }),
    ...audit(),
  },
  (t) => [uniqueIndex("agent_clusters_project_uq").on(t.projectId)],
);

export const environmentTemplates = pgTable(
  "environment_templates",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    clusterId: uuid("cluster")
      .notNull()
      .references(() => agentClusters.id, { onDelete: "cascade" }),
    /** sandbox | generic_mcp | local_mcp */
    type: text("type").notNull(),
    config: jsonb("config").notNull(),
    ...audit(),
  },
  (t) => [index("environment_templates_project_idx").on(t.projectId)],
);

/**
 * A sandbox: a checkout of its repositories on the host that runs it, used by bubblewrap-sandboxed commands
 * (agents/sandbox/). `status` starting → active → stopped (shutdown, expiry) or error; `config` is the
 * resolved sandbox config (the template's at creation, or the one given).
 */
export const sandboxes = pgTable(
  "sandboxes",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    clusterId: uuid("cluster")
      .notNull()
      .references(() => agentClusters.id, { onDelete: "cascade" }),
    templateId: uuid("template").references(() => environmentTemplates.id, { onDelete: "set null" }),
    status: text("status").notNull().default("starting"),
    /** Why it is in error, or how it stopped (`shutdown`, `expired`). */
    statusReason: text("status_reason"),
    config: jsonb("config").notNull(),
    /** HEAD of each repository right after the checkout, by folder ("" = the checkout root): the diff's base. */
    baseCommits: jsonb("base_commits").notNull().default({}),
    expiresAt: ts("expires_at").notNull(),
    stoppedAt: ts("stopped_at"),
    ...audit(),
  },
  (t) => [index("sandboxes_project_idx").on(t.projectId), index("sandboxes_live_idx").on(t.status, t.expiresAt)],
);

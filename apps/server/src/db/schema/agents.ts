import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";
import { issues } from "./issues.ts";
import { agentClusters } from "./environments.ts";
import { users } from "./users.ts";

/**
 * Agents (agents.md §2, §3): agent templates of a project's cluster, executions (one conversation with an agent,
 * run by the `agent:run` job), their records (every step, in `seq` order) and artifacts (the final diff).
 */
export const agentTemplates = pgTable(
  "agent_templates",
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
    /** `{type, name, model_config, instructions, max_steps, timeout_s, tools?, environment_template_ids?}`. */
    config: jsonb("config").notNull(),
    /**
     * The agent's bot user (issue #24 point 9): the author of what its runs write, a member of the project; made with
     * the template, renamed with it, deactivated when it is removed (routes/agents/bots.ts).
     */
    botUserId: uuid("bot_user").references(() => users.id, { onDelete: "set null" }),
    ...audit(),
  },
  (t) => [
    index("agent_templates_project_idx").on(t.projectId),
    uniqueIndex("agent_templates_bot_user_uq").on(t.botUserId),
  ],
);

export const agentExecutions = pgTable(
  "agent_executions",
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
    issueId: uuid("issue").references(() => issues.id, { onDelete: "set null" }),
    agentTemplateId: uuid("agent_template").references(() => agentTemplates.id, { onDelete: "set null" }),
    /** pending | running | completed | failed | cancelled | timed_out */
    status: text("status").notNull().default("pending"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The agent template's config when the execution was made (a later edit of the template does not change a run). */
    agentConfig: jsonb("agent_config").notNull(),
    /** `{agent_template_id, sandbox_ids, sandbox_template_ids, mcp_template_ids}` as asked. */
    executionConfig: jsonb("execution_config").notNull(),
    /** The sandboxes the run works in (given, or made from sandbox templates). */
    sandboxIds: jsonb("sandbox_ids").$type<string[]>().notNull().default([]),
    context: jsonb("context").notNull().default({}),
    /** The conversation so far (provider-neutral messages): a follow-up or a resumed run continues it. */
    messages: jsonb("messages").notNull().default([]),
    /** The last user_input record already in `messages`. */
    consumedSeq: integer("consumed_seq").notNull().default(0),
    /** How often a run was taken over after its process went away (at most MAX_RESUMES, then it fails). */
    resumes: integer("resumes").notNull().default(0),
    summary: text("summary"),
    /** Why it failed, timed out or was cancelled. */
    statusReason: text("status_reason"),
    steps: integer("steps").notNull().default(0),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    /** Time spent running (all runs of the conversation), in ms. */
    durationMs: bigint("duration_ms", { mode: "number" }).notNull().default(0),
    /** Incremented at every enqueue: a job whose number is not the current one does nothing (stale or duplicate). */
    runSeq: integer("run_seq").notNull().default(0),
    /** Written every few seconds by the process running it; a stale one means that process is gone. */
    heartbeatAt: ts("heartbeat_at"),
    /** Started the current run (timeout_s counts from here). */
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    ...audit(),
  },
  (t) => [
    index("agent_executions_project_idx").on(t.projectId, t.createdAt),
    index("agent_executions_issue_idx").on(t.issueId, t.status),
    index("agent_executions_live_idx").on(t.status, t.heartbeatAt),
  ],
);

export const agentExecutionRecords = pgTable(
  "agent_execution_records",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    executionId: uuid("execution")
      .notNull()
      .references(() => agentExecutions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** user_input | message | tool_call | tool_call_output | reasoning | error */
    type: text("type").notNull(),
    /** text | code | diff */
    format: text("format").notNull().default("text"),
    content: text("content").notNull(),
    toolName: text("tool_name"),
    /** The tool call's id (pairs a tool_call with its tool_call_output). */
    toolCallId: text("tool_call_id"),
    ...audit(),
  },
  (t) => [uniqueIndex("agent_execution_records_seq_uq").on(t.executionId, t.seq)],
);

export const agentArtifacts = pgTable(
  "agent_artifacts",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    executionId: uuid("execution")
      .notNull()
      .references(() => agentExecutions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** diff | file | log */
    kind: text("kind").notNull(),
    content: text("content").notNull(),
    /** For a diff: the sandbox and repository folder it came from, and the base commit (the commit call uses them). */
    meta: jsonb("meta").notNull().default({}),
    ...audit(),
  },
  (t) => [index("agent_artifacts_execution_idx").on(t.executionId)],
);

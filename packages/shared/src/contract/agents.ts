import { z } from "zod";
import { choice, fieldError, integerIn, MSG, requiredText, text, uuid } from "./fields.ts";
import { PRESET_NAMES } from "./environments.ts";

/**
 * Agents (agents.md §2, platform.md §5, §7, §8): agent templates of the project's cluster, the metadata of the
 * agent types, executions with their records, and artifacts.
 */

export const AGENT_TYPES = ["coding", "triage", "assistant"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
import type { ExecutionStatus } from "../agent-statuses.ts";
export {
  ACTIVE_EXECUTION_STATUSES,
  EXECUTION_STATUSES,
  FINAL_EXECUTION_STATUSES,
  PROJECT_ASSISTANT_TAG,
  type ExecutionStatus,
} from "../agent-statuses.ts";
export const RECORD_TYPES = ["user_input", "message", "tool_call", "tool_call_output", "reasoning", "error"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_FORMATS = ["text", "code", "diff"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];
export const ARTIFACT_KINDS = ["diff", "file", "log"] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** Artifact content above this is served only by `download_url` (agents.md §2). */
export const ARTIFACT_INLINE_MAX_BYTES = 256 * 1024;
export const AGENT_DEFAULT_MAX_STEPS = 30;
export const AGENT_DEFAULT_TIMEOUT_S = 1800;
export const EXECUTIONS_PAGE_SIZE = 20;

/** The spec's messages (platform.md §5, §8), exactly. */
export const AGENT_MSG = {
  templateNotFound: "Selected agent template not found",
  requiresSandbox: (name: string) =>
    `the agent "${name}" requires a sandbox environment. Please select a sandbox or sandbox template.`,
  noPreset: "No `issue_agent` preset defined in cluster configuration",
  invalidConfig: "Invalid execution configuration",
  starting: "An execution is already starting.",
  running: "An execution is already running.",
  notFound: "Execution not found.",
  artifactNotFound: "Artifact not found.",
  modelConfigNotFound: "Model configuration not found.",
  environmentNotFound: "Environment template not found.",
  sandboxNotFound: "Sandbox not found.",
  sandboxNotRunning: "The sandbox is not running.",
  issueNotFound: "Work item not found.",
  contentRequired: "Enter a message for the agent.",
  /** A project-assistant conversation in a project without an agent template of type `assistant`. */
  noAssistant:
    "No project assistant is set up: a project admin adds an agent of type assistant in the project's agent settings.",
  /** A project-assistant conversation must use an agent template of type `assistant`. */
  notAssistant: "The project assistant needs an agent template of type assistant.",
} as const;

// ---------------------------------------------------------------- agent templates

/** An agent template's config; `tools` (names) narrows the tools the agent gets, all of its type's when absent. */
export const agentTemplateConfigSchema = z.object({
  type: choice(AGENT_TYPES),
  name: requiredText(255),
  /** Name of one of the project's model configurations. */
  model_config: requiredText(100),
  instructions: text(50_000).optional(),
  max_steps: integerIn(1, 500).optional(),
  timeout_s: integerIn(1, 86_400).optional(),
  tools: z
    .array(requiredText(200), { error: fieldError(MSG.list) })
    .max(200, MSG.maxItems(200))
    .optional(),
  /** Environment templates (sandboxes, MCP servers) the agent works with when run from a preset. */
  environment_template_ids: z
    .array(uuid(), { error: fieldError(MSG.list) })
    .max(20, MSG.maxItems(20))
    .optional(),
});
export type AgentTemplateConfig = z.infer<typeof agentTemplateConfigSchema>;

/** POST P/agent/templates/: creates, or with `agent_template_id` replaces the config of one; presets follow `preset_names`. */
export const saveAgentTemplateBody = z.object({
  config: agentTemplateConfigSchema,
  agent_template_id: uuid().nullable().optional(),
  preset_names: z
    .array(choice(PRESET_NAMES), { error: fieldError(MSG.list) })
    .max(5)
    .optional(),
});
export type SaveAgentTemplateBody = z.infer<typeof saveAgentTemplateBody>;

export interface AgentTemplate {
  id: string;
  cluster_id: string;
  config: AgentTemplateConfig;
  /** The agent's bot user: the author of its runs' comments and changes (not in agents.md; issue #24 point 9). */
  bot_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface AgentMetadata {
  type: AgentType;
  name: string;
  description: string;
  requires_sandbox: boolean;
  /** JSON Schema of the template config for this type (the settings form reads it). */
  config_schema: Record<string, unknown>;
  /** The tools an agent of this type gets (before MCP servers add theirs). */
  tools: string[];
}

/** GET P/agent/templates/metadata/. Plugins are not built: `plugin_metadata` is empty. */
export interface AgentMetadataResponse {
  agent_metadata: AgentMetadata[];
  plugin_metadata: Record<string, unknown>[];
}

// ---------------------------------------------------------------- executions

/** `execution_config` of POST P/agent/execute/. */
export const executionConfigSchema = z.object({
  agent_template_id: uuid().nullable().optional(),
  sandbox_ids: z.array(uuid()).max(10).optional(),
  sandbox_template_ids: z.array(uuid()).max(10).optional(),
  mcp_template_ids: z.array(uuid()).max(20).optional(),
});
export type ExecutionConfig = z.infer<typeof executionConfigSchema>;

/**
 * POST P/agent/execute/. `execution_config` is checked by the server so that a bad one gets the spec's
 * 'Invalid execution configuration'; with `execution_id` the call is a follow-up to that execution.
 */
export const executeBody = z.object({
  execution_config: z.unknown().optional(),
  content: text(100_000).trim().optional(),
  context: z
    .record(z.string(), z.unknown(), { error: fieldError(MSG.dict) })
    .nullable()
    .optional(),
  execution_id: uuid().nullable().optional(),
  issue_id: uuid().nullable().optional(),
  tags: z
    .array(requiredText(100), { error: fieldError(MSG.list) })
    .max(20, MSG.maxItems(20))
    .optional(),
});
export type ExecuteBody = z.infer<typeof executeBody>;

export interface ExecuteResponse {
  execution_id: string;
  status: ExecutionStatus;
}

/** GET P/agent/executions/search/: `tags` comma-joined (all must match), times ISO-8601 (created_at bounds). */
export const searchExecutionsQuery = z.object({
  page_size: z.coerce
    .number({ error: fieldError(MSG.integer) })
    .int(MSG.integer)
    .min(1, MSG.minValue(1))
    .max(100, MSG.maxValue(100))
    .optional(),
  older_than: z.iso.datetime({ offset: true, error: fieldError("Enter a valid date/time.") }).optional(),
  newer_than: z.iso.datetime({ offset: true, error: fieldError("Enter a valid date/time.") }).optional(),
  tags: text(2000).optional(),
  issue_id: uuid().optional(),
});
export type SearchExecutionsQuery = z.infer<typeof searchExecutionsQuery>;

/** GET P/agent/executions/{id}/: records after `after_seq` (0: all). */
export const executionDetailQuery = z.object({
  after_seq: z.coerce
    .number({ error: fieldError(MSG.integer) })
    .int(MSG.integer)
    .min(0, MSG.minValue(0))
    .optional(),
});

export interface ExecutionUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface Execution {
  id: string;
  status: ExecutionStatus;
  tags: string[];
  issue_id: string | null;
  agent_template_id: string | null;
  /** The agent's type and name as the run uses them. */
  agent: { type: AgentType; name: string };
  sandbox_ids: string[];
  created_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The agent's final answer (or the reason it stopped). */
  summary: string | null;
  status_reason: string | null;
  steps: number;
  usage: ExecutionUsage;
  duration_ms: number;
  /** The run's current diff artifacts (the newest of each repository; a run that changes the checkout makes a new one). */
  artifact_ids: string[];
  /**
   * A pending run's place among the runs waiting for the instance's agent workers (1: the next to start); null when
   * it is not waiting (running, finished, or its worker is just taking it).
   */
  queue_position: number | null;
}

export interface ExecutionRecord {
  id: string;
  execution_id: string;
  seq: number;
  type: RecordType;
  format: RecordFormat;
  content: string;
  tool_name: string | null;
  tool_call_id: string | null;
  created_at: string;
  /** A message or reasoning record grows while the model streams it; its last change. */
  updated_at: string;
}

export interface ExecutionSearchResponse {
  executions: Execution[];
  /** Pass as `older_than` for the next page; null when there is none. */
  next_older_than: string | null;
}

export interface ExecutionDetail {
  execution: Execution;
  records: ExecutionRecord[];
}

export interface Artifact {
  id: string;
  execution_id: string;
  name: string;
  kind: ArtifactKind;
  /** Absent when over ARTIFACT_INLINE_MAX_BYTES: fetch `download_url`. */
  content?: string;
  download_url?: string;
  size: number;
  created_at: string;
  /** A diff committed from the commit modal: its branch and commit (a diff is committed once). */
  committed: { branch: string; commit: string } | null;
}

/**
 * POST P/agent/executions/{id}/commit/: the diff artifact named becomes a commit on a new branch `stride/{IDENT}-{seq}`
 * (or, when that exists, the first free `stride/{IDENT}-{seq}-{n}`), exactly as reviewed: refused while the run is
 * working, for a diff that is not the run's newest, and when the sandbox's checkout no longer matches it.
 */
export const commitExecutionBody = z.object({
  artifact_id: uuid(),
  message: text(5000).trim().optional(),
});
export type CommitExecutionBody = z.infer<typeof commitExecutionBody>;

export interface CommitResult {
  branch: string;
  commit: string;
  /** The link added to the work item. */
  url: string;
}

export const COMMIT_MSG = {
  noWorkItem: "Only a run on a work item can be committed.",
  notDiff: "This artifact is not a diff.",
  emptyDiff: "The diff is empty: there is nothing to commit.",
  branchExists: (branch: string) => `The branch ${branch} already exists in the repository.`,
  running: "The agent is still working on this run: commit once it has finished.",
  superseded: "This diff is no longer the run's newest: review the newest diff and commit that.",
  committed: (branch: string) => `This diff was already committed on the branch ${branch}.`,
  checkoutChanged:
    "The checkout changed after this diff was made, so it is not what would be committed. Send a follow-up to make a new diff, and review that.",
} as const;

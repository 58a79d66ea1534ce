import { z } from "zod";
import {
  AGENT_DEFAULT_MAX_STEPS,
  AGENT_DEFAULT_TIMEOUT_S,
  agentTemplateConfigSchema,
  type AgentMetadata,
  type AgentType,
} from "@stride/shared/contract";

/** Tools over the work item the agent runs on (agents.md §3). */
export const WORK_ITEM_TOOLS = [
  "read_work_item",
  "list_tasks",
  "create_task",
  "update_task",
  "add_comment",
  "set_state",
] as const;
/** Tools over the project's work items, for the project assistant (agents.md §1 point 4). */
export const PROJECT_TOOLS = [
  "search_work_items",
  "read_work_item",
  "create_work_item",
  "update_work_item",
  "add_comment",
] as const;
/** Tools inside the sandbox's checkout. */
export const SANDBOX_TOOLS = ["run_command", "read_file", "write_file", "list_files"] as const;

interface AgentType_ {
  name: string;
  description: string;
  requiresSandbox: boolean;
  tools: readonly string[];
  /** Whether the run ends with a diff artifact of each sandbox checkout. */
  producesDiff: boolean;
}

/** The agent types (agents.md §2): what each does, whether it needs a sandbox, and its tools. */
export const AGENT_TYPES_META: Record<AgentType, AgentType_> = {
  coding: {
    name: "Coding agent",
    description:
      "Works on a work item in a sandboxed checkout of the repository: plans in the item's tasks, reads code, runs commands, edits files, comments what it did and ends with a diff to review and commit.",
    requiresSandbox: true,
    tools: [...WORK_ITEM_TOOLS, ...SANDBOX_TOOLS],
    producesDiff: true,
  },
  triage: {
    name: "Triage agent",
    description: "Reads a work item and updates it without a sandbox: tasks, state and a comment.",
    requiresSandbox: false,
    tools: [...WORK_ITEM_TOOLS],
    producesDiff: false,
  },
  assistant: {
    name: "Project assistant",
    description:
      "Answers questions about the project's work items and acts on them from the project's chat panel, with the asking person's permissions.",
    requiresSandbox: false,
    tools: [...PROJECT_TOOLS],
    producesDiff: false,
  },
};

/** The template config's JSON Schema, with this type's defaults. */
function configSchema(type: AgentType): Record<string, unknown> {
  type Prop = Record<string, unknown>;
  const schema = z.toJSONSchema(agentTemplateConfigSchema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Prop>;
  };
  const props = schema.properties ?? {};
  props.type = { const: type };
  if (props.max_steps) props.max_steps.default = AGENT_DEFAULT_MAX_STEPS;
  if (props.timeout_s) props.timeout_s.default = AGENT_DEFAULT_TIMEOUT_S;
  if (props.tools) props.tools.items = { type: "string", enum: [...AGENT_TYPES_META[type].tools] };
  return schema as Record<string, unknown>;
}

export function agentMetadata(): AgentMetadata[] {
  return (Object.keys(AGENT_TYPES_META) as AgentType[]).map((type) => ({
    type,
    name: AGENT_TYPES_META[type].name,
    description: AGENT_TYPES_META[type].description,
    requires_sandbox: AGENT_TYPES_META[type].requiresSandbox,
    config_schema: configSchema(type),
    tools: [...AGENT_TYPES_META[type].tools],
  }));
}

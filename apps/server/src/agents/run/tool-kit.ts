import type { RecordFormat } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { ToolSpec } from "../providers/types.ts";

/** What every agent tool is made of (tools.ts, sandbox-tools.ts, mcp.ts): its spec, its context, its result. */

export interface ToolResult {
  content: string;
  format?: RecordFormat;
  isError?: boolean;
}

export interface RunSandbox {
  id: string;
  network: boolean;
  limits: { cpuSeconds?: number; memoryBytes?: number; wallSeconds?: number };
}

export interface ToolContext {
  app: AppContext;
  project: ProjectRow;
  /** The work item of the run (null for the project assistant without one). */
  issueId: string | null;
  /** On whose behalf and with whose rights the run acts: the person who started the execution. */
  actorId: string;
  /** The run's agent template: its bot user is the author of the run's writes (none: the agent was removed). */
  agentTemplateId: string | null;
  sandbox: RunSandbox | null;
  signal: AbortSignal;
}

export interface Tool {
  spec: ToolSpec;
  run: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolResult>;
}

export class ToolInputError extends Error {}

export const str = (args: Record<string, unknown>, key: string, required = true): string | undefined => {
  const v = args[key];
  if (v === undefined || v === null || v === "") {
    if (required) throw new ToolInputError(`"${key}" is required.`);
    return undefined;
  }
  if (typeof v !== "string") throw new ToolInputError(`"${key}" must be a string.`);
  return v;
};

export const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

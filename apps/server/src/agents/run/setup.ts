import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { AgentTemplateConfig, SandboxConfigInput } from "@stride/shared/contract";
import { SANDBOX_DEFAULT_LIFETIME_S } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import type { ChatMessage } from "../providers/index.ts";
import { sandboxRuntime } from "../sandbox/runtime.ts";
import { sandboxSpec, startSandbox } from "../../routes/environments/commands.ts";
import { AGENT_TYPES_META } from "../../routes/agents/metadata.ts";
import { appendRecord } from "../../routes/agents/records.ts";
import { printableJson } from "../../core/printable.ts";
import type { ExecutionRow } from "../../routes/agents/presenters.ts";
import { builtinTools } from "./tools.ts";
import type { RunSandbox, Tool } from "./tool-kit.ts";
import { connectMcp, type McpConnection } from "./mcp.ts";

/**
 * What an agent run starts from (loop.ts): its system prompt, its sandboxes, its tools (built in and its MCP
 * servers'), and its conversation with the person's new inputs added.
 */

const {
  agentExecutions: E,
  agentExecutionRecords: R,
  sandboxes: S,
  environmentTemplates: ET,
  projects,
  issues,
} = schema;

export const SYSTEM = (cfg: AgentTemplateConfig, hasSandbox: boolean, project: { name: string; identifier: string }) =>
  [
    `You are ${cfg.name}, an agent working inside Stride, a work-tracking app.`,
    cfg.type === "assistant"
      ? `You are the assistant of the project "${project.name}" (work item keys ${project.identifier}-<number>), chatting with a person of the project. Answer their questions about the project's work items and, when they ask, create, update or comment on work items with the tools: search before you answer, read an item before you change it, and say what you did. You act with that person's permissions: when a tool refuses, tell them they may not do it.`
      : hasSandbox
        ? "You work in a sandboxed checkout of the repository at /workspace (no network unless allowed). Plan your work as tasks of the work item (create_task, then update_task to in_progress and completed), use the sandbox tools to read code, run commands and edit files, comment on the work item what you did, and end with a short final answer. Your changes become a diff that a person reviews."
        : "Use the work-item tools to read and update the work item, and end with a short final answer.",
    cfg.instructions?.trim() ? `\nInstructions from the project:\n${cfg.instructions.trim()}` : "",
  ].join("\n");

/** The run's sandboxes: those of the execution, or made now from its sandbox templates (once; a resumed run reuses them). */
export async function prepareSandboxes(
  app: AppContext,
  exec: ExecutionRow,
  signal: AbortSignal,
): Promise<{ sandbox: RunSandbox | null; sandboxIds: string[] }> {
  const ec = exec.executionConfig as { sandbox_template_ids?: string[] };
  let ids = exec.sandboxIds;
  if (!ids.length && ec.sandbox_template_ids?.length) {
    const templates = await app.db
      .select()
      .from(ET)
      .where(and(eq(ET.projectId, exec.projectId), inArray(ET.id, ec.sandbox_template_ids), eq(ET.type, "sandbox")));
    if (!templates.length) throw new Error("The sandbox template of this run does not exist any more.");
    ids = [];
    for (const t of templates) {
      const config = t.config as SandboxConfigInput;
      const [row] = await app.db
        .insert(S)
        .values({
          workspaceId: exec.workspaceId,
          projectId: exec.projectId,
          clusterId: exec.clusterId,
          templateId: t.id,
          config,
          expiresAt:
            sql`now() + make_interval(secs => ${config.max_lifetime_s ?? SANDBOX_DEFAULT_LIFETIME_S})` as unknown as Date,
          createdById: exec.createdById,
          updatedById: exec.createdById,
        })
        .returning();
      ids.push(row.id);
    }
    await app.db.update(E).set({ sandboxIds: ids }).where(eq(E.id, exec.id));
    for (const id of ids) {
      if (signal.aborted) throw signal.reason;
      // the run's cancel and time limit reach the checkout and the setup script
      await startSandbox(app, id, { signal, executionId: exec.id });
      if (signal.aborted) throw signal.reason;
    }
  }
  if (!ids.length) return { sandbox: null, sandboxIds: ids };
  const rows = await app.db.select().from(S).where(inArray(S.id, ids));
  const rt = sandboxRuntime(app);
  for (const r of rows) {
    if (r.status !== "active" || !rt.exists(r.id))
      throw new Error(
        r.status === "error" && r.statusReason
          ? `The sandbox could not start: ${r.statusReason}`
          : "The sandbox of this run is not running any more.",
      );
  }
  // what is enforced in each sandbox goes into the run's record (once, before its first step)
  for (const id of exec.steps === 0 && !(exec.messages as unknown[]).length ? ids : []) {
    const enforced = rt.enforcement(id);
    if (enforced) await appendRecord(app.db, exec, { type: "message", content: enforced });
  }
  const first = rows.find((r) => r.id === ids[0])!;
  const spec = sandboxSpec(first.config as SandboxConfigInput);
  return { sandbox: { id: first.id, network: spec.network, limits: spec.limits ?? {} }, sandboxIds: ids };
}

/**
 * The run's tools: the agent type's built-in tools (those the template allows; the sandbox tools only with a
 * sandbox), then those of its MCP servers. A server that cannot be reached is recorded as an error and left out;
 * each connection made is added to `mcp` (the caller closes them).
 */
export async function toolSet(
  app: AppContext,
  exec: ExecutionRow,
  cfg: AgentTemplateConfig,
  sandbox: RunSandbox | null,
  signal: AbortSignal,
  mcp: McpConnection[],
): Promise<Map<string, Tool>> {
  const tools = new Map<string, Tool>();
  const meta = AGENT_TYPES_META[cfg.type];
  const allowed = cfg.tools?.length ? meta.tools.filter((t) => cfg.tools!.includes(t)) : meta.tools;
  for (const t of builtinTools(
    allowed.filter((n) => sandbox || !["run_command", "read_file", "write_file", "list_files"].includes(n)),
  ))
    tools.set(t.spec.name, t);
  const ec = exec.executionConfig as { mcp_template_ids?: string[] };
  const mcpRows = ec.mcp_template_ids?.length
    ? await app.db
        .select()
        .from(ET)
        .where(and(eq(ET.projectId, exec.projectId), inArray(ET.id, ec.mcp_template_ids)))
        .orderBy(asc(ET.createdAt))
    : [];
  for (const [i, row] of mcpRows.entries()) {
    try {
      const conn = await connectMcp(
        app,
        { id: row.id, type: row.type, config: row.config as Record<string, unknown> },
        i,
        sandbox,
        signal,
      );
      mcp.push(conn);
      for (const t of conn.tools) tools.set(t.spec.name, t);
    } catch (e) {
      // (a stopped run's signal carries its Stop)
      if (signal.aborted) throw signal.reason;
      await appendRecord(app.db, exec, { type: "error", content: (e as Error).message });
    }
  }
  return tools;
}

/**
 * The conversation so far (saved after each step), with the person's inputs not yet read added: the first message
 * of a new run introduces the work item. Saved at once, with the inputs marked as read.
 */
export async function openConversation(app: AppContext, exec: ExecutionRow): Promise<ChatMessage[]> {
  const messages = [...(exec.messages as ChatMessage[])];
  const inputs = await app.db
    .select()
    .from(R)
    .where(and(eq(R.executionId, exec.id), eq(R.type, "user_input"), gt(R.seq, exec.consumedSeq)))
    .orderBy(asc(R.seq));
  const consumedSeq = inputs.length ? inputs[inputs.length - 1].seq : exec.consumedSeq;
  if (!messages.length)
    messages.push({
      role: "user",
      content: await introduction(
        app,
        exec,
        inputs.map((r) => r.content),
      ),
    });
  else for (const r of inputs) messages.push({ role: "user", content: r.content });
  await app.db
    .update(E)
    .set({ messages: printableJson(messages), consumedSeq })
    .where(eq(E.id, exec.id));
  return messages;
}

/** The first user message of a run on a work item: the item itself, then what the person asked. */
async function introduction(app: AppContext, exec: ExecutionRow, inputs: string[]): Promise<string> {
  const parts: string[] = [];
  if (exec.issueId) {
    const [row] = await app.db
      .select({
        seq: issues.sequenceId,
        name: issues.name,
        desc: issues.descriptionStripped,
        ident: projects.identifier,
      })
      .from(issues)
      .innerJoin(projects, eq(projects.id, issues.projectId))
      .where(eq(issues.id, exec.issueId));
    if (row) parts.push(`Work item ${row.ident}-${row.seq}: ${row.name}\n\n${row.desc?.trim() || "(no description)"}`);
  }
  parts.push(...inputs);
  if (!inputs.length && exec.issueId) parts.push("Work on this work item.");
  return parts.join("\n\n");
}

import { and, asc, eq, isNull } from "drizzle-orm";
import { TASK_STATUSES, textToHtml } from "@stride/shared";
import type { RecordFormat } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../core/route.ts";
import { schema } from "../../db/client.ts";
import type { ToolSpec } from "../providers/types.ts";
import { insertTasks, patchTask, tasksOf } from "../../routes/issue-tasks/commands.ts";
import { createComment } from "../../routes/issue-comments/commands.ts";
import { updateIssue } from "../../routes/issues/commands.ts";
import { SandboxError, sandboxRuntime } from "../sandbox/runtime.ts";
import { SandboxUnavailableError } from "../sandbox/bwrap.ts";

/**
 * The agent's built-in tools (agents.md §3): work-item tools act on the execution's work item as the person who
 * started the run (through the same commands as the API, so activity and live events follow); sandbox tools run
 * inside the run's bubblewrap sandbox.
 */

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
  /** Who acts: the person who started the execution. */
  actorId: string;
  sandbox: RunSandbox | null;
  signal: AbortSignal;
}

export interface Tool {
  spec: ToolSpec;
  run: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolResult>;
}

export class ToolInputError extends Error {}

const str = (args: Record<string, unknown>, key: string, required = true): string | undefined => {
  const v = args[key];
  if (v === undefined || v === null || v === "") {
    if (required) throw new ToolInputError(`"${key}" is required.`);
    return undefined;
  }
  if (typeof v !== "string") throw new ToolInputError(`"${key}" must be a string.`);
  return v;
};

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required, additionalProperties: false });
const workItemId = { type: "string", description: "The work item's id (default: the work item of this run)." };

async function issueOf(ctx: ToolContext, args: Record<string, unknown>) {
  const id = str(args, "work_item_id", false) ?? ctx.issueId;
  if (!id) throw new ToolInputError("This run has no work item; pass work_item_id.");
  const [issue] = await ctx.app.db.select().from(schema.issues)
    .where(and(eq(schema.issues.id, id), eq(schema.issues.projectId, ctx.project.id), isNull(schema.issues.deletedAt)));
  if (!issue) throw new ToolInputError("Work item not found.");
  return issue;
}

const taskLine = (t: { id: string; name: string; status: string }) => `- [${t.status}] ${t.name} (id ${t.id})`;

async function readWorkItem(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  const issue = await issueOf(ctx, args);
  const [state] = issue.stateId ? await ctx.app.db.select().from(schema.states).where(eq(schema.states.id, issue.stateId)) : [];
  const states = await ctx.app.db.select({ name: schema.states.name }).from(schema.states).where(eq(schema.states.projectId, ctx.project.id)).orderBy(asc(schema.states.sequence));
  const tasks = await tasksOf(ctx.app.db, issue.id);
  const lines = [
    `${ctx.project.identifier}-${issue.sequenceId}: ${issue.name}`,
    `State: ${state?.name ?? "none"} (states: ${states.map((s) => s.name).join(", ")})`,
    `Priority: ${issue.priority}`,
    "",
    "Description:",
    issue.descriptionStripped?.trim() || "(none)",
    "",
    "Tasks:",
    ...(tasks.length ? tasks.map(taskLine) : ["(none)"]),
  ];
  return { content: lines.join("\n") };
}

const TOOLS: Record<string, Tool> = {
  read_work_item: {
    spec: { name: "read_work_item", description: "Read the work item: title, state, priority, description and tasks.", parameters: obj({ work_item_id: workItemId }) },
    run: readWorkItem,
  },
  list_tasks: {
    spec: { name: "list_tasks", description: "List the work item's tasks with their ids and statuses.", parameters: obj({ work_item_id: workItemId }) },
    run: async (args, ctx) => {
      const tasks = await tasksOf(ctx.app.db, (await issueOf(ctx, args)).id);
      return { content: tasks.length ? tasks.map(taskLine).join("\n") : "The work item has no tasks." };
    },
  },
  create_task: {
    spec: {
      name: "create_task",
      description: "Add a task to the work item (use tasks as your plan).",
      parameters: obj({ name: { type: "string" }, description: { type: "string" }, status: { type: "string", enum: [...TASK_STATUSES] }, work_item_id: workItemId }, ["name"]),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args);
      const status = str(args, "status", false);
      if (status && !(TASK_STATUSES as readonly string[]).includes(status)) throw new ToolInputError(`"status" must be one of ${TASK_STATUSES.join(", ")}.`);
      const name = str(args, "name")!.slice(0, 255);
      const [task] = await ctx.app.db.transaction((tx) => insertTasks(tx, issue, ctx.actorId, [{ name, description: str(args, "description", false), status: status as never }]));
      return { content: `Created task ${task.id}: ${task.name} [${task.status}]` };
    },
  },
  update_task: {
    spec: {
      name: "update_task",
      description: "Change a task of the work item: its status (pending, in_progress, completed, cancelled), name or description.",
      parameters: obj({ task_id: { type: "string", description: "The task's id (or its exact name)." }, status: { type: "string", enum: [...TASK_STATUSES] }, name: { type: "string" }, description: { type: "string" }, work_item_id: workItemId }, ["task_id"]),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args);
      const taskId = str(args, "task_id")!;
      const tasks = await tasksOf(ctx.app.db, issue.id);
      const cur = tasks.find((t) => t.id === taskId) ?? tasks.find((t) => t.name.trim().toLowerCase() === taskId.trim().toLowerCase());
      if (!cur) throw new ToolInputError("Task not found on this work item.");
      const status = str(args, "status", false);
      if (status && !(TASK_STATUSES as readonly string[]).includes(status)) throw new ToolInputError(`"status" must be one of ${TASK_STATUSES.join(", ")}.`);
      const patch = { ...(status ? { status: status as never } : {}), ...(args.name ? { name: str(args, "name")!.slice(0, 255) } : {}), ...(args.description !== undefined ? { description: str(args, "description", false) ?? "" } : {}) };
      const t = await ctx.app.db.transaction((tx) => patchTask(tx, issue, ctx.actorId, cur, patch));
      return { content: `Updated task ${t.id}: ${t.name} [${t.status}]` };
    },
  },
  add_comment: {
    spec: { name: "add_comment", description: "Comment on the work item (plain text; say what you did).", parameters: obj({ comment: { type: "string" }, work_item_id: workItemId }, ["comment"]) },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args);
      const c = await ctx.app.db.transaction((tx) => createComment(tx, issue, ctx.actorId, { comment_html: textToHtml(str(args, "comment")!) } as never));
      return { content: `Commented (comment ${c.id}).` };
    },
  },
  set_state: {
    spec: { name: "set_state", description: "Move the work item to another state, by the state's name.", parameters: obj({ state: { type: "string" }, work_item_id: workItemId }, ["state"]) },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args);
      const want = str(args, "state")!.trim().toLowerCase();
      const states = await ctx.app.db.select().from(schema.states).where(eq(schema.states.projectId, ctx.project.id));
      const state = states.find((s) => s.name.toLowerCase() === want || s.id === want);
      if (!state) throw new ToolInputError(`No state "${args.state}". States: ${states.map((s) => s.name).join(", ")}.`);
      await ctx.app.db.transaction((tx) => updateIssue(tx, ctx.project, ctx.actorId, issue.id, { state_id: state.id }));
      return { content: `The work item is now in state ${state.name}.` };
    },
  },
  run_command: {
    spec: {
      name: "run_command",
      description: "Run a shell command (sh -c) in the sandbox, in the repository checkout (/workspace). Returns exit code, stdout and stderr.",
      parameters: obj({ command: { type: "string" }, cwd: { type: "string", description: "Folder relative to the checkout." }, timeout_s: { type: "integer", minimum: 1, maximum: 3600 } }, ["command"]),
    },
    run: async (args, ctx) => {
      const sb = needSandbox(ctx);
      const timeout = typeof args.timeout_s === "number" ? Math.min(3600, Math.max(1, args.timeout_s)) : undefined;
      const r = await sandboxRuntime(ctx.app).exec(sb.id, str(args, "command")!, {
        network: sb.network, signal: ctx.signal, cwd: str(args, "cwd", false),
        limits: { ...sb.limits, ...(timeout ? { wallSeconds: timeout } : {}) },
      });
      const status = r.killed ? "killed" : r.timedOut ? "timed out" : `exit code ${r.exitCode ?? r.signal}`;
      const parts = [`$ ${args.command}`, `(${status}, ${r.durationMs} ms)`];
      if (r.stdout) parts.push(r.stdout.trimEnd());
      if (r.stderr) parts.push(`[stderr]\n${r.stderr.trimEnd()}`);
      return { content: parts.join("\n"), format: "code", isError: r.exitCode !== 0 };
    },
  },
  read_file: {
    spec: { name: "read_file", description: "Read a file of the checkout (path relative to it).", parameters: obj({ path: { type: "string" } }, ["path"]) },
    run: async (args, ctx) => ({ content: await sandboxRuntime(ctx.app).readFile(needSandbox(ctx).id, str(args, "path")!, ctx.signal), format: "code" }),
  },
  write_file: {
    spec: { name: "write_file", description: "Write (create or replace) a file of the checkout with the given content.", parameters: obj({ path: { type: "string" }, content: { type: "string" } }, ["path", "content"]) },
    run: async (args, ctx) => {
      const content = typeof args.content === "string" ? args.content : "";
      await sandboxRuntime(ctx.app).writeFile(needSandbox(ctx).id, str(args, "path")!, content, ctx.signal);
      return { content: `Wrote ${args.path} (${Buffer.byteLength(content)} bytes).` };
    },
  },
  list_files: {
    spec: { name: "list_files", description: "List files and folders of the checkout (up to 4 levels below the folder).", parameters: obj({ path: { type: "string", description: "Folder relative to the checkout (default: the root)." } }) },
    run: async (args, ctx) => ({ content: (await sandboxRuntime(ctx.app).listFiles(needSandbox(ctx).id, str(args, "path", false) ?? ".", ctx.signal)).join("\n") || "(empty)" }),
  },
};

function needSandbox(ctx: ToolContext): RunSandbox {
  if (!ctx.sandbox) throw new ToolInputError("This run has no sandbox.");
  return ctx.sandbox;
}

/** The built-in tools by name (unknown names are left out). */
export function builtinTools(names: readonly string[]): Tool[] {
  return names.flatMap((n) => (TOOLS[n] ? [TOOLS[n]] : []));
}

/** What the model is told when a tool fails: the reason in words (a tool failure is the model's to handle). */
export function toolErrorText(e: unknown): string | null {
  if (e instanceof ToolInputError || e instanceof SandboxError || e instanceof SandboxUnavailableError) return e.message;
  if (e && typeof e === "object" && "status" in e && "body" in e) {
    const body = (e as { body: unknown }).body;
    return `The change was refused: ${typeof body === "object" ? JSON.stringify(body) : String(body)}`;
  }
  return null;
}

import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { AgentTemplateConfig, SandboxConfigInput } from "@stride/shared/contract";
import { AGENT_DEFAULT_MAX_STEPS, AGENT_DEFAULT_TIMEOUT_S } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import {
  modelClient,
  ProviderError,
  type ChatMessage,
  type StreamEvent,
  type ToolCall,
  type Usage,
} from "../providers/index.ts";
import { MODEL_ATTEMPTS, pause, retryDelay } from "./retry.ts";
import { sandboxRuntime } from "../sandbox/runtime.ts";
import { endpointOf, findModelConfig } from "../../routes/model-configs/commands.ts";
import { AGENT_TYPES_META } from "../../routes/agents/metadata.ts";
import { appendRecord, recordContent } from "../../routes/agents/records.ts";
import { printable, printableJson } from "../../core/printable.ts";
import { enqueueRun, localRuns, recordExecutionActivity, type ExecutePayload } from "../../routes/agents/executions.ts";
import type { ExecutionRow } from "../../routes/agents/presenters.ts";
import { toolErrorText } from "./tools.ts";
import type { RunSandbox, Tool, ToolContext, ToolResult } from "./tool-kit.ts";
import type { McpConnection } from "./mcp.ts";
import { openConversation, prepareSandboxes, SYSTEM, toolSet } from "./setup.ts";

/**
 * The agent loop (agents.md §3), run by the `agent:run` job: claim the execution (pending → running), prepare its
 * sandbox and MCP servers, then call the model with tools, streamed, executing tool calls and recording every
 * step, until a final answer, max_steps, timeout_s or cancel. A coding run ends with the `git diff` artifact.
 * The conversation is saved after each step, so a run taken over after its process went away continues it.
 */

const { agentExecutions: E, agentExecutionRecords: R, agentArtifacts: A, sandboxes: S, projects } = schema;

/** How often a run writes its heartbeat and checks that it was not cancelled elsewhere. */
export const HEARTBEAT_MS = 400;
/** A running execution whose heartbeat is older than this lost its process. */
export const STALE_AFTER_MS = 30_000;
/** Times a run is taken over after its process went away, before it fails. */
export const MAX_RESUMES = 2;
/** Streamed text is written to its record at most this often. */
const STREAM_FLUSH_MS = 300;

type StopReason = "cancelled" | "timeout" | "shutdown";
class Stop extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

interface Outcome {
  status: "completed" | "failed" | "timed_out" | "cancelled" | "shutdown";
  reason: string | null;
  summary: string | null;
}

/** Text streamed into one record: made on the first piece, its content updated every STREAM_FLUSH_MS, final at the end. */
class StreamedRecord {
  private text = "";
  private id: string | null = null;
  private last = 0;
  private pending: Promise<void> = Promise.resolve();
  constructor(
    private readonly app: AppContext,
    private readonly exec: ExecutionRow,
    private readonly type: "message" | "reasoning",
  ) {}

  add(delta: string): void {
    this.text += delta;
    if (Date.now() - this.last >= STREAM_FLUSH_MS) this.flush();
  }

  private flush(): void {
    this.last = Date.now();
    const content = this.text;
    this.pending = this.pending
      .then(async () => {
        if (!this.id) this.id = (await appendRecord(this.app.db, this.exec, { type: this.type, content })).id;
        else
          await this.app.db
            .update(R)
            .set({ content: recordContent(content), updatedAt: new Date() })
            .where(eq(R.id, this.id));
      })
      .catch(() => {});
  }

  async done(): Promise<string> {
    if (this.text) this.flush();
    await this.pending;
    return this.text;
  }
}

/** How long a run handed back by a stopping instance waits (its job runner stops meanwhile), so another instance takes it. */
export const HANDOVER_DELAY_MS = 1000;

export async function runExecution(app: AppContext, payload: ExecutePayload): Promise<void> {
  const [exec] = await app.db
    .update(E)
    .set({
      status: "running",
      startedAt: new Date(),
      heartbeatAt: new Date(),
      updatedAt: new Date(),
      statusReason: null,
    })
    .where(and(eq(E.id, payload.executionId), eq(E.runSeq, payload.runSeq), eq(E.status, "pending")))
    .returning();
  if (!exec) return; // cancelled, superseded by a newer run, or already taken
  const cfg = exec.agentConfig as AgentTemplateConfig;
  const run = watchRun(app, exec, cfg);
  const { signal } = run;

  const mcp: McpConnection[] = [];
  let sandbox: RunSandbox | null = null;
  let sandboxIds = exec.sandboxIds;
  let sandboxReady = false;
  let outcome: Outcome;
  try {
    const [project] = await app.db.select().from(projects).where(eq(projects.id, exec.projectId));
    const modelRow = await findModelConfig(app.db, exec.projectId, cfg.model_config);
    if (!modelRow) throw new Error(`The model configuration "${cfg.model_config}" does not exist any more.`);
    ({ sandbox, sandboxIds } = await prepareSandboxes(app, exec, signal));
    sandboxReady = true;
    const tools = await toolSet(app, exec, cfg, sandbox, signal, mcp);
    const ctx: ToolContext = {
      app,
      project,
      issueId: exec.issueId,
      actorId: exec.createdById ?? "",
      agentTemplateId: exec.agentTemplateId,
      sandbox,
      signal,
    };
    outcome = await converse(app, exec, cfg, modelRow, tools, ctx, !!sandbox, signal);
  } catch (e) {
    const reason = run.stopped() ?? (e instanceof Stop ? e.reason : null);
    if (reason) outcome = stopped(reason, cfg, !sandboxReady);
    else {
      const message = e instanceof ProviderError || e instanceof Error ? e.message : String(e);
      await appendRecord(app.db, exec, { type: "error", content: message }).catch(() => {});
      outcome = { status: "failed", reason: message, summary: null };
    }
  } finally {
    run.dispose();
    for (const c of mcp) await c.close();
  }
  const stop = run.stopped();
  if (stop) outcome = stopped(stop, cfg, !sandboxReady);
  if (outcome.status !== "shutdown" && AGENT_TYPES_META[cfg.type].producesDiff)
    await diffArtifacts(app, exec, sandboxIds).catch(async (e) => {
      await appendRecord(app.db, exec, {
        type: "error",
        content: `The diff could not be made: ${(e as Error).message}`,
      }).catch(() => {});
    });
  await finish(app, exec, outcome);
}

/**
 * A run's watch: its abort signal, ended by its time limit, by a cancel (its row no longer running: checked with
 * each heartbeat), or by this process stopping (releaseLocalRuns).
 */
function watchRun(app: AppContext, exec: ExecutionRow, cfg: AgentTemplateConfig) {
  const controller = new AbortController();
  let stop: StopReason | null = null;
  const halt = (r: StopReason) => {
    if (stop) return;
    stop = r;
    controller.abort(new Stop(r));
  };
  localRuns(app).set(exec.id, halt);
  const timeoutMs = (cfg.timeout_s ?? AGENT_DEFAULT_TIMEOUT_S) * 1000;
  const timer = setTimeout(() => halt("timeout"), timeoutMs);
  let beating = false;
  const beat = setInterval(() => {
    if (beating || stop) return;
    beating = true;
    app.db
      .update(E)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(E.id, exec.id), eq(E.status, "running"), eq(E.runSeq, exec.runSeq)))
      .returning({ id: E.id })
      .then((rows) => {
        if (!rows.length) halt("cancelled");
      })
      .catch(() => {})
      .finally(() => {
        beating = false;
      });
  }, HEARTBEAT_MS);
  return {
    signal: controller.signal,
    /** Why the run was stopped, if it was. */
    stopped: (): StopReason | null => stop,
    dispose() {
      clearTimeout(timer);
      clearInterval(beat);
      localRuns(app).delete(exec.id);
    },
  };
}

function stopped(reason: StopReason, cfg: AgentTemplateConfig, starting = false): Outcome {
  if (reason === "timeout") {
    const where = starting ? " while its sandbox was being prepared (the checkout or the setup script)" : "";
    return {
      status: "timed_out",
      reason: `The agent ran out of time (${cfg.timeout_s ?? AGENT_DEFAULT_TIMEOUT_S} s)${where}.`,
      summary: null,
    };
  }
  if (reason === "shutdown") return { status: "shutdown", reason: null, summary: null };
  return { status: "cancelled", reason: "Cancelled.", summary: null };
}

async function converse(
  app: AppContext,
  exec: ExecutionRow,
  cfg: AgentTemplateConfig,
  modelRow: NonNullable<Awaited<ReturnType<typeof findModelConfig>>>,
  tools: Map<string, Tool>,
  ctx: ToolContext,
  hasSandbox: boolean,
  signal: AbortSignal,
): Promise<Outcome> {
  const client = modelClient(endpointOf(app, modelRow));
  const messages = await openConversation(app, exec);

  const maxSteps = cfg.max_steps ?? AGENT_DEFAULT_MAX_STEPS;
  const specs = [...tools.values()].map((t) => t.spec);
  let steps = exec.steps;
  const stepsAtStart = exec.steps;
  for (;;) {
    if (steps - stepsAtStart >= maxSteps) {
      const reason = `The agent stopped after ${maxSteps} steps (its max_steps).`;
      await appendRecord(app.db, exec, { type: "error", content: reason });
      return { status: "failed", reason, summary: null };
    }
    if (signal.aborted) throw signal.reason;
    const { answer, calls, usage } = await modelTurn(
      app,
      exec,
      () => client.stream({ system: SYSTEM(cfg, hasSandbox, ctx.project), messages, tools: specs, signal }),
      signal,
    );
    steps++;
    messages.push({ role: "assistant", content: answer, ...(calls.length ? { toolCalls: calls } : {}) });
    await runCalls(app, exec, calls, tools, ctx, messages);
    await app.db
      .update(E)
      .set({
        messages: printableJson(messages),
        steps,
        inputTokens: sql`${E.inputTokens} + ${usage.inputTokens}`,
        outputTokens: sql`${E.outputTokens} + ${usage.outputTokens}`,
        updatedAt: new Date(),
      })
      .where(eq(E.id, exec.id));
    if (!calls.length) return { status: "completed", reason: null, summary: answer || null };
  }
}

/** The model's tool calls, each run and recorded (its call, then its output), their outputs added to the conversation. */
async function runCalls(
  app: AppContext,
  exec: ExecutionRow,
  calls: ToolCall[],
  tools: Map<string, Tool>,
  ctx: ToolContext,
  messages: ChatMessage[],
): Promise<void> {
  const signal = ctx.signal;
  for (const call of calls) {
    await appendRecord(app.db, exec, {
      type: "tool_call",
      format: "code",
      content: call.rawArgs || JSON.stringify(call.args),
      toolName: call.name,
      toolCallId: call.id,
    });
    const out = await runTool(tools, call, ctx);
    await appendRecord(app.db, exec, {
      type: "tool_call_output",
      format: out.format ?? "text",
      content: out.content,
      toolName: call.name,
      toolCallId: call.id,
    });
    messages.push({
      role: "tool",
      toolCallId: call.id,
      toolName: call.name,
      content: withinBudget(out.content),
      ...(out.isError ? { isError: true } : {}),
    });
    if (signal.aborted) throw signal.reason;
  }
}

/**
 * One answer of the model, streamed into its records. A call that fails for a passing reason (rate limit, server
 * failure, dropped connection) is tried again after a wait (retry.ts), each wait told in an error record; what a
 * failed call had streamed stays in its records, and the conversation gets only the answer that came whole.
 */
async function modelTurn(
  app: AppContext,
  exec: ExecutionRow,
  call: () => AsyncIterable<StreamEvent>,
  signal: AbortSignal,
): Promise<{ answer: string; calls: ToolCall[]; usage: Usage }> {
  for (let attempt = 1; ; attempt++) {
    const text = new StreamedRecord(app, exec, "message");
    const thought = new StreamedRecord(app, exec, "reasoning");
    const calls: ToolCall[] = [];
    let usage: Usage = { inputTokens: 0, outputTokens: 0 };
    try {
      for await (const ev of call()) {
        if (ev.type === "text") text.add(ev.delta);
        else if (ev.type === "reasoning") thought.add(ev.delta);
        else if (ev.type === "tool_call") calls.push(ev.call);
        else if (ev.type === "finish") usage = ev.usage;
      }
    } catch (e) {
      await thought.done();
      await text.done();
      const wait = signal.aborted ? null : retryDelay(e, attempt);
      if (wait === null) throw e;
      const secs = Math.round(wait / 1000);
      await appendRecord(app.db, exec, {
        type: "error",
        content: `${(e as Error).message} Trying again ${secs ? `in ${secs} s` : "now"} (call ${attempt + 1} of ${MODEL_ATTEMPTS}).`,
      });
      await pause(wait, signal);
      continue;
    }
    await thought.done();
    return { answer: await text.done(), calls, usage };
  }
}

/** Characters of one tool output the model is sent at most; a longer one keeps its head and tail (issue #24 point 10). */
export const TOOL_OUTPUT_BUDGET = 24_000;

/** A tool output cut to TOOL_OUTPUT_BUDGET: its first and last parts, with a note of what was cut between them. */
export function withinBudget(text: string, budget = TOOL_OUTPUT_BUDGET): string {
  if (text.length <= budget) return text;
  const head = Math.ceil(budget / 2);
  const tail = budget - head;
  const cut = text.length - head - tail;
  return `${text.slice(0, head)}\n\n[… ${cut.toLocaleString("en")} characters cut from the middle of this output (${text.length.toLocaleString("en")} in all) …]\n\n${text.slice(text.length - tail)}`;
}

async function runTool(tools: Map<string, Tool>, call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
  const out = await toolResult(tools, call, ctx);
  // one printable text (core/printable.ts): the record and the model see the same
  return { ...out, content: printable(out.content) };
}

async function toolResult(tools: Map<string, Tool>, call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
  if (call.argsError) return { content: call.argsError, isError: true };
  const tool = tools.get(call.name);
  if (!tool)
    return { content: `There is no tool "${call.name}". Tools: ${[...tools.keys()].join(", ")}.`, isError: true };
  try {
    return await tool.run(call.args, ctx);
  } catch (e) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const text = toolErrorText(e);
    if (text === null) return { content: `The tool failed: ${(e as Error).message}`, isError: true };
    return { content: text, isError: true };
  }
}

/**
 * `git diff` of each sandbox checkout against its starting commit, kept as the execution's diff artifact. An
 * artifact is never changed: a run whose diff differs from the newest of its name adds a new one (issue #24 point
 * 6), so the id a person reviewed and commits always names the same content.
 */
async function diffArtifacts(app: AppContext, exec: ExecutionRow, sandboxIds: string[]): Promise<void> {
  if (!sandboxIds.length) return;
  const rt = sandboxRuntime(app);
  const rows = await app.db.select().from(S).where(inArray(S.id, sandboxIds));
  for (const sb of rows) {
    if (!rt.exists(sb.id)) continue;
    const config = sb.config as SandboxConfigInput;
    for (const [folder, base] of Object.entries(sb.baseCommits as Record<string, string>)) {
      const diff = await rt.diff(sb.id, base, folder);
      const repo = config.ide_configs.find(
        (c) => !folder || c.repository.repo_slug.replace(/\//g, "-") === folder,
      )?.repository;
      const name = `${(repo?.repo_slug ?? folder ?? "changes").replace(/\//g, "-") || "changes"}.diff`;
      const meta = { sandbox_id: sb.id, folder, base_commit: base, repository: repo ?? null, run_seq: exec.runSeq };
      const added = await app.db.transaction(async (tx) => {
        const [newest] = await tx
          .select({ content: A.content })
          .from(A)
          .where(and(eq(A.executionId, exec.id), eq(A.name, name)))
          .orderBy(desc(A.createdAt), desc(A.id))
          .limit(1);
        if (newest?.content === diff) return false;
        await tx.insert(A).values({
          workspaceId: exec.workspaceId,
          projectId: exec.projectId,
          executionId: exec.id,
          name,
          kind: "diff",
          content: diff,
          meta,
          createdById: exec.createdById,
        });
        return true;
      });
      if (added && diff) await appendRecord(app.db, exec, { type: "message", format: "diff", content: diff });
    }
  }
}

async function finish(app: AppContext, exec: ExecutionRow, o: Outcome): Promise<void> {
  const mine = and(eq(E.id, exec.id), eq(E.status, "running"), eq(E.runSeq, exec.runSeq));
  const elapsed = sql`${E.durationMs} + (extract(epoch from now() - ${E.startedAt}) * 1000)::bigint`;
  await app.db.transaction(async (tx) => {
    if (o.status === "shutdown") {
      // this process is stopping: the run goes back to the queue and the next instance continues it
      const [row] = await tx
        .update(E)
        .set({
          status: "pending",
          runSeq: exec.runSeq + 1,
          heartbeatAt: null,
          durationMs: elapsed,
          updatedAt: new Date(),
        })
        .where(mine)
        .returning();
      if (row) await enqueueRun(app, tx, row, new Date(Date.now() + HANDOVER_DELAY_MS));
      return;
    }
    if (o.status === "cancelled") return; // the cancel call wrote it
    const [row] = await tx
      .update(E)
      .set({
        status: o.status,
        statusReason: o.reason && printable(o.reason),
        summary: printable(o.summary ?? o.reason ?? "") || null,
        finishedAt: new Date(),
        heartbeatAt: null,
        durationMs: elapsed,
        updatedAt: new Date(),
      })
      .where(mine)
      .returning();
    if (row)
      await recordExecutionActivity(
        tx,
        row,
        row.createdById,
        `the agent execution ${o.status.replace("_", " ")}`,
        o.status,
      );
  });
}

/** Abort every run of this process because it is stopping: each goes back to the queue for the next instance. */
export function releaseLocalRuns(app: AppContext): void {
  for (const [, halt] of localRuns(app)) halt("shutdown");
}

/**
 * Runs whose process went away (heartbeat older than STALE_AFTER_MS): taken over (back to pending, a new job)
 * up to MAX_RESUMES times, then failed. Nothing stays `running` without a live process.
 */
export async function reapStaleRuns(app: AppContext, staleMs = STALE_AFTER_MS): Promise<number> {
  const stale = await app.db
    .select()
    .from(E)
    .where(
      and(
        eq(E.status, "running"),
        isNotNull(E.heartbeatAt),
        lt(E.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    );
  const noBeat = await app.db
    .select()
    .from(E)
    .where(
      and(
        eq(E.status, "running"),
        sql`${E.heartbeatAt} IS NULL`,
        lt(E.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    );
  let n = 0;
  for (const e of [...stale, ...noBeat]) {
    await app.db.transaction(async (tx) => {
      const guard = and(eq(E.id, e.id), eq(E.status, "running"), eq(E.runSeq, e.runSeq));
      if (e.resumes < MAX_RESUMES) {
        const [row] = await tx
          .update(E)
          .set({
            status: "pending",
            runSeq: e.runSeq + 1,
            resumes: e.resumes + 1,
            heartbeatAt: null,
            updatedAt: new Date(),
          })
          .where(guard)
          .returning();
        if (!row) return;
        await appendRecord(tx, row, {
          type: "error",
          content: "The server running this execution stopped; another one continues it.",
        });
        await enqueueRun(app, tx, row);
      } else {
        const reason = "The server running this execution stopped too often; the run failed.";
        const [row] = await tx
          .update(E)
          .set({
            status: "failed",
            statusReason: reason,
            summary: reason,
            finishedAt: new Date(),
            heartbeatAt: null,
            updatedAt: new Date(),
          })
          .where(guard)
          .returning();
        if (!row) return;
        await appendRecord(tx, row, { type: "error", content: reason });
        await recordExecutionActivity(tx, row, row.createdById, "the agent execution failed", "failed");
      }
      n++;
    });
  }
  return n;
}

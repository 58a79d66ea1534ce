import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import {
  ACTIVE_EXECUTION_STATUSES,
  AGENT_MSG,
  EXECUTIONS_PAGE_SIZE,
  executionConfigSchema,
  LIVE_SANDBOX_STATUSES,
  PROJECT_ASSISTANT_TAG,
  type AgentTemplateConfig,
  type ClusterPresets,
  type Execution,
  type ExecutionConfig,
  type ExecutionStatus,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity } from "../../domain/activity.ts";
import type { ProjectMemberRow, ProjectRow } from "../../http/route.ts";
import { allows, PERMISSIONS, type Policy } from "../../http/policies.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { ensureCluster } from "../environments/commands.ts";
import { findIssue, assertCanSee } from "../issues/access.ts";
import { sandboxRuntime } from "../../agents/sandbox/runtime.ts";
import { SandboxUnavailableError } from "../../agents/sandbox/bwrap.ts";
import { AGENT_TYPES_META } from "./metadata.ts";
import { findAgentTemplate } from "./templates.ts";
import { appendRecord } from "./records.ts";
import { presentExecution, type ArtifactRow, type ExecutionRow, type RecordRow } from "./presenters.ts";
import type { ExecuteBody, SearchExecutionsQuery } from "./schemas.ts";

const {
  agentExecutions: E,
  agentExecutionRecords: R,
  agentArtifacts: A,
  agentTemplates: AT,
  environmentTemplates: ET,
  sandboxes: S,
  issueAgentExecutions,
} = schema;

export const AGENT_RUN_TASK = "agent:run";
/** The activity field of an execution on a work item (work-tracking §3: activity_type agent_execution). */
export const AGENT_EXECUTION_FIELD = "agent_execution";

export interface ExecutePayload {
  executionId: string;
  runSeq: number;
}

/** Enqueue the run of an execution (inside the caller's transaction); a newer enqueue makes older jobs no-ops. */
export async function enqueueRun(
  app: AppContext,
  tx: DbOrTx,
  exec: { id: string; runSeq: number },
  runAt?: Date,
): Promise<void> {
  await app.jobs.enqueue(tx, AGENT_RUN_TASK, { executionId: exec.id, runSeq: exec.runSeq } satisfies ExecutePayload, {
    maxAttempts: 1,
    runAt,
  });
}

export async function loadExecution(db: DbOrTx, projectId: string, id: string, userId?: string): Promise<ExecutionRow> {
  const [e] = await db
    .select()
    .from(E)
    .where(and(eq(E.projectId, projectId), eq(E.id, id)));
  // the project assistant's conversations are their creator's own
  if (!e || (userId && e.tags.includes(PROJECT_ASSISTANT_TAG) && e.createdById !== userId))
    throw errors.notFound(AGENT_MSG.notFound);
  return e;
}

/** The caller's roles, as the route pipeline read them (for the checks that depend on the execution). */
export interface Caller {
  userId: string;
  workspaceRole: number | null;
  projectRole: number | null;
}

export const isAssistantConversation = (tags: readonly string[]) => tags.includes(PROJECT_ASSISTANT_TAG);

/**
 * An execution the caller acts on: their own project-assistant conversation (anyone in the project), or any other
 * execution if `need` (an `agentExecution` entry) allows them; else 403 as the route guard would answer.
 */
export async function loadExecutionFor(
  db: DbOrTx,
  projectId: string,
  id: string,
  caller: Caller,
  need: Policy,
): Promise<ExecutionRow> {
  const e = await loadExecution(db, projectId, id, caller.userId);
  if (!isAssistantConversation(e.tags) && !allows(need, caller)) throw errors.forbidden();
  return e;
}

function busy(status: string) {
  return errors.conflict({ error: status === "pending" ? AGENT_MSG.starting : AGENT_MSG.running, status });
}

/** The work item's pending or running execution, if any (locks the item's row so two requests cannot both start one). */
async function activeOnIssue(tx: DbOrTx, issueId: string): Promise<ExecutionRow | null> {
  await tx.execute(sql`SELECT 1 FROM issues WHERE id = ${issueId} FOR UPDATE`);
  const [e] = await tx
    .select()
    .from(E)
    .where(and(eq(E.issueId, issueId), inArray(E.status, [...ACTIVE_EXECUTION_STATUSES])))
    .limit(1);
  return e ?? null;
}

interface Environments {
  sandboxIds: string[];
  sandboxTemplateIds: string[];
  mcpTemplateIds: string[];
}

/** Split environment template ids by type (sandbox vs MCP), keeping only the project's. */
async function splitTemplates(
  db: DbOrTx,
  projectId: string,
  ids: string[],
): Promise<{ sandbox: string[]; mcp: string[] }> {
  if (!ids.length) return { sandbox: [], mcp: [] };
  const rows = await db
    .select({ id: ET.id, type: ET.type })
    .from(ET)
    .where(and(eq(ET.projectId, projectId), inArray(ET.id, ids)));
  return {
    sandbox: rows.filter((r) => r.type === "sandbox").map((r) => r.id),
    mcp: rows.filter((r) => r.type !== "sandbox").map((r) => r.id),
  };
}

/** The environments a new execution gets: those named in the config, or the preset's and the template's. */
async function resolveEnvironments(
  db: DbOrTx,
  project: ProjectRow,
  cfg: ExecutionConfig,
  fallbackIds: string[],
): Promise<Environments> {
  const env: Environments = {
    sandboxIds: [...new Set(cfg.sandbox_ids ?? [])],
    sandboxTemplateIds: [...new Set(cfg.sandbox_template_ids ?? [])],
    mcpTemplateIds: [...new Set(cfg.mcp_template_ids ?? [])],
  };
  if (!env.sandboxIds.length && !env.sandboxTemplateIds.length && !env.mcpTemplateIds.length && fallbackIds.length) {
    const split = await splitTemplates(db, project.id, [...new Set(fallbackIds)]);
    env.sandboxTemplateIds = split.sandbox;
    env.mcpTemplateIds = split.mcp;
  }
  if (env.sandboxIds.length) {
    const live = await db
      .select({ id: S.id })
      .from(S)
      .where(
        and(eq(S.projectId, project.id), inArray(S.id, env.sandboxIds), inArray(S.status, [...LIVE_SANDBOX_STATUSES])),
      );
    if (live.length !== env.sandboxIds.length) throw errors.badRequest(AGENT_MSG.sandboxNotRunning);
  }
  const want = [...env.sandboxTemplateIds, ...env.mcpTemplateIds];
  if (want.length) {
    const split = await splitTemplates(db, project.id, want);
    const okSandbox = env.sandboxTemplateIds.every((id) => split.sandbox.includes(id));
    const okMcp = env.mcpTemplateIds.every((id) => split.mcp.includes(id));
    if (!okSandbox || !okMcp) throw errors.badRequest(AGENT_MSG.environmentNotFound);
  }
  return env;
}

export interface ExecuteCtx {
  app: AppContext;
  project: ProjectRow;
  projectMember: ProjectMemberRow | null;
  userId: string;
  caller: Caller;
}

/**
 * POST P/agent/execute/ (agents.md §2, platform.md §5, §8): a new execution, or with `execution_id` a follow-up
 * message to one. The run itself is the `agent:run` job; this answers 202 `{execution_id, status}` at once.
 */
export async function execute(
  ctx: ExecuteCtx,
  body: ExecuteBody,
): Promise<{ execution_id: string; status: ExecutionStatus }> {
  const parsedCfg = executionConfigSchema.safeParse(body.execution_config ?? {});
  if (!parsedCfg.success) throw errors.badRequest(AGENT_MSG.invalidConfig);
  if (body.execution_id) return followUp(ctx, body.execution_id, body.content ?? "");
  if (isAssistantConversation(body.tags ?? [])) return startConversation(ctx, parsedCfg.data, body);
  // a body naming nothing to run is no run at all (whoever asks); one that names a work item or an agent needs the role
  if (!body.issue_id && !parsedCfg.data.agent_template_id) throw errors.badRequest(AGENT_MSG.templateNotFound);
  if (!allows(PERMISSIONS.agentExecution.run, ctx.caller)) throw errors.forbidden();
  return startExecution(ctx, parsedCfg.data, body);
}

async function followUp(ctx: ExecuteCtx, executionId: string, content: string) {
  const { app, project, userId } = ctx;
  if (!content) throw errors.field("content", AGENT_MSG.contentRequired);
  return app.db.transaction(async (tx) => {
    const cur = await loadExecutionFor(tx, project.id, executionId, ctx.caller, PERMISSIONS.agentExecution.run);
    if (cur.issueId) {
      const active = await activeOnIssue(tx, cur.issueId);
      if (active) throw busy(active.status);
    }
    const [locked] = await tx.select().from(E).where(eq(E.id, cur.id)).for("update");
    if ((ACTIVE_EXECUTION_STATUSES as readonly string[]).includes(locked.status)) throw busy(locked.status);
    await appendRecord(tx, locked, { type: "user_input", content });
    const [row] = await tx
      .update(E)
      .set({
        status: "pending",
        statusReason: null,
        finishedAt: null,
        runSeq: locked.runSeq + 1,
        updatedAt: new Date(),
        updatedById: userId,
      })
      .where(eq(E.id, locked.id))
      .returning();
    await enqueueRun(app, tx, row);
    if (row.issueId) await recordExecutionActivity(tx, row, userId, "followed up on the agent execution");
    return { execution_id: row.id, status: row.status as ExecutionStatus };
  });
}

async function startExecution(ctx: ExecuteCtx, cfg: ExecutionConfig, body: ExecuteBody) {
  const { app, project, userId } = ctx;
  const issue = body.issue_id ? await findIssue(app.db, project.id, body.issue_id) : null;
  if (body.issue_id && !issue) throw errors.notFound(AGENT_MSG.issueNotFound);
  if (issue) assertCanSee(userId, project, ctx.projectMember, issue);

  return app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    let templateId = cfg.agent_template_id ?? null;
    let presetEnvIds: string[] = [];
    if (!templateId) {
      if (!issue) throw errors.badRequest(AGENT_MSG.templateNotFound);
      const preset = (cluster.config as ClusterPresets).agent_presets?.issue_agent;
      if (!preset?.agent_template_id) throw errors.badRequest(AGENT_MSG.noPreset);
      templateId = preset.agent_template_id;
      presetEnvIds = preset.environment_template_ids ?? [];
    }
    const template = await findAgentTemplate(tx, project.id, templateId);
    if (!template) throw errors.badRequest(AGENT_MSG.templateNotFound);
    const agentConfig = template.config as AgentTemplateConfig;
    const meta = AGENT_TYPES_META[agentConfig.type];
    const env = await resolveEnvironments(tx, project, cfg, [
      ...presetEnvIds,
      ...(agentConfig.environment_template_ids ?? []),
    ]);
    if (meta.requiresSandbox && !env.sandboxIds.length && !env.sandboxTemplateIds.length)
      throw errors.badRequest(AGENT_MSG.requiresSandbox(agentConfig.name));
    if (env.sandboxIds.length || env.sandboxTemplateIds.length || env.mcpTemplateIds.some(Boolean)) {
      const unavailable = await sandboxRuntime(app).unavailableReason();
      if (unavailable && (env.sandboxIds.length || env.sandboxTemplateIds.length))
        throw errors.body(503, { error: new SandboxUnavailableError(unavailable).message });
    }
    if (issue) {
      const active = await activeOnIssue(tx, issue.id);
      if (active) throw busy(active.status);
    }
    const tags = [...new Set(body.tags ?? [])];
    const [row] = await tx
      .insert(E)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        clusterId: cluster.id,
        issueId: issue?.id ?? null,
        agentTemplateId: template.id,
        status: "pending",
        tags,
        agentConfig,
        runSeq: 1,
        executionConfig: {
          agent_template_id: template.id,
          sandbox_ids: env.sandboxIds,
          sandbox_template_ids: env.sandboxTemplateIds,
          mcp_template_ids: env.mcpTemplateIds,
        },
        sandboxIds: env.sandboxIds,
        context: body.context ?? {},
        createdById: userId,
        updatedById: userId,
      })
      .returning();
    if (body.content) await appendRecord(tx, row, { type: "user_input", content: body.content });
    if (issue) {
      await tx.insert(issueAgentExecutions).values({
        issueId: issue.id,
        projectId: project.id,
        workspaceId: project.workspaceId,
        executionId: row.id,
        createdById: userId,
        updatedById: userId,
      });
      await recordExecutionActivity(tx, row, userId, `started the agent ${agentConfig.name}`);
    }
    await enqueueRun(app, tx, row);
    return { execution_id: row.id, status: row.status as ExecutionStatus };
  });
}

/**
 * A new project-assistant conversation (agents.md §1 point 4): the project's assistant (the agent template named,
 * or the project's first of type `assistant`), no sandbox and no work item; the caller's own. Its tools act with
 * the caller's rights (agents/run/tools.ts), so anyone in the project may hold one.
 */
async function startConversation(ctx: ExecuteCtx, cfg: ExecutionConfig, body: ExecuteBody) {
  const { app, project, userId } = ctx;
  if (!body.content?.trim()) throw errors.field("content", AGENT_MSG.contentRequired);
  return app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    const template = cfg.agent_template_id
      ? await findAgentTemplate(tx, project.id, cfg.agent_template_id)
      : (
          await tx
            .select()
            .from(AT)
            .where(and(eq(AT.projectId, project.id), sql`${AT.config}->>'type' = 'assistant'`))
            .orderBy(asc(AT.createdAt))
            .limit(1)
        )[0];
    if (!template) throw errors.badRequest(cfg.agent_template_id ? AGENT_MSG.templateNotFound : AGENT_MSG.noAssistant);
    const agentConfig = template.config as AgentTemplateConfig;
    if (agentConfig.type !== "assistant") throw errors.badRequest(AGENT_MSG.notAssistant);
    const [row] = await tx
      .insert(E)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        clusterId: cluster.id,
        issueId: null,
        agentTemplateId: template.id,
        status: "pending",
        tags: [...new Set(body.tags ?? [])],
        agentConfig,
        runSeq: 1,
        executionConfig: {
          agent_template_id: template.id,
          sandbox_ids: [],
          sandbox_template_ids: [],
          mcp_template_ids: [],
        },
        sandboxIds: [],
        context: body.context ?? {},
        createdById: userId,
        updatedById: userId,
      })
      .returning();
    await appendRecord(tx, row, { type: "user_input", content: body.content!.trim() });
    await enqueueRun(app, tx, row);
    return { execution_id: row.id, status: row.status as ExecutionStatus };
  });
}

/** An activity row on the execution's work item (field `agent_execution`, the execution's id as identifier). */
export async function recordExecutionActivity(
  tx: DbOrTx,
  e: ExecutionRow,
  actorId: string | null,
  comment: string,
  status?: string,
): Promise<void> {
  if (!e.issueId) return;
  await recordActivity(tx, {
    issueId: e.issueId,
    projectId: e.projectId,
    workspaceId: e.workspaceId,
    actorId,
    verb: status ? "updated" : "created",
    field: AGENT_EXECUTION_FIELD,
    newValue: status ?? e.status,
    newIdentifier: e.id,
    comment,
  });
}

type Halt = (reason: "cancelled" | "shutdown") => void;
const runsByApp = new WeakMap<object, Map<string, Halt>>();
/** The runs of this server instance, by execution id: cancel and shutdown reach the loop through them. */
export function localRuns(app: object): Map<string, Halt> {
  let m = runsByApp.get(app);
  if (!m) runsByApp.set(app, (m = new Map()));
  return m;
}

/** POST P/agent/executions/{id}/cancel/: a pending or running execution is cancelled; its run stops within a second. */
export async function cancelExecution(app: AppContext, exec: ExecutionRow, userId: string): Promise<ExecutionRow> {
  const row = await app.db.transaction(async (tx) => {
    const [r] = await tx
      .update(E)
      .set({
        status: "cancelled",
        statusReason: "Cancelled.",
        finishedAt: new Date(),
        updatedAt: new Date(),
        updatedById: userId,
        durationMs: sql`${E.durationMs} + CASE WHEN ${E.status} = 'running' AND ${E.startedAt} IS NOT NULL THEN (extract(epoch from now() - ${E.startedAt}) * 1000)::bigint ELSE 0 END`,
      })
      .where(and(eq(E.id, exec.id), inArray(E.status, [...ACTIVE_EXECUTION_STATUSES])))
      .returning();
    if (!r) return null;
    await appendRecord(tx, r, { type: "error", content: "The execution was cancelled." });
    await recordExecutionActivity(tx, r, userId, "cancelled the agent execution", "cancelled");
    return r;
  });
  if (!row) return exec;
  localRuns(app).get(exec.id)?.("cancelled");
  // other instances notice on their next status check (the loop polls every few hundred ms)
  await app.db.execute(sql`SELECT pg_notify('stride_agent_cancel', ${exec.id})`);
  return row;
}

/**
 * GET P/agent/executions/search/: newest first; tags all required; project-assistant conversations only the
 * caller's. Callers who may not read executions (guests) find only their own project-assistant conversations.
 */
export async function searchExecutions(
  app: AppContext,
  project: ProjectRow,
  caller: Caller,
  q: SearchExecutionsQuery,
): Promise<{ rows: ExecutionRow[]; next: Date | null }> {
  const userId = caller.userId;
  const size = q.page_size ?? EXECUTIONS_PAGE_SIZE;
  const tags = (q.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const conds = [
    eq(E.projectId, project.id),
    or(sql`NOT (${E.tags} ? ${PROJECT_ASSISTANT_TAG})`, eq(E.createdById, userId))!,
  ];
  if (!allows(PERMISSIONS.agentExecution.view, caller)) conds.push(sql`${E.tags} ? ${PROJECT_ASSISTANT_TAG}`);
  if (tags.length) conds.push(sql`${E.tags} @> ${JSON.stringify(tags)}::jsonb`);
  if (q.older_than) conds.push(lt(E.createdAt, new Date(q.older_than)));
  if (q.newer_than) conds.push(gt(E.createdAt, new Date(q.newer_than)));
  if (q.issue_id) conds.push(eq(E.issueId, q.issue_id));
  const rows = await app.db
    .select()
    .from(E)
    .where(and(...conds))
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(size + 1);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  return { rows: page, next: more ? page[page.length - 1].createdAt : null };
}

/**
 * The current artifacts of executions: the newest of each name (a run that changes the checkout adds a new diff
 * artifact; the earlier ones stay readable, but are no execution's current diff and cannot be committed).
 */
export async function artifactIdsOf(db: DbOrTx, executionIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!executionIds.length) return out;
  const rows = await db
    .selectDistinctOn([A.executionId, A.name], { id: A.id, executionId: A.executionId, createdAt: A.createdAt })
    .from(A)
    .where(inArray(A.executionId, executionIds))
    .orderBy(A.executionId, A.name, desc(A.createdAt), desc(A.id));
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const r of rows) out.set(r.executionId, [...(out.get(r.executionId) ?? []), r.id]);
  return out;
}

/**
 * Where pending executions wait (issue #24 point 8): 1 + the runs queued before each in the agents' worker pool, in
 * the order the workers take them (priority, run time, job id). Runs of every project count: the pool is the
 * instance's. A run whose job is taken (starting) or that waits for no job has none.
 */
export async function queuePositions(db: DbOrTx, executionIds: string[]): Promise<Map<string, number>> {
  if (!executionIds.length) return new Map();
  const rows = (await db.execute(sql`
    WITH waiting AS (
      SELECT e.id, j.priority, j.run_at, j.id AS job_id
      FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id AND t.identifier = ${AGENT_RUN_TASK}
      JOIN agent_executions e ON e.id::text = j.payload->>'executionId' AND e.run_seq::text = j.payload->>'runSeq' AND e.status = 'pending'
      WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts
    )
    SELECT w.id::text AS id, (SELECT count(*) FROM waiting o WHERE (o.priority, o.run_at, o.job_id) <= (w.priority, w.run_at, w.job_id))::int AS position
    FROM waiting w WHERE w.id IN (${sql.join(
      executionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as unknown as { id: string; position: number }[];
  return new Map(rows.map((r) => [r.id, Number(r.position)]));
}

/** Executions as the API shows them: with their current artifacts and, when pending, their place in the queue. */
export async function presentExecutions(db: DbOrTx, rows: ExecutionRow[]): Promise<Execution[]> {
  const [artifacts, positions] = await Promise.all([
    artifactIdsOf(
      db,
      rows.map((r) => r.id),
    ),
    queuePositions(
      db,
      rows.filter((r) => r.status === "pending").map((r) => r.id),
    ),
  ]);
  return rows.map((r) => presentExecution(r, artifacts.get(r.id), positions.get(r.id) ?? null));
}

export function recordsOf(db: DbOrTx, executionId: string, afterSeq = 0): Promise<RecordRow[]> {
  return db
    .select()
    .from(R)
    .where(and(eq(R.executionId, executionId), gt(R.seq, afterSeq)))
    .orderBy(asc(R.seq));
}

export async function loadArtifact(db: DbOrTx, projectId: string, id: string, userId: string): Promise<ArtifactRow> {
  const [a] = await db
    .select()
    .from(A)
    .where(and(eq(A.projectId, projectId), eq(A.id, id)));
  if (!a) throw errors.notFound(AGENT_MSG.artifactNotFound);
  await loadExecution(db, projectId, a.executionId, userId).catch(() => {
    throw errors.notFound(AGENT_MSG.artifactNotFound);
  });
  return a;
}

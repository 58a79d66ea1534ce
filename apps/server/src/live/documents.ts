import { and, asc, desc, eq, gt, inArray, max, or, sql } from "drizzle-orm";
import {
  ROLE,
  allows,
  canSeeWorkItem,
  PERMISSIONS,
  type LiveDoc,
  type LiveEvent,
  type LiveServerMessage,
} from "@stride/shared";
import {
  ACTIVE_EXECUTION_STATUSES,
  LIVE_SANDBOX_STATUSES,
  PROJECT_ASSISTANT_TAG,
  type ClusterDocument,
  type ClusterPresets,
  type ExecutionDocument,
  type ExecutionStatus,
  type SandboxDocument,
} from "@stride/shared/contract";
import type { AppContext } from "../core/context.ts";
import { iso } from "../http/present.ts";
import { silently } from "../core/silent.ts";
import { schema } from "../db/client.ts";
import { presentSandbox } from "../routes/environments/presenters.ts";
import { presentRecord } from "../routes/agents/presenters.ts";
import { presentExecutions } from "../routes/agents/executions.ts";
import type { LiveHub, LiveSink, LiveSubscription } from "./hub.ts";
import type { LiveScope } from "../domain/live-filter.ts";

const {
  agentClusters,
  sandboxes,
  projects,
  projectMembers,
  workspaceMembers,
  agentExecutions,
  agentExecutionRecords,
  issueTasks,
  issues,
} = schema;

/** Records one `executions/` document message carries at most (the next message carries the rest). */
const RECORDS_PER_DOC = 500;

/**
 * Documents on the realtime channel (agents.md §4): `clusters/<projectId>`, `executions/<id>`, `sandboxes/<id>`.
 * A document subscription follows its project's event stream (hub.ts: the same fan-out, catch-up and rechecks
 * as any topic); an event of a table the document is made of re-reads the document, and the connection gets
 * `{type: "doc", topic, doc}` whenever it changed. Every document carries `updated_at`.
 */

/** Tables whose changes may change a document of each kind. */
const DOC_TABLES: Record<LiveDoc["kind"], ReadonlySet<string>> = {
  clusters: new Set(["agent_clusters", "sandboxes", "agent_executions", "issue_tasks"]),
  sandboxes: new Set(["sandboxes"]),
  executions: new Set(["agent_executions", "agent_execution_records", "agent_artifacts"]),
};

/** Where a document lives and the caller's roles there (null: no such document, or the caller may not read it). */
export async function documentScope(
  app: AppContext,
  userId: string,
  doc: LiveDoc,
): Promise<(LiveScope & { projectId: string; workspaceId: string }) | null> {
  let projectId = doc.id;
  let item: { issueId: string | null; creatorId: string | null; tags: string[] } | null = null;
  if (doc.kind === "executions") {
    const [e] = await app.db
      .select({
        projectId: agentExecutions.projectId,
        issueId: agentExecutions.issueId,
        creatorId: issues.createdById,
        tags: agentExecutions.tags,
        runBy: agentExecutions.createdById,
      })
      .from(agentExecutions)
      .leftJoin(issues, eq(issues.id, agentExecutions.issueId))
      .where(eq(agentExecutions.id, doc.id));
    // the project assistant's conversations are their creator's own (as the executions calls have it)
    if (!e || (e.tags.includes(PROJECT_ASSISTANT_TAG) && e.runBy !== userId)) return null;
    projectId = e.projectId;
    item = e;
  }
  if (doc.kind === "sandboxes") {
    const [s] = await app.db.select({ projectId: sandboxes.projectId }).from(sandboxes).where(eq(sandboxes.id, doc.id));
    if (!s) return null;
    projectId = s.projectId;
  }
  const [m] = await app.db
    .select({
      workspaceId: projects.workspaceId,
      projectRole: projectMembers.role,
      workspaceRole: workspaceMembers.role,
      guestViewAll: projects.guestViewAllFeatures,
    })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projects.id),
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
      ),
    )
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, projects.workspaceId),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .where(eq(projects.id, projectId));
  if (!m || m.projectRole < ROLE.GUEST) return null;
  const roles = { userId, projectRole: m.projectRole, workspaceRole: m.workspaceRole };
  // a sandbox is read as the sandbox modal reads it (admin only); the cluster by anyone in the project
  if (doc.kind === "sandboxes" && !allows(PERMISSIONS.sandbox.view, roles)) return null;
  // an execution as the executions calls show it (members; anyone their own project-assistant conversation), and
  // only if its work item is one the caller sees
  if (doc.kind === "executions") {
    if (!item?.tags.includes(PROJECT_ASSISTANT_TAG) && !allows(PERMISSIONS.agentExecution.view, roles)) return null;
    if (
      item?.issueId &&
      !canSeeWorkItem({
        userId,
        projectRole: m.projectRole,
        guestViewAllFeatures: m.guestViewAll,
        creatorId: item.creatorId,
      })
    )
      return null;
  }
  return { stream: `project:${projectId}`, projectId, workspaceId: m.workspaceId };
}

const latest = (...dates: (Date | string | null | undefined)[]) =>
  dates.reduce<Date>((a, d) => (d && new Date(d) > a ? new Date(d) : a), new Date(0));

/** The project's cluster document (the cluster is made on first use, agents.md §2). */
export async function loadClusterDocument(
  app: AppContext,
  projectId: string,
  workspaceId: string,
): Promise<ClusterDocument> {
  const clusterOf = () => app.db.select().from(agentClusters).where(eq(agentClusters.projectId, projectId));
  let [cluster] = await clusterOf();
  if (!cluster) {
    // made by a read: silently (core/silent.ts)
    await silently(app.db, (tx) =>
      tx
        .insert(agentClusters)
        .values({ workspaceId, projectId })
        .onConflictDoNothing({ target: agentClusters.projectId }),
    );
    [cluster] = await clusterOf();
  }
  const running = await app.db
    .select({ id: sandboxes.id, status: sandboxes.status })
    .from(sandboxes)
    .where(and(eq(sandboxes.projectId, projectId), inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES])))
    .orderBy(desc(sandboxes.createdAt));
  const active = await app.db
    .select()
    .from(agentExecutions)
    .where(
      and(eq(agentExecutions.projectId, projectId), inArray(agentExecutions.status, [...ACTIVE_EXECUTION_STATUSES])),
    )
    .orderBy(desc(agentExecutions.createdAt));
  const issueIds = [...new Set(active.flatMap((e) => (e.issueId ? [e.issueId] : [])))];
  const tasks = issueIds.length
    ? await app.db
        .select({
          id: issueTasks.id,
          issueId: issueTasks.issueId,
          status: issueTasks.status,
          updatedAt: issueTasks.updatedAt,
        })
        .from(issueTasks)
        .where(inArray(issueTasks.issueId, issueIds))
        .orderBy(asc(issueTasks.sortOrder))
    : [];
  // a sandbox or an execution that stopped leaves its list: its change is still the document's newest
  const [{ last }] = await app.db
    .select({ last: max(sandboxes.updatedAt) })
    .from(sandboxes)
    .where(eq(sandboxes.projectId, projectId));
  const [{ lastRun }] = await app.db
    .select({ lastRun: max(agentExecutions.updatedAt) })
    .from(agentExecutions)
    .where(eq(agentExecutions.projectId, projectId));
  return {
    id: cluster.id,
    project_id: projectId,
    config: cluster.config as ClusterPresets,
    running_executions: active.map((e) => ({
      id: e.id,
      status: e.status as ExecutionStatus,
      updated_at: iso(e.updatedAt),
      active_issue_id: e.issueId,
      task_statuses: Object.fromEntries(tasks.filter((t) => t.issueId === e.issueId).map((t) => [t.id, t.status])),
    })),
    running_sandboxes: running.map((s) => ({ id: s.id, status: s.status as SandboxDocument["status"] })),
    updated_at: iso(latest(cluster.updatedAt, last, lastRun, ...tasks.map((t) => t.updatedAt))),
  };
}

export async function loadSandboxDocument(app: AppContext, id: string): Promise<SandboxDocument | null> {
  const [s] = await app.db.select().from(sandboxes).where(eq(sandboxes.id, id));
  return s ? presentSandbox(s) : null;
}

/**
 * An execution with its records numbered after `after` (at most RECORDS_PER_DOC of them), and those at or before
 * it changed after `changedAfter` (a message or reasoning streamed into its record after it was first sent).
 */
export async function loadExecutionDocument(
  app: AppContext,
  id: string,
  after: number,
  changedAfter?: Date,
): Promise<ExecutionDocument | null> {
  const [e] = await app.db.select().from(agentExecutions).where(eq(agentExecutions.id, id));
  if (!e) return null;
  const which = changedAfter
    ? // (to the millisecond: the sent `updated_at` is ISO text, the column keeps microseconds)
      or(
        gt(agentExecutionRecords.seq, after),
        sql`date_trunc('milliseconds', ${agentExecutionRecords.updatedAt}) > ${changedAfter.toISOString()}::timestamptz`,
      )
    : gt(agentExecutionRecords.seq, after);
  const records = await app.db
    .select()
    .from(agentExecutionRecords)
    .where(and(eq(agentExecutionRecords.executionId, id), which))
    .orderBy(asc(agentExecutionRecords.seq))
    .limit(RECORDS_PER_DOC);
  const [execution] = await presentExecutions(app.db, [e]);
  return { execution, records: records.map(presentRecord), updated_at: iso(e.updatedAt) };
}

/**
 * One connection's subscription to one document: the hub's sink for the project stream (it sees the stream's
 * events after the usual filtering) that turns relevant events into re-reads of the document.
 */
export class DocumentFeed implements LiveSink {
  sub: LiveSubscription | null = null;
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private sentAt = "";
  /** The last execution document sent was of a pending run (another run's change may move it in the queue). */
  private waiting = false;
  /** The newest `updated_at` of the records sent (an execution's streamed records change after they are sent). */
  private recordsAt: Date | undefined;
  closed = false;

  constructor(
    private app: AppContext,
    private out: LiveSink,
    readonly topic: string,
    readonly doc: LiveDoc,
    private where: { projectId: string; workspaceId: string },
    private after: number,
  ) {}

  get userId(): string {
    return this.out.userId;
  }

  start(hub: LiveHub, scope: LiveScope): void {
    this.sub = hub.add(this, this.topic, scope, undefined, 0);
  }

  send(msg: LiveServerMessage): void {
    if (msg.type === "subscribed") {
      this.out.send(msg);
      this.reload();
    } else if (msg.type === "event") {
      if (this.relevant(msg.event)) this.reload();
    } else if (msg.type === "reset") this.reload();
    else if (msg.type === "revoked") this.out.send(msg);
  }

  async rescope(): Promise<LiveScope | null> {
    return documentScope(this.app, this.userId, this.doc);
  }

  private relevant(e: LiveEvent): boolean {
    if (!DOC_TABLES[this.doc.kind].has(e.t)) return false;
    if (this.doc.kind === "sandboxes") return e.id === this.doc.id;
    if (this.doc.kind === "executions" && e.t === "agent_executions") return e.id === this.doc.id || this.waiting;
    return true;
  }

  /** Re-read the document (coalesced: one re-read runs, at most one more waits) and send it if it changed. */
  private reload(): void {
    if (this.queued) return;
    this.queued = true;
    this.chain = this.chain
      .then(async () => {
        this.queued = false;
        if (this.closed) return;
        const doc = await this.load();
        if (this.closed) return;
        if (!doc) {
          this.out.send({ type: "revoked", topic: this.topic });
          return;
        }
        const records = doc.records ?? [];
        // a pending run's document changes when it moves in the queue, which does not touch its row
        const queue = (doc as { execution?: { queue_position?: number | null } }).execution?.queue_position ?? null;
        this.waiting = queue !== null;
        const stamp = `${doc.updated_at}#${queue ?? ""}`;
        if (stamp === this.sentAt && !records.length) return;
        this.sentAt = stamp;
        this.out.send({ type: "doc", topic: this.topic, doc });
        if (records.length) {
          this.after = Math.max(this.after, ...records.map((r) => (r as { seq: number }).seq));
          for (const r of records as { updated_at?: string }[]) {
            const at = r.updated_at ? new Date(r.updated_at) : undefined;
            if (at && (!this.recordsAt || at > this.recordsAt)) this.recordsAt = at;
          }
          // more than one message holds: read on
          if (records.length >= RECORDS_PER_DOC) this.reload();
        }
      })
      .catch(() => {
        // the database is away: the next event (or the catch-up after reconnecting) reads it again
      });
  }

  private async load(): Promise<{ updated_at: string; records?: unknown[] } | null> {
    switch (this.doc.kind) {
      case "clusters":
        return loadClusterDocument(this.app, this.where.projectId, this.where.workspaceId);
      case "sandboxes": {
        const d = await loadSandboxDocument(this.app, this.doc.id);
        return d ? { ...d } : null;
      }
      case "executions":
        return loadExecutionDocument(this.app, this.doc.id, this.after, this.recordsAt);
    }
  }
}

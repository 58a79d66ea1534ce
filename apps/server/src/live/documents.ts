import { and, desc, eq, inArray, max } from "drizzle-orm";
import { ROLE, allows, canSeeWorkItem, PERMISSIONS, type LiveDoc, type LiveEvent, type LiveServerMessage } from "@stride/shared";
import { LIVE_SANDBOX_STATUSES, type ClusterDocument, type ClusterPresets, type SandboxDocument } from "@stride/shared/contract";
import type { AppContext } from "../core/context.ts";
import { iso } from "../core/present.ts";
import { schema } from "../db/client.ts";
import { presentSandbox } from "../routes/environments/presenters.ts";
import type { LiveHub, LiveSink, LiveSubscription } from "./hub.ts";
import type { LiveScope } from "./filter.ts";

const { agentClusters, sandboxes, projects, projectMembers, workspaceMembers } = schema;

/**
 * Documents on the realtime channel (agents.md §4): `clusters/<projectId>`, `executions/<id>`, `sandboxes/<id>`.
 * A document subscription follows its project's event stream (hub.ts: the same fan-out, catch-up and rechecks
 * as any topic); an event of a table the document is made of re-reads the document, and the connection gets
 * `{type: "doc", topic, doc}` whenever it changed. Every document carries `updated_at`.
 */

/** Tables whose changes may change a document of each kind. */
const DOC_TABLES: Record<LiveDoc["kind"], ReadonlySet<string>> = {
  clusters: new Set(["agent_clusters", "sandboxes"]),
  sandboxes: new Set(["sandboxes"]),
  executions: new Set([]),
};

/** Where a document lives and the caller's roles there (null: no such document, or the caller may not read it). */
export async function documentScope(app: AppContext, userId: string, doc: LiveDoc): Promise<(LiveScope & { projectId: string; workspaceId: string }) | null> {
  let projectId = doc.id;
  if (doc.kind === "sandboxes") {
    const [s] = await app.db.select({ projectId: sandboxes.projectId }).from(sandboxes).where(eq(sandboxes.id, doc.id));
    if (!s) return null;
    projectId = s.projectId;
  }
  const [m] = await app.db
    .select({ workspaceId: projects.workspaceId, projectRole: projectMembers.role, workspaceRole: workspaceMembers.role })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, userId), eq(projectMembers.isActive, true)))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)))
    .where(eq(projects.id, projectId));
  if (!m || m.projectRole < ROLE.GUEST) return null;
  const roles = { userId, projectRole: m.projectRole, workspaceRole: m.workspaceRole };
  // a sandbox is read as the sandbox modal reads it (admin only); the cluster by anyone in the project
  if (doc.kind === "sandboxes" && !allows(PERMISSIONS.sandbox.view, roles)) return null;
  void canSeeWorkItem;
  return { stream: `project:${projectId}`, projectId, workspaceId: m.workspaceId };
}

const latest = (...dates: (Date | string | null | undefined)[]) =>
  dates.reduce<Date>((a, d) => (d && new Date(d) > a ? new Date(d) : a), new Date(0));

/** The project's cluster document (the cluster is made on first use, agents.md §2). */
export async function loadClusterDocument(app: AppContext, projectId: string, workspaceId: string): Promise<ClusterDocument> {
  await app.db.insert(agentClusters).values({ workspaceId, projectId }).onConflictDoNothing({ target: agentClusters.projectId });
  const [cluster] = await app.db.select().from(agentClusters).where(eq(agentClusters.projectId, projectId));
  const running = await app.db.select({ id: sandboxes.id, status: sandboxes.status }).from(sandboxes)
    .where(and(eq(sandboxes.projectId, projectId), inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES])))
    .orderBy(desc(sandboxes.createdAt));
  // a sandbox that stopped leaves the list: its change is still the document's newest
  const [{ last }] = await app.db.select({ last: max(sandboxes.updatedAt) }).from(sandboxes).where(eq(sandboxes.projectId, projectId));
  return {
    id: cluster.id,
    project_id: projectId,
    config: cluster.config as ClusterPresets,
    running_executions: [],
    running_sandboxes: running.map((s) => ({ id: s.id, status: s.status as SandboxDocument["status"] })),
    updated_at: iso(latest(cluster.updatedAt, last)),
  };
}

export async function loadSandboxDocument(app: AppContext, id: string): Promise<SandboxDocument | null> {
  const [s] = await app.db.select().from(sandboxes).where(eq(sandboxes.id, id));
  return s ? presentSandbox(s) : null;
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
  closed = false;

  constructor(private app: AppContext, private out: LiveSink, readonly topic: string, readonly doc: LiveDoc,
    private where: { projectId: string; workspaceId: string }, private after: number) {}

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
    return true;
  }

  /** Re-read the document (coalesced: one re-read runs, at most one more waits) and send it if it changed. */
  private reload(): void {
    if (this.queued) return;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      if (this.closed) return;
      const doc = await this.load();
      if (this.closed) return;
      if (!doc) {
        this.out.send({ type: "revoked", topic: this.topic });
        return;
      }
      if (doc.updated_at === this.sentAt && !(Array.isArray(doc.records) && doc.records.length)) return;
      this.sentAt = doc.updated_at;
      this.out.send({ type: "doc", topic: this.topic, doc });
    }).catch(() => {
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
        void this.after;
        return null;
    }
  }
}

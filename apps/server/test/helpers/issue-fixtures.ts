import { eq, sql } from "drizzle-orm";
import { schema } from "../../src/db/client.ts";
import type { TestServer } from "./server.ts";
import type { ProjectFixture, WorkspaceFixture } from "./fixtures.ts";

/**
 * Arrange work items directly in the database (so list tests do not depend on the write endpoints):
 * items with sequence ids, states, labels, assignees, cycles, modules, sub-items, links, attachments,
 * relations, subscribers and mentions.
 */
export interface IssueSpec {
  name: string;
  /** State name from the project fixture (Backlog, Todo, In Progress, Done, Cancelled, Triage) or a state id. */
  state?: string | null;
  priority?: "urgent" | "high" | "medium" | "low" | "none";
  labels?: string[];
  assignees?: string[];
  subscribers?: string[];
  mentions?: string[];
  cycle?: string;
  modules?: string[];
  parent?: string;
  startDate?: string | null;
  targetDate?: string | null;
  createdBy?: string;
  /** Seconds after the fixture's base time (defaults to the item's position). */
  createdAtOffset?: number;
  updatedAtOffset?: number;
  sortOrder?: number;
  archivedAt?: string | null;
  deletedAt?: Date | null;
  isDraft?: boolean;
  isEpic?: boolean;
  estimatePoint?: string | null;
  completedAt?: Date | null;
  links?: number;
  attachments?: number;
  description?: string;
}

export const BASE_TIME = Date.parse("2025-01-01T00:00:00Z");

export interface ProjectCtx {
  t: TestServer;
  ws: WorkspaceFixture;
  pr: ProjectFixture;
}

async function stateIdOf(c: ProjectCtx, state: string | null | undefined): Promise<string | null> {
  if (state === null) return null;
  if (state === undefined) return c.pr.states.Backlog;
  if (c.pr.states[state]) return c.pr.states[state];
  if (state === "Triage") {
    const [row] = await c.t.db.db
      .select()
      .from(schema.states)
      .where(sql`${schema.states.projectId} = ${c.pr.id} AND ${schema.states.group} = 'triage'`);
    if (row) return row.id;
  }
  return state;
}

/** Insert work items in order; returns their ids by name. */
export async function insertIssues(c: ProjectCtx, specs: IssueSpec[]): Promise<Record<string, string>> {
  const db = c.t.db.db;
  const ids: Record<string, string> = {};
  let position = 0;
  for (const s of specs) {
    position++;
    const [{ seq }] = await db.execute<{ seq: number }>(sql`SELECT issue_sequence_next(${c.pr.id}) AS seq`);
    const createdAt = new Date(BASE_TIME + (s.createdAtOffset ?? position) * 1000);
    const updatedAt = new Date(BASE_TIME + (s.updatedAtOffset ?? s.createdAtOffset ?? position) * 1000);
    const createdBy = s.createdBy ?? c.ws.admin.userId;
    const [row] = await db
      .insert(schema.issues)
      .values({
        workspaceId: c.ws.id,
        projectId: c.pr.id,
        name: s.name,
        descriptionHtml: s.description ?? "<p></p>",
        priority: s.priority ?? "none",
        stateId: await stateIdOf(c, s.state),
        parentId: s.parent ?? null,
        estimatePointId: s.estimatePoint ?? null,
        startDate: s.startDate ?? null,
        targetDate: s.targetDate ?? null,
        sequenceId: Number(seq),
        sortOrder: s.sortOrder ?? 65535 + position * 10000,
        completedAt: s.completedAt ?? null,
        archivedAt: s.archivedAt ?? null,
        deletedAt: s.deletedAt ?? null,
        isDraft: s.isDraft ?? false,
        isEpic: s.isEpic ?? false,
        createdAt,
        updatedAt,
        createdById: createdBy,
        updatedById: createdBy,
      })
      .returning({ id: schema.issues.id });
    const id = row.id;
    ids[s.name] = id;
    const link = { issueId: id, projectId: c.pr.id, workspaceId: c.ws.id, createdById: createdBy };
    let n = 0;
    const at = () => new Date(createdAt.getTime() + ++n);
    for (const labelId of s.labels ?? [])
      await db.insert(schema.issueLabels).values({ ...link, labelId, createdAt: at() });
    for (const assigneeId of s.assignees ?? [])
      await db.insert(schema.issueAssignees).values({ ...link, assigneeId, createdAt: at() });
    for (const subscriberId of s.subscribers ?? [])
      await db.insert(schema.issueSubscribers).values({ ...link, subscriberId });
    for (const mentionId of s.mentions ?? []) await db.insert(schema.issueMentions).values({ ...link, mentionId });
    if (s.cycle) await db.insert(schema.cycleIssues).values({ ...link, cycleId: s.cycle });
    for (const moduleId of s.modules ?? [])
      await db.insert(schema.moduleIssues).values({ ...link, moduleId, createdAt: at() });
    for (let i = 0; i < (s.links ?? 0); i++)
      await db
        .insert(schema.issueLinks)
        .values({ ...link, url: `https://example.com/${s.name}/${i}`, title: `link ${i}` });
    for (let i = 0; i < (s.attachments ?? 0); i++) {
      await db.insert(schema.fileAssets).values({
        asset: `${c.ws.id}/${id}/${i}.txt`,
        attributes: { name: `${i}.txt`, type: "text/plain", size: 3 },
        workspaceId: c.ws.id,
        projectId: c.pr.id,
        issueId: id,
        entityType: "ISSUE_ATTACHMENT",
        entityIdentifier: id,
        size: 3,
        isUploaded: true,
      });
    }
  }
  return ids;
}

export async function insertLabel(c: ProjectCtx, name: string, sortOrder = 65535): Promise<string> {
  const [row] = await c.t.db.db
    .insert(schema.labels)
    .values({ workspaceId: c.ws.id, projectId: c.pr.id, name, color: "#ff0000", sortOrder })
    .returning({ id: schema.labels.id });
  return row.id;
}

export async function insertCycle(c: ProjectCtx, name: string, createdAtOffset = 0, archived = false): Promise<string> {
  const [row] = await c.t.db.db
    .insert(schema.cycles)
    .values({
      workspaceId: c.ws.id,
      projectId: c.pr.id,
      name,
      ownedById: c.ws.admin.userId,
      createdAt: new Date(BASE_TIME + createdAtOffset * 1000),
      archivedAt: archived ? new Date() : null,
    })
    .returning({ id: schema.cycles.id });
  return row.id;
}

export async function insertModule(c: ProjectCtx, name: string, archived = false): Promise<string> {
  const [row] = await c.t.db.db
    .insert(schema.modules)
    .values({ workspaceId: c.ws.id, projectId: c.pr.id, name, archivedAt: archived ? new Date() : null })
    .returning({ id: schema.modules.id });
  return row.id;
}

export async function insertEstimatePoint(c: ProjectCtx, key: number, value: string): Promise<string> {
  const db = c.t.db.db;
  let [est] = await db.select().from(schema.estimates).where(eq(schema.estimates.projectId, c.pr.id)).limit(1);
  if (!est)
    [est] = await db
      .insert(schema.estimates)
      .values({ workspaceId: c.ws.id, projectId: c.pr.id, name: "Points", type: "points" })
      .returning();
  const [row] = await db
    .insert(schema.estimatePoints)
    .values({ workspaceId: c.ws.id, projectId: c.pr.id, estimateId: est.id, key, value })
    .returning({ id: schema.estimatePoints.id });
  return row.id;
}

/** Points with these values (keys 1..n) in the project's points estimate, made its active one; their ids by value. */
export async function activePoints(c: ProjectCtx, values: string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [i, v] of values.entries()) ids[v] = await insertEstimatePoint(c, i + 1, v);
  const [point] = await c.t.db.db
    .select()
    .from(schema.estimatePoints)
    .where(eq(schema.estimatePoints.id, ids[values[0]!]!));
  await c.t.db.db.update(schema.projects).set({ estimateId: point!.estimateId }).where(eq(schema.projects.id, c.pr.id));
  return ids;
}

/** One stored relation row (issue → related) as the write side stores it. */
export async function insertRelation(
  c: ProjectCtx,
  issueId: string,
  relatedId: string,
  relationType: string,
): Promise<void> {
  await c.t.db.db.insert(schema.issueRelations).values({
    issueId,
    relatedIssueId: relatedId,
    relationType,
    projectId: c.pr.id,
    workspaceId: c.ws.id,
    createdById: c.ws.admin.userId,
    updatedById: c.ws.admin.userId,
  });
}

export async function setProject(c: ProjectCtx, values: Partial<typeof schema.projects.$inferInsert>): Promise<void> {
  await c.t.db.db.update(schema.projects).set(values).where(eq(schema.projects.id, c.pr.id));
}

export interface StandardDataset {
  L: Record<string, string>;
  C: Record<string, string>;
  M: Record<string, string>;
  E: Record<string, string>;
  I: Record<string, string>;
}

/**
 * The dataset most list tests share. Live items (newest first): Epsilon, Delta, Gamma, Beta, Alpha.
 * - Alpha: Todo, high, [bug], [admin], Sprint 1, [Core], start 2025-01-01, target 2025-01-10, estimate 5
 * - Beta: Todo, urgent, [bug, feature], [admin, member], [Core, API], by member, target 2025-02-01, estimate 1, 1 link
 * - Gamma: In Progress, none, by guest, start 2025-03-01
 * - Delta: Done, low, [feature], [member], Sprint 1, sub-item of Alpha, completed 2025-01-05
 * - Epsilon: Backlog, medium, 2 links, 1 attachment, subscriber member, mentions guest
 * Not listed in the project list: Archived, Draft, Triaged, Deleted, Epic.
 */
export async function seedStandardDataset(c: ProjectCtx): Promise<StandardDataset> {
  const L: Record<string, string> = {};
  const C: Record<string, string> = {};
  const M: Record<string, string> = {};
  const E: Record<string, string> = {};
  L.bug = await insertLabel(c, "bug");
  L.feature = await insertLabel(c, "feature");
  L.unused = await insertLabel(c, "unused");
  C.sprint1 = await insertCycle(c, "Sprint 1", 1);
  C.sprint2 = await insertCycle(c, "Sprint 2", 2);
  M.core = await insertModule(c, "Core");
  M.api = await insertModule(c, "API");
  E.small = await insertEstimatePoint(c, 1, "1");
  E.big = await insertEstimatePoint(c, 2, "5");
  const { admin, member, guest } = c.ws;
  const I = await insertIssues(c, [
    {
      name: "Alpha",
      state: "Todo",
      priority: "high",
      labels: [L.bug],
      assignees: [admin.userId],
      cycle: C.sprint1,
      modules: [M.core],
      startDate: "2025-01-01",
      targetDate: "2025-01-10",
      sortOrder: 1000,
      estimatePoint: E.big,
    },
    {
      name: "Beta",
      state: "Todo",
      priority: "urgent",
      labels: [L.bug, L.feature],
      assignees: [admin.userId, member.userId],
      modules: [M.core, M.api],
      createdBy: member.userId,
      targetDate: "2025-02-01",
      sortOrder: 2000,
      estimatePoint: E.small,
      links: 1,
    },
    {
      name: "Gamma",
      state: "In Progress",
      priority: "none",
      createdBy: guest.userId,
      sortOrder: 3000,
      startDate: "2025-03-01",
    },
    {
      name: "Epsilon",
      state: "Backlog",
      priority: "medium",
      sortOrder: 5000,
      links: 2,
      attachments: 1,
      subscribers: [member.userId],
      mentions: [guest.userId],
    },
  ]);
  Object.assign(
    I,
    await insertIssues(c, [
      {
        name: "Delta",
        state: "Done",
        priority: "low",
        labels: [L.feature],
        assignees: [member.userId],
        cycle: C.sprint1,
        parent: I.Alpha,
        sortOrder: 4000,
        createdAtOffset: 3.5,
        completedAt: new Date("2025-01-05T10:00:00Z"),
      },
      { name: "Archived", state: "Done", archivedAt: "2025-01-20", createdAtOffset: 10, updatedAtOffset: 20 },
      { name: "Draft", isDraft: true, createdAtOffset: 11 },
      { name: "Triaged", state: "Triage", createdAtOffset: 12 },
      { name: "Deleted", deletedAt: new Date("2025-01-21T00:00:00Z"), createdAtOffset: 13, updatedAtOffset: 21 },
      { name: "Epic", isEpic: true, createdAtOffset: 14 },
    ]),
  );
  return { L, C, M, E, I };
}

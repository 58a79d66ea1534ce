import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RECENT_VISITS_LIMIT } from "@stride/shared";
import type { RecentIssueData, RecentPageData, RecentProjectData, RecentVisit, RecentVisitEntity } from "@stride/shared/contract";
import { schema, type Db, type DbOrTx } from "../db/client.ts";
import { iso } from "./present.ts";
import { silently } from "./silent.ts";

/**
 * Recent visits (wire-facts §9): what a person opened last in a workspace — work items, projects, pages — one row per
 * entity, at most 20 per person and workspace. Screens' detail reads record them (`recordVisit`); `W/recent-visits/`
 * lists them with each entity's data, leaving out what the person can no longer see.
 */

const RV = schema.userRecentVisits;

export interface Visit {
  userId: string;
  workspaceId: string;
  entity: RecentVisitEntity;
  /** The entity's id. */
  id: string;
  projectId: string | null;
}

/** A visit refreshed again within this time while it is already the newest one is not written again (refetches). */
const REFRESH_MS = 60_000;

/**
 * Record that `userId` opened an entity: its row moves to the top (visited now); the person's oldest rows beyond 20
 * are dropped. Reopening the entity that is already the newest visit writes nothing for a minute, so refetches of an
 * open screen do not write on every read. A visit publishes nothing live (core/silent.ts): it is a read's write.
 */
export async function recordVisit(db: DbOrTx, v: Visit): Promise<void> {
  await silently(db, (tx) => writeVisit(tx, v));
}

async function writeVisit(db: DbOrTx, v: Visit): Promise<void> {
  const now = new Date();
  const written = await db
    .insert(RV)
    .values({ workspaceId: v.workspaceId, userId: v.userId, projectId: v.projectId, entityName: v.entity, entityIdentifier: v.id, visitedAt: now, createdById: v.userId, updatedById: v.userId })
    .onConflictDoUpdate({
      target: [RV.workspaceId, RV.userId, RV.entityName, RV.entityIdentifier],
      set: { visitedAt: now, updatedAt: now, projectId: v.projectId },
      setWhere: sql`(${RV.visitedAt} < ${new Date(now.getTime() - REFRESH_MS).toISOString()}::timestamptz OR EXISTS (SELECT 1 FROM user_recent_visits newer
        WHERE newer.workspace = ${v.workspaceId} AND newer."user" = ${v.userId} AND newer.visited_at > ${RV.visitedAt}))`,
    })
    .returning({ id: RV.id });
  if (!written.length) return;
  await db.execute(sql`DELETE FROM user_recent_visits WHERE workspace = ${v.workspaceId} AND "user" = ${v.userId} AND id NOT IN (
    SELECT id FROM user_recent_visits WHERE workspace = ${v.workspaceId} AND "user" = ${v.userId} ORDER BY visited_at DESC, id DESC LIMIT ${RECENT_VISITS_LIMIT})`);
}

/**
 * `recordVisit` for read endpoints: a visit that cannot be written is logged, and the read still answers. Its own
 * transaction commits without waiting for the disk (`synchronous_commit = off`, that transaction only): the row is
 * visible at once, and a crash can lose at most the last few visits, which the read's answer never waited for. A
 * flushed commit cost the work-item screens 10–30 ms on each of the two reads that record one (the item, its project).
 */
async function recordVisitQuietly(db: Db, log: FastifyBaseLogger, v: Visit): Promise<void> {
  try {
    await silently(db, async (tx) => {
      await tx.execute(sql`SELECT set_config('synchronous_commit', 'off', true)`);
      await writeVisit(tx, v);
    });
  } catch (err) {
    log.warn({ err, entity: v.entity, id: v.id }, "recent visit not recorded");
  }
}

/** A read's answer, with its visit recorded quietly while the answer is built (the visit never changes it). */
export async function answerWithVisit<T>(db: Db, log: FastifyBaseLogger, v: Visit, answer: Promise<T>): Promise<T> {
  const [, out] = await Promise.all([recordVisitQuietly(db, log, v), answer]);
  return out;
}

type EntityData = RecentIssueData | RecentProjectData | RecentPageData;
/** The data of the entities `ids` that `userId` may still see, by id (what they cannot see is absent). */
export type RecentResolver = (db: DbOrTx, q: { workspaceId: string; userId: string; ids: string[] }) => Promise<Map<string, EntityData>>;

/** Projects the user is an active member of (not archived), with their membership role. */
const memberProjects = (workspaceId: string, userId: string) =>
  sql`SELECT pm.project, pm.role, p.guest_view_all_features FROM project_members pm JOIN projects p ON p.id = pm.project
      WHERE pm.member = ${userId} AND pm.is_active = true AND pm.workspace = ${workspaceId} AND p.archived_at IS NULL`;

const issueData: RecentResolver = async (db, { workspaceId, userId, ids }) => {
  const rows = (await db.execute(sql`
    SELECT issues.id, issues.name, issues.state, issues.priority, issues.assignee_ids, issues.type, issues.sequence_id, issues.project, p.identifier
    FROM issues JOIN projects p ON p.id = issues.project JOIN (${memberProjects(workspaceId, userId)}) m ON m.project = issues.project
    WHERE ${inArray(schema.issues.id, ids)} AND issues.deleted_at IS NULL AND issues.is_draft = false
      AND (m.role >= 15 OR m.guest_view_all_features OR issues.created_by = ${userId})`)) as unknown as {
    id: string; name: string; state: string | null; priority: string; assignee_ids: string[]; type: string | null; sequence_id: number; project: string; identifier: string;
  }[];
  return new Map(rows.map((r) => [r.id, {
    id: r.id, name: r.name, state: r.state, priority: r.priority, assignees: r.assignee_ids ?? [], type: r.type, sequence_id: Number(r.sequence_id),
    project_id: r.project, project_identifier: r.identifier,
  }]));
};

const projectData: RecentResolver = async (db, { workspaceId, userId, ids }) => {
  const rows = (await db.execute(sql`
    SELECT projects.id, projects.name, projects.logo_props, projects.identifier,
      ARRAY(SELECT pm2.member FROM project_members pm2 WHERE pm2.project = projects.id AND pm2.is_active = true ORDER BY pm2.created_at) AS members
    FROM projects JOIN (${memberProjects(workspaceId, userId)}) m ON m.project = projects.id
    WHERE ${inArray(schema.projects.id, ids)}`)) as unknown as { id: string; name: string; logo_props: RecentProjectData["logo_props"]; identifier: string; members: string[] }[];
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, logo_props: r.logo_props ?? {}, project_members: r.members ?? [], identifier: r.identifier }]));
};

/** Pages the user may read: public ones of their projects and their own private ones, not archived. */
const pageData: RecentResolver = async (db, { workspaceId, userId, ids }) => {
  const rows = (await db.execute(sql`
    SELECT pages.id, pages.name, pages.logo_props, pages.project, pages.owned_by, p.identifier
    FROM pages JOIN projects p ON p.id = pages.project JOIN (${memberProjects(workspaceId, userId)}) m ON m.project = pages.project
    WHERE ${inArray(schema.pages.id, ids)} AND pages.archived_at IS NULL AND (pages.access = 0 OR pages.owned_by = ${userId})`)) as unknown as {
    id: string; name: string; logo_props: Record<string, unknown> | null; project: string; owned_by: string; identifier: string;
  }[];
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, logo_props: r.logo_props ?? {}, project_id: r.project, owned_by: r.owned_by, project_identifier: r.identifier }]));
};

/** How each kind of entity is shown and who may see it. */
export const RECENT_RESOLVERS: Partial<Record<RecentVisitEntity, RecentResolver>> = { issue: issueData, project: projectData, page: pageData };

/** The person's recent visits in the workspace, newest first, optionally of one kind, each with its entity's data. */
export async function listRecentVisits(db: DbOrTx, workspaceId: string, userId: string, entityName?: RecentVisitEntity): Promise<RecentVisit[]> {
  const where = [eq(RV.workspaceId, workspaceId), eq(RV.userId, userId)];
  if (entityName) where.push(eq(RV.entityName, entityName));
  const rows = await db.select().from(RV).where(and(...where)).orderBy(desc(RV.visitedAt), desc(RV.id)).limit(RECENT_VISITS_LIMIT);
  const byKind = new Map<RecentVisitEntity, Map<string, EntityData>>();
  for (const kind of new Set(rows.map((r) => r.entityName as RecentVisitEntity))) {
    const resolve = RECENT_RESOLVERS[kind];
    const ids = rows.filter((r) => r.entityName === kind).map((r) => r.entityIdentifier);
    byKind.set(kind, resolve ? await resolve(db, { workspaceId, userId, ids }) : new Map());
  }
  return rows.flatMap((r) => {
    const data = byKind.get(r.entityName as RecentVisitEntity)?.get(r.entityIdentifier);
    return data ? [{ id: r.id, entity_name: r.entityName, entity_identifier: r.entityIdentifier, entity_data: data, visited_at: iso(r.visitedAt) } as RecentVisit] : [];
  });
}

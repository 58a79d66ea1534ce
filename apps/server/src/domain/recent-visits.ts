import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RECENT_VISITS_LIMIT } from "@stride/shared";
import type {
  RecentIssueData,
  RecentPageData,
  RecentProjectData,
  RecentVisit,
  RecentVisitEntity,
} from "@stride/shared/contract";
import { schema, type Db, type DbOrTx } from "../db/client.ts";
import { commitAhead, rawOf } from "../db/raw.ts";
import { iso } from "../http/present.ts";
import { silently } from "../core/silent.ts";

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
 * The visit in one statement: the entity's row moves to the top (visited now), or is made; when it was written, the
 * person's other rows beyond the newest 19 are dropped, so 20 remain at most. The prune reads the rows as they were
 * before the statement (one snapshot): the written row is left out of it by id and counted as the 20th. Reopening
 * the entity that is already the newest visit within a minute writes nothing (refetches of an open screen).
 * $1 workspace, $2 user, $3 project, $4 entity name, $5 entity id, $6 now, $7 now minus the refresh time, $8 the limit.
 */
const WRITE_VISIT = `
WITH w AS (
  INSERT INTO user_recent_visits (workspace, "user", project, entity_name, entity_identifier, visited_at, created_by, updated_by)
  VALUES ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::uuid, $6::timestamptz, $2::uuid, $2::uuid)
  ON CONFLICT (workspace, "user", entity_name, entity_identifier) DO UPDATE
    SET visited_at = EXCLUDED.visited_at, updated_at = EXCLUDED.visited_at, project = EXCLUDED.project
    WHERE user_recent_visits.visited_at < $7::timestamptz OR EXISTS (SELECT 1 FROM user_recent_visits newer
      WHERE newer.workspace = $1::uuid AND newer."user" = $2::uuid AND newer.visited_at > user_recent_visits.visited_at)
  RETURNING id
)
DELETE FROM user_recent_visits d
WHERE EXISTS (SELECT 1 FROM w) AND d.workspace = $1::uuid AND d."user" = $2::uuid AND d.id NOT IN (SELECT id FROM w)
  AND d.id NOT IN (SELECT k.id FROM user_recent_visits k WHERE k.workspace = $1::uuid AND k."user" = $2::uuid AND k.id NOT IN (SELECT id FROM w)
    ORDER BY k.visited_at DESC, k.id DESC LIMIT $8::int - 1)`;

/** `WRITE_VISIT` sent on `db`'s connection now (not on the await's later tick), so a COMMIT may follow it at once. */
function writeVisit(db: DbOrTx, v: Visit): Promise<unknown> {
  const now = new Date();
  return rawOf(db)
    .unsafe(
      WRITE_VISIT,
      [
        v.workspaceId,
        v.userId,
        v.projectId,
        v.entity,
        v.id,
        now.toISOString(),
        new Date(now.getTime() - REFRESH_MS).toISOString(),
        RECENT_VISITS_LIMIT,
      ],
      { prepare: true },
    )
    .execute();
}

/**
 * Record that `userId` opened an entity (`WRITE_VISIT`). A visit publishes nothing live (core/silent.ts): it is a
 * read's write.
 */
export async function recordVisit(db: DbOrTx, v: Visit): Promise<void> {
  await silently(db, (tx) => writeVisit(tx, v));
}

/**
 * `recordVisit` for read endpoints: a visit that cannot be written is logged, and the read still answers. Its own
 * transaction is one round trip (BEGIN, the settings, the visit and COMMIT sent together: db/raw.ts `commitAhead`)
 * and commits without waiting for the disk (`synchronous_commit = off`, that transaction only): the row is visible
 * at once, and a crash can lose at most the last few visits, which the read's answer never waited for. A flushed
 * commit cost the work-item screens 10–30 ms on each of the two reads that record one (the item, its project), and
 * the seven round trips of the earlier transaction were on the item page's critical path while the browser
 * compiled its scripts on the same cores.
 */
async function recordVisitQuietly(db: Db, log: FastifyBaseLogger, v: Visit): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const settings = rawOf(tx).unsafe(VISIT_SETTINGS).execute();
      const visit = writeVisit(tx, v);
      commitAhead(tx);
      await Promise.all([settings, visit]);
    });
  } catch (err) {
    log.warn({ err, entity: v.entity, id: v.id }, "recent visit not recorded");
  }
}

/** The quiet visit's transaction settings: publish nothing live (core/silent.ts), commit without the disk. */
const VISIT_SETTINGS = "SELECT set_config('stride.silent', 'on', true), set_config('synchronous_commit', 'off', true)";

/** A read's answer, with its visit recorded quietly while the answer is built (the visit never changes it). */
export async function answerWithVisit<T>(db: Db, log: FastifyBaseLogger, v: Visit, answer: Promise<T>): Promise<T> {
  const [, out] = await Promise.all([recordVisitQuietly(db, log, v), answer]);
  return out;
}

type EntityData = RecentIssueData | RecentProjectData | RecentPageData;
/** The data of the entities `ids` that `userId` may still see, by id (what they cannot see is absent). */
export type RecentResolver = (
  db: DbOrTx,
  q: { workspaceId: string; userId: string; ids: string[] },
) => Promise<Map<string, EntityData>>;

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
    id: string;
    name: string;
    state: string | null;
    priority: string;
    assignee_ids: string[];
    type: string | null;
    sequence_id: number;
    project: string;
    identifier: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        state: r.state,
        priority: r.priority,
        assignees: r.assignee_ids ?? [],
        type: r.type,
        sequence_id: Number(r.sequence_id),
        project_id: r.project,
        project_identifier: r.identifier,
      },
    ]),
  );
};

const projectData: RecentResolver = async (db, { workspaceId, userId, ids }) => {
  const rows = (await db.execute(sql`
    SELECT projects.id, projects.name, projects.logo_props, projects.identifier,
      ARRAY(SELECT pm2.member FROM project_members pm2 WHERE pm2.project = projects.id AND pm2.is_active = true ORDER BY pm2.created_at) AS members
    FROM projects JOIN (${memberProjects(workspaceId, userId)}) m ON m.project = projects.id
    WHERE ${inArray(schema.projects.id, ids)}`)) as unknown as {
    id: string;
    name: string;
    logo_props: RecentProjectData["logo_props"];
    identifier: string;
    members: string[];
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        logo_props: r.logo_props ?? {},
        project_members: r.members ?? [],
        identifier: r.identifier,
      },
    ]),
  );
};

/** Pages the user may read: public ones of their projects and their own private ones, not archived. */
const pageData: RecentResolver = async (db, { workspaceId, userId, ids }) => {
  const rows = (await db.execute(sql`
    SELECT pages.id, pages.name, pages.logo_props, pages.project, pages.owned_by, p.identifier
    FROM pages JOIN projects p ON p.id = pages.project JOIN (${memberProjects(workspaceId, userId)}) m ON m.project = pages.project
    WHERE ${inArray(schema.pages.id, ids)} AND pages.archived_at IS NULL AND (pages.access = 0 OR pages.owned_by = ${userId})`)) as unknown as {
    id: string;
    name: string;
    logo_props: Record<string, unknown> | null;
    project: string;
    owned_by: string;
    identifier: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        logo_props: r.logo_props ?? {},
        project_id: r.project,
        owned_by: r.owned_by,
        project_identifier: r.identifier,
      },
    ]),
  );
};

/** How each kind of entity is shown and who may see it. */
export const RECENT_RESOLVERS: Partial<Record<RecentVisitEntity, RecentResolver>> = {
  issue: issueData,
  project: projectData,
  page: pageData,
};

/** The person's recent visits in the workspace, newest first, optionally of one kind, each with its entity's data. */
export async function listRecentVisits(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  entityName?: RecentVisitEntity,
): Promise<RecentVisit[]> {
  const where = [eq(RV.workspaceId, workspaceId), eq(RV.userId, userId)];
  if (entityName) where.push(eq(RV.entityName, entityName));
  const rows = await db
    .select()
    .from(RV)
    .where(and(...where))
    .orderBy(desc(RV.visitedAt), desc(RV.id))
    .limit(RECENT_VISITS_LIMIT);
  const byKind = new Map<RecentVisitEntity, Map<string, EntityData>>();
  for (const kind of new Set(rows.map((r) => r.entityName as RecentVisitEntity))) {
    const resolve = RECENT_RESOLVERS[kind];
    const ids = rows.filter((r) => r.entityName === kind).map((r) => r.entityIdentifier);
    byKind.set(kind, resolve ? await resolve(db, { workspaceId, userId, ids }) : new Map());
  }
  return rows.flatMap((r) => {
    const data = byKind.get(r.entityName as RecentVisitEntity)?.get(r.entityIdentifier);
    return data
      ? [
          {
            id: r.id,
            entity_name: r.entityName,
            entity_identifier: r.entityIdentifier,
            entity_data: data,
            visited_at: iso(r.visitedAt),
          } as RecentVisit,
        ]
      : [];
  });
}

import { and, desc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { UserProfileProject, UserProfileStats } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { HIDDEN_HISTORY_FIELDS } from "../../domain/activity.ts";
import { contextSql, Params, type Viewer } from "../../domain/work-item-list/index.ts";

const run = async <T>(app: AppContext, text: string, q: Params): Promise<T[]> =>
  (await app.sql.unsafe(text, q.values as never[])) as unknown as T[];

/** The statement answers the presented shape. */
export type StatsRow = UserProfileStats;

/**
 * `user-stats/`: the person's work items as the caller's lists show them (the list engine's `profile` context:
 * created by, assigned to or subscribed by them, in the caller's projects, guests' own-items rule), one statement.
 * Distributions, completed and pending count the items assigned to them.
 */
export async function profileStats(
  app: AppContext,
  workspaceId: string,
  userId: string,
  viewer: Viewer,
): Promise<StatsRow> {
  const q = new Params();
  const c = contextSql({ kind: "profile", workspaceId, userId }, viewer, q);
  const u = q.p(userId, "uuid");
  const cycles = (
    when: string,
  ) => `(SELECT coalesce(json_agg(json_build_object('cycle__name', c.name, 'cycle__id', c.id, 'cycle__project_id', c.project) ORDER BY c.start_date, c.id), '[]'::json)
      FROM cycles c WHERE c.id IN (SELECT v.cycle_id FROM v WHERE v.assigned) AND c.archived_at IS NULL AND ${when})`;
  const [row] = await run<StatsRow>(
    app,
    `
    WITH v AS (
      SELECT i.id, i.priority, i.created_by, i.cycle_id, s."group" AS grp, ${u} = ANY(i.assignee_ids) AS assigned,
        EXISTS (SELECT 1 FROM issue_subscribers sb WHERE sb.issue = i.id AND sb.subscriber = ${u}) AS subscribed
      FROM issues i ${c.joins} LEFT JOIN states s ON s.id = i.state
      WHERE ${c.where.join(" AND ")}
    )
    SELECT
      (SELECT count(*)::int FROM v WHERE v.created_by = ${u}) AS created_issues,
      (SELECT count(*)::int FROM v WHERE v.assigned) AS assigned_issues,
      (SELECT count(*)::int FROM v WHERE v.assigned AND v.grp = 'completed') AS completed_issues,
      (SELECT count(*)::int FROM v WHERE v.assigned AND v.grp IN ('backlog', 'unstarted', 'started')) AS pending_issues,
      (SELECT count(*)::int FROM v WHERE v.subscribed) AS subscribed_issues,
      (SELECT coalesce(json_agg(json_build_object('state_group', g.grp, 'state_count', g.n) ORDER BY g.grp), '[]'::json)
        FROM (SELECT v.grp, count(*)::int AS n FROM v WHERE v.assigned AND v.grp IS NOT NULL GROUP BY v.grp) g) AS state_distribution,
      (SELECT coalesce(json_agg(json_build_object('priority', g.priority, 'priority_count', g.n) ORDER BY g.priority), '[]'::json)
        FROM (SELECT v.priority, count(*)::int AS n FROM v WHERE v.assigned GROUP BY v.priority) g) AS priority_distribution,
      ${cycles("c.start_date <= now() AND c.end_date >= now()")} AS present_cycles,
      ${cycles("c.start_date > now()")} AS upcoming_cycles`,
    q,
  );
  return row!;
}

export type ProjectDataRow = UserProfileProject;

/** `user-profile/` project_data: per project of the caller, the person's items there (the lists' visibility), one statement. */
export async function profileProjects(
  app: AppContext,
  workspaceId: string,
  userId: string,
  viewerId: string,
): Promise<ProjectDataRow[]> {
  const q = new Params();
  const u = q.p(userId, "uuid");
  const me = q.p(viewerId, "uuid");
  return run<ProjectDataRow>(
    app,
    `
    SELECT p.id::text AS id, p.name, p.identifier, p.logo_props,
      count(i.id) FILTER (WHERE i.created_by = ${u})::int AS created_issues,
      count(i.id) FILTER (WHERE ${u} = ANY(i.assignee_ids))::int AS assigned_issues,
      count(i.id) FILTER (WHERE ${u} = ANY(i.assignee_ids) AND s."group" = 'completed')::int AS completed_issues,
      count(i.id) FILTER (WHERE ${u} = ANY(i.assignee_ids) AND s."group" IN ('backlog', 'unstarted', 'started'))::int AS pending_issues
    FROM projects p
      JOIN project_members pm ON pm.project = p.id AND pm.member = ${me} AND pm.is_active
      LEFT JOIN issues i ON i.project = p.id AND i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.is_epic = false
        AND (i.created_by = ${u} OR ${u} = ANY(i.assignee_ids))
        AND (pm.role >= 15 OR p.guest_view_all_features OR i.created_by = ${me})
        AND NOT EXISTS (SELECT 1 FROM states ts WHERE ts.id = i.state AND ts."group" = 'triage')
      LEFT JOIN states s ON s.id = i.state
    WHERE p.workspace = ${q.p(workspaceId, "uuid")} AND p.archived_at IS NULL
    GROUP BY p.id
    ORDER BY p.name, p.id`,
    q,
  );
}

const A = schema.issueActivities;
const I = schema.issues;
const PR = schema.projects;
const PM = schema.projectMembers;

export type ActivityRow = typeof A.$inferSelect;

/**
 * The person's work-item activity in the workspace, newest first, on items the caller may see: projects the caller
 * belongs to (not archived), a guest without the view-all switch only on items they created; drafts and the
 * fields a history hides are left out.
 */
export async function profileActivity(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  viewerId: string,
  page: { limit: number; offset: number; day?: string | null },
) {
  const rows = await db
    .select({ a: A, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(A)
    .innerJoin(PR, and(eq(PR.id, A.projectId), isNull(PR.archivedAt)))
    .innerJoin(PM, and(eq(PM.projectId, A.projectId), eq(PM.memberId, viewerId), eq(PM.isActive, true)))
    .leftJoin(I, eq(I.id, A.issueId))
    .where(
      and(
        eq(A.workspaceId, workspaceId),
        eq(A.actorId, userId),
        or(isNull(A.field), notInArray(A.field, [...HIDDEN_HISTORY_FIELDS])),
        or(isNull(I.id), and(isNull(I.deletedAt), eq(I.isDraft, false))),
        or(sql`${PM.role} >= 15`, eq(PR.guestViewAllFeatures, true), eq(I.createdById, viewerId)),
        page.day ? sql`(${A.createdAt} AT TIME ZONE 'UTC')::date = ${page.day}::date` : undefined,
      ),
    )
    .orderBy(desc(A.createdAt), desc(A.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map((r) => r.a), total: rows[0]?.total ?? 0 };
}

/** Work items, projects and the people an agent acted for (a bot's activity), by id, for the activity rows' details. */
export async function activityRelations(db: DbOrTx, rows: ActivityRow[]) {
  const issueIds = [...new Set(rows.map((r) => r.issueId).filter((x): x is string => !!x))];
  const projectIds = [...new Set(rows.map((r) => r.projectId))];
  const peopleIds = [...new Set(rows.map((r) => r.onBehalfOfId).filter((x): x is string => !!x))];
  const [issues, projects, people] = await Promise.all([
    issueIds.length ? db.select().from(I).where(inArray(I.id, issueIds)) : [],
    projectIds.length ? db.select().from(PR).where(inArray(PR.id, projectIds)) : [],
    peopleIds.length ? db.select().from(schema.users).where(inArray(schema.users.id, peopleIds)) : [],
  ]);
  return {
    issues: new Map(issues.map((i) => [i.id, i])),
    projects: new Map(projects.map((p) => [p.id, p])),
    people: new Map(people.map((u) => [u.id, u])),
  };
}

import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { ROLE, STATE_GROUPS } from "@stride/shared";
import type { TeamspaceProgress, TeamspaceProgressCounts } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { contextSql, Params, type Viewer } from "../../domain/work-item-list/index.ts";

const T = schema.teamspaces;
export type TeamspaceRow = typeof T.$inferSelect;

/** Who asks: their id and workspace role (workspace admins see every teamspace of the workspace, to manage them). */
export interface TeamspaceReader {
  userId: string;
  workspaceId: string;
  workspaceRole: number;
}

export const readerOfCtx = (ctx: {
  user: { id: string };
  workspace: { id: string };
  workspaceMember: { role: number } | null;
}): TeamspaceReader => ({
  userId: ctx.user.id,
  workspaceId: ctx.workspace.id,
  workspaceRole: ctx.workspaceMember?.role ?? 0,
});

/** The caller belongs to the teamspace (of the statement's `teamspaces` row). */
const isMemberSql = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM teamspace_members tm WHERE tm.teamspace = teamspaces.id AND tm.member = ${userId})`;

/** The teamspaces a reader may see: all of the workspace's for its admins, else the ones they belong to. */
export function visibleTeamspaces(r: TeamspaceReader): SQL {
  return and(eq(T.workspaceId, r.workspaceId), r.workspaceRole >= ROLE.ADMIN ? undefined : isMemberSql(r.userId))!;
}

/** One teamspace the reader may see, else 404 (a teamspace they are not in does not exist for them). */
export async function loadTeamspace(db: DbOrTx, r: TeamspaceReader, id: string): Promise<TeamspaceRow> {
  const [row] = await db
    .select()
    .from(T)
    .where(and(eq(T.id, id), visibleTeamspaces(r)))
    .limit(1);
  if (!row) throw errors.notFound("Teamspace not found");
  return row;
}

/**
 * A project of a teamspace as a reader may see it named: live (not archived), and public or theirs. A private project
 * they are not in is not named to them, even to workspace admins (docs/decisions.md).
 */
export const projectShownSql = (
  project: SQL,
  userId: string,
) => sql`EXISTS (SELECT 1 FROM projects sp WHERE sp.id = ${project} AND sp.archived_at IS NULL
  AND (sp.network = 2 OR EXISTS (SELECT 1 FROM project_members spm WHERE spm.project = sp.id AND spm.member = ${userId} AND spm.is_active)))`;

export interface TeamspaceWithPeople {
  row: TeamspaceRow;
  memberIds: string[];
  projectIds: string[];
  isMember: boolean;
}

/**
 * Teamspaces matching `where` with their people (active workspace members, oldest first) and the projects the reader
 * may see named (oldest first), by name.
 */
export async function selectTeamspaces(db: DbOrTx, r: TeamspaceReader, where: SQL): Promise<TeamspaceWithPeople[]> {
  const rows = await db
    .select({
      row: T,
      memberIds: sql<
        string[]
      >`coalesce((SELECT array_agg(tm.member::text ORDER BY tm.created_at, tm.member) FROM teamspace_members tm
        JOIN workspace_members wm ON wm.workspace = teamspaces.workspace AND wm.member = tm.member AND wm.is_active
        WHERE tm.teamspace = teamspaces.id), '{}')`,
      projectIds: sql<
        string[]
      >`coalesce((SELECT array_agg(tp.project::text ORDER BY tp.created_at, tp.project) FROM teamspace_projects tp
        WHERE tp.teamspace = teamspaces.id AND ${projectShownSql(sql`tp.project`, r.userId)}), '{}')`,
      isMember: isMemberSql(r.userId).mapWith(Boolean),
    })
    .from(T)
    .where(and(visibleTeamspaces(r), where))
    .orderBy(sql`lower(${T.name})`, asc(T.createdAt), asc(T.id));
  return rows;
}

export async function teamspaceWithPeople(db: DbOrTx, r: TeamspaceReader, id: string): Promise<TeamspaceWithPeople> {
  const [one] = await selectTeamspaces(db, r, eq(T.id, id));
  if (!one) throw errors.notFound("Teamspace not found");
  return one;
}

/** The teamspace's people who are active members of the workspace, as users (oldest member first). */
export async function teamspaceMemberUsers(db: DbOrTx, t: TeamspaceRow) {
  const { teamspaceMembers: TM, workspaceMembers: WM, users } = schema;
  const rows = await db
    .select({ user: users })
    .from(TM)
    .innerJoin(WM, and(eq(WM.workspaceId, t.workspaceId), eq(WM.memberId, TM.memberId), eq(WM.isActive, true)))
    .innerJoin(users, eq(users.id, TM.memberId))
    .where(eq(TM.teamspaceId, t.id))
    .orderBy(asc(TM.createdAt), asc(TM.memberId));
  return rows.map((r) => r.user);
}

/** The teamspace's projects the reader may see named (oldest first). */
export async function teamspaceProjectRows(db: DbOrTx, t: TeamspaceRow, userId: string) {
  const { teamspaceProjects: TP, projects } = schema;
  const rows = await db
    .select({ project: projects })
    .from(TP)
    .innerJoin(projects, eq(projects.id, TP.projectId))
    .where(and(eq(TP.teamspaceId, t.id), projectShownSql(sql`${TP.projectId}`, userId)))
    .orderBy(asc(TP.createdAt), asc(TP.projectId));
  return rows.map((r) => r.project);
}

const zero = (): TeamspaceProgressCounts => ({
  total_issues: 0,
  backlog_issues: 0,
  unstarted_issues: 0,
  started_issues: 0,
  completed_issues: 0,
  cancelled_issues: 0,
});

function add(c: TeamspaceProgressCounts, group: string, n: number) {
  c.total_issues += n;
  if ((STATE_GROUPS as readonly string[]).includes(group)) c[`${group}_issues` as keyof TeamspaceProgressCounts] += n;
}

/**
 * The overview of a teamspace (GET W/teamspaces/{id}/progress/): the team list's items (the list engine's team
 * context, so exactly what the viewer's team list holds: their projects' items they may see) counted by state group,
 * in all, per project of the teamspace the viewer belongs to, and per teamspace member as assignee. One statement.
 */
export async function teamspaceProgress(app: AppContext, t: TeamspaceRow, viewer: Viewer): Promise<TeamspaceProgress> {
  const q = new Params();
  const c = contextSql({ kind: "team", workspaceId: t.workspaceId, teamspaceId: t.id }, viewer, q);
  const team = q.p(t.id, "uuid");
  const me = q.p(viewer.userId, "uuid");
  const rows = (await app.sql.unsafe(
    `
    WITH items AS (
      SELECT i.project, i.assignee_ids, coalesce(s."group", 'backlog') AS grp
      FROM issues i ${c.joins} LEFT JOIN states s ON s.id = i.state
      WHERE ${c.where.join(" AND ")}
    ), mine AS (
      SELECT tp.project FROM teamspace_projects tp
        JOIN project_members pm ON pm.project = tp.project AND pm.member = ${me} AND pm.is_active
        JOIN projects p ON p.id = tp.project AND p.archived_at IS NULL
      WHERE tp.teamspace = ${team}
    ), people AS (
      SELECT tm.member FROM teamspace_members tm
        JOIN teamspaces t ON t.id = tm.teamspace
        JOIN workspace_members wm ON wm.workspace = t.workspace AND wm.member = tm.member AND wm.is_active
      WHERE tm.teamspace = ${team}
    )
    SELECT 'project' AS kind, m.project::text AS key, it.grp, count(it.grp)::int AS n
      FROM mine m LEFT JOIN items it ON it.project = m.project GROUP BY m.project, it.grp
    UNION ALL
    SELECT 'member', pe.member::text, it.grp, count(it.grp)::int
      FROM people pe LEFT JOIN items it ON pe.member = ANY (it.assignee_ids) GROUP BY pe.member, it.grp
    UNION ALL
    SELECT 'total', '', grp, count(*)::int FROM items GROUP BY grp`,
    q.values as never[],
  )) as unknown as { kind: string; key: string; grp: string | null; n: number }[];
  const totals = zero();
  const projects = new Map<string, TeamspaceProgressCounts>();
  const members = new Map<string, TeamspaceProgressCounts>();
  for (const r of rows) {
    const bucket = r.kind === "total" ? totals : ((r.kind === "project" ? projects : members).get(r.key) ?? zero());
    if (r.kind === "project") projects.set(r.key, bucket);
    if (r.kind === "member") members.set(r.key, bucket);
    if (r.grp) add(bucket, r.grp, r.n);
  }
  // most items first, then by id (a stable order)
  const byTotal = (a: [string, TeamspaceProgressCounts], b: [string, TeamspaceProgressCounts]) =>
    b[1].total_issues - a[1].total_issues || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    totals,
    projects: [...projects].sort(byTotal).map(([project_id, counts]) => ({ project_id, ...counts })),
    members: [...members].sort(byTotal).map(([member_id, counts]) => ({ member_id, ...counts })),
  };
}

import { PRIORITIES, RECENT_ACTIVITY_LIMIT, RECENT_PROJECTS_LIMIT, STATE_GROUPS } from "@stride/shared";
import type {
  Paginated,
  PriorityStats,
  RecentActivityStats,
  RecentCollaborator,
  RecentProjectsStats,
  StateGroupStats,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { contextSql, one, Params, type RawQuery, type Viewer } from "../../domain/work-item-list/index.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import type { UserRow, WorkspaceRow } from "../../http/route.ts";
import { activityRelations, profileActivity } from "../profiles/queries.ts";
import { presentActivities } from "../profiles/presenters.ts";

/**
 * The home dashboard's summary widgets (Plane's `issues_by_state_groups`, `issues_by_priority`, `recent_activity`,
 * `recent_projects`, `recent_collaborators`), each one statement. Work items are counted as the caller's lists show
 * them (the list engine's workspace context: member projects, guests their own items unless allowed more).
 */

const run = async <T>(app: AppContext, text: string, q: Params): Promise<T[]> =>
  (await app.sql.unsafe(text, q.values as never[])) as unknown as T[];

/** Every bucket of `order`, in that order, with the counts found (0 for the rest). */
export function fillBuckets<K extends string>(
  order: readonly string[],
  key: K,
  counts: Map<string, number>,
): ({ [k in K]: string } & { count: number })[] {
  return order.map((g) => ({ [key]: g, count: counts.get(g) ?? 0 }) as { [k in K]: string } & { count: number });
}

/** Plane: the counts per state group / priority of the caller's assigned items (any filter of the query applied by the caller). */
export function stateGroupStats(counts: Map<string, number>): StateGroupStats {
  return fillBuckets(STATE_GROUPS, "state", counts);
}
export function priorityStats(counts: Map<string, number>): PriorityStats {
  return fillBuckets(PRIORITIES, "priority", counts);
}

/** The caller's last work-item activity (the history's visible fields), newest first, on items they may see. */
export async function recentActivity(
  app: AppContext,
  workspace: WorkspaceRow,
  user: UserRow,
): Promise<RecentActivityStats> {
  const { rows } = await profileActivity(app.db, workspace.id, user.id, user.id, {
    limit: RECENT_ACTIVITY_LIMIT,
    offset: 0,
  });
  const rel = await activityRelations(app.db, rows);
  return presentActivities(rows, { actor: user, ...rel, workspace });
}

/**
 * The caller's projects (member, not archived) where they were active last, most recent first, filled up with
 * their other projects (by name) to at most 4 ids.
 */
export async function recentProjects(
  app: AppContext,
  workspaceId: string,
  userId: string,
): Promise<RecentProjectsStats> {
  const q = new Params();
  const ws = q.p(workspaceId, "uuid");
  const me = q.p(userId, "uuid");
  const rows = await run<{ id: string }>(
    app,
    `
    SELECT p.id::text AS id
    FROM projects p
      JOIN project_members pm ON pm.project = p.id AND pm.member = ${me} AND pm.is_active
      LEFT JOIN LATERAL (
        SELECT a.created_at FROM issue_activities a WHERE a.workspace = ${ws} AND a.actor = ${me} AND a.project = p.id ORDER BY a.created_at DESC LIMIT 1
      ) last ON true
    WHERE p.workspace = ${ws} AND p.archived_at IS NULL
    ORDER BY last.created_at DESC NULLS LAST, p.name, p.id
    LIMIT ${q.p(RECENT_PROJECTS_LIMIT, "int")}`,
    q,
  );
  return rows.map((r) => r.id);
}

/**
 * The people the caller works with: active workspace members (not bots) who are active members of one of the
 * caller's projects, with the number of their unstarted / started items the caller can see, most loaded first
 * (then by name). `search` narrows by name; `per_page` or `cursor` asks for the paginated envelope.
 */
export async function recentCollaborators(
  app: AppContext,
  workspaceId: string,
  viewer: Viewer,
  query: RawQuery,
): Promise<RecentCollaborator[] | Paginated<RecentCollaborator>> {
  const paged = one(query.per_page) !== undefined || one(query.cursor) !== undefined;
  const page = parsePage({ per_page: one(query.per_page), cursor: one(query.cursor) }, paged ? 18 : 1000);
  const q = new Params();
  const c = contextSql({ kind: "workspace", workspaceId }, viewer, q);
  const ws = q.p(workspaceId, "uuid");
  const me = q.p(viewer.userId, "uuid");
  const search = one(query.search)?.trim();
  const like = search ? q.p(`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`, "text") : null;
  const rows = await run<RecentCollaborator & { total: number }>(
    app,
    `
    WITH active AS (
      SELECT a AS user_id, count(*)::int AS n
      FROM issues i ${c.joins} JOIN states s ON s.id = i.state, unnest(i.assignee_ids) a
      WHERE ${c.where.join(" AND ")} AND s."group" IN ('unstarted', 'started')
      GROUP BY a
    ), people AS (
      SELECT DISTINCT opm.member AS user_id
      FROM project_members opm
        JOIN project_members mine ON mine.project = opm.project AND mine.member = ${me} AND mine.is_active
        JOIN projects p ON p.id = opm.project AND p.archived_at IS NULL
        JOIN workspace_members wm ON wm.workspace = ${ws} AND wm.member = opm.member AND wm.is_active
      WHERE opm.workspace = ${ws} AND opm.is_active AND opm.member <> ${me}
    )
    SELECT pe.user_id::text AS user_id, coalesce(ac.n, 0)::int AS active_issue_count, count(*) OVER ()::int AS total
    FROM people pe
      JOIN users u ON u.id = pe.user_id AND u.is_active AND NOT u.is_bot
      LEFT JOIN active ac ON ac.user_id = pe.user_id
    ${like ? `WHERE (u.display_name ILIKE ${like} OR u.first_name ILIKE ${like} OR u.last_name ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})` : ""}
    ORDER BY active_issue_count DESC, lower(u.display_name), pe.user_id
    LIMIT ${q.p(page.perPage, "int")} OFFSET ${q.p(page.offset, "int")}`,
    q,
  );
  const results = rows.map(({ user_id, active_issue_count }) => ({ user_id, active_issue_count }));
  return paged ? envelope(page, rows[0]?.total ?? 0, results, results.length) : results;
}

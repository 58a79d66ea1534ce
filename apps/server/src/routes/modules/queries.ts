import { sql, type SQL } from "drizzle-orm";
import { completionChart, ROLE } from "@stride/shared";
import type { EstimateCounts, IssueCounts, ModuleDistribution } from "@stride/shared/contract";
import type { DbOrTx } from "../../db/client.ts";
import { assetUrl } from "../../http/present.ts";
import { favoritedIds } from "../../domain/favorites.ts";

/** A module row with its lead, members and item counts, as one statement reads them (snake_case columns). */
export interface ModuleStatsRow {
  id: string;
  workspace: string;
  project: string;
  name: string;
  description: string;
  description_text: unknown;
  description_html: string | null;
  start_date: string | null;
  target_date: string | null;
  status: string;
  lead: string | null;
  view_props: Record<string, unknown>;
  sort_order: number;
  external_source: string | null;
  external_id: string | null;
  archived_at: Date | null;
  logo_props: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  member_ids: string[];
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  backlog_estimate_points: number;
  unstarted_estimate_points: number;
  started_estimate_points: number;
  cancelled_estimate_points: number;
  sub_issues: number;
  is_favorite: boolean;
}

/**
 * The items a module counts: live (not deleted, archived or draft), not in triage. The estimate of an item counts
 * when its point belongs to an estimate of type points and reads as a number.
 */
const POINTS = `(CASE WHEN e.id IS NOT NULL AND ep.value ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ep.value::float8 END)`;

/**
 * The items of module `m` as (state, estimate point, sub-item or not, how many): for a module in use, the
 * counters the triggers keep (module_item_counts, db/sql/plan-counts.sql: a few rows whatever the module's size);
 * for an archived one (its items no longer list it), counted from its links. When the reader (`v.own_only`, see
 * selectModules) is a guest who sees only the items they created, only those, counted from the links.
 */
const moduleItemGroups = (viewerId: string | null) => sql`
  SELECT k.state, k.estimate_point, k.is_sub, k.n FROM module_item_counts k
  WHERE k.module = m.id AND m.archived_at IS NULL AND k.n > 0 AND NOT v.own_only
  UNION ALL
  SELECT i.state, i.estimate_point, i.parent IS NOT NULL, 1 FROM module_issues mi
  JOIN issues i ON i.id = mi.issue AND i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false
  WHERE mi.module = m.id AND (m.archived_at IS NOT NULL OR v.own_only) AND (NOT v.own_only OR i.created_by = ${viewerId})`;

/**
 * Whether `viewerId` sees only the items they created in module `m`'s project (a guest there without the view-all
 * switch, issue #24); never for no viewer (a webhook's payload counts every item).
 */
const ownOnlyOf = (viewerId: string | null) =>
  viewerId === null
    ? sql`SELECT false AS own_only`
    : sql`
  SELECT NOT EXISTS (SELECT 1 FROM project_members pm JOIN projects p ON p.id = pm.project
    WHERE pm.project = m.project AND pm.member = ${viewerId} AND pm.is_active AND (pm.role >= ${ROLE.MEMBER} OR p.guest_view_all_features)) AS own_only`;

/**
 * Modules matching `where` (a condition on `m`), with counts as `userId` may see them (`counted: "all"` for every
 * item, whoever reads: webhooks); `userId`'s favourites first, then newest first.
 */
export async function selectModules(
  db: DbOrTx,
  where: SQL,
  userId: string,
  counted: "viewer" | "all" = "viewer",
): Promise<ModuleStatsRow[]> {
  const viewerId = counted === "all" ? null : userId;
  const rows = await db.execute<Omit<ModuleStatsRow, "is_favorite">>(sql`
    SELECT m.id, m.workspace, m.project, m.name, m.description, m.description_text, m.description_html,
      m.start_date::text AS start_date, m.target_date::text AS target_date, m.status, m.lead, m.view_props, m.sort_order,
      m.external_source, m.external_id, m.archived_at, m.logo_props, m.created_at, m.updated_at, m.created_by,
      coalesce((SELECT array_agg(mm.member::text ORDER BY mm.created_at, mm.member) FROM module_members mm WHERE mm.module = m.id), '{}') AS member_ids,
      c.*
    FROM modules m
    CROSS JOIN LATERAL (${ownOnlyOf(viewerId)}) v
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(g.n), 0)::int AS total_issues,
        coalesce(sum(g.n) FILTER (WHERE s."group" = 'completed'), 0)::int AS completed_issues,
        coalesce(sum(g.n) FILTER (WHERE s."group" = 'cancelled'), 0)::int AS cancelled_issues,
        coalesce(sum(g.n) FILTER (WHERE s."group" = 'started'), 0)::int AS started_issues,
        coalesce(sum(g.n) FILTER (WHERE s."group" = 'unstarted'), 0)::int AS unstarted_issues,
        coalesce(sum(g.n) FILTER (WHERE s."group" = 'backlog'), 0)::int AS backlog_issues,
        coalesce(sum(${sql.raw(POINTS)} * g.n), 0)::float8 AS total_estimate_points,
        coalesce(sum(${sql.raw(POINTS)} * g.n) FILTER (WHERE s."group" = 'completed'), 0)::float8 AS completed_estimate_points,
        coalesce(sum(${sql.raw(POINTS)} * g.n) FILTER (WHERE s."group" = 'backlog'), 0)::float8 AS backlog_estimate_points,
        coalesce(sum(${sql.raw(POINTS)} * g.n) FILTER (WHERE s."group" = 'unstarted'), 0)::float8 AS unstarted_estimate_points,
        coalesce(sum(${sql.raw(POINTS)} * g.n) FILTER (WHERE s."group" = 'started'), 0)::float8 AS started_estimate_points,
        coalesce(sum(${sql.raw(POINTS)} * g.n) FILTER (WHERE s."group" = 'cancelled'), 0)::float8 AS cancelled_estimate_points,
        coalesce(sum(g.n) FILTER (WHERE g.is_sub), 0)::int AS sub_issues
      FROM (${moduleItemGroups(viewerId)}) g
      LEFT JOIN states s ON s.id = g.state
      LEFT JOIN estimate_points ep ON ep.id = g.estimate_point
      LEFT JOIN estimates e ON e.id = ep.estimate AND e.type = 'points'
      WHERE s."group" IS NULL OR s."group" <> 'triage'
    ) c
    WHERE ${where}
    ORDER BY m.created_at DESC, m.id`);
  const favs = await favoritedIds(
    db,
    userId,
    "module",
    rows.map((r) => r.id),
  );
  const out = rows.map((r) => ({ ...r, is_favorite: favs.has(r.id) }));
  return [...out.filter((r) => r.is_favorite), ...out.filter((r) => !r.is_favorite)];
}

type DistRow = {
  kind: "assignee" | "label";
  key: string | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  avatar_asset: string | null;
  color: string | null;
  total: number;
  completed: number;
  total_points: number;
  completed_points: number;
};

type ChartRow = {
  day: string;
  n: number;
  points: number;
};

/** The module's in-scope items counted by assignee (null for unassigned) and by label. */
async function distributionRows(db: DbOrTx, mid: string, ownerId: string | null): Promise<DistRow[]> {
  return db.execute<DistRow>(sql`
    WITH items AS (
      SELECT i.id, s."group" AS grp, ${sql.raw(POINTS)} AS pts
      FROM modules m
      JOIN module_issues mi ON mi.module = m.id
      JOIN issues i ON i.id = mi.issue AND i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false
      LEFT JOIN states s ON s.id = i.state
      LEFT JOIN estimate_points ep ON ep.id = i.estimate_point
      LEFT JOIN estimates e ON e.id = ep.estimate AND e.type = 'points'
      -- a cancelled item is out of the module's scope (shared progress.ts); triage items are not the module's yet
      WHERE m.id = ${mid} AND (s."group" IS NULL OR s."group" NOT IN ('triage', 'cancelled')) ${ownerId ? sql`AND i.created_by = ${ownerId}` : sql``}
    )
    SELECT 'assignee' AS kind, u.id::text AS key, u.display_name AS name, u.first_name, u.last_name, u.avatar, u.avatar_asset::text AS avatar_asset, NULL AS color,
      count(*)::int AS total, count(*) FILTER (WHERE it.grp = 'completed')::int AS completed,
      coalesce(sum(it.pts), 0)::float8 AS total_points, coalesce(sum(it.pts) FILTER (WHERE it.grp = 'completed'), 0)::float8 AS completed_points
    FROM items it LEFT JOIN issue_assignees ia ON ia.issue = it.id LEFT JOIN users u ON u.id = ia.assignee
    GROUP BY u.id, u.display_name, u.first_name, u.last_name, u.avatar, u.avatar_asset
    UNION ALL
    SELECT 'label', l.id::text, l.name, NULL, NULL, NULL, NULL, l.color,
      count(*)::int, count(*) FILTER (WHERE it.grp = 'completed')::int,
      coalesce(sum(it.pts), 0)::float8, coalesce(sum(it.pts) FILTER (WHERE it.grp = 'completed'), 0)::float8
    FROM items it LEFT JOIN issue_labels il ON il.issue = it.id LEFT JOIN labels l ON l.id = il.label
    GROUP BY l.id, l.name, l.color`);
}

/** The module's completed items by the day (in the project's time zone) they were completed. */
async function completedByDay(db: DbOrTx, mid: string, ownerId: string | null): Promise<ChartRow[]> {
  return db.execute<ChartRow>(sql`
        SELECT (i.completed_at AT TIME ZONE coalesce(p.timezone, 'UTC'))::date::text AS day, count(*)::int AS n, coalesce(sum(${sql.raw(POINTS)}), 0)::float8 AS points
        FROM module_issues mi
        JOIN issues i ON i.id = mi.issue AND i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.completed_at IS NOT NULL
        JOIN projects p ON p.id = i.project
        JOIN states s ON s.id = i.state AND s."group" = 'completed'
        LEFT JOIN estimate_points ep ON ep.id = i.estimate_point
        LEFT JOIN estimates e ON e.id = ep.estimate AND e.type = 'points'
        WHERE mi.module = ${mid} ${ownerId ? sql`AND i.created_by = ${ownerId}` : sql``}
        GROUP BY 1`);
}

/** A distribution row's person, label, item counts and points. */
const who = (r: DistRow) => ({
  assignee_id: r.key,
  display_name: r.name,
  first_name: r.first_name,
  last_name: r.last_name,
  avatar_url: r.key ? assetUrl(r.avatar_asset, r.avatar) : null,
});
const what = (r: DistRow) => ({ label_id: r.key, label_name: r.name, color: r.color });
const counts = (r: DistRow): IssueCounts => ({
  total_issues: r.total,
  completed_issues: r.completed,
  pending_issues: r.total - r.completed,
});
const points = (r: DistRow): EstimateCounts => ({
  total_estimates: r.total_points,
  completed_estimates: r.completed_points,
  pending_estimates: r.total_points - r.completed_points,
});

/**
 * `distribution` and `estimate_distribution` of a module detail (wire-facts §7, wire-facts-2 §4): its items by
 * assignee (unassigned items form a row with null ids) and by label, and the burndown from start to target date
 * (remaining = total − completed up to each day; days after `today` are null). Cancelled items are out of the
 * module's scope (shared progress.ts): the rows and the burndown leave them out. The points version is empty unless
 * the project's active estimate is of type points. With `ownerId` (a guest who sees only the items they created),
 * only their items.
 */
export async function moduleDistributions(
  db: DbOrTx,
  m: Pick<
    ModuleStatsRow,
    | "id"
    | "project"
    | "start_date"
    | "target_date"
    | "total_issues"
    | "total_estimate_points"
    | "cancelled_issues"
    | "cancelled_estimate_points"
  >,
  today: string,
  ownerId: string | null = null,
): Promise<{
  distribution: ModuleDistribution<IssueCounts>;
  estimate_distribution: ModuleDistribution<EstimateCounts> | Record<string, never>;
}> {
  const rows = await distributionRows(db, m.id, ownerId);
  const chartRows = m.start_date && m.target_date ? await completedByDay(db, m.id, ownerId) : [];
  const [est] = await db.execute<{ type: string | null }>(sql`
    SELECT e.type FROM projects p LEFT JOIN estimates e ON e.id = p.estimate WHERE p.id = ${m.project}`);
  const byName = (a: { n: string | null }, b: { n: string | null }) => (a.n ?? "\uffff").localeCompare(b.n ?? "\uffff");
  const assignees = rows
    .filter((r) => r.kind === "assignee")
    .map((r) => ({ n: r.name, r }))
    .sort(byName)
    .map(({ r }) => r);
  const labels = rows
    .filter((r) => r.kind === "label")
    .map((r) => ({ n: r.name, r }))
    .sort(byName)
    .map(({ r }) => r);
  const distribution: ModuleDistribution<IssueCounts> = {
    assignees: assignees.map((r) => ({ ...who(r), ...counts(r) })),
    labels: labels.map((r) => ({ ...what(r), ...counts(r) })),
    completion_chart: completionChart(
      m.start_date,
      m.target_date,
      today,
      m.total_issues - m.cancelled_issues,
      chartRows.map((c) => ({ day: c.day, weight: c.n })),
    ),
  };
  if (est?.type !== "points") return { distribution, estimate_distribution: {} };
  return {
    distribution,
    estimate_distribution: {
      assignees: assignees.map((r) => ({ ...who(r), ...points(r) })),
      labels: labels.map((r) => ({ ...what(r), ...points(r) })),
      completion_chart: completionChart(
        m.start_date,
        m.target_date,
        today,
        m.total_estimate_points - m.cancelled_estimate_points,
        chartRows.map((c) => ({ day: c.day, weight: c.points })),
      ),
    },
  };
}

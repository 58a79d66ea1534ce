import {
  ANALYTICS_DATE_FILTERS,
  type AnalyticsAxis,
  type AnalyticsDateFilter,
  type CustomChartRow,
} from "@stride/shared";
import type { WorkItemGroupCounts } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { contextSql, Params, type ListContext, type Viewer } from "../../domain/work-item-list/index.ts";

/**
 * The work items an analytics answer counts: the lists' rows and visibility rules (`contextSql` of the list
 * engine: live, not epics, not in triage, the viewer's projects, guests who see only their own items count only
 * those), optionally narrowed to some projects or a creation window. Every chart is one statement over them.
 */
export interface ItemScope {
  q: Params;
  /** `issues i` with the context's joins and its state as `s`. */
  from: string;
  where: string;
  tz: string;
  viewer: Viewer;
}

export interface ScopeOptions {
  context: ListContext;
  viewer: Viewer;
  projectIds?: string[] | null;
  dateFilter?: AnalyticsDateFilter | null;
}

export function itemScope(o: ScopeOptions): ItemScope {
  const q = new Params();
  const c = contextSql(o.context, o.viewer, q);
  const where = [...c.where];
  if (o.projectIds?.length) where.push(`i.project = ANY(${q.p(o.projectIds, "uuid[]")})`);
  if (o.dateFilter)
    where.push(`i.created_at >= now() - ${q.p(`${ANALYTICS_DATE_FILTERS[o.dateFilter]} days`, "interval")}`);
  return {
    q,
    from: `issues i ${c.joins} LEFT JOIN states s ON s.id = i.state`,
    where: where.join(" AND "),
    tz: o.viewer.timezone,
    viewer: o.viewer,
  };
}

const run = async <T>(app: AppContext, text: string, q: Params): Promise<T[]> =>
  (await app.sql.unsafe(text, q.values as never[])) as unknown as T[];

/** Counts by state group (the five `*_work_items` of wire-facts-2 §4), as SQL select items. */
const GROUP_COUNTS = `
  count(*) FILTER (WHERE s."group" = 'cancelled')::int AS cancelled_work_items,
  count(*) FILTER (WHERE s."group" = 'completed')::int AS completed_work_items,
  count(*) FILTER (WHERE s."group" = 'backlog')::int AS backlog_work_items,
  count(*) FILTER (WHERE s."group" = 'unstarted')::int AS un_started_work_items,
  count(*) FILTER (WHERE s."group" = 'started')::int AS started_work_items`;

export type GroupCounts = WorkItemGroupCounts;

/** Totals by state group of the scope's items. */
export async function workItemCounts(app: AppContext, sc: ItemScope): Promise<GroupCounts & { total: number }> {
  const [row] = await run<GroupCounts & { total: number }>(
    app,
    `SELECT count(*)::int AS total, ${GROUP_COUNTS} FROM ${sc.from} WHERE ${sc.where}`,
    sc.q,
  );
  return row!;
}

/** The caller's projects (active membership, not archived), optionally some of them, as a SQL subquery of ids. */
function memberProjects(q: Params, workspaceId: string, userId: string, projectIds?: string[] | null): string {
  const only = projectIds?.length ? ` AND mp.id = ANY(${q.p(projectIds, "uuid[]")})` : "";
  return `SELECT mp.id FROM projects mp JOIN project_members mpm ON mpm.project = mp.id AND mpm.member = ${q.p(userId, "uuid")} AND mpm.is_active
    WHERE mp.workspace = ${q.p(workspaceId, "uuid")} AND mp.archived_at IS NULL${only}`;
}

/**
 * Intake items waiting in a project's triage, as the caller may see them (a guest without the view-all switch:
 * their own). Stride's intake items are work items in the project's triage state (docs/decisions.md).
 */
function triageItems(q: Params, workspaceId: string, userId: string, projectIds?: string[] | null): string {
  const me = q.p(userId, "uuid");
  return `SELECT count(*)::int FROM issues ti JOIN states ts ON ts.id = ti.state AND ts."group" = 'triage'
    JOIN projects tp ON tp.id = ti.project JOIN project_members tpm ON tpm.project = ti.project AND tpm.member = ${me} AND tpm.is_active
    WHERE ti.project IN (${memberProjects(q, workspaceId, userId, projectIds)}) AND ti.deleted_at IS NULL AND ti.archived_at IS NULL AND ti.is_draft = false
      AND (tpm.role >= 15 OR tp.guest_view_all_features OR ti.created_by = ${me})`;
}

export interface Overview {
  total_users: number;
  total_admins: number;
  total_members: number;
  total_guests: number;
  total_projects: number;
  total_work_items: number;
  total_cycles: number;
  total_intake: number;
}

/** `advance-analytics/?tab=overview`, one statement. */
export async function overview(
  app: AppContext,
  sc: ItemScope,
  workspaceId: string,
  projectIds?: string[] | null,
): Promise<Overview> {
  const q = sc.q;
  const ws = q.p(workspaceId, "uuid");
  const mine = memberProjects(q, workspaceId, sc.viewer.userId, projectIds);
  const [row] = await run<Overview>(
    app,
    `
    WITH people AS (
      SELECT count(*)::int AS total, count(*) FILTER (WHERE wm.role = 20)::int AS admins, count(*) FILTER (WHERE wm.role = 15)::int AS members,
        count(*) FILTER (WHERE wm.role = 5)::int AS guests
      FROM workspace_members wm JOIN users u ON u.id = wm.member WHERE wm.workspace = ${ws} AND wm.is_active AND NOT u.is_bot
    )
    SELECT people.total AS total_users, people.admins AS total_admins, people.members AS total_members, people.guests AS total_guests,
      (SELECT count(*)::int FROM (${mine}) x) AS total_projects,
      (SELECT count(*)::int FROM ${sc.from} WHERE ${sc.where}) AS total_work_items,
      (SELECT count(*)::int FROM cycles c WHERE c.project IN (${mine}) AND c.archived_at IS NULL) AS total_cycles,
      (${triageItems(q, workspaceId, sc.viewer.userId, projectIds)}) AS total_intake
    FROM people`,
    q,
  );
  return row!;
}

/** `advance-analytics-stats/?type=work-items`: every project of the scope with its items by state group. */
export async function statsByProject(
  app: AppContext,
  sc: ItemScope,
  workspaceId: string,
  projectIds?: string[] | null,
): Promise<(GroupCounts & { project_id: string; project__name: string })[]> {
  const mine = memberProjects(sc.q, workspaceId, sc.viewer.userId, projectIds);
  return run(
    app,
    `
    WITH counts AS (SELECT i.project, ${GROUP_COUNTS} FROM ${sc.from} WHERE ${sc.where} GROUP BY i.project)
    SELECT p.id::text AS project_id, p.name AS project__name,
      coalesce(c.cancelled_work_items, 0) AS cancelled_work_items, coalesce(c.completed_work_items, 0) AS completed_work_items,
      coalesce(c.backlog_work_items, 0) AS backlog_work_items, coalesce(c.un_started_work_items, 0) AS un_started_work_items,
      coalesce(c.started_work_items, 0) AS started_work_items
    FROM projects p LEFT JOIN counts c ON c.project = p.id
    WHERE p.id IN (${mine})
    ORDER BY p.created_at, p.id`,
    sc.q,
  );
}

export interface AssigneeStats extends GroupCounts {
  assignee_id: string | null;
  display_name: string | null;
  avatar: string | null;
  avatar_asset: string | null;
}

/** Project `advance-analytics-stats/`: the scope's items by assignee (unassigned items as a row with null ids). */
export async function statsByAssignee(app: AppContext, sc: ItemScope): Promise<AssigneeStats[]> {
  return run(
    app,
    `
    SELECT ax.id::text AS assignee_id, u.display_name, u.avatar, u.avatar_asset::text AS avatar_asset, ${GROUP_COUNTS}
    FROM ${sc.from}
      CROSS JOIN LATERAL unnest(CASE WHEN cardinality(i.assignee_ids) = 0 THEN ARRAY[NULL::uuid] ELSE i.assignee_ids END) ax(id)
      LEFT JOIN users u ON u.id = ax.id
    WHERE ${sc.where}
    GROUP BY ax.id, u.display_name, u.avatar, u.avatar_asset
    ORDER BY u.display_name NULLS LAST, ax.id`,
    sc.q,
  );
}

/**
 * `advance-analytics-charts/?type=projects`: counts of the scope's projects' entities, one statement; pages are
 * those the caller may read (public ones and their own), not archived.
 */
export async function projectEntityCounts(
  app: AppContext,
  sc: ItemScope,
  workspaceId: string,
  projectIds?: string[] | null,
): Promise<Record<string, number>> {
  const q = sc.q;
  const mine = memberProjects(q, workspaceId, sc.viewer.userId, projectIds);
  const [row] = await run<Record<string, number>>(
    app,
    `
    SELECT
      (SELECT count(*)::int FROM ${sc.from} WHERE ${sc.where}) AS work_items,
      (SELECT count(*)::int FROM cycles c WHERE c.project IN (${mine}) AND c.archived_at IS NULL) AS cycles,
      (SELECT count(*)::int FROM modules m WHERE m.project IN (${mine}) AND m.archived_at IS NULL) AS modules,
      (${triageItems(q, workspaceId, sc.viewer.userId, projectIds)}) AS intake,
      (SELECT count(DISTINCT pm.member)::int FROM project_members pm JOIN users u ON u.id = pm.member WHERE pm.project IN (${mine}) AND pm.is_active AND NOT u.is_bot) AS members,
      (SELECT count(*)::int FROM pages g WHERE g.project IN (${mine}) AND g.archived_at IS NULL AND (g.access = 0 OR g.owned_by = ${q.p(sc.viewer.userId, "uuid")})) AS pages,
      (SELECT count(*)::int FROM issue_views v WHERE v.project IN (${mine})) AS views`,
    q,
  );
  return row!;
}

/**
 * Items created and items completed (completed state group, by `completed_at`) per bucket ("YYYY-MM-DD" of the
 * month or day start in the viewer's zone), one statement.
 */
export async function createdCompletedSeries(
  app: AppContext,
  sc: ItemScope,
  unit: "month" | "day",
): Promise<{ created: Map<string, number>; completed: Map<string, number> }> {
  const q = sc.q;
  const tz = q.p(sc.tz, "text");
  const u = q.p(unit, "text");
  const bucket = (col: string) => `to_char(date_trunc(${u}, ${col} AT TIME ZONE ${tz}), 'YYYY-MM-DD')`;
  const rows = await run<{ kind: string; k: string; n: number }>(
    app,
    `
    SELECT b.kind, b.k, count(*)::int AS n
    FROM ${sc.from}
      CROSS JOIN LATERAL (VALUES ('created', ${bucket("i.created_at")}),
        ('completed', CASE WHEN s."group" = 'completed' AND i.completed_at IS NOT NULL THEN ${bucket("i.completed_at")} END)) b(kind, k)
    WHERE ${sc.where} AND b.k IS NOT NULL
    GROUP BY b.kind, b.k`,
    q,
  );
  const created = new Map<string, number>();
  const completed = new Map<string, number>();
  for (const r of rows) (r.kind === "created" ? created : completed).set(r.k, r.n);
  return { created, completed };
}

/** The SQL of one chart dimension: joins, key and name expressions, under alias `a`. */
function dimension(axis: AnalyticsAxis, a: string, q: Params, tz: string): { join: string; key: string; name: string } {
  const unnest = (col: string, table: string, nameCol: string) => ({
    join: `CROSS JOIN LATERAL unnest(CASE WHEN cardinality(${col}) = 0 THEN ARRAY[NULL::uuid] ELSE ${col} END) ${a}u(id) LEFT JOIN ${table} ${a} ON ${a}.id = ${a}u.id`,
    key: `${a}u.id::text`,
    name: `${a}.${nameCol}`,
  });
  const day = (col: string) => ({
    join: "",
    key: `to_char(${col}, 'YYYY-MM-DD')`,
    name: `to_char(${col}, 'YYYY-MM-DD')`,
  });
  switch (axis) {
    case "STATES":
      return { join: "", key: "s.id::text", name: "s.name" };
    case "STATE_GROUPS":
      return { join: "", key: `s."group"`, name: `s."group"` };
    case "LABELS":
      return unnest("i.label_ids", "labels", "name");
    case "ASSIGNEES":
      return unnest("i.assignee_ids", "users", "display_name");
    case "MODULES":
      return unnest("i.module_ids", "modules", "name");
    case "CYCLES":
      return { join: `LEFT JOIN cycles ${a} ON ${a}.id = i.cycle_id`, key: `${a}.id::text`, name: `${a}.name` };
    case "ESTIMATE_POINTS":
      return {
        join: `LEFT JOIN estimate_points ${a} ON ${a}.id = i.estimate_point`,
        key: `${a}.key::text`,
        name: `${a}.value`,
      };
    case "PRIORITY":
      return { join: "", key: "i.priority", name: "i.priority" };
    case "START_DATE":
      return day("i.start_date");
    case "TARGET_DATE":
      return day("i.target_date");
    case "CREATED_AT":
      return day(`(i.created_at AT TIME ZONE ${q.p(tz, "text")})::date`);
    case "COMPLETED_AT":
      return day(`(i.completed_at AT TIME ZONE ${q.p(tz, "text")})::date`);
    case "CREATED_BY":
      return {
        join: `LEFT JOIN users ${a} ON ${a}.id = i.created_by`,
        key: `${a}.id::text`,
        name: `${a}.display_name`,
      };
  }
}

/** An item's estimate in points: its point's value when its estimate system counts points, else 0. */
const ITEM_POINTS = {
  join: `LEFT JOIN estimate_points yp ON yp.id = i.estimate_point LEFT JOIN estimates ye ON ye.id = yp.estimate AND ye.type = 'points'`,
  value: `(CASE WHEN ye.id IS NOT NULL AND yp.value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' THEN yp.value::float8 ELSE 0 END)`,
};

/**
 * `custom-work-items`: distinct items per x value (and per group value), one statement. With a group, the rows
 * per (x, group) and the distinct totals per x come from grouping sets. `points` sums the items' estimate points
 * instead (`y_axis=ESTIMATE_POINT_COUNT`), each item once per x value and per group value.
 */
export async function customChartRows(
  app: AppContext,
  sc: ItemScope,
  x: AnalyticsAxis,
  group: AnalyticsAxis | null,
  points = false,
): Promise<{ rows: CustomChartRow[]; totals: Map<string | null, number> }> {
  const q = sc.q;
  const xd = dimension(x, "xd", q, sc.tz);
  if (points) return customPointRows(app, sc, xd, group ? dimension(group, "gd", q, sc.tz) : null);
  if (!group) {
    const rows = await run<CustomChartRow>(
      app,
      `
      SELECT ${xd.key} AS key, ${xd.name} AS name, count(DISTINCT i.id)::int AS count
      FROM ${sc.from} ${xd.join} WHERE ${sc.where} GROUP BY 1, 2`,
      q,
    );
    return { rows, totals: new Map() };
  }
  const gd = dimension(group, "gd", q, sc.tz);
  const raw = await run<CustomChartRow & { total_row: number }>(
    app,
    `
    SELECT ${xd.key} AS key, ${xd.name} AS name, ${gd.key} AS group_key, ${gd.name} AS group_name, count(DISTINCT i.id)::int AS count,
      GROUPING(${gd.key}, ${gd.name}) AS total_row
    FROM ${sc.from} ${xd.join} ${gd.join} WHERE ${sc.where}
    GROUP BY GROUPING SETS ((${xd.key}, ${xd.name}, ${gd.key}, ${gd.name}), (${xd.key}, ${xd.name}))`,
    q,
  );
  const totals = new Map<string | null, number>();
  const rows: CustomChartRow[] = [];
  for (const r of raw) {
    if (r.total_row) totals.set(r.key, (totals.get(r.key) ?? 0) + r.count);
    else rows.push({ key: r.key, name: r.name, group_key: r.group_key, group_name: r.group_name, count: r.count });
  }
  return { rows, totals };
}

type Dim = ReturnType<typeof dimension>;
const roundPoints = (v: number) => Math.round(Number(v) * 1000) / 1000;

/** The points version of `customChartRows`: the distinct (item, x, group) rows first, then their sums. */
async function customPointRows(
  app: AppContext,
  sc: ItemScope,
  xd: Dim,
  gd: Dim | null,
): Promise<{ rows: CustomChartRow[]; totals: Map<string | null, number> }> {
  const items = `SELECT DISTINCT i.id AS item, ${xd.key} AS key, ${xd.name} AS name, ${gd ? `${gd.key} AS group_key, ${gd.name} AS group_name,` : ""} ${ITEM_POINTS.value} AS pts
    FROM ${sc.from} ${xd.join} ${gd?.join ?? ""} ${ITEM_POINTS.join} WHERE ${sc.where}`;
  if (!gd) {
    const rows = await run<CustomChartRow>(
      app,
      `SELECT d.key, d.name, sum(d.pts)::float8 AS count FROM (${items}) d GROUP BY 1, 2`,
      sc.q,
    );
    return { rows: rows.map((r) => ({ ...r, count: roundPoints(r.count) })), totals: new Map() };
  }
  const raw = await run<CustomChartRow & { total_row: number }>(
    app,
    `
    WITH d AS (${items})
    SELECT d.key, d.name, d.group_key, d.group_name, sum(d.pts)::float8 AS count, 0 AS total_row FROM d GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT t.key, t.name, NULL, NULL, sum(t.pts)::float8, 1 FROM (SELECT DISTINCT d.item, d.key, d.name, d.pts FROM d) t GROUP BY 1, 2`,
    sc.q,
  );
  const totals = new Map<string | null, number>();
  const rows: CustomChartRow[] = [];
  for (const r of raw) {
    if (r.total_row) totals.set(r.key, roundPoints(r.count));
    else
      rows.push({
        key: r.key,
        name: r.name,
        group_key: r.group_key,
        group_name: r.group_name,
        count: roundPoints(r.count),
      });
  }
  return { rows, totals };
}

import { and, eq, isNull, sql } from "drizzle-orm";
import { burndownSeries, dayInZone, type CycleStatus } from "@stride/shared";
import type {
  CycleAnalytics,
  CycleAssigneeRow,
  CycleLabelRow,
  CycleProgress,
  CycleProgressSnapshot,
} from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { assetUrl } from "../../http/present.ts";
import type { ProjectRow } from "../../http/route.ts";

export type CycleRow = typeof schema.cycles.$inferSelect;
const cycleTable = schema.cycles;

/** The work items a cycle counts: the cycle list's own rows (live, not drafts, not epics; wire-facts §7). */
const LIVE_ITEM = sql.raw(
  `i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.is_epic = false`,
);
/** An estimate point's numeric value when the estimate is a points one (categories count nothing). */
const POINTS = sql.raw(
  `CASE WHEN e.type = 'points' AND ep.value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' THEN ep.value::float8 END`,
);

/** A cycle of the project (archived ones too); 404 otherwise. */
export async function loadCycle(
  db: DbOrTx,
  projectId: string,
  cycleId: string,
  opts: { forUpdate?: boolean; archived?: boolean } = {},
): Promise<CycleRow> {
  const conds = [eq(cycleTable.id, cycleId), eq(cycleTable.projectId, projectId)];
  if (opts.archived) conds.push(sql`${cycleTable.archivedAt} IS NOT NULL`);
  const q = db
    .select()
    .from(cycleTable)
    .where(and(...conds))
    .limit(1);
  // FOR NO KEY UPDATE: serialises changes of the cycle without waiting for items being put in it (their cycle_issues
  // rows take the foreign key's share lock, which FOR UPDATE waits for: a deadlock with a work item's PATCH, issue #24)
  const [row] = opts.forUpdate ? await q.for("no key update") : await q;
  if (!row) throw errors.notFound();
  return row;
}

/** Non-archived cycles of a project. */
export async function projectCycles(db: DbOrTx, projectId: string, archived = false): Promise<CycleRow[]> {
  return db
    .select()
    .from(cycleTable)
    .where(
      and(
        eq(cycleTable.projectId, projectId),
        archived ? sql`${cycleTable.archivedAt} IS NOT NULL` : isNull(cycleTable.archivedAt),
      ),
    )
    .orderBy(sql`${cycleTable.createdAt} DESC`, cycleTable.id);
}

export interface CycleCounts {
  total_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  assignee_ids: string[];
}

const emptyCounts = (): CycleCounts => ({
  total_issues: 0,
  backlog_issues: 0,
  unstarted_issues: 0,
  started_issues: 0,
  completed_issues: 0,
  cancelled_issues: 0,
  assignee_ids: [],
});

/**
 * Per cycle: its items by state group and their assignees, from the counters the triggers keep per cycle
 * (cycle_item_counts, cycle_assignee_counts: db/sql/plan-counts.sql): a few rows per cycle, whatever its size.
 * An item without a state, or whose state is gone, counts as backlog. With `ownerId` (a project guest who sees only
 * the items they created, issue #24), only that person's items count, read from the items themselves.
 */
export async function cycleCounts(
  db: DbOrTx,
  cycleIds: string[],
  ownerId: string | null = null,
): Promise<Map<string, CycleCounts>> {
  const out = new Map<string, CycleCounts>(cycleIds.map((id) => [id, emptyCounts()]));
  if (!cycleIds.length) return out;
  const ids = sql`ARRAY[${sql.join(
    cycleIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = await db.execute<{ cycle: string; grp: string | null; n: number; assignees: string[] | null }>(
    ownerId
      ? sql`
    SELECT i.cycle_id::text AS cycle, s."group" AS grp, count(*)::int AS n, NULL::text[] AS assignees
    FROM issues i LEFT JOIN states s ON s.id = i.state
    WHERE i.cycle_id = ANY(${ids}) AND ${LIVE_ITEM} AND i.created_by = ${ownerId}
    GROUP BY i.cycle_id, s."group"
    UNION ALL
    SELECT i.cycle_id::text, NULL, 0, array_agg(DISTINCT a::text ORDER BY a::text)
    FROM issues i CROSS JOIN LATERAL unnest(i.assignee_ids) AS a
    WHERE i.cycle_id = ANY(${ids}) AND ${LIVE_ITEM} AND i.created_by = ${ownerId}
    GROUP BY i.cycle_id`
      : sql`
    SELECT k.cycle::text AS cycle, s."group" AS grp, sum(k.n)::int AS n, NULL::text[] AS assignees
    FROM cycle_item_counts k LEFT JOIN states s ON s.id = k.state
    WHERE k.cycle = ANY(${ids}) AND k.n > 0
    GROUP BY k.cycle, s."group"
    UNION ALL
    SELECT a.cycle::text, NULL, 0, array_agg(a.assignee::text ORDER BY a.assignee::text)
    FROM cycle_assignee_counts a WHERE a.cycle = ANY(${ids}) AND a.n > 0
    GROUP BY a.cycle`,
  );
  for (const r of rows) {
    const c = out.get(r.cycle)!;
    if (r.assignees) {
      c.assignee_ids = r.assignees;
      continue;
    }
    c.total_issues += r.n;
    const key = `${r.grp ?? "backlog"}_issues`;
    if (key in c && key !== "total_issues") (c as unknown as Record<string, number>)[key] += r.n;
  }
  return out;
}

/** One item of a cycle as progress and analytics read it. */
type CycleItem = {
  grp: string | null;
  completed_at: Date | string | null;
  points: number | null;
  assignee_ids: string[];
  label_ids: string[];
};

/** The cycle's items (only `ownerId`'s when given: a guest who sees only what they created). */
async function cycleItems(db: DbOrTx, cycleId: string, ownerId: string | null = null): Promise<CycleItem[]> {
  const rows = await db.execute<CycleItem>(sql`
    SELECT s."group" AS grp, i.completed_at, ${POINTS} AS points, i.assignee_ids::text[] AS assignee_ids, i.label_ids::text[] AS label_ids
    FROM cycle_issues ci JOIN issues i ON i.id = ci.issue LEFT JOIN states s ON s.id = i.state
      LEFT JOIN estimate_points ep ON ep.id = i.estimate_point LEFT JOIN estimates e ON e.id = ep.estimate
    WHERE ci.cycle = ${cycleId} AND ${LIVE_ITEM} ${ownerId ? sql`AND i.created_by = ${ownerId}` : sql``}`);
  return [...rows];
}

const GROUPS = ["backlog", "unstarted", "started", "cancelled", "completed"] as const;
const round = (v: number) => Math.round(v * 1000) / 1000;

function progressOf(items: CycleItem[]): CycleProgress {
  const p = {
    backlog_estimate_points: 0,
    unstarted_estimate_points: 0,
    started_estimate_points: 0,
    cancelled_estimate_points: 0,
    completed_estimate_points: 0,
    total_estimate_points: 0,
    backlog_issues: 0,
    total_issues: 0,
    completed_issues: 0,
    cancelled_issues: 0,
    started_issues: 0,
    unstarted_issues: 0,
  };
  for (const it of items) {
    const g = (GROUPS as readonly string[]).includes(it.grp ?? "") ? (it.grp as (typeof GROUPS)[number]) : "backlog";
    p.total_issues++;
    p[`${g}_issues`]++;
    if (it.points !== null) {
      p.total_estimate_points += it.points;
      p[`${g}_estimate_points`] += it.points;
    }
  }
  for (const k of Object.keys(p) as (keyof typeof p)[]) p[k] = round(p[k]);
  return p;
}

/**
 * `progress/` (wire-facts-2 §4): a frozen snapshot answers for a cycle whose items were transferred. For a guest who
 * sees only their own items (`ownerId`), their items in the cycle now (the snapshot counts everyone's).
 */
export async function cycleProgress(
  db: DbOrTx,
  cycle: CycleRow,
  ownerId: string | null = null,
): Promise<CycleProgress> {
  if (ownerId) return progressOf(await cycleItems(db, cycle.id, ownerId));
  const snap = snapshotOf(cycle);
  if (snap) {
    const { distribution: _d, estimate_distribution: _e, ...progress } = snap;
    return progress;
  }
  return progressOf(await cycleItems(db, cycle.id));
}

export function snapshotOf(cycle: CycleRow): CycleProgressSnapshot | null {
  const s = cycle.progressSnapshot as Partial<CycleProgressSnapshot> | null;
  return s && typeof s === "object" && "total_issues" in s ? (s as CycleProgressSnapshot) : null;
}

export type AnalyticsType = "issues" | "points";

interface People {
  users: Map<string, { display_name: string; avatar_url: string | null }>;
  labels: Map<string, { name: string; color: string }>;
}

async function peopleAndLabels(db: DbOrTx, items: CycleItem[]): Promise<People> {
  const userIds = [...new Set(items.flatMap((i) => i.assignee_ids))];
  const labelIds = [...new Set(items.flatMap((i) => i.label_ids))];
  const users = new Map<string, { display_name: string; avatar_url: string | null }>();
  const labels = new Map<string, { name: string; color: string }>();
  if (userIds.length) {
    const rows = await db
      .select()
      .from(schema.users)
      .where(
        sql`${schema.users.id} = ANY(${sql`ARRAY[${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`})`,
      );
    for (const u of rows)
      users.set(u.id, { display_name: u.displayName, avatar_url: assetUrl(u.avatarAssetId, u.avatar) });
  }
  if (labelIds.length) {
    const rows = await db
      .select()
      .from(schema.labels)
      .where(
        sql`${schema.labels.id} = ANY(${sql`ARRAY[${sql.join(
          labelIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`})`,
      );
    for (const l of rows) labels.set(l.id, { name: l.name, color: l.color });
  }
  return { users, labels };
}

/** Day bounds and "today" of a cycle in the project's zone. */
function cycleDays(cycle: CycleRow, timeZone: string, now: Date) {
  return {
    start: dayInZone(cycle.startDate!, timeZone),
    end: dayInZone(cycle.endDate!, timeZone),
    today: dayInZone(now, timeZone),
  };
}

function analyticsOf(
  items: CycleItem[],
  type: AnalyticsType,
  people: People,
  days: { start: string; end: string; today: string },
  timeZone: string,
): CycleAnalytics {
  const weight = (it: CycleItem) => (type === "points" ? (it.points ?? 0) : 1);
  const done = (it: CycleItem) => it.grp === "completed";
  const keys =
    type === "points"
      ? (["total_estimates", "completed_estimates", "pending_estimates"] as const)
      : (["total_issues", "completed_issues", "pending_issues"] as const);
  const tally = () => ({ total: 0, completed: 0 });
  const byUser = new Map<string | null, ReturnType<typeof tally>>();
  const byLabel = new Map<string | null, ReturnType<typeof tally>>();
  const add = <K>(m: Map<K, ReturnType<typeof tally>>, k: K, it: CycleItem) => {
    const t = m.get(k) ?? tally();
    t.total += weight(it);
    if (done(it)) t.completed += weight(it);
    m.set(k, t);
  };
  // a cancelled item is out of the cycle's scope: its rows and its burndown count the others (shared progress.ts)
  const counted = items.filter((it) => it.grp !== "cancelled" && (type === "issues" || it.points !== null));
  for (const it of counted) {
    for (const a of it.assignee_ids.length ? it.assignee_ids : [null]) add(byUser, a, it);
    for (const l of it.label_ids.length ? it.label_ids : [null]) add(byLabel, l, it);
  }
  const counts = (t: ReturnType<typeof tally>) => ({
    [keys[0]]: round(t.total),
    [keys[1]]: round(t.completed),
    [keys[2]]: round(t.total - t.completed),
  });
  const assignees: CycleAssigneeRow[] = [...byUser].map(([id, t]) => {
    const u = id ? people.users.get(id) : undefined;
    return { display_name: u?.display_name ?? null, assignee_id: id, avatar_url: u?.avatar_url ?? null, ...counts(t) };
  });
  assignees.sort((a, b) =>
    a.display_name === null ? 1 : b.display_name === null ? -1 : a.display_name.localeCompare(b.display_name),
  );
  const labels: CycleLabelRow[] = [...byLabel].map(([id, t]) => {
    const l = id ? people.labels.get(id) : undefined;
    return { label_name: l?.name ?? null, color: l?.color ?? null, label_id: id, ...counts(t) };
  });
  labels.sort((a, b) =>
    a.label_name === null ? 1 : b.label_name === null ? -1 : a.label_name.localeCompare(b.label_name),
  );
  const completion_chart = burndownSeries({
    ...days,
    total: counted.reduce((s, it) => s + weight(it), 0),
    completed: counted
      .filter((it) => done(it) && it.completed_at)
      .map((it) => ({ day: dayInZone(it.completed_at!, timeZone), value: weight(it) })),
  });
  return { assignees, labels, completion_chart };
}

/** Whether the project's active estimate counts points (the points analytics need it). */
async function usesPoints(db: DbOrTx, project: ProjectRow): Promise<boolean> {
  if (!project.estimateId) return false;
  const [e] = await db
    .select({ type: schema.estimates.type })
    .from(schema.estimates)
    .where(eq(schema.estimates.id, project.estimateId))
    .limit(1);
  return e?.type === "points";
}

export const NO_DATES = "Cycle has no start or end date";
const EMPTY_ANALYTICS = (): CycleAnalytics => ({ assignees: [], labels: [], completion_chart: {} });

/**
 * `analytics/?type=` (wire-facts-2 §4): from the frozen snapshot when there is one; for a guest who sees only their
 * own items (`ownerId`), from those items in the cycle now.
 */
export async function cycleAnalytics(
  db: DbOrTx,
  project: ProjectRow,
  cycle: CycleRow,
  type: AnalyticsType,
  opts: { ownerId?: string | null; now?: Date } = {},
): Promise<CycleAnalytics> {
  const { ownerId = null, now = new Date() } = opts;
  if (!cycle.startDate || !cycle.endDate) throw errors.badRequest(NO_DATES);
  const snap = ownerId ? null : snapshotOf(cycle);
  if (snap) return type === "points" ? snap.estimate_distribution : snap.distribution;
  if (type === "points" && !(await usesPoints(db, project))) return EMPTY_ANALYTICS();
  const items = await cycleItems(db, cycle.id, ownerId);
  const people = await peopleAndLabels(db, items);
  return analyticsOf(items, type, people, cycleDays(cycle, project.timezone, now), project.timezone);
}

/** What transfer-issues freezes on the ended cycle: its progress and both distributions as they stand. */
export async function takeSnapshot(
  db: DbOrTx,
  project: ProjectRow,
  cycle: CycleRow,
  now = new Date(),
): Promise<CycleProgressSnapshot> {
  const items = await cycleItems(db, cycle.id);
  const progress = progressOf(items);
  if (!cycle.startDate || !cycle.endDate)
    return { ...progress, distribution: EMPTY_ANALYTICS(), estimate_distribution: EMPTY_ANALYTICS() };
  const people = await peopleAndLabels(db, items);
  const days = cycleDays(cycle, project.timezone, now);
  const points = await usesPoints(db, project);
  return {
    ...progress,
    distribution: analyticsOf(items, "issues", people, days, project.timezone),
    estimate_distribution: points ? analyticsOf(items, "points", people, days, project.timezone) : EMPTY_ANALYTICS(),
  };
}

/** Filter of `cycle_view` on cycles already read (status computed at `now`). */
export function matchesView(view: string, status: CycleStatus, end: Date | null, now: Date): boolean {
  switch (view) {
    case "current":
      return status === "CURRENT";
    case "upcoming":
      return status === "UPCOMING";
    case "completed":
      return status === "COMPLETED";
    case "draft":
      return status === "DRAFT";
    case "incomplete":
      return !end || end.getTime() >= now.getTime();
    default:
      return true;
  }
}

import { and, asc, desc, eq } from "drizzle-orm";
import {
  andFilterNodes,
  DASHBOARD_WIDGETS,
  durationTargetDate,
  shiftDate,
  WIDGET_DURATIONS,
  todayInTimeZone,
  WIDGET_ISSUE_TABS,
  WIDGET_ISSUES_LIMIT,
  type FilterNode,
  type WidgetIssueTab,
} from "@stride/shared";
import type { DashboardWidgetAnswer, DashboardWidgetPatchBody, WidgetIssues } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { listWorkItems, one, parseListQuery, safeTimeZone, type RawQuery } from "../../domain/work-item-list/index.ts";
import type { UserRow, WorkspaceRow } from "../../http/route.ts";
import { priorityStats, recentActivity, recentCollaborators, recentProjects, stateGroupStats } from "./widgets.ts";

const D = schema.dashboards;
const DW = schema.dashboardWidgets;
type DashboardRow = typeof D.$inferSelect;
type WidgetRow = typeof DW.$inferSelect;

/** The person's default dashboard of a type (`home`) with its widgets, created on first read. */
export async function homeDashboard(
  db: DbOrTx,
  userId: string,
  type: string,
): Promise<{ dashboard: DashboardRow; widgets: WidgetRow[] }> {
  await db
    .insert(D)
    .values({
      ownedById: userId,
      typeIdentifier: type,
      isDefault: true,
      name: "Home",
      createdById: userId,
      updatedById: userId,
    })
    .onConflictDoNothing();
  const [dashboard] = await db
    .select()
    .from(D)
    .where(and(eq(D.ownedById, userId), eq(D.typeIdentifier, type), eq(D.isDefault, true)))
    .limit(1);
  return { dashboard, widgets: await widgetsOf(db, dashboard.id) };
}

/** A dashboard's widgets (those not made yet are created with their default filters), highest sort order first. */
export async function widgetsOf(db: DbOrTx, dashboardId: string): Promise<WidgetRow[]> {
  await db
    .insert(DW)
    .values(
      DASHBOARD_WIDGETS.map((w, i) => ({ dashboardId, key: w.key, filters: w.filters, sortOrder: 65535 - i * 10000 })),
    )
    .onConflictDoNothing();
  return db.select().from(DW).where(eq(DW.dashboardId, dashboardId)).orderBy(desc(DW.sortOrder), asc(DW.key));
}

/** The caller's own dashboard, or 404. */
export async function loadOwnDashboard(db: DbOrTx, userId: string, id: string): Promise<DashboardRow> {
  const [row] = await db
    .select()
    .from(D)
    .where(and(eq(D.id, id), eq(D.ownedById, userId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

export async function loadWidget(db: DbOrTx, dashboardId: string, widgetId: string): Promise<WidgetRow> {
  const [row] = await db
    .select()
    .from(DW)
    .where(and(eq(DW.id, widgetId), eq(DW.dashboardId, dashboardId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

export async function patchWidget(
  db: DbOrTx,
  widget: WidgetRow,
  body: DashboardWidgetPatchBody,
  userId: string,
): Promise<void> {
  const set: Partial<typeof DW.$inferInsert> = {};
  if (body.is_visible !== undefined) set.isVisible = body.is_visible;
  if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
  if (body.filters !== undefined) set.filters = body.filters;
  if (Object.keys(set).length)
    await db
      .update(DW)
      .set({ ...set, updatedAt: new Date(), updatedById: userId })
      .where(eq(DW.id, widget.id));
}

const PENDING = ["backlog", "unstarted", "started"];

/** The items of a widget tab: pending, upcoming (due today or later), overdue (due before today), completed. */
function tabFilter(tab: WidgetIssueTab, today: string): FilterNode {
  const groups: FilterNode = { field: "state_group", op: "in", values: tab === "completed" ? ["completed"] : PENDING };
  if (tab === "upcoming") return { and: [groups, { field: "target_date", op: "range", gte: today }] };
  if (tab === "overdue") return { and: [groups, { field: "target_date", op: "range", lte: shiftDate(today, -1) }] };
  return groups;
}

interface StatsCaller {
  app: AppContext;
  workspace: WorkspaceRow;
  user: UserRow;
}

/**
 * The first items and the number of the caller's work items matching `filter` in the workspace: the list engine's
 * workspace context (the lists' visibility rule: member projects, guests their own items unless allowed more),
 * further narrowed by the request's own list filters (e.g. `target_date`).
 */
async function countAndFirst(
  c: StatsCaller,
  filter: FilterNode,
  query: RawQuery,
  limit: number,
): Promise<WidgetIssues> {
  const r = await listFor(c, filter, query, limit, null);
  return { issues: limit > 0 && Array.isArray(r.results) ? r.results : [], count: r.totalCount };
}

const viewerOf = (c: StatsCaller) => ({ userId: c.user.id, timezone: safeTimeZone(c.user.userTimezone) });

function listFor(
  c: StatsCaller,
  filter: FilterNode,
  query: RawQuery,
  limit: number,
  groupBy: "state__group" | "priority" | null,
) {
  const viewer = viewerOf(c);
  const parsed = parseListQuery(
    { ...query, per_page: String(Math.max(limit, 1)), cursor: undefined, group_by: undefined, sub_group_by: undefined },
    { timezone: viewer.timezone, grouping: false },
  );
  return listWorkItems(c.app, {
    context: { kind: "workspace", workspaceId: c.workspace.id },
    viewer,
    ...parsed,
    groupBy,
    subGroupBy: null,
    filter: andFilterNodes(filter, parsed.filter),
    shape: "list",
  });
}

/** The number of items matching `filter` (and the query's list filters) in each group of `groupBy` (the list engine's group totals). */
async function groupCounts(
  c: StatsCaller,
  filter: FilterNode,
  query: RawQuery,
  groupBy: "state__group" | "priority",
): Promise<Map<string, number>> {
  const r = await listFor(c, filter, query, 1, groupBy);
  const buckets = Array.isArray(r.results) ? {} : r.results;
  return new Map(Object.entries(buckets).map(([k, b]) => [k, b.total_results]));
}

/** Query parameters a widget reads itself (the rest are list filters). */
const WIDGET_PARAMS = ["widget_key", "issue_type", "expand", "fields", "duration", "search", "per_page", "cursor"];

/**
 * The list filters of a widget's request with its duration applied: a `target_date` the request carries wins (Plane's
 * client sends the range); else the `duration` asked (`?duration=`) or stored in the widget's filters becomes the
 * range of the caller's today (their time zone, their first day of the week).
 */
async function withDuration(
  c: StatsCaller,
  widget: WidgetRow | undefined,
  listQuery: RawQuery,
  query: RawQuery,
): Promise<RawQuery> {
  if (listQuery.target_date !== undefined) return listQuery;
  const stored = (widget?.filters ?? {}) as { duration?: unknown; custom_dates?: unknown };
  const asked = one(query.duration);
  if (asked !== undefined && !(WIDGET_DURATIONS as readonly string[]).includes(asked))
    throw errors.badParam("Please specify a valid duration");
  const duration = asked ?? (typeof stored.duration === "string" ? stored.duration : "none");
  if (duration === "none") return listQuery;
  const [profile] = await c.app.db
    .select({ weekStart: schema.profiles.startOfTheWeek })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, c.user.id))
    .limit(1);
  const custom = Array.isArray(stored.custom_dates)
    ? stored.custom_dates.filter((d): d is string => typeof d === "string")
    : [];
  const range = durationTargetDate(
    duration,
    todayInTimeZone(safeTimeZone(c.user.userTimezone)),
    profile?.weekStart ?? 0,
    custom,
  );
  return range ? { ...listQuery, target_date: range } : listQuery;
}

/** The stats of one widget (GET W/dashboard/{id}/?widget_key=…). */
export async function widgetStats(
  c: StatsCaller,
  widget: WidgetRow | undefined,
  key: string,
  query: RawQuery,
): Promise<DashboardWidgetAnswer> {
  const me = c.user.id;
  const assigned: FilterNode = { field: "assignee_id", op: "in", values: [me] };
  const created: FilterNode = { field: "created_by_id", op: "in", values: [me] };
  const listQuery = Object.fromEntries(Object.entries(query).filter(([k]) => !WIDGET_PARAMS.includes(k)));
  if (key === "overview_stats") {
    const [all, pending, completed, mine] = await Promise.all([
      countAndFirst(c, assigned, {}, 0),
      countAndFirst(c, { and: [assigned, tabFilter("pending", "")] }, {}, 0),
      countAndFirst(c, { and: [assigned, tabFilter("completed", "")] }, {}, 0),
      countAndFirst(c, created, {}, 0),
    ]);
    return {
      assigned_issues_count: all.count,
      pending_issues_count: pending.count,
      completed_issues_count: completed.count,
      created_issues_count: mine.count,
    };
  }
  if (key === "assigned_issues" || key === "created_issues") {
    const asked =
      typeof query.issue_type === "string"
        ? query.issue_type
        : ((widget?.filters as { tab?: string } | undefined)?.tab ?? "pending");
    if (!(WIDGET_ISSUE_TABS as readonly string[]).includes(asked))
      throw errors.badRequest("Please specify a valid issue type");
    const today = todayInTimeZone(safeTimeZone(c.user.userTimezone));
    return countAndFirst(
      c,
      { and: [key === "assigned_issues" ? assigned : created, tabFilter(asked as WidgetIssueTab, today)] },
      await withDuration(c, widget, listQuery, query),
      WIDGET_ISSUES_LIMIT,
    );
  }
  if (key === "issues_by_state_groups")
    return stateGroupStats(
      await groupCounts(c, assigned, await withDuration(c, widget, listQuery, query), "state__group"),
    );
  if (key === "issues_by_priority")
    return priorityStats(await groupCounts(c, assigned, await withDuration(c, widget, listQuery, query), "priority"));
  if (key === "recent_activity") return recentActivity(c.app, c.workspace, c.user);
  if (key === "recent_projects") return recentProjects(c.app, c.workspace.id, me);
  if (key === "recent_collaborators") return recentCollaborators(c.app, c.workspace.id, viewerOf(c), query);
  throw errors.badRequest("Please specify a valid widget key");
}

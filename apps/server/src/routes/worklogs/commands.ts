import { and, desc, eq, sql } from "drizzle-orm";
import { formatDuration, todayInTimeZone } from "@stride/shared";
import type { WorklogCreateBody, WorklogItemSummary, WorklogPatchBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import type { ProjectCtx } from "../../http/route.ts";
import { safeTimeZone } from "../../domain/work-item-list/index.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import type { IssueRow } from "../issues/queries.ts";

export type WorklogRow = typeof schema.issueWorklogs.$inferSelect;
const WL = schema.issueWorklogs;

/** The activity field of a work log's changes on its item (shown in its history; nobody's notification, no webhook). */
export const WORKLOG_FIELD = "worklog";

/** The work item of a work-log route: visible to the caller; a log is written only on a live (not archived) item. */
export function loadWorklogIssue(ctx: ProjectCtx<{ issueId: string }>, write = false): Promise<IssueRow> {
  return loadIssueForRoute(ctx, write ? { archived: false, drafts: false } : {});
}

/** The log `:worklogId` of the route's work item, else 404 (with the item, for its activity). */
export async function loadWorklog(
  ctx: ProjectCtx<{ issueId: string; worklogId: string }>,
): Promise<{ issue: IssueRow; worklog: WorklogRow }> {
  const issue = await loadWorklogIssue(ctx, ctx.req.method !== "GET");
  const [worklog] = await ctx.app.db
    .select()
    .from(WL)
    .where(and(eq(WL.id, ctx.params.worklogId), eq(WL.issueId, issue.id)))
    .limit(1);
  if (!worklog) throw errors.notFound();
  return { issue, worklog };
}

/** An item's logs, the latest day first. */
export function listItemWorklogs(db: DbOrTx, issueId: string): Promise<WorklogRow[]> {
  return db.select().from(WL).where(eq(WL.issueId, issueId)).orderBy(desc(WL.loggedOn), desc(WL.createdAt));
}

const activityOf = (issue: IssueRow, actorId: string, a: Partial<ActivityInput>): ActivityInput => ({
  issueId: issue.id,
  projectId: issue.projectId,
  workspaceId: issue.workspaceId,
  actorId,
  field: WORKLOG_FIELD,
  ...a,
});

/** Log time on an item (by the caller, on `logged_on` or their today), with its activity. */
export async function createWorklog(
  tx: DbOrTx,
  issue: IssueRow,
  actor: { id: string; userTimezone: string | null },
  body: WorklogCreateBody,
): Promise<WorklogRow> {
  const [row] = await tx
    .insert(WL)
    .values({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      loggedById: actor.id,
      duration: body.duration,
      loggedOn: body.logged_on ?? todayInTimeZone(safeTimeZone(actor.userTimezone)),
      description: body.description ?? "",
      createdById: actor.id,
      updatedById: actor.id,
    })
    .returning();
  await recordActivity(
    tx,
    activityOf(issue, actor.id, {
      verb: "created",
      newValue: String(row.duration),
      newIdentifier: row.id,
      comment: `logged ${formatDuration(row.duration)}`,
    }),
  );
  return row;
}

/** Change a log's minutes, day or note, with its activity (nothing when nothing changes). */
export async function updateWorklog(
  tx: DbOrTx,
  issue: IssueRow,
  worklog: WorklogRow,
  actorId: string,
  body: WorklogPatchBody,
): Promise<WorklogRow> {
  const next = {
    duration: body.duration ?? worklog.duration,
    loggedOn: body.logged_on ?? worklog.loggedOn,
    description: body.description ?? worklog.description,
  };
  if (
    next.duration === worklog.duration &&
    next.loggedOn === worklog.loggedOn &&
    next.description === worklog.description
  )
    return worklog;
  const [row] = await tx
    .update(WL)
    .set({ ...next, updatedAt: new Date(), updatedById: actorId })
    .where(eq(WL.id, worklog.id))
    .returning();
  const comment =
    next.duration !== worklog.duration
      ? `changed a time log from ${formatDuration(worklog.duration)} to ${formatDuration(next.duration)}`
      : `changed a time log of ${formatDuration(next.duration)}`;
  await recordActivity(
    tx,
    activityOf(issue, actorId, {
      verb: "updated",
      oldValue: String(worklog.duration),
      newValue: String(row.duration),
      oldIdentifier: row.id,
      newIdentifier: row.id,
      comment,
    }),
  );
  return row;
}

/** Remove a log, with its activity. */
export async function deleteWorklog(tx: DbOrTx, issue: IssueRow, worklog: WorklogRow, actorId: string): Promise<void> {
  await tx.delete(WL).where(eq(WL.id, worklog.id));
  await recordActivity(
    tx,
    activityOf(issue, actorId, {
      verb: "deleted",
      oldValue: String(worklog.duration),
      oldIdentifier: worklog.id,
      comment: `removed a time log of ${formatDuration(worklog.duration)}`,
    }),
  );
}

/**
 * The item's estimate in minutes: its point's value when the project's active estimate is a time estimate (values
 * are minutes), else null.
 */
export async function estimateMinutes(
  db: DbOrTx,
  issue: Pick<IssueRow, "estimatePointId" | "projectId">,
): Promise<number | null> {
  if (!issue.estimatePointId) return null;
  const EP = schema.estimatePoints;
  const [row] = await db
    .select({ value: EP.value })
    .from(EP)
    .innerJoin(schema.estimates, eq(schema.estimates.id, EP.estimateId))
    .innerJoin(
      schema.projects,
      and(eq(schema.projects.id, EP.projectId), eq(schema.projects.estimateId, EP.estimateId)),
    )
    .where(and(eq(EP.id, issue.estimatePointId), eq(schema.estimates.type, "time")))
    .limit(1);
  const n = row ? Number(row.value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

/**
 * The time logged on an item and on its sub-items at any depth (not deleted), its estimate, and the item's own
 * minutes per person. One statement for the totals (a recursive walk down the parent links).
 */
export async function itemSummary(db: DbOrTx, issue: IssueRow): Promise<WorklogItemSummary> {
  const [first] = await db.execute<{ own: string | null; sub: string | null }>(sql`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT i.id, 1 FROM issues i WHERE i.parent = ${issue.id} AND i.deleted_at IS NULL AND i.project = ${issue.projectId}
      UNION ALL
      SELECT i.id, t.depth + 1 FROM issues i JOIN tree t ON i.parent = t.id WHERE i.deleted_at IS NULL AND t.depth < 50
    )
    SELECT
      (SELECT sum(duration) FROM issue_worklogs WHERE issue = ${issue.id}) AS own,
      (SELECT sum(w.duration) FROM issue_worklogs w WHERE w.issue IN (SELECT DISTINCT id FROM tree)) AS sub`);
  const own = Number(first?.own ?? 0);
  const sub = Number(first?.sub ?? 0);
  const byMember = await db
    .select({ logged_by: WL.loggedById, duration: sql<number>`sum(${WL.duration})::int` })
    .from(WL)
    .where(eq(WL.issueId, issue.id))
    .groupBy(WL.loggedById)
    .orderBy(desc(sql`sum(${WL.duration})`));
  return {
    issue_id: issue.id,
    duration: own,
    sub_issues_duration: sub,
    total_duration: own + sub,
    estimate_minutes: await estimateMinutes(db, issue),
    by_member: byMember,
  };
}

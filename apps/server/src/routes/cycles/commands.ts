import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { cycleEndInstant, cycleEnded, cycleStartInstant } from "@stride/shared";
import type { CreateCycleBody, UpdateCycleBody } from "@stride/shared/contract";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { dropFavoritesOf } from "../../domain/favorites.ts";
import type { ProjectRow } from "../../http/route.ts";
import { findProjectIssues } from "../issues/access.ts";
import { setCycle } from "../issues/bulk.ts";
import { loadCycle, takeSnapshot, type CycleRow } from "./queries.ts";
import { emitEntityWebhook } from "../../domain/webhook-events.ts";

const cycleTable = schema.cycles;
const CI = schema.cycleIssues;

export const BOTH_DATES = "Both start date and end date are either required or are to be null";
export const START_AFTER_END = "Start date cannot exceed end date";
export const ENDED_NO_EDIT = "The Cycle has already been completed so it cannot be edited";
export const OVERLAP =
  "You have a cycle already on the given dates, if you want to create a draft cycle you can do that by removing dates";
export const DATES_REQUIRED = "Start date and end date both are required";
export const ARCHIVE_NOT_ENDED = "Only completed cycles can be archived";
export const TRANSFER_NOT_ENDED = "Only the work items of an ended cycle can be transferred";
export const TRANSFER_TARGET_ENDED = "The cycle where the issues are transferred is already completed";
export const TRANSFER_SAME = "The work items cannot be transferred to the same cycle";

/** The stored bounds of a pair of days: project-local start of the first, end of the last (wire-facts §7). */
function bounds(
  start: string | null | undefined,
  end: string | null | undefined,
  timeZone: string,
): { startDate: Date | null; endDate: Date | null } {
  if (!start !== !end) throw errors.badRequest(BOTH_DATES);
  if (!start || !end) return { startDate: null, endDate: null };
  if (start > end) throw errors.body(400, { non_field_errors: [START_AFTER_END] });
  return { startDate: cycleStartInstant(start, timeZone), endDate: cycleEndInstant(end, timeZone) };
}

const DAY = (d: Date | null, tz: string) =>
  d
    ? new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(d)
    : null;

export async function createCycle(
  db: DbOrTx,
  project: ProjectRow,
  actorId: string,
  body: CreateCycleBody,
): Promise<CycleRow> {
  const { startDate, endDate } = bounds(body.start_date, body.end_date, project.timezone);
  const [row] = await db
    .insert(cycleTable)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      name: body.name,
      description: body.description ?? "",
      startDate,
      endDate,
      ownedById: actorId,
      viewProps: body.view_props ?? {},
      sortOrder: body.sort_order ?? 65535,
      logoProps: body.logo_props ?? {},
      externalSource: body.external_source ?? null,
      externalId: body.external_id ?? null,
      timezone: project.timezone,
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  await emitEntityWebhook(db, {
    event: "cycle",
    action: "created",
    workspaceId: project.workspaceId,
    entityId: row.id,
    actorId,
  });
  return row;
}

/** PATCH: an ended cycle takes only `sort_order` (anything else is refused when sort_order is absent). */
export async function updateCycle(
  tx: Tx,
  project: ProjectRow,
  cycle: CycleRow,
  actorId: string,
  body: UpdateCycleBody,
): Promise<CycleRow> {
  const set: Partial<typeof cycleTable.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (cycleEnded(cycle.endDate)) {
    if (body.sort_order === undefined) throw errors.badRequest(ENDED_NO_EDIT);
    set.sortOrder = body.sort_order;
  } else {
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
    if (body.view_props !== undefined) set.viewProps = body.view_props;
    if (body.logo_props !== undefined) set.logoProps = body.logo_props;
    if (body.external_source !== undefined) set.externalSource = body.external_source;
    if (body.external_id !== undefined) set.externalId = body.external_id;
    if (body.start_date !== undefined || body.end_date !== undefined) {
      const start = body.start_date !== undefined ? body.start_date : DAY(cycle.startDate, project.timezone);
      const end = body.end_date !== undefined ? body.end_date : DAY(cycle.endDate, project.timezone);
      Object.assign(set, bounds(start, end, project.timezone));
    }
  }
  const [row] = await tx.update(cycleTable).set(set).where(eq(cycleTable.id, cycle.id)).returning();
  await emitEntityWebhook(tx, {
    event: "cycle",
    action: "updated",
    workspaceId: cycle.workspaceId,
    entityId: cycle.id,
    actorId,
    before: cycle,
  });
  return row;
}

/** The items currently in a cycle (any, for moving them out). */
async function itemsOf(tx: DbOrTx, project: ProjectRow, cycleId: string, groups?: string[]) {
  const rows = await tx
    .select({ id: CI.issueId })
    .from(CI)
    .innerJoin(schema.issues, eq(schema.issues.id, CI.issueId))
    .leftJoin(schema.states, eq(schema.states.id, schema.issues.stateId))
    .where(
      and(
        eq(CI.cycleId, cycleId),
        isNull(schema.issues.deletedAt),
        groups
          ? sql`coalesce(${schema.states.group}, 'backlog') = ANY(${sql`ARRAY[${sql.join(
              groups.map((g) => sql`${g}`),
              sql`, `,
            )}]::text[]`})`
          : undefined,
      ),
    );
  return findProjectIssues(
    tx,
    project.id,
    rows.map((r) => r.id),
    { forUpdate: true },
  );
}

/** DELETE: its items leave it (activity on each), favourites and the cycle's list preferences go. */
export async function deleteCycle(tx: Tx, project: ProjectRow, cycle: CycleRow, actorId: string): Promise<void> {
  await setCycle(tx, project, actorId, await itemsOf(tx, project, cycle.id), null);
  await dropFavoritesOf(tx, "cycle", [cycle.id]);
  await tx
    .delete(schema.projectUserProperties)
    .where(
      and(
        eq(schema.projectUserProperties.projectId, project.id),
        eq(schema.projectUserProperties.kind, "cycle"),
        eq(schema.projectUserProperties.entityId, cycle.id),
      ),
    );
  await tx.delete(cycleTable).where(eq(cycleTable.id, cycle.id));
  await emitEntityWebhook(tx, {
    event: "cycle",
    action: "deleted",
    workspaceId: cycle.workspaceId,
    entityId: cycle.id,
    actorId,
  });
}

/** date-check: false when another cycle of the project overlaps the days. */
export async function datesFree(
  db: DbOrTx,
  project: ProjectRow,
  start: string | null | undefined,
  end: string | null | undefined,
  exceptId?: string | null,
): Promise<boolean> {
  if (!start || !end) throw errors.badRequest(DATES_REQUIRED);
  const s = cycleStartInstant(start, project.timezone);
  const e = cycleEndInstant(end, project.timezone);
  const [hit] = await db
    .select({ id: cycleTable.id })
    .from(cycleTable)
    .where(
      and(
        eq(cycleTable.projectId, project.id),
        exceptId ? ne(cycleTable.id, exceptId) : undefined,
        sql`${cycleTable.startDate} IS NOT NULL AND ${cycleTable.endDate} IS NOT NULL AND ${cycleTable.startDate} <= ${e.toISOString()}::timestamptz AND ${cycleTable.endDate} >= ${s.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return !hit;
}

/** POST cycle-issues/: the items move into the cycle (out of any other). */
export async function addItems(
  tx: Tx,
  project: ProjectRow,
  cycle: CycleRow,
  actorId: string,
  issueIds: string[],
): Promise<void> {
  const rows = await findProjectIssues(tx, project.id, [...new Set(issueIds)], { forUpdate: true });
  await setCycle(tx, project, actorId, rows, cycle.id);
}

/** DELETE cycle-issues/{issue}/: 404 when the item is not in this cycle. */
export async function removeItem(
  tx: Tx,
  project: ProjectRow,
  cycle: CycleRow,
  actorId: string,
  issueId: string,
): Promise<void> {
  const [link] = await tx
    .select({ id: CI.id })
    .from(CI)
    .where(and(eq(CI.cycleId, cycle.id), eq(CI.issueId, issueId)))
    .limit(1);
  if (!link) throw errors.notFound();
  const rows = await findProjectIssues(tx, project.id, [issueId], { forUpdate: true });
  await setCycle(tx, project, actorId, rows, null);
}

/**
 * transfer-issues: the ended cycle's progress is frozen in `progress_snapshot`, then its unfinished items (backlog,
 * unstarted, started) move to the other cycle, which must not have ended.
 */
export async function transferItems(
  tx: Tx,
  project: ProjectRow,
  cycle: CycleRow,
  actorId: string,
  newCycleId: string,
): Promise<void> {
  if (newCycleId === cycle.id) throw errors.badRequest(TRANSFER_SAME);
  const target = await loadCycle(tx, project.id, newCycleId).catch(() => {
    throw errors.field("new_cycle_id", "Invalid cycle");
  });
  if (!cycleEnded(cycle.endDate)) throw errors.badRequest(TRANSFER_NOT_ENDED);
  if (cycleEnded(target.endDate)) throw errors.badRequest(TRANSFER_TARGET_ENDED);
  const snapshot = await takeSnapshot(tx, project, cycle);
  await tx
    .update(cycleTable)
    .set({ progressSnapshot: snapshot, updatedAt: new Date(), updatedById: actorId })
    .where(eq(cycleTable.id, cycle.id));
  await setCycle(
    tx,
    project,
    actorId,
    await itemsOf(tx, project, cycle.id, ["backlog", "unstarted", "started"]),
    target.id,
  );
}

/** POST archive/: ended cycles only; their favourites go. */
export async function archiveCycle(tx: Tx, cycle: CycleRow, actorId: string): Promise<Date> {
  if (!cycleEnded(cycle.endDate)) throw errors.badRequest(ARCHIVE_NOT_ENDED);
  const now = new Date();
  await tx
    .update(cycleTable)
    .set({ archivedAt: now, updatedAt: now, updatedById: actorId })
    .where(eq(cycleTable.id, cycle.id));
  await dropFavoritesOf(tx, "cycle", [cycle.id]);
  return now;
}

export async function restoreCycle(db: DbOrTx, cycle: CycleRow, actorId: string): Promise<void> {
  await db
    .update(cycleTable)
    .set({ archivedAt: null, updatedAt: new Date(), updatedById: actorId })
    .where(eq(cycleTable.id, cycle.id));
}

/** Count of sub-items among a cycle's items (detail's `sub_issues`). */
export async function subIssueCount(db: DbOrTx, cycleId: string, ownerId: string | null = null): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(CI)
    .innerJoin(schema.issues, eq(schema.issues.id, CI.issueId))
    .where(
      and(
        eq(CI.cycleId, cycleId),
        isNull(schema.issues.deletedAt),
        isNull(schema.issues.archivedAt),
        sql`${schema.issues.parentId} IS NOT NULL`,
        ownerId ? eq(schema.issues.createdById, ownerId) : undefined,
      ),
    );
  return r?.n ?? 0;
}

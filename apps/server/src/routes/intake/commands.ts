import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  INTAKE_STATUS,
  INTAKE_STATUS_LABEL,
  ROLE,
  nextIntakeState,
  parseLegacyFilters,
  todayInTimeZone,
  FilterError,
  type IntakeChange,
  type IntakeState,
  type IntakeStatus,
} from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import { parsePage } from "../../http/pagination.ts";
import { one, filterError } from "../../domain/work-item-list/index.ts";
import { compileFilter } from "../../domain/work-item-list/filters-sql.ts";
import { Params } from "../../domain/work-item-list/sql.ts";
import { createIssue, defaultState, deleteIssue, updateIssue, type IssueFields } from "../issues/commands.ts";
import type { IssueRow } from "../issues/queries.ts";
import { requireReadable } from "../../http/readable.ts";
import { scheduleIntakeWake } from "./wake.ts";
import { requireFilledValues } from "../../domain/item-properties.ts";

const II = schema.intakeIssues;
const IN = schema.intakes;
export type IntakeRow = typeof IN.$inferSelect;
export type IntakeIssueRow = typeof II.$inferSelect;

export const INTAKE_NOT_FOUND = "Intake not found";
export const FORM_NOT_FOUND = "Intake form not found";
export const FORM_RATE_PER_MINUTE = 10;

/** A fresh public-form key: 32 hex characters, like Plane's deploy-board anchors. */
export const newAnchor = () => crypto.randomBytes(16).toString("hex");

/** The project's intake, made the first time its intake feature is on (idempotent; one per project). */
export async function ensureIntake(
  tx: DbOrTx,
  project: Pick<ProjectRow, "id" | "workspaceId">,
  actorId: string | null,
): Promise<void> {
  await tx
    .insert(IN)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      name: "Intake",
      anchor: newAnchor(),
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoNothing({ target: IN.projectId });
}

/** The project's intake: 404 "Intake not found" when the feature is off or there is none. */
export async function loadIntake(db: DbOrTx, project: ProjectRow): Promise<IntakeRow> {
  if (!project.intakeView) throw errors.notFound(INTAKE_NOT_FOUND);
  const [row] = await db.select().from(IN).where(eq(IN.projectId, project.id)).limit(1);
  if (!row) throw errors.notFound(INTAKE_NOT_FOUND);
  return row;
}

/** Who is asking: guests (below member) see only the requests they filed. */
export interface IntakeViewer {
  userId: string;
  projectRole: number | null;
}
const ownOnly = (v: IntakeViewer) => (v.projectRole ?? 0) < ROLE.MEMBER;

/** The open test of §4: pending, or snoozed with a date that has passed. */
const OPEN_SQL = `(ii.status = -2 OR (ii.status = 0 AND ii.snoozed_till <= now()))`;

/** `status` of the list: a comma list of the five numbers (default pending). */
function statusCondition(raw: string | undefined): string {
  const parts = (raw ?? "-2")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const conds: string[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!/^-?\d+$/.test(p) || ![-2, -1, 0, 1, 2].includes(n))
      throw errors.badParam(`Invalid status value '${p.slice(0, 20)}'`);
    if (n === INTAKE_STATUS.pending) conds.push(OPEN_SQL);
    else if (n === INTAKE_STATUS.snoozed) conds.push(`(ii.status = 0 AND ii.snoozed_till > now())`);
    else conds.push(`ii.status = ${n}`);
  }
  return conds.length ? `(${conds.join(" OR ")})` : OPEN_SQL;
}

const PRIORITY_RANK = `(CASE i.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END)`;
const ORDER_COLUMNS: Record<string, string> = {
  created_at: "ii.created_at",
  updated_at: "ii.updated_at",
  issue__created_at: "i.created_at",
  issue__updated_at: "i.updated_at",
  sequence_id: "i.sequence_id",
  issue__sequence_id: "i.sequence_id",
  name: "lower(i.name)",
  issue__name: "lower(i.name)",
  priority: PRIORITY_RANK,
  issue__priority: PRIORITY_RANK,
};

function orderSql(raw: string | undefined): string {
  const v = raw && raw !== "" ? raw : "-issue__created_at";
  const desc = v.startsWith("-");
  const col = ORDER_COLUMNS[desc ? v.slice(1) : v];
  if (!col) throw errors.badParam(`Invalid order_by value '${v.slice(0, 60)}'`);
  return `${col} ${desc ? "DESC" : "ASC"}, ii.created_at DESC, ii.id`;
}

/** GET P/inbox-issues/: one page of the intake's items (status, legacy filters, order_by, cursor), newest first. */
export async function listIntakeItems(
  app: AppContext,
  project: ProjectRow,
  intake: IntakeRow,
  viewer: IntakeViewer,
  query: Record<string, unknown>,
) {
  const page = parsePage({ per_page: one(query.per_page), cursor: one(query.cursor) }, 10);
  const q = new Params();
  const where = [
    `ii.intake = ${q.p(intake.id, "uuid")}`,
    "i.deleted_at IS NULL",
    statusCondition(one(query.status) ?? one(query.inbox_status)),
  ];
  if (ownOnly(viewer)) where.push(`ii.created_by = ${q.p(viewer.userId, "uuid")}`);
  const flat: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(query))
    if (typeof v === "string" || Array.isArray(v)) flat[k] = Array.isArray(v) ? v.map(String) : v;
  let filter: string | null = null;
  try {
    filter = compileFilter(
      parseLegacyFilters(flat, todayInTimeZone(project.timezone)),
      q,
      project.timezone,
      (a) => `${a}.project = ${q.p(project.id, "uuid")}`,
    );
  } catch (e) {
    if (e instanceof FilterError) throw filterError(e);
    throw e;
  }
  if (filter) where.push(filter);
  const from = `FROM intake_issues ii JOIN issues i ON i.id = ii.issue WHERE ${where.join(" AND ")}`;
  const countValues = [...q.values];
  const text = `SELECT ii.id ${from} ORDER BY ${orderSql(one(query.order_by))} LIMIT ${q.p(page.perPage, "int")} OFFSET ${q.p(page.offset, "bigint")}`;
  const [rows, counted] = await Promise.all([
    app.sql.unsafe(text, q.values as never[]) as unknown as Promise<{ id: string }[]>,
    app.sql.unsafe(`SELECT count(*)::int AS n ${from}`, countValues as never[]) as unknown as Promise<{ n: number }[]>,
  ]);
  const items = await loadItemRows(
    app.db,
    rows.map((r) => r.id),
  );
  return { page, total: Number(counted[0]?.n ?? 0), items };
}

export interface IntakeItemRow {
  item: IntakeIssueRow;
  issue: IssueRow;
}

/** Items with their work items, in the order of `ids`. */
export async function loadItemRows(db: DbOrTx, ids: readonly string[]): Promise<IntakeItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: II, issue: schema.issues })
    .from(II)
    .innerJoin(schema.issues, eq(schema.issues.id, II.issueId))
    .where(inArray(II.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is IntakeItemRow => !!r);
}

/** The item of a work item in this intake (path ids are work-item ids), hidden from guests who did not file it. */
export async function loadIntakeItem(
  db: DbOrTx,
  intake: IntakeRow,
  issueId: string,
  viewer: IntakeViewer,
): Promise<IntakeItemRow> {
  const [row] = await db
    .select({ item: II, issue: schema.issues })
    .from(II)
    .innerJoin(schema.issues, eq(schema.issues.id, II.issueId))
    .where(and(eq(II.intakeId, intake.id), eq(II.issueId, issueId), isNull(schema.issues.deletedAt)))
    .limit(1);
  if (!row) throw errors.notFound();
  if (ownOnly(viewer) && row.item.createdById !== viewer.userId) throw errors.notFound();
  return row;
}

/** The project's hidden triage state, where intake items wait (made if an old project lacks it). */
export async function triageState(tx: DbOrTx, project: Pick<ProjectRow, "id" | "workspaceId">): Promise<string> {
  const S = schema.states;
  const [s] = await tx
    .select({ id: S.id })
    .from(S)
    .where(and(eq(S.projectId, project.id), eq(S.group, "triage")))
    .orderBy(asc(S.sequence))
    .limit(1);
  if (s) return s.id;
  const [made] = await tx
    .insert(S)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      name: "Triage",
      color: "#4E5355",
      group: "triage",
      isTriage: true,
      sequence: 95000,
    })
    .onConflictDoNothing()
    .returning({ id: S.id });
  if (made) return made.id;
  throw errors.badRequest("The project has no triage state");
}

/**
 * File a request: the work item goes into the triage state (out of the project's lists) and its intake row
 * is pending. `actorId` is null for the public form.
 */
export async function createIntakeItem(
  tx: DbOrTx,
  project: ProjectRow,
  intake: IntakeRow,
  actorId: string | null,
  issue: IssueFields & { name: string },
  source: string,
  sourceEmail: string | null = null,
  /** What the path asks of the project's properties: every one but people (forms, app, API), or none (the space). */
  asks: "properties" | "nothing" = "properties",
): Promise<IntakeIssueRow> {
  const stateId = await triageState(tx, project);
  // an intake item is neither a draft nor planned yet: cycles and modules come after acceptance
  const { is_draft: _d, module_ids: _m, ...fields } = issue as IssueFields & { name: string; cycle_id?: unknown };
  delete (fields as { cycle_id?: unknown }).cycle_id;
  // a required person (or, from the space's panel, any required property) may wait for the triager; accepting
  // asks for it
  const created = await createIssue(
    tx,
    project,
    actorId,
    { ...fields, state_id: stateId },
    { allowTriage: true, requiredLater: asks === "nothing" ? "all" : "people" },
  );
  const [row] = await tx
    .insert(II)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      intakeId: intake.id,
      issueId: created.id,
      status: INTAKE_STATUS.pending,
      source,
      sourceEmail,
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  return row;
}

/** The activity row of a triage change (field `intake`: the status before and after, the duplicate target's id). */
function triageActivity(base: Omit<ActivityInput, "field">, cur: IntakeState, next: IntakeState): ActivityInput | null {
  const statusChanged = cur.status !== next.status;
  const snoozeMoved = next.status === INTAKE_STATUS.snoozed && cur.snoozed_till !== next.snoozed_till;
  const targetMoved = next.status === INTAKE_STATUS.duplicate && cur.duplicate_to !== next.duplicate_to;
  if (!statusChanged && !snoozeMoved && !targetMoved) return null;
  const label = (s: IntakeStatus) => INTAKE_STATUS_LABEL[s];
  const comment =
    next.status === INTAKE_STATUS.accepted
      ? "accepted the intake work item"
      : next.status === INTAKE_STATUS.declined
        ? "declined the intake work item"
        : next.status === INTAKE_STATUS.duplicate
          ? "marked the intake work item as a duplicate"
          : next.status === INTAKE_STATUS.snoozed
            ? `snoozed the intake work item till ${next.snoozed_till}`
            : "moved the intake work item back to pending";
  return {
    ...base,
    verb: "updated",
    field: "intake",
    oldValue: label(cur.status),
    newValue: label(next.status),
    oldIdentifier: cur.duplicate_to,
    newIdentifier: next.duplicate_to,
    comment,
  };
}

export const DUPLICATE_MISSING = (id: string) => `Invalid pk "${id}" - object does not exist.`;

/**
 * PATCH an item: the triage part (status, snooze, duplicate) by §4's rules, then the work item's own fields.
 * Accepting moves the item from triage into the project's default state (and so into its lists); leaving
 * accepted moves it back to triage. One transaction, every change recorded as activity.
 */
export async function updateIntakeItem(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  row: IntakeItemRow,
  change: IntakeChange,
  issuePatch: IssueFields | undefined,
): Promise<void> {
  const [locked] = await tx.select().from(II).where(eq(II.id, row.item.id)).for("update").limit(1);
  if (!locked) throw errors.notFound();
  const cur: IntakeState = {
    status: locked.status as IntakeStatus,
    snoozed_till: locked.snoozedTill ? locked.snoozedTill.toISOString() : null,
    duplicate_to: locked.duplicateToId,
  };
  // compare dates as instants, not as the client's spelling
  const normalized: IntakeChange = { ...change };
  if (typeof change.snoozed_till === "string") normalized.snoozed_till = new Date(change.snoozed_till).toISOString();
  const t = nextIntakeState(cur, normalized, locked.issueId);
  if (!t.ok) throw errors.field(t.field, t.message);
  const next = t.next;
  const target = next.duplicate_to;
  if (target && target !== cur.duplicate_to) {
    // an item of this project the actor may read (core/readable.ts), else as for an id of nothing
    await requireReadable(tx, { userId: actorId, workspaceId: project.workspaceId }, "issue", [target], {
      projectId: project.id,
      error: () => errors.field("duplicate_to", DUPLICATE_MISSING(target)),
    });
  }
  if (issuePatch && Object.keys(issuePatch).length) {
    // the item's state is the intake's to decide while it waits in triage
    const { state_id: _s, is_draft: _d, ...fields } = issuePatch;
    await updateIssue(tx, project, actorId, locked.issueId, fields);
  }
  const act = triageActivity(
    { issueId: locked.issueId, projectId: project.id, workspaceId: project.workspaceId, actorId },
    cur,
    next,
  );
  if (!act) return;
  await tx
    .update(II)
    .set({
      status: next.status,
      snoozedTill: next.snoozed_till ? new Date(next.snoozed_till) : null,
      duplicateToId: next.duplicate_to,
      updatedAt: new Date(),
      updatedById: actorId,
    })
    .where(eq(II.id, locked.id));
  if (t.accept) {
    // the item enters the project's lists: its type's required values are all set by now
    await requireFilledValues(tx, project, locked.issueId);
    const [issue] = await tx
      .select({ stateId: schema.issues.stateId })
      .from(schema.issues)
      .where(eq(schema.issues.id, locked.issueId))
      .limit(1);
    const triage = await triageState(tx, project);
    if (!issue?.stateId || issue.stateId === triage) {
      const target = project.defaultStateId ?? (await defaultState(tx, project.id))?.id ?? null;
      if (target) await updateIssue(tx, project, actorId, locked.issueId, { state_id: target });
    }
  } else if (t.unaccept) {
    await updateIssue(
      tx,
      project,
      actorId,
      locked.issueId,
      { state_id: await triageState(tx, project) },
      { allowTriage: true },
    );
  }
  if (next.status === INTAKE_STATUS.snoozed && next.snoozed_till && next.snoozed_till !== cur.snoozed_till)
    await scheduleIntakeWake(tx, locked.id, new Date(next.snoozed_till));
  await recordActivity(tx, act);
}

/** DELETE: the intake row goes; a work item that was never accepted goes with it. */
export async function deleteIntakeItem(
  tx: DbOrTx,
  row: IntakeItemRow,
  actorId: string,
  log: (msg: string, err: unknown, childId: string) => void,
): Promise<void> {
  await tx.delete(II).where(eq(II.id, row.item.id));
  if (row.item.status !== INTAKE_STATUS.accepted) await deleteIssue(tx, row.issue, actorId, log);
}

/**
 * Open items per project (pending, or snoozed past their date), for the project list's `intake_count`, counted as
 * `userId` sees the intake (issue #24): all of them in projects where they are a member or admin, the requests they
 * filed where they are a guest, none where they are not in the project.
 */
export async function openCounts(
  db: DbOrTx,
  projectIds: readonly string[],
  userId: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (projectIds.length === 0) return out;
  const PM = schema.projectMembers;
  const rows = await db
    .select({ project: II.projectId, n: sql<number>`count(*)::int` })
    .from(II)
    .innerJoin(schema.issues, eq(schema.issues.id, II.issueId))
    .innerJoin(PM, and(eq(PM.projectId, II.projectId), eq(PM.memberId, userId), eq(PM.isActive, true)))
    .where(
      and(
        inArray(II.projectId, [...projectIds]),
        isNull(schema.issues.deletedAt),
        sql`(${II.status} = -2 OR (${II.status} = 0 AND ${II.snoozedTill} <= now()))`,
        sql`(${PM.role} >= ${ROLE.MEMBER} OR ${II.createdById} = ${userId})`,
      ),
    )
    .groupBy(II.projectId);
  for (const r of rows) out.set(r.project, Number(r.n));
  return out;
}

/** PATCH intake-settings/: switching the form on keeps its anchor (regenerate makes a new one). */
export async function updateSettings(
  tx: DbOrTx,
  intake: IntakeRow,
  actorId: string,
  patch: { is_in_app_enabled?: boolean; is_form_enabled?: boolean; is_email_enabled?: boolean },
): Promise<IntakeRow> {
  const set: Partial<typeof IN.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (patch.is_in_app_enabled !== undefined) set.isInAppEnabled = patch.is_in_app_enabled;
  if (patch.is_form_enabled !== undefined) set.isFormEnabled = patch.is_form_enabled;
  if (patch.is_email_enabled !== undefined) set.isEmailEnabled = patch.is_email_enabled;
  const [row] = await tx.update(IN).set(set).where(eq(IN.id, intake.id)).returning();
  return row;
}

export async function regenerateAnchor(tx: DbOrTx, intake: IntakeRow, actorId: string): Promise<IntakeRow> {
  const [row] = await tx
    .update(IN)
    .set({ anchor: newAnchor(), updatedAt: new Date(), updatedById: actorId })
    .where(eq(IN.id, intake.id))
    .returning();
  return row;
}

/** The public form's intake by anchor, with its project and workspace: null when unknown, off or archived. */
export async function loadFormByAnchor(db: DbOrTx, anchor: string) {
  if (!/^[0-9a-f]{32}$/.test(anchor)) return null;
  const [row] = await db
    .select({ intake: IN, project: schema.projects, workspace: schema.workspaces })
    .from(IN)
    .innerJoin(schema.projects, eq(schema.projects.id, IN.projectId))
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, IN.workspaceId))
    .where(eq(IN.anchor, anchor))
    .limit(1);
  if (!row || !row.intake.isFormEnabled || !row.project.intakeView || row.project.archivedAt) return null;
  return row;
}

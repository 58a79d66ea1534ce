import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../db/client.ts";
import { commitAhead, rawOf } from "../db/raw.ts";
import type { WebhookEvent } from "@stride/shared/contract";

/**
 * Work-item activity (work-tracking.md §3 "Activity", wire-facts §6.4 history).
 *
 * Every write path that changes a work item calls `recordActivity` with the SAME transaction handle
 * as the change, so the history never disagrees with the data. One row per changed field; list
 * fields (assignees, labels, modules) record one row per added or removed value, with the value's
 * id in `new_identifier` / `old_identifier`. Field names and values are the ones Plane's client renders
 * (`parent` with "IDENT-seq" values, `archived_at` with `ARCHIVE_VALUES`).
 */
export type ActivityVerb = "created" | "updated" | "deleted";

export interface ActivityInput {
  issueId: string;
  projectId: string;
  workspaceId: string;
  actorId: string | null;
  verb?: ActivityVerb;
  /** The changed property (`name`, `state`, `labels`, `comment`, `link`, `blocked_by`, …); null for create/delete of the item. */
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  oldIdentifier?: string | null;
  newIdentifier?: string | null;
  /** Human-readable summary; generated when omitted. */
  comment?: string;
  issueCommentId?: string | null;
}

export type ActivityRow = typeof schema.issueActivities.$inferSelect;

const behalfOf = new WeakMap<object, string>();

/**
 * An agent's write (issue #24 point 9): the activity rows and comments written in `tx` record `personId` (who started
 * the run) as `on_behalf_of`, next to their actor (the agent's bot). Scoped to the transaction handle: the commands
 * take the bot as their actor as usual and need no other parameter.
 */
export function actOnBehalfOf(tx: DbOrTx, personId: string): void {
  behalfOf.set(tx, personId);
}

/** The person `tx` writes on behalf of (`actOnBehalfOf`), or null for a person's own write. */
export const onBehalfOfIn = (tx: DbOrTx): string | null => behalfOf.get(tx) ?? null;

/**
 * Listeners run inside the writing transaction right after the rows are written (inserted, or a continued
 * description entry updated), for notifications and webhooks: push a function here from your module or
 * startup. A throwing hook rolls the change back.
 */
export type ActivityHook = (tx: DbOrTx, rows: ActivityRow[]) => Promise<void>;
export const activityHooks: ActivityHook[] = [];

/**
 * A job a write's activity asks for (notifications, webhooks), enqueued in the same statement that inserts the
 * activity rows: one round trip however many jobs and rows a write has. `webhook` enqueues it only when the
 * workspace has an active webhook listening for that event.
 */
export interface PlannedJob {
  task: string;
  payload: unknown;
  maxAttempts: number;
  webhook?: { workspaceId: string; event: WebhookEvent };
}
/** Turns the rows of one write into the jobs to enqueue with them (pure: no database access; push from startup). */
export type ActivityJobPlanner = (rows: readonly ActivityRow[]) => PlannedJob[];
export const activityJobPlanners: ActivityJobPlanner[] = [];

/** Fields that are recorded but not shown in the property history (wire-facts §6.4). */
export const HIDDEN_HISTORY_FIELDS = [
  "comment",
  "vote",
  "reaction",
  "comment_reaction",
  "draft",
  "sort_order",
] as const;

function summary(a: ActivityInput): string {
  const verb = a.verb ?? "updated";
  if (!a.field) return `${verb} the work item`;
  if (verb === "created") return `added ${a.field}${a.newValue ? ` ${a.newValue}` : ""}`;
  if (verb === "deleted") return `removed ${a.field}${a.oldValue ? ` ${a.oldValue}` : ""}`;
  if (a.newValue === null || a.newValue === undefined || a.newValue === "") {
    return a.oldValue ? `removed ${a.field} ${a.oldValue}` : `updated the ${a.field}`;
  }
  return `updated the ${a.field} to ${a.newValue}`;
}

/**
 * Edits are sessions: a description change by the same person within this window of the item's latest
 * activity (their own description change) continues that entry, as description versions do (docs/decisions.md).
 */
export const EDIT_SESSION_MS = 10 * 60 * 1000;

/** The field of the row a parent change leaves on the parents: the child's key added or removed. */
export const SUB_ISSUE_FIELD = "sub_issue";

/**
 * Plane's `archived_at` values: `new_value` "manual_archive" when a person archives, "archive" when the project's
 * automation does; a restore goes from "archive" to "restore".
 */
export const ARCHIVE_VALUES = { manual: "manual_archive", automatic: "archive", restore: "restore" } as const;

const A = schema.issueActivities;

/**
 * A parent change is news on both sides: the child records `parent` (Plane's row) and each parent it left or
 * joined records `sub_issue` with the child's key, so a parent's history shows the sub-items added and removed.
 */
async function withParentSides(tx: DbOrTx, list: ActivityInput[]): Promise<ActivityInput[]> {
  const moves = list.filter((a) => a.field === "parent" && (a.oldIdentifier || a.newIdentifier));
  if (moves.length === 0) return list;
  const keys = new Map<string, string>();
  const rows = await tx
    .select({ id: schema.issues.id, seq: schema.issues.sequenceId, ident: schema.projects.identifier })
    .from(schema.issues)
    .innerJoin(schema.projects, eq(schema.projects.id, schema.issues.projectId))
    .where(inArray(schema.issues.id, [...new Set(moves.map((m) => m.issueId))]));
  for (const r of rows) keys.set(r.id, `${r.ident}-${r.seq}`);
  const out = [...list];
  for (const m of moves) {
    const key = keys.get(m.issueId) ?? "";
    const side = {
      projectId: m.projectId,
      workspaceId: m.workspaceId,
      actorId: m.actorId,
      verb: "updated" as const,
      field: SUB_ISSUE_FIELD,
    };
    if (m.oldIdentifier)
      out.push({
        ...side,
        issueId: m.oldIdentifier,
        oldValue: key,
        newValue: "",
        oldIdentifier: m.issueId,
        comment: `removed the sub-item ${key}`,
      });
    if (m.newIdentifier)
      out.push({
        ...side,
        issueId: m.newIdentifier,
        oldValue: "",
        newValue: key,
        newIdentifier: m.issueId,
        comment: `added the sub-item ${key}`,
      });
  }
  return out;
}

/**
 * A description change continues the item's latest entry when that entry is the same person's description
 * change within `EDIT_SESSION_MS` (an editor saves while the user types: one edit, one entry). The entry keeps
 * its `old_value`, takes the new text and moves to now; a change back to that `old_value` is recorded on its
 * own instead. Returns the continued row, or null to insert.
 */
async function continueDescription(
  tx: DbOrTx,
  a: ActivityInput,
  now: Date,
  epoch: number,
): Promise<ActivityRow | null> {
  if (a.field !== "description" || (a.verb ?? "updated") !== "updated" || !a.actorId) return null;
  const [last] = await tx.select().from(A).where(eq(A.issueId, a.issueId)).orderBy(desc(A.createdAt)).limit(1);
  if (!last || last.field !== "description" || last.verb !== "updated" || last.actorId !== a.actorId) return null;
  if (now.getTime() - last.createdAt.getTime() > EDIT_SESSION_MS) return null;
  // back to the text the entry started from (an undo, a restored version): a change of its own, not a no-op entry
  if ((a.newValue ?? null) === last.oldValue) return null;
  const [row] = await tx
    .update(A)
    .set({ newValue: a.newValue ?? null, epoch, createdAt: now, updatedAt: now, updatedById: a.actorId })
    .where(and(eq(A.id, last.id), eq(A.issueId, a.issueId)))
    .returning();
  return row ?? null;
}

export interface RecordOptions {
  /**
   * Write the rows and their jobs only if this work item exists when the statement runs: a create sends its activity
   * together with the create statement (pipelined on the transaction's connection), before it knows whether the
   * create's checks passed (routes/issues/commands.ts).
   */
  ifIssueExists?: string;
  /**
   * The caller's transaction ends with this statement: its COMMIT is sent right behind it, without waiting for its
   * answer (db/raw.ts `commitAhead`; one round trip fewer, issue #13). For a caller whose statements so far write
   * nothing that should not be kept (a create's, whose writes are conditional on its checks). Not while an activity
   * hook is registered (it may add statements after the rows): the transaction then commits the usual way.
   */
  commitAfter?: boolean;
}

/**
 * Record activity in the caller's transaction (one call may carry many rows): a parent change also records
 * the sub-item on the parents, and a description change may continue the same person's entry.
 */
export async function recordActivity(
  tx: DbOrTx,
  inputs: ActivityInput | ActivityInput[],
  opts: RecordOptions = {},
): Promise<ActivityRow[]> {
  let list = Array.isArray(inputs) ? inputs : [inputs];
  if (list.length === 0) return [];
  list = await withParentSides(tx, list);
  const now = new Date();
  const epoch = Math.floor(now.getTime() / 1000);
  const onBehalfOf = onBehalfOfIn(tx);
  const continued: ActivityRow[] = [];
  const fresh: ActivityInput[] = [];
  for (const a of list) {
    const row = await continueDescription(tx, a, now, epoch);
    if (row) continued.push(row);
    else fresh.push(a);
  }
  // ids made here, so the rows (and the jobs they ask for) are known before the one statement that writes both
  const inserted: ActivityRow[] = fresh.map((a, i) => ({
    id: crypto.randomUUID(),
    issueId: a.issueId,
    projectId: a.projectId,
    workspaceId: a.workspaceId,
    verb: a.verb ?? "updated",
    field: a.field ?? null,
    oldValue: a.oldValue ?? null,
    newValue: a.newValue ?? null,
    comment: a.comment ?? summary(a),
    attachments: [],
    issueCommentId: a.issueCommentId ?? null,
    oldIdentifier: a.oldIdentifier ?? null,
    newIdentifier: a.newIdentifier ?? null,
    epoch,
    actorId: a.actorId,
    onBehalfOfId: onBehalfOf,
    // keep insertion order stable for "oldest first" history within one request
    createdAt: new Date(now.getTime() + i),
    updatedAt: now,
    createdById: a.actorId,
    updatedById: a.actorId,
  }));
  const rows = [...continued, ...inserted];
  const jobs = activityJobPlanners.flatMap((plan) => plan(rows));
  if (inserted.length || jobs.length) {
    const writing = writeActivity(tx, inserted, jobs, opts.ifIssueExists ?? null);
    if (opts.commitAfter && activityHooks.length === 0) commitAhead(tx);
    await writing;
  }
  for (const hook of activityHooks) await hook(tx, rows);
  return rows;
}

/** Activity rows and the jobs they ask for, in one prepared statement. */
const WRITE_ACTIVITY = `
WITH ok AS (
  SELECT $3::uuid IS NULL OR EXISTS (SELECT 1 FROM issues WHERE id = $3::uuid) AS go
), a AS (
  INSERT INTO issue_activities (id, issue, project, workspace, verb, field, old_value, new_value, comment, issue_comment,
    old_identifier, new_identifier, epoch, actor, on_behalf_of, created_at, updated_at, created_by, updated_by)
  SELECT r.id, r.issue, r.project, r.workspace, r.verb, r.field, r.old_value, r.new_value, r.comment, r.issue_comment,
    r.old_identifier, r.new_identifier, r.epoch, r.actor, r.on_behalf_of, r.created_at, r.updated_at, r.actor, r.actor
  FROM json_to_recordset($1::text::json) AS r(id uuid, issue uuid, project uuid, workspace uuid, verb text, field text,
    old_value text, new_value text, comment text, issue_comment uuid, old_identifier uuid, new_identifier uuid,
    epoch double precision, actor uuid, on_behalf_of uuid, created_at timestamptz, updated_at timestamptz)
  WHERE (SELECT go FROM ok)
  RETURNING 1
), j AS (
  SELECT graphile_worker.add_job(identifier => r.task, payload => r.payload, max_attempts => r.max_attempts, job_key_mode => 'replace') AS job
  FROM json_to_recordset($2::text::json) AS r(task text, payload json, max_attempts int, workspace uuid, event text)
  WHERE (SELECT go FROM ok) AND (r.event IS NULL OR EXISTS (
    SELECT 1 FROM webhooks w WHERE w.workspace = r.workspace AND w.is_active AND CASE r.event
      WHEN 'issue' THEN w.on_issue WHEN 'issue_comment' THEN w.on_issue_comment WHEN 'project' THEN w.on_project
      WHEN 'cycle' THEN w.on_cycle WHEN 'module' THEN w.on_module ELSE false END))
)
SELECT (SELECT count(*) FROM a) AS rows, (SELECT count(job) FROM j) AS jobs`;

async function writeActivity(
  tx: DbOrTx,
  rows: readonly ActivityRow[],
  jobs: readonly PlannedJob[],
  ifIssueExists: string | null,
): Promise<void> {
  const r = rows.map((a) => ({
    id: a.id,
    issue: a.issueId,
    project: a.projectId,
    workspace: a.workspaceId,
    verb: a.verb,
    field: a.field,
    old_value: a.oldValue,
    new_value: a.newValue,
    comment: a.comment,
    issue_comment: a.issueCommentId,
    old_identifier: a.oldIdentifier,
    new_identifier: a.newIdentifier,
    epoch: a.epoch,
    actor: a.actorId,
    on_behalf_of: a.onBehalfOfId,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  }));
  const j = jobs.map((x) => ({
    task: x.task,
    payload: x.payload ?? {},
    max_attempts: x.maxAttempts,
    workspace: x.webhook?.workspaceId ?? null,
    event: x.webhook?.event ?? null,
  }));
  // executed now (not on the await's later tick), so a COMMIT sent right behind it (`commitAfter`) follows it
  await rawOf(tx)
    .unsafe(WRITE_ACTIVITY, [JSON.stringify(r), JSON.stringify(j), ifIssueExists], { prepare: true })
    .execute();
}

type Base = Pick<ActivityInput, "issueId" | "projectId" | "workspaceId" | "actorId">;

/** A scalar change (name, priority, dates, …): one row, or none when the value did not change. */
export function scalarChange(
  base: Base,
  field: string,
  oldValue: unknown,
  newValue: unknown,
  ids?: { old?: string | null; new?: string | null },
): ActivityInput[] {
  const o = oldValue === null || oldValue === undefined ? null : String(oldValue);
  const n = newValue === null || newValue === undefined ? null : String(newValue);
  if (o === n && (ids?.old ?? null) === (ids?.new ?? null)) return [];
  return [
    {
      ...base,
      verb: "updated",
      field,
      oldValue: o,
      newValue: n,
      oldIdentifier: ids?.old ?? null,
      newIdentifier: ids?.new ?? null,
    },
  ];
}

/** A list change (assignees, labels, modules): one row per added and per removed id. */
export function setChanges(
  base: Base,
  field: string,
  oldIds: readonly string[],
  newIds: readonly string[],
  nameOf: (id: string) => string,
): ActivityInput[] {
  const before = new Set(oldIds);
  const after = new Set(newIds);
  const out: ActivityInput[] = [];
  for (const id of after) {
    if (!before.has(id))
      out.push({ ...base, verb: "updated", field, oldValue: "", newValue: nameOf(id), newIdentifier: id });
  }
  for (const id of before) {
    if (!after.has(id))
      out.push({ ...base, verb: "updated", field, oldValue: nameOf(id), newValue: "", oldIdentifier: id });
  }
  return out;
}

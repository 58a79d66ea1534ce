import { eq, getTableColumns, sql } from "drizzle-orm";
import type { WebhookEvent } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../db/client.ts";
import { addJob } from "../core/jobs.ts";
import type { PlannedJob } from "./activity.ts";

/**
 * What the writes of projects, cycles, modules, work items and comments tell webhooks (wire-facts §13): the
 * writing transaction enqueues one `webhooks:event` job per changed entity, only when the workspace has an
 * active webhook for that event, so nothing is queued for workspaces without webhooks. The job
 * (routes/webhooks/jobs.ts) serialises the entity and queues one signed delivery per webhook and changed field.
 */
export const WEBHOOK_EVENT_TASK = "webhooks:event";

export type WebhookAction = "created" | "updated" | "deleted";

/** One changed field, as the body's `activity` carries it. */
export interface WebhookChange {
  field: string | null;
  new_value: string | null;
  old_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
}

/** A thing that happened to one entity: one delivery per change (or one for a create or delete). */
export interface WebhookEventJob {
  workspace_id: string;
  event: WebhookEvent;
  action: WebhookAction;
  entity_id: string;
  actor_id: string | null;
  /** An agent's change (the actor is its bot): the person who started the run; the body's `activity.on_behalf_of`. */
  on_behalf_of_id?: string | null;
  changes: WebhookChange[];
}

/** The activity fields of a row that matter here (core/activity.ts `ActivityRow`). */
export interface ActivityLike {
  issueId: string | null;
  workspaceId: string;
  actorId: string | null;
  onBehalfOfId?: string | null;
  verb: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  oldIdentifier: string | null;
  newIdentifier: string | null;
  issueCommentId: string | null;
}

/**
 * Recorded but not a change of the item a receiver hears of (votes, reactions, the parent's side of a move, order,
 * time logged: Plane has no webhook event for work logs).
 */
const QUIET_FIELDS = new Set(["vote", "reaction", "comment_reaction", "draft", "sort_order", "sub_issue", "worklog"]);

const change = (a: ActivityLike): WebhookChange => ({
  field: a.field,
  new_value: a.newValue ?? null,
  old_value: a.oldValue ?? null,
  old_identifier: a.oldIdentifier ?? null,
  new_identifier: a.newIdentifier ?? null,
});

/**
 * The events of one write's work-item activity: an item created is one `issue created` (its other rows are part of
 * the creation), deleted one `issue deleted`; every other changed field of the item is its own `issue updated`
 * change; comment rows are `issue_comment` events of that comment.
 */
export function eventsOfActivity(rows: readonly ActivityLike[]): WebhookEventJob[] {
  const out: WebhookEventJob[] = [];
  const byIssue = new Map<string, ActivityLike[]>();
  for (const r of rows) if (r.issueId) byIssue.set(r.issueId, [...(byIssue.get(r.issueId) ?? []), r]);
  for (const [issueId, list] of byIssue) {
    const base = {
      workspace_id: list[0].workspaceId,
      actor_id: list[0].actorId,
      ...(list[0].onBehalfOfId ? { on_behalf_of_id: list[0].onBehalfOfId } : {}),
    };
    if (list.some((r) => r.verb === "created" && r.field === null)) {
      out.push({ ...base, event: "issue", action: "created", entity_id: issueId, changes: [] });
      continue;
    }
    if (list.some((r) => r.verb === "deleted" && (r.field === "issue" || r.field === null))) {
      out.push({ ...base, event: "issue", action: "deleted", entity_id: issueId, changes: [] });
      continue;
    }
    const updates: WebhookChange[] = [];
    for (const r of list) {
      if (r.field === "comment") {
        if (!r.issueCommentId) continue;
        const action: WebhookAction = r.verb === "created" ? "created" : r.verb === "deleted" ? "deleted" : "updated";
        out.push({
          ...base,
          actor_id: r.actorId,
          event: "issue_comment",
          action,
          entity_id: r.issueCommentId,
          changes: action === "updated" ? [change(r)] : [],
        });
      } else if (r.field && !QUIET_FIELDS.has(r.field)) {
        updates.push(change(r));
      }
    }
    if (updates.length) out.push({ ...base, event: "issue", action: "updated", entity_id: issueId, changes: updates });
  }
  return out;
}

/** Bookkeeping columns (database names) that are no news to a receiver. */
const SKIP_COLUMNS = new Set([
  "id",
  "updated_at",
  "updated_by",
  "created_at",
  "created_by",
  "sort_order",
  "view_props",
  "progress_snapshot",
  "list_version",
]);

function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * The changed fields between two versions of a row (project, cycle, module), both keyed by column name: one change
 * per column whose value differs, bookkeeping columns left out.
 */
export function rowChanges(before: Record<string, unknown>, after: Record<string, unknown>): WebhookChange[] {
  const out: WebhookChange[] = [];
  for (const key of Object.keys(after)) {
    if (SKIP_COLUMNS.has(key)) continue;
    const was = asText(before[key]);
    const now = asText(after[key]);
    if (was === now) continue;
    out.push({ field: key, old_value: was, new_value: now, old_identifier: null, new_identifier: null });
  }
  return out;
}

/** Does the workspace have an active webhook listening for `events`? */
async function listening(tx: DbOrTx, workspaceId: string, events: readonly WebhookEvent[]): Promise<boolean> {
  const cols = events.map((e) => sql.identifier(`on_${e}`));
  const rows = await tx.execute(
    sql`SELECT 1 FROM webhooks WHERE workspace = ${workspaceId} AND is_active AND (${sql.join(
      cols.map((c) => sql`${c}`),
      sql` OR `,
    )}) LIMIT 1`,
  );
  return (rows as unknown as unknown[]).length > 0;
}

/**
 * These events as jobs for core/activity.ts to enqueue with the activity rows (each only when its workspace has a
 * listening webhook, checked in that same statement).
 */
export function plannedWebhookJobs(jobs: readonly WebhookEventJob[]): PlannedJob[] {
  return jobs
    .filter((job) => !(job.action === "updated" && job.changes.length === 0))
    .map((job) => ({
      task: WEBHOOK_EVENT_TASK,
      payload: job,
      maxAttempts: 5,
      webhook: { workspaceId: job.workspace_id, event: job.event },
    }));
}

/**
 * A project, cycle or module written in `tx`: `created` / `deleted`, or `updated` with `before` (the row as it
 * was; the row as it is now is read here, so callers add one line after their update).
 */
export async function emitEntityWebhook(
  tx: DbOrTx,
  e: {
    event: "project" | "cycle" | "module";
    action: WebhookAction;
    workspaceId: string;
    entityId: string;
    actorId: string | null;
    before?: Record<string, unknown>;
  },
): Promise<void> {
  if (!(await listening(tx, e.workspaceId, [e.event]))) return;
  let changes: WebhookChange[] = [];
  if (e.action === "updated") {
    const table = { project: schema.projects, cycle: schema.cycles, module: schema.modules }[e.event];
    const [now] = await tx.select().from(table).where(eq(table.id, e.entityId));
    if (!now || !e.before) return;
    // drizzle keys → column names (`projectLeadId` → `project_lead`), the names on the wire
    const columns = Object.entries(getTableColumns(table)).map(([key, col]) => [key, col.name] as const);
    const byColumn = (row: Record<string, unknown>) =>
      Object.fromEntries(columns.map(([key, name]) => [name, row[key]]));
    changes = rowChanges(byColumn(e.before), byColumn(now as Record<string, unknown>));
    if (changes.length === 0) return;
  }
  await addJob(
    tx,
    WEBHOOK_EVENT_TASK,
    {
      workspace_id: e.workspaceId,
      event: e.event,
      action: e.action,
      entity_id: e.entityId,
      actor_id: e.actorId,
      changes,
    } satisfies WebhookEventJob,
    { maxAttempts: 5 },
  );
}

import { schema, type DbOrTx } from "../db/client.ts";

/**
 * Work-item activity (work-tracking.md §3 "Activity", wire-facts §6.4 history).
 *
 * Every write path that changes a work item calls `recordActivity` with the SAME transaction handle
 * as the change, so the history never disagrees with the data. One row per changed field; list
 * fields (assignees, labels, modules) record one row per added or removed value, with the value's
 * id in `new_identifier` / `old_identifier`.
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

/**
 * Listeners run inside the writing transaction right after the rows are inserted (notifications,
 * webhooks: push a function here from your module or startup). A throwing hook rolls the change back.
 */
export type ActivityHook = (tx: DbOrTx, rows: ActivityRow[]) => Promise<void>;
export const activityHooks: ActivityHook[] = [];

/** Fields that are recorded but not shown in the property history (wire-facts §6.4). */
export const HIDDEN_HISTORY_FIELDS = ["comment", "vote", "reaction", "comment_reaction", "draft", "sort_order"] as const;

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

/** Insert activity rows in the caller's transaction (one call may carry many rows). */
export async function recordActivity(tx: DbOrTx, inputs: ActivityInput | ActivityInput[]): Promise<ActivityRow[]> {
  const list = Array.isArray(inputs) ? inputs : [inputs];
  if (list.length === 0) return [];
  const now = new Date();
  const epoch = Math.floor(now.getTime() / 1000);
  const rows = await tx
    .insert(schema.issueActivities)
    .values(
      list.map((a, i) => ({
        issueId: a.issueId,
        projectId: a.projectId,
        workspaceId: a.workspaceId,
        verb: a.verb ?? "updated",
        field: a.field ?? null,
        oldValue: a.oldValue ?? null,
        newValue: a.newValue ?? null,
        oldIdentifier: a.oldIdentifier ?? null,
        newIdentifier: a.newIdentifier ?? null,
        comment: a.comment ?? summary(a),
        issueCommentId: a.issueCommentId ?? null,
        epoch,
        actorId: a.actorId,
        // keep insertion order stable for "oldest first" history within one request
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
        createdById: a.actorId,
        updatedById: a.actorId,
      })),
    )
    .returning();
  for (const hook of activityHooks) await hook(tx, rows);
  return rows;
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
  return [{ ...base, verb: "updated", field, oldValue: o, newValue: n, oldIdentifier: ids?.old ?? null, newIdentifier: ids?.new ?? null }];
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
    if (!before.has(id)) out.push({ ...base, verb: "updated", field, oldValue: "", newValue: nameOf(id), newIdentifier: id });
  }
  for (const id of before) {
    if (!after.has(id)) out.push({ ...base, verb: "updated", field, oldValue: nameOf(id), newValue: "", oldIdentifier: id });
  }
  return out;
}

import { and, asc, eq, inArray, max } from "drizzle-orm";
import { DEFAULT_SORT_ORDER, SORT_STEP } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import type { ProjectCtx } from "../../http/route.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import type { IssueRow } from "../issues/queries.ts";
import type { CreateTaskBody, UpdateTaskBody } from "./schemas.ts";

const T = schema.issueTasks;
export type TaskRow = typeof T.$inferSelect;

const taskNotFound = () => errors.notFound("Task not found");

/** The tasks of a work item, in their order. */
export async function tasksOf(db: DbOrTx, issueIds: string | string[]): Promise<TaskRow[]> {
  const ids = Array.isArray(issueIds) ? issueIds : [issueIds];
  if (ids.length === 0) return [];
  return db.select().from(T).where(inArray(T.issueId, ids)).orderBy(asc(T.sortOrder), asc(T.createdAt));
}

/** The task `:taskId` of the route's work item (which the caller may see), else 404. */
export async function loadTask(ctx: ProjectCtx<{ issueId: string; taskId: string }>) {
  const issue = await loadIssueForRoute(ctx);
  const [task] = await ctx.app.db
    .select()
    .from(T)
    .where(and(eq(T.id, ctx.params.taskId), eq(T.issueId, issue.id)))
    .limit(1);
  if (!task) throw errors.notFound();
  return { issue, task };
}

async function checkAssignee(tx: DbOrTx, issue: IssueRow, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const [m] = await tx
    .select({ id: schema.projectMembers.id })
    .from(schema.projectMembers)
    .where(
      and(
        eq(schema.projectMembers.projectId, issue.projectId),
        eq(schema.projectMembers.memberId, assigneeId),
        eq(schema.projectMembers.isActive, true),
      ),
    )
    .limit(1);
  if (!m) throw errors.field("assignee_id", "Assignee must be a member of the project.");
}

/** Add tasks after the item's last one (or at their given sort_order), recording activity. */
export async function insertTasks(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  inputs: CreateTaskBody[],
): Promise<TaskRow[]> {
  const [{ m }] = await tx
    .select({ m: max(T.sortOrder) })
    .from(T)
    .where(eq(T.issueId, issue.id));
  let next = m === null || m === undefined ? DEFAULT_SORT_ORDER : Number(m) + SORT_STEP;
  const rows: TaskRow[] = [];
  for (const t of inputs) {
    await checkAssignee(tx, issue, t.assignee_id);
    const sortOrder = t.sort_order ?? next;
    next = Math.max(next, sortOrder) + SORT_STEP;
    const [row] = await tx
      .insert(T)
      .values({
        issueId: issue.id,
        projectId: issue.projectId,
        workspaceId: issue.workspaceId,
        name: t.name,
        description: t.description ?? "",
        status: t.status ?? "pending",
        sortOrder,
        assigneeId: t.assignee_id ?? null,
        completedAt: t.status === "completed" ? new Date() : null,
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    rows.push(row);
  }
  await recordActivity(
    tx,
    rows.map((r) => ({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      verb: "created" as const,
      field: "task",
      newValue: r.name,
      newIdentifier: r.id,
    })),
  );
  return rows;
}

/** Change a task; a rename and a status change are recorded. */
export async function patchTask(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  cur: TaskRow,
  p: UpdateTaskBody,
): Promise<TaskRow> {
  const set: Partial<typeof T.$inferInsert> = {};
  const acts: ActivityInput[] = [];
  const base = {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    field: "task",
    oldIdentifier: cur.id,
    newIdentifier: cur.id,
  };
  if (p.name !== undefined && p.name !== cur.name) {
    set.name = p.name;
    acts.push({ ...base, oldValue: cur.name, newValue: p.name, comment: "renamed a task" });
  }
  if (p.description !== undefined) set.description = p.description;
  if (p.sort_order !== undefined) set.sortOrder = p.sort_order;
  if (p.assignee_id !== undefined) {
    await checkAssignee(tx, issue, p.assignee_id);
    set.assigneeId = p.assignee_id;
  }
  if (p.status !== undefined && p.status !== cur.status) {
    set.status = p.status;
    set.completedAt = p.status === "completed" ? new Date() : null;
    acts.push({ ...base, oldValue: cur.status, newValue: p.status, comment: `marked task ${cur.name} ${p.status}` });
  }
  const [row] = await tx
    .update(T)
    .set({ ...set, updatedAt: new Date(), updatedById: actorId })
    .where(eq(T.id, cur.id))
    .returning();
  await recordActivity(tx, acts);
  return row;
}

/** Change several tasks of the item (404 unless every id is one of its tasks); the tasks in the order of their ids. */
export async function patchTasks(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  updates: (UpdateTaskBody & { id: string })[],
): Promise<TaskRow[]> {
  const ids = [...new Set(updates.map((u) => u.id))];
  const cur = await tx
    .select()
    .from(T)
    .where(and(eq(T.issueId, issue.id), inArray(T.id, ids)));
  if (cur.length !== ids.length) throw taskNotFound();
  const byId = new Map(cur.map((c) => [c.id, c]));
  for (const u of updates) byId.set(u.id, await patchTask(tx, issue, actorId, byId.get(u.id)!, u));
  return ids.map((id) => byId.get(id)!);
}

/** Delete tasks of the item (404 unless every id is one of its tasks), recording activity. */
export async function deleteTasks(tx: DbOrTx, issue: IssueRow, actorId: string, taskIds: string[]): Promise<void> {
  const ids = [...new Set(taskIds)];
  const gone = await tx
    .delete(T)
    .where(and(eq(T.issueId, issue.id), inArray(T.id, ids)))
    .returning();
  if (gone.length !== ids.length) throw taskNotFound();
  await recordActivity(
    tx,
    gone.map((g) => ({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      verb: "deleted" as const,
      field: "task",
      oldValue: g.name,
      oldIdentifier: g.id,
    })),
  );
}

/** Set the tasks' sort orders: `[{id, sort_order}]`, or bare ids in their new order. */
export async function reorderTasks(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  taskOrders: (string | { id: string; sort_order: number })[],
): Promise<void> {
  const orders = taskOrders.map((o, i) =>
    typeof o === "string" ? { id: o, sort_order: DEFAULT_SORT_ORDER + i * SORT_STEP } : o,
  );
  const ids = [...new Set(orders.map((o) => o.id))];
  const cur = await tx
    .select({ id: T.id })
    .from(T)
    .where(and(eq(T.issueId, issue.id), inArray(T.id, ids)));
  if (cur.length !== ids.length) throw taskNotFound();
  for (const o of orders)
    await tx
      .update(T)
      .set({ sortOrder: o.sort_order, updatedAt: new Date(), updatedById: actorId })
      .where(eq(T.id, o.id));
}

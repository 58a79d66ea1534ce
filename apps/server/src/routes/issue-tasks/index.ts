import { z } from "zod";
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import { DEFAULT_SORT_ORDER, SORT_STEP, TASK_STATUSES } from "@stride/shared";
import { route, type RouteModule } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { recordActivity, type ActivityInput } from "../../core/activity.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { P, itemUrls } from "../issues/urls.ts";
import { issueIdsBody, issueParams, projectParams, zNumber, zStr, zUuid, MSG, NAME_MAX } from "../issues/schemas.ts";
import { findProjectIssues, loadIssueForRoute, visibleTo } from "../issues/access.ts";
import { presentTask } from "../issues/presenters.ts";
import type { IssueRow } from "../issues/queries.ts";

const T = schema.issueTasks;
type TaskRow = typeof T.$inferSelect;
const typeMsg = (msg: string) => (iss: { input?: unknown }) => (iss.input === undefined ? MSG.required : msg);

const zStatus = z.enum(TASK_STATUSES, { error: (iss) => (iss.input === undefined ? MSG.required : MSG.choice(iss.input)) });
const taskFields = {
  name: z.string({ error: typeMsg(MSG.string) }).trim().min(1, MSG.blank).max(NAME_MAX, MSG.maxLen(NAME_MAX)),
  description: zStr(20000).optional(),
  status: zStatus.optional(),
  sort_order: zNumber.optional(),
  assignee_id: zUuid.nullable().optional(),
};
const taskCreate = z.object(taskFields);
const taskPatch = z.object(taskFields).partial();
type TaskCreate = z.infer<typeof taskCreate>;
type TaskPatch = z.infer<typeof taskPatch>;
const list = <T extends z.ZodTypeAny>(item: T) => z.array(item, { error: typeMsg(MSG.list) }).min(1, "This list may not be empty.").max(500);

const taskParams = issueParams.extend({ taskId: zUuid });

async function checkAssignee(tx: DbOrTx, issue: IssueRow, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const [m] = await tx
    .select({ id: schema.projectMembers.id })
    .from(schema.projectMembers)
    .where(and(eq(schema.projectMembers.projectId, issue.projectId), eq(schema.projectMembers.memberId, assigneeId), eq(schema.projectMembers.isActive, true)))
    .limit(1);
  if (!m) throw errors.field("assignee_id", "Assignee must be a member of the project.");
}

async function insertTasks(tx: DbOrTx, issue: IssueRow, actorId: string, inputs: TaskCreate[]): Promise<TaskRow[]> {
  const [{ m }] = await tx.select({ m: max(T.sortOrder) }).from(T).where(eq(T.issueId, issue.id));
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
    rows.map((r) => ({ issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId, verb: "created" as const, field: "task", newValue: r.name, newIdentifier: r.id })),
  );
  return rows;
}

async function patchTask(tx: DbOrTx, issue: IssueRow, actorId: string, cur: TaskRow, p: TaskPatch): Promise<TaskRow> {
  const set: Partial<typeof T.$inferInsert> = {};
  const acts: ActivityInput[] = [];
  const base = { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId, field: "task", oldIdentifier: cur.id, newIdentifier: cur.id };
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
  const [row] = await tx.update(T).set({ ...set, updatedAt: new Date(), updatedById: actorId }).where(eq(T.id, cur.id)).returning();
  await recordActivity(tx, acts);
  return row;
}

async function tasksOf(db: DbOrTx, issueId: string) {
  return db.select().from(T).where(eq(T.issueId, issueId)).orderBy(asc(T.sortOrder), asc(T.createdAt));
}

/** Tasks of a work item (status pending / in_progress / completed / cancelled) and its agent executions. */
export const issueTaskRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    method: "GET",
    url: itemUrls("tasks/"),
    scope: "project",
    params: issueParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => (await tasksOf(ctx.app.db, ctx.loaded.id)).map(presentTask),
  });

  route(fastify, app, {
    method: "POST",
    url: itemUrls("tasks/"),
    scope: "project",
    params: issueParams,
    body: taskCreate,
    policy: Policies.project.member,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => presentTask((await ctx.app.db.transaction((tx) => insertTasks(tx, ctx.loaded, ctx.user.id, [ctx.body])))[0]),
  });

  const loadTask = async (ctx: Parameters<typeof loadIssueForRoute>[0] & { params: { taskId: string } }) => {
    const issue = await loadIssueForRoute(ctx);
    const [task] = await ctx.app.db.select().from(T).where(and(eq(T.id, ctx.params.taskId), eq(T.issueId, issue.id))).limit(1);
    if (!task) throw errors.notFound();
    return { issue, task };
  };

  route(fastify, app, {
    method: "PATCH",
    url: itemUrls("tasks/:taskId/"),
    scope: "project",
    params: taskParams,
    body: taskPatch,
    policy: Policies.project.member,
    load: loadTask,
    handler: async (ctx) => presentTask(await ctx.app.db.transaction((tx) => patchTask(tx, ctx.loaded.issue, ctx.user.id, ctx.loaded.task, ctx.body))),
  });

  route(fastify, app, {
    method: "DELETE",
    url: itemUrls("tasks/:taskId/"),
    scope: "project",
    params: taskParams,
    policy: Policies.project.member,
    load: loadTask,
    status: 204,
    handler: async (ctx) => {
      const { issue, task } = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        await tx.delete(T).where(eq(T.id, task.id));
        await recordActivity(tx, { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id, verb: "deleted", field: "task", oldValue: task.name, oldIdentifier: task.id });
      });
      return undefined;
    },
  });

  route(fastify, app, {
    method: "POST",
    url: itemUrls("tasks/bulk-create/"),
    scope: "project",
    params: issueParams,
    body: z.object({ tasks: list(taskCreate) }),
    policy: Policies.project.member,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => (await ctx.app.db.transaction((tx) => insertTasks(tx, ctx.loaded, ctx.user.id, ctx.body.tasks))).map(presentTask),
  });

  route(fastify, app, {
    method: "POST",
    url: itemUrls("tasks/bulk-update/"),
    scope: "project",
    params: issueParams,
    body: z.object({ updates: list(taskPatch.extend({ id: zUuid })) }),
    policy: Policies.project.member,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const issue = ctx.loaded;
      const rows = await ctx.app.db.transaction(async (tx) => {
        const ids = [...new Set(ctx.body.updates.map((u) => u.id))];
        const cur = await tx.select().from(T).where(and(eq(T.issueId, issue.id), inArray(T.id, ids)));
        if (cur.length !== ids.length) throw errors.notFound("Task not found");
        const byId = new Map(cur.map((c) => [c.id, c]));
        for (const u of ctx.body.updates) byId.set(u.id, await patchTask(tx, issue, ctx.user.id, byId.get(u.id)!, u));
        return ids.map((id) => byId.get(id)!);
      });
      return rows.map(presentTask);
    },
  });

  route(fastify, app, {
    method: "POST",
    url: itemUrls("tasks/bulk-delete/"),
    scope: "project",
    params: issueParams,
    body: z.object({ task_ids: list(zUuid) }),
    policy: Policies.project.member,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      const issue = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        const ids = [...new Set(ctx.body.task_ids)];
        const gone = await tx.delete(T).where(and(eq(T.issueId, issue.id), inArray(T.id, ids))).returning();
        if (gone.length !== ids.length) throw errors.notFound("Task not found");
        await recordActivity(
          tx,
          gone.map((g) => ({ issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id, verb: "deleted" as const, field: "task", oldValue: g.name, oldIdentifier: g.id })),
        );
      });
      return undefined;
    },
  });

  // POST {task_orders: [{id, sort_order}] | [id, …]} → the tasks in their new order
  route(fastify, app, {
    method: "POST",
    url: itemUrls("tasks/reorder/"),
    scope: "project",
    params: issueParams,
    body: z.object({ task_orders: list(z.union([zUuid, z.object({ id: zUuid, sort_order: zNumber })])) }),
    policy: Policies.project.member,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const issue = ctx.loaded;
      const orders = ctx.body.task_orders.map((o, i) => (typeof o === "string" ? { id: o, sort_order: DEFAULT_SORT_ORDER + i * SORT_STEP } : o));
      await ctx.app.db.transaction(async (tx) => {
        const ids = [...new Set(orders.map((o) => o.id))];
        const cur = await tx.select({ id: T.id }).from(T).where(and(eq(T.issueId, issue.id), inArray(T.id, ids)));
        if (cur.length !== ids.length) throw errors.notFound("Task not found");
        for (const o of orders) await tx.update(T).set({ sortOrder: o.sort_order, updatedAt: new Date(), updatedById: ctx.user.id }).where(eq(T.id, o.id));
      });
      return (await tasksOf(ctx.app.db, issue.id)).map(presentTask);
    },
  });

  // POST P/tasks/bulk-fetch/ {issue_ids} → {"<issue_id>": [task, …]}
  route(fastify, app, {
    method: "POST",
    url: `${P}/tasks/bulk-fetch/`,
    scope: "project",
    params: projectParams,
    body: issueIdsBody,
    policy: Policies.project.read,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      await findProjectIssues(ctx.app.db, ctx.project.id, ids, { canSee: visibleTo(ctx.user.id, ctx.project, ctx.projectMember) });
      const rows = await ctx.app.db.select().from(T).where(inArray(T.issueId, ids)).orderBy(asc(T.sortOrder), asc(T.createdAt));
      const out: Record<string, ReturnType<typeof presentTask>[]> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const r of rows) out[r.issueId].push(presentTask(r));
      return out;
    },
  });

  // GET P/issues/{id}/agent-executions/ → {agent_executions: [{id, execution_id, created_at}]}
  route(fastify, app, {
    method: "GET",
    url: itemUrls("agent-executions/"),
    scope: "project",
    params: issueParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const E = schema.issueAgentExecutions;
      const rows = await ctx.app.db.select().from(E).where(eq(E.issueId, ctx.loaded.id)).orderBy(desc(E.createdAt));
      return { agent_executions: rows.map((r) => ({ id: r.id, execution_id: r.executionId, created_at: r.createdAt })) };
    },
  });
};

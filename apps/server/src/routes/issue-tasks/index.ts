import { desc, eq } from "drizzle-orm";
import type { Task } from "@stride/shared/contract";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { issueParams, projectParams } from "../../http/fields.ts";
import { taskEndpoints as T } from "@stride/shared/endpoints";
import { onItems } from "../issues/item-endpoint.ts";
import { schema } from "../../db/client.ts";
import { findProjectIssues, loadIssueForRoute, visibleTo } from "../issues/access.ts";
import {
  bulkCreateTasksBody,
  bulkDeleteTasksBody,
  bulkUpdateTasksBody,
  createTaskBody,
  issueIdsBody,
  reorderTasksBody,
  taskParams,
  updateTaskBody,
} from "./schemas.ts";
import { presentAgentExecutions, presentTask } from "./presenters.ts";
import { deleteTasks, insertTasks, loadTask, patchTask, patchTasks, reorderTasks, tasksOf } from "./commands.ts";

/** Tasks of a work item (status pending / in_progress / completed / cancelled) and its agent executions. */
export const issueTaskRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    ...onItems(T.list),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => (await tasksOf(ctx.app.db, ctx.loaded.id)).map(presentTask),
  });

  route(fastify, app, {
    ...onItems(T.create),
    scope: "project",
    params: issueParams,
    body: createTaskBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) =>
      presentTask((await ctx.app.db.transaction((tx) => insertTasks(tx, ctx.loaded, ctx.user.id, [ctx.body])))[0]),
  });

  route(fastify, app, {
    ...onItems(T.update),
    scope: "project",
    params: taskParams,
    body: updateTaskBody,
    policy: PERMISSIONS.workItem.link,
    load: loadTask,
    handler: async (ctx) =>
      presentTask(
        await ctx.app.db.transaction((tx) => patchTask(tx, ctx.loaded.issue, ctx.user.id, ctx.loaded.task, ctx.body)),
      ),
  });

  route(fastify, app, {
    ...onItems(T.remove),
    scope: "project",
    params: taskParams,
    policy: PERMISSIONS.workItem.link,
    load: loadTask,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteTasks(tx, ctx.loaded.issue, ctx.user.id, [ctx.loaded.task.id]));
      return undefined;
    },
  });

  route(fastify, app, {
    ...onItems(T.bulkCreate),
    scope: "project",
    params: issueParams,
    body: bulkCreateTasksBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) =>
      (await ctx.app.db.transaction((tx) => insertTasks(tx, ctx.loaded, ctx.user.id, ctx.body.tasks))).map(presentTask),
  });

  route(fastify, app, {
    ...onItems(T.bulkUpdate),
    scope: "project",
    params: issueParams,
    body: bulkUpdateTasksBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) =>
      (await ctx.app.db.transaction((tx) => patchTasks(tx, ctx.loaded, ctx.user.id, ctx.body.updates))).map(
        presentTask,
      ),
  });

  route(fastify, app, {
    ...onItems(T.bulkDelete),
    scope: "project",
    params: issueParams,
    body: bulkDeleteTasksBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteTasks(tx, ctx.loaded, ctx.user.id, ctx.body.task_ids));
      return undefined;
    },
  });

  // POST {task_orders: [{id, sort_order}] | [id, …]} → the tasks in their new order
  route(fastify, app, {
    ...onItems(T.reorder),
    scope: "project",
    params: issueParams,
    body: reorderTasksBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => reorderTasks(tx, ctx.loaded, ctx.user.id, ctx.body.task_orders));
      return (await tasksOf(ctx.app.db, ctx.loaded.id)).map(presentTask);
    },
  });

  // POST P/tasks/bulk-fetch/ {issue_ids} → {"<issue_id>": [task, …]}
  route(fastify, app, {
    endpoint: T.bulkFetch,
    scope: "project",
    params: projectParams,
    body: issueIdsBody,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      await findProjectIssues(ctx.app.db, ctx.project.id, ids, {
        canSee: visibleTo(ctx.user.id, ctx.project, ctx.projectMember),
      });
      const out: Record<string, Task[]> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const r of await tasksOf(ctx.app.db, ids)) out[r.issueId].push(presentTask(r));
      return out;
    },
  });

  // GET P/issues/{id}/agent-executions/ → {agent_executions: [{id, execution_id, created_at}]}
  route(fastify, app, {
    ...onItems(T.agentExecutions),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const E = schema.issueAgentExecutions;
      return presentAgentExecutions(
        await ctx.app.db.select().from(E).where(eq(E.issueId, ctx.loaded.id)).orderBy(desc(E.createdAt)),
      );
    },
  });
};

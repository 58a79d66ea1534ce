import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

const ITEM = `${PROJECT_API}/issues/:issueId` as const;

/** A work item's tasks and agent executions (each also on `P/epics/:issueId/…`: work-item-kinds.ts). */
export const taskEndpoints = {
  list: endpoint("GET", `${ITEM}/tasks/`).answers<C.Task[]>(),
  create: endpoint("POST", `${ITEM}/tasks/`).sends<In<typeof C.createTaskBody>>().answers<C.Task>(),
  update: endpoint("PATCH", `${ITEM}/tasks/:taskId/`).sends<In<typeof C.updateTaskBody>>().answers<C.Task>(),
  remove: endpoint("DELETE", `${ITEM}/tasks/:taskId/`).answers<void>(),
  bulkCreate: endpoint("POST", `${ITEM}/tasks/bulk-create/`)
    .sends<In<typeof C.bulkCreateTasksBody>>()
    .answers<C.Task[]>(),
  bulkUpdate: endpoint("POST", `${ITEM}/tasks/bulk-update/`)
    .sends<In<typeof C.bulkUpdateTasksBody>>()
    .answers<C.Task[]>(),
  bulkDelete: endpoint("POST", `${ITEM}/tasks/bulk-delete/`).sends<In<typeof C.bulkDeleteTasksBody>>().answers<void>(),
  reorder: endpoint("POST", `${ITEM}/tasks/reorder/`).sends<In<typeof C.reorderTasksBody>>().answers<C.Task[]>(),
  bulkFetch: endpoint("POST", `${PROJECT_API}/tasks/bulk-fetch/`)
    .sends<In<typeof C.issueIdsBody>>()
    .answers<Record<string, C.Task[]>>(),
  agentExecutions: endpoint("GET", `${ITEM}/agent-executions/`).answers<C.AgentExecutions>(),
};

import { z } from "zod";
import { TASK_STATUSES } from "../work-items.ts";
import { fieldError, MSG, name, nonEmptyList, number, text, uuid } from "./fields.ts";

export const taskStatus = () => z.enum(TASK_STATUSES, { error: fieldError(MSG.choice) });

/** POST …/tasks/. */
export const createTaskBody = z.object({
  name: name(),
  description: text(20000).optional(),
  status: taskStatus().optional(),
  sort_order: number().optional(),
  assignee_id: uuid().nullable().optional(),
});
export type CreateTaskBody = z.infer<typeof createTaskBody>;

/** PATCH …/tasks/{id}/. */
export const updateTaskBody = createTaskBody.partial();
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

const TASKS_AT_ONCE = 500;

/** POST …/tasks/bulk-create/ `{tasks}`. */
export const bulkCreateTasksBody = z.object({ tasks: nonEmptyList(createTaskBody, TASKS_AT_ONCE) });
/** POST …/tasks/bulk-update/ `{updates: [{id, …fields}]}`. */
export const bulkUpdateTasksBody = z.object({
  updates: nonEmptyList(updateTaskBody.extend({ id: uuid() }), TASKS_AT_ONCE),
});
/** POST …/tasks/bulk-delete/ `{task_ids}`. */
export const bulkDeleteTasksBody = z.object({ task_ids: nonEmptyList(uuid(), TASKS_AT_ONCE) });
/** POST …/tasks/reorder/ `{task_orders: [{id, sort_order}] | [id, …]}`. */
export const reorderTasksBody = z.object({
  task_orders: nonEmptyList(z.union([uuid(), z.object({ id: uuid(), sort_order: number() })]), TASKS_AT_ONCE),
});

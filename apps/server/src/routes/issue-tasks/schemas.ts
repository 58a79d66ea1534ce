import { idParam, issueParams } from "../../http/fields.ts";

export {
  bulkCreateTasksBody,
  bulkDeleteTasksBody,
  bulkUpdateTasksBody,
  createTaskBody,
  issueIdsBody,
  reorderTasksBody,
  updateTaskBody,
  type CreateTaskBody,
  type UpdateTaskBody,
} from "@stride/shared/contract";

export const taskParams = issueParams.extend({ taskId: idParam() });

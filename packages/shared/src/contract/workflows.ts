import { z } from "zod";
import { choice, fieldError, idList, MSG, uuid } from "./fields.ts";
import type { Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

/** Most moves one state may list (a project has far fewer states). */
export const WORKFLOW_TRANSITIONS_MAX = 200;
/** Most people one move may name. */
export const WORKFLOW_MEMBERS_MAX = 200;

const transition = z.object({
  transition_state_id: uuid(),
  roles: z
    .array(choice([5, 15, 20] as const), { error: fieldError(MSG.list) })
    .max(3, MSG.maxItems(3))
    .default([]),
  member_ids: idList(WORKFLOW_MEMBERS_MAX).default([]),
});

/**
 * PUT P/workflow-states/{state_id}/ (and v1): the whole rule of a state, replacing the one it had: the states its work
 * items may move to, and per move the roles and people who may make it (none: everyone who may edit the item).
 */
export const putWorkflowStateBody = z.object({
  transitions: z
    .array(transition, { error: fieldError(MSG.list) })
    .max(WORKFLOW_TRANSITIONS_MAX, MSG.maxItems(WORKFLOW_TRANSITIONS_MAX)),
});
export type PutWorkflowStateBody = z.infer<typeof putWorkflowStateBody>;

// ---------------------------------------------------------------- responses

export interface WorkflowTransition {
  id: string;
  transition_state_id: string;
  roles: number[];
  member_ids: string[];
}

/** A state's rule (Plane names: workflow state, its transitions, `transition_state_id`, `member_ids`). */
export interface WorkflowState {
  id: string;
  state_id: string;
  project_id: string;
  workspace_id: string;
  transitions: WorkflowTransition[];
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

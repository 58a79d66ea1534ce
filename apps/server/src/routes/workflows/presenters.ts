import type { WorkflowState } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";

export type WorkflowStateRow = typeof schema.workflowStates.$inferSelect;
export type WorkflowTransitionRow = typeof schema.workflowTransitions.$inferSelect;

/** A state's rule with its transitions (in the order they were set). */
export function presentWorkflowState(
  w: WorkflowStateRow,
  transitions: readonly WorkflowTransitionRow[],
): WorkflowState {
  return {
    id: w.id,
    state_id: w.stateId,
    project_id: w.projectId,
    workspace_id: w.workspaceId,
    transitions: transitions.map((t) => ({
      id: t.id,
      transition_state_id: t.transitionStateId,
      roles: [...t.roles],
      member_ids: [...t.memberIds],
    })),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    created_by: w.createdById,
    updated_by: w.updatedById,
  };
}

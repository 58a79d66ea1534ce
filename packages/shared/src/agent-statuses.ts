/** An agent execution's statuses (agents.md §2): shared by the server, the contract and the web's run rules. */
export const EXECUTION_STATUSES = ["pending", "running", "completed", "failed", "cancelled", "timed_out"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** A run in one of these is over. */
export const FINAL_EXECUTION_STATUSES: readonly ExecutionStatus[] = ["completed", "failed", "cancelled", "timed_out"];
/** A run in one of these holds its work item (a second run is refused). */
export const ACTIVE_EXECUTION_STATUSES: readonly ExecutionStatus[] = ["pending", "running"];
/** The tag of the project assistant's conversations (agents.md §1 point 4). */
export const PROJECT_ASSISTANT_TAG = "project-assistant";

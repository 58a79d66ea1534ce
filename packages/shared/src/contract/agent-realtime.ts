import { z } from "zod";
import { fieldError, MSG, uuid } from "./fields.ts";
import type { ClusterPresets, Sandbox, SandboxStatus } from "./environments.ts";
import type { Execution, ExecutionRecord, ExecutionStatus } from "./agents.ts";

/**
 * The realtime side of agents (agents.md §4): the subscription token and the documents the client reads on the
 * `/live/` channel (`clusters/<projectId>`, `executions/<id>`, `sandboxes/<id>`).
 */

/** Most projects one subscription token covers. */
export const SUBSCRIPTION_TOKEN_MAX_PROJECTS = 200;
/** How long a subscription token lets a socket connect (seconds); the client asks anew before it runs out. */
export const SUBSCRIPTION_TOKEN_TTL_S = 10 * 60;
/** The client's text when the token call answers anything but 200 (platform.md §7). */
export const SUBSCRIPTION_TOKEN_FAILED = "Failed to get subscription token";

/** POST W/agent/get-subscription-token/ */
export const subscriptionTokenBody = z.object({
  project_ids: z
    .array(uuid(), { error: fieldError(MSG.list) })
    .min(1, MSG.emptyList)
    .max(SUBSCRIPTION_TOKEN_MAX_PROJECTS, MSG.maxItems(SUBSCRIPTION_TOKEN_MAX_PROJECTS)),
});
export type SubscriptionTokenBody = z.infer<typeof subscriptionTokenBody>;

export interface SubscriptionToken {
  token: string;
  expires_at: string;
  /** The projects of `project_ids` the token covers (those the caller belongs to). */
  project_ids: string[];
}

export interface ClusterRunningExecution {
  id: string;
  status: ExecutionStatus;
  updated_at: string;
  active_issue_id: string | null;
  /** The active work item's tasks: id → status. */
  task_statuses: Record<string, string>;
}

/** `clusters/<projectId>` (agents.md §2 "Cluster"). */
export interface ClusterDocument {
  id: string;
  project_id: string;
  config: ClusterPresets;
  running_executions: ClusterRunningExecution[];
  running_sandboxes: { id: string; status: SandboxStatus }[];
  updated_at: string;
}

/** `sandboxes/<id>`: the sandbox as the API shows it. */
export type SandboxDocument = Sandbox;

/** `executions/<id>`: the execution and its records numbered after the subscribe's `after` (or those new since the last message). */
export interface ExecutionDocument {
  execution: Execution;
  records: ExecutionRecord[];
  updated_at: string;
}

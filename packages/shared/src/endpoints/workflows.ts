import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

/**
 * Workflows (work-tracking.md §3) under a project prefix: the app's (`workflowEndpoints`); API v1 serves the same
 * calls under its own prefix (apps/server/src/routes/v1).
 */
export const workflowEndpointsAt = <TBase extends string>(base: TBase) => ({
  list: endpoint("GET", `${base}/workflow-states/`).answers<C.WorkflowState[]>(),
  put: endpoint("PUT", `${base}/workflow-states/:stateId/`)
    .sends<In<typeof C.putWorkflowStateBody>>()
    .answers<C.WorkflowState>(),
  remove: endpoint("DELETE", `${base}/workflow-states/:stateId/`).answers<void>(),
});
export const workflowEndpoints = workflowEndpointsAt(PROJECT_API);

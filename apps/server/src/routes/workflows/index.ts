import type { FastifyInstance } from "fastify";
import { workflowEndpoints, workflowEndpointsAt } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import type { AppContext } from "../../core/context.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { projectParams } from "../../http/fields.ts";
import { P } from "../../http/paths.ts";
import { putWorkflowStateBody, workflowStateParams } from "./schemas.ts";
import { deleteWorkflowState, loadWorkflowSubject, putWorkflowState, workflowStatesOf } from "./commands.ts";

/**
 * Workflows (`is_workflow_enabled`, work-tracking.md §3): per state, the states its work items may move to and who may
 * make each move. Everyone in the project reads them; project admins set them. The rule is `workflowMove`
 * (@stride/shared), enforced for every state change by `updateIssue` (core/workflow.ts). The same three calls serve
 * the app (`P/workflow-states/`, session) and API v1 (`V1P/workflow-states/`, API key).
 */
export function registerWorkflowRoutes(fastify: FastifyInstance, app: AppContext, base: string, auth?: "apiKey") {
  // the app's calls are the table's; API v1 serves the same ones under its own prefix
  const E = base === P ? workflowEndpoints : workflowEndpointsAt(base);
  route(fastify, app, {
    endpoint: E.list,
    auth,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.workflow.view,
    handler: async ({ project }) => workflowStatesOf(app.db, project.id),
  });
  route(fastify, app, {
    endpoint: E.put,
    auth,
    params: workflowStateParams,
    body: putWorkflowStateBody,
    scope: "project",
    load: ({ project, params }) => loadWorkflowSubject(app.db, project.id, params.stateId),
    policy: PERMISSIONS.workflow.edit,
    handler: async ({ project, user, loaded, body }) => putWorkflowState(app.db, project, user.id, loaded, body),
  });
  route(fastify, app, {
    endpoint: E.remove,
    auth,
    params: workflowStateParams,
    scope: "project",
    load: ({ project, params }) => loadWorkflowSubject(app.db, project.id, params.stateId),
    policy: PERMISSIONS.workflow.edit,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteWorkflowState(app.db, loaded);
    },
  });
}

export const workflowRoutes: RouteModule = (fastify, app) => registerWorkflowRoutes(fastify, app, P);

import { agentRealtimeEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { subscriptionTokenBody } from "./schemas.ts";
import { issueSubscriptionToken } from "./commands.ts";
import { presentSubscriptionToken } from "./presenters.ts";

/**
 * The realtime side of agents (agents.md §4): the subscription token a client opens `/live/?token=` with, to read
 * the `clusters/`, `executions/` and `sandboxes/` documents (live/documents.ts) of its projects.
 */
export const agentRealtimeRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: agentRealtimeEndpoints.subscriptionToken,
    params: slugParams,
    body: subscriptionTokenBody,
    scope: "workspace",
    policy: PERMISSIONS.agentRealtime.token,
    handler: async ({ workspace, user, body }) =>
      presentSubscriptionToken(await issueSubscriptionToken(app, workspace.id, user.id, body)),
  });
};

import { healthEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { checkReadiness } from "./checks.ts";
import { presentHealth, presentReady } from "./presenters.ts";

/**
 * Probes for load balancers and orchestrators, anonymous and never cached:
 * - `GET /api/health`: the process answers (liveness); touches nothing else.
 * - `GET /api/ready`: the database answers within a short timeout and the committed migrations are applied;
 *   503 `{status: "unavailable", checks}` naming what failed otherwise.
 */
export const healthRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: healthEndpoints.health,
    auth: "none",
    policy: null,
    handler: async (ctx) => {
      ctx.reply.header("cache-control", "no-store");
      return presentHealth();
    },
  });

  route(fastify, app, {
    endpoint: healthEndpoints.ready,
    auth: "none",
    policy: null,
    handler: async (ctx) => {
      ctx.reply.header("cache-control", "no-store");
      const checks = await checkReadiness(ctx.app);
      if (checks.database !== "ok" || checks.migrations !== "ok") throw errors.notReady({ ...checks });
      return presentReady();
    },
  });
};

import { healthEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { bearerMatches } from "../../core/metrics.ts";

/**
 * `GET /metrics`: the process's Prometheus metrics (core/metrics.ts) for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the path does not exist (404); a wrong or missing
 * token is a 401. METRICS_PORT serves the same text on its own port without a token (boot.ts).
 */
export const metricsRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: healthEndpoints.metrics,
    auth: "none",
    policy: null,
    handler: async ({ req, reply }) => {
      const token = app.config.metricsToken;
      if (!token) throw errors.pageNotFound();
      if (!bearerMatches(req.headers.authorization, token)) throw errors.unauthenticated();
      const text = await app.metrics.text();
      return reply.header("cache-control", "no-store").type(app.metrics.contentType).send(text);
    },
  });
};

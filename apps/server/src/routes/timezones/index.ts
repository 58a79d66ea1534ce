import { timezoneEndpoints } from "@stride/shared/endpoints";
import { timezoneOptions } from "@stride/shared";
import { route, type RouteModule } from "../../http/route.ts";

/**
 * `GET /api/timezones/` → `{timezones: [{utc_offset, gmt_offset, value, label}]}`, every zone with its offset now,
 * ordered by offset then label: the time-zone pickers of Plane's client (profile, workspace and project settings).
 * Public, as on Plane's server; the offsets change twice a year, so the answer is kept for an hour.
 */
export const timezoneRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: timezoneEndpoints.list,
    auth: "none",
    policy: null,
    handler: async ({ reply }) => {
      reply.header("Cache-Control", "public, max-age=3600");
      return { timezones: timezoneOptions() };
    },
  });
};

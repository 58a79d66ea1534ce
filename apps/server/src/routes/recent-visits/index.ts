import { recentVisitEndpoints } from "@stride/shared/endpoints";
import { z } from "zod";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { listRecentVisits } from "../../domain/recent-visits.ts";

const recentQuery = z.object({ entity_name: z.enum(["issue", "project", "page"]).or(z.literal("")).optional() });

/**
 * GET W/recent-visits/?entity_name= (wire-facts §9): the caller's last 20 visits in the workspace, newest first, with
 * each entity's data. Visits are recorded by the detail reads (core/recent-visits.ts `recordVisit`).
 */
export const recentVisitRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: recentVisitEndpoints.list,
    params: slugParams,
    query: recentQuery,
    scope: "workspace",
    policy: PERMISSIONS.home.view,
    handler: async ({ workspace, user, query }) =>
      listRecentVisits(app.db, workspace.id, user.id, query.entity_name || undefined),
  });
};

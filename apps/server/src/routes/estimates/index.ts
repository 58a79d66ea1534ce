import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { estimateEndpoints as E } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { schema } from "../../db/client.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import {
  createEstimateBody,
  createEstimatePointBody,
  deleteEstimatePointBody,
  deletePointQuery,
  estimateParams,
  estimatePointParams,
  updateEstimateBody,
  updateEstimatePointBody,
} from "./schemas.ts";
import { presentEstimate, presentEstimatePoint } from "./presenters.ts";
import {
  createEstimate,
  createEstimatePoint,
  deleteEstimate,
  deleteEstimatePoint,
  loadEstimate,
  loadEstimatePoint,
  pointsOf,
  updateEstimate,
  updateEstimatePoint,
} from "./commands.ts";

const { estimates, projects, projectMembers } = schema;

/**
 * Estimate systems of a project and their points (work-tracking.md §3, §5, §7; wire-facts §5). Everyone in the
 * project reads them (items show their points); only admins change them (the settings page is admin only).
 * The project's active estimate is `projects.estimate` (PATCH P/ `{estimate}`, routes/projects).
 */
export const estimateRoutes: RouteModule = (fastify, app) => {
  const loadPoint = async (projectId: string, params: { estimateId: string; pointId: string }) => {
    const estimate = await loadEstimate(app.db, projectId, params.estimateId);
    return { estimate, point: await loadEstimatePoint(app.db, estimate, params.pointId) };
  };

  route(fastify, app, {
    endpoint: E.list,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.estimate.view,
    handler: async ({ project }) => {
      const rows = await app.db
        .select()
        .from(estimates)
        .where(eq(estimates.projectId, project.id))
        .orderBy(asc(estimates.createdAt), asc(estimates.id));
      const points = await pointsOf(
        app.db,
        rows.map((r) => r.id),
      );
      return rows.map((e) => presentEstimate(e, points));
    },
  });

  // POST answers 200, as Plane's does (wire-facts §5)
  route(fastify, app, {
    endpoint: E.create,
    params: projectParams,
    body: createEstimateBody,
    scope: "project",
    policy: PERMISSIONS.estimate.create,
    handler: async ({ project, user, body }) => {
      const { estimate, points } = await createEstimate(app, project, user.id, body);
      return presentEstimate(estimate, points);
    },
  });

  route(fastify, app, {
    endpoint: E.get,
    params: estimateParams,
    scope: "project",
    load: ({ project, params }) => loadEstimate(app.db, project.id, params.estimateId),
    policy: PERMISSIONS.estimate.view,
    handler: async ({ loaded }) => presentEstimate(loaded, await pointsOf(app.db, [loaded.id])),
  });

  route(fastify, app, {
    endpoint: E.update,
    params: estimateParams,
    body: updateEstimateBody,
    scope: "project",
    load: ({ project, params }) => loadEstimate(app.db, project.id, params.estimateId),
    policy: PERMISSIONS.estimate.edit,
    handler: async ({ loaded, user, body }) => {
      const { estimate, points } = await updateEstimate(app, loaded, user.id, body);
      return presentEstimate(estimate, points);
    },
  });

  route(fastify, app, {
    endpoint: E.remove,
    params: estimateParams,
    scope: "project",
    load: ({ project, params }) => loadEstimate(app.db, project.id, params.estimateId),
    policy: PERMISSIONS.estimate.delete,
    status: 204,
    handler: async ({ project, loaded, user }) => {
      await deleteEstimate(app, project, loaded, user.id);
    },
  });

  route(fastify, app, {
    endpoint: E.createPoint,
    params: estimateParams,
    body: createEstimatePointBody,
    scope: "project",
    load: ({ project, params }) => loadEstimate(app.db, project.id, params.estimateId),
    policy: PERMISSIONS.estimate.edit,
    handler: async ({ loaded, user, body }) =>
      presentEstimatePoint(await createEstimatePoint(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: E.updatePoint,
    params: estimatePointParams,
    body: updateEstimatePointBody,
    scope: "project",
    load: ({ project, params }) => loadPoint(project.id, params),
    policy: PERMISSIONS.estimate.edit,
    handler: async ({ loaded, user, body }) =>
      presentEstimatePoint(await updateEstimatePoint(app, loaded.estimate, loaded.point, user.id, body)),
  });

  // DELETE → 200 with the remaining points, re-keyed (wire-facts §5)
  route(fastify, app, {
    endpoint: E.removePoint,
    params: estimatePointParams,
    query: deletePointQuery,
    body: deleteEstimatePointBody,
    scope: "project",
    load: ({ project, params }) => loadPoint(project.id, params),
    policy: PERMISSIONS.estimate.edit,
    handler: async ({ project, loaded, user, body, query }) => {
      const next = body.new_estimate_id ?? query.new_estimate_id ?? null;
      return (await deleteEstimatePoint(app, project, loaded.estimate, loaded.point, user.id, next)).map(
        presentEstimatePoint,
      );
    },
  });

  // Estimates of the non-archived projects the caller belongs to.
  route(fastify, app, {
    endpoint: E.workspaceList,
    params: slugParams,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, user }) => {
      const rows = await app.db
        .select({ e: estimates })
        .from(estimates)
        .innerJoin(projects, eq(projects.id, estimates.projectId))
        .where(
          and(
            eq(estimates.workspaceId, workspace.id),
            isNull(projects.archivedAt),
            sql`exists (select 1 from ${projectMembers} pm where pm.project = ${estimates.projectId} and pm.member = ${user.id} and pm.is_active)`,
          ),
        )
        .orderBy(asc(estimates.createdAt), asc(estimates.id));
      const points = await pointsOf(
        app.db,
        rows.map((r) => r.e.id),
      );
      return rows.map((r) => presentEstimate(r.e, points));
    },
  });
};

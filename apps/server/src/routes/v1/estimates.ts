import type { FastifyInstance } from "fastify";
import { asc, desc, eq } from "drizzle-orm";
import { v1CreateEstimateBody, v1CreateEstimatePointsBody, v1UpdateEstimateBody } from "@stride/shared/contract";
import { v1EstimateEndpoints as E1 } from "@stride/shared/endpoints";
import { route, type ProjectRow } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { projectParams } from "../../http/fields.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { estimateParams, estimatePointParams, updateEstimatePointBody } from "../estimates/schemas.ts";
import {
  createBareEstimate,
  createEstimatePoint,
  deleteEstimate,
  deleteEstimatePoint,
  loadEstimate,
  loadEstimatePoint,
  pointsOf,
  renameEstimate,
  updateEstimatePoint,
} from "../estimates/commands.ts";
import { columns, shapeOne, v1ShapeQuery } from "./shape.ts";
import { authorExpanders } from "./presenters.ts";

const E = schema.estimates;
const presentV1Estimate = (e: typeof E.$inferSelect) => columns(E, e);
const presentV1Point = (p: typeof schema.estimatePoints.$inferSelect) => columns(schema.estimatePoints, p);

/** The project's estimate as v1 knows it (one per project): the active one, else the newest. */
async function projectEstimate(db: DbOrTx, project: ProjectRow) {
  if (project.estimateId) {
    const [active] = await db.select().from(E).where(eq(E.id, project.estimateId)).limit(1);
    if (active) return active;
  }
  const [row] = await db
    .select()
    .from(E)
    .where(eq(E.projectId, project.id))
    .orderBy(desc(E.createdAt), asc(E.id))
    .limit(1);
  if (!row) throw errors.v1NotFound();
  return row;
}

/**
 * v1 estimates (`/projects/{pid}/estimates/`, as Plane's SDK calls them): the project's estimate (GET, POST,
 * PATCH, DELETE on the collection path) and its points (`…/estimates/{id}/estimate-points/[{point}/]`), through
 * the app's estimate commands (the 2–6 point rule holds as points are added and removed).
 */
export function registerV1Estimates(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;
  const estimateRules = PERMISSIONS.estimate;
  const current = ({ project }: { project: ProjectRow }) => projectEstimate(db, project);
  const estimate = ({ project, params }: { project: ProjectRow; params: { estimateId: string } }) =>
    loadEstimate(db, project.id, params.estimateId);

  route(fastify, app, {
    endpoint: E1.get,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ShapeQuery,
    policy: estimateRules.view,
    load: current,
    handler: async (ctx) => shapeOne(presentV1Estimate(ctx.loaded), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: E1.create,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: v1CreateEstimateBody,
    policy: estimateRules.create,
    status: 201,
    handler: async (ctx) => presentV1Estimate(await createBareEstimate(app, ctx.project, ctx.user.id, ctx.body)),
  });
  route(fastify, app, {
    endpoint: E1.update,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: v1UpdateEstimateBody,
    policy: estimateRules.edit,
    load: current,
    handler: async (ctx) => presentV1Estimate(await renameEstimate(app, ctx.loaded, ctx.user.id, ctx.body)),
  });
  route(fastify, app, {
    endpoint: E1.remove,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    policy: estimateRules.delete,
    load: current,
    status: 204,
    handler: async (ctx) => {
      await deleteEstimate(app, ctx.project, ctx.loaded, ctx.user.id);
    },
  });

  route(fastify, app, {
    endpoint: E1.points,
    auth: "apiKey",
    scope: "project",
    params: estimateParams,
    policy: estimateRules.view,
    load: estimate,
    handler: async (ctx) => (await pointsOf(db, [ctx.loaded.id])).map(presentV1Point),
  });
  route(fastify, app, {
    endpoint: E1.createPoints,
    auth: "apiKey",
    scope: "project",
    params: estimateParams,
    body: v1CreateEstimatePointsBody,
    policy: estimateRules.edit,
    load: estimate,
    status: 201,
    handler: async (ctx) => {
      const body = ctx.body;
      const many = Array.isArray(body);
      const out = [];
      for (const p of Array.isArray(body) ? body : [body])
        out.push(presentV1Point(await createEstimatePoint(app, ctx.loaded, ctx.user.id, p)));
      return many ? out : out[0];
    },
  });
  const point = async ({
    project,
    params,
  }: {
    project: ProjectRow;
    params: { estimateId: string; pointId: string };
  }) => {
    const e = await loadEstimate(db, project.id, params.estimateId);
    return { estimate: e, point: await loadEstimatePoint(db, e, params.pointId) };
  };
  route(fastify, app, {
    endpoint: E1.updatePoint,
    auth: "apiKey",
    scope: "project",
    params: estimatePointParams,
    body: updateEstimatePointBody,
    policy: estimateRules.edit,
    load: point,
    handler: async (ctx) =>
      presentV1Point(await updateEstimatePoint(app, ctx.loaded.estimate, ctx.loaded.point, ctx.user.id, ctx.body)),
  });
  route(fastify, app, {
    endpoint: E1.removePoint,
    auth: "apiKey",
    scope: "project",
    params: estimatePointParams,
    policy: estimateRules.edit,
    load: point,
    status: 204,
    handler: async (ctx) => {
      await deleteEstimatePoint(app, ctx.project, ctx.loaded.estimate, ctx.loaded.point, ctx.user.id, null);
    },
  });
}

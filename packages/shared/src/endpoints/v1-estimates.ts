import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

const EST = `${V1_PROJECT}/estimates/` as const;
const POINTS = `${EST}:estimateId/estimate-points/` as const;

/**
 * v1 estimates (as Plane's SDK calls them): the project's one estimate on the collection path (GET, POST, PATCH,
 * DELETE) and its points. POST points takes one point or a list and answers the same (one object or a list).
 */
export const v1EstimateEndpoints = {
  get: endpoint("GET", EST).answers<C.V1Object>(),
  create: endpoint("POST", EST).sends<In<typeof C.v1CreateEstimateBody>>().answers<C.V1Object>(),
  update: endpoint("PATCH", EST).sends<In<typeof C.v1UpdateEstimateBody>>().answers<C.V1Object>(),
  remove: endpoint("DELETE", EST).answers<void>(),
  points: endpoint("GET", POINTS).answers<C.V1Object[]>(),
  createPoints: endpoint("POST", POINTS)
    .sends<In<typeof C.v1CreateEstimatePointsBody>>()
    .answers<C.V1Object | C.V1Object[]>(),
  updatePoint: endpoint("PATCH", `${POINTS}:pointId/`)
    .sends<In<typeof C.updateEstimatePointBody>>()
    .answers<C.V1Object>(),
  removePoint: endpoint("DELETE", `${POINTS}:pointId/`).answers<void>(),
};

import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

const EST = `${PROJECT_API}/estimates/:estimateId/` as const;
const POINT = `${EST}estimate-points/:pointId/` as const;

/** Estimate systems and their points (wire-facts §5); the workspace's across the caller's projects. */
export const estimateEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/estimates/`).answers<C.Estimate[]>(),
  /** Answers 200, as Plane's does. */
  create: endpoint("POST", `${PROJECT_API}/estimates/`).sends<In<typeof C.createEstimateBody>>().answers<C.Estimate>(),
  get: endpoint("GET", EST).answers<C.Estimate>(),
  update: endpoint("PATCH", EST).sends<In<typeof C.updateEstimateBody>>().answers<C.Estimate>(),
  remove: endpoint("DELETE", EST).answers<void>(),
  createPoint: endpoint("POST", `${EST}estimate-points/`)
    .sends<In<typeof C.createEstimatePointBody>>()
    .answers<C.EstimatePoint>(),
  updatePoint: endpoint("PATCH", POINT).sends<In<typeof C.updateEstimatePointBody>>().answers<C.EstimatePoint>(),
  /** Answers 200 with the remaining points, re-keyed; the body (or `?new_estimate_id=`) is optional. */
  removePoint: endpoint("DELETE", POINT)
    .sends<In<typeof C.deleteEstimatePointBody> | undefined>()
    .answers<C.EstimatePoint[]>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/estimates/`).answers<C.Estimate[]>(),
};

import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/** Labels (wire-facts §5): a project's, and the workspace's across the caller's projects. */
export const labelEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/issue-labels/`).answers<C.Label[]>(),
  create: endpoint("POST", `${PROJECT_API}/issue-labels/`).sends<In<typeof C.createLabelBody>>().answers<C.Label>(),
  get: endpoint("GET", `${PROJECT_API}/issue-labels/:labelId/`).answers<C.Label>(),
  update: endpoint("PATCH", `${PROJECT_API}/issue-labels/:labelId/`)
    .sends<In<typeof C.updateLabelBody>>()
    .answers<C.Label>(),
  remove: endpoint("DELETE", `${PROJECT_API}/issue-labels/:labelId/`).answers<void>(),
  bulkCreate: endpoint("POST", `${PROJECT_API}/bulk-create-labels/`)
    .sends<In<typeof C.bulkCreateLabelsBody>>()
    .answers<{ labels: C.Label[] }>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/labels/`).answers<C.Label[]>(),
};

/** The endpoint table, one object per resource (see endpoint.ts). Types only from the contract. */
import type { z } from "zod";
import type * as C from "../contract/index.ts";
import { endpoint, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type In<TSchema extends z.ZodType> = z.input<TSchema>;

/** Labels (wire-facts §5): a project's, and the workspace's across the caller's projects. */
export const labelEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/issue-labels/`).answers<C.Label[]>(),
  create: endpoint("POST", `${PROJECT_API}/issue-labels/`).sends<In<typeof C.createLabelBody>>().answers<C.Label>(),
  get: endpoint("GET", `${PROJECT_API}/issue-labels/:labelId/`).answers<C.Label>(),
  update: endpoint("PATCH", `${PROJECT_API}/issue-labels/:labelId/`).sends<In<typeof C.updateLabelBody>>().answers<C.Label>(),
  remove: endpoint("DELETE", `${PROJECT_API}/issue-labels/:labelId/`).answers<void>(),
  bulkCreate: endpoint("POST", `${PROJECT_API}/bulk-create-labels/`).sends<In<typeof C.bulkCreateLabelsBody>>().answers<{ labels: C.Label[] }>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/labels/`).answers<C.Label[]>(),
};

/** States (wire-facts §5): `list` answers the grouped shape with `?grouped=true`. */
export const stateEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/states/`).answers<C.State[] | C.GroupedStates>(),
  create: endpoint("POST", `${PROJECT_API}/states/`).sends<In<typeof C.createStateBody>>().answers<C.State>(),
  update: endpoint("PATCH", `${PROJECT_API}/states/:stateId/`).sends<In<typeof C.updateStateBody>>().answers<C.State>(),
  remove: endpoint("DELETE", `${PROJECT_API}/states/:stateId/`).answers<void>(),
  markDefault: endpoint("POST", `${PROJECT_API}/states/:stateId/mark-default/`).answers<void>(),
  intakeState: endpoint("GET", `${PROJECT_API}/intake-state/`).answers<C.State>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/states/`).answers<C.State[]>(),
};

import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

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

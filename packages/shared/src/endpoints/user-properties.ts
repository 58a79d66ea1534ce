import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/**
 * The caller's list preferences (wire-facts §7): a project's work items and epics (GET creates them with the
 * defaults, PATCH is partial), the display-property toggles, and the workspace's own (sidebar navigation too).
 */
export const userPropertiesEndpoints = {
  get: endpoint("GET", `${PROJECT_API}/user-properties/`).answers<C.UserProperties>(),
  update: endpoint("PATCH", `${PROJECT_API}/user-properties/`)
    .sends<In<typeof C.userPropertiesPatch>>()
    .answers<C.UserProperties>(),
  epicsGet: endpoint("GET", `${PROJECT_API}/epics-user-properties/`).answers<C.UserProperties>(),
  epicsUpdate: endpoint("PATCH", `${PROJECT_API}/epics-user-properties/`)
    .sends<In<typeof C.userPropertiesPatch>>()
    .answers<C.UserProperties>(),
  displayGet: endpoint("GET", `${PROJECT_API}/issue-display-properties/`).answers<C.UserProperties>(),
  displaySet: endpoint("POST", `${PROJECT_API}/issue-display-properties/`)
    .sends<In<typeof C.displayPropertiesPost>>()
    .answers<C.UserProperties>(),
  workspaceGet: endpoint("GET", `${WORKSPACE_API}/user-properties/`).answers<C.WorkspaceUserProperties>(),
  workspaceUpdate: endpoint("PATCH", `${WORKSPACE_API}/user-properties/`)
    .sends<In<typeof C.workspaceUserPropertiesPatch>>()
    .answers<C.WorkspaceUserProperties>(),
};

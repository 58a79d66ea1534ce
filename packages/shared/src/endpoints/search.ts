import type * as C from "../contract/index.ts";
import { endpoint, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/** Search (wire-facts-2 §6): the workspace's, the mention/link pickers' and a project's work items. */
export const searchEndpoints = {
  workspace: endpoint("GET", `${WORKSPACE_API}/search/`).answers<C.WorkspaceSearchResponse>(),
  entities: endpoint("GET", `${WORKSPACE_API}/entity-search/`).answers<C.EntitySearchResponse>(),
  workItems: endpoint("GET", `${PROJECT_API}/search-issues/`).answers<C.IssueSearchItem[]>(),
};

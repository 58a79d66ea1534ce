import type * as C from "../contract/index.ts";
import { endpoint, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/**
 * Work-item lists (wire-facts §6.1), all answered by the one list engine: a project's items (`list`; its epics on
 * `P/epics/`, work-item-kinds.ts), archived items, the detail variant (each item with its relations), items by id
 * (`?issues=a,b`), the local database's sync pages and deleted ids, the workspace's global views and a person's
 * profile tabs. The list params (filters, `group_by`, `cursor`…) are the query's.
 */
export const workItemListEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/issues/`).answers<C.ListEnvelope>(),
  archived: endpoint("GET", `${PROJECT_API}/archived-issues/`).answers<C.ListEnvelope>(),
  detailed: endpoint("GET", `${PROJECT_API}/issues-detail/`).answers<C.ListEnvelope>(),
  byIds: endpoint("GET", `${PROJECT_API}/issues/list/`).answers<C.WorkItemListItem[]>(),
  sync: endpoint("GET", "/api/v2/workspaces/:slug/projects/:projectId/issues/").answers<C.SyncEnvelope>(),
  deletedIds: endpoint("GET", `${PROJECT_API}/deleted-issues/`).answers<string[]>(),
  workspace: endpoint("GET", `${WORKSPACE_API}/issues/`).answers<C.ListEnvelope>(),
  userItems: endpoint("GET", `${WORKSPACE_API}/user-issues/:userId/`).answers<C.ListEnvelope>(),
};

import type * as C from "../contract/index.ts";
import { endpoint, WORKSPACE_API } from "./endpoint.ts";

/** Recent visits (wire-facts §9): the caller's last visits in a workspace (`?entity_name=`). */
export const recentVisitEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/recent-visits/`).answers<C.RecentVisit[]>(),
};

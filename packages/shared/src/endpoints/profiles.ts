import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** People's profiles in a workspace (platform.md §7), counted over what the caller may see. */
export const profileEndpoints = {
  stats: endpoint("GET", `${WORKSPACE_API}/user-stats/:userId/`).answers<C.UserProfileStats>(),
  summary: endpoint("GET", `${WORKSPACE_API}/user-profile/:userId/`).answers<C.UserProfileSummary>(),
  activity: endpoint("GET", `${WORKSPACE_API}/user-activity/:userId/`).answers<C.UserActivityPage>(),
  /** The activity as a CSV file (`text/csv`): the client reads its text. */
  exportActivity: endpoint("POST", `${WORKSPACE_API}/user-activity/:userId/export/`)
    .sends<In<typeof C.activityExportBody>>()
    .answers<string>(),
};

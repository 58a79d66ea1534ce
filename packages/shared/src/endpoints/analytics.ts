import type * as C from "../contract/index.ts";
import { endpoint, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/**
 * Analytics (wire-facts-2 §4), the workspace's and a project's. An answer's shape follows the query: `tab`
 * (overview or work-items totals), `type` (the projects chart or a timeline/custom chart).
 */
export const analyticsEndpoints = {
  totals: endpoint("GET", `${WORKSPACE_API}/advance-analytics/`).answers<C.AnalyticsOverview | C.AnalyticsWorkItems>(),
  projectTotals: endpoint("GET", `${PROJECT_API}/advance-analytics/`).answers<C.AnalyticsWorkItems>(),
  stats: endpoint("GET", `${WORKSPACE_API}/advance-analytics-stats/`).answers<C.AnalyticsProjectStatsRow[]>(),
  projectStats: endpoint("GET", `${PROJECT_API}/advance-analytics-stats/`).answers<C.AnalyticsAssigneeStatsRow[]>(),
  charts: endpoint("GET", `${WORKSPACE_API}/advance-analytics-charts/`).answers<
    C.AnalyticsNamedCount[] | C.AnalyticsChart
  >(),
  projectCharts: endpoint("GET", `${PROJECT_API}/advance-analytics-charts/`).answers<
    C.AnalyticsNamedCount[] | C.AnalyticsChart
  >(),
};

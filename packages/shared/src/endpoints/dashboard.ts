import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** The home dashboard (wire-facts §9): its widgets, their stats (`?widget_key=`) and their settings. */
export const dashboardEndpoints = {
  home: endpoint("GET", `${WORKSPACE_API}/dashboard/`).answers<C.DashboardWithWidgets>(),
  widgetStats: endpoint("GET", `${WORKSPACE_API}/dashboard/:dashboardId/`).answers<C.DashboardWidgetAnswer>(),
  get: endpoint("GET", "/api/dashboard/:dashboardId/").answers<C.DashboardWithWidgets>(),
  updateWidget: endpoint("PATCH", "/api/dashboard/:dashboardId/widgets/:widgetId/")
    .sends<In<typeof C.dashboardWidgetPatchBody>>()
    .answers<{ message: string }>(),
};

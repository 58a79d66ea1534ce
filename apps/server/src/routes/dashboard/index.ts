import { dashboardEndpoints } from "@stride/shared/endpoints";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS, POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { listQuery, slugParams } from "../../http/fields.ts";
import { one } from "../../domain/work-item-list/index.ts";
import {
  dashboardParams,
  dashboardQuery,
  dashboardWidgetPatchBody,
  widgetParams,
  workspaceDashboardParams,
} from "./schemas.ts";
import { presentDashboardWithWidgets } from "./presenters.ts";
import { homeDashboard, loadOwnDashboard, loadWidget, patchWidget, widgetsOf, widgetStats } from "./commands.ts";

/**
 * The home dashboard (platform.md §7): one `home` dashboard per person with its widgets (`W/dashboard/`), a widget's
 * stats in a workspace (`W/dashboard/{dashboardId}/?widget_key=overview_stats|assigned_issues|created_issues` with
 * `issue_type` pending / upcoming / overdue / completed and list filters such as `target_date`;
 * `issues_by_state_groups|issues_by_priority` (the caller's assigned items per bucket, list filters such as the
 * duration's `target_date`); `recent_activity|recent_projects|recent_collaborators` (`search`, `per_page`, `cursor`)), the dashboard
 * itself (`/api/dashboard/{id}/`) and a widget's visibility, place and filters (PATCH). Another person's dashboard
 * does not exist for the caller (404).
 */
export const dashboardRoutes: RouteModule = (fastify, app) => {
  const homeRules = PERMISSIONS.home;

  route(fastify, app, {
    endpoint: dashboardEndpoints.home,
    params: slugParams,
    query: dashboardQuery,
    scope: "workspace",
    policy: homeRules.view,
    handler: async ({ user, query }) => {
      if (query.dashboard_type !== "home") throw errors.badRequest("Please specify a valid dashboard type");
      const { dashboard, widgets } = await homeDashboard(app.db, user.id, "home");
      return presentDashboardWithWidgets(dashboard, widgets);
    },
  });

  route(fastify, app, {
    endpoint: dashboardEndpoints.widgetStats,
    params: workspaceDashboardParams,
    query: listQuery,
    scope: "workspace",
    policy: homeRules.view,
    load: ({ user, params }) => loadOwnDashboard(app.db, user.id, params.dashboardId),
    handler: async ({ user, workspace, query, loaded }) => {
      const key = one(query.widget_key) ?? "overview_stats";
      const widget = (await widgetsOf(app.db, loaded.id)).find((w) => w.key === key);
      return widgetStats({ app, workspace, user }, widget, key, query);
    },
  });

  route(fastify, app, {
    endpoint: dashboardEndpoints.get,
    params: dashboardParams,
    policy: POLICIES.user.any,
    load: ({ user, params }) => loadOwnDashboard(app.db, user.id, params.dashboardId),
    handler: async ({ loaded }) => presentDashboardWithWidgets(loaded, await widgetsOf(app.db, loaded.id)),
  });

  route(fastify, app, {
    endpoint: dashboardEndpoints.updateWidget,
    params: widgetParams,
    body: dashboardWidgetPatchBody,
    policy: POLICIES.user.any,
    load: async ({ user, params }) =>
      loadWidget(app.db, (await loadOwnDashboard(app.db, user.id, params.dashboardId)).id, params.widgetId),
    handler: async ({ loaded, body, user }) => {
      await patchWidget(app.db, loaded, body, user.id);
      return { message: "successfully updated" };
    },
  });
};

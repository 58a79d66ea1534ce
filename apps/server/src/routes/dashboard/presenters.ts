import type { Dashboard, DashboardWidget, DashboardWithWidgets } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { auditFields } from "../../http/present.ts";

type DashboardRow = typeof schema.dashboards.$inferSelect;
type WidgetRow = typeof schema.dashboardWidgets.$inferSelect;

export function presentDashboard(d: DashboardRow): Dashboard {
  return {
    id: d.id,
    name: d.name,
    description_html: d.descriptionHtml,
    identifier: d.identifier,
    owned_by: d.ownedById,
    is_default: d.isDefault,
    type_identifier: d.typeIdentifier,
    logo_props: d.logoProps as Record<string, unknown>,
    ...auditFields(d),
  };
}

export function presentWidget(w: WidgetRow): DashboardWidget {
  return {
    id: w.id,
    key: w.key,
    is_visible: w.isVisible,
    sort_order: w.sortOrder,
    widget_filters: w.filters as Record<string, unknown>,
  };
}

export function presentDashboardWithWidgets(d: DashboardRow, widgets: WidgetRow[]): DashboardWithWidgets {
  return { dashboard: presentDashboard(d), widgets: widgets.map(presentWidget) };
}

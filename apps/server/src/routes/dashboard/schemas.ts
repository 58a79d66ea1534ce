import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export { dashboardWidgetPatchBody } from "@stride/shared/contract";
export const dashboardParams = z.object({ dashboardId: idParam() });
export const workspaceDashboardParams = slugParams.extend({ dashboardId: idParam() });
export const widgetParams = dashboardParams.extend({ widgetId: idParam() });
/** `W/dashboard/?dashboard_type=home`. */
export const dashboardQuery = z.object({ dashboard_type: z.string().optional() });

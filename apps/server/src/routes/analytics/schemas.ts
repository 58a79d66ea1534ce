import { z } from "zod";
import { projectParams, slugParams } from "../../http/fields.ts";

/**
 * Query of every `advance-analytics*` call (wire-facts-2 §4). Values are read leniently here and checked by the
 * handlers, which answer the documented 400 bodies; `epic` is accepted and ignored, `y_axis` sums estimate points
 * instead of counting work items when it is `ESTIMATE_POINT_COUNT` (any other value counts, as Plane's server does).
 */
export const analyticsQuery = z.object({
  tab: z.string().optional(),
  type: z.string().optional(),
  x_axis: z.string().optional(),
  group_by: z.string().optional(),
  y_axis: z.string().optional(),
  project_ids: z.string().optional(),
  cycle_id: z.string().optional(),
  module_id: z.string().optional(),
  date_filter: z.string().optional(),
  epic: z.string().optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export { projectParams, slugParams };

import { featureOffMessage, type TrackingFeatureFlag } from "@stride/shared";
import { errors } from "./errors.ts";
import type { schema } from "../db/client.ts";

type ProjectRow = typeof schema.projects.$inferSelect;

export type { TrackingFeatureFlag };

/** The project column behind each feature switch a route may name (`RouteSpec.feature`). */
const COLUMN: Record<TrackingFeatureFlag, "isTimeTrackingEnabled" | "isProjectUpdatesEnabled"> = {
  is_time_tracking_enabled: "isTimeTrackingEnabled",
  is_project_updates_enabled: "isProjectUpdatesEnabled",
};

/** Is the feature switched on in the project? */
export const featureOn = (
  project: Pick<ProjectRow, "isTimeTrackingEnabled" | "isProjectUpdatesEnabled">,
  flag: TrackingFeatureFlag,
): boolean => !!project[COLUMN[flag]];

/**
 * A route of a switched-off feature refuses every call with 400 `{error: "Time tracking is not enabled for this
 * project."}` (docs/decisions.md): after the role gate (a caller without the role learns nothing), before the input.
 */
export function assertFeature(
  project: Pick<ProjectRow, "isTimeTrackingEnabled" | "isProjectUpdatesEnabled">,
  flag: TrackingFeatureFlag,
): void {
  if (!featureOn(project, flag)) throw errors.badRequest(featureOffMessage(flag));
}

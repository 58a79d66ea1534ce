import type { InferSelectModel } from "drizzle-orm";
import type { Estimate, EstimatePoint } from "@stride/shared/contract";
import { isEstimateType } from "@stride/shared";
import { auditFields } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";

export type EstimateRow = InferSelectModel<typeof schema.estimates>;
export type EstimatePointRow = InferSelectModel<typeof schema.estimatePoints>;

/** Estimate point (wire-facts §5). */
export function presentEstimatePoint(p: EstimatePointRow): EstimatePoint {
  return {
    id: p.id,
    key: p.key,
    value: p.value,
    description: p.description,
    estimate: p.estimateId,
    project: p.projectId,
    workspace: p.workspaceId,
    ...auditFields(p),
  };
}

/** Estimate with its points in key order (wire-facts §5). */
export function presentEstimate(e: EstimateRow, points: readonly EstimatePointRow[]): Estimate {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    type: isEstimateType(e.type) ? e.type : "categories",
    last_used: e.lastUsed,
    project: e.projectId,
    workspace: e.workspaceId,
    points: points
      .filter((p) => p.estimateId === e.id)
      .sort((a, b) => a.key - b.key)
      .map(presentEstimatePoint),
    ...auditFields(e),
  };
}

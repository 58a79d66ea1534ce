import { z } from "zod";
import {
  ESTIMATE_MSG,
  ESTIMATE_NAME_MAX,
  ESTIMATE_POINTS_MAX,
  ESTIMATE_TYPES,
  duplicateValueIndexes,
  estimateValueProblem,
  type EstimateType,
} from "../estimates.ts";
import { fieldError, flag, integerIn, MSG, requiredText, text, uuid } from "./fields.ts";
import type { AuditFields } from "./common.ts";

// ---------------------------------------------------------------- request bodies

const estimateType = () => z.enum(ESTIMATE_TYPES, { error: fieldError(MSG.choice) });
/** A point's key: its 1-based position in the system. */
const pointKey = () => integerIn(1, ESTIMATE_POINTS_MAX + 1);
/** A point's value as sent; its rules depend on the system's type and are checked against it. */
const pointValue = () => text(255);
const pointDescription = () => text(10000);

/**
 * POST P/estimates/ `{estimate: {name, type, last_used, description?}, estimate_points: [{key, value}]}`
 * (wire-facts §5). The points' count (2–6), values and repeats are checked with the shared rules.
 */
export const createEstimateBody = z
  .object({
    estimate: z.object(
      {
        name: requiredText(ESTIMATE_NAME_MAX).optional(),
        description: text(10000).optional(),
        type: estimateType().optional(),
        last_used: flag().optional(),
      },
      { error: fieldError(MSG.dict) },
    ),
    estimate_points: z
      .array(
        z.object({ key: pointKey().optional(), value: pointValue(), description: pointDescription().optional() }),
        { error: fieldError(MSG.list) },
      )
      .max(50, MSG.maxItems(50)),
  })
  .superRefine((b, ctx) => {
    const type: EstimateType = b.estimate.type ?? "categories";
    const values = b.estimate_points.map((p) => p.value);
    if (values.length < 2 || values.length > ESTIMATE_POINTS_MAX) {
      ctx.addIssue({ code: "custom", path: ["estimate_points"], message: ESTIMATE_MSG.count });
      return;
    }
    values.forEach((v, i) => {
      const p = estimateValueProblem(type, v);
      if (p) ctx.addIssue({ code: "custom", path: ["estimate_points", i, "value"], message: p });
    });
    for (const i of duplicateValueIndexes(type, values))
      ctx.addIssue({ code: "custom", path: ["estimate_points", i, "value"], message: ESTIMATE_MSG.duplicate });
  });
export type CreateEstimateBody = z.infer<typeof createEstimateBody>;

/**
 * PATCH P/estimates/{id}/ `{estimate?: {name?, type?, description?}, estimate_points: [{id, key?, value?}]}`:
 * renames, changes the type, edits and reorders points in one go (the result is checked as a whole).
 */
export const updateEstimateBody = z.object({
  estimate: z
    .object(
      {
        name: requiredText(ESTIMATE_NAME_MAX).optional(),
        description: text(10000).optional(),
        type: estimateType().optional(),
      },
      { error: fieldError(MSG.dict) },
    )
    .optional(),
  estimate_points: z
    .array(
      z.object({
        id: uuid(),
        key: pointKey().optional(),
        value: pointValue().optional(),
        description: pointDescription().optional(),
      }),
      { error: fieldError(MSG.list) },
    )
    .max(50, MSG.maxItems(50))
    .optional(),
});
export type UpdateEstimateBody = z.infer<typeof updateEstimateBody>;

/** POST P/estimates/{id}/estimate-points/ `{key?, value, description?}`: a new point, at `key` or last. */
export const createEstimatePointBody = z.object({
  key: pointKey().optional(),
  value: pointValue(),
  description: pointDescription().optional(),
});
export type CreateEstimatePointBody = z.infer<typeof createEstimatePointBody>;

/** PATCH P/estimates/{id}/estimate-points/{pointId}/ `{key?, value?, description?}`; a new key moves the point. */
export const updateEstimatePointBody = z.object({
  key: pointKey().optional(),
  value: pointValue().optional(),
  description: pointDescription().optional(),
});
export type UpdateEstimatePointBody = z.infer<typeof updateEstimatePointBody>;

/** DELETE P/estimates/{id}/estimate-points/{pointId}/ `{new_estimate_id?}`: the point whose items take over. */
export const deleteEstimatePointBody = z.object({ new_estimate_id: uuid().nullable().optional() });
export type DeleteEstimatePointBody = z.infer<typeof deleteEstimatePointBody>;

// ---------------------------------------------------------------- responses

/** Estimate point (work-tracking.md §3, wire-facts §5). */
export interface EstimatePoint extends AuditFields {
  id: string;
  key: number;
  value: string;
  description: string;
  estimate: string;
  project: string;
  workspace: string;
}

/** Estimate system with its points in key order (work-tracking.md §3, wire-facts §5). */
export interface Estimate extends AuditFields {
  id: string;
  name: string;
  description: string;
  type: EstimateType;
  last_used: boolean;
  project: string;
  workspace: string;
  points: EstimatePoint[];
}

// ---------------------------------------------------------------- public API v1 (wire-facts §12; Plane's SDK)

/** POST v1 P/estimates/: the system alone; its points follow through …/estimate-points/. */
export const v1CreateEstimateBody = z.object({
  name: requiredText(ESTIMATE_NAME_MAX),
  description: text(10000).optional(),
  type: estimateType().optional(),
  last_used: flag().optional(),
});
export type V1CreateEstimateBody = z.infer<typeof v1CreateEstimateBody>;
/** PATCH v1 P/estimates/: name and description only. */
export const v1UpdateEstimateBody = z.object({
  name: requiredText(ESTIMATE_NAME_MAX).optional(),
  description: text(10000).optional(),
});
export type V1UpdateEstimateBody = z.infer<typeof v1UpdateEstimateBody>;
/** POST v1 …/estimate-points/: one point or a list of them, added in order. */
export const v1CreateEstimatePointsBody = z.union([
  createEstimatePointBody,
  z
    .array(createEstimatePointBody, { error: fieldError(MSG.list) })
    .min(1, MSG.emptyList)
    .max(ESTIMATE_POINTS_MAX, MSG.maxItems(ESTIMATE_POINTS_MAX)),
]);

import { z } from "zod";
import { idParam, projectParams } from "../../http/fields.ts";

export {
  createEstimateBody,
  updateEstimateBody,
  createEstimatePointBody,
  updateEstimatePointBody,
  deleteEstimatePointBody,
  type CreateEstimateBody,
  type UpdateEstimateBody,
  type CreateEstimatePointBody,
  type UpdateEstimatePointBody,
} from "@stride/shared/contract";

export const estimateParams = projectParams.extend({ estimateId: idParam() });
export const estimatePointParams = estimateParams.extend({ pointId: idParam() });
/** DELETE …/estimate-points/{id}/ also takes `?new_estimate_id=` (Plane's older client sends it as a query). */
export const deletePointQuery = z.object({ new_estimate_id: z.uuid().optional() });

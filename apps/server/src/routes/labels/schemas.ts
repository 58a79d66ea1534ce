import { idParam, projectParams } from "../../http/fields.ts";

export {
  bulkCreateLabelsBody,
  createLabelBody,
  updateLabelBody,
  type BulkCreateLabelsBody,
  type CreateLabelBody,
  type UpdateLabelBody,
} from "@stride/shared/contract";

export const labelParams = projectParams.extend({ labelId: idParam() });

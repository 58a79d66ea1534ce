import { z } from "zod";
import { idParam, projectParams } from "../../http/fields.ts";

export {
  bulkCreateLabelsBody, createLabelBody, updateLabelBody, BULK_LABELS_MAX, LABEL_NAME_MAX,
  type BulkCreateLabelsBody, type CreateLabelBody, type UpdateLabelBody,
} from "@stride/shared/contract";

export const labelParams = projectParams.extend({ labelId: idParam() });
export type LabelParams = z.infer<typeof labelParams>;

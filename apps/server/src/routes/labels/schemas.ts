import { z } from "zod";
import { color, number, optionalText, requiredText, uuidField, uuidParam } from "../projects/fields.ts";

export const LABEL_NAME_MAX = 255;
export const BULK_LABELS_MAX = 500;

export const labelParams = z.object({ slug: z.string(), projectId: uuidParam, labelId: uuidParam });

const labelFields = {
  color: color().optional(),
  description: optionalText(10000).optional(),
  parent: uuidField().nullable().optional(),
  sort_order: number().optional(),
};

export const createLabelBody = z.object({ name: requiredText(LABEL_NAME_MAX), ...labelFields });
export type CreateLabelInput = z.infer<typeof createLabelBody>;

export const updateLabelBody = z.object({ name: requiredText(LABEL_NAME_MAX).optional(), ...labelFields });
export type UpdateLabelInput = z.infer<typeof updateLabelBody>;

export const bulkCreateLabelsBody = z.object({
  label_data: z
    .array(createLabelBody, { error: (iss) => (iss.input === undefined ? "This field is required." : "Expected a list of items.") })
    .min(1, "This list may not be empty.")
    .max(BULK_LABELS_MAX, `Ensure this field has no more than ${BULK_LABELS_MAX} elements.`),
});
export type BulkCreateLabelsInput = z.infer<typeof bulkCreateLabelsBody>;

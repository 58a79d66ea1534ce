import { z } from "zod";
import { color, fieldError, MSG, number, requiredText, text, uuid } from "./fields.ts";

// ---------------------------------------------------------------- request bodies

export const LABEL_NAME_MAX = 255;
export const BULK_LABELS_MAX = 500;

const labelFields = {
  color: color().optional(),
  description: text(10000).optional(),
  parent: uuid().nullable().optional(),
  sort_order: number().optional(),
};

/** POST P/issue-labels/. */
export const createLabelBody = z.object({ name: requiredText(LABEL_NAME_MAX), ...labelFields });
export type CreateLabelBody = z.infer<typeof createLabelBody>;

/** PATCH P/issue-labels/{id}/. */
export const updateLabelBody = z.object({ name: requiredText(LABEL_NAME_MAX).optional(), ...labelFields });
export type UpdateLabelBody = z.infer<typeof updateLabelBody>;

/** POST P/bulk-create-labels/ `{label_data: [label, …]}`. */
export const bulkCreateLabelsBody = z.object({
  label_data: z
    .array(createLabelBody, { error: fieldError(MSG.list) })
    .min(1, MSG.emptyList)
    .max(BULK_LABELS_MAX, MSG.maxItems(BULK_LABELS_MAX)),
});
export type BulkCreateLabelsBody = z.infer<typeof bulkCreateLabelsBody>;

// ---------------------------------------------------------------- responses

/** Label (wire-facts §5); workspace labels have no project. */
export interface Label {
  id: string;
  parent: string | null;
  name: string;
  color: string;
  project_id: string | null;
  workspace_id: string;
  sort_order: number;
}

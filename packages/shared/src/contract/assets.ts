import { z } from "zod";
import { fieldError, MSG, requiredText, text, uuid } from "./fields.ts";
import type { Timestamp } from "./common.ts";
import type { AssetAttributes } from "./work-items.ts";

// ---------------------------------------------------------------- request bodies

/** POST of an upload slot (assets v2, wire-facts §10): the file's name, type and size, and what it belongs to. */
export const uploadSlotBody = z.object({
  name: requiredText(255).refine(
    (s) => !/[\u0000-\u001f\u007f]/.test(s),
    "File names may not contain control characters.",
  ),
  type: text(255),
  size: z
    .number({ error: fieldError(MSG.integer) })
    .int(MSG.integer)
    .min(0, MSG.minValue(0)),
  entity_type: text(64).optional(),
  entity_identifier: text(255).nullable().optional(),
  external_id: text(255).nullable().optional(),
  external_source: text(255).nullable().optional(),
});
export type UploadSlotBody = z.infer<typeof uploadSlotBody>;

/** Longest `attributes` a PATCH may send, serialised. */
export const MAX_ATTRIBUTES_JSON = 8192;

/** PATCH marking an upload complete; `attributes` may add descriptive keys (name, type and size are fixed). */
export const markUploadedBody = z
  .object({
    attributes: z
      .record(z.string(), z.unknown(), { error: fieldError(MSG.dict) })
      .refine((a) => JSON.stringify(a).length <= MAX_ATTRIBUTES_JSON, MSG.maxLen(MAX_ATTRIBUTES_JSON))
      .optional(),
  })
  .passthrough();

/** POST …/{entity_id}/bulk/ `{asset_ids}`: link uploaded description images to their entity. */
export const linkAssetsBody = z.object({ asset_ids: z.array(uuid(), { error: fieldError(MSG.list) }).max(500) });

/** POST W/duplicate-assets/{id}/ `{entity_type, entity_id?, project_id?}`. */
export const duplicateAssetBody = z.object({
  entity_type: text(64),
  entity_id: uuid().nullable().optional(),
  project_id: uuid().nullable().optional(),
});

// ---------------------------------------------------------------- responses

/** The answer to a slot request: the form to post the file with, and the asset's id and URL. */
export interface UploadSlot {
  /** The form the file is posted with: our receiver's (with a signed `token`) or, with S3 storage, a presigned POST's. */
  upload_data: {
    url: string;
    fields: { key: string; "Content-Type": string; [field: string]: string };
    gcs_direct_upload: false;
  };
  asset_id: string;
  asset_url: string;
}

/** FileAsset (wire-facts §6.5): all columns, `asset_url` and the audit fields. */
export interface FileAsset {
  id: string;
  attributes: AssetAttributes;
  asset: string;
  user: string | null;
  workspace: string | null;
  draft_issue: string | null;
  project: string | null;
  issue: string | null;
  comment: string | null;
  page: string | null;
  entity_type: string | null;
  entity_identifier: string | null;
  is_deleted: boolean;
  is_archived: boolean;
  external_id: string | null;
  external_source: string | null;
  size: number;
  is_uploaded: boolean;
  storage_metadata: unknown;
  asset_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  created_by: string | null;
  updated_by: string | null;
}

/** An attachment's slot: the upload slot with the new FileAsset. */
export interface AttachmentSlot extends UploadSlot {
  attachment: FileAsset;
}

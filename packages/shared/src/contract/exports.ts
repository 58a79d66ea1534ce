import { z } from "zod";
import { idList } from "./fields.ts";
import type { Timestamp } from "./common.ts";
import type { UserLite } from "./users.ts";

// ---------------------------------------------------------------- request bodies

import { EXPORT_PROVIDERS, type ExportProvider } from "../constants.ts";

export { EXPORT_PROVIDERS, type ExportProvider };

/**
 * POST W/export-issues/ `{provider, project, multiple, rich_filters?}` (wire-facts-2 §5). `provider` is checked by
 * the command (an unknown one is 400 `{"error":"Provider '<x>' not found."}`); `rich_filters` is ignored.
 */
export const createExportBody = z.object({
  provider: z.string().max(50),
  project: idList().optional(),
  multiple: z.boolean().optional(),
  rich_filters: z.unknown().optional(),
});
export type CreateExportBody = z.infer<typeof createExportBody>;

export const EXPORT_STARTED_MESSAGE = "Once the export is ready you will be able to download it";

// ---------------------------------------------------------------- responses

export type ExportStatus = "queued" | "processing" | "completed" | "failed";

/**
 * A row of the export history (wire-facts-2 §5). `url` is a signed download link valid for 7 days once the export
 * is completed, else null. Stride adds the progress: `total_count` items to write, `done_count` written so far,
 * and `error` for a failed export.
 */
export interface ExportHistoryItem {
  id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  project: string[];
  provider: ExportProvider;
  status: ExportStatus;
  url: string | null;
  initiated_by: string;
  initiated_by_detail: UserLite | null;
  token: string;
  created_by: string | null;
  updated_by: string | null;
  multiple: boolean;
  total_count: number;
  done_count: number;
  error: string | null;
}

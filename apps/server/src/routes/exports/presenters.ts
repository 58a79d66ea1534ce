import type { ExportHistoryItem, ExportProvider, ExportStatus } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { iso, presentUserLite } from "../../http/present.ts";
import { signedExportPath } from "./sign.ts";

export type ExportRow = typeof schema.exporters.$inferSelect;
type UserRow = typeof schema.users.$inferSelect;

/** A row of the export history (wire-facts-2 §5) with Stride's progress fields; its link is the reader's (`readerId`). */
export function presentExport(
  e: ExportRow,
  initiator: UserRow | null,
  secret: string,
  readerId: string,
): ExportHistoryItem {
  return {
    id: e.id,
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
    project: e.projectIds,
    provider: e.provider as ExportProvider,
    status: e.status as ExportStatus,
    url: e.status === "completed" && e.key ? signedExportPath(secret, e.id, readerId) : null,
    initiated_by: e.initiatedById,
    initiated_by_detail: initiator ? presentUserLite(initiator) : null,
    token: e.token,
    created_by: e.createdById,
    updated_by: e.updatedById,
    multiple: e.multiple,
    total_count: e.total,
    done_count: e.done,
    error: e.error,
  };
}

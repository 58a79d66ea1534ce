import type { Importer, ImportMapping, ImportService, ImportStatus, ImportSummary } from "@stride/shared/contract";
import { auditFields, iso } from "../../http/present.ts";
import type { ImporterRow } from "./commands.ts";

/** An import as the settings page shows it: never its token or its stored items. */
export function presentImporter(r: Omit<ImporterRow, "items" | "tokenSealed">): Importer {
  return {
    id: r.id,
    workspace: r.workspaceId,
    project: r.projectId,
    service: r.service as ImportService,
    status: r.status as ImportStatus,
    source_label: r.sourceLabel,
    discovered: (r.discovered as Importer["discovered"]) ?? null,
    mapping: (r.mapping as ImportMapping | null) ?? null,
    progress: { done: r.done, total: r.total },
    summary: (r.summary as ImportSummary | null) ?? null,
    error: r.error,
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
    ...auditFields(r),
  };
}

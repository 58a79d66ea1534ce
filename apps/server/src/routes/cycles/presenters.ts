import { cycleStatus, isoInZone } from "@stride/shared";
import type { Cycle, CycleDetail } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { CycleCounts, CycleRow } from "./queries.ts";

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export interface CycleExtras {
  counts: CycleCounts;
  isFavorite: boolean;
  /** The project's time zone: dates are rendered in it (wire-facts §7). */
  timeZone: string;
  now: Date;
}

/** A cycle of the list (wire-facts §7), status computed from its dates now. */
export function presentCycle(row: CycleRow, x: CycleExtras): Cycle {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    name: row.name,
    description: row.description,
    start_date: row.startDate ? isoInZone(row.startDate, x.timeZone) : null,
    end_date: row.endDate ? isoInZone(row.endDate, x.timeZone) : null,
    owned_by_id: row.ownedById,
    view_props: asObject(row.viewProps),
    sort_order: row.sortOrder,
    external_source: row.externalSource,
    external_id: row.externalId,
    progress_snapshot: asObject(row.progressSnapshot) as Cycle["progress_snapshot"],
    logo_props: asObject(row.logoProps),
    is_favorite: x.isFavorite,
    total_issues: x.counts.total_issues,
    cancelled_issues: x.counts.cancelled_issues,
    completed_issues: x.counts.completed_issues,
    started_issues: x.counts.started_issues,
    unstarted_issues: x.counts.unstarted_issues,
    backlog_issues: x.counts.backlog_issues,
    assignee_ids: x.counts.assignee_ids,
    status: cycleStatus(row.startDate, row.endDate, x.now),
    version: row.version,
    archived_at: iso(row.archivedAt),
    created_by: row.createdById,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function presentCycleDetail(row: CycleRow, x: CycleExtras, subIssues: number): CycleDetail {
  return { ...presentCycle(row, x), sub_issues: subIssues };
}

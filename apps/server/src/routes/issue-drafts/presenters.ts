import type { Priority, WorkspaceDraft } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import { iso } from "../../http/present.ts";

export type DraftRow = typeof schema.draftIssues.$inferSelect;

/** A workspace draft (W/draft-issues/). Project drafts are work items and present as such. */
export function presentDraft(d: DraftRow): WorkspaceDraft {
  return {
    id: d.id,
    name: d.name,
    description_html: d.descriptionHtml,
    state_id: d.stateId,
    sort_order: d.sortOrder,
    completed_at: iso(d.completedAt),
    estimate_point: d.estimatePointId,
    priority: d.priority as Priority,
    start_date: d.startDate,
    target_date: d.targetDate,
    project_id: d.projectId,
    workspace_id: d.workspaceId,
    parent_id: d.parentId,
    cycle_id: d.cycleId,
    module_ids: d.moduleIds,
    label_ids: d.labelIds,
    assignee_ids: d.assigneeIds,
    type_id: d.typeId,
    property_values: d.propertyValues,
    is_draft: true,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    created_by: d.createdById,
    updated_by: d.updatedById,
  };
}

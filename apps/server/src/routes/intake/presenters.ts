import type {
  Intake,
  IntakeIssueLite,
  IntakeItem,
  IntakeItemDetail,
  IntakeSettings,
  Priority,
  PublicFormProperty,
  PublicIntakeForm,
  WorkItemDetail,
} from "@stride/shared/contract";
import { defaultValues, type IntakeStatus } from "@stride/shared";
import { iso } from "../../http/present.ts";
import type { ProjectRow, WorkspaceRow } from "../../http/route.ts";
import type { IssueRow } from "../issues/queries.ts";
import type { IntakeIssueRow, IntakeRow } from "./commands.ts";
import { ruleOf, type PropertyWithOptions } from "../../domain/item-properties.ts";

export function presentIntakeIssueLite(i: IssueRow): IntakeIssueLite {
  return {
    id: i.id,
    name: i.name,
    priority: i.priority as Priority,
    sequence_id: i.sequenceId,
    project_id: i.projectId,
    created_at: iso(i.createdAt),
    label_ids: i.labelIds,
    assignee_ids: i.assigneeIds,
    state_id: i.stateId,
    created_by: i.createdById,
  };
}

function itemFields(r: IntakeIssueRow): Omit<IntakeItem, "issue"> {
  return {
    id: r.id,
    intake: r.intakeId,
    status: r.status as IntakeStatus,
    duplicate_to: r.duplicateToId,
    snoozed_till: iso(r.snoozedTill),
    source: r.source,
    source_email: r.sourceEmail,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    created_by: r.createdById,
  };
}

/** A row of GET P/inbox-issues/ (wire-facts §8). */
export function presentIntakeItem(r: { item: IntakeIssueRow; issue: IssueRow }): IntakeItem {
  return { ...itemFields(r.item), issue: presentIntakeIssueLite(r.issue) };
}

/** GET / POST / PATCH P/inbox-issues/{id}/: the item with the work item's detail and the duplicate's lite row. */
export function presentIntakeItemDetail(
  r: IntakeIssueRow,
  issue: WorkItemDetail,
  duplicate: IssueRow | null,
): IntakeItemDetail {
  return { ...itemFields(r), duplicate_issue_detail: duplicate ? presentIntakeIssueLite(duplicate) : null, issue };
}

export function presentIntake(i: IntakeRow, p: ProjectRow, pending: number): Intake {
  return {
    id: i.id,
    name: i.name,
    description: i.description,
    is_default: i.isDefault,
    view_props: i.viewProps as Record<string, unknown>,
    logo_props: i.logoProps as Record<string, unknown>,
    project: i.projectId,
    workspace: i.workspaceId,
    project_detail: { id: p.id, name: p.name, identifier: p.identifier },
    pending_issue_count: pending,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

export function presentIntakeSettings(i: IntakeRow): IntakeSettings {
  return {
    id: i.id,
    intake: i.id,
    project: i.projectId,
    workspace: i.workspaceId,
    is_in_app_enabled: i.isInAppEnabled,
    is_form_enabled: i.isFormEnabled,
    is_email_enabled: i.isEmailEnabled,
    anchor: i.anchor,
  };
}

export function presentPublicForm(
  i: IntakeRow,
  p: ProjectRow,
  w: WorkspaceRow,
  properties: PropertyWithOptions[],
): PublicIntakeForm {
  return {
    anchor: i.anchor,
    workspace_name: w.name,
    project_name: p.name,
    project_identifier: p.identifier,
    properties: properties.map((x) => {
      const s = (x.settings ?? {}) as { min?: number | null; max?: number | null };
      return {
        id: x.id,
        name: x.displayName,
        kind: x.kind as PublicFormProperty["kind"],
        is_required: x.isRequired,
        min: s.min ?? null,
        max: s.max ?? null,
        options: x.options.filter((o) => o.isActive).map((o) => ({ id: o.id, name: o.name })),
        default_value: defaultValues(ruleOf(x)),
      };
    }),
  };
}

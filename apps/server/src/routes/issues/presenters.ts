import type {
  Activity,
  DescriptionVersion,
  DescriptionVersionLite,
  IssueReactionLite,
  Link,
  LinkLite,
  Priority,
  RelatedWorkItem,
  RelationLite,
  RelationType,
  Subscriber,
  Task,
  WorkItem,
  WorkItemFlat,
} from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import { auditFields, iso, presentProjectLite, presentWorkspaceLite, userLiteOrNull } from "../../http/present.ts";
import type { IssueView } from "./queries.ts";

type UserRow = typeof schema.users.$inferSelect;
type ProjectRow = typeof schema.projects.$inferSelect;
type WorkspaceRow = typeof schema.workspaces.$inferSelect;
type IssueRow = typeof schema.issues.$inferSelect;

/**
 * One work item in the create / update / single-item shape (wire-facts §6.1, §6.2).
 * `stateGroup: true` adds `state__group` (list rows); detail responses leave it out.
 */
export function presentIssue(v: IssueView, opts: { stateGroup?: boolean } = {}): WorkItem {
  const it = v.issue;
  return {
    id: it.id,
    name: it.name,
    state_id: it.stateId,
    sort_order: it.sortOrder,
    completed_at: iso(it.completedAt),
    estimate_point: it.estimatePointId,
    priority: it.priority as Priority,
    start_date: it.startDate,
    target_date: it.targetDate,
    sequence_id: it.sequenceId,
    project_id: it.projectId,
    parent_id: it.parentId,
    cycle_id: v.cycleId,
    module_ids: v.moduleIds,
    label_ids: v.labelIds,
    assignee_ids: v.assigneeIds,
    sub_issues_count: v.subIssuesCount,
    created_at: iso(it.createdAt),
    updated_at: iso(it.updatedAt),
    created_by: it.createdById,
    updated_by: it.updatedById,
    attachment_count: v.attachmentCount,
    link_count: v.linkCount,
    task_count: v.taskCount,
    is_draft: it.isDraft,
    is_epic: it.isEpic,
    type_id: it.typeId,
    archived_at: it.archivedAt,
    property_values: (it.propertyValues ?? {}) as Record<string, string[]>,
    deleted_at: iso(it.deletedAt),
    ...(opts.stateGroup ? { state__group: v.stateGroup } : {}),
  };
}

/** A related work item as listed by `issue-relation/` (wire-facts §6.5). */
export function presentRelatedIssue(v: IssueView, relationType: RelationType): RelatedWorkItem {
  const it = v.issue;
  return {
    id: it.id,
    name: it.name,
    state_id: it.stateId,
    sort_order: it.sortOrder,
    priority: it.priority as Priority,
    sequence_id: it.sequenceId,
    project_id: it.projectId,
    label_ids: v.labelIds,
    assignee_ids: v.assigneeIds,
    is_epic: it.isEpic,
    type_id: it.typeId,
    created_at: iso(it.createdAt),
    updated_at: iso(it.updatedAt),
    created_by: it.createdById,
    updated_by: it.updatedById,
    relation_type: relationType,
  };
}

/** `issue_relation` / `issue_related` expansion entries. */
export function presentRelationLite(v: IssueView, relationType: string): RelationLite {
  const it = v.issue;
  return {
    id: it.id,
    project_id: it.projectId,
    sequence_id: it.sequenceId,
    name: it.name,
    relation_type: relationType,
    state_id: it.stateId,
    priority: it.priority as Priority,
    created_by: it.createdById,
    created_at: iso(it.createdAt),
    updated_at: iso(it.updatedAt),
    updated_by: it.updatedById,
  };
}

type LinkRow = typeof schema.issueLinks.$inferSelect;

export function presentLink(l: LinkRow, creator: UserRow | null | undefined): Link {
  return {
    id: l.id,
    title: l.title,
    url: l.url,
    metadata: l.metadata,
    issue: l.issueId,
    issue_id: l.issueId,
    project: l.projectId,
    workspace: l.workspaceId,
    created_by_detail: userLiteOrNull(creator),
    ...auditFields(l),
  };
}

export function presentLinkLite(l: LinkRow): LinkLite {
  return {
    id: l.id,
    issue_id: l.issueId,
    title: l.title,
    url: l.url,
    metadata: l.metadata,
    created_by_id: l.createdById,
    created_at: iso(l.createdAt),
  };
}

/** Flat issue fields carried by history rows and comments (`issue_detail`). */
export function presentIssueFlat(it: IssueRow | null | undefined): WorkItemFlat | null {
  if (!it) return null;
  return {
    id: it.id,
    name: it.name,
    description_json: it.descriptionJson,
    description_html: it.descriptionHtml,
    priority: it.priority as Priority,
    start_date: it.startDate,
    target_date: it.targetDate,
    sequence_id: it.sequenceId,
    sort_order: it.sortOrder,
    is_draft: it.isDraft,
  };
}

type ActivityRow = typeof schema.issueActivities.$inferSelect;

export function presentActivity(
  a: ActivityRow,
  rel: {
    actor?: UserRow | null;
    onBehalfOf?: UserRow | null;
    issue?: IssueRow | null;
    project?: ProjectRow | null;
    workspace?: WorkspaceRow | null;
  },
): Activity {
  return {
    id: a.id,
    verb: a.verb,
    field: a.field,
    old_value: a.oldValue,
    new_value: a.newValue,
    comment: a.comment,
    attachments: a.attachments,
    old_identifier: a.oldIdentifier,
    new_identifier: a.newIdentifier,
    epoch: a.epoch,
    issue: a.issueId,
    issue_comment: a.issueCommentId,
    actor: a.actorId,
    project: a.projectId,
    workspace: a.workspaceId,
    actor_detail: userLiteOrNull(rel.actor),
    on_behalf_of: a.onBehalfOfId,
    on_behalf_of_detail: userLiteOrNull(rel.onBehalfOf),
    issue_detail: presentIssueFlat(rel.issue),
    project_detail: rel.project ? presentProjectLite(rel.project) : null,
    workspace_detail: rel.workspace ? presentWorkspaceLite(rel.workspace) : null,
    source_data: null,
    ...auditFields(a),
  };
}

type ReactionRow = typeof schema.issueReactions.$inferSelect;

/** `issue_reactions` expansion entry. */
export function presentIssueReactionLite(r: ReactionRow, actor: UserRow | null | undefined): IssueReactionLite {
  return {
    id: r.id,
    actor: r.actorId,
    issue: r.issueId,
    reaction: r.reaction,
    display_name: actor?.displayName ?? null,
  };
}

type TaskRow = typeof schema.issueTasks.$inferSelect;

/** A task of a work item (…/tasks/ and the `tasks` expansion of the detail). */
export function presentTask(t: TaskRow): Task {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    status: t.status,
    sort_order: t.sortOrder,
    assignee_id: t.assigneeId,
    completed_at: iso(t.completedAt),
    issue: t.issueId,
    issue_id: t.issueId,
    project: t.projectId,
    workspace: t.workspaceId,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    created_by: t.createdById,
    updated_by: t.updatedById,
  };
}

type SubscriberRow = typeof schema.issueSubscribers.$inferSelect;

export function presentSubscriber(s: SubscriberRow): Subscriber {
  return {
    id: s.id,
    issue: s.issueId,
    subscriber: s.subscriberId,
    project: s.projectId,
    workspace: s.workspaceId,
    ...auditFields(s),
  };
}

type DescriptionVersionRow = typeof schema.issueDescriptionVersions.$inferSelect;

/** A description version as listed by `description-versions/` (no description payload). */
export function presentDescriptionVersionLite(v: DescriptionVersionRow): DescriptionVersionLite {
  return {
    id: v.id,
    workspace: v.workspaceId,
    project: v.projectId,
    issue: v.issueId,
    last_saved_at: iso(v.lastSavedAt),
    owned_by: v.ownedById,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
    created_by: v.createdById,
    updated_by: v.updatedById,
  };
}

/** One description version with its content (`description-versions/{id}/`); the binary as base64. */
export function presentDescriptionVersion(v: DescriptionVersionRow): DescriptionVersion {
  return {
    ...presentDescriptionVersionLite(v),
    description_binary: v.descriptionBinary ? v.descriptionBinary.toString("base64") : null,
    description_html: v.descriptionHtml,
    description_stripped: v.descriptionStripped,
    description_json: v.descriptionJson,
  };
}

import type { schema } from "../../db/client.ts";
import type { IssueView } from "./queries.ts";
import { presentUserLite as presentUser } from "../users/presenters.ts";

type UserRow = typeof schema.users.$inferSelect;
type ProjectRow = typeof schema.projects.$inferSelect;
type WorkspaceRow = typeof schema.workspaces.$inferSelect;

/** Public URL of an avatar / cover / logo asset (wire-facts §10). */
export const staticAssetUrl = (assetId: string) => `/api/assets/v2/static/${assetId}/`;

/** The audit fields that close most wire objects: timestamps, `deleted_at` (always null here) and authors. */
export function auditFields(r: { createdAt: Date; updatedAt: Date; createdById: string | null; updatedById: string | null }) {
  return { created_at: r.createdAt, updated_at: r.updatedAt, deleted_at: null, created_by: r.createdById, updated_by: r.updatedById };
}

/** User-lite (wire-facts §0), or null without a user. */
export function presentUserLite(u: UserRow | null | undefined) {
  return u ? presentUser(u) : null;
}

export function presentProjectLite(p: ProjectRow | null | undefined) {
  if (!p) return null;
  return {
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    cover_image: p.coverImage,
    cover_image_url: p.coverImageAssetId ? staticAssetUrl(p.coverImageAssetId) : p.coverImage,
    logo_props: p.logoProps,
    description: p.description,
  };
}

export function presentWorkspaceLite(w: WorkspaceRow | null | undefined) {
  if (!w) return null;
  return { name: w.name, slug: w.slug, id: w.id, logo_url: w.logoAssetId ? staticAssetUrl(w.logoAssetId) : w.logo ?? null };
}

/**
 * One work item in the list-item / create-response shape (wire-facts §6.1, §6.2).
 * `stateGroup: true` adds `state__group` (list rows); detail responses leave it out.
 * Field names here are the contract the list engine and the web client share.
 */
export function presentIssue(v: IssueView, opts: { stateGroup?: boolean } = {}) {
  const it = v.issue;
  const out: Record<string, unknown> = {
    id: it.id,
    name: it.name,
    state_id: it.stateId,
    sort_order: it.sortOrder,
    completed_at: it.completedAt,
    estimate_point: it.estimatePointId,
    priority: it.priority,
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
    created_at: it.createdAt,
    updated_at: it.updatedAt,
    created_by: it.createdById,
    updated_by: it.updatedById,
    attachment_count: v.attachmentCount,
    link_count: v.linkCount,
    task_count: v.taskCount,
    is_draft: it.isDraft,
    is_epic: it.isEpic,
    type_id: it.typeId,
    archived_at: it.archivedAt,
    deleted_at: it.deletedAt,
  };
  if (opts.stateGroup) out.state__group = v.stateGroup;
  return out;
}

/** A related work item as listed by `issue-relation/` (wire-facts §6.5). */
export function presentRelatedIssue(v: IssueView, relationType: string) {
  const it = v.issue;
  return {
    id: it.id,
    name: it.name,
    state_id: it.stateId,
    sort_order: it.sortOrder,
    priority: it.priority,
    sequence_id: it.sequenceId,
    project_id: it.projectId,
    label_ids: v.labelIds,
    assignee_ids: v.assigneeIds,
    is_epic: it.isEpic,
    type_id: it.typeId,
    created_at: it.createdAt,
    updated_at: it.updatedAt,
    created_by: it.createdById,
    updated_by: it.updatedById,
    relation_type: relationType,
  };
}

/** `issue_relation` / `issue_related` expansion entries and the relation POST response. */
export function presentRelationLite(v: IssueView, relationType: string) {
  const it = v.issue;
  return {
    id: it.id,
    project_id: it.projectId,
    sequence_id: it.sequenceId,
    name: it.name,
    relation_type: relationType,
    state_id: it.stateId,
    priority: it.priority,
    created_by: it.createdById,
    created_at: it.createdAt,
    updated_at: it.updatedAt,
    updated_by: it.updatedById,
  };
}

type LinkRow = typeof schema.issueLinks.$inferSelect;

export function presentLink(l: LinkRow, creator: UserRow | null | undefined) {
  return {
    id: l.id,
    title: l.title,
    url: l.url,
    metadata: l.metadata,
    issue: l.issueId,
    issue_id: l.issueId,
    project: l.projectId,
    workspace: l.workspaceId,
    created_by_detail: presentUserLite(creator),
    ...auditFields(l),
  };
}

export function presentLinkLite(l: LinkRow) {
  return { id: l.id, issue_id: l.issueId, title: l.title, url: l.url, metadata: l.metadata, created_by_id: l.createdById, created_at: l.createdAt };
}

type ActivityRow = typeof schema.issueActivities.$inferSelect;

/** Flat issue fields carried by history rows (`issue_detail`). */
export function presentIssueFlat(it: typeof schema.issues.$inferSelect | null | undefined) {
  if (!it) return null;
  return {
    id: it.id,
    name: it.name,
    description_json: it.descriptionJson,
    description_html: it.descriptionHtml,
    priority: it.priority,
    start_date: it.startDate,
    target_date: it.targetDate,
    sequence_id: it.sequenceId,
    sort_order: it.sortOrder,
    is_draft: it.isDraft,
  };
}

export function presentActivity(
  a: ActivityRow,
  rel: { actor?: UserRow | null; issue?: typeof schema.issues.$inferSelect | null; project?: ProjectRow | null; workspace?: WorkspaceRow | null },
) {
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
    actor_detail: presentUserLite(rel.actor),
    issue_detail: presentIssueFlat(rel.issue),
    project_detail: presentProjectLite(rel.project),
    workspace_detail: presentWorkspaceLite(rel.workspace),
    source_data: null,
    ...auditFields(a),
  };
}

type ReactionRow = typeof schema.issueReactions.$inferSelect;

export function presentIssueReaction(r: ReactionRow, actor: UserRow | null | undefined) {
  return {
    id: r.id,
    actor: r.actorId,
    issue: r.issueId,
    reaction: r.reaction,
    project: r.projectId,
    workspace: r.workspaceId,
    actor_detail: presentUserLite(actor),
    display_name: actor?.displayName ?? null,
    ...auditFields(r),
  };
}

/** `issue_reactions` expansion entry. */
export function presentIssueReactionLite(r: ReactionRow, actor: UserRow | null | undefined) {
  return { id: r.id, actor: r.actorId, issue: r.issueId, reaction: r.reaction, display_name: actor?.displayName ?? null };
}

type CommentReactionRow = typeof schema.commentReactions.$inferSelect;

export function presentCommentReaction(r: CommentReactionRow, actor: UserRow | null | undefined) {
  return {
    id: r.id,
    actor: r.actorId,
    comment: r.commentId,
    reaction: r.reaction,
    display_name: actor?.displayName ?? null,
    actor_detail: presentUserLite(actor),
    deleted_at: null,
    workspace: r.workspaceId,
    project: r.projectId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    created_by: r.createdById,
    updated_by: r.updatedById,
  };
}

type CommentRow = typeof schema.issueComments.$inferSelect;

export function presentComment(
  c: CommentRow,
  rel: {
    actor?: UserRow | null;
    issue?: typeof schema.issues.$inferSelect | null;
    project?: ProjectRow | null;
    workspace?: WorkspaceRow | null;
    reactions?: ReturnType<typeof presentCommentReaction>[];
    isMember?: boolean;
  },
) {
  return {
    id: c.id,
    comment_stripped: c.commentStripped,
    comment_json: c.commentJson,
    comment_html: c.commentHtml,
    description: null,
    attachments: [],
    access: c.access,
    external_source: c.externalSource,
    external_id: c.externalId,
    edited_at: c.editedAt,
    parent: c.parentId,
    issue: c.issueId,
    actor: c.actorId,
    project: c.projectId,
    workspace: c.workspaceId,
    actor_detail: presentUserLite(rel.actor),
    issue_detail: presentIssueFlat(rel.issue),
    project_detail: presentProjectLite(rel.project),
    workspace_detail: presentWorkspaceLite(rel.workspace),
    comment_reactions: rel.reactions ?? [],
    is_member: rel.isMember ?? false,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    deleted_at: c.deletedAt,
    created_by: c.createdById,
    updated_by: c.updatedById,
  };
}

type TaskRow = typeof schema.issueTasks.$inferSelect;

export function presentTask(t: TaskRow) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    status: t.status,
    sort_order: t.sortOrder,
    assignee_id: t.assigneeId,
    completed_at: t.completedAt,
    issue: t.issueId,
    issue_id: t.issueId,
    project: t.projectId,
    workspace: t.workspaceId,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    created_by: t.createdById,
    updated_by: t.updatedById,
  };
}

type DescriptionVersionRow = typeof schema.issueDescriptionVersions.$inferSelect;

/** A description version as listed by `description-versions/` (no description payload). */
export function presentDescriptionVersionLite(v: DescriptionVersionRow) {
  return {
    id: v.id,
    workspace: v.workspaceId,
    project: v.projectId,
    issue: v.issueId,
    last_saved_at: v.lastSavedAt,
    owned_by: v.ownedById,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
    created_by: v.createdById,
    updated_by: v.updatedById,
  };
}

/** One description version with its content (`description-versions/{id}/`); the binary as base64. */
export function presentDescriptionVersion(v: DescriptionVersionRow) {
  return {
    ...presentDescriptionVersionLite(v),
    description_binary: v.descriptionBinary ? v.descriptionBinary.toString("base64") : null,
    description_html: v.descriptionHtml,
    description_stripped: v.descriptionStripped,
    description_json: v.descriptionJson,
  };
}

import type {
  DeployBoard,
  PublicActorDetails,
  PublicComment,
  PublicCommentReaction,
  PublicIssue,
  PublicIssueDetail,
  PublicIssueReaction,
  PublicProjectMeta,
  PublicVote,
  UnpublishedBoard,
} from "@stride/shared/contract";
import { PUBLISH_LAYOUTS, type PublishViewProps } from "@stride/shared";
import { assetUrl, auditFields, iso, presentProjectLite, presentWorkspaceLite } from "../../http/present.ts";
import type { ProjectRow, UserRow, WorkspaceRow } from "../../http/route.ts";
import type { schema } from "../../db/client.ts";
import type { ViewRow } from "../../domain/saved-views.ts";

export type BoardRow = typeof schema.deployBoards.$inferSelect;
type CommentRow = typeof schema.issueComments.$inferSelect;
type IssueRow = typeof schema.issues.$inferSelect;

/** Every layout on: the default of a new board. */
export const ALL_VIEWS: PublishViewProps = { list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true };

/** Stored view_props read back with every layout present (a missing one is off). */
export function viewPropsOf(raw: unknown): PublishViewProps {
  const v = (raw ?? {}) as Record<string, unknown>;
  return Object.fromEntries(PUBLISH_LAYOUTS.map((k) => [k, v[k] === true])) as PublishViewProps;
}

export function presentBoard(
  b: BoardRow,
  project: ProjectRow,
  workspace: WorkspaceRow,
  view: ViewRow | null = null,
): DeployBoard {
  return {
    id: b.id,
    ...auditFields(b),
    workspace: b.workspaceId,
    project: b.projectId,
    entity_identifier: b.entityIdentifier,
    entity_name: b.entityName === "view" ? "view" : "project",
    anchor: b.anchor,
    is_comments_enabled: b.isCommentsEnabled,
    is_reactions_enabled: b.isReactionsEnabled,
    is_votes_enabled: b.isVotesEnabled,
    intake: b.intakeId,
    view_props: viewPropsOf(b.viewProps),
    is_activity_enabled: b.isActivityEnabled,
    is_disabled: b.isDisabled,
    project_details: presentProjectLite(project),
    workspace_detail: presentWorkspaceLite(workspace),
    view_details: view ? { id: view.id, name: view.name, description: view.description ?? "" } : null,
  };
}

/** GET of an unpublished project: the writable fields with their defaults, and no anchor. */
export const unpublishedBoard = (): UnpublishedBoard => ({
  is_comments_enabled: false,
  is_reactions_enabled: false,
  is_votes_enabled: false,
  intake: null,
  view_props: { ...ALL_VIEWS },
});

export function presentMeta(p: ProjectRow): PublicProjectMeta {
  return {
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    cover_image: p.coverImage,
    icon_prop: p.iconProp,
    emoji: p.emoji,
    description: p.description,
  };
}

export function presentActor(u: UserRow): PublicActorDetails {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    avatar: u.avatar ?? "",
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    display_name: u.displayName,
  };
}

/** What the public space shows of a work item, from a list row (the list engine's item) and its votes and reactions. */
export function presentPublicIssue(
  item: Record<string, unknown>,
  stateGroup: string | null,
  votes: PublicIssue["vote_items"],
  reactions: PublicIssue["reaction_items"],
): PublicIssue {
  return {
    id: item.id as string,
    name: item.name as string,
    state_id: (item.state_id as string | null) ?? null,
    sort_order: item.sort_order as number,
    estimate_point: (item.estimate_point as string | null) ?? null,
    priority: item.priority as string,
    start_date: (item.start_date as string | null) ?? null,
    target_date: (item.target_date as string | null) ?? null,
    sequence_id: item.sequence_id as number,
    project_id: item.project_id as string,
    parent_id: (item.parent_id as string | null) ?? null,
    cycle_id: (item.cycle_id as string | null) ?? null,
    created_by: (item.created_by as string | null) ?? null,
    state__group: stateGroup,
    assignee_ids: (item.assignee_ids as string[]) ?? [],
    label_ids: (item.label_ids as string[]) ?? [],
    module_ids: (item.module_ids as string[]) ?? [],
    vote_items: votes,
    reaction_items: reactions,
  };
}

/** The detail: the list item plus the description (wire-facts-2 §2: no comments key). */
export function presentPublicDetail(base: PublicIssue, issue: IssueRow): PublicIssueDetail {
  return {
    ...base,
    description_json: issue.descriptionJson ?? {},
    description_html: issue.descriptionHtml ?? "<p></p>",
    description_stripped: issue.descriptionStripped ?? "",
    description_binary: null,
  };
}

export function presentPublicComment(
  c: CommentRow,
  actor: UserRow | null | undefined,
  reactions: PublicComment["comment_reactions"],
): PublicComment {
  return {
    id: c.id,
    issue: c.issueId,
    project: c.projectId,
    workspace: c.workspaceId,
    comment_html: c.commentHtml,
    comment_stripped: c.commentStripped,
    access: "EXTERNAL",
    actor: c.actorId,
    actor_detail: actor ? presentActor(actor) : null,
    comment_reactions: reactions,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    edited_at: iso(c.editedAt),
  };
}

export function presentPublicIssueReaction(
  r: typeof schema.issueReactions.$inferSelect,
  actor: UserRow,
): PublicIssueReaction {
  return {
    id: r.id,
    issue: r.issueId,
    actor: r.actorId,
    reaction: r.reaction,
    actor_detail: presentActor(actor),
    created_at: iso(r.createdAt),
  };
}

export function presentPublicCommentReaction(
  r: typeof schema.commentReactions.$inferSelect,
  actor: UserRow,
): PublicCommentReaction {
  return {
    id: r.id,
    comment: r.commentId,
    actor: r.actorId,
    reaction: r.reaction,
    display_name: actor.displayName,
    created_at: iso(r.createdAt),
  };
}

export function presentVote(v: typeof schema.issueVotes.$inferSelect, actor: UserRow): PublicVote {
  return {
    issue: v.issueId,
    vote: v.vote,
    workspace: v.workspaceId,
    project: v.projectId,
    actor: v.actorId,
    actor_detail: presentActor(actor),
  };
}

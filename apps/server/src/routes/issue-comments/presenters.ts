import { and, asc, eq, inArray } from "drizzle-orm";
import type { Comment, CommentReaction, IssueReaction } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { ProjectRow, UserRow, WorkspaceRow } from "../../http/route.ts";
import { auditFields, iso, presentProjectLite, presentWorkspaceLite, userLiteOrNull } from "../../http/present.ts";
import { presentIssueFlat } from "../issues/presenters.ts";
import { usersById } from "../issues/detail.ts";

export type CommentRow = typeof schema.issueComments.$inferSelect;
type IssueRow = typeof schema.issues.$inferSelect;
type ReactionRow = typeof schema.issueReactions.$inferSelect;
type CommentReactionRow = typeof schema.commentReactions.$inferSelect;

/** A reaction on a work item. */
export function presentIssueReaction(r: ReactionRow, actor: UserRow | null | undefined): IssueReaction {
  return {
    id: r.id,
    actor: r.actorId,
    issue: r.issueId,
    reaction: r.reaction,
    project: r.projectId,
    workspace: r.workspaceId,
    actor_detail: userLiteOrNull(actor),
    display_name: actor?.displayName ?? null,
    ...auditFields(r),
  };
}

/** A reaction on a comment. */
export function presentCommentReaction(r: CommentReactionRow, actor: UserRow | null | undefined): CommentReaction {
  return {
    id: r.id,
    actor: r.actorId,
    comment: r.commentId,
    reaction: r.reaction,
    display_name: actor?.displayName ?? null,
    actor_detail: userLiteOrNull(actor),
    workspace: r.workspaceId,
    project: r.projectId,
    ...auditFields(r),
  };
}

export function presentComment(
  c: CommentRow,
  rel: {
    actor?: UserRow | null;
    onBehalfOf?: UserRow | null;
    issue?: IssueRow | null;
    project: ProjectRow;
    workspace: WorkspaceRow;
    reactions: CommentReaction[];
    isMember: boolean;
  },
): Comment {
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
    edited_at: iso(c.editedAt),
    parent: c.parentId,
    issue: c.issueId,
    actor: c.actorId,
    project: c.projectId,
    workspace: c.workspaceId,
    actor_detail: userLiteOrNull(rel.actor),
    on_behalf_of: c.onBehalfOfId,
    on_behalf_of_detail: userLiteOrNull(rel.onBehalfOf),
    issue_detail: presentIssueFlat(rel.issue),
    project_detail: presentProjectLite(rel.project),
    workspace_detail: presentWorkspaceLite(rel.workspace),
    comment_reactions: rel.reactions,
    is_member: rel.isMember,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    deleted_at: iso(c.deletedAt),
    created_by: c.createdById,
    updated_by: c.updatedById,
  };
}

/** Present comments with their actors, reactions and `is_member` in a fixed number of queries. */
export async function presentComments(
  db: DbOrTx,
  rows: CommentRow[],
  project: ProjectRow,
  workspace: WorkspaceRow,
): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const reactions = await db
    .select()
    .from(schema.commentReactions)
    .where(inArray(schema.commentReactions.commentId, ids))
    .orderBy(asc(schema.commentReactions.createdAt));
  const users = await usersById(db, [
    ...rows.flatMap((r) => [r.actorId, r.onBehalfOfId]),
    ...reactions.map((r) => r.actorId),
  ]);
  const issueIds = [...new Set(rows.map((r) => r.issueId))];
  const issues = new Map(
    (await db.select().from(schema.issues).where(inArray(schema.issues.id, issueIds))).map((i) => [i.id, i]),
  );
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => !!x))];
  const members = actorIds.length
    ? await db
        .select({ id: schema.projectMembers.memberId })
        .from(schema.projectMembers)
        .where(
          and(
            eq(schema.projectMembers.projectId, project.id),
            eq(schema.projectMembers.isActive, true),
            inArray(schema.projectMembers.memberId, actorIds),
          ),
        )
    : [];
  const memberSet = new Set(members.map((m) => m.id));
  return rows.map((c) =>
    presentComment(c, {
      actor: c.actorId ? users.get(c.actorId) : null,
      onBehalfOf: c.onBehalfOfId ? users.get(c.onBehalfOfId) : null,
      issue: issues.get(c.issueId),
      project,
      workspace,
      reactions: reactions
        .filter((r) => r.commentId === c.id)
        .map((r) => presentCommentReaction(r, users.get(r.actorId))),
      isMember: !!c.actorId && memberSet.has(c.actorId),
    }),
  );
}

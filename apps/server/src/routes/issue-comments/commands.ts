import { and, asc, eq, isNull, notInArray, or, sql, type AnyColumn } from "drizzle-orm";
import type { HistoryEntry } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { HIDDEN_HISTORY_FIELDS, onBehalfOfIn, recordActivity } from "../../domain/activity.ts";
import type { ProjectCtx } from "../../http/route.ts";
import { assertCanSee, findIssue } from "../issues/access.ts";
import { recordMentions, subscribe } from "../issues/commands.ts";
import { stripHtml } from "../../domain/text.ts";
import { usersById } from "../issues/detail.ts";
import { presentActivity } from "../issues/presenters.ts";
import type { IssueRow } from "../issues/queries.ts";
import { presentComments, type CommentRow } from "./presenters.ts";
import { requireReadableMentions } from "../../http/readable.ts";
import { HISTORY_TYPES, type CommentCreateBody, type CommentPatchBody } from "./schemas.ts";

const commentTable = schema.issueComments;

/** A comment of the project (not deleted) whose work item the caller may see, with that work item; else 404. */
export async function loadComment(ctx: ProjectCtx<{ commentId: string; issueId?: string }>) {
  const [c] = await ctx.app.db
    .select()
    .from(commentTable)
    .where(
      and(
        eq(commentTable.id, ctx.params.commentId),
        eq(commentTable.projectId, ctx.project.id),
        isNull(commentTable.deletedAt),
      ),
    )
    .limit(1);
  if (!c || (ctx.params.issueId && c.issueId !== ctx.params.issueId)) throw errors.notFound();
  const issue = await findIssue(ctx.app.db, ctx.project.id, c.issueId);
  if (!issue) throw errors.notFound();
  assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
  return { comment: c, issue };
}

/** Create a comment: mentions recorded, author subscribed, activity written, all in `tx`. */
export async function createComment(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  input: CommentCreateBody,
): Promise<CommentRow> {
  const html = input.comment_html;
  // work items it embeds or mentions: only ones the author may read (core/readable.ts)
  await requireReadableMentions(tx, { userId: actorId, workspaceId: issue.workspaceId }, html);
  if (input.parent) {
    const [p] = await tx
      .select()
      .from(commentTable)
      .where(and(eq(commentTable.id, input.parent), eq(commentTable.issueId, issue.id)))
      .limit(1);
    if (!p) throw errors.field("parent", "Invalid parent comment");
  }
  const [c] = await tx
    .insert(commentTable)
    .values({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      commentHtml: html,
      commentStripped: stripHtml(html),
      commentJson: (input.comment_json ?? {}) as object,
      access: input.access ?? "INTERNAL",
      parentId: input.parent ?? null,
      externalSource: input.external_source ?? null,
      externalId: input.external_id ?? null,
      actorId,
      onBehalfOfId: onBehalfOfIn(tx),
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  await recordMentions(tx, issue, html, actorId);
  await subscribe(tx, issue, [actorId], actorId);
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "created",
    field: "comment",
    newValue: html,
    issueCommentId: c.id,
    comment: "added a comment",
  });
  return c;
}

/** Edit a comment; a changed comment_html sets edited_at, records mentions and the activity. */
export async function updateComment(
  tx: DbOrTx,
  issue: IssueRow,
  cur: CommentRow,
  actorId: string,
  b: CommentPatchBody,
): Promise<CommentRow> {
  const set: Partial<typeof commentTable.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  const html = b.comment_html !== undefined && b.comment_html !== cur.commentHtml ? b.comment_html : null;
  if (html !== null) {
    await requireReadableMentions(tx, { userId: actorId, workspaceId: issue.workspaceId }, html, cur.commentHtml);
    set.commentHtml = html;
    set.commentStripped = stripHtml(html);
    set.editedAt = new Date();
  }
  if (b.comment_json !== undefined) set.commentJson = (b.comment_json ?? {}) as object;
  if (b.access !== undefined) set.access = b.access;
  if (b.external_source !== undefined) set.externalSource = b.external_source;
  if (b.external_id !== undefined) set.externalId = b.external_id;
  const [u] = await tx.update(commentTable).set(set).where(eq(commentTable.id, cur.id)).returning();
  if (html !== null) {
    await recordMentions(tx, issue, html, actorId);
    await recordActivity(tx, {
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      verb: "updated",
      field: "comment",
      oldValue: cur.commentHtml,
      newValue: html,
      issueCommentId: cur.id,
      comment: "updated a comment",
    });
  }
  return u;
}

/** Soft-delete a comment and record it. */
export async function deleteComment(tx: DbOrTx, issue: IssueRow, comment: CommentRow, actorId: string): Promise<void> {
  await tx
    .update(commentTable)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedById: actorId })
    .where(eq(commentTable.id, comment.id));
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "deleted",
    field: "comment",
    oldValue: comment.commentHtml,
    issueCommentId: comment.id,
    comment: "deleted a comment",
  });
}

const duplicateReaction = () => errors.badRequest("Reaction already exists");

/** React to a work item (once per emoji and person), recorded as activity. */
export async function addIssueReaction(tx: DbOrTx, issue: IssueRow, actorId: string, reaction: string) {
  const R = schema.issueReactions;
  const [r] = await tx
    .insert(R)
    .values({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      reaction,
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoNothing()
    .returning();
  if (!r) throw duplicateReaction();
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "created",
    field: "reaction",
    newValue: r.reaction,
    newIdentifier: r.id,
  });
  return r;
}

/** Take back one's reaction to a work item; 404 when there is none. */
export async function removeIssueReaction(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  reaction: string,
): Promise<void> {
  const R = schema.issueReactions;
  const gone = await tx
    .delete(R)
    .where(and(eq(R.issueId, issue.id), eq(R.actorId, actorId), eq(R.reaction, reaction)))
    .returning();
  if (gone.length === 0) throw errors.notFound();
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "deleted",
    field: "reaction",
    oldValue: reaction,
    oldIdentifier: gone[0].id,
  });
}

/** React to a comment (once per emoji and person), recorded on the comment's work item. */
export async function addCommentReaction(
  tx: DbOrTx,
  issue: IssueRow,
  comment: CommentRow,
  actorId: string,
  reaction: string,
) {
  const CR = schema.commentReactions;
  const [r] = await tx
    .insert(CR)
    .values({
      commentId: comment.id,
      projectId: comment.projectId,
      workspaceId: comment.workspaceId,
      actorId,
      reaction,
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoNothing()
    .returning();
  if (!r) throw duplicateReaction();
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "created",
    field: "comment_reaction",
    newValue: r.reaction,
    newIdentifier: r.id,
    issueCommentId: comment.id,
  });
  return r;
}

/** Take back one's reaction to a comment; 404 when there is none. */
export async function removeCommentReaction(
  tx: DbOrTx,
  issue: IssueRow,
  comment: CommentRow,
  actorId: string,
  reaction: string,
): Promise<void> {
  const CR = schema.commentReactions;
  const gone = await tx
    .delete(CR)
    .where(and(eq(CR.commentId, comment.id), eq(CR.actorId, actorId), eq(CR.reaction, reaction)))
    .returning();
  if (gone.length === 0) throw errors.notFound();
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "deleted",
    field: "comment_reaction",
    oldValue: reaction,
    oldIdentifier: gone[0].id,
    issueCommentId: comment.id,
  });
}

/** Responses carry millisecond timestamps, so compare at that precision (no row comes back twice). */
const laterThan = (col: AnyColumn, after: Date) =>
  sql`date_trunc('milliseconds', ${col}) > ${after.toISOString()}::timestamptz`;

/**
 * The history of a work item (wire-facts §6.4): property changes (`issue-property` / `epic-property`) and
 * comments (`issue-comment` / `epic-comment`), oldest first, only those after `createdAfter` when given. Without
 * `activity_type` both are merged by `created_at`.
 */
export async function workItemHistory(
  ctx: ProjectCtx,
  issue: IssueRow,
  query: { activity_type?: string; created_at__gt?: string },
): Promise<HistoryEntry[]> {
  const types = new Set(
    (query.activity_type ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const t of types)
    if (!(HISTORY_TYPES as readonly string[]).includes(t)) throw errors.badParam(`Invalid activity_type: ${t}`);
  const wantProps = types.size === 0 || types.has("issue-property") || types.has("epic-property");
  const wantComments = types.size === 0 || types.has("issue-comment") || types.has("epic-comment");
  let after: Date | null = null;
  if (query.created_at__gt) {
    after = new Date(query.created_at__gt.replace(" ", "+"));
    if (Number.isNaN(after.getTime())) throw errors.badParam("Invalid created_at__gt: use an ISO-8601 datetime.");
  }
  const db = ctx.app.db;
  const A = schema.issueActivities;
  const activities = wantProps
    ? await db
        .select()
        .from(A)
        .where(
          and(
            eq(A.issueId, issue.id),
            or(isNull(A.field), notInArray(A.field, [...HIDDEN_HISTORY_FIELDS])),
            after ? laterThan(A.createdAt, after) : undefined,
          ),
        )
        .orderBy(asc(A.createdAt))
    : [];
  const comments = wantComments
    ? await db
        .select()
        .from(commentTable)
        .where(
          and(
            eq(commentTable.issueId, issue.id),
            isNull(commentTable.deletedAt),
            after ? laterThan(commentTable.createdAt, after) : undefined,
          ),
        )
        .orderBy(asc(commentTable.createdAt))
    : [];
  const users = await usersById(
    db,
    activities.flatMap((a) => [a.actorId, a.onBehalfOfId]),
  );
  const presentedActs = activities.map((a) =>
    presentActivity(a, {
      actor: a.actorId ? users.get(a.actorId) : null,
      onBehalfOf: a.onBehalfOfId ? users.get(a.onBehalfOfId) : null,
      issue,
      project: ctx.project,
      workspace: ctx.workspace,
    }),
  );
  const presentedComments = await presentComments(db, comments, ctx.project, ctx.workspace);
  if (!wantComments) return presentedActs;
  if (!wantProps) return presentedComments;
  // ISO-8601 UTC timestamps of one format sort as text; the sort is stable, so activities come first on a tie
  return [...presentedActs, ...presentedComments].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
}

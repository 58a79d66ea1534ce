import { z } from "zod";
import type { FastifyInstance } from "fastify";
import { and, asc, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../core/errors.ts";
import { recordActivity } from "../../core/activity.ts";
import { route, type ProjectRow, type WorkspaceRow } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { presentComment, presentCommentReaction } from "../issues/presenters.ts";
import { usersById } from "../issues/detail.ts";
import { recordMentions, subscribe } from "../issues/commands.ts";
import { stripHtml } from "../issues/text.ts";
import { htmlField } from "../../core/sanitize.ts";
import { HTML_MAX, issueParams, zStr, zUuid, MSG } from "../issues/schemas.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import type { IssueRow } from "../issues/queries.ts";

/** Body of POST …/comments/ (and POST …/history/). */
export const commentBody = z.object({
  comment_html: htmlField(HTML_MAX),
  comment_json: z.unknown().optional(),
  access: z.enum(["INTERNAL", "EXTERNAL"], { error: (iss) => MSG.choice(iss.input) }).optional(),
  parent: zUuid.nullable().optional(),
  external_source: zStr(255).nullable().optional(),
  external_id: zStr(255).nullable().optional(),
});

type CommentRow = typeof schema.issueComments.$inferSelect;

/** Present comments with their actors, reactions and `is_member` in a fixed number of queries. */
export async function presentComments(db: DbOrTx, rows: CommentRow[], project: ProjectRow, workspace: WorkspaceRow) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const reactions = await db.select().from(schema.commentReactions).where(inArray(schema.commentReactions.commentId, ids)).orderBy(asc(schema.commentReactions.createdAt));
  const users = await usersById(db, [...rows.map((r) => r.actorId), ...reactions.map((r) => r.actorId)]);
  const issueIds = [...new Set(rows.map((r) => r.issueId))];
  const issues = new Map((await db.select().from(schema.issues).where(inArray(schema.issues.id, issueIds))).map((i) => [i.id, i]));
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => !!x))];
  const members = actorIds.length
    ? await db
        .select({ id: schema.projectMembers.memberId })
        .from(schema.projectMembers)
        .where(and(eq(schema.projectMembers.projectId, project.id), eq(schema.projectMembers.isActive, true), inArray(schema.projectMembers.memberId, actorIds)))
    : [];
  const memberSet = new Set(members.map((m) => m.id));
  return rows.map((c) =>
    presentComment(c, {
      actor: c.actorId ? users.get(c.actorId) : null,
      issue: issues.get(c.issueId),
      project,
      workspace,
      reactions: reactions.filter((r) => r.commentId === c.id).map((r) => presentCommentReaction(r, users.get(r.actorId))),
      isMember: !!c.actorId && memberSet.has(c.actorId),
    }),
  );
}

export interface CommentInput {
  comment_html?: string;
  comment_json?: unknown;
  access?: "INTERNAL" | "EXTERNAL";
  parent?: string | null;
  external_source?: string | null;
  external_id?: string | null;
}

/** Create a comment: mentions recorded, author subscribed, activity written, all in `tx`. */
export async function createComment(tx: DbOrTx, issue: IssueRow, actorId: string, input: CommentInput): Promise<CommentRow> {
  const html = input.comment_html ?? "<p></p>";
  if (input.parent) {
    const [p] = await tx.select().from(schema.issueComments).where(and(eq(schema.issueComments.id, input.parent), eq(schema.issueComments.issueId, issue.id))).limit(1);
    if (!p) throw errors.field("parent", "Invalid parent comment");
  }
  const [c] = await tx
    .insert(schema.issueComments)
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
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  await recordMentions(tx, issue, html, actorId);
  await subscribe(tx, issue, [actorId], actorId);
  await recordActivity(tx, {
    issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId,
    verb: "created", field: "comment", newValue: html, issueCommentId: c.id, comment: "added a comment",
  });
  return c;
}

/** POST of a comment on the work item of `url` (`comments/` and `history/` take the same body and answer the same). */
export function registerCommentCreate(fastify: FastifyInstance, app: AppContext, url: string[]) {
  route(fastify, app, {
    method: "POST",
    url,
    scope: "project",
    params: issueParams,
    body: commentBody,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const c = await ctx.app.db.transaction((tx) => createComment(tx, ctx.loaded, ctx.user.id, ctx.body));
      return (await presentComments(ctx.app.db, [c], ctx.project, ctx.workspace))[0];
    },
  });
}

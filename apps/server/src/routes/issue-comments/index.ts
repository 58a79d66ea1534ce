import { z } from "zod";
import { and, desc, eq, isNull } from "drizzle-orm";
import { route, type ScopeCtx, type RouteModule } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { recordActivity } from "../../core/activity.ts";
import { schema } from "../../db/client.ts";
import { P, itemUrls } from "../issues/urls.ts";
import { issueParams, projectParams, zUuid, MSG } from "../issues/schemas.ts";
import { assertCanSee, findIssue, loadIssueForRoute } from "../issues/access.ts";
import { recordMentions } from "../issues/commands.ts";
import { stripHtml } from "../issues/text.ts";
import { presentCommentReaction, presentIssueReaction } from "../issues/presenters.ts";
import { usersById } from "../issues/detail.ts";
import { commentBody, presentComments, registerCommentCreate } from "./build.ts";

const C = schema.issueComments;
const typeMsg = (msg: string) => (iss: { input?: unknown }) => (iss.input === undefined ? MSG.required : msg);

const commentPatchBody = commentBody.partial();

/** Emoji codepoint strings such as "128077" (or the emoji itself). */
const reactionBody = z.object({ reaction: z.string({ error: typeMsg(MSG.string) }).trim().min(1, MSG.blank).max(20, MSG.maxLen(20)) });

const commentParams = issueParams.extend({ commentId: zUuid });
const commentOnlyParams = projectParams.extend({ commentId: zUuid });
const reactionParams = issueParams.extend({ reaction: z.string().min(1).max(20) });
const commentReactionParams = commentOnlyParams.extend({ reaction: z.string().min(1).max(20) });

/** Load a comment of the project (not deleted) whose work item the caller may see. */
async function loadComment(ctx: ScopeCtx<{ commentId: string; issueId?: string }>) {
  const [c] = await ctx.app.db
    .select()
    .from(C)
    .where(and(eq(C.id, ctx.params.commentId), eq(C.projectId, ctx.project.id), isNull(C.deletedAt)))
    .limit(1);
  if (!c || (ctx.params.issueId && c.issueId !== ctx.params.issueId)) throw errors.notFound();
  const issue = await findIssue(ctx.app.db, ctx.project.id, c.issueId);
  if (!issue) throw errors.notFound();
  assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
  return { comment: c, issue };
}

const duplicateReaction = () => errors.badRequest("Reaction already exists");

/** Comments (create / edit / delete, mentions), reactions on work items and on comments. */
export const issueCommentRoutes: RouteModule = (fastify, app) => {
  // GET P/issues/{id}/comments/ — newest first
  route(fastify, app, {
    method: "GET",
    url: itemUrls("comments/"),
    scope: "project",
    params: issueParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db.select().from(C).where(and(eq(C.issueId, ctx.loaded.id), isNull(C.deletedAt))).orderBy(desc(C.createdAt));
      return presentComments(ctx.app.db, rows, ctx.project, ctx.workspace);
    },
  });

  registerCommentCreate(fastify, app, itemUrls("comments/"));

  // PATCH .../comments/{cid}/ (admin or author); a changed comment_html sets edited_at
  route(fastify, app, {
    method: "PATCH",
    url: itemUrls("comments/:commentId/"),
    scope: "project",
    params: commentParams,
    body: commentPatchBody,
    policy: Policies.project.adminOrCreator,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId ?? l.comment.createdById,
    handler: async (ctx) => {
      const { comment: cur, issue } = ctx.loaded;
      const b = ctx.body;
      const row = await ctx.app.db.transaction(async (tx) => {
        const set: Partial<typeof C.$inferInsert> = { updatedAt: new Date(), updatedById: ctx.user.id };
        const htmlChanged = b.comment_html !== undefined && b.comment_html !== cur.commentHtml;
        if (htmlChanged) {
          set.commentHtml = b.comment_html!;
          set.commentStripped = stripHtml(b.comment_html);
          set.editedAt = new Date();
        }
        if (b.comment_json !== undefined) set.commentJson = (b.comment_json ?? {}) as object;
        if (b.access !== undefined) set.access = b.access;
        if (b.external_source !== undefined) set.externalSource = b.external_source;
        if (b.external_id !== undefined) set.externalId = b.external_id;
        const [u] = await tx.update(C).set(set).where(eq(C.id, cur.id)).returning();
        if (htmlChanged) {
          await recordMentions(tx, issue, b.comment_html, ctx.user.id);
          await recordActivity(tx, {
            issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id,
            verb: "updated", field: "comment", oldValue: cur.commentHtml, newValue: b.comment_html, issueCommentId: cur.id, comment: "updated a comment",
          });
        }
        return u;
      });
      return (await presentComments(ctx.app.db, [row], ctx.project, ctx.workspace))[0];
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: itemUrls("comments/:commentId/"),
    scope: "project",
    params: commentParams,
    policy: Policies.project.adminOrCreator,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId ?? l.comment.createdById,
    status: 204,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        await tx.update(C).set({ deletedAt: new Date(), updatedAt: new Date(), updatedById: ctx.user.id }).where(eq(C.id, comment.id));
        await recordActivity(tx, {
          issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id,
          verb: "deleted", field: "comment", oldValue: comment.commentHtml, issueCommentId: comment.id, comment: "deleted a comment",
        });
      });
      return undefined;
    },
  });

  // ---- work-item reactions
  const R = schema.issueReactions;
  route(fastify, app, {
    method: "GET",
    url: itemUrls("reactions/"),
    scope: "project",
    params: issueParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db.select().from(R).where(eq(R.issueId, ctx.loaded.id)).orderBy(desc(R.createdAt));
      const users = await usersById(ctx.app.db, rows.map((r) => r.actorId));
      return rows.map((r) => presentIssueReaction(r, users.get(r.actorId)));
    },
  });

  route(fastify, app, {
    method: "POST",
    url: itemUrls("reactions/"),
    scope: "project",
    params: issueParams,
    body: reactionBody,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const issue = ctx.loaded;
      const row = await ctx.app.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(R)
          .values({ issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id, reaction: ctx.body.reaction, createdById: ctx.user.id, updatedById: ctx.user.id })
          .onConflictDoNothing()
          .returning();
        if (!r) throw duplicateReaction();
        await recordActivity(tx, { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id, verb: "created", field: "reaction", newValue: r.reaction, newIdentifier: r.id });
        return r;
      });
      return presentIssueReaction(row, ctx.user);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: itemUrls("reactions/:reaction/"),
    scope: "project",
    params: reactionParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      const issue = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        const gone = await tx.delete(R).where(and(eq(R.issueId, issue.id), eq(R.actorId, ctx.user.id), eq(R.reaction, ctx.params.reaction))).returning();
        if (gone.length === 0) throw errors.notFound();
        await recordActivity(tx, { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id, verb: "deleted", field: "reaction", oldValue: ctx.params.reaction, oldIdentifier: gone[0].id });
      });
      return undefined;
    },
  });

  // ---- comment reactions: P/comments/{cid}/reactions/
  const CR = schema.commentReactions;
  route(fastify, app, {
    method: "GET",
    url: `${P}/comments/:commentId/reactions/`,
    scope: "project",
    params: commentOnlyParams,
    policy: Policies.project.read,
    load: loadComment,
    handler: async (ctx) => {
      const rows = await ctx.app.db.select().from(CR).where(eq(CR.commentId, ctx.loaded.comment.id)).orderBy(desc(CR.createdAt));
      const users = await usersById(ctx.app.db, rows.map((r) => r.actorId));
      return rows.map((r) => presentCommentReaction(r, users.get(r.actorId)));
    },
  });

  route(fastify, app, {
    method: "POST",
    url: `${P}/comments/:commentId/reactions/`,
    scope: "project",
    params: commentOnlyParams,
    body: reactionBody,
    policy: Policies.project.read,
    load: loadComment,
    status: 201,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      const row = await ctx.app.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(CR)
          .values({ commentId: comment.id, projectId: comment.projectId, workspaceId: comment.workspaceId, actorId: ctx.user.id, reaction: ctx.body.reaction, createdById: ctx.user.id, updatedById: ctx.user.id })
          .onConflictDoNothing()
          .returning();
        if (!r) throw duplicateReaction();
        await recordActivity(tx, {
          issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id,
          verb: "created", field: "comment_reaction", newValue: r.reaction, newIdentifier: r.id, issueCommentId: comment.id,
        });
        return r;
      });
      return presentCommentReaction(row, ctx.user);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${P}/comments/:commentId/reactions/:reaction/`,
    scope: "project",
    params: commentReactionParams,
    policy: Policies.project.read,
    load: loadComment,
    status: 204,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        const gone = await tx.delete(CR).where(and(eq(CR.commentId, comment.id), eq(CR.actorId, ctx.user.id), eq(CR.reaction, ctx.params.reaction))).returning();
        if (gone.length === 0) throw errors.notFound();
        await recordActivity(tx, {
          issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: ctx.user.id,
          verb: "deleted", field: "comment_reaction", oldValue: ctx.params.reaction, oldIdentifier: gone[0].id, issueCommentId: comment.id,
        });
      });
      return undefined;
    },
  });
};

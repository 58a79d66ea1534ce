import { and, desc, eq, isNull } from "drizzle-orm";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { issueParams, listQuery, projectParams } from "../../http/fields.ts";
import { commentEndpoints as CM } from "@stride/shared/endpoints";
import { onItems } from "../issues/item-endpoint.ts";
import { schema } from "../../db/client.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import { usersById } from "../issues/detail.ts";
import {
  commentCreateBody,
  commentOnlyParams,
  commentParams,
  commentPatchBody,
  commentReactionParams,
  historyQuery,
  reactionBody,
  reactionParams,
} from "./schemas.ts";
import { presentCommentReaction, presentComments, presentIssueReaction } from "./presenters.ts";
import {
  addCommentReaction,
  addIssueReaction,
  createComment,
  deleteComment,
  loadComment,
  removeCommentReaction,
  removeIssueReaction,
  updateComment,
  workItemHistory,
} from "./commands.ts";
import { syncComments } from "./sync.ts";

const commentTable = schema.issueComments;

/**
 * The conversation of a work item: its history (property changes and comments), comments (create / edit /
 * delete, mentions), and reactions on work items and on comments.
 */
export const issueCommentRoutes: RouteModule = (fastify, app) => {
  // GET P/issues/{id}/history/ (wire-facts §6.4), incremental with `created_at__gt`
  route(fastify, app, {
    ...onItems(CM.history),
    scope: "project",
    params: issueParams,
    query: historyQuery,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => workItemHistory(ctx, ctx.loaded, ctx.query),
  });

  // GET /api/v2/…/projects/{id}/comments/: the local database's sync of the project's comments (sync.ts)
  route(fastify, app, {
    endpoint: CM.sync,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: (ctx) => syncComments(ctx),
  });

  // GET P/issues/{id}/comments/ — newest first
  route(fastify, app, {
    ...onItems(CM.list),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.comment.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select()
        .from(commentTable)
        .where(and(eq(commentTable.issueId, ctx.loaded.id), isNull(commentTable.deletedAt)))
        .orderBy(desc(commentTable.createdAt));
      return presentComments(ctx.app.db, rows, ctx.project, ctx.workspace);
    },
  });

  // POST a comment: …/comments/ and …/history/ take the same body and answer the same
  route(fastify, app, {
    ...onItems(CM.create, CM.createInHistory),
    scope: "project",
    params: issueParams,
    body: commentCreateBody,
    policy: PERMISSIONS.comment.create,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const c = await ctx.app.db.transaction((tx) => createComment(tx, ctx.loaded, ctx.user.id, ctx.body));
      return (await presentComments(ctx.app.db, [c], ctx.project, ctx.workspace))[0];
    },
  });

  // PATCH .../comments/{cid}/ (admin or author)
  route(fastify, app, {
    ...onItems(CM.update),
    scope: "project",
    params: commentParams,
    body: commentPatchBody,
    policy: PERMISSIONS.comment.edit,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId ?? l.comment.createdById,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      const row = await ctx.app.db.transaction((tx) => updateComment(tx, issue, comment, ctx.user.id, ctx.body));
      return (await presentComments(ctx.app.db, [row], ctx.project, ctx.workspace))[0];
    },
  });

  route(fastify, app, {
    ...onItems(CM.remove),
    scope: "project",
    params: commentParams,
    policy: PERMISSIONS.comment.delete,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId ?? l.comment.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteComment(tx, ctx.loaded.issue, ctx.loaded.comment, ctx.user.id));
      return undefined;
    },
  });

  // ---- work-item reactions
  const R = schema.issueReactions;
  route(fastify, app, {
    ...onItems(CM.reactions),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db.select().from(R).where(eq(R.issueId, ctx.loaded.id)).orderBy(desc(R.createdAt));
      const users = await usersById(
        ctx.app.db,
        rows.map((r) => r.actorId),
      );
      return rows.map((r) => presentIssueReaction(r, users.get(r.actorId)));
    },
  });

  route(fastify, app, {
    ...onItems(CM.react),
    scope: "project",
    params: issueParams,
    body: reactionBody,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction((tx) =>
        addIssueReaction(tx, ctx.loaded, ctx.user.id, ctx.body.reaction),
      );
      return presentIssueReaction(row, ctx.user);
    },
  });

  route(fastify, app, {
    ...onItems(CM.unreact),
    scope: "project",
    params: reactionParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => removeIssueReaction(tx, ctx.loaded, ctx.user.id, ctx.params.reaction));
      return undefined;
    },
  });

  // ---- comment reactions: P/comments/{cid}/reactions/
  const CR = schema.commentReactions;
  route(fastify, app, {
    endpoint: CM.commentReactions,
    scope: "project",
    params: commentOnlyParams,
    policy: POLICIES.project.read,
    load: loadComment,
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select()
        .from(CR)
        .where(eq(CR.commentId, ctx.loaded.comment.id))
        .orderBy(desc(CR.createdAt));
      const users = await usersById(
        ctx.app.db,
        rows.map((r) => r.actorId),
      );
      return rows.map((r) => presentCommentReaction(r, users.get(r.actorId)));
    },
  });

  route(fastify, app, {
    endpoint: CM.commentReact,
    scope: "project",
    params: commentOnlyParams,
    body: reactionBody,
    policy: PERMISSIONS.comment.react,
    load: loadComment,
    status: 201,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      const row = await ctx.app.db.transaction((tx) =>
        addCommentReaction(tx, issue, comment, ctx.user.id, ctx.body.reaction),
      );
      return presentCommentReaction(row, ctx.user);
    },
  });

  route(fastify, app, {
    endpoint: CM.commentUnreact,
    scope: "project",
    params: commentReactionParams,
    policy: PERMISSIONS.comment.react,
    load: loadComment,
    status: 204,
    handler: async (ctx) => {
      const { comment, issue } = ctx.loaded;
      await ctx.app.db.transaction((tx) => removeCommentReaction(tx, issue, comment, ctx.user.id, ctx.params.reaction));
      return undefined;
    },
  });
};

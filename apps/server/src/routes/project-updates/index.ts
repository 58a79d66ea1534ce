import type { FastifyInstance } from "fastify";
import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { projectUpdateBodies, projectUpdateCommentBodies, projectUpdateReactionBody } from "@stride/shared/contract";
import { projectUpdateEndpointsAt } from "@stride/shared/endpoints";
import { route, type SignedInAuth, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { idParam, projectParams } from "../../http/fields.ts";
import { P } from "../../http/paths.ts";
import { htmlField } from "../../core/sanitize.ts";
import { schema } from "../../db/client.ts";
import {
  addUpdateReaction,
  createUpdate,
  createUpdateComment,
  deleteUpdate,
  deleteUpdateComment,
  loadUpdate,
  loadUpdateComment,
  patchUpdate,
  patchUpdateComment,
  removeUpdateReaction,
} from "./commands.ts";
import { presentUpdateComments, presentUpdateReaction, presentUpdates } from "./presenters.ts";

const updateParams = projectParams.extend({ updateId: idParam() });
const commentParams = updateParams.extend({ commentId: idParam() });
const reactionParams = updateParams.extend({ reaction: z.string().min(1).max(20) });
const bodies = projectUpdateBodies(htmlField);
const commentBodies = projectUpdateCommentBodies(htmlField);
const FEATURE = "is_project_updates_enabled" as const;
/** The most updates one list answers (newest first). */
const LIST_MAX = 200;

/**
 * Project updates (issue #29 point 4) under `P/updates/`: post a status (on track, at risk, off track) with a written
 * update, edit or delete it (its author or an admin), comment on it and react to it. The list is newest first with
 * each update's comment count and reactions. Everything answers only while `is_project_updates_enabled` is on.
 * `o.comments` adds the comment and reaction routes (the app; the public API v1 has the updates themselves).
 */
export function registerProjectUpdateRoutes(
  fastify: FastifyInstance,
  app: AppContext,
  o: { auth?: SignedInAuth; base: string; comments?: boolean },
): void {
  const common = { auth: o.auth, scope: "project" as const, feature: FEATURE };
  const U = schema.projectUpdates;
  // the app's: `projectUpdateEndpoints`; API v1's under its own base
  const E = projectUpdateEndpointsAt(o.base);

  route(fastify, app, {
    ...common,
    endpoint: E.list,
    params: projectParams,
    policy: PERMISSIONS.projectUpdate.view,
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select()
        .from(U)
        .where(eq(U.projectId, ctx.project.id))
        .orderBy(desc(U.createdAt), desc(U.id))
        .limit(LIST_MAX);
      return presentUpdates(ctx.app.db, rows);
    },
  });

  route(fastify, app, {
    ...common,
    endpoint: E.create,
    params: projectParams,
    body: bodies.create,
    policy: PERMISSIONS.projectUpdate.create,
    status: 201,
    handler: async (ctx) =>
      (await presentUpdates(ctx.app.db, [await createUpdate(ctx.app, ctx.project, ctx.user.id, ctx.body)]))[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: E.get,
    params: updateParams,
    policy: PERMISSIONS.projectUpdate.view,
    load: loadUpdate,
    handler: async (ctx) => (await presentUpdates(ctx.app.db, [ctx.loaded]))[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: E.update,
    params: updateParams,
    body: bodies.patch,
    policy: PERMISSIONS.projectUpdate.edit,
    load: loadUpdate,
    creatorOf: (u) => u.createdById,
    handler: async (ctx) =>
      (await presentUpdates(ctx.app.db, [await patchUpdate(ctx.app.db, ctx.loaded, ctx.user.id, ctx.body)]))[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: E.remove,
    params: updateParams,
    policy: PERMISSIONS.projectUpdate.delete,
    load: loadUpdate,
    status: 204,
    creatorOf: (u) => u.createdById,
    handler: async (ctx) => {
      await deleteUpdate(ctx.app.db, ctx.loaded);
      return undefined;
    },
  });

  if (!o.comments) return;
  const commentTable = schema.projectUpdateComments;

  route(fastify, app, {
    ...common,
    endpoint: E.comments,
    params: updateParams,
    policy: PERMISSIONS.projectUpdate.view,
    load: loadUpdate,
    handler: async (ctx) =>
      presentUpdateComments(
        ctx.app.db,
        await ctx.app.db
          .select()
          .from(commentTable)
          .where(eq(commentTable.updateId, ctx.loaded.id))
          .orderBy(asc(commentTable.createdAt), asc(commentTable.id)),
      ),
  });

  route(fastify, app, {
    ...common,
    endpoint: E.comment,
    params: updateParams,
    body: commentBodies.create,
    policy: PERMISSIONS.projectUpdate.comment,
    load: loadUpdate,
    status: 201,
    handler: async (ctx) =>
      (
        await presentUpdateComments(ctx.app.db, [
          await createUpdateComment(ctx.app, ctx.loaded, ctx.user.id, ctx.body.comment_html),
        ])
      )[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: E.updateComment,
    params: commentParams,
    body: commentBodies.patch,
    policy: PERMISSIONS.projectUpdate.edit,
    load: loadUpdateComment,
    creatorOf: (l) => l.comment.actorId,
    handler: async (ctx) =>
      (
        await presentUpdateComments(ctx.app.db, [
          await patchUpdateComment(ctx.app.db, ctx.loaded.comment, ctx.user.id, ctx.body.comment_html),
        ])
      )[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: E.removeComment,
    params: commentParams,
    policy: PERMISSIONS.projectUpdate.delete,
    status: 204,
    load: loadUpdateComment,
    creatorOf: (l) => l.comment.actorId,
    handler: async (ctx) => {
      await deleteUpdateComment(ctx.app.db, ctx.loaded.comment);
      return undefined;
    },
  });

  route(fastify, app, {
    ...common,
    endpoint: E.react,
    params: updateParams,
    body: projectUpdateReactionBody,
    policy: PERMISSIONS.projectUpdate.react,
    load: loadUpdate,
    status: 201,
    handler: async (ctx) =>
      presentUpdateReaction(await addUpdateReaction(ctx.app.db, ctx.loaded, ctx.user.id, ctx.body.reaction), ctx.user),
  });

  route(fastify, app, {
    ...common,
    endpoint: E.unreact,
    params: reactionParams,
    policy: PERMISSIONS.projectUpdate.react,
    load: loadUpdate,
    status: 204,
    handler: async (ctx) => {
      await removeUpdateReaction(ctx.app.db, ctx.loaded, ctx.user.id, ctx.params.reaction);
      return undefined;
    },
  });
}

export const projectUpdateRoutes: RouteModule = (fastify, app) => {
  registerProjectUpdateRoutes(fastify, app, { base: `${P}/`, comments: true });
};

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema } from "../../db/client.ts";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { FA } from "./commands.ts";
import { authorizeAsset, newAssetLinks } from "./access.ts";
import { newSlot, prepareAsset, slotLinks } from "./slots.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { projectParams, idParam } from "../../http/fields.ts";
import { USER_TYPES } from "./shared.ts";
import { assetEndpoints as AS } from "@stride/shared/endpoints";
import { linkAssetsBody, prAssetParams, uploadSlotBody } from "./schemas.ts";

type PrAssetParams = z.infer<typeof prAssetParams>;

/**
 * The comment of a work item whose text shows the image `assetId` (the newest, if several): where an image pasted into
 * a new comment belongs once Plane's client links it by the work item's id.
 */
async function commentNaming(ctx: { app: AppContext }, issueId: string, assetId: string): Promise<string | null> {
  const commentTable = schema.issueComments;
  const [c] = await ctx.app.db
    .select({ id: commentTable.id })
    .from(commentTable)
    .where(
      and(
        eq(commentTable.issueId, issueId),
        isNull(commentTable.deletedAt),
        sql`strpos(${commentTable.commentHtml}, ${assetId}) > 0`,
      ),
    )
    .orderBy(desc(commentTable.createdAt))
    .limit(1);
  return c?.id ?? null;
}

/** Project assets: slot, view/download, mark uploaded, delete, and bulk-linking description images. */
export function registerProjectAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.projectSlot,
    scope: "project",
    params: projectParams,
    body: uploadSlotBody,
    policy: POLICIES.project.read,
    load: (ctx) =>
      prepareAsset(
        ctx,
        {
          entityType: ctx.body.entity_type,
          type: ctx.body.type,
          name: ctx.body.name,
          identifier: ctx.body.entity_identifier,
          projectId: ctx.project.id,
        },
        (t) => !USER_TYPES.includes(t) && t !== "WORKSPACE_LOGO" && t !== "ISSUE_ATTACHMENT",
      ),
    handler: newSlot,
  });

  const read: AssetRouteOpts<PrAssetParams> = {
    scope: "project",
    params: prAssetParams,
    policy: POLICIES.project.read,
    where: () => ({ workspace: true, project: true }),
  };
  fileRedirectRoute(fastify, app, { endpoint: AS.projectFile }, "inline", read);
  fileRedirectRoute(fastify, app, { endpoint: AS.projectDownload }, "attachment", read);

  const write: AssetRouteOpts<PrAssetParams> = { ...read, policy: POLICIES.project.memberOrCreator };
  markUploadedRoute(fastify, app, { endpoint: AS.projectMarkUploaded }, write);
  deleteAssetRoute(fastify, app, { endpoint: AS.projectRemove }, write);

  registerProjectAssetLinking(fastify, app);
}

/** POST .../{entity_id}/bulk/ {asset_ids}: link uploaded description images to their work item, comment, page or draft. */
function registerProjectAssetLinking(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.projectLink,
    scope: "project",
    params: projectParams.extend({ entityId: idParam() }),
    body: linkAssetsBody,
    policy: POLICIES.project.read,
    status: 204,
    load: async (ctx) => {
      const ids = [...new Set(ctx.body.asset_ids)];
      if (ids.length === 0) return [];
      const assets = await ctx.app.db
        .select()
        .from(FA)
        .where(
          and(
            inArray(FA.id, ids),
            eq(FA.workspaceId, ctx.workspace.id),
            eq(FA.isDeleted, false),
            or(isNull(FA.projectId), eq(FA.projectId, ctx.project.id)),
          ),
        );
      if (assets.length !== ids.length) throw errors.notFound();
      const changes = [];
      for (const a of assets) {
        // the caller must be allowed to change the file where it is, and to add it where it goes
        await authorizeAsset(ctx, a, "upload");
        const links = await slotLinks(ctx, a.entityType ?? "", ctx.params.entityId, ctx.project.id);
        await authorizeAsset(ctx, newAssetLinks(ctx, a.entityType ?? "", links), "create");
        if (a.entityType === "COMMENT_DESCRIPTION" && links.issueId && !links.commentId)
          links.commentId = await commentNaming(ctx, links.issueId, a.id);
        changes.push({
          id: a.id,
          links,
          cover: a.entityType === "PROJECT_COVER" && a.isUploaded ? (links.projectId ?? null) : null,
        });
      }
      return changes;
    },
    handler: async (ctx) => {
      if (ctx.loaded.length === 0) return undefined;
      await ctx.app.db.transaction(async (tx) => {
        const now = new Date();
        for (const { id, links, cover } of ctx.loaded) {
          await tx
            .update(FA)
            .set({ ...links, entityIdentifier: ctx.params.entityId, updatedAt: now, updatedById: ctx.user.id })
            .where(eq(FA.id, id));
          // Plane's create-project dialog gives its uploaded cover to the new project this way: it becomes the cover
          if (cover)
            await tx
              .update(schema.projects)
              .set({ coverImageAssetId: id, updatedAt: now, updatedById: ctx.user.id })
              .where(eq(schema.projects.id, cover));
        }
      });
      return undefined;
    },
  });
}

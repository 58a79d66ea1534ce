import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { route } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { FA } from "./commands.ts";
import { authorizeAsset, newAssetLinks } from "./access.ts";
import { newSlot, prepareAsset, slotLinks } from "./slots.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { projectParams, idParam } from "../../core/fields.ts";
import { PA, USER_TYPES } from "./shared.ts";
import { linkAssetsBody, prAssetParams, uploadSlotBody } from "./schemas.ts";

type PrAssetParams = z.infer<typeof prAssetParams>;

/** Project assets: slot, view/download, mark uploaded, delete, and bulk-linking description images. */
export function registerProjectAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "POST",
    url: `${PA}/`,
    scope: "project",
    params: projectParams,
    body: uploadSlotBody,
    policy: Policies.project.read,
    load: (ctx) =>
      prepareAsset(
        ctx,
        { entityType: ctx.body.entity_type, type: ctx.body.type, identifier: ctx.body.entity_identifier, projectId: ctx.project.id },
        (t) => !USER_TYPES.includes(t) && t !== "WORKSPACE_LOGO" && t !== "ISSUE_ATTACHMENT",
      ),
    handler: newSlot,
  });

  const read: AssetRouteOpts<PrAssetParams> = { scope: "project", params: prAssetParams, policy: Policies.project.read, where: () => ({ workspace: true, project: true }) };
  fileRedirectRoute(fastify, app, `${PA}/:assetId/`, "inline", read);
  fileRedirectRoute(fastify, app, `${PA}/download/:assetId/`, "attachment", read);

  const write: AssetRouteOpts<PrAssetParams> = { ...read, policy: Policies.project.memberOrCreator };
  markUploadedRoute(fastify, app, `${PA}/:assetId/`, write);
  deleteAssetRoute(fastify, app, `${PA}/:assetId/`, write);

  // POST .../{entity_id}/bulk/ {asset_ids}: link uploaded description images to their work item, comment, page or draft
  route(fastify, app, {
    method: "POST",
    url: `${PA}/:entityId/bulk/`,
    scope: "project",
    params: projectParams.extend({ entityId: idParam() }),
    body: linkAssetsBody,
    policy: Policies.project.read,
    status: 204,
    load: async (ctx) => {
      const ids = [...new Set(ctx.body.asset_ids)];
      if (ids.length === 0) return [];
      const assets = await ctx.app.db
        .select()
        .from(FA)
        .where(and(inArray(FA.id, ids), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false), or(isNull(FA.projectId), eq(FA.projectId, ctx.project.id))));
      if (assets.length !== ids.length) throw errors.notFound();
      const changes = [];
      for (const a of assets) {
        // the caller must be allowed to change the file where it is, and to add it where it goes
        await authorizeAsset(ctx, a, "upload");
        const links = await slotLinks(ctx, a.entityType ?? "", ctx.params.entityId, ctx.project.id);
        await authorizeAsset(ctx, newAssetLinks(ctx, a.entityType ?? "", links), "create");
        changes.push({ id: a.id, links });
      }
      return changes;
    },
    handler: async (ctx) => {
      if (ctx.loaded.length === 0) return undefined;
      await ctx.app.db.transaction(async (tx) => {
        for (const { id, links } of ctx.loaded) {
          await tx.update(FA).set({ ...links, entityIdentifier: ctx.params.entityId, updatedAt: new Date(), updatedById: ctx.user.id }).where(eq(FA.id, id));
        }
      });
      return undefined;
    },
  });
}

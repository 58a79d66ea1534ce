import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { createUploadSlot, FA } from "./commands.ts";
import { assetAccess, loadAsset } from "./access.ts";
import { newSlot, prepareAsset } from "./slots.ts";
import {
  deleteAssetRoute,
  fileRedirectRoute,
  markUploadedRoute,
  restoreAssetRoute,
  type AssetRouteOpts,
} from "./asset-routes.ts";
import { slugParams } from "../../http/fields.ts";
import { USER_TYPES } from "./shared.ts";
import { assetEndpoints as AS } from "@stride/shared/endpoints";
import { duplicateAssetBody, uploadSlotBody, wsAssetParams } from "./schemas.ts";

type WsAssetParams = z.infer<typeof wsAssetParams>;

/** Any asset of the workspace, whatever it belongs to: its entity's rules apply (access.ts). */
const inWorkspace = () => ({ workspace: true });

/** Workspace assets: slot, view/download, mark uploaded, delete/restore, check, duplicate. */
export function registerWorkspaceAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.workspaceSlot,
    scope: "workspace",
    params: slugParams,
    body: uploadSlotBody,
    policy: POLICIES.workspace.read,
    load: (ctx) =>
      prepareAsset(
        ctx,
        {
          entityType: ctx.body.entity_type,
          type: ctx.body.type,
          name: ctx.body.name,
          identifier: ctx.body.entity_identifier,
          projectId: null,
        },
        (t) => !USER_TYPES.includes(t) && t !== "ISSUE_ATTACHMENT",
      ),
    handler: newSlot,
  });

  const read: AssetRouteOpts<WsAssetParams> = {
    scope: "workspace",
    params: wsAssetParams,
    policy: POLICIES.workspace.read,
    where: inWorkspace,
  };
  fileRedirectRoute(fastify, app, { endpoint: AS.workspaceFile }, "inline", read);
  fileRedirectRoute(fastify, app, { endpoint: AS.workspaceDownload }, "attachment", read);

  // members change workspace files; anyone changes what they uploaded; the asset's entity may ask for more
  const write: AssetRouteOpts<WsAssetParams> = { ...read, policy: POLICIES.workspace.memberOrCreator };
  markUploadedRoute(fastify, app, { endpoint: AS.workspaceMarkUploaded }, write);
  deleteAssetRoute(fastify, app, { endpoint: AS.workspaceRemove }, write);
  restoreAssetRoute(fastify, app, { endpoint: AS.workspaceRestore }, write);

  // {exists}: only for assets the caller may read (others do not exist for them)
  route(fastify, app, {
    endpoint: AS.workspaceCheck,
    scope: "workspace",
    params: wsAssetParams,
    policy: POLICIES.workspace.read,
    handler: async (ctx) => {
      const [a] = await ctx.app.db
        .select()
        .from(FA)
        .where(and(eq(FA.id, ctx.params.assetId), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false)))
        .limit(1);
      return { exists: !!a && (await assetAccess(ctx, a, "read")).ok };
    },
  });

  registerAssetDuplicate(fastify, app);
}

/**
 * POST {entity_type, entity_id?, project_id?} → {asset_id}: a copy of a file the caller may read, for an entity the
 * caller may add files to.
 */
function registerAssetDuplicate(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.duplicate,
    scope: "workspace",
    params: wsAssetParams,
    body: duplicateAssetBody,
    policy: POLICIES.workspace.member,
    load: async (ctx) => {
      const src = await loadAsset(ctx, { workspace: true }, "read");
      if (!src.isUploaded) throw errors.notFound();
      const attrs = src.attributes as { name?: string; type?: string };
      const target = await prepareAsset(
        ctx,
        {
          entityType: ctx.body.entity_type,
          type: attrs.type ?? "",
          name: attrs.name,
          identifier: ctx.body.entity_id,
          projectId: ctx.body.project_id ?? null,
        },
        (t) => !USER_TYPES.includes(t),
      );
      return { src, name: attrs.name ?? "file", target };
    },
    handler: async (ctx) => {
      const { src, name, target } = ctx.loaded;
      const data = await ctx.app.storage.read(src.asset);
      if (!data) throw errors.notFound();
      const id = await ctx.app.db.transaction(async (tx) => {
        const { asset } = await createUploadSlot(tx, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
          name,
          type: target.type,
          size: data.length,
          entityType: target.entityType,
          entityIdentifier: target.entityIdentifier,
          workspaceId: ctx.workspace.id,
          ...target.links,
        });
        await ctx.app.storage.put(asset.asset, data, target.type);
        await tx
          .update(FA)
          .set({
            isUploaded: true,
            storageMetadata: { size: data.length, content_type: target.type, duplicated_from: src.id },
          })
          .where(eq(FA.id, asset.id));
        return asset.id;
      });
      return { asset_id: id };
    },
  });
}

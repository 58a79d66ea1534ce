import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { findScope, route } from "../../core/route.ts";
import { requirePolicy } from "../issues/access.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { zUuid } from "../issues/schemas.ts";
import { createUploadSlot, FA } from "./commands.ts";
import { loadWorkspaceAsset } from "./loaders.ts";
import { newSlot } from "./slots.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, restoreAssetRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { checkEntityType, checkType, slotBody, USER_TYPES, WA, wsAssetParams, wsParams } from "./shared.ts";

type WsAssetParams = z.infer<typeof wsAssetParams>;

/** Workspace assets: slot, view/download, mark uploaded, delete/restore, check, duplicate. */
export function registerWorkspaceAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "POST",
    url: `${WA}/`,
    scope: "workspace",
    params: wsParams,
    body: slotBody,
    policy: Policies.workspace.read,
    handler: (ctx) => newSlot(ctx, { projectId: null }, (t) => !USER_TYPES.includes(t) && t !== "ISSUE_ATTACHMENT"),
  });

  const read: AssetRouteOpts<WsAssetParams> = { scope: "workspace", params: wsAssetParams, policy: Policies.workspace.read, load: (ctx) => loadWorkspaceAsset(ctx) };
  fileRedirectRoute(fastify, app, `${WA}/:assetId/`, "inline", read);
  fileRedirectRoute(fastify, app, `${WA}/download/:assetId/`, "attachment", read);

  const write: AssetRouteOpts<WsAssetParams> = { ...read, policy: Policies.workspace.memberOrCreator, creatorAllowed: true };
  markUploadedRoute(fastify, app, `${WA}/:assetId/`, write);
  deleteAssetRoute(fastify, app, `${WA}/:assetId/`, write);
  restoreAssetRoute(fastify, app, `${WA}/restore/:assetId/`, { ...write, load: (ctx) => loadWorkspaceAsset(ctx, { includeDeleted: true }) });

  route(fastify, app, {
    method: "GET",
    url: `${WA}/check/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.read,
    handler: async (ctx) => {
      const [a] = await ctx.app.db
        .select({ id: FA.id })
        .from(FA)
        .where(and(eq(FA.id, ctx.params.assetId), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false)))
        .limit(1);
      return { exists: !!a };
    },
  });

  // POST {entity_type, entity_id?, project_id?} → {asset_id}: a copy of an uploaded file for another entity
  route(fastify, app, {
    method: "POST",
    url: `${WA}/duplicate-assets/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    body: z.object({ entity_type: z.string().max(64), entity_id: zUuid.nullable().optional(), project_id: zUuid.nullable().optional() }),
    policy: Policies.workspace.member,
    load: (ctx) => loadWorkspaceAsset(ctx),
    handler: async (ctx) => {
      const src = ctx.loaded;
      if (!src.isUploaded) throw errors.notFound();
      const entityType = checkEntityType(ctx.body.entity_type, (t) => !USER_TYPES.includes(t));
      const attrs = src.attributes as { name?: string; type?: string };
      checkType(entityType, attrs.type ?? "");
      let projectId: string | null = null;
      if (ctx.body.project_id) {
        const scope = await findScope(ctx.app, ctx.workspace.slug, ctx.user.id, ctx.body.project_id);
        if (!scope?.project) throw errors.field("project_id", "Invalid project");
        // Copying into a project needs the right to add files there.
        requirePolicy(Policies.project.member, { userId: ctx.user.id, workspaceRole: ctx.workspaceMember?.role ?? null, projectRole: scope.projectMember?.role ?? null });
        projectId = scope.project.id;
      }
      const stream = await ctx.app.storage.get(src.asset);
      if (!stream) throw errors.notFound();
      const id = await ctx.app.db.transaction(async (tx) => {
        const { asset } = await createUploadSlot(tx, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
          name: attrs.name ?? "file", type: attrs.type ?? "", size: src.size, entityType, entityIdentifier: ctx.body.entity_id ?? null, workspaceId: ctx.workspace.id, projectId,
        });
        await ctx.app.storage.put(asset.asset, stream, attrs.type);
        await tx.update(FA).set({ isUploaded: true, storageMetadata: { size: src.size, content_type: attrs.type ?? null, duplicated_from: src.id } }).where(eq(FA.id, asset.id));
        return asset.id;
      });
      return { asset_id: id };
    },
  });
}

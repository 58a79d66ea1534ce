import type { FastifyInstance } from "fastify";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { createUploadSlot } from "./commands.ts";
import { authorizeAsset, newAssetLinks } from "./access.ts";
import { deleteAssetRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { checkEntityType, checkType, USER_TYPES } from "./shared.ts";
import { assetEndpoints as AS } from "@stride/shared/endpoints";
import { assetParams, uploadSlotBody } from "./schemas.ts";

/** The caller's avatar and cover: slot, mark uploaded, delete. */
export function registerUserAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.userSlot,
    body: uploadSlotBody,
    policy: POLICIES.user.any,
    load: async (ctx) => {
      const entityType = checkEntityType(ctx.body.entity_type, (t) => USER_TYPES.includes(t));
      const type = checkType(entityType, ctx.body.type);
      await authorizeAsset(ctx, newAssetLinks(ctx, entityType, { userId: ctx.user.id }), "create");
      return { entityType, type };
    },
    handler: async (ctx) => {
      const { body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, null, {
        name: ctx.body.name,
        type: ctx.loaded.type,
        size: ctx.body.size,
        entityType: ctx.loaded.entityType,
        entityIdentifier: ctx.user.id,
        userId: ctx.user.id,
      });
      return body;
    },
  });

  // any user's avatar or cover is found (they are public images); only its owner may change it (access.ts)
  const own: AssetRouteOpts<{ assetId: string }> = {
    params: assetParams,
    policy: POLICIES.user.any,
    where: () => ({ entityTypes: USER_TYPES }),
  };
  markUploadedRoute(fastify, app, { endpoint: AS.userMarkUploaded }, own);
  deleteAssetRoute(fastify, app, { endpoint: AS.userRemove }, own);
}

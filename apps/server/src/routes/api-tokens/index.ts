import { apiTokenEndpoints } from "@stride/shared/endpoints";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { createApiTokenBody, updateApiTokenBody, userTokenParams, workspaceTokenParams } from "./schemas.ts";
import { createToken, deleteToken, findToken, listTokens, ownTokens, updateToken } from "./commands.ts";
import { presentApiToken, presentCreatedApiToken } from "./presenters.ts";

/**
 * API tokens (wire-facts §9, platform.md §7): the caller's own tokens, at user level (`/api/users/api-tokens/`,
 * tokens acting in every workspace of the user) and per workspace (`W/api-tokens/`, admin only, tokens acting only
 * there). The token text is answered once, on create; lists and details never carry it.
 */
export const apiTokenRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: apiTokenEndpoints.userList,
    policy: POLICIES.user.any,
    handler: async (ctx) => (await listTokens(ctx.app.db, ownTokens(ctx.user.id))).map(presentApiToken),
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.userCreate,
    body: createApiTokenBody,
    policy: POLICIES.user.any,
    status: 201,
    handler: async (ctx) => {
      const { row, token } = await createToken(ctx.app.db, ctx.user, null, ctx.body);
      return presentCreatedApiToken(row, token);
    },
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.userGet,
    params: userTokenParams,
    policy: POLICIES.user.any,
    handler: async (ctx) => presentApiToken(await findToken(ctx.app.db, ownTokens(ctx.user.id), ctx.params.tokenId)),
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.userUpdate,
    params: userTokenParams,
    body: updateApiTokenBody,
    policy: POLICIES.user.any,
    handler: async (ctx) => {
      const row = await findToken(ctx.app.db, ownTokens(ctx.user.id), ctx.params.tokenId);
      return presentApiToken(await updateToken(ctx.app.db, row, ctx.user.id, ctx.body));
    },
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.userRemove,
    params: userTokenParams,
    policy: POLICIES.user.any,
    status: 204,
    handler: async (ctx) =>
      deleteToken(ctx.app.db, await findToken(ctx.app.db, ownTokens(ctx.user.id), ctx.params.tokenId)),
  });

  // W/api-tokens/: the settings page's calls (workspace admins), tokens bound to this workspace
  route(fastify, app, {
    endpoint: apiTokenEndpoints.list,
    scope: "workspace",
    params: slugParams,
    policy: PERMISSIONS.apiToken.view,
    handler: async (ctx) =>
      (await listTokens(ctx.app.db, ownTokens(ctx.user.id, ctx.workspace.id))).map(presentApiToken),
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.create,
    scope: "workspace",
    params: slugParams,
    body: createApiTokenBody,
    policy: PERMISSIONS.apiToken.create,
    status: 201,
    handler: async (ctx) => {
      const { row, token } = await createToken(ctx.app.db, ctx.user, ctx.workspace.id, ctx.body);
      return presentCreatedApiToken(row, token);
    },
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.get,
    scope: "workspace",
    params: workspaceTokenParams,
    policy: PERMISSIONS.apiToken.view,
    handler: async (ctx) =>
      presentApiToken(await findToken(ctx.app.db, ownTokens(ctx.user.id, ctx.workspace.id), ctx.params.tokenId)),
  });
  route(fastify, app, {
    endpoint: apiTokenEndpoints.remove,
    scope: "workspace",
    params: workspaceTokenParams,
    policy: PERMISSIONS.apiToken.delete,
    status: 204,
    handler: async (ctx) =>
      deleteToken(
        ctx.app.db,
        await findToken(ctx.app.db, ownTokens(ctx.user.id, ctx.workspace.id), ctx.params.tokenId),
      ),
  });
};

import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Endpoint, In } from "@stride/shared/endpoints";
import { route, type SignedInCtx } from "../../http/route.ts";
import type { Policy } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import type { Tx } from "../../db/client.ts";
import { deleteAsset, markUploaded, restoreAsset, type AssetRow } from "./commands.ts";
import { loadAsset, type AssetAction, type AssetWhere } from "./access.ts";
import { redirectToFile } from "./shared.ts";
import { markUploadedBody } from "./schemas.ts";
import type { Disposition } from "./sign.ts";

/**
 * What the per-asset endpoints of one family (user, workspace, project, attachment) have in common. `policy` is
 * the role the route needs whatever the asset (checked by the pipeline); the rules of the entity the asset
 * belongs to are applied by `loadAsset` (access.ts) in the route's `load`.
 */
export interface AssetRouteOpts<TParams> {
  /** `apiKey` for the public API v1's routes; the app's session otherwise. */
  auth?: "apiKey";
  scope?: "workspace" | "project";
  params: z.ZodType<TParams>;
  policy: Policy;
  /** Where the family keeps its assets (per request: e.g. the `epics/` path only finds epics). */
  where: (ctx: SignedInCtx<TParams>) => AssetWhere;
}

const createdBy = (a: AssetRow) => a.createdById;

type Method = "GET" | "PATCH" | "POST" | "DELETE";
/** A per-asset endpoint of a family answering no JSON (a redirect, or 204), and the other paths it answers on. */
type AssetEndpoint<M extends Method, B = undefined> = Endpoint<M, string, B, void>;
interface At<E> {
  endpoint: E;
  aliases?: string[];
}
/**
 * Where a route answers: an endpoint of the table (and its aliases), or, for a family outside the table (the public
 * API v1's), its own paths, the first taken as the endpoint and the others as its aliases.
 */
function placed<M extends Method, B>(method: M, at: At<AssetEndpoint<M, B>> | string[]): At<AssetEndpoint<M, B>> {
  if (!Array.isArray(at)) return at;
  const [path, ...aliases] = at;
  return { endpoint: { method, path }, aliases };
}

function base<TParams, E>(at: At<E>, o: AssetRouteOpts<TParams>, action: AssetAction, extra: Partial<AssetWhere> = {}) {
  return {
    endpoint: at.endpoint,
    aliases: at.aliases,
    ...(o.auth ? { auth: o.auth } : {}),
    scope: o.scope,
    params: o.params,
    policy: o.policy,
    load: (ctx: SignedInCtx<TParams>) =>
      loadAsset(ctx as SignedInCtx<{ assetId: string }>, { ...o.where(ctx), ...extra }, action),
    creatorOf: o.policy.creatorAllowed ? createdBy : undefined,
  };
}

/** GET → 302 to a signed download of the loaded asset. */
export function fileRedirectRoute<TParams>(
  fastify: FastifyInstance,
  app: AppContext,
  at: At<AssetEndpoint<"GET">> | string[],
  disposition: Disposition,
  o: AssetRouteOpts<TParams>,
) {
  route(fastify, app, {
    ...base(placed("GET", at), o, "read"),
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, disposition),
  });
}

/** PATCH {attributes?} → 204: the upload is complete. */
export function markUploadedRoute<TParams>(
  fastify: FastifyInstance,
  app: AppContext,
  at: At<AssetEndpoint<"PATCH", In<typeof markUploadedBody>>> | string[],
  o: AssetRouteOpts<TParams>,
) {
  route(fastify, app, {
    ...base(placed("PATCH", at), o, "upload"),
    body: markUploadedBody,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => markUploaded(tx, ctx.app, ctx.loaded, ctx.user.id, ctx.body.attributes));
      return undefined;
    },
  });
}

/** A body-less write on the loaded asset, in one transaction → 204. */
function commandRoute<TParams>(
  fastify: FastifyInstance,
  app: AppContext,
  at: At<AssetEndpoint<"POST" | "DELETE">>,
  o: AssetRouteOpts<TParams>,
  extra: Partial<AssetWhere>,
  command: (tx: Tx, asset: AssetRow, actorId: string) => Promise<unknown>,
) {
  route(fastify, app, {
    ...base(at, o, "delete", extra),
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => command(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });
}

/** DELETE → 204: soft-delete the loaded asset. */
export function deleteAssetRoute<TParams>(
  fastify: FastifyInstance,
  app: AppContext,
  at: At<AssetEndpoint<"DELETE">> | string[],
  o: AssetRouteOpts<TParams>,
) {
  commandRoute(fastify, app, placed("DELETE", at), o, {}, deleteAsset);
}

/** POST → 204: undo a soft delete (the right to delete is the right to restore). */
export function restoreAssetRoute<TParams>(
  fastify: FastifyInstance,
  app: AppContext,
  at: At<AssetEndpoint<"POST">> | string[],
  o: AssetRouteOpts<TParams>,
) {
  commandRoute(fastify, app, placed("POST", at), o, { includeDeleted: true }, restoreAsset);
}

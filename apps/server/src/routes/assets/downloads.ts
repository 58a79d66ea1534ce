import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { route } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { FA } from "./commands.ts";
import { PUBLIC_ENTITY_TYPES } from "./urls.ts";
import { INLINE_SAFE, redirectToFile } from "./shared.ts";
import { assetEndpoints as AS } from "@stride/shared/endpoints";
import { assetParams } from "./schemas.ts";
import { contentDisposition, normalizeMime } from "../../storage/content-type.ts";
import { verifyDownload } from "./sign.ts";

/** Signed downloads (the bytes, for 3600 s) and the public images (avatars, covers, logos). */
export function registerDownloads(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: AS.file,
    auth: "none",
    policy: null,
    params: assetParams,
    query: z
      .object({ exp: z.string().optional(), disposition: z.string().optional(), sig: z.string().optional() })
      .passthrough(),
    handler: async (ctx) => {
      const { exp, disposition, sig } = ctx.query;
      if (!verifyDownload(app.secretKey, ctx.params.assetId, exp, disposition, sig))
        throw errors.body(403, { error: "The download link is invalid or has expired." });
      const [a] = await app.db.select().from(FA).where(eq(FA.id, ctx.params.assetId)).limit(1);
      if (!a || !a.isUploaded || a.isDeleted) throw errors.notFound();
      // the whole file (≤ 5 MB) in one write: the reply is complete when the handler returns, and its length exact
      const data = await app.storage.read(a.asset);
      if (!data) throw errors.notFound();
      const attrs = a.attributes as { name?: unknown; type?: unknown };
      // stored values are re-checked on the way out: a header never carries anything unchecked
      const type = normalizeMime(attrs.type) ?? "application/octet-stream";
      const inline = disposition === "inline" && INLINE_SAFE.has(type);
      ctx.reply
        .header("Content-Type", type)
        .header(
          "Content-Disposition",
          contentDisposition(inline ? "inline" : "attachment", typeof attrs.name === "string" ? attrs.name : "file"),
        )
        .header("Cache-Control", "private, max-age=3600")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      return ctx.reply.send(data);
    },
  });

  route(fastify, app, {
    endpoint: AS.static,
    auth: "none",
    policy: null,
    params: assetParams,
    handler: async (ctx) => {
      const [a] = await app.db.select().from(FA).where(eq(FA.id, ctx.params.assetId)).limit(1);
      if (!a || !(PUBLIC_ENTITY_TYPES as readonly string[]).includes(a.entityType ?? "")) throw errors.notFound();
      return redirectToFile(ctx, a, "inline");
    },
  });
}

import { assetEndpoints as AS } from "@stride/shared/endpoints";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { instanceConfig } from "../../core/instance-config.ts";
import { requestOrigin } from "./commands.ts";
import { STOCK_COVERS, stockCoverSvg } from "./stock-covers.ts";

/** Where stock project covers live in storage (files placed there by the operator). */
export const PROJECT_COVER_PREFIX = "static/project-cover/";
const COVER_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
};

const intParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, "must be a positive integer")
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be between 1 and ${max}`)
    .optional();

/** Project covers (Stride's own, stock-covers.ts, and the operator's) and the Unsplash image search (platform.md §7 "Assets"). */
export function registerExternalImages(fastify: FastifyInstance, app: AppContext) {
  // GET /api/project-covers/ → absolute URLs of the stock covers
  route(fastify, app, {
    endpoint: AS.projectCovers,
    policy: POLICIES.user.any,
    handler: async (ctx) => {
      const keys = await app.storage.list(PROJECT_COVER_PREFIX);
      const origin = requestOrigin(ctx.req);
      // Stride's own covers first, then the operator's files (a file named like a shipped cover is not offered twice)
      const own = keys
        .filter((k) => COVER_TYPES[path.extname(k).toLowerCase()])
        .map((k) => k.slice(PROJECT_COVER_PREFIX.length))
        .filter((name) => !STOCK_COVERS.includes(name));
      return [...STOCK_COVERS, ...own].map((name) => `${origin}/api/project-covers/${encodeURIComponent(name)}`);
    },
  });

  route(fastify, app, {
    endpoint: AS.projectCover,
    auth: "none",
    policy: null,
    params: z.object({ name: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/) }),
    handler: async (ctx) => {
      const stock = stockCoverSvg(ctx.params.name);
      if (stock !== null) {
        return ctx.reply
          .header("Content-Type", "image/svg+xml")
          .header("Cache-Control", "public, max-age=604800, immutable")
          .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
          .header("X-Content-Type-Options", "nosniff")
          .send(stock);
      }
      const type = COVER_TYPES[path.extname(ctx.params.name).toLowerCase()];
      if (!type || ctx.params.name.startsWith(".")) throw errors.notFound();
      const key = PROJECT_COVER_PREFIX + ctx.params.name;
      const data = await app.storage.read(key);
      if (!data) throw errors.notFound();
      ctx.reply
        .header("Content-Type", type)
        .header("Cache-Control", "public, max-age=86400")
        .header("X-Content-Type-Options", "nosniff");
      return ctx.reply.send(data);
    },
  });

  // GET /api/unsplash/?query=&page=&per_page= → Unsplash's answer, or [] when no access key is configured
  route(fastify, app, {
    endpoint: AS.unsplash,
    query: z
      .object({ query: z.string().max(200).optional(), page: intParam(1000), per_page: intParam(30) })
      .passthrough(),
    policy: POLICIES.user.any,
    handler: async (ctx) => {
      const cfg = await instanceConfig(app);
      const key = cfg.UNSPLASH_ACCESS_KEY || "";
      if (!key) return [];
      const params = new URLSearchParams({
        client_id: key,
        page: String(ctx.query.page ?? 1),
        per_page: String(ctx.query.per_page ?? 20),
      });
      const q = ctx.query.query?.trim();
      if (q) params.set("query", q);
      const url = `https://api.unsplash.com/${q ? "search/photos" : "photos"}/?${params}`;
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { "Content-Type": "application/json" },
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw errors.body(502, { error: "Could not reach Unsplash, please try again later" });
      }
      const body = await res.json().catch(() => null);
      // upstream failures are not the caller's (a 401 from Unsplash must not look like a signed-out session)
      if (!res.ok || body === null)
        throw errors.body(502, { error: "Unsplash could not answer the request", status: res.status });
      return body;
    },
  });
}

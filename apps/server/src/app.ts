import fs from "node:fs";
import path from "node:path";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { registerIdempotency } from "./http/idempotency.ts";
import cookie from "@fastify/cookie";
import { ZodError } from "zod";
import { THEME_COOKIE, withThemeAttributes } from "@stride/shared";
import { HttpError, CRASH_BODY, pgErrorToHttp, errors } from "./http/errors.ts";
import { registerSecurity } from "./http/security.ts";
import { logServerError, registerRequestLog, requestId, REQUEST_ID_HEADER } from "./core/request-log.ts";
import { createLogger } from "./core/log.ts";
import { jsonTooDeep, MAX_JSON_DEPTH } from "./http/json-depth.ts";
import { StorageWriteError } from "./storage/storage.ts";
import type { AppContext } from "./core/context.ts";
import { routeModules } from "./routes/index.ts";
import { releaseRunsOnClose } from "./agents/run/jobs.ts";
import { registerLive } from "./live/socket.ts";
import { registerCollab, type CollabOptions } from "./collab/server.ts";
import { sendAppHtml, withLocalDbDefault, withRoutePreloads, type ViteManifest } from "./http/screen-data.ts";
import { resolveSession } from "./http/session.ts";
import { liveHeads } from "./domain/live-access.ts";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
  // SQLite for the web's local database: browsers compile WebAssembly only when it says what it is
  ".wasm": "application/wasm",
};

export interface BuildOptions {
  /** Folder with the built web app (index.html); served with SPA fallback when present. */
  webDist?: string;
  /** Embed the first screen's data in the app's HTML for a signed-in caller (core/screen-data.ts); default true. */
  screenData?: boolean;
  /** Where log lines go (JSON, one per line); stdout when absent. */
  logStream?: { write(line: string): void };
  /** The collaboration server's store timing (tests shorten it). */
  collab?: CollabOptions;
}

/** Build the Fastify server: plugins, error catalogue, every route module, and the web app. */
export async function buildServer(app: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const fastify = Fastify({
    // Always a logger (the process's, core/log.ts): LOG_LEVEL decides how chatty it is, but 5xx are logged at
    // `error` at any level.
    loggerInstance: (opts.logStream
      ? createLogger(app.config.logLevel, opts.logStream)
      : (app.log ?? createLogger(app.config.logLevel))) as FastifyBaseLogger,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    bodyLimit: 10 * 1024 * 1024,
    // Malformed URLs and the like get a clear 4xx body of our own, not Fastify's.
    frameworkErrors: (error, req, reply: FastifyReply) => {
      reply.header(REQUEST_ID_HEADER, req.id);
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      reply
        .code(status >= 400 && status < 500 ? status : 400)
        .send({ detail: status === 400 ? "Malformed request URL." : error.message });
    },
    // Client addresses (rate limits, sessions) come from X-Forwarded-For only across trusted proxy hops.
    trustProxy: app.config?.trustProxy || false,
  });

  registerRequestLog(fastify);
  // request rate and latency per route pattern (core/metrics.ts)
  if (app.metrics) {
    fastify.addHook("onResponse", async (req, reply) => {
      app.metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  await fastify.register(cookie);
  registerJsonParser(fastify);
  await registerSecurity(fastify, app.config);

  fastify.setErrorHandler(answerError);
  // a POST with Idempotency-Key runs once; sent again, its first answer is replayed (http/idempotency.ts)
  registerIdempotency(fastify, app);

  for (const register of routeModules) register(fastify, app);
  // after the routes' own close hooks (environments releases its sandboxes first, as it always did)
  releaseRunsOnClose(fastify, app);
  await registerLive(fastify, app);
  await registerCollab(fastify, app, opts.collab);

  registerWebApp(fastify, app, opts);
  return fastify;
}

/**
 * Bodies are JSON only; form posts are parsed only by the routes declared with formRoute() (core/form-route.ts)
 * and uploads by their multipart receiver.
 */
function registerJsonParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser("text/plain");
  // A body nested deeper than MAX_JSON_DEPTH is a 400 before it is parsed (core/json-depth.ts).
  // An empty JSON body is no body, as Django REST framework reads it: Plane's Node SDK sends DELETE and bodyless
  // POSTs with `Content-Type: application/json` and nothing after it.
  const jsonParser = fastify.getDefaultJsonParser("error", "error");
  fastify.removeContentTypeParser("application/json");
  fastify.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    if (jsonTooDeep(text)) return done(errors.jsonTooDeep(MAX_JSON_DEPTH), undefined);
    jsonParser(req, text, done);
  });
}

/** Every error a request ends with, as the catalogue's body (http/errors.ts); 5xx are logged. */
function answerError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof HttpError) {
    if (err.status >= 500) logServerError(req, err.status, err);
    reply.headers(err.headers).code(err.status).send(err.body);
    return;
  }
  if (err instanceof ZodError) {
    reply.code(400).send({ error: "The payload is not valid" });
    return;
  }
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || (fe.statusCode === 400 && /JSON/i.test(fe.message ?? ""))) {
    reply.code(400).send({ detail: `JSON parse error - ${fe.message}` });
    return;
  }
  if (fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    reply.code(400).send({ detail: "JSON parse error - body is empty" });
    return;
  }
  if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    const e = errors.unsupportedMediaType(req.headers["content-type"] ?? "");
    reply.code(e.status).send(e.body);
    return;
  }
  if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    reply.code(413).send({ error: "Request body is too large." });
    return;
  }
  if (err instanceof StorageWriteError) {
    const e = err.reason === "full" ? errors.storageFull() : errors.storageReadOnly();
    logServerError(req, e.status, err);
    reply.code(e.status).send(e.body);
    return;
  }
  const pg = pgErrorToHttp(err);
  if (pg) {
    if (pg.status >= 500) logServerError(req, pg.status, err);
    reply.headers(pg.headers).code(pg.status).send(pg.body);
    return;
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    reply.code(fe.statusCode).send({ error: fe.message });
    return;
  }
  logServerError(req, 500, err);
  reply.code(500).send(CRASH_BODY);
}

/** The web app (when `webDist` holds a build) and the not-found answer for everything else. */
function registerWebApp(fastify: FastifyInstance, app: AppContext, opts: BuildOptions): void {
  const webDist = opts.webDist;
  const hasWeb = !!webDist && fs.existsSync(path.join(webDist, "index.html"));
  fastify.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0];
    const isApi = url.startsWith("/api/") || url === "/api" || url.startsWith("/auth/");
    if (isApi || !hasWeb || (req.method !== "GET" && req.method !== "HEAD")) {
      const e = errors.pageNotFound();
      reply.code(e.status).send(e.body);
      return;
    }
    // A built asset, else the SPA shell for client-side routes.
    const file = path.resolve(webDist!, "." + decodeURIComponent(url));
    // (the build's manifest, dist/.vite/, is the server's, not a page's)
    if (
      file.startsWith(path.resolve(webDist!) + path.sep) &&
      !file.startsWith(path.resolve(webDist!, ".vite") + path.sep) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      const immutable = url.startsWith("/assets/");
      reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      reply.type(MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream").send(fs.createReadStream(file));
      return;
    }
    // the public space is its own entry (spaces.html); the public intake form stays in the app
    if (isSpacePath(url)) {
      const spaces = path.join(webDist!, "spaces.html");
      if (fs.existsSync(spaces)) {
        reply.header("Cache-Control", "no-cache").type("text/html").send(fs.readFileSync(spaces, "utf8"));
        return;
      }
    }
    // the SPA shell, with the screen's route chunks preloaded and the first screen's data for a signed-in caller (core/screen-data.ts)
    // in the caller's theme from the first paint (the web keeps the choice in a cookie too: @stride/shared theme.ts)
    // (and the instance's default of the web's local database, so the web need not ask for it)
    const html = withLocalDbDefault(
      withThemeAttributes(
        withRoutePreloads(fs.readFileSync(path.join(webDist!, "index.html"), "utf8"), readManifest(webDist!), req.url),
        req.cookies?.[THEME_COOKIE],
      ),
      app.config.localDbEnabled,
    );
    if (opts.screenData === false) reply.header("Cache-Control", "no-cache").type("text/html").send(html);
    else
      sendAppHtml(
        fastify,
        req,
        reply,
        html,
        app.config.sessionCookieName,
        app.config.screenDataBudgetMs,
        async (r, slug) => {
          const session = await resolveSession(app, r, "app");
          return session ? liveHeads(app.sql, session.user.id, slug) : null;
        },
      );
  });
}

/** Vite's build manifest of the web app (`build.manifest`), or null when the build has none. */
function readManifest(webDist: string): ViteManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, ".vite", "manifest.json"), "utf8")) as ViteManifest;
  } catch {
    return null;
  }
}

/** Paths of the public space app (`/spaces/…`), except the public intake form, which the app shows. */
export function isSpacePath(url: string): boolean {
  return (url === "/spaces" || url.startsWith("/spaces/")) && !url.startsWith("/spaces/intake/");
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import cors from "@fastify/cors";
import helmet from "helmet";
import { storageOrigin, type Config } from "../config.ts";
import { errors } from "./errors.ts";

/**
 * What a browser may do with Stride from where:
 * - trusted origins are the request's own origin (same-origin), WEB_URL's origin and CORS_ALLOWED_ORIGINS;
 * - credentialed CORS answers only those (@fastify/cors);
 * - an unsafe request (not GET/HEAD/OPTIONS) that carries a session cookie must come from a trusted origin;
 * - every response carries the security headers (helmet), with a CSP the web build runs under.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CORS_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const CORS_HEADERS = [
  "authorization",
  "content-type",
  "x-csrftoken",
  "x-requested-with",
  "accept",
  "origin",
  "user-agent",
  "x-api-key",
  "x-request-id",
  "idempotency-key",
];

/** `scheme://host[:port]` of a URL or Origin header, or null when it is none (`null`, garbage, other schemes). */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins configured for the app: WEB_URL's and every CORS_ALLOWED_ORIGINS entry. */
export function configuredOrigins(config: Pick<Config, "webUrl" | "corsAllowedOrigins">): string[] {
  const web = config.webUrl ? originOf(config.webUrl) : null;
  return [...new Set([...(web ? [web] : []), ...config.corsAllowedOrigins])];
}

/** Decides whether an Origin header names a trusted origin for this request. */
export function originTrust(config: Pick<Config, "webUrl" | "corsAllowedOrigins">) {
  const configured = new Set(configuredOrigins(config));
  return (req: FastifyRequest, origin: string): boolean => {
    const o = originOf(origin);
    if (!o) return false;
    // Same-origin: the Origin names the host the request was sent to. The scheme is not compared, so an
    // app behind a TLS-terminating proxy (browser on https, Stride on http) is same-origin without TRUST_PROXY.
    return configured.has(o) || new URL(o).host === req.host;
  };
}

/**
 * Refuse a cookie-authenticated change made from another site: the Origin must be trusted; without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site|same-site` is refused too (the origin cannot be checked).
 * Requests without a session cookie (API keys, anonymous forms guarded by their CSRF token) are not concerned.
 */
export function assertTrustedOrigin(
  config: Config,
  trusted: (req: FastifyRequest, origin: string) => boolean,
  req: FastifyRequest,
): void {
  if (SAFE_METHODS.has(req.method)) return;
  const cookies = req.cookies ?? {};
  if (!cookies[config.sessionCookieName] && !cookies[config.adminSessionCookieName]) return;
  const origin = req.headers.origin;
  if (typeof origin === "string") {
    if (!trusted(req, origin)) throw errors.originRefused(origin);
    return;
  }
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") throw errors.originRefused(null);
}

/** The Content-Security-Policy directives (helmet's names). */
export function cspDirectives(config: Config): Record<string, string[]> {
  // with S3 storage the browser posts uploads to the bucket and follows downloads there
  const bucket = storageOrigin(config);
  const store = bucket ? [bucket] : [];
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    // WebAssembly may be compiled (the web's local database runs SQLite compiled to WebAssembly in a worker); no eval
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    // React's style props go through the CSSOM, which CSP does not govern; style attributes in markup
    // and <style> elements are refused (docs/decisions.md).
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:", "https:", ...store],
    fontSrc: ["'self'", "data:"],
    mediaSrc: ["'self'", "blob:", ...store],
    connectSrc: ["'self'", ...store],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // Sign-in forms post here and are redirected to WEB_URL.
    formAction: ["'self'", ...configuredOrigins(config)],
    frameAncestors: ["'self'"],
  };
  if (config.cookieSecure) directives.upgradeInsecureRequests = [];
  return directives;
}

/** Register security headers, CORS and the origin check on the root instance (before any route). */
export async function registerSecurity(fastify: FastifyInstance, config: Config): Promise<void> {
  const trusted = originTrust(config);
  // helmet's middleware built once (the fastify plugin built it again for every request: ~0.1 ms of CPU each, issue #13)
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // HSTS only when the app is served over HTTPS (COOKIE_SECURE=1): on plain HTTP it would lock browsers out.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: "sameorigin" },
    referrerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  fastify.addHook("onRequest", (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await fastify.register(cors, {
    delegator: (req, cb) => {
      const origin = req.headers.origin;
      cb(null, {
        origin: typeof origin === "string" && trusted(req, origin) ? origin : false,
        credentials: true,
        methods: CORS_METHODS,
        allowedHeaders: CORS_HEADERS,
        exposedHeaders: ["x-request-id", "idempotent-replayed"],
        maxAge: 600,
        strictPreflight: false,
      });
    },
  });
  fastify.addHook("onRequest", async (req) => assertTrustedOrigin(config, trusted, req));
}

import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../core/context.ts";
import { errors } from "./errors.ts";

/**
 * CSRF for the browser form endpoints (wire-facts §1): the `csrftoken` cookie must equal the submitted
 * token, sent as form field `csrfmiddlewaretoken` or header `X-CSRFToken`.
 */
export const CSRF_COOKIE = "csrftoken";
export const CSRF_FIELD = "csrfmiddlewaretoken";
const TOKEN_RE = /^[A-Za-z0-9_-]{32,128}$/;
const CSRF_MAX_AGE = 31449600; // one year, as Django's CSRF_COOKIE_AGE

/** Reuse the caller's token cookie when well-formed, else mint one; (re)sets the cookie either way. */
export function issueCsrfToken(app: AppContext, req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies?.[CSRF_COOKIE];
  const token = existing && TOKEN_RE.test(existing) ? existing : crypto.randomBytes(32).toString("base64url");
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: CSRF_MAX_AGE,
    secure: app.config.cookieSecure,
    domain: app.config.cookieDomain,
  });
  return token;
}

function submitted(req: FastifyRequest, allowField: boolean): string | undefined {
  const header = req.headers["x-csrftoken"];
  if (typeof header === "string" && header) return header;
  if (!allowField) return undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const v = body && typeof body === "object" ? body[CSRF_FIELD] : undefined;
  if (typeof v === "string") return v;
  if (Array.isArray(v) && typeof v[0] === "string") return v[0];
  return undefined;
}

/** Throw the 403 CSRF failure unless the submitted token matches the cookie. `headerOnly` for JSON endpoints. */
export function assertCsrf(req: FastifyRequest, opts: { headerOnly?: boolean } = {}): void {
  const cookie = req.cookies?.[CSRF_COOKIE];
  const token = submitted(req, !opts.headerOnly);
  if (!cookie || !token || !TOKEN_RE.test(cookie)) throw errors.csrfFailed();
  const a = Buffer.from(cookie);
  const b = Buffer.from(token);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw errors.csrfFailed();
}

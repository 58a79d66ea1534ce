import { z } from "zod";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Endpoint } from "@stride/shared/endpoints";
import { AUTH_ERROR, authErrorName } from "@stride/shared";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { getInstance } from "../../core/instance-config.ts";
import { assertCsrf } from "../../http/csrf.ts";
import { formRoute } from "../../http/form-route.ts";

/**
 * Shared pieces of the browser authentication flows (wire-facts §1): base URLs, next_path validation,
 * redirect URLs with error codes, email normalisation and form field access.
 */

/** App base URL without trailing slash: WEB_URL when set, else the request's own origin. */
export function appBase(app: AppContext, req: FastifyRequest): string {
  if (app.config.webUrl) return app.config.webUrl.replace(/\/+$/, "");
  return `${req.protocol}://${req.host}`;
}

/** God-mode base URL, with trailing slash: `<base>/god-mode/`. */
export function adminBase(app: AppContext, req: FastifyRequest): string {
  return `${appBase(app, req)}/god-mode/`;
}

/** God-mode error redirect: `<base>/god-mode/?error_code=<n>&error_message=<NAME>[&k=v…]` (echoed values capped). */
export function adminErrorUrl(app: AppContext, req: FastifyRequest, e: AuthFlowError): string {
  return errorUrl(`${appBase(app, req)}/god-mode`, e.code, undefined, e.extra);
}

const UNSAFE_NEXT = /(^|[^a-z])(javascript|data|vbscript|file):|<\s*script|\\|[\u0000-\u001f\u007f]|\/\/|\.\./i;

const NEXT_PATH_MAX = 500;

/**
 * A next_path is kept only when it is a local absolute path: starts with `/`, ≤500 chars (and ≤500 bytes of
 * UTF-8, so its encoded echo stays small), no `..`, no scheme, host or script.
 */
export function isSafeNextPath(p: unknown): p is string {
  if (typeof p !== "string" || p.length === 0 || p.length > NEXT_PATH_MAX || !p.startsWith("/")) return false;
  if (Buffer.byteLength(p, "utf8") > NEXT_PATH_MAX) return false;
  if (UNSAFE_NEXT.test(p)) return false;
  let decoded = p;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    return false;
  }
  if (!decoded.startsWith("/") || UNSAFE_NEXT.test(decoded)) return false;
  return true;
}

function query(params: [string, string][]): string {
  return new URLSearchParams(params).toString();
}

/** Success redirect: `{base}/?next_path=<p>` for a valid next_path, else `{base}`. */
export function successUrl(base: string, nextPath: unknown): string {
  return isSafeNextPath(nextPath) ? `${base}/?${query([["next_path", nextPath]])}` : base;
}

/**
 * Longest user-provided value echoed back (into a redirect URL or an error body), in UTF-8 bytes: the RFC 5321
 * limit of an address, so a valid email always comes back whole while a huge input cannot make a huge header.
 */
export const ECHO_MAX_BYTES = 254;

/** `v` cut to at most ECHO_MAX_BYTES of UTF-8, on a character boundary. */
export function capEcho(v: string): string {
  if (v.length <= ECHO_MAX_BYTES / 3 || Buffer.byteLength(v, "utf8") <= ECHO_MAX_BYTES) return v;
  let out = "";
  let bytes = 0;
  for (const ch of v) {
    bytes += Buffer.byteLength(ch, "utf8");
    if (bytes > ECHO_MAX_BYTES) break;
    out += ch;
  }
  return out;
}

/** Echoed fields with every text value capped (capEcho). */
export function capEchoes<T extends Record<string, unknown>>(extra: T): T {
  return Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, typeof v === "string" ? capEcho(v) : v])) as T;
}

/** Error redirect: `{base}/?[next_path=<p>&]error_code=<n>&error_message=<NAME>[&k=v…]` (echoed values capped). */
export function errorUrl(base: string, code: number, nextPath: unknown, extra: Record<string, string> = {}): string {
  const params: [string, string][] = [];
  if (isSafeNextPath(nextPath)) params.push(["next_path", nextPath]);
  params.push(["error_code", String(code)], ["error_message", authErrorName(code) ?? "AUTHENTICATION_FAILED"]);
  for (const [k, v] of Object.entries(capEchoes(extra))) params.push([k, v]);
  return `${base}/?${query(params)}`;
}

/** An authentication failure inside a form flow; the route turns it into the 302 error redirect. */
export class AuthFlowError extends Error {
  /** Seconds until the caller may try again (a throttled attempt): sent as Retry-After with the redirect. */
  retryAfter?: number;
  constructor(
    public code: number,
    public extra: Record<string, string> = {},
  ) {
    super(authErrorName(code) ?? "AUTHENTICATION_FAILED");
  }
}

/** 5900 RATE_LIMIT_EXCEEDED in a form flow, telling the browser when to try again. */
export function throttled(retryAfter: number, extra: Record<string, string> = {}): AuthFlowError {
  const e = fail(AUTH_ERROR.RATE_LIMIT_EXCEEDED, extra);
  e.retryAfter = retryAfter;
  return e;
}
export const fail = (code: number, extra: Record<string, string> = {}) => new AuthFlowError(code, extra);

/** JSON-endpoint failure: 400 `{error_code, error_message[, email]}` (echoed values capped). */
export function jsonFail(code: number, extra: Record<string, unknown> = {}) {
  return errors.authCode(code, authErrorName(code) ?? "AUTHENTICATION_FAILED", capEchoes(extra));
}

export function redirect(reply: FastifyReply, url: string): FastifyReply {
  return reply.header("cache-control", "no-store").redirect(url, 302);
}

/**
 * Run a browser form flow (app and god-mode sign-in forms): success is a 302 to the returned URL; an
 * AuthFlowError is a 302 to the error target; an unexpected failure is logged and reported to the browser as
 * `genericCode` (5035 for sign-ups, 5175 in god mode, 5999 otherwise) rather than a JSON 500 the browser would
 * show raw.
 */
export async function formFlow(
  reply: FastifyReply,
  errorTarget: (e: AuthFlowError) => string,
  run: () => Promise<string>,
  genericCode: number = AUTH_ERROR.AUTHENTICATION_FAILED,
): Promise<FastifyReply> {
  try {
    return redirect(reply, await run());
  } catch (e) {
    if (e instanceof AuthFlowError) {
      if (e.retryAfter) reply.header("retry-after", String(e.retryAfter));
      return redirect(reply, errorTarget(e));
    }
    reply.request.log.error(e);
    return redirect(reply, errorTarget(fail(genericCode)));
  }
}

/** A form or JSON body field as a string ("" when absent or not text). */
export function field(body: unknown, name: string): string {
  if (!body || typeof body !== "object") return "";
  const v = (body as Record<string, unknown>)[name];
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v) && typeof v[0] === "string") return v[0];
  return "";
}

/** Form body schema: any object of fields; anything else reads as no fields. */
export const formBody = z.record(z.string(), z.unknown()).catch({});

export interface AuthFormFlow {
  /** The flow itself: answers the URL to land on, or throws an AuthFlowError. */
  run: (f: { req: FastifyRequest; reply: FastifyReply; body: Record<string, unknown> }) => Promise<string>;
  /** Where a failure lands (the error code and echoed fields in the query). */
  errorTarget: (req: FastifyRequest, body: Record<string, unknown>, e: AuthFlowError) => string;
  /** The code an unexpected failure is reported with. */
  genericCode?: number;
}

/** A browser form's entry of the endpoint table: a POST answering its 302 (no JSON). */
export type AuthFormEndpoint = Endpoint<"POST", string, unknown, void>;

/**
 * Register a browser authentication form (POST, anonymous, CSRF-checked): the app's sign-in and sign-up forms
 * and god mode's, each named by its endpoint. It runs as a form flow (formFlow): every outcome is a 302.
 */
export function authForm(fastify: FastifyInstance, app: AppContext, at: AuthFormEndpoint, flow: AuthFormFlow): void {
  const spec = {
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({
      req,
      reply,
      body,
    }: {
      req: FastifyRequest;
      reply: FastifyReply;
      body: Record<string, unknown>;
    }) => {
      assertCsrf(req);
      return formFlow(
        reply,
        (e) => flow.errorTarget(req, body, e),
        () => flow.run({ req, reply, body }),
        flow.genericCode,
      );
    },
  } as const;
  formRoute(fastify, app, { endpoint: at, ...spec });
}

const emailSchema = z.email();
export const EMAIL_MAX = 254;

/** Emails are trimmed and lower-cased before any lookup. */
export const normalizeEmail = (e: string): string => e.trim().toLowerCase();
/** A normalised email is an address of at most 254 characters (RFC 5321), checked before the pattern. */
export function isValidEmail(e: string): boolean {
  return e.length > 0 && e.length <= EMAIL_MAX && emailSchema.safeParse(e).success;
}

/** The instance row when setup is done, else null (5000 INSTANCE_NOT_CONFIGURED). */
export async function configuredInstance(app: AppContext) {
  const inst = await getInstance(app.db);
  return inst && inst.isSetupDone ? inst : null;
}

export { AUTH_ERROR };

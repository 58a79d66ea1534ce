import type { FastifyReply, FastifyRequest } from "fastify";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../core/context.ts";
import { errors } from "./errors.ts";
import { countWindowHit } from "../core/rate-limit.ts";
import { hashToken, type SessionUser } from "./session.ts";
import { schema, type Db } from "../db/client.ts";

/**
 * `X-API-Key` authentication of the public API v1 (wire-facts §12), the `apiKey` auth kind of `route()`:
 * - no key → 401 `{"detail":"Authentication credentials were not provided."}`;
 * - an unknown, revoked (deleted) or expired key, or one of an inactive user → 403 `{"detail":"Given API token is not valid"}`;
 * - each key has its own fixed one-minute window of `allowed_rate_limit` requests ("60/min"; service tokens 300):
 *   every answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (unix seconds), and a
 *   request over the limit gets 429 `{"error_code":5900,"error_message":"RATE_LIMIT_EXCEEDED"}` with `Retry-After`.
 * The key then acts as its user, with the user's current roles, through the same scope, policies and commands
 * as the app's routes. A key bound to a workspace acts only there (elsewhere 403, as for a non-member).
 */
export type ApiKeyRow = typeof schema.apiTokens.$inferSelect;
export interface ApiKeyCaller extends SessionUser {
  apiKey: ApiKeyRow;
}

/** `last_used` is written at most this often per key, so a busy script does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

function prepareKeyQuery(db: Db) {
  return db
    .select({ key: schema.apiTokens, user: schema.users })
    .from(schema.apiTokens)
    .innerJoin(schema.users, eq(schema.users.id, schema.apiTokens.userId))
    .where(eq(schema.apiTokens.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("stride_api_key");
}
const keyQueries = new WeakMap<Db, ReturnType<typeof prepareKeyQuery>>();
function keyQuery(db: Db) {
  let q = keyQueries.get(db);
  if (!q) keyQueries.set(db, (q = prepareKeyQuery(db)));
  return q;
}

/** The request's key: `X-API-Key` (any case; the SDK sends `X-Api-Key`). */
export function apiKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers["x-api-key"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.trim() ? value.trim() : null;
}

/** Requests per minute from `allowed_rate_limit` ("60/min", "300/minute", "5/s" …); the default when unreadable. */
export function perMinute(allowed: string, isService: boolean): number {
  const m = /^\s*(\d+)\s*\/\s*(s|sec|second|m|min|minute|h|hour)\s*$/i.exec(allowed);
  if (!m) return isService ? 300 : 60;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  if (unit.startsWith("s")) return n * 60;
  if (unit.startsWith("h")) return Math.max(1, Math.floor(n / 60));
  return n;
}

/** Authenticate the request's API key, count it against its limit and set the rate-limit headers. */
export async function resolveApiKey(app: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<ApiKeyCaller> {
  const key = apiKeyOf(req);
  if (!key) throw errors.unauthenticated();
  const [row] = await keyQuery(app.db).execute({ hash: hashToken(key) });
  const now = new Date();
  if (!row || !row.user.isActive || (row.key.expiredAt && row.key.expiredAt <= now)) throw errors.badApiKey();
  const limit = perMinute(row.key.allowedRateLimit, row.key.isService);
  const { count, resetAt } = await countWindowHit(app.db, `api-key:${row.key.id}`, 60);
  const reset = Math.ceil(resetAt.getTime() / 1000);
  reply.header("x-ratelimit-limit", String(limit));
  reply.header("x-ratelimit-remaining", String(Math.max(0, limit - count)));
  reply.header("x-ratelimit-reset", String(reset));
  if (count > limit) {
    reply.header("retry-after", String(Math.max(1, reset - Math.floor(now.getTime() / 1000))));
    throw errors.rateLimited();
  }
  if (!row.key.lastUsed || now.getTime() - row.key.lastUsed.getTime() > LAST_USED_EVERY_MS) {
    await app.db.update(schema.apiTokens).set({ lastUsed: now }).where(eq(schema.apiTokens.id, row.key.id));
  }
  // a key never carries instance-admin (god-mode) powers
  return { user: row.user, sessionId: "", apiKey: row.key, isInstanceAdmin: async () => false };
}

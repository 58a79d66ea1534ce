import crypto from "node:crypto";
import { sql as dsql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "./context.ts";
import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";

/**
 * Fixed-window counters in the `rate_limits` table, shared by every server instance. A key's window opens
 * at its first hit and lasts `windowSeconds`; no window is longer than RATE_LIMIT_MAX_WINDOW_SECONDS, so
 * rows older than that are dead and may be deleted by anyone.
 *
 * Two kinds of limit use them:
 * - per client IP (`hitRateLimit`): every call of an anonymous auth endpoint, one-minute windows;
 * - per account (`hitAccountLimit`): every check of one account's secret (password, magic code, reset
 *   token) and every mail sent to one address, whatever IP it comes from. An attempt is counted BEFORE
 *   the secret is checked (so parallel guesses cannot all slip through) and a success clears the count
 *   (`clearAccountLimit`), so what accumulates is failures: a user is never locked out by their own
 *   sign-ins, while an attacker rotating IPs is stopped at the account.
 */
export const RATE_LIMIT_MAX_WINDOW_SECONDS = 3600;

/**
 * The address a limit is counted against: Fastify's `req.ip`, which follows X-Forwarded-For only across
 * the TRUST_PROXY hops configured (so a client cannot forge it), else the socket's peer address.
 */
export function clientAddress(req: FastifyRequest): string {
  return req.ip || req.socket.remoteAddress || "unknown";
}

/** Count one hit of `key` in its current window and return the count so far (this hit included). */
async function countHit(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  return (await countWindowHit(db, key, windowSeconds)).count;
}

/** Count one hit of `key` in its current window: the count so far (this hit included) and when the window closes. */
export async function countWindowHit(db: DbOrTx, key: string, windowSeconds: number): Promise<{ count: number; resetAt: Date }> {
  const seconds = Math.min(windowSeconds, RATE_LIMIT_MAX_WINDOW_SECONDS);
  const open = dsql`rate_limits.window_start > now() - make_interval(secs => ${seconds})`;
  const rows = await db.execute<{ count: number; reset_epoch: number }>(dsql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${open} THEN rate_limits.count + 1 ELSE 1 END,
      window_start = CASE WHEN ${open} THEN rate_limits.window_start ELSE now() END
    RETURNING count, extract(epoch FROM window_start)::float8 + ${seconds} AS reset_epoch`);
  const row = (rows as unknown as { count: number; reset_epoch: number }[])[0];
  return { count: Number(row?.count ?? 0), resetAt: new Date(row ? Number(row.reset_epoch) * 1000 : Date.now()) };
}

/**
 * Per-IP limit on an anonymous endpoint (`scope`), one-minute windows. Returns true when the call is allowed.
 */
export async function hitRateLimit(app: AppContext, scope: string, req: FastifyRequest, limit = app.config.rateLimitPerMinute): Promise<boolean> {
  if (limit <= 0) return true;
  return (await countHit(app.db, `${scope}:${clientAddress(req)}`, 60)) <= limit;
}

/** A per-account limit: at most `max` counted attempts per account in a `windowSeconds` window (0 = off). */
export interface AccountLimit {
  scope: string;
  max: number;
  windowSeconds: number;
}

/** The per-account limits of the auth endpoints (README, docs/decisions.md). */
export function accountLimits(config: Pick<Config, "authAccountPasswordFailures" | "authAccountCodeFailures" | "authAccountMailsPerHour">) {
  return {
    /** Password checks of one account: app and god-mode sign-in, change-password. */
    password: { scope: "acct-password", max: config.authAccountPasswordFailures, windowSeconds: 15 * 60 },
    /** Password-reset token checks of one account. */
    resetToken: { scope: "acct-reset-token", max: config.authAccountPasswordFailures, windowSeconds: 15 * 60 },
    /** Magic code checks of one email (sign-in and sign-up). */
    magicCode: { scope: "acct-magic-code", max: config.authAccountCodeFailures, windowSeconds: 15 * 60 },
    /** Sign-in code and password-reset mails to one address. */
    mail: { scope: "acct-mail", max: config.authAccountMailsPerHour, windowSeconds: 3600 },
  } satisfies Record<string, AccountLimit>;
}

/** The counter key of an account: the scope and a hash of the account's identifier (a normalised email or a user id). */
export function accountKey(limit: AccountLimit, account: string): string {
  return `${limit.scope}:${crypto.createHash("sha256").update(account).digest("base64url")}`;
}

/** Count one attempt on `account`; true when it is allowed (within the limit). Call before checking the secret. */
export async function hitAccountLimit(db: DbOrTx, limit: AccountLimit, account: string): Promise<boolean> {
  if (limit.max <= 0) return true;
  return (await countHit(db, accountKey(limit, account), limit.windowSeconds)) <= limit.max;
}

/** Forget the attempts on `account` after a success (only failures should add up). */
export async function clearAccountLimit(db: DbOrTx, limit: AccountLimit, account: string): Promise<void> {
  if (limit.max <= 0) return;
  await db.execute(dsql`DELETE FROM rate_limits WHERE key = ${accountKey(limit, account)}`);
}

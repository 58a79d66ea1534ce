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
 * - per account AND source (`admitAttempt`): every check of one account's secret (password, magic code, reset
 *   token) and every mail sent to one address, counted per client IP (issue #24 point 15: counted per account
 *   alone, an attacker's ten wrong passwords locked the owner out everywhere). An attempt is counted BEFORE the
 *   secret is checked (so parallel guesses cannot all slip through) and a success forgets the source's count
 *   (`forgetFailures`), so what accumulates is failures. Past its allowance a source is slowed down, not locked
 *   out: each further failure doubles the wait before its next attempt (15 s, 30 s, 60 s … up to the window), answered
 *   429 with Retry-After. The account's count from all sources together only shrinks every source's allowance to one
 *   attempt once it passes `wideFactor` times the allowance (many addresses guessing at once); a source with no
 *   failures of its own still gets that attempt, so the owner signs in from anywhere with the right secret.
 *   Mails are a plain cap per source and hour, and past `wideFactor` times it for the address as a whole, only the
 *   address of the account's last sign-in is still served.
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
export async function countWindowHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetAt: Date }> {
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
export async function hitRateLimit(
  app: AppContext,
  scope: string,
  req: FastifyRequest,
  limit = app.config.rateLimitPerMinute,
): Promise<boolean> {
  if (limit <= 0) return true;
  return (await countHit(app.db, `${scope}:${clientAddress(req)}`, 60)) <= limit;
}

/** A per-account limit, counted per account and source (`max` 0 = off). */
export interface AccountLimit {
  scope: string;
  /** Attempts one source may make on one account in a window: failures before the back-off starts, or mails. */
  max: number;
  windowSeconds: number;
  /** All sources together may make `wideFactor × max` before the wide rule applies (see above). */
  wideFactor: number;
  /** `failures`: a growing back-off past `max`; `cap`: refused past `max` until the window ends. */
  kind: "failures" | "cap";
}

/** The per-account limits of the auth endpoints (README, docs/decisions.md). */
export function accountLimits(
  config: Pick<Config, "authAccountPasswordFailures" | "authAccountCodeFailures" | "authAccountMailsPerHour">,
) {
  return {
    /** Password checks of one account: app and god-mode sign-in, change-password. */
    password: {
      scope: "acct-password",
      max: config.authAccountPasswordFailures,
      windowSeconds: 15 * 60,
      wideFactor: 10,
      kind: "failures",
    },
    /** Password-reset token checks of one account. */
    resetToken: {
      scope: "acct-reset-token",
      max: config.authAccountPasswordFailures,
      windowSeconds: 15 * 60,
      wideFactor: 10,
      kind: "failures",
    },
    /** Magic code checks of one email (sign-in and sign-up). */
    magicCode: {
      scope: "acct-magic-code",
      max: config.authAccountCodeFailures,
      windowSeconds: 15 * 60,
      wideFactor: 10,
      kind: "failures",
    },
    /** Sign-in code and password-reset mails to one address. */
    mail: { scope: "acct-mail", max: config.authAccountMailsPerHour, windowSeconds: 3600, wideFactor: 3, kind: "cap" },
  } satisfies Record<string, AccountLimit>;
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest("base64url");

/** The counter key of an account from one source (client IP): the scope and hashes of the account's identifier (a normalised email or a user id) and of the source. */
export function accountKey(limit: AccountLimit, account: string, source: string): string {
  return `${limit.scope}:${digest(account)}:${digest(source)}`;
}

/** The counter key of an account from all sources together. */
export function accountWideKey(limit: AccountLimit, account: string): string {
  return `${limit.scope}:${digest(account)}`;
}

/** The first wait of a source past its allowance; each further failure doubles it (up to the limit's window). */
export const BACKOFF_SECONDS = 15;

/** An attempt admitted, or refused with the seconds until the source may try again. */
export type Admission = { ok: true } | { ok: false; retryAfter: number };

interface Counter {
  key: string;
  start: number;
  count: number;
  blocked: number | null;
  now: number;
}

/**
 * Count one attempt on `account` from `source` and say whether it may go ahead (call before checking the secret).
 * `trusted`: the source is the account's last sign-in address, which the wide rule leaves alone.
 */
export async function admitAttempt(
  db: DbOrTx,
  limit: AccountLimit,
  account: string,
  source: string,
  trusted = false,
): Promise<Admission> {
  if (limit.max <= 0) return { ok: true };
  const pairKey = accountKey(limit, account, source);
  const wideKey = accountWideKey(limit, account);
  const seconds = Math.min(limit.windowSeconds, RATE_LIMIT_MAX_WINDOW_SECONDS);
  return db.transaction(async (tx) => {
    // both rows locked, in key order, so parallel attempts are counted one after another
    const [first, second] = [pairKey, wideKey].sort();
    await tx.execute(
      dsql`INSERT INTO rate_limits (key, window_start, count) VALUES (${first}, now(), 0), (${second}, now(), 0) ON CONFLICT DO NOTHING`,
    );
    const rows = (await tx.execute(dsql`
      SELECT key, extract(epoch FROM window_start)::float8 AS start, count, extract(epoch FROM blocked_until)::float8 AS blocked,
        extract(epoch FROM now())::float8 AS now
      FROM rate_limits WHERE key IN (${pairKey}, ${wideKey}) ORDER BY key FOR UPDATE`)) as unknown as Record<
      string,
      unknown
    >[];
    const read = (key: string): Counter => {
      const r = rows.find((x) => x.key === key)!;
      const c = {
        key,
        start: Number(r.start),
        count: Number(r.count),
        blocked: r.blocked === null ? null : Number(r.blocked),
        now: Number(r.now),
      };
      // a closed window starts again
      return c.start + seconds <= c.now
        ? { ...c, start: c.now, count: 0, blocked: c.blocked !== null && c.blocked > c.now ? c.blocked : null }
        : c;
    };
    const pair = read(pairKey);
    const wide = read(wideKey);
    const now = pair.now;
    if (pair.blocked !== null && pair.blocked > now) return { ok: false, retryAfter: Math.ceil(pair.blocked - now) };
    const wideHit = !trusted && wide.count >= limit.max * limit.wideFactor;
    if (limit.kind === "cap") {
      if (pair.count >= limit.max) return { ok: false, retryAfter: Math.ceil(pair.start + seconds - now) };
      if (wideHit) return { ok: false, retryAfter: Math.ceil(wide.start + seconds - now) };
    }
    pair.count++;
    wide.count++;
    if (limit.kind === "failures") {
      // past the allowance (one attempt while many sources guess at once), the next attempt waits 15 s, 30 s, 60 s …
      // at most the window
      const allowance = wideHit ? 1 : limit.max;
      if (pair.count >= allowance)
        pair.blocked = now + Math.min(BACKOFF_SECONDS * 2 ** (pair.count - allowance), seconds);
    }
    for (const c of [pair, wide]) {
      await tx.execute(dsql`UPDATE rate_limits SET window_start = to_timestamp(${c.start}), count = ${c.count},
        blocked_until = ${c.blocked === null ? null : dsql`to_timestamp(${c.blocked})`} WHERE key = ${c.key}`);
    }
    return { ok: true };
  });
}

/** Forget the attempts of `source` on `account` after a success (only failures should add up). */
export async function forgetFailures(db: DbOrTx, limit: AccountLimit, account: string, source: string): Promise<void> {
  if (limit.max <= 0) return;
  await db.execute(dsql`DELETE FROM rate_limits WHERE key = ${accountKey(limit, account, source)}`);
}

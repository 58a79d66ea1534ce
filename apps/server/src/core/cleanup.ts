import { sql as dsql } from "drizzle-orm";
import type { AppContext } from "./context.ts";
import type { DbOrTx } from "../db/client.ts";
import { RATE_LIMIT_MAX_WINDOW_SECONDS } from "./rate-limit.ts";

export const CLEANUP_TASK = "cleanup";

/** An expired reset link keeps answering "expired" (not "invalid") this long before its row goes. */
const RESET_TOKEN_GRACE = "7 days";
/** How long realtime events are kept for clients catching up after a disconnection. */
const LIVE_EVENT_RETENTION = "1 day";
/** How long the answer of a POST sent with Idempotency-Key is replayed (http/idempotency.ts). */
export const IDEMPOTENCY_RETENTION = "24 hours";
/** How long webhook delivery attempts stay in a webhook's log. */
export const WEBHOOK_LOG_RETENTION = "30 days";

export interface CleanupResult {
  sessions: number;
  rateLimits: number;
  magicCodes: number;
  resetTokens: number;
  failedJobs: number;
  liveEvents: number;
  idempotentRequests: number;
  webhookLogs: number;
}

/** Delete rows that can no longer mean anything: expired sessions and one-time codes, closed rate-limit windows, old failed jobs. */
export async function cleanupExpired(app: AppContext, db: DbOrTx = app.db): Promise<CleanupResult> {
  const count = async (q: ReturnType<typeof dsql>) => ((await db.execute(q)) as unknown as unknown[]).length;
  return {
    sessions: await count(dsql`DELETE FROM sessions WHERE expires_at < now() RETURNING 1`),
    // No rate-limit window is longer than RATE_LIMIT_MAX_WINDOW_SECONDS (core/rate-limit.ts): older rows are closed.
    rateLimits: await count(
      dsql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${RATE_LIMIT_MAX_WINDOW_SECONDS}) RETURNING 1`,
    ),
    // An expired code counts as no code at all (a new one starts a fresh window), so it can go at once.
    magicCodes: await count(dsql`DELETE FROM magic_codes WHERE expires_at < now() RETURNING 1`),
    resetTokens: await count(dsql`
      DELETE FROM password_reset_tokens
      WHERE expires_at < now() - ${RESET_TOKEN_GRACE}::interval OR used_at < now() - ${RESET_TOKEN_GRACE}::interval RETURNING 1`),
    failedJobs: await app.jobs.deleteFailedJobs(db),
    // The realtime channel's catch-up window (live/hub.ts): a client away longer is told to refetch (reset).
    liveEvents: await count(
      dsql`DELETE FROM live_events WHERE at < now() - ${LIVE_EVENT_RETENTION}::interval RETURNING 1`,
    ),
    // a kept answer of an idempotent POST (http/idempotency.ts) is replayed for a day
    idempotentRequests: await count(
      dsql`DELETE FROM idempotent_requests WHERE created_at < now() - ${IDEMPOTENCY_RETENTION}::interval RETURNING 1`,
    ),
    webhookLogs: await count(
      dsql`DELETE FROM webhook_logs WHERE created_at < now() - ${WEBHOOK_LOG_RETENTION}::interval RETURNING 1`,
    ),
  };
}

/** Job registration (listed in startup.ts): the cleanup runs hourly, once across all instances. */
export function registerCleanupJobs(app: AppContext): void {
  app.jobs.register(CLEANUP_TASK, () => cleanupExpired(app), { schedule: "17 * * * *", maxAttempts: 3 });
}

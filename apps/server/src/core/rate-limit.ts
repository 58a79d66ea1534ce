import { sql as dsql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "./context.ts";

/**
 * The address a limit is counted against: Fastify's `req.ip`, which follows X-Forwarded-For only across
 * the TRUST_PROXY hops configured (so a client cannot forge it), else the socket's peer address.
 */
export function clientAddress(req: FastifyRequest): string {
  return req.ip || req.socket.remoteAddress || "unknown";
}

/**
 * Per-IP limits on anonymous endpoints, counted in the `rate_limits` table so every server instance
 * shares them. A key's window opens at its first hit and lasts one minute.
 * Returns true when the call is allowed.
 */
export async function hitRateLimit(app: AppContext, scope: string, req: FastifyRequest, limit = app.config.rateLimitPerMinute): Promise<boolean> {
  if (limit <= 0) return true;
  const key = `${scope}:${clientAddress(req)}`;
  const rows = await app.db.execute<{ count: number }>(dsql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start > now() - interval '1 minute' THEN rate_limits.count + 1 ELSE 1 END,
      window_start = CASE WHEN rate_limits.window_start > now() - interval '1 minute' THEN rate_limits.window_start ELSE now() END
    RETURNING count`);
  // Now and then, drop counters whose window closed long ago.
  if (Math.random() < 0.01) {
    await app.db.execute(dsql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`);
  }
  const count = Number((rows as unknown as { count: number }[])[0]?.count ?? 0);
  return count <= limit;
}

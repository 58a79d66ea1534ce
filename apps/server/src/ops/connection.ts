import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import type { Database, Db } from "../db/client.ts";

/**
 * A small pool of the `stride` commands' own on Stride's database, named in pg_stat_activity (`application_name`):
 * a restore counts every connection under another name as a running Stride.
 */
export function opsDatabase(url: string, opts: { host?: string; name: string }): Database {
  const sql = postgres(url, {
    max: 4,
    onnotice: () => {},
    ...(opts.host ? { host: opts.host } : {}),
    connection: { application_name: opts.name },
  });
  // no request gate here: the commands' few queries never wait for a slot
  const poolStats = () => ({ max: 4, inUse: 0, waiting: 0, waitsTotal: 0, timeoutsTotal: 0, waitSecondsTotal: 0 });
  return { db: drizzle(sql) as unknown as Db, sql, close: () => sql.end({ timeout: 5 }), poolStats };
}

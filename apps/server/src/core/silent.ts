import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.ts";

/**
 * Writes that a read makes — defaults created on first read (user properties, home and sidebar preferences),
 * recent visits — publish no realtime event: the reader already holds what the read answered, and another tab
 * refetching on its account would only fetch the same thing. `live_capture` (db/sql/live-events.sql) skips rows
 * written while the transaction-local setting `stride.silent` is `on`.
 *
 * Runs `write` in a transaction (a savepoint inside one already open) with the setting on and turns it off again
 * afterwards, so what the surrounding transaction writes next still publishes (e.g. a PATCH's change of the
 * defaults the same transaction just created). If `write` fails, the rollback (to the savepoint) undoes the setting.
 */
export async function silently<T>(db: DbOrTx, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('stride.silent', 'on', true)`);
    const out = await write(tx);
    await tx.execute(sql`SELECT set_config('stride.silent', 'off', true)`);
    return out;
  });
}

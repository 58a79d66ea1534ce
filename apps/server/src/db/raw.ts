import type postgres from "postgres";
import { getTableColumns, type Table } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/**
 * The postgres.js client under a drizzle database or transaction handle, for the few hot statements written as
 * one hand-made SQL statement and run as prepared statements (`rawOf(tx).unsafe(TEXT, params, { prepare: true })`):
 * inside a transaction it is the transaction's connection, so the statement is part of it.
 */
export function rawOf(db: DbOrTx): postgres.Sql {
  return (db as unknown as { session: { client: postgres.Sql } }).session.client;
}

/**
 * A row of `table` read by a raw statement (database column names, driver values: timestamps arrive as text on
 * this client) as drizzle returns it (property names, mapped values), e.g. from `INSERT … RETURNING *`.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T["$inferSelect"];
}

/**
 * Send the transaction's COMMIT now, right behind the statements already sent, without waiting for their answers
 * (the patched postgres.js's `commitAhead`, patches/): the transaction still ends when its callback returns, with
 * the commit's answer; should a statement before it fail, PostgreSQL rolls the transaction back and it fails with
 * that error. Nothing may be sent after it (postgres.js refuses). The statements it follows must have been executed
 * (`.execute()`): `await` alone hands a postgres.js query over a tick later, after this COMMIT. Outside a transaction: nothing.
 */
export function commitAhead(tx: DbOrTx): void {
  const client = rawOf(tx) as postgres.Sql & { commitAhead?: () => unknown };
  client.commitAhead?.();
}

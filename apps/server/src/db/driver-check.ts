import path from "node:path";
import { createRequire } from "node:module";
import type postgres from "postgres";

/**
 * Stride runs on postgres.js as patched in `patches/` (docs/architecture/server.md): applied by patch-package at
 * `npm ci` in the repository, carried as a patched copy in a release archive. A production-only install of the
 * repository, or any other path that skips the patch, would run the stock driver — and silently, as `commitAhead`
 * is optional (db/raw.ts). Start-up refuses that: a transaction of `sql` must have the patch's `commitAhead`
 * (one empty transaction, BEGIN and COMMIT).
 */
export async function checkDriverPatched(sql: postgres.Sql, where = driverLocation()): Promise<void> {
  const patched = await sql.begin(async (tx) => typeof (tx as { commitAhead?: unknown }).commitAhead === "function");
  if (!patched) throw new Error(unpatchedDriverMessage(where));
}

export function unpatchedDriverMessage(where: string): string {
  return (
    `the postgres.js driver${where ? ` at ${where}` : ""} is not the patched one Stride needs (its transactions have no commitAhead): ` +
    "install Stride with `npm ci` in the repository, which applies patches/, or from a release archive, which carries the patched driver"
  );
}

/** The folder of the postgres package this code loads, for the message; empty when it cannot be told. */
function driverLocation(): string {
  try {
    const entry = createRequire(import.meta.url).resolve("postgres");
    // …/node_modules/postgres/cjs/src/index.js → …/node_modules/postgres
    const at = entry.lastIndexOf(`${path.sep}postgres${path.sep}`);
    return at >= 0 ? entry.slice(0, at + "/postgres".length) : path.dirname(entry);
  } catch {
    return "";
  }
}

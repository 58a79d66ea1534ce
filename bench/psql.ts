/**
 * Run SQL against the cached benchmark cluster (.data-bench/): `node --import tsx bench/psql.ts "<sql>"`.
 * Starts the embedded PostgreSQL, runs each argument as a statement and prints the rows (EXPLAIN plans as text).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pg = await startEmbeddedPostgres(path.join(ROOT, ".data-bench", "postgres"), {
  port: Number(process.env.BENCH_PG_PORT ?? 54411),
});
const sql = postgres(pg.url.replace(/\/postgres$/, "/stride"), { max: 1, onnotice: () => {} });
try {
  for (const statement of process.argv.slice(2)) {
    const t = performance.now();
    const rows = await sql.unsafe(statement);
    const took = performance.now() - t;
    for (const row of rows as unknown as Record<string, unknown>[]) {
      const keys = Object.keys(row);
      console.log(keys.length === 1 ? String(row[keys[0]]) : JSON.stringify(row));
    }
    console.log(`-- ${rows.length} rows, ${took.toFixed(1)} ms`);
  }
} finally {
  await sql.end();
  await pg.stop();
}

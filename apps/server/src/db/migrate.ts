import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { Database } from "./client.ts";
import { migrateJobQueue } from "../core/jobs.ts";

/** Locate the committed drizzle migrations folder, from source or from the built bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle"), path.resolve(here, "drizzle")];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`drizzle migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** Needs a pool of at least two connections: one holds the lock, the others migrate. */
export async function runMigrations(database: Database): Promise<void> {
  // Serialize concurrent starts of several instances on one database. A session-level advisory lock
  // belongs to one connection: take and release it on a reserved one, not on whichever the pool hands out.
  const lock = await database.sql.reserve();
  try {
    await lock`SELECT pg_advisory_lock(727272)`;
    try {
      await migrate(database.db, { migrationsFolder: migrationsFolder() });
      // graphile-worker's own schema (graphile_worker.*), versioned by graphile-worker itself.
      await migrateJobQueue(database.sql);
    } finally {
      await lock`SELECT pg_advisory_unlock(727272)`;
    }
  } finally {
    lock.release();
  }
}

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

export async function runMigrations(database: Database): Promise<void> {
  // Serialize concurrent starts of several instances on one database.
  await database.sql`SELECT pg_advisory_lock(727272)`;
  try {
    await migrate(database.db, { migrationsFolder: migrationsFolder() });
    // graphile-worker's own schema (graphile_worker.*), versioned by graphile-worker itself.
    await migrateJobQueue(database.sql);
  } finally {
    await database.sql`SELECT pg_advisory_unlock(727272)`;
  }
}

import crypto from "node:crypto";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import type postgres from "postgres";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { Database } from "../db/client.ts";
import { migrateJobQueue } from "../core/jobs.ts";

/** The advisory lock that serialises migrations (and that a backup holds shared, so no migration runs under it). */
export const MIGRATION_LOCK = 727272;

/** Locate the committed drizzle migrations folder, from source or from the built bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, "../../drizzle"),
    path.resolve(here, "../drizzle"),
    path.resolve(here, "drizzle"),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`drizzle migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** One migration of the code: its journal tag and the SHA-256 of its file, as drizzle records it when applied. */
export interface Migration {
  tag: string;
  hash: string;
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

function readJournal(folder: string): { entries: JournalEntry[] } & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
}

/** The code's migrations in order (the journal's entries with their files' hashes). */
export function codeMigrations(folder = migrationsFolder()): Migration[] {
  return readJournal(folder).entries.map((e) => ({
    tag: e.tag,
    hash: crypto
      .createHash("sha256")
      .update(fs.readFileSync(path.join(folder, `${e.tag}.sql`)))
      .digest("hex"),
  }));
}

/** The hashes of the migrations applied to a database, in the order they were applied ([] for an empty database). */
export async function appliedMigrations(
  sql: postgres.Sql | postgres.ReservedSql | postgres.TransactionSql,
): Promise<string[]> {
  const [{ present }] = await sql<
    { present: boolean }[]
  >`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`;
  if (!present) return [];
  return (await sql<{ hash: string }[]>`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`).map((r) => r.hash);
}

/** A database whose migration history this code cannot continue; the message is the one sentence an operator sees. */
export class MigrationHistoryError extends Error {
  constructor(
    message: string,
    readonly kind: "pre-release" | "newer" | "foreign",
  ) {
    super(message);
  }
}

/**
 * The database's applied migrations must be the first of the code's, in order (migrations are append-only from
 * 0.1.0: docs/decisions.md). Three ways they are not:
 * - the first applied migration is not 0.1.0's `0000_init.sql`: a data folder made by a development build from before
 *   0.1.0, whose one migration was rewritten many times — its tables are not 0.1.0's and no migration leads from them;
 * - more migrations than the code knows: a newer Stride migrated it;
 * - a later migration differs: another build's migration of that number.
 */
export function checkMigrationHistory(applied: string[], code: Migration[], subject = "this database"): void {
  if (applied.length > 0 && applied[0] !== code[0]?.hash) {
    throw new MigrationHistoryError(
      `${subject} was made by a development build of Stride from before release 0.1.0 and cannot be upgraded: keep running the build that made it, or start this version on a new, empty data folder (DATA_DIR) or database (DATABASE_URL) (README: Upgrading).`,
      "pre-release",
    );
  }
  if (applied.length > code.length) {
    throw new MigrationHistoryError(
      `${subject} was migrated by a newer Stride (${applied.length} migrations; this version has ${code.length}): run that version or a later one, or restore a backup made by this version (README: Upgrading).`,
      "newer",
    );
  }
  const differs = applied.findIndex((h, i) => h !== code[i].hash);
  if (differs >= 0) {
    throw new MigrationHistoryError(
      `${subject} has a migration ${code[differs].tag} other than this version's (another build of Stride migrated it): run the build that migrated it (README: Upgrading).`,
      "foreign",
    );
  }
}

/**
 * Bring the database to the code's migrations (or only its first `upTo`), then graphile-worker's schema. Refuses a
 * database whose history the code cannot continue (MigrationHistoryError, naming `subject`). Needs a pool of at least
 * two connections: one holds the lock, the others migrate.
 */
export async function runMigrations(
  database: Database,
  opts: { folder?: string; upTo?: number; subject?: string } = {},
): Promise<void> {
  // Serialize concurrent starts of several instances on one database. A session-level advisory lock
  // belongs to one connection: take and release it on a reserved one, not on whichever the pool hands out.
  const lock = await database.sql.reserve();
  try {
    await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const folder = opts.folder ?? migrationsFolder();
      checkMigrationHistory(await appliedMigrations(lock), codeMigrations(folder), opts.subject);
      if (opts.upTo === undefined) {
        await migrate(database.db, { migrationsFolder: folder });
      } else {
        await withJournalPrefix(folder, opts.upTo, (prefix) => migrate(database.db, { migrationsFolder: prefix }));
      }
      // graphile-worker's own schema (graphile_worker.*), versioned by graphile-worker itself.
      await migrateJobQueue(database.sql);
    } finally {
      await lock`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    lock.release();
  }
}

/** A copy of the migrations folder holding only its first `count` migrations (to bring a database to an older level). */
async function withJournalPrefix<T>(folder: string, count: number, fn: (prefix: string) => Promise<T>): Promise<T> {
  const journal = readJournal(folder);
  if (count > journal.entries.length) throw new Error(`only ${journal.entries.length} migrations exist, not ${count}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-migrations-"));
  try {
    fs.mkdirSync(path.join(dir, "meta"));
    const entries = journal.entries.slice(0, count);
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const e of entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    return await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import type postgres from "postgres";
import { appliedMigrations, checkMigrationHistory, codeMigrations, MIGRATION_LOCK } from "./migrate.ts";
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  PART_BYTES,
  listFiles,
  tableKey,
  type BackupManifest,
  type BackupSequence,
  type BackupTable,
} from "./archive.ts";

/** The schemas a backup holds: Stride's tables and graphile-worker's job queue (drizzle's own is rebuilt on restore). */
export const BACKUP_SCHEMAS = ["public", "graphile_worker"];

export interface BackupOptions {
  /** The Stride database (a pool: the backup reserves one connection of it). */
  sql: postgres.Sql;
  out: Writable;
  /** Leave `out` open at the end (stdout). */
  keepOpen?: boolean;
  /** Stride's version (package.json), recorded in the manifest. */
  version: string;
  /** The local storage's folder (DATA_DIR/uploads); null when files live in S3 (not in the backup). */
  uploadsDir: string | null;
  /** Put into the backup only when given (`stride backup --with-secret-key`). */
  secretKey?: string | null;
  /** Names the database in the one sentence of a refusal. */
  subject?: string;
  migrationsFolder?: string;
  log?: (m: string) => void;
}

export interface BackupSummary {
  manifest: BackupManifest;
  rows: Record<string, number>;
  files: number;
}

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const qualified = (t: { schema: string; name: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

/**
 * Write a backup of a running (or stopped) Stride to `out`: one consistent snapshot of the database, read in one
 * REPEATABLE READ, READ ONLY transaction and written in COPY's text format (works on the embedded and any external
 * PostgreSQL: no pg_dump), then the uploaded files. The shared migration lock is held throughout, so no instance migrates under the snapshot.
 * Files are copied after the snapshot: uploads are never changed in place, so each file the snapshot names is there.
 */
export async function writeBackup(opts: BackupOptions): Promise<BackupSummary> {
  const log = opts.log ?? (() => {});
  const writer = new ArchiveWriter(opts.out, { end: !opts.keepOpen });
  const rows: Record<string, number> = {};
  const conn = await opts.sql.reserve();
  let manifest: BackupManifest;
  try {
    await conn`SELECT pg_advisory_lock_shared(${MIGRATION_LOCK})`;
    try {
      await conn.unsafe("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const applied = await appliedMigrations(conn);
      const code = codeMigrations(opts.migrationsFolder);
      checkMigrationHistory(applied, code, opts.subject);
      if (applied.length === 0)
        throw new Error(
          `${opts.subject ?? "this database"} holds no Stride data (no migration was ever applied to it)`,
        );
      const tables = await listTables(conn);
      await conn.unsafe(`LOCK TABLE ${tables.map(qualified).join(", ")} IN ACCESS SHARE MODE`);
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        version: opts.version,
        createdAt: new Date().toISOString(),
        postgres: (await conn<{ v: string }[]>`SELECT current_setting('server_version') AS v`)[0].v,
        migrations: code.slice(0, applied.length),
        jobQueueMigration: await jobQueueMigration(conn),
        storage: opts.uploadsDir ? "local" : "s3",
        secretKey: !!opts.secretKey,
        tables,
        sequences: await listSequences(conn),
      };
      await writer.json("manifest.json", manifest);
      for (const t of tables) {
        rows[tableKey(t)] = await copyOut(conn, t, writer);
      }
      await writer.json("db/end.json", { rows });
      await conn.unsafe("COMMIT");
      log(
        `database: ${tables.length} tables, ${Object.values(rows).reduce((a, b) => a + b, 0)} rows (migration ${manifest.migrations.at(-1)!.tag})`,
      );
    } catch (e) {
      await conn.unsafe("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      await conn`SELECT pg_advisory_unlock_shared(${MIGRATION_LOCK})`.catch(() => {});
    }
  } finally {
    conn.release();
  }

  let files = 0;
  if (opts.uploadsDir) {
    for (const key of listFiles(opts.uploadsDir)) {
      const file = path.join(opts.uploadsDir, key);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue; // deleted since it was listed: the snapshot no longer needs it either
      }
      const body = stat.size === 0 ? Buffer.alloc(0) : fs.createReadStream(file, { start: 0, end: stat.size - 1 });
      await writer.add(`uploads/${key}`, body, stat.size, stat.mtime);
      files++;
    }
    log(`files: ${files} from ${opts.uploadsDir}`);
  }
  if (opts.secretKey) await writer.add("secret.key", Buffer.from(`${opts.secretKey}\n`));
  await writer.json("end.json", { files });
  await writer.finish();
  return { manifest, rows, files };
}

/** Every table of the backed-up schemas with its stored columns (graphile-worker's own migration log aside). */
async function listTables(sql: postgres.ReservedSql): Promise<BackupTable[]> {
  return sql<BackupTable[]>`
    SELECT n.nspname AS schema, c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind = 'r' AND n.nspname = ANY(${BACKUP_SCHEMAS})
      AND NOT (n.nspname = 'graphile_worker' AND c.relname = 'migrations')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    GROUP BY n.nspname, c.relname
    ORDER BY n.nspname, c.relname`;
}

/**
 * Every sequence of the backed-up schemas, with its definition (some are made at run time: a project's
 * `issue_seq_<id>`) and its last value. Sequences are not transactional: a value may be a little ahead of the
 * snapshot, which only skips numbers.
 */
async function listSequences(sql: postgres.ReservedSql): Promise<BackupSequence[]> {
  return sql<BackupSequence[]>`
    SELECT schemaname::text AS schema, sequencename::text AS name, data_type::text AS "dataType",
           start_value::text AS start, min_value::text AS min, max_value::text AS max, increment_by::text AS increment,
           cycle, last_value::text AS "lastValue"
    FROM pg_sequences WHERE schemaname = ANY(${BACKUP_SCHEMAS})
    ORDER BY schemaname, sequencename`;
}

export async function jobQueueMigration(sql: postgres.ReservedSql | postgres.Sql): Promise<number | null> {
  const [{ present }] = await sql<
    { present: boolean }[]
  >`SELECT to_regclass('graphile_worker.migrations') IS NOT NULL AS present`;
  if (!present) return null;
  const [{ id }] = await sql<{ id: number | null }[]>`SELECT max(id) AS id FROM graphile_worker.migrations`;
  return id;
}

/** Rows fetched per round trip while a table is read. */
const BATCH_ROWS = 1000;

/**
 * One table's rows in COPY's text format (one line per row, tab-separated, `\N` for null, backslash escapes),
 * written in parts; returns the rows. Read through a cursor of each column's text output (what `COPY … TO` prints:
 * the type's output function under the session's settings), not through `COPY … TO STDOUT`: postgres.js pauses its
 * socket when a COPY stream's buffer fills and resumes it only when that stream is read again, so a COPY whose end
 * arrives while the buffer is full (a table of a few tens of kB) leaves the connection stalled for good.
 */
async function copyOut(sql: postgres.ReservedSql, t: BackupTable, writer: ArchiveWriter): Promise<number> {
  const query = `SELECT ${t.columns.map((c) => `${quoteIdent(c)}::text`).join(", ")} FROM ${qualified(t)}`;
  let parts: string[] = [];
  let size = 0;
  let part = 0;
  let rows = 0;
  const flush = async () => {
    await writer.add(`db/${tableKey(t)}/${String(part++).padStart(6, "0")}`, Buffer.from(parts.join(""), "utf8"));
    parts = [];
    size = 0;
  };
  for await (const batch of sql.unsafe(query).values().cursor(BATCH_ROWS)) {
    for (const row of batch as unknown as (string | null)[][]) {
      const line = `${row.map(copyField).join("\t")}\n`;
      parts.push(line);
      size += line.length;
      rows++;
    }
    if (size >= PART_BYTES) await flush();
  }
  if (size > 0) await flush();
  return rows;
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One value in COPY's text format. */
export function copyField(v: string | null): string {
  return v === null ? "\\N" : v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]);
}

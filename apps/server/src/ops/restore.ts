import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type postgres from "postgres";
import type tar from "tar-stream";
import type { Database } from "../db/client.ts";
import { appliedMigrations, checkMigrationHistory, codeMigrations, runMigrations } from "./migrate.ts";
import type { Storage } from "../storage/storage.ts";
import { compareVersions } from "../version.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  entryText,
  listFiles,
  readArchive,
  tableKey,
  type BackupEnd,
  type BackupManifest,
  type BackupTable,
} from "./archive.ts";
import { BACKUP_SCHEMAS, jobQueueMigration, qualified, quoteIdent } from "./backup.ts";
import { CopyIn } from "./copy-in.ts";

export interface RestoreOptions {
  /** The target database (a pool of at least two connections, for the migrations' lock). */
  database: Database;
  input: Readable;
  /** This code's version: a backup from a newer one is refused. */
  version: string;
  /** Where the files go (the target's storage driver: local disk, or an S3 bucket). */
  storage: Storage;
  /** The local storage's folder, checked for emptiness (and cleared with `force`); null with S3. */
  uploadsDir: string | null;
  /** SECRET_KEY when it is set; else the backup's key (if it holds one) is written to `secretKeyFile`. */
  configuredSecretKey: string | null;
  secretKeyFile: string;
  /** Replace a target that already holds data (its Stride schemas are dropped, its uploads folder emptied). */
  force?: boolean;
  /** Names the target in messages ("the data folder …", "the database at DATABASE_URL"). */
  subject: string;
  migrationsFolder?: string;
  log?: (m: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
  /** What the operator must know (printed by the CLI): the secret key, jobs left out, files kept in S3. */
  warnings: string[];
}

/** A refusal before anything was changed (the CLI prints its message alone). */
export class RestoreRefused extends Error {}

/**
 * Restore a backup (ops/archive.ts) into an empty database and storage: the schema is built by this code's
 * migrations up to the backup's level, the rows are copied in with triggers and foreign keys set aside (as a dump's
 * restore does: the kept columns and counts are in the rows), the sequences set, the files put back; then the later
 * migrations run, exactly as on an upgrade. All the rows come in one transaction: a broken backup leaves no rows.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const log = opts.log ?? (() => {});
  const sql = opts.database.sql;
  const entries = readArchive(opts.input);
  const next = async () => {
    const r = await entries.next();
    return r.done ? null : r.value;
  };
  const warnings: string[] = [];

  const first = await next();
  if (first?.header.name !== "manifest.json")
    throw new RestoreRefused("this file is not a Stride backup (it has no manifest.json first)");
  const manifest = JSON.parse(await entryText(first)) as BackupManifest;
  checkCompatible(manifest, opts);
  await checkTarget(sql, opts, manifest);

  log(`schema: migrations 1–${manifest.migrations.length} (the backup's, ${manifest.migrations.at(-1)!.tag})`);
  await runMigrations(opts.database, {
    upTo: manifest.migrations.length,
    folder: opts.migrationsFolder,
    subject: opts.subject,
  });
  const jobsMatch =
    manifest.jobQueueMigration !== null && manifest.jobQueueMigration === (await jobQueueMigration(sql));
  if (!jobsMatch)
    warnings.push(
      `The background jobs waiting when the backup was made were not restored (its job queue is at graphile-worker migration ${manifest.jobQueueMigration}, this version's another): scheduled work runs again on its schedule.`,
    );
  const tables = manifest.tables.filter((t) => t.schema !== "graphile_worker" || jobsMatch);

  const rows = await restoreRows(sql, manifest, tables, jobsMatch, next);
  log(`database: ${tables.length} tables, ${rows} rows`);
  const files = await restoreFiles(opts, next, warnings);
  log(`files: ${files}${opts.uploadsDir ? ` into ${opts.uploadsDir}` : " into the S3 bucket"}`);
  if (manifest.storage === "s3")
    warnings.push(
      "The backup holds no files: they stayed in the S3 bucket it was made with; point STORAGE=s3 and S3_* at that bucket (or copy its objects to this instance's storage).",
    );
  if (!manifest.secretKey) {
    warnings.push(
      "The backup holds no secret key: start Stride with the old instance's key (SECRET_KEY, or its DATA_DIR/secret.key copied here), or the encrypted settings (SMTP password, sign-in providers' secrets, model API keys, personal secrets) read as empty and must be entered again.",
    );
  }

  // Then the migrations added since the backup was made, as an upgrade runs them.
  await runMigrations(opts.database, { folder: opts.migrationsFolder, subject: opts.subject });
  return { manifest, rows, files, warnings };
}

/** The next entry of the archive, or null at its end. */
type NextEntry = () => Promise<tar.Entry | null>;

/**
 * The rows (the `db/` entries), in one transaction, with triggers and foreign keys set aside; each table's count
 * checked against the backup's; the sequences set. Answers the number of rows.
 */
async function restoreRows(
  sql: postgres.Sql,
  manifest: BackupManifest,
  tables: BackupTable[],
  jobsMatch: boolean,
  next: NextEntry,
): Promise<number> {
  let entry = await next();
  const conn = await sql.reserve();
  let rows = 0;
  try {
    await conn.unsafe("BEGIN");
    await checkColumns(conn, tables);
    const keys = await setAside(conn, tables);
    await conn.unsafe(`TRUNCATE ${tables.map(qualified).join(", ")}`);
    const byKey = new Map(tables.map((t) => [tableKey(t), t]));
    let copy = null as { key: string; stream: CopyIn } | null;
    while (entry && entry.header.name.startsWith("db/") && entry.header.name !== "db/end.json") {
      const key = entry.header.name.split("/")[1];
      const table = byKey.get(key);
      if (!table) {
        if (!manifest.tables.some((t) => tableKey(t) === key))
          throw new Error(`the backup holds rows of ${key}, which its manifest does not list`);
        entry.resume(); // the job queue's rows, left out
      } else {
        if (copy?.key !== key) {
          await copy?.stream.end();
          copy = {
            key,
            stream: await CopyIn.open(
              conn,
              `COPY ${qualified(table)} (${table.columns.map(quoteIdent).join(", ")}) FROM STDIN`,
            ),
          };
        }
        for await (const chunk of entry) await copy.stream.write(chunk as Buffer);
      }
      entry = await next();
    }
    await copy?.stream.end();
    if (entry?.header.name !== "db/end.json")
      throw new Error("the backup file is cut short (its database part does not end)");
    const expected = (JSON.parse(await entryText(entry)) as { rows: Record<string, number> }).rows;
    for (const t of tables) {
      const [{ n }] = await conn.unsafe<{ n: string }[]>(`SELECT count(*) AS n FROM ${qualified(t)}`);
      if (Number(n) !== (expected[tableKey(t)] ?? 0))
        throw new Error(`${tableKey(t)}: ${n} rows restored, the backup has ${expected[tableKey(t)] ?? 0}`);
      rows += Number(n);
    }
    await setSequences(conn, manifest, jobsMatch);
    if (jobsMatch) await releaseJobLocks(conn);
    await putBack(conn, tables, keys);
    await conn.unsafe("COMMIT");
  } catch (e) {
    await conn.unsafe("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    conn.release();
  }
  return rows;
}

/** The files (into the target's storage), the secret key, the end mark; answers the number of files. */
async function restoreFiles(opts: RestoreOptions, next: NextEntry, warnings: string[]): Promise<number> {
  if (opts.force && opts.uploadsDir) fs.rmSync(opts.uploadsDir, { recursive: true, force: true });
  let files = 0;
  let entry = await next();
  let end: BackupEnd | null = null;
  while (entry) {
    const name = entry.header.name;
    if (name.startsWith("uploads/")) {
      await opts.storage.put(name.slice("uploads/".length), entry);
      files++;
    } else if (name === "secret.key") {
      warnings.push(keepSecretKey((await entryText(entry)).trim(), opts));
    } else if (name === "end.json") {
      end = JSON.parse(await entryText(entry)) as BackupEnd;
    } else {
      entry.resume();
    }
    entry = await next();
  }
  if (!end)
    throw new Error(
      "the backup file is cut short: the database is restored, some files may be missing (restore again with --force)",
    );
  if (end.files !== files) throw new Error(`the backup names ${end.files} files but holds ${files}`);
  return files;
}

/** The backup must be one this code reads and continues: its format, its version, its migrations. */
function checkCompatible(m: BackupManifest, opts: RestoreOptions): void {
  if (m.format !== BACKUP_FORMAT) throw new RestoreRefused("this file is not a Stride backup");
  if (m.formatVersion > BACKUP_FORMAT_VERSION || compareVersions(m.version, opts.version) > 0) {
    throw new RestoreRefused(
      `this backup was made by Stride ${m.version}, newer than this ${opts.version}: restore it with Stride ${m.version} or later`,
    );
  }
  try {
    checkMigrationHistory(
      m.migrations.map((x) => x.hash),
      codeMigrations(opts.migrationsFolder),
      "this backup",
    );
  } catch (e) {
    throw new RestoreRefused((e as Error).message);
  }
}

/**
 * The target must be empty (no Stride migration applied, no table, no uploads), unless `force`, which drops its
 * Stride schemas; either way no other connection may use it (a running Stride).
 */
async function checkTarget(sql: postgres.Sql, opts: RestoreOptions, manifest: BackupManifest): Promise<void> {
  const [{ others }] = await sql<{ others: number }[]>`
    SELECT count(*)::int AS others FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> ${RESTORE_APPLICATION}`;
  if (others > 0)
    throw new RestoreRefused(
      `${others} other connection(s) use ${opts.subject}: stop Stride (every instance) before restoring into it`,
    );
  const applied = await appliedMigrations(sql);
  const [{ tables }] = await sql<{ tables: number }[]>`
    SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'S') AND n.nspname = ANY(${[...BACKUP_SCHEMAS, "drizzle"]})`;
  const files = opts.uploadsDir ? listFiles(opts.uploadsDir).length : 0;
  const secretKeyFile = manifest.secretKey && !opts.configuredSecretKey && fs.existsSync(opts.secretKeyFile);
  if (!opts.force && (applied.length > 0 || tables > 0 || files > 0 || secretKeyFile)) {
    const what = [
      applied.length || tables ? `${opts.subject} holds data` : "",
      files ? `${opts.uploadsDir} holds ${files} file(s)` : "",
      secretKeyFile ? `${opts.secretKeyFile} exists` : "",
    ]
      .filter(Boolean)
      .join(", ");
    throw new RestoreRefused(
      `the target is not empty (${what}): restore into an empty data folder or database, or add --force to replace what is there`,
    );
  }
  if (opts.force && (applied.length > 0 || tables > 0)) {
    opts.log?.(`--force: dropping the Stride schemas of ${opts.subject}`);
    await sql
      .unsafe(
        "DROP SCHEMA IF EXISTS graphile_worker CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public",
      )
      .simple();
  }
}

/** application_name of the restore's own connections (not counted as a running Stride). */
export const RESTORE_APPLICATION = "stride restore";

/** Every table the backup has rows for exists with its columns (the migrations up to its level made them). */
async function checkColumns(conn: postgres.ReservedSql, tables: BackupTable[]): Promise<void> {
  const have = await conn<{ key: string; columns: string[] }[]>`
    SELECT n.nspname || '.' || c.relname AS key, array_agg(a.attname::text) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND n.nspname = ANY(${BACKUP_SCHEMAS})
    GROUP BY 1`;
  const byKey = new Map(have.map((r) => [r.key, new Set(r.columns)]));
  for (const t of tables) {
    const cols = byKey.get(tableKey(t));
    const missing = cols ? t.columns.filter((c) => !cols.has(c)) : ["(the table)"];
    if (missing.length)
      throw new Error(
        `${tableKey(t)} lacks ${missing.join(", ")} after the backup's migrations: the backup does not match this version's migrations`,
      );
  }
}

interface ForeignKey {
  tbl: string;
  name: string;
  def: string;
}

/** Drop the foreign keys and disable the user triggers of the restored tables (both are put back by putBack). */
async function setAside(conn: postgres.ReservedSql, tables: BackupTable[]): Promise<ForeignKey[]> {
  const keys = await conn<ForeignKey[]>`
    SELECT conrelid::regclass::text AS tbl, conname::text AS name, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE contype = 'f' AND connamespace IN (SELECT oid FROM pg_namespace WHERE nspname = ANY(${BACKUP_SCHEMAS}))
    ORDER BY 1, 2`;
  for (const k of keys) await conn.unsafe(`ALTER TABLE ${k.tbl} DROP CONSTRAINT ${quoteIdent(k.name)}`);
  for (const t of tables) await conn.unsafe(`ALTER TABLE ${qualified(t)} DISABLE TRIGGER USER`);
  return keys;
}

/** Enable the triggers again and add the foreign keys back (PostgreSQL checks every restored row against them). */
async function putBack(conn: postgres.ReservedSql, tables: BackupTable[], keys: ForeignKey[]): Promise<void> {
  for (const t of tables) await conn.unsafe(`ALTER TABLE ${qualified(t)} ENABLE TRIGGER USER`);
  for (const k of keys) await conn.unsafe(`ALTER TABLE ${k.tbl} ADD CONSTRAINT ${quoteIdent(k.name)} ${k.def}`);
}

/** Every sequence of the backup: made when the migrations did not (a project's numbers), then set to its value. */
async function setSequences(conn: postgres.ReservedSql, manifest: BackupManifest, jobs: boolean): Promise<void> {
  for (const s of manifest.sequences) {
    if (s.schema === "graphile_worker" && !jobs) continue;
    const name = qualified(s);
    const [{ exists }] = await conn<{ exists: boolean }[]>`SELECT to_regclass(${name}) IS NOT NULL AS exists`;
    if (!exists) {
      const num = (v: string) => String(BigInt(v)); // the values came from pg_sequences: integers only
      await conn.unsafe(`CREATE SEQUENCE ${name} AS ${s.dataType === "smallint" || s.dataType === "integer" ? s.dataType : "bigint"}
        INCREMENT ${num(s.increment)} MINVALUE ${num(s.min)} MAXVALUE ${num(s.max)} START ${num(s.start)} ${s.cycle ? "CYCLE" : "NO CYCLE"}`);
    }
    await conn`SELECT setval(${name}::regclass, ${s.lastValue ?? s.start}::bigint, ${s.lastValue !== null})`;
  }
}

/** Jobs a worker held when the backup was made belong to no worker now: free them for this instance's workers. */
async function releaseJobLocks(conn: postgres.ReservedSql): Promise<void> {
  const locked = await conn<{ tbl: string }[]>`
    SELECT c.oid::regclass::text AS tbl FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'graphile_worker' AND c.relkind = 'r'
      AND (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname IN ('locked_at', 'locked_by') AND NOT a.attisdropped) = 2`;
  for (const { tbl } of locked)
    await conn.unsafe(
      `UPDATE ${tbl} SET locked_at = NULL, locked_by = NULL WHERE locked_at IS NOT NULL OR locked_by IS NOT NULL`,
    );
}

/** The backup's secret key: kept in DATA_DIR/secret.key unless SECRET_KEY is set; returns what to tell the operator. */
function keepSecretKey(key: string, opts: RestoreOptions): string {
  if (opts.configuredSecretKey) {
    return opts.configuredSecretKey === key
      ? "The backup's secret key is the SECRET_KEY set here."
      : "SECRET_KEY is set here to another key than the backup's: set it to the old instance's key (the backup's secret.key) or the encrypted settings read as empty.";
  }
  fs.mkdirSync(path.dirname(opts.secretKeyFile), { recursive: true });
  fs.writeFileSync(opts.secretKeyFile, `${key}\n`, { mode: 0o600 });
  return `The backup's secret key was written to ${opts.secretKeyFile} (mode 0600).`;
}

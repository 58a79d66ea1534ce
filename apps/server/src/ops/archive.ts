import fs from "node:fs";
import { MARKER_DIR } from "../core/instance-registry.ts";
import path from "node:path";
import zlib from "node:zlib";
import type { Readable, Writable } from "node:stream";
import tar from "tar-stream";

/**
 * The backup file (`stride backup FILE`): one gzip-compressed tar, read and written as a stream, entries in this order:
 * - `manifest.json` — what the rest needs: Stride's version, the migrations applied, the tables and their columns,
 *   the sequences, the storage, whether the secret key is inside (BackupManifest);
 * - `db/<schema>.<table>/<n>` — each table's rows in COPY's text format, split into parts of at most PART_BYTES;
 *   a table's parts follow each other, an empty table has none;
 * - `db/end.json` — the rows of each table (checked before the restore commits);
 * - `uploads/<key>` — every uploaded file of the local storage (none for S3: the bucket keeps them);
 * - `secret.key` — only when the backup was asked to hold it;
 * - `end.json` — the files written; a backup without it was cut short.
 */
export const BACKUP_FORMAT = "stride-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** Largest part of a table's data held in memory while it is written. */
export const PART_BYTES = 8 * 1024 * 1024;

export interface BackupTable {
  schema: string;
  name: string;
  /** The columns written, in order (generated columns are left out: the database computes them again). */
  columns: string[];
}

export interface BackupSequence {
  schema: string;
  name: string;
  dataType: string;
  start: string;
  min: string;
  max: string;
  increment: string;
  cycle: boolean;
  /** null: never used (the next value is `start`). */
  lastValue: string | null;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The Stride version that made it (package.json). */
  version: string;
  createdAt: string;
  /** The PostgreSQL it was read from (`server_version`), for the record. */
  postgres: string;
  /** The migrations applied to the database, in order (journal tag and file hash). */
  migrations: { tag: string; hash: string }[];
  /** graphile-worker's schema level (graphile_worker.migrations), when it had one. */
  jobQueueMigration: number | null;
  storage: "local" | "s3";
  secretKey: boolean;
  tables: BackupTable[];
  sequences: BackupSequence[];
}

export interface BackupEnd {
  files: number;
}

export const tableKey = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** A backup being written: entries go into a tar, through gzip, into `out`. */
export class ArchiveWriter {
  private pack = tar.pack();
  private done: Promise<void>;

  /** `end: false` for a stream that outlives the backup (stdout): done once gzip has handed it everything. */
  constructor(out: Writable, opts: { end?: boolean } = {}) {
    const gzip = zlib.createGzip({ level: 6 });
    const end = opts.end ?? true;
    this.done = new Promise<void>((resolve, reject) => {
      const fail = (e: Error) => {
        this.pack.destroy(e);
        reject(e);
      };
      gzip.once("error", fail);
      out.once("error", fail);
      if (end) out.once("finish", () => resolve());
      else gzip.once("end", () => resolve());
    });
    (this.pack as unknown as Readable).pipe(gzip).pipe(out, { end });
  }

  /** One entry; resolves once its bytes are taken downstream (so at most one part is held in memory). */
  add(
    name: string,
    body: Buffer | Readable,
    size = Buffer.isBuffer(body) ? body.length : undefined,
    mtime = new Date(),
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const sink = this.pack.entry({ name, size, mode: 0o600, mtime, type: "file" }, (err) =>
        err ? reject(err) : resolve(),
      );
      if (Buffer.isBuffer(body)) {
        sink.end(body);
      } else {
        body.once("error", (e) => sink.destroy(e));
        body.pipe(sink);
      }
    });
  }

  json(name: string, value: unknown): Promise<void> {
    return this.add(name, Buffer.from(JSON.stringify(value, null, 2) + "\n"));
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.done;
  }
}

/** The entries of a backup file as they are read; each must be consumed (read or `resume()`d) before the next. */
export function readArchive(input: Readable): AsyncIterableIterator<tar.Entry> {
  const extract = tar.extract();
  const gunzip = zlib.createGunzip();
  const fail = (e: Error) => extract.destroy(new Error(`the backup file cannot be read: ${e.message}`));
  input.once("error", fail);
  gunzip.once("error", fail);
  input.pipe(gunzip).pipe(extract);
  return extract[Symbol.asyncIterator]();
}

/** The whole content of an entry (small entries: manifest, counts). */
export async function entryText(entry: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of entry) parts.push(c as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/**
 * Every uploaded file under `root`, as keys relative to it with `/` separators (sorted, for a stable backup). The
 * running instances' markers (`MARKER_DIR`, core/instance-registry.ts) are no one's files: they stay out.
 */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.isDirectory() && !prefix && e.name === MARKER_DIR) continue;
      if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
      else if (e.isFile()) out.push(`${prefix}${e.name}`);
    }
  };
  walk(root, "");
  return out;
}

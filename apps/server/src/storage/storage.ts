import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live. Local disk by default; an S3-compatible driver can implement the same interface. */
export interface Storage {
  put(key: string, data: Buffer | NodeJS.ReadableStream, contentType?: string): Promise<void>;
  get(key: string): Promise<NodeJS.ReadableStream | null>;
  /** The whole file (uploads are at most FILE_SIZE_LIMIT), or null when absent. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Keys directly under a folder-like prefix (e.g. "static/project-cover/"), sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Drivers whose files browsers reach directly (S3): the form a browser posts one upload with, and a link that
   * downloads a file. Without them uploads go to our own receiver and downloads through our signed links.
   */
  direct?: DirectAccess;
}

export interface DirectAccess {
  /**
   * A presigned POST form for one upload of at most `maxSize` bytes of `contentType`. The bytes land beside the
   * file's key (`pendingKey`), never at the key itself: the server checks them before they become the file.
   */
  presignUpload(
    key: string,
    contentType: string,
    maxSize: number,
    expiresInSeconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** Where a presigned upload of `key` lands. */
  pendingKey(key: string): string;
  /** A presigned GET of `key` answered with these headers. */
  presignDownload(
    key: string,
    opts: { contentType: string; contentDisposition: string; expiresInSeconds: number },
  ): Promise<string>;
}

/**
 * A file could not be written because of where it goes, not of what it is: the storage is full (`full`) or cannot be
 * written at all (`read-only`: a read-only or foreign-owned uploads folder). The app answers it as 507 (core/errors.ts).
 */
export class StorageWriteError extends Error {
  constructor(
    public reason: "full" | "read-only",
    public cause: unknown,
  ) {
    super(
      `storage ${reason === "full" ? "is full" : "cannot be written"}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

const FULL = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
const READ_ONLY = new Set(["EROFS", "EACCES", "EPERM"]);

/** The file system's refusal of a write as a StorageWriteError; other errors as they are. */
function writeError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code ?? "";
  if (FULL.has(code)) return new StorageWriteError("full", err);
  if (READ_ONLY.has(code)) return new StorageWriteError("read-only", err);
  return err;
}

export class LocalDiskStorage implements Storage {
  constructor(private root: string) {}

  private file(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("invalid storage key");
    return full;
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<void> {
    const file = this.file(key);
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(data)) {
        await fsp.writeFile(file, data);
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const out = fs.createWriteStream(file);
        data.pipe(out);
        out.on("finish", () => resolve());
        out.on("error", reject);
        data.on("error", reject);
      });
    } catch (err) {
      // a file cut short by a full disk is not left behind
      if (FULL.has((err as NodeJS.ErrnoException).code ?? "")) await fsp.rm(file, { force: true }).catch(() => {});
      throw writeError(err);
    }
  }

  async get(key: string): Promise<NodeJS.ReadableStream | null> {
    const file = this.file(key);
    if (!fs.existsSync(file)) return null;
    return fs.createReadStream(file);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return fs.existsSync(this.file(key));
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const dir = path.resolve(this.root, prefix);
    if (dir !== path.resolve(this.root) && !dir.startsWith(path.resolve(this.root) + path.sep))
      throw new Error("invalid storage prefix");
    try {
      const entries = await fsp.readdir(dir, { withFileTypes: true });
      const base = prefix.endsWith("/") || prefix === "" ? prefix : prefix + "/";
      return entries
        .filter((e) => e.isFile())
        .map((e) => base + e.name)
        .sort();
    } catch {
      return [];
    }
  }
}

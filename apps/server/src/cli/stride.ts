// The commands of `stride` that work on the database (bin/launcher.mjs runs them from the built dist/cli.js):
//   stride migrate                          apply the migrations this version has and the database lacks
//   stride backup FILE [--with-secret-key]  one file: a consistent snapshot of the database and the uploaded files
//   stride restore FILE [--force]           into an empty data folder (DATA_DIR) or database (DATABASE_URL)
// Configuration comes from the same environment variables as the server's (README: Configuration).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Readable, Writable } from "node:stream";
import { loadConfig, type Config } from "../config.ts";
import { createStorage, openDatabase, uploadsFolder, type DatabaseTarget } from "../boot.ts";
import type { Database } from "../db/client.ts";
import { opsDatabase } from "../ops/connection.ts";
import { appliedMigrations, codeMigrations, runMigrations } from "../ops/migrate.ts";
import { writeBackup } from "../ops/backup.ts";
import { RESTORE_APPLICATION, restoreBackup } from "../ops/restore.ts";
import { STRIDE_VERSION } from "../version.ts";

export const USAGE = `Usage: stride <command>

  start                          start Stride (npm start; builds first when the sources changed)
  migrate                        apply the database migrations this version adds, then exit
  backup FILE [--with-secret-key]
                                 write a backup of the database and the uploaded files to FILE ("-": stdout);
                                 --with-secret-key also puts the secret key in it
  restore FILE [--force]         restore a backup ("-": stdin) into an empty data folder (DATA_DIR) or
                                 database (DATABASE_URL); --force replaces what is there (drops the
                                 database's public schema, empties DATA_DIR/uploads)
  build                          build the web app and the server (npm run build)
  --version                      print Stride's version

Configuration: the server's environment variables (DATA_DIR, DATABASE_URL, STORAGE, SECRET_KEY …).`;

export interface CliIo {
  env?: NodeJS.ProcessEnv;
  /** Messages (default: stderr when the backup goes to stdout, else stdout). */
  print?: (line: string) => void;
  stdin?: Readable;
  stdout?: Writable;
}

/** Run one command; resolves to the process's exit code (0 done, 1 failed or refused, 2 usage). */
export async function run(argv: string[], io: CliIo = {}): Promise<number> {
  const [command, ...rest] = argv;
  const toStdout = command === "backup" && rest[0] === "-";
  const print = io.print ?? ((l: string) => (toStdout ? process.stderr : process.stdout).write(`${l}\n`));
  if (command === "--version" || command === "-v" || command === "version") {
    print(STRIDE_VERSION);
    return 0;
  }
  if (!command || command === "help" || command === "--help" || command === "-h") {
    print(USAGE);
    return command ? 0 : 2;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { "with-secret-key": { type: "boolean" }, force: { type: "boolean" } },
    });
  } catch (e) {
    print(`stride ${command}: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const file = args.positionals[0];
  const known = { migrate: 0, backup: 1, restore: 1 } as Record<string, number>;
  if (!(command in known) || args.positionals.length !== known[command]) {
    print(
      command in known
        ? `stride ${command}: ${known[command] ? "give one FILE" : "takes no argument"}\n\n${USAGE}`
        : `stride: unknown command "${command}"\n\n${USAGE}`,
    );
    return 2;
  }
  const config = loadConfig(io.env ?? process.env);
  try {
    if (command === "migrate") await migrate(config, print);
    else if (command === "backup")
      await backup(config, file!, !!args.values["with-secret-key"], print, io.stdout ?? process.stdout);
    else await restore(config, file!, !!args.values.force, print, io.stdin ?? process.stdin);
    return 0;
  } catch (e) {
    print(`stride ${command}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

async function withDatabase<T>(
  config: Config,
  name: string,
  fn: (db: Database, target: DatabaseTarget) => Promise<T>,
): Promise<T> {
  // Not supervised: a PostgreSQL this command starts lives as long as the command (one another instance started keeps running).
  const target = await openDatabase(config, () => {}, { supervise: false });
  const database = opsDatabase(target.url, { host: target.host, name });
  try {
    return await fn(database, target);
  } finally {
    await database.close();
    await target.stop();
  }
}

async function migrate(config: Config, print: (l: string) => void): Promise<void> {
  await withDatabase(config, "stride migrate", async (database, target) => {
    const before = (await appliedMigrations(database.sql)).length;
    await runMigrations(database, { subject: target.subject });
    const code = codeMigrations();
    print(
      before === code.length
        ? `${target.subject}: up to date (${code.length} migration${code.length === 1 ? "" : "s"}, the last ${code.at(-1)!.tag}); Stride ${STRIDE_VERSION}`
        : `${target.subject}: applied ${code.length - before} migration(s), now at ${code.at(-1)!.tag}; Stride ${STRIDE_VERSION}`,
    );
  });
}

async function backup(
  config: Config,
  file: string,
  withSecretKey: boolean,
  print: (l: string) => void,
  stdout: Writable,
): Promise<void> {
  let secretKey: string | null = null;
  if (withSecretKey) {
    secretKey = config.secretKey || readKeyFile(path.join(config.dataDir, "secret.key"));
    if (!secretKey)
      throw new Error(
        `there is no secret key to put in the backup (SECRET_KEY is unset and ${path.join(config.dataDir, "secret.key")} does not exist)`,
      );
  }
  const partial = file === "-" ? null : `${path.resolve(file)}.partial`;
  let out: Writable = stdout;
  if (partial) {
    try {
      out = fs.createWriteStream(partial, { fd: fs.openSync(partial, "w", 0o600) });
    } catch (e) {
      throw new Error(`cannot write ${partial}: ${(e as Error).message}`);
    }
  }
  try {
    const summary = await withDatabase(config, "stride backup", (database, target) =>
      writeBackup({
        sql: database.sql,
        out,
        keepOpen: !partial,
        version: STRIDE_VERSION,
        uploadsDir: uploadsFolder(config),
        secretKey,
        subject: target.subject,
        log: print,
      }),
    );
    if (partial) fs.renameSync(partial, path.resolve(file));
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    print(
      `Backup written to ${file === "-" ? "stdout" : path.resolve(file)}: Stride ${STRIDE_VERSION}, ${rows} rows, ${summary.files} files.`,
    );
    if (config.s3)
      print(
        "The uploaded files are not in the backup: they stay in the S3 bucket; back the bucket up with its provider's tools (versioning, replication).",
      );
    print(
      secretKey
        ? "WARNING: this backup holds the secret key: whoever has the file can read the instance's encrypted settings (SMTP password, sign-in providers' secrets, model API keys). Keep it as safe as the data folder."
        : "The secret key is not in the backup (--with-secret-key puts it in): keep SECRET_KEY or DATA_DIR/secret.key safe beside it, or the encrypted settings must be entered again after a restore.",
    );
  } catch (e) {
    if (partial) fs.rmSync(partial, { force: true });
    throw e;
  }
}

async function restore(
  config: Config,
  file: string,
  force: boolean,
  print: (l: string) => void,
  stdin: Readable,
): Promise<void> {
  if (file !== "-" && !fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const input = file === "-" ? stdin : fs.createReadStream(file);
  const summary = await withDatabase(config, RESTORE_APPLICATION, (database, target) =>
    restoreBackup({
      database,
      input,
      version: STRIDE_VERSION,
      storage: createStorage(config),
      uploadsDir: uploadsFolder(config),
      configuredSecretKey: config.secretKey || null,
      secretKeyFile: path.join(config.dataDir, "secret.key"),
      force,
      subject: target.subject,
      log: print,
    }),
  );
  const m = summary.manifest;
  print(
    `Restored ${file === "-" ? "stdin" : file} (Stride ${m.version}, made ${m.createdAt}): ${summary.rows} rows, ${summary.files} files; migrated to Stride ${STRIDE_VERSION}.`,
  );
  for (const w of summary.warnings) print(w);
  print("Start Stride with the same configuration: stride start (or npm start).");
}

function readKeyFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

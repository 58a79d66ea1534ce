import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterEach, describe, expect, inject, it } from "vitest";
import { run } from "../src/cli/stride.ts";
import { connect } from "../src/db/client.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { appliedMigrations, codeMigrations, migrationsFolder, runMigrations } from "../src/ops/migrate.ts";
import { opsDatabase } from "../src/ops/connection.ts";
import { RESTORE_APPLICATION, restoreBackup } from "../src/ops/restore.ts";
import { LocalDiskStorage } from "../src/storage/storage.ts";
import { STRIDE_VERSION } from "../src/version.ts";
import { withDatabase } from "./helpers/global-setup.ts";
import { checkThroughApi, type InstanceContent } from "./helpers/instance-content.ts";
import { freePort, startOwnStride } from "./helpers/stride.ts";

/**
 * Upgrades (issue #25 point 1): a database made by a released Stride is migrated by this version and keeps every row
 * and file. Each folder of test/fixtures/upgrade/ is a release's instance, filled through that release's API and
 * backed up by it (scripts/make-upgrade-fixture.ts): it is restored at its release's schema (the migrations it was
 * made with), then this version's later migrations run on its rows, then this version's server must find all of it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, "fixtures/upgrade");
const releases = fs
  .readdirSync(FIXTURES)
  .filter((d) => fs.existsSync(path.join(FIXTURES, d, "backup.tar.gz")))
  .sort();

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

/** A new, empty database on the test cluster; dropped after the test. */
async function emptyDatabase(): Promise<string> {
  const admin = inject("pgAdminUrl");
  const name = `stride_up_${crypto.randomBytes(4).toString("hex")}`;
  const a = postgres(admin, { max: 1, onnotice: () => {} });
  await a.unsafe(`CREATE DATABASE "${name}"`);
  await a.end();
  cleanup.push(async () => {
    const b = postgres(admin, { max: 1, onnotice: () => {} });
    await b.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await b.end();
  });
  return withDatabase(admin, name);
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-upgrade-"));
  cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const content = (release: string) =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, release, "content.json"), "utf8")) as InstanceContent;

it("has a fixture of every release in the changelog", () => {
  const changelog = fs.readFileSync(path.join(here, "../../../CHANGELOG.md"), "utf8");
  const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1]).sort();
  expect(releases).toEqual(released);
});

describe.each(releases)("an instance made by Stride %s", (release) => {
  it("is restored at its release's schema, migrated to this version, and still has every item, comment, page, file and agent run", async () => {
    const url = await emptyDatabase();
    const dataDir = tempDir();
    const lines: string[] = [];
    const code = await run(["restore", path.join(FIXTURES, release, "backup.tar.gz")], {
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      print: (l) => lines.push(l),
    });
    expect(code, lines.join("\n")).toBe(0);
    expect(lines.join("\n")).toContain(`migrated to Stride ${STRIDE_VERSION}`);

    // every migration of this version is applied, in order, after the release's own
    const db = postgres(url, { max: 1, onnotice: () => {} });
    cleanup.push(() => db.end());
    expect(await appliedMigrations(db)).toEqual(codeMigrations().map((m) => m.hash));

    const own = await startOwnStride({ databaseUrl: url, dataDir, secretKey: "" });
    cleanup.push(() => own.stride.close());
    await checkThroughApi(own.stride.url, content(release));
    const instance = (await own.t.anon().get("/api/instances/")).body.instance;
    expect(instance.current_version).toBe(STRIDE_VERSION);
  }, 240_000);
});

it("runs the migrations added after a backup's release on its restored rows", async () => {
  // This version's migrations plus one more, as a later release adds them: it must run after the rows came in.
  const folder = tempDir();
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({
    idx: last.idx + 1,
    version: last.version,
    when: last.when + 1,
    tag: `${String(last.idx + 1).padStart(4, "0")}_upgrade_probe`,
    breakpoints: true,
  });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(folder, `${journal.entries.at(-1)!.tag}.sql`),
    "ALTER TABLE issues ADD COLUMN upgrade_probe text;\n--> statement-breakpoint\nUPDATE issues SET upgrade_probe = 'migrated: ' || name;\n",
  );

  const release = releases[0];
  const url = await emptyDatabase();
  const database = opsDatabase(url, { name: RESTORE_APPLICATION });
  cleanup.push(() => database.close());
  const dataDir = tempDir();
  await restoreBackup({
    database,
    input: fs.createReadStream(path.join(FIXTURES, release, "backup.tar.gz")),
    version: STRIDE_VERSION,
    storage: new LocalDiskStorage(path.join(dataDir, "uploads")),
    uploadsDir: path.join(dataDir, "uploads"),
    configuredSecretKey: null,
    secretKeyFile: path.join(dataDir, "secret.key"),
    subject: "the test database",
    migrationsFolder: folder,
  });
  const rows = await database.sql<
    { name: string; upgrade_probe: string }[]
  >`SELECT name, upgrade_probe FROM issues ORDER BY sequence_id`;
  expect(rows.map((r) => r.name)).toEqual(content(release).items.map((i) => i.name));
  expect(rows.every((r) => r.upgrade_probe === `migrated: ${r.name}`)).toBe(true);
  expect((await appliedMigrations(database.sql)).length).toBe(journal.entries.length);
}, 120_000);

it("stride migrate brings an empty database to this version's migrations, then finds it up to date", async () => {
  const url = await emptyDatabase();
  const env = { DATABASE_URL: url, DATA_DIR: tempDir() };
  const code = codeMigrations();
  const lines: string[] = [];
  expect(await run(["migrate"], { env, print: (l) => lines.push(l) })).toBe(0);
  expect(await run(["migrate"], { env, print: (l) => lines.push(l) })).toBe(0);
  const s = code.length === 1 ? "" : "s";
  expect(lines).toEqual([
    `the database at DATABASE_URL: applied ${code.length} migration(s), now at ${code.at(-1)!.tag}; Stride ${STRIDE_VERSION}`,
    `the database at DATABASE_URL: up to date (${code.length} migration${s}, the last ${code.at(-1)!.tag}); Stride ${STRIDE_VERSION}`,
  ]);
  const db = postgres(url, { max: 1, onnotice: () => {} });
  cleanup.push(() => db.end());
  expect(await appliedMigrations(db)).toEqual(code.map((m) => m.hash));
}, 60_000);

describe("a database this version cannot continue", () => {
  it("a data folder from before 0.1.0 stops the start with one sentence, and is left as it was", async () => {
    const own = await startOwnStride();
    const { dataDir } = own;
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await own.stride.close();
    // As a development build's folder: its one migration was another text of 0000_init.sql, applied days earlier.
    const pg = await startEmbeddedPostgres(path.join(dataDir, "postgres"), { supervise: false });
    const sql = postgres(pg.url.replace(/\/postgres$/, "/stride"), { max: 1, onnotice: () => {} });
    await sql`DELETE FROM drizzle.__drizzle_migrations WHERE id <> (SELECT min(id) FROM drizzle.__drizzle_migrations)`;
    await sql`UPDATE drizzle.__drizzle_migrations SET hash = ${"0".repeat(64)}, created_at = created_at - 11 * 86400000`;
    await sql.end();
    await pg.stop();

    const out = await runMain({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1" });
    expect(out.code).toBe(1);
    // one line in the log's format (JSON lines on stdout), and nothing else said about it
    const fatal = out.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "fatal");
    expect(fatal.map((l) => l.msg)).toEqual([
      `Stride could not start: the data folder ${dataDir} was made by a development build of Stride from before release 0.1.0 and cannot be upgraded: keep running the build that made it, or start this version on a new, empty data folder (DATA_DIR) or database (DATABASE_URL) (README: Upgrading).`,
    ]);
    expect(out.stderr).toBe("");

    const again = await startEmbeddedPostgres(path.join(dataDir, "postgres"), { supervise: false });
    const check = postgres(again.url.replace(/\/postgres$/, "/stride"), { max: 1, onnotice: () => {} });
    expect((await check`SELECT hash FROM drizzle.__drizzle_migrations`).map((r) => r.hash)).toEqual(["0".repeat(64)]);
    await check.end();
    await again.stop();
  }, 180_000);

  it("a database migrated by a newer Stride is refused, by the server and by stride migrate", async () => {
    const url = await emptyDatabase();
    const db = connect(url, { max: 2 });
    cleanup.push(() => db.close());
    await runMigrations(db);
    await db.sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${"f".repeat(64)}, ${Date.now()})`;
    const n = codeMigrations().length;
    const sentence = `the database at DATABASE_URL was migrated by a newer Stride (${n + 1} migrations; this version has ${n}): run that version or a later one, or restore a backup made by this version (README: Upgrading).`;
    await expect(startOwnStride({ databaseUrl: url })).rejects.toThrow(sentence);
    const lines: string[] = [];
    expect(
      await run(["migrate"], { env: { DATABASE_URL: url, DATA_DIR: tempDir() }, print: (l) => lines.push(l) }),
    ).toBe(1);
    expect(lines).toEqual([`stride migrate: ${sentence}`]);
  }, 60_000);
});

/** Run the server's entry (src/main.ts, as `stride start` runs its bundle) to its exit. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "../src/main.ts")], {
      env: { ...process.env, DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

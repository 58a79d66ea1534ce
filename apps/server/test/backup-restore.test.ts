import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { run } from "../src/cli/stride.ts";
import { ArchiveWriter, entryText, readArchive, type BackupManifest } from "../src/ops/archive.ts";
import { STRIDE_VERSION } from "../src/version.ts";
import { migrationsFolder } from "../src/ops/migrate.ts";
import { withDatabase } from "./helpers/global-setup.ts";
import { checkThroughApi, fillThroughApi, signIn, type InstanceContent } from "./helpers/instance-content.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { startOwnStride } from "./helpers/stride.ts";

/**
 * `stride backup` and `stride restore` (issue #25 point 4), end to end: a running instance (its own embedded
 * PostgreSQL and data folder, as `npm start` runs it) is backed up while it serves, restored into an empty data folder
 * and into an external database (DATABASE_URL: the way off the embedded PostgreSQL), and each restored copy is
 * started and used: sign in, find the items and pages, download the file, read the agent's run.
 */
let model: ModelServer;
let source: Awaited<ReturnType<typeof startOwnStride>>;
let content: InstanceContent;
let backupFile: string;
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "stride-restore-"));
  dirs.push(d);
  return d;
};

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await run(args, { env, print: (l) => lines.push(l) });
  return { code, out: lines.join("\n") };
}

beforeAll(async () => {
  model = await startModelServer({ apiKey: "restore-key" });
  // The secret key is the data folder's own (DATA_DIR/secret.key), as without SECRET_KEY.
  source = await startOwnStride({ secretKey: "", outboundAllowPrivate: true });
  content = await fillThroughApi(source.t, STRIDE_VERSION, model, () => source.stride.app.jobs.drain());
  backupFile = path.join(tmp(), "stride.backup.tar.gz");
}, 180_000);

afterAll(async () => {
  await source?.stride.close();
  await model?.close();
  for (const d of [source?.dataDir, ...dirs]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

describe("stride backup", () => {
  it("writes one file from the running instance: manifest, rows, files and (asked for) the secret key", async () => {
    const r = await cli(["backup", backupFile, "--with-secret-key"], { DATA_DIR: source.dataDir });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("WARNING: this backup holds the secret key");
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0);
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
    // the instance kept serving
    expect((await source.t.anon().get("/api/ready")).status).toBe(200);

    const names: string[] = [];
    let manifest: BackupManifest | null = null;
    for await (const e of readArchive(fs.createReadStream(backupFile))) {
      names.push(e.header.name);
      if (e.header.name === "manifest.json") manifest = JSON.parse(await entryText(e));
      else e.resume();
    }
    expect(names[0]).toBe("manifest.json");
    expect(names.slice(-2)).toEqual(["secret.key", "end.json"]);
    expect(names).toContain("db/public.issues/000000");
    expect(names).toContain(
      `uploads/${content.workspace.id}/${content.file.asset.replace(/-/g, "")}-${content.file.name}`,
    );
    expect(manifest).toMatchObject({
      format: "stride-backup",
      version: STRIDE_VERSION,
      storage: "local",
      secretKey: true,
    });
    // every migration the running instance applied, in order, from 0.1.0's baseline on
    const tags = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
    ).entries.map((e: { tag: string }) => e.tag);
    expect(manifest!.migrations.map((m) => m.tag)).toEqual(tags);
    // every project's own numbering sequence is in it
    expect(manifest!.sequences.map((s) => s.name)).toContain(`issue_seq_${content.project.id.replace(/-/g, "")}`);
  }, 120_000);

  it("leaves the secret key out unless asked, and says so", async () => {
    const file = path.join(tmp(), "nokey.tar.gz");
    const r = await cli(["backup", file], { DATA_DIR: source.dataDir });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("The secret key is not in the backup (--with-secret-key puts it in)");
    const names: string[] = [];
    for await (const e of readArchive(fs.createReadStream(file))) {
      names.push(e.header.name);
      e.resume();
    }
    expect(names).not.toContain("secret.key");
  }, 120_000);
});

describe("stride restore", () => {
  it("into an empty data folder: the copy starts with the same content, files and secret key", async () => {
    const dataDir = tmp();
    const r = await cli(["restore", backupFile], { DATA_DIR: dataDir });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`The backup's secret key was written to ${path.join(dataDir, "secret.key")}`);
    expect(fs.readFileSync(path.join(dataDir, "secret.key"), "utf8").trim()).toBe(
      fs.readFileSync(path.join(source.dataDir, "secret.key"), "utf8").trim(),
    );

    const copy = await startOwnStride({ dataDir, secretKey: "" });
    try {
      await checkThroughApi(copy.stride.url, content);
    } finally {
      await copy.stride.close();
    }

    // The folder now holds an instance: a second restore is refused, --force replaces it.
    const again = await cli(["restore", backupFile], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(
      /^stride restore: the target is not empty \(the data folder .* holds data, .*uploads holds 1 file\(s\), .*secret\.key exists\): restore into an empty data folder or database, or add --force to replace what is there$/,
    );
    const forced = await cli(["restore", backupFile, "--force"], { DATA_DIR: dataDir });
    expect(forced.code, forced.out).toBe(0);
    const copy2 = await startOwnStride({ dataDir, secretKey: "" });
    try {
      await checkThroughApi(copy2.stride.url, content);
    } finally {
      await copy2.stride.close();
    }
  }, 300_000);

  it("into an external database (DATABASE_URL) owned by an ordinary user: moving off the embedded PostgreSQL", async () => {
    const admin = inject("pgAdminUrl");
    const name = `stride_restore_${crypto.randomBytes(4).toString("hex")}`;
    const password = crypto.randomBytes(12).toString("hex");
    const a = postgres(admin, { max: 1, onnotice: () => {} });
    // as on a managed server: a role that is no superuser, owning an empty database
    await a.unsafe(`CREATE ROLE "${name}" LOGIN NOSUPERUSER PASSWORD '${password}'`);
    await a.unsafe(`CREATE DATABASE "${name}" OWNER "${name}"`);
    try {
      const url = new URL(withDatabase(admin, name));
      url.username = name;
      url.password = password;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: tmp() };
      const r = await cli(["restore", backupFile], env);
      expect(r.code, r.out).toBe(0);
      const copy = await startOwnStride({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, secretKey: "" });
      try {
        await checkThroughApi(copy.stride.url, content);
        // while a Stride uses the database, a restore into it is refused even with --force
        const busy = await cli(["restore", backupFile, "--force"], env);
        expect(busy.code).toBe(1);
        expect(busy.out).toMatch(
          /^stride restore: \d+ other connection\(s\) use the database at DATABASE_URL: stop Stride \(every instance\) before restoring into it$/,
        );
      } finally {
        await copy.stride.close();
      }
    } finally {
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.unsafe(`DROP ROLE IF EXISTS "${name}"`);
      await a.end();
    }
  }, 300_000);

  it("streams a backup taken while people write to stdout, and restores it from stdin as one consistent moment", async () => {
    const chunks: Buffer[] = [];
    const stdout = new PassThrough();
    stdout.on("data", (c: Buffer) => chunks.push(c));
    const lines: string[] = [];
    const writer = await signIn(source.stride.url, content.admin.email, content.admin.password);
    // a table of a few tens of kB (one long comment): read as one COPY stream, its end could arrive while
    // postgres.js had paused the socket for that stream's full buffer, and the connection stalled for good
    const long = `<p>${"lorem ipsum ".repeat(3500)}</p>`;
    expect(
      (
        await writer.post(
          `/api/workspaces/${content.workspace.slug}/projects/${content.project.id}/issues/${content.items[1].id}/comments/`,
          { comment_html: long },
        )
      ).status,
    ).toBe(201);
    // what COPY's text format escapes: backslash, tab, and a description with a line break
    const odd = { name: "C:\\stride\\backups\tweekly \\N", description_html: "<p>line one</p>\n<p>tab\there</p>" };
    const oddItem = await writer.post(
      `/api/workspaces/${content.workspace.slug}/projects/${content.project.id}/issues/`,
      odd,
    );
    expect(oddItem.status, oddItem.text).toBe(201);
    const oddStored = (
      await writer.get(
        `/api/workspaces/${content.workspace.slug}/projects/${content.project.id}/issues/${oddItem.body.id}/`,
      )
    ).body;
    let backingUp = true;
    const writes = (async () => {
      let n = 0;
      while (backingUp || n < 3) {
        const r = await writer.post(
          `/api/workspaces/${content.workspace.slug}/projects/${content.project.id}/issues/`,
          { name: `Written during the backup ${++n}` },
        );
        expect(r.status, r.text).toBe(201);
      }
      return n;
    })();
    const code = await run(["backup", "-"], {
      env: { DATA_DIR: source.dataDir },
      stdout,
      print: (l) => lines.push(l),
    }).finally(() => {
      backingUp = false;
    });
    expect(code, lines.join("\n")).toBe(0);
    expect(await writes).toBeGreaterThanOrEqual(3);
    const admin = inject("pgAdminUrl");
    const name = `stride_restore_${crypto.randomBytes(4).toString("hex")}`;
    const a = postgres(admin, { max: 1, onnotice: () => {} });
    await a.unsafe(`CREATE DATABASE "${name}"`);
    try {
      const env = { DATABASE_URL: withDatabase(admin, name), DATA_DIR: tmp() };
      const r = await run(["restore", "-"], {
        env,
        stdin: Readable.from([Buffer.concat(chunks)]),
        print: (l) => lines.push(l),
      });
      expect(r, lines.join("\n")).toBe(0);
      const db = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
      const names = (await db<{ name: string }[]>`SELECT name FROM issues ORDER BY sequence_id`).map((x) => x.name);
      // one moment across tables: every item has the activity its create wrote in the same transaction, and the
      // project's numbering continues after every number in it
      const [{ lonely }] = await db<{ lonely: number }[]>`
        SELECT count(*)::int AS lonely FROM issues i WHERE NOT EXISTS (SELECT 1 FROM issue_activities a WHERE a.issue = i.id AND a.verb = 'created')`;
      const [{ next, top }] = await db<{ next: number; top: number }[]>`
        SELECT issue_sequence_next(${content.project.id}::uuid) AS next, (SELECT max(sequence_id) FROM issues WHERE project = ${content.project.id}) AS top`;
      const [restoredOdd] = await db<
        { name: string; description_html: string }[]
      >`SELECT name, description_html FROM issues WHERE id = ${oddItem.body.id}`;
      await db.end();
      expect(names.slice(0, content.items.length)).toEqual(content.items.map((i) => i.name));
      expect(restoredOdd).toEqual({ name: oddStored.name, description_html: oddStored.description_html });
      expect(oddStored.name).toBe(odd.name);
      expect(lonely).toBe(0);
      expect(next).toBeGreaterThan(top);
      expect(fs.readdirSync(path.join(env.DATA_DIR, "uploads", content.workspace.id))).toEqual([
        `${content.file.asset.replace(/-/g, "")}-${content.file.name}`,
      ]);
    } finally {
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    }
  }, 120_000);

  it("refuses a backup made by a newer Stride, and a file that is no backup, before touching the target", async () => {
    const newer = path.join(tmp(), "newer.tar.gz");
    await rewriteManifest(backupFile, newer, (m) => ({ ...m, version: "99.0.0" }));
    const dataDir = tmp();
    const r = await cli(["restore", newer], { DATA_DIR: dataDir });
    expect([r.code, r.out]).toEqual([
      1,
      `stride restore: this backup was made by Stride 99.0.0, newer than this ${STRIDE_VERSION}: restore it with Stride 99.0.0 or later`,
    ]);
    const ahead = path.join(tmp(), "ahead.tar.gz");
    await rewriteManifest(backupFile, ahead, (m) => ({
      ...m,
      migrations: [...m.migrations, { tag: "9999_later", hash: "f".repeat(64) }],
    }));
    const r2 = await cli(["restore", ahead], { DATA_DIR: dataDir });
    expect(r2.code).toBe(1);
    expect(r2.out).toMatch(/^stride restore: this backup was migrated by a newer Stride/);
    const junk = path.join(tmp(), "junk.tar.gz");
    fs.writeFileSync(junk, "not a backup");
    const r3 = await cli(["restore", junk], { DATA_DIR: dataDir });
    expect(r3.code).toBe(1);
    expect(r3.out).toContain("the backup file cannot be read");
    // nothing was made in the target folder's database
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
  }, 120_000);
});

/** A copy of a backup with its manifest changed (the rest as it is). */
async function rewriteManifest(from: string, to: string, change: (m: BackupManifest) => BackupManifest): Promise<void> {
  const writer = new ArchiveWriter(fs.createWriteStream(to));
  for await (const e of readArchive(fs.createReadStream(from))) {
    if (e.header.name === "manifest.json") await writer.json("manifest.json", change(JSON.parse(await entryText(e))));
    else await writer.add(e.header.name, Buffer.from(await entryBytes(e)));
  }
  await writer.finish();
}

async function entryBytes(e: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of e) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

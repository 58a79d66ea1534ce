import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { socketFits } from "../src/db/embedded.ts";
import { postmasterPort, startOwnStride } from "./helpers/stride.ts";

/**
 * The embedded PostgreSQL is sized for a small machine and reached through a Unix socket in its data folder
 * (db/embedded.ts): no loopback TCP on every query. A data folder whose socket path would not fit sockaddr_un
 * (107 bytes) gets no socket, and Stride connects over TCP as before.
 */
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

async function ownStride(dataDir?: string) {
  const own = await startOwnStride(dataDir ? { dataDir } : {});
  cleanup.push(
    async () => fs.rmSync(own.dataDir, { recursive: true, force: true }),
    () => own.stride.close(),
  );
  return own;
}

describe("the embedded PostgreSQL's connection and sizing", () => {
  it("serves the app through the Unix socket in the data folder, with max_connections, shared_buffers and work_mem set", async () => {
    const own = await ownStride();
    const sql = own.stride.app.sql;
    const dir = path.join(own.dataDir, "postgres");
    expect(fs.existsSync(path.join(dir, `.s.PGSQL.${postmasterPort(own.dataDir)}`))).toBe(true);
    // a Unix-socket backend has no client address
    const [{ addr }] = await sql<{ addr: string | null }[]>`SELECT inet_client_addr()::text AS addr`;
    expect(addr).toBeNull();
    const settings = Object.fromEntries(
      (
        await sql<
          { name: string; setting: string }[]
        >`SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('max_connections', 'shared_buffers', 'work_mem', 'unix_socket_directories')`
      ).map((r) => [r.name, r.setting]),
    );
    expect(settings).toEqual({
      max_connections: "100",
      shared_buffers: "128MB",
      work_mem: "4MB",
      unix_socket_directories: dir,
    });
    expect((await own.t.anon().get("/api/ready")).body).toEqual({ status: "ready" });
  }, 120_000);

  it("falls back to loopback TCP when the socket path would exceed 107 bytes", async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "stride-own-"));
    const dataDir = path.join(base, "a-data-folder-whose-path-is-much-too-long-for-a-unix-socket-".padEnd(90, "x"));
    fs.mkdirSync(dataDir);
    cleanup.push(async () => fs.rmSync(base, { recursive: true, force: true }));
    expect(socketFits(path.join(dataDir, "postgres"), 54329)).toBe(false);
    const own = await ownStride(dataDir);
    const [{ addr }] = await own.stride.app.sql<{ addr: string | null }[]>`SELECT inet_client_addr()::text AS addr`;
    expect(addr).toBe("127.0.0.1/32");
    expect(fs.readdirSync(path.join(dataDir, "postgres")).filter((f) => f.startsWith(".s.PGSQL"))).toEqual([]);
    const user = await own.t.user();
    expect((await user.get("/api/users/me/")).status).toBe(200);
  }, 120_000);

  it("counts the socket path in bytes", () => {
    expect(socketFits("/srv/stride/data/postgres", 54329)).toBe(true);
    expect(socketFits("/" + "é".repeat(47), 54329)).toBe(false); // 63 characters but 110 bytes
    expect(socketFits("/srv/a,b/postgres", 54329)).toBe(false);
  });
});

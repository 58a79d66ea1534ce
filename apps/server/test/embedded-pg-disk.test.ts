import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { workspaceFixture, projectFixture } from "./helpers/fixtures.ts";
import { bounded, captureNotices, startOwnStride } from "./helpers/stride.ts";

/**
 * Issue #24 point 17: the embedded PostgreSQL on a disk that fills up. Its data folder is a small tmpfs of its own
 * (mounted here; CI runs as root), filled to the last byte by a filler file. While it is full every request answers
 * a quick 503, never a 500 (a write PostgreSQL refuses with "disk full", 53100, included); a write that needs a new WAL
 * segment crashes PostgreSQL, whose restarts fail while there is no room; once the filler is removed PostgreSQL is back
 * within a bounded wait and serves writes, every time.
 */
const UNAVAILABLE = { error: "The service is temporarily unavailable, please try again." };
const mount = fs.mkdtempSync(path.join(os.tmpdir(), "stride-disk-"));
const filler = path.join(mount, "filler");

beforeAll(() => {
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m,mode=0755", "tmpfs", mount]);
});
afterAll(() => {
  execFileSync("umount", ["-l", mount]);
  fs.rmSync(mount, { recursive: true, force: true });
});
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
  vi.restoreAllMocks();
});

/** Write the filler until the filesystem has not a byte left. */
function fillDisk(): void {
  const fd = fs.openSync(filler, "w");
  try {
    for (const size of [1 << 20, 4096, 1]) {
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(size));
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).toBe("ENOSPC");
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

describe("the embedded PostgreSQL on a full disk", () => {
  it("answers 503 while the disk is full and is back once space is freed, five times over", async () => {
    const notices = captureNotices();
    const dataDir = path.join(mount, "data");
    const { t } = await startOwnStride({ dataDir, dbAcquireTimeoutMs: 2000 });
    cleanup.push(
      async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      () => t.close(),
    );
    const ws = await workspaceFixture(t);
    const pr = await projectFixture(t, ws);
    const superuser = () =>
      postgres({
        host: "127.0.0.1",
        port: Number(fs.readFileSync(path.join(dataDir, "postgres.port"), "utf8")),
        user: "stride",
        password: fs.readFileSync(path.join(dataDir, "postgres.password"), "utf8").trim(),
        database: "postgres",
        max: 1,
        onnotice: () => {},
      });
    const setup = superuser();
    await setup`CREATE TABLE wal_spin (id int PRIMARY KEY, n bigint NOT NULL)`;
    await setup`INSERT INTO wal_spin VALUES (1, 0)`;
    await setup.end();

    for (let round = 0; round < 5; round++) {
      // a session opened while there is room (a new one must write the relation cache's init file)
      const su = superuser();
      await su`SELECT 1`;
      fillDisk();
      // a write that needs room in the data files: PostgreSQL's "disk full" (53100) is a 503 as well
      const big = await bounded(
        ws.admin.post(`${pr.base}/issues/`, {
          name: `too big ${round}`,
          description_html: `<p>${"x".repeat(300_000)}</p>`,
        }),
      );
      expect(big.status).toBe(503);
      expect(big.body).toEqual(UNAVAILABLE);

      // small writes that fit their page, each in a new WAL segment: creating the segment fails, and PostgreSQL
      // panics and its postmaster exits (the WAL cannot be written, nothing else is safe)
      let crashed = false;
      for (let i = 0; i < 50 && !crashed; i++) {
        try {
          await su`SELECT pg_switch_wal()`;
          await su`UPDATE wal_spin SET n = n + 1 WHERE id = 1`;
        } catch {
          crashed = true;
        }
      }
      expect(crashed).toBe(true);
      await su.end({ timeout: 1 }).catch(() => {});

      // while the disk stays full (a few seconds, for the supervisor's restarts to fail or PostgreSQL's own crash
      // recovery to find room): never a 500, and the process itself stays up
      for (let i = 0; i < 12; i++) {
        const res = await bounded(ws.admin.post(`${pr.base}/issues/`, { name: `while full ${round}.${i}` }));
        expect([201, 503]).toContain(res.status);
        if (res.status === 503) expect(res.body).toEqual(UNAVAILABLE);
        await new Promise((r) => setTimeout(r, 300));
      }
      expect((await bounded(ws.anon.get("/api/health"))).status).toBe(200);

      // space freed: the next restart brings PostgreSQL back, and writes are served (a bounded wait, not a timing)
      fs.rmSync(filler);
      let res = await bounded(ws.admin.post(`${pr.base}/issues/`, { name: `written after round ${round}` }));
      for (let i = 0; res.status !== 201 && i < 150; i++) {
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 200));
        res = await bounded(ws.admin.post(`${pr.base}/issues/`, { name: `written after round ${round}` }));
      }
      expect(res.status).toBe(201);
    }
    const names = ((await ws.admin.get(`${pr.base}/issues/`)).body.results ?? []).map((i: { name: string }) => i.name);
    for (let round = 0; round < 5; round++) expect(names).toContain(`written after round ${round}`);
    // the postmaster went down at least once and was brought back by the supervisor
    expect(notices).toContainEqual(expect.stringMatching(/^embedded PostgreSQL is back \(pid \d+, port \d+\)$/));
  }, 300_000);

  it("starts past an empty postmaster.pid that a start cut short left behind", async () => {
    captureNotices();
    const first = await startOwnStride();
    const dataDir = first.dataDir;
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await first.stride.close();
    fs.writeFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "");
    const again = await startOwnStride({ dataDir });
    cleanup.push(() => again.stride.close());
    expect((await again.t.anon().get("/api/ready")).body).toEqual({ status: "ready" });
  }, 120_000);
});

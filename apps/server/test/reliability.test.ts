import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { pgErrorToHttp } from "../src/http/errors.ts";
import { connect } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture } from "./helpers/fixtures.ts";
import { withDatabase } from "./helpers/global-setup.ts";
import {
  bounded,
  captureNotices,
  freePort,
  postmasterPid,
  postmasterPort,
  startOwnStride,
  until,
} from "./helpers/stride.ts";

/**
 * Stride survives its database going away: the embedded postmaster is restarted by the supervisor, the pool
 * drops dead connections and makes new ones, and meanwhile every request answers a quick 503 (never a hang,
 * never a 500) while /api/health stays 200 and /api/ready says 503.
 */
const UNAVAILABLE = { error: "The service is temporarily unavailable, please try again." };

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
  vi.restoreAllMocks();
});

describe("the embedded PostgreSQL is killed (kill -9 of the postmaster)", () => {
  it("answers 503 while it is down, restarts it, and serves writes again without restarting Stride", async () => {
    const notices = captureNotices();
    const pgPort = await freePort();
    const { t, dataDir } = await startOwnStride({ embeddedPgPort: pgPort, dbAcquireTimeoutMs: 2000, runWorkers: true });
    cleanup.push(
      async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      () => t.close(),
    );
    const ws = await workspaceFixture(t);
    const project = await projectFixture(t, ws);
    const before = await ws.admin.post(`${project.base}/issues/`, { name: "Written before the crash" });
    expect(before.status).toBe(201);

    // Keep the outage open for as long as the assertions need: with the cluster folder moved away, every
    // restart attempt fails (and is retried with backoff) until it is put back.
    const clusterDir = path.join(dataDir, "postgres");
    const parked = path.join(dataDir, "postgres-parked");
    const pid = postmasterPid(dataDir);
    fs.renameSync(clusterDir, parked);
    cleanup.push(async () => {
      if (fs.existsSync(parked)) fs.renameSync(parked, clusterDir);
    });
    process.kill(pid, "SIGKILL");

    // A request or two may still be served by an orphaned backend; then every request fails fast with 503.
    let res = await bounded(ws.admin.get(`${project.base}/issues/${before.body.id}/`));
    for (let i = 0; res.status === 200 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await bounded(ws.admin.get(`${project.base}/issues/${before.body.id}/`));
    }
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(res.headers.get("retry-after")).toBe("5");
    const write = await bounded(ws.admin.post(`${project.base}/issues/`, { name: "Refused during the outage" }));
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);

    const health = await bounded(ws.anon.get("/api/health"));
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    const ready = await bounded(ws.anon.get("/api/ready"));
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "unavailable", checks: { database: "unreachable", migrations: "unknown" } });

    // The supervisor tried to restart it, failed (the folder is away) and keeps retrying with backoff.
    await until(async () =>
      notices.some((m) => /^embedded PostgreSQL did not restart \(.*\); retrying in \d+ ms$/.test(m)),
    );
    expect(notices).toContain("embedded PostgreSQL exited (code none, signal SIGKILL); restarting in 500 ms");

    // Put the cluster back: the supervisor's next attempt brings PostgreSQL up (crash recovery) and the
    // pool reconnects on its own. Until then every answer is a 503.
    fs.renameSync(parked, clusterDir);
    let after = await bounded(ws.admin.post(`${project.base}/issues/`, { name: "Written after the restart" }));
    for (let i = 0; after.status !== 201 && i < 300; i++) {
      expect(after.status).toBe(503);
      await new Promise((r) => setTimeout(r, 200));
      after = await bounded(ws.admin.post(`${project.base}/issues/`, { name: "Written after the restart" }));
    }
    expect(after.status).toBe(201);

    const kept = await ws.admin.get(`${project.base}/issues/${before.body.id}/`);
    expect(kept.status).toBe(200);
    expect(kept.body.name).toBe("Written before the crash");
    expect((await ws.admin.get(`${project.base}/issues/${after.body.id}/`)).body.name).toBe(
      "Written after the restart",
    );
    expect(postmasterPid(dataDir)).not.toBe(pid);
    const readyAgain = await ws.anon.get("/api/ready");
    expect(readyAgain.status).toBe(200);
    expect(readyAgain.body).toEqual({ status: "ready" });

    expect(notices).toContainEqual(expect.stringMatching(/^embedded PostgreSQL is back \(pid \d+, port \d+\)$/));
  }, 180_000);
});

describe("two instances on one data folder (the second reuses the first's postmaster)", () => {
  it("the second restarts the postmaster when the first stops, and both recover from a kill -9", async () => {
    const notices = captureNotices();
    const first = await startOwnStride({ embeddedPgPort: await freePort(), dbAcquireTimeoutMs: 2000 });
    cleanup.push(
      async () => fs.rmSync(first.dataDir, { recursive: true, force: true }),
      () => first.stride.close(),
    );
    const second = await startOwnStride({ dataDir: first.dataDir, dbAcquireTimeoutMs: 2000 });
    cleanup.push(() => second.stride.close());
    const firstPid = postmasterPid(first.dataDir);
    const ws = await workspaceFixture(second.t);
    const project = await projectFixture(second.t, ws);
    const write = (name: string) => bounded(ws.admin.post(`${project.base}/issues/`, { name }));
    const writeEventually = async (name: string) => {
      let res = await write(name);
      for (let i = 0; res.status !== 201 && i < 300; i++) {
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 200));
        res = await write(name);
      }
      expect(res.status).toBe(201);
    };

    // The first stops (and with it the postmaster it started): the second, which only followed it, starts it again.
    await first.stride.close();
    await writeEventually("Written after the first instance stopped");
    const secondPid = postmasterPid(first.dataDir);
    expect(secondPid).not.toBe(firstPid);
    expect(notices).toContain(
      "embedded PostgreSQL exited (the postmaster started by another instance is gone); restarting in 500 ms",
    );
    expect(notices).toContain(`embedded PostgreSQL is back (pid ${secondPid}, port ${postmasterPort(first.dataDir)})`);

    // A third instance joins as a follower; a kill -9 of the postmaster leaves one of them to restart it.
    const third = await startOwnStride({ dataDir: first.dataDir, dbAcquireTimeoutMs: 2000 });
    cleanup.push(() => third.stride.close());
    process.kill(secondPid, "SIGKILL");
    await writeEventually("Written through the second after the kill");
    // The fixtures write through the third's pool directly, not through a route (which answers 503 and drops a
    // connection the kill closed): the pool may still hold such a connection, or reach the postmaster while it
    // restarts, so the setup is retried past any connection failure.
    let thirdSetup:
      | { ws: Awaited<ReturnType<typeof workspaceFixture>>; project: Awaited<ReturnType<typeof projectFixture>> }
      | undefined;
    await until(
      async () => {
        try {
          const w = await workspaceFixture(third.t);
          thirdSetup = { ws: w, project: await projectFixture(third.t, w) };
          return true;
        } catch (err) {
          // any failure of the connection (closed by the kill, reset, refused or "starting up" while the
          // postmaster restarts) is retried; anything else fails the test
          if (pgErrorToHttp(err)?.status !== 503) throw err;
          return false;
        }
      },
      50,
      200,
    );
    const { ws: thirdWs, project: thirdProject } = thirdSetup!;
    expect(
      (await bounded(thirdWs.admin.post(`${thirdProject.base}/issues/`, { name: "Written through the third" }))).status,
    ).toBe(201);
    expect(postmasterPid(first.dataDir)).not.toBe(secondPid);
    const list = await ws.admin.get(`${project.base}/issues/`);
    expect(list.status).toBe(200);
  }, 180_000);
});

describe("an external server drops the pool's connections (pg_terminate_backend)", () => {
  let t: TestServer;

  it("answers 503 to the request whose connection died, then the next requests succeed", async () => {
    t = await startTestServer();
    cleanup.push(() => t.close());
    const ws = await workspaceFixture(t);
    const project = await projectFixture(t, ws);
    const heard: string[] = [];
    await t.app.sql.listen("stride_reliability", (payload) => {
      heard.push(payload);
    });
    const [{ db }] = await t.app.sql<{ db: string }[]>`SELECT current_database() AS db`;
    const dbUrl = withDatabase(inject("pgAdminUrl"), db);

    // A write held up by a row lock, so it is in flight when its connection is terminated.
    const locker = postgres(dbUrl, { max: 1, onnotice: () => {} });
    const admin = postgres(dbUrl, { max: 1, onnotice: () => {} });
    cleanup.push(
      () => locker.end(),
      () => admin.end(),
    );
    const lock = await locker.reserve();
    await lock`BEGIN`;
    await lock`SELECT 1 FROM projects WHERE id = ${project.id} FOR UPDATE`;
    const [{ pid: lockerPid }] = await lock<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const blocked = bounded(ws.admin.patch(`${project.base}/`, { name: "Renamed while the lock is held" }));
    await until(
      async () =>
        (await admin`SELECT 1 FROM pg_stat_activity WHERE datname = ${db} AND wait_event_type = 'Lock'`).length > 0,
    );

    const terminated = await admin<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE datname = ${db} AND pid <> pg_backend_pid() AND pid <> ${lockerPid}`;
    expect(terminated.length).toBeGreaterThanOrEqual(2); // the blocked write's and the listener's, at least
    await admin`SELECT pg_terminate_backend(pid) FROM unnest(${terminated.map((r) => r.pid)}::int[]) AS pid`;
    const res = await blocked;
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    await lock`ROLLBACK`;
    lock.release();
    await until(
      async () =>
        (await admin`SELECT 1 FROM pg_stat_activity WHERE pid = ANY(${terminated.map((r) => r.pid)})`).length === 0,
    );
    // the pool learns of the dead connection that answered the 503 when its socket's close event is handled; a request
    // in that instant may still be handed it and get one more 503 (the client retries after Retry-After)
    await until(async () => (await bounded(ws.admin.get(`${project.base}/`))).status === 200);

    for (let i = 0; i < 5; i++) {
      const created = await bounded(ws.admin.post(`${project.base}/issues/`, { name: `After the termination ${i}` }));
      expect(created.status).toBe(201);
    }
    const renamed = await bounded(ws.admin.patch(`${project.base}/`, { name: "Renamed after the termination" }));
    expect(renamed.status).toBe(200);
    expect((await ws.admin.get(`${project.base}/issues/`)).status).toBe(200);

    // The LISTEN connection (the job queue's wake-up) subscribed again by itself.
    await until(async () => {
      await admin`SELECT pg_notify('stride_reliability', 'after')`;
      await new Promise((r) => setTimeout(r, 50));
      return heard.includes("after");
    });
  }, 120_000);

  it("maps the error of a query whose connection was terminated to the 503", async () => {
    const sql = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    const admin = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    cleanup.push(
      () => sql.end(),
      () => admin.end(),
    );
    const [{ pid }] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const sleeping = sql`SELECT pg_sleep(60)`.then(
      () => null,
      (e: unknown) => e,
    );
    await until(
      async () => (await admin`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid} AND state = 'active'`).length > 0,
    );
    await admin`SELECT pg_terminate_backend(${pid})`;
    const err = await sleeping;
    // postgres.js reports the FATAL 57P01 it read, or the closed/reset socket it saw first.
    expect(["57P01", "CONNECTION_CLOSED", "ECONNRESET"]).toContain((err as { code?: string }).code);
    expect(pgErrorToHttp(err)?.status).toBe(503);
  });
});

describe("waiting for a connection is bounded", () => {
  it("answers 503 with Retry-After when no connection frees up within DB_ACQUIRE_TIMEOUT_MS", async () => {
    const t = await startTestServer({ dbAcquireTimeoutMs: 300 });
    cleanup.push(() => t.close());
    const ws = await workspaceFixture(t);
    expect((await ws.admin.get("/api/users/me/")).status).toBe(200);

    // Every connection of the pool (8) is taken by a transaction that waits for us.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding = 0;
    const holders = Array.from({ length: 8 }, () =>
      t.app.sql.begin(async (tx) => {
        await tx`SELECT 1`;
        holding++;
        await held;
      }),
    );
    cleanup.push(async () => {
      release();
      await Promise.allSettled(holders);
    });
    await until(async () => holding === 8);

    const res = await bounded(ws.admin.get("/api/users/me/"));
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await bounded(ws.anon.get("/api/health"))).status).toBe(200);

    release();
    await Promise.all(holders);
    expect((await bounded(ws.admin.get("/api/users/me/"))).status).toBe(200);
    expect((await bounded(ws.anon.get("/api/ready"))).body).toEqual({ status: "ready" });
  }, 60_000);
});

describe("the pool when a transaction's connection dies (postgres.js as patched in patches/)", () => {
  /** A transaction busy in pg_sleep when `kill` cuts its connection: it fails with a connection error (a 503). */
  async function killMidTransaction(url: string, kill: (pid: number) => Promise<unknown>) {
    const pool = connect(url, { max: 1 });
    cleanup.push(() => pool.close());
    let pid = 0;
    const tx = pool.sql
      .begin(async (t) => {
        [{ pid }] = await t<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await t`SELECT pg_sleep(30)`;
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    await until(async () => pid > 0);
    await kill(pid);
    expect(pgErrorToHttp(await tx)?.status).toBe(503);
    // The pool's only connection comes back, for plain queries and transactions alike.
    for (let i = 0; i < 3; i++) expect(await pool.sql`SELECT ${i}::int AS i`).toEqual([{ i }]);
    expect(await pool.sql.begin(async (t) => (await t`SELECT 7 AS n`)[0].n)).toBe(7);
  }

  it("recovers after the server terminates the connection", async () => {
    const admin = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    cleanup.push(() => admin.end());
    await killMidTransaction(inject("pgAdminUrl"), (pid) => admin`SELECT pg_terminate_backend(${pid})`);
  });

  it("recovers after the connection is reset (RST) in the middle of the transaction", async () => {
    // A TCP relay in front of the server whose client sides can be reset at will.
    const target = new URL(inject("pgAdminUrl"));
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      sockets.add(client);
      client.on("close", () => {
        sockets.delete(client);
        upstream.destroy();
      });
      upstream.on("close", () => client.destroy());
      client.on("error", () => {});
      upstream.on("error", () => {});
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve()));
    cleanup.push(() => new Promise((resolve) => relay.close(resolve)));
    const url = new URL(target);
    url.port = String((relay.address() as net.AddressInfo).port);
    await killMidTransaction(url.toString(), async () => {
      for (const s of sockets) s.resetAndDestroy();
    });
  });
});

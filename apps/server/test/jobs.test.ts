import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray, sql as dsql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";
import { JobQueue, FAILED_JOB_RETENTION_DAYS, type JobLog, type JobLogLevel } from "../src/core/jobs.ts";
import { CLEANUP_TASK } from "../src/core/cleanup.ts";

let t: TestServer;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t?.close();
});

/** A second queue on the test database (as another instance would have), its log captured. */
function queue(opts: { concurrency?: number; pools?: Record<string, number> } = {}) {
  const logs: { level: JobLogLevel; message: string; fields?: Record<string, unknown> }[] = [];
  const log: JobLog = (level, message, fields) => {
    logs.push({ level, message, fields });
  };
  const q = new JobQueue(t.db.sql, { concurrency: opts.concurrency ?? 2, pools: opts.pools, pollInterval: 100, log });
  queues.push(q);
  return { q, logs };
}

/** Wait (bounded) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Make a waiting job due now instead of after its backoff. */
async function makeDue(id: string): Promise<void> {
  await t.db.db.execute(dsql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE id = ${id}::bigint`);
}

async function delayOf(id: string): Promise<number> {
  const rows = await t.db.db.execute<{ s: number }>(
    dsql`SELECT extract(epoch FROM run_at - now())::float8 AS s FROM graphile_worker._private_jobs WHERE id = ${id}::bigint`,
  );
  return Number((rows as unknown as { s: number }[])[0].s);
}

describe("enqueueing inside the command's transaction", () => {
  it("a job enqueued in a transaction that rolls back never runs", async () => {
    const seen: unknown[] = [];
    t.app.jobs.register("test-rollback", async (p) => {
      seen.push(p);
    });
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, "test-rollback", { n: 1 });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await t.app.jobs.list(t.db.db, "test-rollback")).toEqual([]);
    expect(await t.app.jobs.drain()).toBe(0);
    expect(seen).toEqual([]);
  });

  it("a job enqueued in a transaction that commits runs once, then is gone", async () => {
    const seen: { payload: unknown; attempts: number }[] = [];
    t.app.jobs.register("test-commit", async (p, job) => {
      seen.push({ payload: p, attempts: job.attempts });
    });
    const id = await t.app.db.transaction(async (tx) => {
      await tx.insert(schema.rateLimits).values({ key: `commit-${crypto.randomUUID()}`, windowStart: new Date() });
      return t.app.jobs.enqueue(tx, "test-commit", { n: 2 });
    });
    expect(id).toMatch(/^\d+$/);
    const [waiting] = await t.app.jobs.list(t.db.db, "test-commit");
    expect(waiting).toMatchObject({ id, payload: { n: 2 }, attempts: 0, failed: false });
    expect(await t.app.jobs.drain()).toBe(1);
    expect(await t.app.jobs.drain()).toBe(0);
    expect(seen).toEqual([{ payload: { n: 2 }, attempts: 1 }]);
    expect(await t.app.jobs.list(t.db.db, "test-commit")).toEqual([]);
  });
});

describe("retries", () => {
  it("a failing task is retried with a growing delay, fails for good after max attempts, and every failure is logged", async () => {
    const { q, logs } = queue();
    let calls = 0;
    q.register(
      "test-fail",
      async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 3 },
    );
    const id = await q.enqueue(t.db.db, "test-fail", {});
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await q.drain()).toBe(1);
      const [job] = await q.list(t.db.db, "test-fail");
      expect(job).toMatchObject({
        id,
        attempts: attempt,
        maxAttempts: 3,
        lastError: `boom ${attempt}`,
        failed: attempt === 3,
      });
      delays.push(await delayOf(id));
      await makeDue(id);
    }
    expect(calls).toBe(3);
    // graphile-worker's backoff: about e^attempt seconds after each failure
    expect(delays[0]).toBeGreaterThan(1);
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(delays[2]).toBeGreaterThan(delays[1]);
    // used up: never taken again, even when due
    expect(await q.drain()).toBe(0);
    expect(calls).toBe(3);

    const failures = logs.filter((l) => l.fields?.job_id === id);
    expect(failures.map((l) => [l.level, l.fields?.attempt])).toEqual([
      ["warn", 1],
      ["warn", 2],
      ["error", 3],
    ]);
    for (const l of failures) expect(l.fields).toMatchObject({ task: "test-fail", error: `boom ${l.fields?.attempt}` });
    expect(failures[2].message).toContain("failed permanently");
  });

  it("a task's max attempts is the default of its jobs; the job may set its own", async () => {
    const { q } = queue();
    q.register("test-max", async () => {}, { maxAttempts: 7 });
    await q.enqueue(t.db.db, "test-max", { a: 1 });
    await q.enqueue(t.db.db, "test-max", { a: 2 }, { maxAttempts: 2 });
    const jobs = await q.list(t.db.db, "test-max");
    expect(jobs.map((j) => [j.payload, j.maxAttempts])).toEqual([
      [{ a: 1 }, 7],
      [{ a: 2 }, 2],
    ]);
    expect(await q.drain()).toBe(2);
  });
});

describe("failures the database cannot quote (issue #24 point 7)", () => {
  it("a job whose error holds a NUL still fails cleanly: unlocked, its error recorded with the NUL shown", async () => {
    const { q } = queue();
    q.register(
      "test-nul",
      async () => {
        throw new Error("Failed query: insert … params: a\u0000b");
      },
      { maxAttempts: 1 },
    );
    const id = await q.enqueue(t.db.db, "test-nul", {});
    await q.drain();
    const [job] = (await q.list(t.db.db, "test-nul")).filter((j) => j.id === id);
    expect(job).toMatchObject({ failed: true, locked: false, attempts: 1 });
    expect(job.lastError).toContain("params: a\u2400b");
  });
});

describe("job keys", () => {
  it("a job key de-duplicates: a second enqueue replaces the waiting job, which runs once with the latest payload", async () => {
    const seen: unknown[] = [];
    t.app.jobs.register("test-key", async (p) => {
      seen.push(p);
    });
    const first = await t.app.jobs.enqueue(t.app.db, "test-key", { v: 1 }, { jobKey: "digest:42" });
    const second = await t.app.db.transaction((tx) =>
      t.app.jobs.enqueue(tx, "test-key", { v: 2 }, { jobKey: "digest:42" }),
    );
    expect(second).toBe(first);
    await t.app.jobs.enqueue(t.app.db, "test-key", { v: 3 }, { jobKey: "digest:43" });
    expect((await t.app.jobs.list(t.db.db, "test-key")).map((j) => [j.key, j.payload])).toEqual([
      ["digest:42", { v: 2 }],
      ["digest:43", { v: 3 }],
    ]);
    expect(await t.app.jobs.drain()).toBe(2);
    expect(seen).toEqual([{ v: 2 }, { v: 3 }]);
  });
});

describe("scheduled cleanup", () => {
  it("is registered on an hourly schedule", () => {
    expect(t.app.jobs.cronItems()).toContainEqual(expect.objectContaining({ task: CLEANUP_TASK, match: "17 * * * *" }));
  });

  it("removes expired sessions, closed rate-limit windows, expired codes and tokens and old failed jobs, and keeps live ones", async () => {
    const u = await t.user();
    const hour = 3600_000;
    const now = Date.now();
    const sid = (s: string) => hashToken(`${s}-${crypto.randomUUID()}`);
    const [expiredSession, liveSession] = [sid("expired"), sid("live")];
    await t.db.db.insert(schema.sessions).values([
      { id: expiredSession, userId: u.userId!, kind: "app", expiresAt: new Date(now - 1000) },
      { id: liveSession, userId: u.userId!, kind: "app", expiresAt: new Date(now + hour) },
    ]);
    const [oldKey, freshKey] = [`old-${crypto.randomUUID()}`, `fresh-${crypto.randomUUID()}`];
    await t.db.db.insert(schema.rateLimits).values([
      { key: oldKey, windowStart: new Date(now - 2 * hour), count: 5 },
      { key: freshKey, windowStart: new Date(now - 30_000), count: 5 },
    ]);
    const [expiredCode, liveCode] = [`x-${crypto.randomUUID()}@example.com`, `l-${crypto.randomUUID()}@example.com`];
    await t.db.db.insert(schema.magicCodes).values([
      { email: expiredCode, codeHash: "h1", expiresAt: new Date(now - 1000) },
      { email: liveCode, codeHash: "h2", expiresAt: new Date(now + 600_000) },
    ]);
    const [oldToken, recentToken, liveToken] = ["old", "recent", "live"].map((s) =>
      hashToken(`${s}-${crypto.randomUUID()}`),
    );
    await t.db.db.insert(schema.passwordResetTokens).values([
      { userId: u.userId!, tokenHash: oldToken, expiresAt: new Date(now - 8 * 24 * hour) },
      // expired yesterday: kept a while so the link still answers "expired"
      { userId: u.userId!, tokenHash: recentToken, expiresAt: new Date(now - 24 * hour) },
      { userId: u.userId!, tokenHash: liveToken, expiresAt: new Date(now + hour) },
    ]);
    // two jobs failed for good: one beyond the retention period, one recent
    t.app.jobs.register(
      "test-permafail",
      async () => {
        throw new Error("nope");
      },
      { maxAttempts: 1 },
    );
    const oldFailed = await t.app.jobs.enqueue(t.app.db, "test-permafail", { which: "old" });
    const recentFailed = await t.app.jobs.enqueue(t.app.db, "test-permafail", { which: "recent" });
    expect(await t.app.jobs.drain()).toBe(2);
    await t.db.db.execute(
      dsql`UPDATE graphile_worker._private_jobs SET run_at = now() - make_interval(days => ${FAILED_JOB_RETENTION_DAYS + 1}) WHERE id = ${oldFailed}::bigint`,
    );

    await t.app.jobs.enqueue(t.app.db, CLEANUP_TASK, {});
    expect(await t.app.jobs.drain()).toBe(1);

    const sessions = await t.db.db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(inArray(schema.sessions.id, [expiredSession, liveSession]));
    expect(sessions.map((s) => s.id)).toEqual([liveSession]);
    const limits = await t.db.db
      .select({ key: schema.rateLimits.key })
      .from(schema.rateLimits)
      .where(inArray(schema.rateLimits.key, [oldKey, freshKey]));
    expect(limits.map((r) => r.key)).toEqual([freshKey]);
    const codes = await t.db.db
      .select({ email: schema.magicCodes.email })
      .from(schema.magicCodes)
      .where(inArray(schema.magicCodes.email, [expiredCode, liveCode]));
    expect(codes.map((r) => r.email)).toEqual([liveCode]);
    const tokens = await t.db.db
      .select({ h: schema.passwordResetTokens.tokenHash })
      .from(schema.passwordResetTokens)
      .where(eq(schema.passwordResetTokens.userId, u.userId!));
    expect(tokens.map((r) => r.h).sort()).toEqual([recentToken, liveToken].sort());
    expect((await t.app.jobs.list(t.db.db, "test-permafail")).map((j) => j.id)).toEqual([recentFailed]);
    // the cleanup job itself succeeded and is gone
    expect(await t.app.jobs.list(t.db.db, CLEANUP_TASK)).toEqual([]);
  });
});

describe("running workers", () => {
  it("two runners on one database never run the same job twice", async () => {
    const runs: { who: string; n: number }[] = [];
    const total = 40;
    const a = queue({ concurrency: 4 });
    const b = queue({ concurrency: 4 });
    for (const [who, { q }] of [
      ["a", a],
      ["b", b],
    ] as const) {
      q.register("test-shared", async (p: { n: number }) => {
        runs.push({ who, n: p.n });
        await new Promise((r) => setTimeout(r, 5));
      });
    }
    await t.app.db.transaction(async (tx) => {
      for (let n = 0; n < total; n++) await a.q.enqueue(tx, "test-shared", { n });
    });
    await Promise.all([a.q.start(), b.q.start()]);
    await until(
      async () => runs.length >= total && (await a.q.list(t.db.db, "test-shared")).length === 0,
      "all shared jobs to run",
    );
    await Promise.all([a.q.stop(), b.q.stop()]);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(total).keys()]);
  });

  it("a pool of its own: its tasks run while the general pool is busy, and its busy slots hold up no other job (issue #24 point 8)", async () => {
    const { q } = queue({ concurrency: 1, pools: { agents: 1 } });
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const held = (name: string) => async (p: { n: number }) => {
      started.push(`${name} ${p.n}`);
      await new Promise<void>((r) => gates.set(`${name} ${p.n}`, r));
    };
    q.register("test-general", held("general"));
    q.register("test-pooled", held("pooled"), { pool: "agents" });
    expect(() => q.register("test-nowhere", async () => {}, { pool: "nowhere" })).toThrow(/nowhere/);
    await q.start();
    // the general pool's one slot is taken (a long mail, a slow webhook)
    await q.enqueue(t.db.db, "test-general", { n: 1 });
    await until(() => started.includes("general 1"), "the general job to start");
    // a pooled job starts at once beside it
    await q.enqueue(t.db.db, "test-pooled", { n: 1 });
    await until(() => started.includes("pooled 1"), "the pooled job to start while the general pool is busy");
    // both pools full: the next jobs of each wait for their own pool's slot
    await q.enqueue(t.db.db, "test-general", { n: 2 });
    await q.enqueue(t.db.db, "test-pooled", { n: 2 });
    gates.get("general 1")!();
    await until(() => started.includes("general 2"), "the second general job, in the slot the first left");
    expect(started).not.toContain("pooled 2");
    gates.get("pooled 1")!();
    await until(() => started.includes("pooled 2"), "the second pooled job");
    gates.get("general 2")!();
    gates.get("pooled 2")!();
    await until(
      async () =>
        (await q.list(t.db.db)).filter((j) => j.task.startsWith("test-general") || j.task.startsWith("test-pooled"))
          .length === 0,
      "all done",
    );
    await q.stop();
  });

  it("a runner keeps working after its database connections are terminated, and registers its schedule", async () => {
    const { q, logs } = queue();
    const seen: number[] = [];
    q.register("test-reconnect", async (p: { n: number }) => {
      seen.push(p.n);
    });
    q.register("test-cron", async () => {}, { schedule: "0 0 1 1 *" });
    await q.start();
    await q.enqueue(t.app.db, "test-reconnect", { n: 1 });
    // the first job done and its completion recorded: a connection ended before that would run it again (at least once)
    await until(
      async () => seen.includes(1) && (await q.list(t.db.db, "test-reconnect")).length === 0,
      "the first job, recorded as done",
    );
    const known = await t.db.db.execute(
      dsql`SELECT identifier FROM graphile_worker._private_known_crontabs WHERE identifier = 'test-cron'`,
    );
    expect(known).toHaveLength(1);

    const killed = await t.db.db.execute(dsql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'stride-jobs' AND pid <> pg_backend_pid()`);
    expect(killed.length).toBeGreaterThan(0);

    await q.enqueue(t.app.db, "test-reconnect", { n: 2 });
    await until(() => seen.includes(2), "a job enqueued after the connections were terminated");
    expect(seen).toEqual([1, 2]);
    expect(logs.some((l) => l.level === "warn" || l.level === "error")).toBe(true);
  });

  it("a runner whose database goes away mid-job restarts on its own and runs the job whose outcome it could not record again", async () => {
    const { q, logs } = queue();
    const [{ db }] = (await t.db.db.execute(dsql`SELECT current_database() AS db`)) as unknown as { db: string }[];
    const admin = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    const allowConnections = (on: boolean) => admin.unsafe(`ALTER DATABASE "${db}" ALLOW_CONNECTIONS ${on}`);
    let calls = 0;
    let finished = false;
    q.register("test-outage", async () => {
      calls++;
      if (calls > 1) return;
      // The database goes away while the job runs: its outcome cannot be written.
      await allowConnections(false);
      await t.db.db.execute(
        dsql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'stride-jobs'`,
      );
      finished = true;
    });
    try {
      await q.start();
      await q.enqueue(t.app.db, "test-outage", {});
      await until(
        () => finished && logs.some((l) => l.message.startsWith("job runner ended unexpectedly")),
        "the runner to stop during the outage",
      );
    } finally {
      await allowConnections(true);
      await admin.end();
    }
    // Its lock is released at the restart (not after graphile-worker's 4-hour expiry): the job runs again and completes.
    await until(
      async () => calls === 2 && (await q.list(t.db.db, "test-outage")).length === 0,
      "the job to run again and complete",
    );
    expect(calls).toBe(2);
  });
});

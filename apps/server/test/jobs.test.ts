import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });

describe("durable job queue", () => {
  it("runs an enqueued job once and records it done", async () => {
    const seen: unknown[] = [];
    t.app.jobs.register("test-ok", async (payload) => { seen.push(payload); return { ok: true }; });
    const id = await t.app.jobs.enqueue(t.app.db, "test-ok", { n: 1 });
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([{ n: 1 }]);
    const [row] = await t.app.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(1);
    expect(row.result).toEqual({ ok: true });
  });

  it("keeps a job only if the enqueuing transaction commits", async () => {
    t.app.jobs.register("test-tx", async () => null);
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, "test-tx", {});
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const rows = await t.app.db.select().from(schema.jobs).where(eq(schema.jobs.queue, "test-tx"));
    expect(rows).toHaveLength(0);
  });

  it("retries a failing job later and marks it failed after max attempts", async () => {
    let calls = 0;
    t.app.jobs.register("test-fail", async () => { calls++; throw new Error("boom"); });
    const id = await t.app.jobs.enqueue(t.app.db, "test-fail", {}, { maxAttempts: 2 });
    await t.app.jobs.drain();
    let [row] = await t.app.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(row.status).toBe("pending");
    expect(row.lastError).toBe("boom");
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
    // make it due again
    await t.app.db.update(schema.jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(schema.jobs.id, id));
    await t.app.jobs.drain();
    [row] = await t.app.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    expect(calls).toBe(2);
  });
});

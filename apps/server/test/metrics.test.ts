import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql as dsql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, projectFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { LiveClient } from "./helpers/live.ts";
import { schema } from "../src/db/client.ts";
import { serveMetrics } from "../src/core/metrics.ts";

/**
 * Prometheus metrics (core/metrics.ts): off by default; METRICS_TOKEN serves `GET /metrics` to a bearer of it;
 * METRICS_PORT serves it on its own port. Each family moves with what it counts.
 */
const TOKEN = "scrape-token-1234";
let t: TestServer;
let ws: WorkspaceFixture;
let project: ProjectFixture;
beforeAll(async () => {
  t = await startTestServer({ metricsToken: TOKEN });
  ws = await workspaceFixture(t);
  project = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series (`name{labels}`), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("is not there without METRICS_TOKEN", async () => {
    const off = await startTestServer();
    try {
      const res = await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("wants the bearer token", async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
  });

  it("counts requests and their latency per route pattern, not per URL", async () => {
    const series = `stride_http_requests_total{method="GET",route="/api/workspaces/:slug/projects/:projectId/",status="200"}`;
    const latency = `stride_http_request_duration_seconds_count{method="GET",route="/api/workspaces/:slug/projects/:projectId/"}`;
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      expect((await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${project.id}/`)).status).toBe(200);
    expect(
      (await ws.admin.get(`/api/workspaces/${ws.slug}/projects/00000000-0000-4000-8000-000000000000/`)).status,
    ).toBe(404);
    const after = await scrape();
    expect(value(after, series) - value(before, series)).toBe(3);
    expect(value(after, latency) - value(before, latency)).toBe(4);
    expect(after).not.toContain(project.id);
    expect(
      value(
        after,
        `stride_http_requests_total{method="GET",route="/api/workspaces/:slug/projects/:projectId/",status="404"}`,
      ) -
        value(
          before,
          `stride_http_requests_total{method="GET",route="/api/workspaces/:slug/projects/:projectId/",status="404"}`,
        ),
    ).toBe(1);
  });

  it("shows the database pool: its size, connections in use, waits", async () => {
    const text = await scrape();
    expect(value(text, "stride_db_pool_max")).toBe(8);
    expect(text).toMatch(/^stride_db_pool_in_use \d+$/m);
    expect(text).toMatch(/^stride_db_pool_waiting \d+$/m);
    // more transactions at once than the pool has connections: some wait
    const before = value(text, "stride_db_pool_waits_total");
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.db.transaction(async (tx) => {
          await tx.execute(dsql`SELECT pg_sleep(0.05)`);
        }),
      ),
    );
    const after = await scrape();
    expect(value(after, "stride_db_pool_waits_total")).toBeGreaterThan(before);
    expect(value(after, "stride_db_pool_wait_seconds_total")).toBeGreaterThan(
      value(text, "stride_db_pool_wait_seconds_total"),
    );
  });

  it("shows the job queue's depth per task and state, and failed attempts", async () => {
    t.app.jobs.register(
      "metrics-test-fail",
      async () => {
        throw new Error("always fails");
      },
      { maxAttempts: 2 },
    );
    const series = 'stride_jobs_queued{task="metrics-test-fail",state="waiting"}';
    await t.app.db.transaction(async (tx) => {
      await t.app.jobs.enqueue(tx, "metrics-test-fail", { n: 1 });
      await t.app.jobs.enqueue(tx, "metrics-test-fail", { n: 2 });
    });
    expect(value(await scrape(), series)).toBe(2);
    await t.app.jobs.drain();
    const after = await scrape();
    expect(value(after, 'stride_job_failures_total{task="metrics-test-fail",final="false"}')).toBe(2);
    expect(value(after, series)).toBe(2); // waiting for their retry
  });

  it("shows agent runs by state", async () => {
    const before = await scrape();
    const [cluster] = await t.db.db
      .insert(schema.agentClusters)
      .values({ workspaceId: ws.id, projectId: project.id })
      .onConflictDoNothing()
      .returning();
    const base = {
      workspaceId: ws.id,
      projectId: project.id,
      clusterId: cluster.id,
      agentConfig: {},
      executionConfig: {},
    };
    await t.db.db.insert(schema.agentExecutions).values([
      { ...base, status: "running" },
      { ...base, status: "failed" },
      { ...base, status: "failed" },
    ]);
    const after = await scrape();
    expect(
      value(after, 'stride_agent_runs{state="running"}') - value(before, 'stride_agent_runs{state="running"}'),
    ).toBe(1);
    expect(value(after, 'stride_agent_runs{state="failed"}') - value(before, 'stride_agent_runs{state="failed"}')).toBe(
      2,
    );
  });

  it("shows open realtime connections", async () => {
    const before = value(await scrape(), 'stride_realtime_connections{channel="live"}');
    const live = await LiveClient.open(t.url, ws.member);
    try {
      expect(value(await scrape(), 'stride_realtime_connections{channel="live"}')).toBe(before + 1);
    } finally {
      live.ws.close();
    }
  });

  it("METRICS_PORT serves the same text on its own port, without a token", async () => {
    const server = await serveMetrics(t.app.metrics, 0, "127.0.0.1");
    try {
      const addr = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${addr.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("stride_db_pool_max 8");
      expect((await fetch(`http://127.0.0.1:${addr.port}/other`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

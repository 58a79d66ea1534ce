import crypto from "node:crypto";
import http from "node:http";
import { sql as dsql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db, PoolStats } from "../db/client.ts";
import { JOBS_SCHEMA } from "./jobs.ts";

/**
 * Prometheus metrics of one server process (prom-client). Off unless METRICS_TOKEN (then `GET /metrics` on the
 * app's port with `Authorization: Bearer <token>`, routes/metrics/) or METRICS_PORT (a separate listener without
 * a token, `serveMetrics`). Series:
 * - `stride_http_requests_total{method,route,status}` and `stride_http_request_duration_seconds{method,route}`:
 *   `route` is the route's pattern (`/api/workspaces/:slug/…`), `unmatched` for the web app and 404s;
 * - `stride_db_pool_*`: this process's connection gate (connections in use, callers waiting, waits, timeouts);
 * - `stride_jobs_queued{task,state}` (waiting, running, failed: from graphile-worker's tables, all instances) and
 *   `stride_job_failures_total{task,final}` (attempts that failed on this instance);
 * - `stride_agent_runs{state}` (agent executions by status, all instances);
 * - `stride_realtime_connections{channel}` (`live` websockets and `collab` page editors on this instance);
 * - Node's process metrics (`process_*`, `nodejs_*`).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<"method" | "route" | "status">;
  readonly httpDuration: Histogram<"method" | "route">;
  readonly jobFailures: Counter<"task" | "final">;
  private readonly realtime = new Map<string, () => number>();
  private db: Db | null = null;
  private pool: (() => PoolStats) | null = null;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: "stride_http_requests_total",
      help: "HTTP requests answered, by route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.httpDuration = new Histogram({
      name: "stride_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern",
      labelNames: ["method", "route"],
      registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.jobFailures = new Counter({
      name: "stride_job_failures_total",
      help: "Job attempts that failed on this instance (final: no attempt left)",
      labelNames: ["task", "final"],
      registers,
    });
    this.poolSeries(registers);
    this.stateSeries(registers);
  }

  /** `stride_db_pool_*`: read from the connection gate at each scrape. */
  private poolSeries(registers: Registry[]): void {
    // (collect() runs with the metric as `this`; these read the registry's sources)
    const pool = () => this.pool;
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const p = pool();
          if (p) this.set(read(p()));
        },
      });
    poolGauge("stride_db_pool_max", "Database connections this process may use at once", (s) => s.max);
    poolGauge(
      "stride_db_pool_in_use",
      "Database connections in use (queries and transactions running)",
      (s) => s.inUse,
    );
    poolGauge("stride_db_pool_waiting", "Callers waiting for a database connection", (s) => s.waiting);
    const poolCounter = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          const p = pool();
          if (p) {
            this.reset();
            this.inc(read(p()));
          }
        },
      });
    poolCounter(
      "stride_db_pool_waits_total",
      "Times a caller had to wait for a database connection",
      (s) => s.waitsTotal,
    );
    poolCounter(
      "stride_db_pool_wait_seconds_total",
      "Seconds spent waiting for a database connection",
      (s) => s.waitSecondsTotal,
    );
    poolCounter(
      "stride_db_pool_timeouts_total",
      "Waits for a connection that ended in a 503 (DB_ACQUIRE_TIMEOUT_MS)",
      (s) => s.timeoutsTotal,
    );
  }

  /** The realtime connections, the job queue and the agent runs: counted at each scrape. */
  private stateSeries(registers: Registry[]): void {
    const db = () => this.db;
    const realtime = this.realtime;
    new Gauge({
      name: "stride_realtime_connections",
      help: "Open realtime connections on this instance",
      labelNames: ["channel"],
      registers,
      collect() {
        for (const [channel, count] of realtime) this.set({ channel }, count());
      },
    });
    new Gauge({
      name: "stride_jobs_queued",
      help: "Jobs in the queue (all instances): waiting (due or scheduled), running, failed (no attempt left)",
      labelNames: ["task", "state"],
      registers,
      async collect() {
        this.reset();
        const d = db();
        if (!d) return;
        // a database away leaves the series out of this scrape rather than failing it
        for (const r of await jobDepth(d).catch(() => [])) this.set({ task: r.task, state: r.state }, r.n);
      },
    });
    new Gauge({
      name: "stride_agent_runs",
      help: "Agent runs (all instances) by state",
      labelNames: ["state"],
      registers,
      async collect() {
        this.reset();
        const d = db();
        if (!d) return;
        const rows = (await d
          .execute(dsql`SELECT status, count(*)::int AS n FROM agent_executions GROUP BY status`)
          .catch(() => [])) as unknown as { status: string; n: number }[];
        for (const r of rows) this.set({ state: r.status }, r.n);
      },
    });
  }

  /** Where the database series read from. */
  attach(db: Db, pool: () => PoolStats): void {
    this.db = db;
    this.pool = pool;
  }

  /** Count a channel's open connections (live/socket.ts, collab/server.ts). */
  realtimeSource(channel: string, count: () => number): void {
    this.realtime.set(channel, count);
  }

  /** One answered request: `route` is the pattern Fastify matched, or null. */
  observeRequest(method: string, route: string | null | undefined, status: number, seconds: number): void {
    const r = route || "unmatched";
    this.httpRequests.inc({ method, route: r, status: String(status) });
    this.httpDuration.observe({ method, route: r }, seconds);
  }

  /** The exposition text (Prometheus text format 0.0.4). */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

async function jobDepth(db: Db): Promise<{ task: string; state: string; n: number }[]> {
  const rows = (await db.execute(
    dsql.raw(`
    SELECT t.identifier AS task,
      count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts)::int AS waiting,
      count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
      count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS failed
    FROM ${JOBS_SCHEMA}._private_jobs j JOIN ${JOBS_SCHEMA}._private_tasks t ON t.id = j.task_id
    GROUP BY t.identifier`),
  )) as unknown as { task: string; waiting: number; running: number; failed: number }[];
  return rows.flatMap((r) =>
    (["waiting", "running", "failed"] as const).map((state) => ({ task: r.task, state, n: r[state] })),
  );
}

/** Whether `header` is `Bearer <token>` (constant-time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return given !== "" && crypto.timingSafeEqual(a, b);
}

/** METRICS_PORT: a listener that answers `GET /metrics` and nothing else. Resolves once it listens. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || (path !== "/metrics" && path !== "/metrics/")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ detail: "Not found." }));
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" }).end(body),
      (e: unknown) =>
        res
          .writeHead(500, { "content-type": "text/plain" })
          .end(`metrics failed: ${e instanceof Error ? e.message : String(e)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

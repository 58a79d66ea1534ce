/**
 * Issue #13 target 4 alone: the server's RSS idle and under the 20-client list loads (as `npm run bench` measures
 * it, bench/memory.ts), with what the RSS is made of at its peak (V8 heap used / committed, young generation,
 * Buffers outside the heap). BENCH_SERVER_FLAGS="--flag …" runs the server with other Node flags than `npm start`'s.
 *
 *   BENCH_PG_PORT=… node --import tsx bench/explore-memory.ts
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { openBenchCluster, ROOT, benchSession } from "./cluster.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { measureMemory, toMB, type HeapSample } from "./memory.ts";
import { ALL_PAGES_QS } from "./issue13.ts";

const log = (m: string) => process.stdout.write(m + "\n");
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54411);
const cluster = await openBenchCluster({ pgPort: PG_PORT, log });
const { stride, info } = cluster;
const token = await benchSession(stride.app.sql, info.adminId);
const headers = { cookie: `${stride.app.config.sessionCookieName}=${token}` };
const httpLoad = (url: string, total: number, concurrency: number) =>
  new Promise<{ times: number[]; wall: number }>((resolve, reject) => {
    const w = new Worker(new URL("./load-worker.mjs", import.meta.url), {
      workerData: { url, headers, total, concurrency },
      execArgv: [],
    });
    w.once("message", (m: { times: number[]; wall: number; errors: number }) => {
      void w.terminate();
      if (m.errors) reject(new Error(`${m.errors} failed`));
      else resolve(m);
    });
    w.once("error", reject);
  });
const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
const SP = `/api/workspaces/${info.workspaceSlug}/projects/${info.smallProjectId}`;
const grouped = `${P}/issues/?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
const mb = (x: number) => toMB(x).toFixed(1);
const show = (h: HeapSample | null) =>
  h
    ? `rss ${mb(h.rss)}, heap used ${mb(h.heapUsed)} of ${mb(h.heapTotal)} (young ${mb(h.young)}), external ${mb(h.external)} (ArrayBuffers ${mb(h.arrayBuffers)})`
    : "?";
const p50s: number[] = [];
try {
  const m = await measureMemory({
    root: ROOT,
    dataDir: process.env.BENCH_DATA_DIR ?? `${ROOT}/.data-bench`,
    pgPort: PG_PORT,
    log,
    warm: async (base) => {
      for (let i = 0; i < 20; i++) await (await fetch(base + grouped, { headers })).text();
    },
    loads: [
      async (base) => {
        const r = await httpLoad(base + grouped, 2000, 20);
        p50s.push([...r.times].sort((a, b) => a - b)[1000]);
      },
      async (base) => {
        const r = await httpLoad(base + SP + "/issues/" + ALL_PAGES_QS[0], 500, 20);
        p50s.push([...r.times].sort((a, b) => a - b)[250]);
      },
    ],
    pgSettings: async () => ({}),
  });
  log(`flags [${m.nodeFlags.join(" ")}] idle ${mb(m.serverIdleRss)} MB (${show(m.serverIdleHeap)})`);
  m.serverLoadRssBy.forEach((r, i) =>
    log(
      `load ${i}: peak rss ${mb(r)} MB; p50 ${p50s[i]?.toFixed(1)} ms; at the highest sample: ${show(m.serverLoadHeapBy[i])}`,
    ),
  );
  log(
    `after ${mb(m.serverAfterRss)} MB; load avg ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  await stride.close();
}

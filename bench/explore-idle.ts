/**
 * The bench server's memory: its account before and after a heap snapshot (which collects first), idle or after
 * the 20-client grouped load (argument "load"); the snapshot goes to /tmp/list13-<idle|load>.heapsnapshot.
 */
import { Worker } from "node:worker_threads";
import { forkBenchServer } from "./memory.ts";
import { openBenchCluster, ROOT, benchSession } from "./cluster.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54411);
const cluster = await openBenchCluster({ pgPort: PG_PORT, log: () => {} });
const { stride, info } = cluster;
const token = await benchSession(stride.app.sql, info.adminId);
const headers = { cookie: `${stride.app.config.sessionCookieName}=${token}` };
const s = await forkBenchServer(
  ROOT,
  `${ROOT}/.data-bench`,
  PG_PORT,
  (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean),
);
const what = process.argv[2] ?? "idle";
try {
  await s.send({ listCache: false });
  if (what === "load") {
    const url = `${s.url}/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}/issues/?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
    await new Promise((resolve, reject) => {
      const w = new Worker(new URL("./load-worker.mjs", import.meta.url), {
        workerData: { url, headers, total: 2000, concurrency: 20 },
        execArgv: [],
      });
      w.once("message", (m) => {
        void w.terminate();
        resolve(m);
      });
      w.once("error", reject);
    });
  } else await new Promise((r) => setTimeout(r, 3000));
  console.log("before", JSON.stringify(await s.send({ memory: true })));
  console.log(JSON.stringify(await s.send({ snapshot: `/tmp/list13-${what}.heapsnapshot` })));
  console.log("after", JSON.stringify(await s.send({ memory: true })));
} finally {
  await s.stop();
  await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  await stride.close();
}

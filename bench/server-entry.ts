/**
 * The server as bench/memory.ts runs it: a separate Node process built like production (esbuild bundle,
 * no tsx), on the benchmark's data folder, joining the embedded PostgreSQL the benchmark already runs.
 * Talks to its parent over IPC: sends {url} once listening; {listCache: boolean} switches the list cache.
 */
import v8 from "node:v8";
import { startStride } from "../apps/server/src/boot.ts";
import { listCacheOf } from "../apps/server/src/domain/work-item-list/index.ts";

const stride = await startStride({
  dataDir: process.env.BENCH_DATA_DIR!,
  port: 0,
  host: "127.0.0.1",
  embeddedPgPort: Number(process.env.BENCH_PG_PORT),
  runWorkers: false,
  logLevel: "warn",
  secretKey: "bench-secret",
});
const cache = listCacheOf(stride.app);
process.on("message", (m: { listCache?: boolean; stop?: boolean; memory?: boolean }) => {
  // what the RSS is made of (bench/memory.ts samples it with the RSS): V8's heap, young generation apart, and
  // memory outside the heap (Buffers)
  if (m.memory) {
    const u = process.memoryUsage();
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    process.send!({
      memory: {
        rss: u.rss,
        heapTotal: u.heapTotal,
        heapUsed: u.heapUsed,
        external: u.external,
        arrayBuffers: u.arrayBuffers,
        young: young?.space_size ?? 0,
      },
    });
  }
  if (typeof (m as { snapshot?: string }).snapshot === "string") {
    const file = v8.writeHeapSnapshot((m as { snapshot: string }).snapshot);
    process.send!({ snapshot: file });
  }
  if (typeof m.listCache === "boolean") {
    cache.enabled = m.listCache;
    if (!m.listCache) cache.clear();
    process.send!({ ok: true });
  }
  if (m.stop) void stride.close().then(() => process.exit(0));
});
process.send!({ url: stride.url });

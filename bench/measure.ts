/**
 * The measuring tools of `npm run bench` (bench/run.ts): percentiles, a load of calls at a concurrency, HTTP load from
 * a worker thread, two measurements interleaved call by call, and the machine's description.
 */
import os from "node:os";
import { execSync } from "node:child_process";
import { Worker } from "node:worker_threads";

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx];
}
export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");

/** Non-GET loads: request i goes to urls[i % urls.length] with body's "{i}" replaced by i; `ok` statuses count as answered. */
export interface LoadOptions {
  method?: string;
  urls?: string[];
  body?: string;
  ok?: number[];
  keepBodies?: boolean;
}

export interface Stats {
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  n: number;
  rps?: number;
}
export function stats(xs: number[], wallMs?: number): Stats {
  return {
    p50: percentile(xs, 50),
    p90: percentile(xs, 90),
    p99: percentile(xs, 99),
    mean: xs.reduce((a, b) => a + b, 0) / (xs.length || 1),
    n: xs.length,
    rps: wallMs ? (xs.length / wallMs) * 1000 : undefined,
  };
}

/** Run `fn` `total` times with `concurrency` workers; returns per-call durations (ms) and wall time. */
export async function load(
  total: number,
  concurrency: number,
  fn: (i: number) => Promise<void>,
): Promise<{ times: number[]; wall: number }> {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, wall: performance.now() - start };
}

/** Concurrent requests from a worker thread (its own event loop); returns per-request durations (GETs unless `opts` says otherwise). */
export function httpLoad(
  url: string,
  headers: Record<string, string>,
  total: number,
  concurrency: number,
  opts: LoadOptions = {},
): Promise<{ times: number[]; wall: number; bodies?: string[] }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL("./load-worker.mjs", import.meta.url), {
      workerData: { url, headers, total, concurrency, ...opts },
      execArgv: [],
    });
    w.once("message", (m: { times: number[]; wall: number; errors: number; bodies?: string[] }) => {
      void w.terminate();
      if (m.errors) reject(new Error(`${m.errors} requests failed: ${url}`));
      else resolve(m);
    });
    w.once("error", reject);
  });
}

/** Alternate two measurements call by call, so drifting machine load affects both alike. */
export async function interleaved(
  n: number,
  a: () => Promise<void>,
  b: () => Promise<void>,
): Promise<{ a: number[]; b: number[] }> {
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    await a();
    out.a.push(performance.now() - t);
    t = performance.now();
    await b();
    out.b.push(performance.now() - t);
  }
  return out;
}

export function machine() {
  const cpu = (() => {
    try {
      return execSync("lscpu | grep -i 'model name' | head -1", { encoding: "utf8" })
        .split(":")
        .slice(1)
        .join(":")
        .trim();
    } catch {
      return os.cpus()[0]?.model ?? "unknown";
    }
  })();
  const free = (() => {
    try {
      return execSync("free -h", { encoding: "utf8" }).trim();
    } catch {
      return `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total`;
    }
  })();
  // what `nproc` prints: the CPUs this process may run on (sched_getaffinity)
  const nproc = String(os.availableParallelism());
  return { cpu, free, nproc, node: process.version };
}

/**
 * Memory of issue #13, target 4: the server's RSS idle and under the 20-client list load, and the embedded
 * PostgreSQL's memory as PSS (proportional set size: shared pages divided among the processes sharing them,
 * from /proc/<pid>/smaps_rollup) over the postmaster and its children, beside the naive sum of their RSS.
 *
 * The server runs as its own process, bundled with esbuild like `npm run build` does (no tsx loader in it),
 * so its RSS is the server's alone and not the benchmark's.
 */
import fs from "node:fs";
import path from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { build } from "esbuild";
import { bundleSharedPlugin } from "../apps/server/esbuild-shared.mjs";
import { runningPostmaster } from "../apps/server/src/db/embedded.ts";
import { SERVER_NODE_FLAGS } from "../bin/launcher.mjs";

const MB = 1024 * 1024;

/** A process's resident set (VmRSS), bytes; null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function smapsRollup(pid: number): { pss: number; rss: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0) * 1024;
    return { pss: kb("Pss"), rss: kb("Rss") };
  } catch {
    return null;
  }
}

/** The postmaster and every process whose parent it is (backends, checkpointer, walwriter …). */
function postgresPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const p of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(p));
    } catch {
      /* gone */
    }
  }
  return pids;
}

export interface PgMemory {
  processes: number;
  pss: number;
  rssSum: number;
}

/** PostgreSQL's memory now: PSS summed over its processes (each shared page counted once overall), and the RSS sum. */
export function postgresMemory(dataDir: string): PgMemory | null {
  const pm = runningPostmaster(dataDir);
  if (!pm) return null;
  let pss = 0;
  let rssSum = 0;
  let processes = 0;
  for (const pid of postgresPids(pm.pid)) {
    const m = smapsRollup(pid);
    if (!m) continue;
    processes++;
    pss += m.pss;
    rssSum += m.rss;
  }
  return { processes, pss, rssSum };
}

/** Samples a value every `everyMs` until stopped; keeps the maximum. */
function sampler(read: () => number | null, everyMs = 50) {
  let max = 0;
  const timer = setInterval(() => {
    const v = read();
    if (v !== null && v > max) max = v;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      const v = read();
      if (v !== null && v > max) max = v;
      return max;
    },
  };
}

/** process.memoryUsage() of the server and its young generation (V8's new space), bytes. */
export interface HeapSample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  young: number;
}

export interface MemoryResult {
  serverIdleRss: number;
  /** The server's own account at the sample of highest RSS of each load (sampled every 100 ms over IPC). */
  serverLoadHeapBy: (HeapSample | null)[];
  serverIdleHeap: HeapSample | null;
  /** The Node flags the server ran with (the start command's: `serverNodeFlags`). */
  nodeFlags: string[];
  /** Peak RSS over all the loads, and per load (in the order given). */
  serverLoadRss: number;
  serverLoadRssBy: number[];
  serverAfterRss: number;
  pgIdle: PgMemory | null;
  pgLoad: { pss: number; rssSum: number; processes: number };
  pgSettings: Record<string, string>;
  loadNote: string;
}

export interface MemoryOptions {
  root: string;
  dataDir: string;
  pgPort: number;
  /** The list loads, run one after the other against the child server's URL; each resolves when done. */
  loads: ((baseUrl: string) => Promise<void>)[];
  /** A few requests to warm the server up before the idle reading. */
  warm: (baseUrl: string) => Promise<void>;
  pgSettings: () => Promise<Record<string, string>>;
  log: (m: string) => void;
}

/** Bundle bench/server-entry.ts like the production build (apps/server/build.mjs: dependencies external, @stride/shared bundled). */
async function bundleServer(root: string): Promise<string> {
  const outfile = path.join(root, "apps/server/dist/bench-server.js");
  await build({
    entryPoints: [path.join(root, "bench/server-entry.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    packages: "external",
    logLevel: "warning",
    plugins: [bundleSharedPlugin(root)],
  });
  return outfile;
}

/**
 * The Node flags the server runs with (`npm start`, `stride start`: SERVER_NODE_FLAGS of bin/launcher.mjs), so the
 * benchmark's server process runs as production does. BENCH_SERVER_FLAGS (space-separated) overrides them.
 */
export function serverNodeFlags(): string[] {
  if (process.env.BENCH_SERVER_FLAGS !== undefined) return process.env.BENCH_SERVER_FLAGS.split(" ").filter(Boolean);
  return [...SERVER_NODE_FLAGS];
}

function request(child: ChildProcess, msg: object): Promise<unknown> {
  return new Promise((resolve) => {
    child.once("message", resolve);
    child.send(msg);
  });
}

/** The server in its own process (production-like bundle), on the bench's data folder and embedded PostgreSQL. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  send: (msg: object) => Promise<unknown>;
  stop: () => Promise<void>;
}

export async function forkBenchServer(
  root: string,
  dataDir: string,
  pgPort: number,
  nodeFlags: string[] = [],
): Promise<ChildServer> {
  const bundle = await bundleServer(root);
  const child = fork(bundle, [], {
    cwd: path.join(root, "apps/server"),
    env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_PG_PORT: String(pgPort), NODE_ENV: "production" },
    execArgv: nodeFlags,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.on("error", () => {}); // a send after the child died: its exit is reported below
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        child.kill("SIGKILL");
        resolve();
      }, 10_000);
      child.once("exit", () => {
        clearTimeout(t);
        resolve();
      });
    });
    if (child.connected) child.send({ stop: true });
    else child.kill("SIGTERM");
    await exited;
  };
  try {
    const { url } = (await new Promise((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`the bench server exited (code ${code})`)));
    })) as { url: string };
    return { url, child, send: (msg) => request(child, msg), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The server's memory account over IPC (bench/server-entry.ts answers {memory}). */
function heapOf(child: ChildProcess): Promise<HeapSample | null> {
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.off("message", on);
      resolve(null);
    }, 1000);
    const on = (m: unknown) => {
      const x = m as { memory?: HeapSample };
      if (!x.memory) return;
      clearTimeout(t);
      child.off("message", on);
      resolve(x.memory);
    };
    child.on("message", on);
    child.send({ memory: true });
  });
}

/** Samples the server's own account every `everyMs`; keeps the sample with the highest RSS. */
function heapSampler(child: ChildProcess, everyMs = 100) {
  let best: HeapSample | null = null;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void heapOf(child).then((h) => {
      busy = false;
      if (h && (!best || h.rss > best.rss)) best = h;
    });
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return best;
    },
  };
}

export async function measureMemory(o: MemoryOptions): Promise<MemoryResult> {
  const nodeFlags = serverNodeFlags();
  const server = await forkBenchServer(o.root, o.dataDir, o.pgPort, nodeFlags);
  const { url, child } = server;
  try {
    await server.send({ listCache: false });
    await o.warm(url);
    // idle: settled after start-up and a few requests
    await new Promise((r) => setTimeout(r, 3000));
    const serverIdleRss = rssOf(child.pid!) ?? NaN;
    const serverIdleHeap = await heapOf(child);
    const pgDir = path.join(o.dataDir, "postgres");
    const pgIdle = postgresMemory(pgDir);
    o.log(
      `Server RSS idle ${(serverIdleRss / MB).toFixed(1)} MB; PostgreSQL PSS ${pgIdle ? (pgIdle.pss / MB).toFixed(1) : "?"} MB (RSS summed ${pgIdle ? (pgIdle.rssSum / MB).toFixed(1) : "?"} MB over ${pgIdle?.processes} processes)`,
    );
    let pgMax = { pss: 0, rssSum: 0, processes: 0 };
    const pg = sampler(() => {
      const m = postgresMemory(pgDir);
      if (m && m.pss > pgMax.pss) pgMax = m;
      return m?.pss ?? null;
    }, 200);
    const serverLoadRssBy: number[] = [];
    const serverLoadHeapBy: (HeapSample | null)[] = [];
    for (const load of o.loads) {
      const server = sampler(() => rssOf(child.pid!));
      const heap = heapSampler(child);
      await load(url);
      serverLoadRssBy.push(server.stop());
      serverLoadHeapBy.push(heap.stop());
    }
    const serverLoadRss = Math.max(...serverLoadRssBy);
    pg.stop();
    await new Promise((r) => setTimeout(r, 2000));
    const serverAfterRss = rssOf(child.pid!) ?? NaN;
    return {
      serverIdleRss,
      serverIdleHeap,
      serverLoadRss,
      serverLoadRssBy,
      serverLoadHeapBy,
      nodeFlags,
      serverAfterRss,
      pgIdle,
      pgLoad: pgMax,
      pgSettings: await o.pgSettings(),
      loadNote: "",
    };
  } finally {
    await server.stop();
  }
}

export const toMB = (b: number) => b / MB;

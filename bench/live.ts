/**
 * `npm run bench:live` (issue #9 point 4): the realtime channel across two instances on one database.
 * Instance A runs in this process on a fresh embedded PostgreSQL (.data-bench-live/); instance B is a separate
 * process (the production-like bundle) on the same database. Clients hold websockets to B; writes go to A.
 * - Latency: BENCH_LIVE_WRITES (300) renames of one work item on A, one after another, each until all
 *   BENCH_LIVE_CLIENTS (20) subscribers on B got its event; from the write's start and from its answer.
 * - Sockets: BENCH_LIVE_SOCKETS (2000) signed-in sockets on B, each subscribed to the project: B's RSS before and
 *   after (per socket), and the time one write takes to reach all of them.
 * The figures go to docs/benchmarks.md between <!-- live --> markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import type { LiveServerMessage } from "@stride/shared";
import { startStride } from "../apps/server/src/boot.ts";
import { forkBenchServer, rssOf, toMB } from "./memory.ts";
import { writeSection } from "./figures.ts";
import { benchSession } from "./cluster.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA = path.join(ROOT, ".data-bench-live");
const PG_PORT = Number(process.env.BENCH_LIVE_PG_PORT ?? 54412);
const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 300);
const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 20);
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 2000);
const log = (m: string) => process.stdout.write(m + "\n");

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};

/** A socket to `/live/` whose events are handed to `onEvent` with their arrival time. */
function openSocket(
  baseUrl: string,
  cookie: string,
  onEvent: (m: Extract<LiveServerMessage, { type: "event" }>, at: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(baseUrl.replace(/^http/, "ws") + "/live/", { headers: { cookie } });
  const subscribed = new Map<string, () => void>();
  ws.on("message", (d) => {
    const at = performance.now();
    const m = JSON.parse(d.toString()) as LiveServerMessage;
    if (m.type === "event") onEvent(m, at);
    else if (m.type === "subscribed") subscribed.get(m.topic)?.();
  });
  (ws as WebSocket & { subscribe?: (topic: string) => Promise<void> }).subscribe = (topic: string) =>
    new Promise<void>((resolve) => {
      subscribed.set(topic, resolve);
      ws.send(JSON.stringify({ type: "sub", topic }));
    });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_q, r) => reject(new Error(`HTTP ${r.statusCode}`)));
    ws.once("error", reject);
  });
}
const subscribe = (ws: WebSocket, topic: string) =>
  (ws as WebSocket & { subscribe: (t: string) => Promise<void> }).subscribe(topic);

type Call = (method: string, p: string, body?: unknown) => Promise<unknown>;

/** What the measures act on: the admin's cookie and API calls on A, the work item renamed, the sockets opened on B. */
interface LiveTarget {
  cookie: string;
  call: Call;
  itemPath: string;
  projectId: string;
  itemId: string;
  sockets: WebSocket[];
}

/** One signed-in admin, a workspace, a project and one work item, made through A's API. */
async function benchItem(a: Awaited<ReturnType<typeof startStride>>) {
  const app = a.app;
  const [user] = await app.sql<{ id: string }[]>`
    INSERT INTO users (email, username, first_name, display_name, is_password_autoset) VALUES ('live@bench.test', 'livebench', 'Live', 'live', false) RETURNING id`;
  await app.sql`INSERT INTO profiles (user_id, is_onboarded) VALUES (${user.id}, true)`;
  const token = await benchSession(app.sql, user.id);
  const cookie = `${app.config.sessionCookieName}=${token}`;
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(a.url + p, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
    return r.status === 204 ? null : r.json();
  };
  const ws = (await call("POST", "/api/workspaces/", {
    name: "Live bench",
    slug: "live-bench",
    organization_size: "2-10",
  })) as { id: string; slug: string };
  const project = (await call("POST", `/api/workspaces/${ws.slug}/projects/`, {
    name: "Live",
    identifier: "LIVE",
  })) as { id: string };
  const P = `/api/workspaces/${ws.slug}/projects/${project.id}`;
  const item = (await call("POST", `${P}/issues/`, { name: "Renamed live" })) as { id: string };
  return { cookie, call, project, P, item };
}

/** Latency: CLIENTS subscribers on B, WRITES renames of the item on A; each write waits for every client's event. */
async function measureLatency(bUrl: string, t: LiveTarget) {
  const { cookie, call, itemPath, projectId, itemId, sockets } = t;
  let waiting: { seen: number; done: () => void; t0: number; tAnswer: number } | null = null;
  const fromStart: number[] = [];
  const fromAnswer: number[] = [];
  const onEvent = (m: Extract<LiveServerMessage, { type: "event" }>, at: number) => {
    if (!waiting || m.event.id !== itemId || m.event.op !== "update") return;
    fromStart.push(at - waiting.t0);
    fromAnswer.push(at - waiting.tAnswer);
    if (++waiting.seen === CLIENTS) waiting.done();
  };
  for (let i = 0; i < CLIENTS; i++) {
    const s = await openSocket(bUrl, cookie, onEvent);
    await subscribe(s, `project:${projectId}`);
    sockets.push(s);
  }
  for (let i = 0; i < 20; i++) await call("PATCH", itemPath, { name: `warm ${i}` });
  await new Promise((r) => setTimeout(r, 500));
  fromStart.length = 0;
  fromAnswer.length = 0;
  for (let i = 0; i < WRITES; i++) {
    const arrived = new Promise<void>((done) => {
      waiting = { seen: 0, done, t0: performance.now(), tAnswer: Infinity };
    });
    const w = waiting!;
    await call("PATCH", itemPath, { name: `write ${i}` });
    w.tAnswer = performance.now();
    await Promise.race([
      arrived,
      new Promise((_r, rej) =>
        setTimeout(
          () => rej(new Error(`write ${i}: only ${w.seen} of ${CLIENTS} clients got the event within 10 s`)),
          10_000,
        ),
      ),
    ]);
  }
  waiting = null;
  // an event can arrive before the write's answer is read: from the answer it is then negative, counted as 0
  const fa = fromAnswer.map((x) => Math.max(0, x));
  log(
    `Latency over ${WRITES} writes × ${CLIENTS} clients: from the write's start p50 ${pct(fromStart, 50).toFixed(1)} ms, p99 ${pct(fromStart, 99).toFixed(1)} ms; after its answer p50 ${pct(fa, 50).toFixed(1)} ms, p99 ${pct(fa, 99).toFixed(1)} ms`,
  );
  return { fromStart, fa };
}

/** Sockets: SOCKETS more on B, each subscribed to the project: B's memory, and one write reaching them all. */
async function measureFanOut(b: Awaited<ReturnType<typeof forkBenchServer>>, t: LiveTarget) {
  const { cookie, call, itemPath, projectId, itemId, sockets } = t;
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = rssOf(b.child.pid!) ?? NaN;
  let fanSeen = 0;
  let fanDone: () => void = () => {};
  let fanT0 = 0;
  const fanTimes: number[] = [];
  const onWsEvent = (m: Extract<LiveServerMessage, { type: "event" }>, at: number) => {
    if (fanT0 === 0 || m.event.id !== itemId || m.event.op !== "update") return;
    fanTimes.push(at - fanT0);
    if (++fanSeen === SOCKETS) fanDone();
  };
  const batch = 100;
  for (let i = 0; i < SOCKETS; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, SOCKETS - i) }, () => openSocket(b.url, cookie, onWsEvent)),
    );
    await Promise.all(opened.map((s) => subscribe(s, `project:${projectId}`)));
    sockets.push(...opened);
  }
  await new Promise((r) => setTimeout(r, 3000));
  const rssAfter = rssOf(b.child.pid!) ?? NaN;
  const fan = new Promise<void>((done) => {
    fanDone = done;
  });
  fanT0 = performance.now();
  await call("PATCH", itemPath, { name: "fan-out" });
  await Promise.race([
    fan,
    new Promise((_r, rej) => setTimeout(() => rej(new Error(`fan-out: ${fanSeen} of ${SOCKETS} within 30 s`)), 30_000)),
  ]);
  const perSocketKb = (rssAfter - rssBefore) / SOCKETS / 1024;
  log(
    `Sockets: B's RSS ${toMB(rssBefore).toFixed(1)} MB with ${CLIENTS} sockets, ${toMB(rssAfter).toFixed(1)} MB with ${CLIENTS + SOCKETS} (${perSocketKb.toFixed(1)} KB per socket); one write reached all ${SOCKETS} in ${pct(fanTimes, 100).toFixed(1)} ms (p50 ${pct(fanTimes, 50).toFixed(1)} ms)`,
  );
  return { rssBefore, rssAfter, perSocketKb, fanTimes };
}

async function main() {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(DATA, { recursive: true });
  const a = await startStride(
    {
      dataDir: DATA,
      port: 0,
      host: "127.0.0.1",
      embeddedPgPort: PG_PORT,
      runWorkers: false,
      logLevel: "warn",
      secretKey: "bench-secret",
    },
    log,
  );
  let b: Awaited<ReturnType<typeof forkBenchServer>> | null = null;
  const sockets: WebSocket[] = [];
  try {
    const { cookie, call, project, P, item } = await benchItem(a);

    b = await forkBenchServer(ROOT, DATA, PG_PORT);
    log(`Instance A ${a.url} (this process), instance B ${b.url} (pid ${b.child.pid})`);

    const target: LiveTarget = {
      cookie,
      call,
      itemPath: `${P}/issues/${item.id}/`,
      projectId: project.id,
      itemId: item.id,
      sockets,
    };
    const { fromStart, fa } = await measureLatency(b.url, target);

    const { rssBefore, rssAfter, perSocketKb, fanTimes } = await measureFanOut(b, target);

    writeReport({
      writes: WRITES,
      clients: CLIENTS,
      sockets: SOCKETS,
      fromStart: { p50: pct(fromStart, 50), p99: pct(fromStart, 99) },
      fromAnswer: { p50: pct(fa, 50), p99: pct(fa, 99) },
      rssBefore,
      rssAfter,
      perSocketKb,
      fanAll: pct(fanTimes, 100),
      fanP50: pct(fanTimes, 50),
    });
  } finally {
    for (const s of sockets) s.terminate();
    await b?.stop();
    await a.close();
  }
}

interface LiveResult {
  writes: number;
  clients: number;
  sockets: number;
  fromStart: { p50: number; p99: number };
  fromAnswer: { p50: number; p99: number };
  rssBefore: number;
  rssAfter: number;
  perSocketKb: number;
  fanAll: number;
  fanP50: number;
}

function writeReport(r: LiveResult) {
  const file = path.join(ROOT, "docs/benchmarks.md");
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");
  const cpu = os.cpus()[0]?.model ?? "?";
  const f = (x: number) => x.toFixed(1);
  const lines = [
    "## Realtime across two instances (`npm run bench:live`, issue #9 point 4)",
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${cpu}, load average ${load} (1/5/15 min). Instance A (this process) and instance B (a separate process, the production bundle) share one embedded PostgreSQL; writes go to A over HTTP, websockets are held by B, so every event crosses instances through PostgreSQL's NOTIFY.`,
    "",
    "| Figure | Value |",
    "| --- | --- |",
    `| Write on A → event at a client of B, from the write's start (${r.writes} writes × ${r.clients} clients), p50 / p99 | ${f(r.fromStart.p50)} / ${f(r.fromStart.p99)} ms |`,
    `| The same, from the write's answer, p50 / p99 | ${f(r.fromAnswer.p50)} / ${f(r.fromAnswer.p99)} ms |`,
    `| B's RSS with ${r.clients} sockets → with ${r.clients + r.sockets} sockets | ${f(toMB(r.rssBefore))} → ${f(toMB(r.rssAfter))} MB (${f(r.perSocketKb)} KB per socket) |`,
    `| One write reaching all ${r.sockets} sockets subscribed to its project: last / median arrival | ${f(r.fanAll)} / ${f(r.fanP50)} ms |`,
    "",
    "Memory per socket is bounded: a socket holds its subscriptions (topic, last sequence number) and the `ws` buffers; events are read once per instance from `live_events` and written to each subscriber, not queued per socket beyond the socket's send buffer.",
  ];
  writeSection(file, "live", lines);
  log(`Wrote the live figures to ${path.relative(ROOT, file)}`);
}

await main();

/**
 * Where a list request's time goes (issue #13 targets 2 and 3): a CPU profile of the benchmark process (server and
 * client in one process, as `npm run bench:list` times them) while it asks for one list page again and again with
 * the list cache off, its self time summed by where the code comes from (the list engine, postgres.js, Fastify,
 * undici (the client), node's HTTP, GC, idle = waiting for PostgreSQL), plus the steps of the page timed in-process.
 *
 *   BENCH_PG_PORT=… node --import tsx bench/profile-list.ts [all|grouped] [calls]
 */
import fs from "node:fs";
import os from "node:os";
import { Session } from "node:inspector/promises";
import { openBenchCluster, benchSession, type BenchCluster } from "./cluster.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import {
  buildListQuery,
  listCacheOf,
  listEnvelope,
  shapeResult,
  stringifyWithText,
  type ListRequest,
} from "../apps/server/src/domain/work-item-list/index.ts";
import { readRowsJson } from "../apps/server/src/domain/work-item-list/engine.ts";
import { parseListQuery } from "../apps/server/src/domain/work-item-list/params.ts";
import { ALL_PAGES_QS } from "./issue13.ts";

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54411);
const which = process.argv[2] ?? "all";
const calls = Number(process.argv[3] ?? 150);
const log = (m: string) => process.stdout.write(m + "\n");

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function category(url: string, fn: string): string {
  if (fn === "(idle)") return "idle (waiting)";
  if (fn === "(garbage collector)") return "GC";
  if (fn === "(program)") return "(program: native, not JS)";
  if (url.includes("/postgres/")) return "postgres.js";
  if (url.includes("/undici/") || url.includes("internal/deps/undici")) return "undici (client fetch)";
  if (url.includes("/fastify") || url.includes("/find-my-way/") || url.includes("/avvio/") || url.includes("@fastify"))
    return "fastify + plugins";
  if (url.includes("core/issue-list/")) return "issue-list engine";
  if (url.includes("drizzle")) return "drizzle";
  if (url.includes("apps/server/src"))
    return (
      "server: other (" +
      url
        .replace(/.*apps\/server\/src\//, "")
        .split("/")
        .slice(0, 2)
        .join("/") +
      ")"
    );
  if (url.startsWith("node:") || url === "")
    return fn ? `node: ${url || "native"} ${fn}`.slice(0, 60) : "node (native)";
  return "other: " + url.replace(/.*node_modules\//, "").split("/")[0];
}

/** Self time per round by origin and the top functions of a CPU profile of `calls` rounds of `pages` pages. */
function reportProfile(profile: Profile, calls: number, pages: number, wall: number) {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + profile.timeDeltas[i]);
  const byCat = new Map<string, number>();
  const byFn = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0;
    total += us;
    const c = category(n.callFrame.url, n.callFrame.functionName);
    byCat.set(c, (byCat.get(c) ?? 0) + us);
    const f = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/.*node_modules\//, "").replace(/.*apps\/server\/src\//, "")}:${n.callFrame.lineNumber}`;
    byFn.set(f, (byFn.get(f) ?? 0) + us);
  }
  const per = calls; // per request round (all pages of one call)
  log(
    `profile: ${calls} rounds of ${pages} page(s), wall ${(wall / per).toFixed(2)} ms per round; self time per round by origin:`,
  );
  for (const [c, us] of [...byCat].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(`  ${(us / 1000 / per).toFixed(2).padStart(7)} ms  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${c}`);
  log("top functions (self):");
  for (const [f, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40))
    log(`  ${(us / 1000 / per).toFixed(3).padStart(7)} ms  ${f}`);
}

/** The steps of one list page timed in-process, `calls` times each: SQL, rows to JSON, envelope, bytes, HTTP, the API. */
async function timeSteps(
  app: BenchCluster["stride"]["app"],
  req: ListRequest,
  get: (url: string) => Promise<string>,
  emptyUrl: string,
  url: string,
): Promise<Record<string, number[]>> {
  const built = buildListQuery(req);
  const steps: Record<string, number[]> = { sql: [], rowsJson: [], envelope: [], bytes: [], http: [], api: [] };
  for (let i = 0; i < calls; i++) {
    let t = performance.now();
    const rows = (await app.sql
      .unsafe(built.text, built.values as never[], { prepare: true })
      .values()) as unknown as unknown[][];
    steps.sql.push(performance.now() - t);
    t = performance.now();
    const r = shapeResult(req, built, readRowsJson(req, rows));
    steps.rowsJson.push(performance.now() - t);
    t = performance.now();
    const s = stringifyWithText(listEnvelope(req.page, r));
    steps.envelope.push(performance.now() - t);
    t = performance.now();
    Buffer.from(s);
    steps.bytes.push(performance.now() - t);
    t = performance.now();
    await get(emptyUrl);
    steps.http.push(performance.now() - t);
    t = performance.now();
    await get(url);
    steps.api.push(performance.now() - t);
  }
  return steps;
}

async function main() {
  const cluster = await openBenchCluster({ pgPort: PG_PORT, log });
  const { stride, info } = cluster;
  const { app } = stride;
  const token = await benchSession(app.sql, info.adminId);
  const headers = { cookie: `${app.config.sessionCookieName}=${token}` };
  const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
  const SP = `/api/workspaces/${info.workspaceSlug}/projects/${info.smallProjectId}`;
  const groupedQs = `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
  const urls = which === "grouped" ? [P + "/issues/" + groupedQs] : ALL_PAGES_QS.map((qs) => SP + "/issues/" + qs);
  const get = async (url: string) => {
    const res = await fetch(stride.url + url, { headers });
    const t = await res.text();
    if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
    return t;
  };
  const reqFor = (projectId: string, qs: string): ListRequest => {
    const parsed = parseListQuery(Object.fromEntries(new URLSearchParams(qs.slice(1))), { timezone: "UTC" });
    return {
      context: { kind: "project", workspaceId: info.workspaceId, projectId },
      viewer: { userId: info.adminId, timezone: "UTC", ownOnly: false },
      ...parsed,
      shape: "list",
    };
  };
  const reqs =
    which === "grouped"
      ? [reqFor(info.projectId, groupedQs)]
      : ALL_PAGES_QS.map((qs) => reqFor(info.smallProjectId, qs));
  const cache = listCacheOf(app);
  cache.enabled = false;
  try {
    for (let i = 0; i < 20; i++) for (const u of urls) await get(u);
    // steps timed in-process, one page (the first), p50 of `calls`
    const emptyUrl = `/api/workspaces/${info.workspaceSlug}/projects/${which === "grouped" ? info.projectId : info.smallProjectId}/`;
    const steps = await timeSteps(app, reqs[0], get, emptyUrl, urls[0]);
    const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    log(
      "steps p50 ms (first page): " +
        Object.entries(steps)
          .map(([k, v]) => `${k} ${p50(v).toFixed(2)}`)
          .join(", ") +
        ` (GET ${emptyUrl}: a small project read, for the fixed cost)`,
    );

    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) for (const u of urls) await get(u);
    const wall = performance.now() - t0;
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    session.disconnect();
    fs.writeFileSync(`/tmp/list-${which}.cpuprofile`, JSON.stringify(profile));
    reportProfile(profile, calls, urls.length, wall);
    log(
      `load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    cache.enabled = true;
    await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
    await stride.close();
  }
}

await main();

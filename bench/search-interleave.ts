/**
 * Search before/after on one cluster, request by request (issue #12 point 4): two server processes (bench/server-entry.ts
 * of this checkout and of BENCH_BEFORE_ROOT, another checkout) join the cached benchmark cluster; each query is sent
 * BENCH_SEARCH_ROUNDS times to each, alternating, the order swapped every round, so both see the same load.
 * `BENCH_BEFORE_ROOT=<checkout> BENCH_PG_PORT=<port> node --import tsx bench/search-interleave.ts`; prints p50 per side.
 */
import path from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { openBenchCluster, ROOT, benchSession } from "./cluster.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { percentile } from "./endpoints.ts";

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 50);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54411);
const BEFORE = process.env.BENCH_BEFORE_ROOT!;
const log = (m: string) => process.stdout.write(m + "\n");

const cluster = await openBenchCluster({ pgPort: PG_PORT, log });
const { info, stride } = cluster;
const serve = (root: string) =>
  new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    const child = fork(path.join(root, "bench/server-entry.ts"), [], {
      cwd: root,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, BENCH_DATA_DIR: path.join(ROOT, ".data-bench"), BENCH_PG_PORT: String(PG_PORT) },
    });
    child.once("message", (m: { url: string }) => resolve({ child, url: m.url }));
    child.once("exit", (code) => reject(new Error(`server in ${root} exited ${code}`)));
  });
const sides = { before: await serve(BEFORE), after: await serve(ROOT) };
const token = await benchSession(stride.app.sql, info.adminId);
const headers = { cookie: `${stride.app.config.sessionCookieName}=${token}` };
const W = `/api/workspaces/${info.workspaceSlug}`;
const queries = ["webhok", "invoice", "refactr dark", "BEN-4242", "zzqxv"];
const urls = [
  ...queries.map((q) => ({
    label: `W/search/ ${q}`,
    url: `${W}/search/?search=${encodeURIComponent(q)}&workspace_search=true`,
  })),
  ...queries.map((q) => ({
    label: `P/search-issues/ ${q}`,
    url: `${W}/projects/${info.projectId}/search-issues/?search=${encodeURIComponent(q)}`,
  })),
];
try {
  log(`load ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}`);
  for (const { label, url } of urls) {
    const times: Record<string, number[]> = { before: [], after: [] };
    const bodies: Record<string, string> = {};
    for (let i = 0; i < ROUNDS + 5; i++) {
      for (const side of (i % 2 ? ["after", "before"] : ["before", "after"]) as ("before" | "after")[]) {
        const t = performance.now();
        const res = await fetch(sides[side].url + url, { headers });
        const body = await res.text();
        if (!res.ok) throw new Error(`${side} ${label}: ${res.status} ${body.slice(0, 200)}`);
        if (i >= 5) times[side].push(performance.now() - t);
        bodies[side] = body;
      }
    }
    const same = bodies.before === bodies.after ? "same body" : "BODIES DIFFER";
    log(
      `${label}: before p50 ${percentile(times.before, 50).toFixed(1)} ms, after p50 ${percentile(times.after, 50).toFixed(1)} ms (${same})`,
    );
  }
  log(`load ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}`);
} finally {
  await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  for (const s of Object.values(sides)) s.child.send({ stop: true });
  await stride.close();
}

/**
 * The figures of issue #13 ("Speed without the cache"): writes (create and patch at 1 and 20 clients, statements
 * per request; measured by run.ts's write section), lists on a cache miss, the grouped page at 100,000 items against
 * its own SQL, memory, each with its target, the ratio and the last run beside it.
 * Kept apart from bench/run.ts's own sections: run.ts calls `measureIssue13`, `statementsPerRequest` and `issue13Section`.
 */
import os from "node:os";
import path from "node:path";
import { execSync } from "node:child_process";
import type { AppContext } from "../apps/server/src/core/context.ts";
import { buildListQuery, listCacheOf, type ListRequest } from "../apps/server/src/domain/work-item-list/index.ts";
import { parseListQuery } from "../apps/server/src/domain/work-item-list/params.ts";
import type { BenchInfo } from "./seed.ts";
import { figuresConsole, figuresTable, readLastRun, writeLastRun, type Figure } from "./figures.ts";
import { measureMemory, toMB, type MemoryResult } from "./memory.ts";

import type { Stats } from "./measure.ts";

export type { Stats };

export interface Issue13Deps {
  root: string;
  dataDir: string;
  pgPort: number;
  app: AppContext;
  info: BenchInfo;
  get: (url: string) => Promise<string>;
  headers: Record<string, string>;
  stats: (xs: number[], wallMs?: number) => Stats;
  interleaved: (n: number, a: () => Promise<void>, b: () => Promise<void>) => Promise<{ a: number[]; b: number[] }>;
  httpLoad: (
    url: string,
    headers: Record<string, string>,
    total: number,
    concurrency: number,
  ) => Promise<{ times: number[]; wall: number }>;
  requests: number;
  concurrency: number;
  log: (m: string) => void;
}

export interface Issue13Result {
  small: Record<string, Stats>;
  memory: MemoryResult | null;
  memoryNote: string;
  smallPlan: string;
}

const LAST_RUN = "bench/last-run.json";

/**
 * Statements per request: those the server sends (counted on its own client: BEGIN and COMMIT and the session and
 * scope lookups included) and all that PostgreSQL runs for it (pg_stat_statements, track = all: with those run
 * inside trigger functions, foreign-key checks and the deferred triggers at COMMIT, which it counts as top-level).
 */
export interface StatementCounts {
  top: number;
  all: number;
}

/**
 * Run `fn` n times one after the other and count, with pg_stat_statements (loaded by run.ts, track = all), the
 * statements the database executed for them, per call. Nothing else may use the database meanwhile.
 */
export async function statementsPerRequest(
  app: AppContext,
  n: number,
  fn: (i: number) => Promise<void>,
): Promise<StatementCounts> {
  await app.sql`SELECT pg_stat_statements_reset()`;
  let sent = 0;
  const options = app.sql.options as { debug: unknown };
  options.debug = () => {
    sent++;
  };
  try {
    for (let i = 0; i < n; i++) await fn(i);
  } finally {
    options.debug = false;
  }
  const [r] = await app.sql<{ all: string }[]>`
    SELECT coalesce(sum(calls), 0)::text AS all
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'`;
  if (process.env.BENCH_STATEMENTS_DEBUG === "1") {
    // calls per request, and execution time per request (ms; a top-level statement's includes its triggers')
    const rows = await app.sql<{ calls: string; ms: string; toplevel: boolean; query: string }[]>`
      SELECT calls::text, total_exec_time::text AS ms, toplevel, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) AS query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%' ORDER BY toplevel DESC, total_exec_time DESC`;
    for (const q of rows)
      console.log(
        `  ${q.toplevel ? "top" : "   "} ${(Number(q.calls) / n).toFixed(2).padStart(6)} ${(Number(q.ms) / n).toFixed(3).padStart(7)} ms  ${q.query}`,
      );
  }
  return { top: sent / n, all: Number(r.all) / n };
}

/** The SQL the engine runs for one page, and a way to run it alone through the same pool. */
function pageSql(app: AppContext, req: ListRequest) {
  const built = buildListQuery(req);
  return {
    built,
    run: () =>
      app.sql
        .unsafe(built.text, built.values as never[], { prepare: true })
        .values()
        .then(() => {}),
  };
}

/** The engine's request for a project list page of the admin, from the page's query string. */
export function listRequest(info: BenchInfo, projectId: string, qs: string): ListRequest {
  const query = Object.fromEntries(new URLSearchParams(qs.replace(/^\?/, "")));
  const parsed = parseListQuery(query, { timezone: "UTC" });
  return {
    context: { kind: "project", workspaceId: info.workspaceId, projectId },
    viewer: { userId: info.adminId, timezone: "UTC", ownOnly: false },
    ...parsed,
    shape: "list",
  };
}

/** The list layout's first page (wire-facts §6.1: flat, 100 per page, newest first). */
export const FIRST_PAGE_QS = "?order_by=-created_at&layout=list&per_page=100&cursor=100:0:0";
/** All 2,000 items of the small project: two pages of 1,000 (the most a page may hold). */
export const ALL_PAGES_QS = [
  "?order_by=-created_at&layout=list&per_page=1000&cursor=1000:0:0",
  "?order_by=-created_at&layout=list&per_page=1000&cursor=1000:1:0",
];

/** Memory: a separate server process, idle, then under the 20-client grouped list load with the cache off. */
async function issue13Memory(d: Issue13Deps, SP: string) {
  const { app, info } = d;
  let memory: MemoryResult | null = null;
  let memoryNote = "";
  if (process.platform === "linux") {
    d.log("Issue #13: memory (server as its own process; PostgreSQL as PSS) …");
    const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
    const grouped = `${P}/issues/?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
    try {
      memory = await measureMemory({
        root: d.root,
        dataDir: d.dataDir,
        pgPort: d.pgPort,
        log: d.log,
        warm: async (base) => {
          for (let i = 0; i < 20; i++) {
            const res = await fetch(base + grouped, { headers: d.headers });
            await res.text();
            if (res.status !== 200) throw new Error(`warm-up → ${res.status}`);
          }
        },
        loads: [
          async (base) => {
            await d.httpLoad(base + grouped, d.headers, d.requests, d.concurrency);
          },
          async (base) => {
            await d.httpLoad(
              base + SP + "/issues/" + ALL_PAGES_QS[0],
              d.headers,
              Math.round(d.requests / 4),
              d.concurrency,
            );
          },
        ],
        pgSettings: async () => {
          const r = await app.sql<{ name: string; setting: string; unit: string | null }[]>`
            SELECT name, setting, unit FROM pg_settings WHERE name IN ('max_connections', 'shared_buffers', 'work_mem', 'unix_socket_directories', 'listen_addresses')`;
          return Object.fromEntries(r.map((x) => [x.name, x.unit ? `${x.setting} × ${x.unit}` : x.setting]));
        },
      });
    } catch (e) {
      memoryNote = `not measured: ${(e as Error).message.split("\n")[0]}`;
    }
  } else {
    memoryNote = "not measured: /proc is Linux-only";
  }
  return { memory, memoryNote };
}

export async function measureIssue13(d: Issue13Deps): Promise<Issue13Result> {
  const { app, info, get } = d;
  const cache = listCacheOf(app);
  const SP = `/api/workspaces/${info.workspaceSlug}/projects/${info.smallProjectId}`;
  const small: Record<string, Stats> = {};
  cache.enabled = false;
  try {
    const first = pageSql(app, listRequest(info, info.smallProjectId, FIRST_PAGE_QS));
    const all = ALL_PAGES_QS.map((qs) => pageSql(app, listRequest(info, info.smallProjectId, qs)));
    for (let i = 0; i < 10; i++) {
      for (const qs of ALL_PAGES_QS) await get(SP + "/issues/" + qs);
      await get(SP + "/issues/" + FIRST_PAGE_QS);
    }
    d.log(
      "Issue #13: the 2,000-item project, list cache off: all items (two pages of 1,000) and the first page of 100 …",
    );
    const a = await d.interleaved(
      150,
      async () => {
        for (const qs of ALL_PAGES_QS) await get(SP + "/issues/" + qs);
      },
      async () => {
        for (const q of all) await q.run();
      },
    );
    small.allApi = d.stats(a.a);
    small.allSql = d.stats(a.b);
    const f = await d.interleaved(300, () => get(SP + "/issues/" + FIRST_PAGE_QS).then(() => {}), first.run);
    small.firstApi = d.stats(f.a);
    small.firstSql = d.stats(f.b);
    const rows = await app.sql.unsafe(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${all[0].built.text}`,
      all[0].built.values as never[],
    );
    const smallPlan = (rows as unknown as Record<string, string>[]).map((r) => r["QUERY PLAN"]).join("\n");

    const { memory, memoryNote } = await issue13Memory(d, SP);
    return { small, memory, memoryNote, smallPlan };
  } finally {
    cache.enabled = true;
  }
}

/** The writes' figures: one client, `concurrency` clients, and the statements each sends. */
function writeFigures(s: Record<string, Stats>, st: Record<string, StatementCounts>, concurrency: number): Figure[] {
  const f: Figure[] = [];
  for (const [w, label] of [
    ["create", "Create a work item (POST P/issues/)"],
    ["patch", "Patch a work item (PATCH P/issues/{id}/)"],
  ] as const) {
    const one = s[w];
    const many = s[`${w}Concurrent`];
    if (one) f.push({ id: `t1.${w}.c1.p50`, label: `${label}, 1 client: p50`, value: one.p50, unit: "ms", target: 6 });
    if (many) {
      f.push(
        {
          id: `t1.${w}.c${concurrency}.rps`,
          label: `… ${concurrency} clients: throughput`,
          value: many.rps ?? NaN,
          unit: "req/s",
          target: 300,
          atLeast: true,
        },
        {
          id: `t1.${w}.c${concurrency}.p99`,
          label: `… ${concurrency} clients: p99`,
          value: many.p99,
          unit: "ms",
          target: 60,
        },
        { id: `t1.${w}.c${concurrency}.p50`, label: `… ${concurrency} clients: p50`, value: many.p50, unit: "ms" },
      );
    }
    if (st[w]) {
      f.push(
        {
          id: `t1.${w}.statements`,
          label: `… SQL statements per request sent by the server (BEGIN/COMMIT and the session and scope lookups included)`,
          value: st[w].top,
          unit: "stmts",
          ...(w === "create" ? { target: 6 } : {}),
        },
        {
          id: `t1.${w}.statements.all`,
          label: `… statements per request including those inside triggers and foreign-key checks`,
          value: st[w].all,
          unit: "stmts",
        },
      );
    }
  }
  return f;
}

/** The 2,000-item project's pages: all items and the first page, through the API and as SQL alone. */
function smallListFigures(r: Issue13Result): Figure[] {
  return [
    {
      id: "t2.all2000.api.p50",
      label: "2,000-item project, all items (2 pages of 1,000), 1 client, miss: p50",
      value: r.small.allApi.p50,
      unit: "ms",
      target: 20,
    },
    { id: "t2.all2000.sql.p50", label: "… the same pages' SQL alone: p50", value: r.small.allSql.p50, unit: "ms" },
    {
      id: "t2.first100.api.p50",
      label: "2,000-item project, first page of 100, 1 client, miss: p50",
      value: r.small.firstApi.p50,
      unit: "ms",
      target: 8,
    },
    { id: "t2.first100.sql.p50", label: "… its SQL alone: p50", value: r.small.firstSql.p50, unit: "ms" },
  ];
}

/** The 100,000-item project's grouped and filtered pages, missing the cache and hitting it. */
function bigListFigures(s: Record<string, Stats>, concurrency: number): Figure[] {
  return [
    {
      id: "t3.grouped.c20.p50",
      label: `100,000 items, grouped by state, 50 per group, ${concurrency} clients, miss: p50`,
      value: s.groupedColdConcurrent.p50,
      unit: "ms",
      target: 30,
    },
    {
      id: "t3.grouped.c20.p99",
      label: `… ${concurrency} clients, miss: p99`,
      value: s.groupedColdConcurrent.p99,
      unit: "ms",
      target: 120,
    },
    {
      id: "t3.grouped.c20.rps",
      label: `… ${concurrency} clients, miss: throughput`,
      value: s.groupedColdConcurrent.rps ?? NaN,
      unit: "req/s",
    },
    { id: "t3.grouped.api.p50", label: "… 1 client, miss: API p50", value: s.groupedSingle.p50, unit: "ms" },
    { id: "t3.grouped.sql.p50", label: "… 1 client: its SQL alone p50", value: s.groupedSqlSingle.p50, unit: "ms" },
    {
      id: "t3.grouped.ratio",
      label: "… API over its SQL alone (p50 / p50)",
      value: s.groupedSingle.p50 / s.groupedSqlSingle.p50,
      unit: "×",
      target: 1.5,
    },
    {
      id: "t3.filtered.api.p50",
      label: "100,000 items, label + assignee filter, first 100, 1 client, miss: p50",
      value: s.filteredSingle.p50,
      unit: "ms",
    },
    {
      id: "t3.filtered.ratio",
      label: "… API over its SQL alone",
      value: s.filteredSingle.p50 / s.filteredSqlSingle.p50,
      unit: "×",
    },
    {
      id: "hit.grouped.c1.p50",
      label: "Cache hit (cache on), grouped page, 1 client: p50",
      value: s.groupedWarmSingle.p50,
      unit: "ms",
    },
    {
      id: "hit.grouped.c20.p50",
      label: `Cache hit (cache on), grouped page, ${concurrency} clients: p50`,
      value: s.groupedConcurrent.p50,
      unit: "ms",
    },
  ];
}

/** The server's and PostgreSQL's memory, idle and under the list load. */
function memoryFigures(m: MemoryResult, concurrency: number): Figure[] {
  return [
    { id: "t4.server.idle", label: "Server RSS, idle", value: toMB(m.serverIdleRss), unit: "MB", target: 150 },
    {
      id: "t4.server.load",
      label: `Server RSS, peak under the ${concurrency}-client list load (cache off): grouped page of the 100,000-item project`,
      value: toMB(m.serverLoadRssBy[0]),
      unit: "MB",
      target: 250,
    },
    {
      id: "t4.server.load1000",
      label: `… then ${concurrency} clients on the 1,000-item page of the small project (~0.7 MB bodies)`,
      value: toMB(m.serverLoadRssBy[1]),
      unit: "MB",
      target: 250,
    },
    {
      id: "t4.pg.pss.idle",
      label: "PostgreSQL PSS (postmaster + children), idle",
      value: m.pgIdle ? toMB(m.pgIdle.pss) : NaN,
      unit: "MB",
    },
    { id: "t4.pg.pss.load", label: "PostgreSQL PSS, peak under the load", value: toMB(m.pgLoad.pss), unit: "MB" },
    {
      id: "t4.pg.rsssum.load",
      label: "… the same processes' RSS summed (counts shared memory once per process)",
      value: toMB(m.pgLoad.rssSum),
      unit: "MB",
    },
  ];
}

/** Issue #13's figures from this run (writes and the grouped ones come from run.ts's own measurements). */
export function issue13Figures(
  r: Issue13Result,
  s: Record<string, Stats>,
  st: Record<string, StatementCounts>,
  concurrency: number,
): Figure[] {
  return [
    ...writeFigures(s, st, concurrency),
    ...smallListFigures(r),
    ...bigListFigures(s, concurrency),
    ...(r.memory ? memoryFigures(r.memory, concurrency) : []),
  ];
}

function commit(root: string): string {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** The report section (markdown lines); also prints the figures with the deltas and stores this run. */
export function issue13Section(
  root: string,
  r: Issue13Result,
  s: Record<string, Stats>,
  st: Record<string, StatementCounts>,
  concurrency: number,
  load: string,
  log: (m: string) => void,
): string[] {
  const file = path.join(root, LAST_RUN);
  const prev = readLastRun(file);
  const figures = issue13Figures(r, s, st, concurrency);
  log("\nIssue #13 figures (list cache off unless stated):");
  for (const line of figuresConsole(figures, prev)) log("  " + line);
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  writeLastRun(file, { date, commit: commit(root), load }, figures);
  const m = r.memory;
  return [
    "## Issue #13: speed without the cache",
    "",
    `Every figure with the list cache switched off (each request runs the list query, as a miss does) unless it says "cache hit". Last run: \`${LAST_RUN}\` as it stood before this run${prev ? ` (${prev.date}, commit ${prev.commit}, load ${prev.load})` : " (none)"}; this run is stored there for the next one.`,
    "",
    ...figuresTable(figures, prev),
    "",
    `- 2,000-item project: \`GET P/issues/${ALL_PAGES_QS[0]}\` then \`…cursor=1000:1:0\` (the page size cannot exceed 1,000), timed together; first page: \`GET P/issues/${FIRST_PAGE_QS}\`. API and SQL alone alternate call by call. SQL alone p90/p99: all items ${r.small.allSql.p90.toFixed(1)}/${r.small.allSql.p99.toFixed(1)} ms, API ${r.small.allApi.p90.toFixed(1)}/${r.small.allApi.p99.toFixed(1)} ms; first page SQL ${r.small.firstSql.p90.toFixed(1)}/${r.small.firstSql.p99.toFixed(1)} ms, API ${r.small.firstApi.p90.toFixed(1)}/${r.small.firstApi.p99.toFixed(1)} ms.`,
    m
      ? `- Memory: the server runs as its own process (esbuild bundle of bench/server-entry.ts, as \`npm run build\` bundles it), RSS from /proc/<pid>/status; idle = 3 s after start-up and 20 requests, load = ${concurrency} clients on the grouped page, then on the 1,000-item page of the small project, sampled every 50 ms; ${toMB(m.serverAfterRss).toFixed(1)} MB 2 s after the load. Node flags (from \`npm start\`): ${m.nodeFlags.join(" ") || "(none)"}. At each load's highest sample the server's own account: ${m.serverLoadHeapBy.map((h, i) => (h ? `load ${i + 1}: V8 heap ${toMB(h.heapUsed).toFixed(0)} MB used of ${toMB(h.heapTotal).toFixed(0)} (young generation ${toMB(h.young).toFixed(0)}), outside the heap ${toMB(h.external).toFixed(0)} MB (Buffers ${toMB(h.arrayBuffers).toFixed(0)})` : `load ${i + 1}: ?`)).join("; ")}. PostgreSQL: Pss and Rss from /proc/<pid>/smaps_rollup of the postmaster and its children (${m.pgLoad.processes} processes at the peak; the benchmark's own idle pool is among them). Settings: ${Object.entries(
          m.pgSettings,
        )
          .map(([k, v]) => `${k} = ${v || "(empty)"}`)
          .join(", ")}.`
      : `- Memory: ${r.memoryNote}.`,
    `- Machine: ${os.cpus().length} CPUs, load average ${load}.`,
    "",
    "<details><summary>The 2,000-item project, first page of 1,000 (EXPLAIN ANALYZE)</summary>",
    "",
    "```",
    r.smallPlan,
    "```",
    "</details>",
    "",
  ];
}

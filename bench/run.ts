/**
 * `npm run bench`: start Stride on embedded PostgreSQL with a throwaway data folder (.data-bench/,
 * cached between runs), seed 100,000 work items deterministically (bench/seed.ts), and measure over
 * real HTTP. Results, machine and date go to docs/benchmarks.md.
 *
 * Options (env): BENCH_REQUESTS (default 2000 for the concurrent run), BENCH_CONCURRENCY (20),
 * BENCH_RESEED=1 to rebuild the cached cluster, BENCH_BROWSER=0 to skip the browser measurement,
 * BENCH_SKIP_WEB_BUILD=1 to use the existing apps/web/dist, BENCH_SCREENS_ONLY=1 to measure only the screen
 * loads (and rewrite only their section), BENCH_BASELINE_WEB_DIST=<dir> to measure the screen loads of
 * another build of the web app too (e.g. main's, for a before/after; BENCH_BASELINE_LABEL names it; BENCH_BASELINE_SCREEN_DATA=1
 * when that build reads the page's embedded data), BENCH_SCREENS_FILTER=<text> to load only the screens whose name contains
 * it (the docs stay as they are), BENCH_SCREENS_PROFILE=<dir> for V8 CPU profiles of 3 more loads per screen and build
 * (BENCH_SCREENS_TRACE=1: Chromium traces instead, with a `screen-shown` mark at the content frame; BENCH_SCREENS_PROFILE_FROM_APP=1: of loads from a document of the app's origin), BENCH_WRITES
 * (1000 creates, then as many patches, at BENCH_CONCURRENCY clients), BENCH_SEARCH_ONLY=1 to measure only search (bench/search.ts),
 * BENCH_WRITES_ONLY=1 (`npm run bench:writes`) to measure only the writes (bench/writes.ts), BENCH_DATA_DIR=<dir> to use
 * another checkout's seeded cluster (before/after runs of two builds), BENCH_LIST_ONLY=1 to measure only issue #13's lists on a
 * miss (targets 2 and 3, and the server's JSON work per page, objects against printed texts; one JSON line), BENCH_LOCAL_DB_ONLY=1
 * (`npm run bench:local-db`) to measure only the offline local database (bench/local-db.ts). PostgreSQL runs with Stride's embedded settings
 * (db/embedded.ts) plus pg_stat_statements.
 */
import os from "node:os";
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { buildListQuery, listCacheOf } from "../apps/server/src/domain/work-item-list/index.ts";
import type { BenchInfo } from "./seed.ts";
import { openBenchCluster } from "./cluster.ts";
import { measureWorkItemsBrowser, type BrowserListResult } from "../apps/web/test/perf/work-items-browser.ts";
import { issue13Section, measureIssue13, type StatementCounts } from "./issue13.ts";
import { measureSearch, writeSearchSection } from "./search.ts";
import { measureWrites } from "./writes.ts";
import { runLocalDb } from "./local-db-report.ts";
import { httpLoad, interleaved, load, stats, type Stats } from "./measure.ts";
import {
  adminSession,
  CONCURRENCY,
  DATA,
  listRequest,
  log,
  PG_PORT,
  prepareBrowser,
  REQUESTS,
  ROOT,
  sqlRunner,
  WRITES,
  type BrowserSetup,
} from "./run-env.ts";
import { runListOnly, runWritesOnly } from "./run-only.ts";
import { measureScreens, runScreensOnly, type ScreensResult } from "./screens.ts";
import { writeReport } from "./report.ts";

async function main() {
  const web = prepareBrowser();
  const cluster = await openBenchCluster({ pgPort: PG_PORT, webDist: web.webDist, log });
  const info = cluster.info;
  let stride: Stride = cluster.stride;
  try {
    // earlier versions of this script tuned the planner on the cached cluster: back to the defaults
    await stride.app.sql.unsafe("ALTER DATABASE stride RESET ALL");
    // statements per request (issue #13): pg_stat_statements, loaded at the restart below, nested statements too
    await stride.app.sql.unsafe("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
    await stride.app.sql.unsafe("ALTER SYSTEM SET pg_stat_statements.track = 'all'");
    await stride.close();
    stride = await cluster.start();
    await stride.app.sql.unsafe("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    if (process.env.BENCH_WRITES_ONLY === "1") await runWritesOnly(stride, info);
    else if (process.env.BENCH_LIST_ONLY === "1") await runListOnly(stride, info);
    else if (process.env.BENCH_SCREENS_ONLY === "1") await runScreensOnly(stride, info, web);
    else if (process.env.BENCH_SEARCH_ONLY === "1") writeSearchSection(ROOT, await measureSearch(stride, info, log));
    else if (process.env.BENCH_LOCAL_DB_ONLY === "1") await runLocalDb(stride, info, web.chromiumPath, ROOT, log);
    else {
      await runBench(stride, info, web);
      writeSearchSection(ROOT, await measureSearch(stride, info, log));
      await runLocalDb(stride, info, web.chromiumPath, ROOT, log);
    }
  } finally {
    await stride.close();
  }
}

/** What the sections of a full run share: the server, the seeded project, the admin's session and the figures so far. */
interface BenchRun {
  stride: Stride;
  app: Stride["app"];
  info: BenchInfo;
  base: string;
  token: string;
  headers: Record<string, string>;
  get: (url: string) => Promise<string>;
  /** The big project's API path. */
  P: string;
  /** The measured pages' query strings. */
  groupedQs: string;
  groupedCreatedQs: string;
  filteredQs: string;
  results: Record<string, Stats>;
  cache: ReturnType<typeof listCacheOf>;
}
type ListQuery = ReturnType<typeof buildListQuery>;

async function runBench(stride: Stride, info: BenchInfo, web: BrowserSetup) {
  const { app } = stride;
  const loadBefore = os.loadavg();
  const run: BenchRun = {
    stride,
    app,
    info,
    base: stride.url,
    ...(await adminSession(stride, info)),
    P: `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`,
    groupedQs: `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`,
    groupedCreatedQs: `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=-created_at`,
    filteredQs: `?per_page=100&cursor=100:0:0&order_by=-created_at&labels=${info.filterLabelId}&assignees=${info.filterAssigneeId}`,
    results: {},
    cache: listCacheOf(app),
  };
  const { results } = run;
  const statements: Record<string, StatementCounts> = {};
  const pages = await samplePages(run);
  await measureWarm(run);
  const { mixedIds, mixed } = await measureMixed(run);
  await measureCold(run);
  const { groupedSql, filteredSql } = await measureSqlAlone(run);
  const groupedPlan = await explain(run, groupedSql);
  const filteredPlan = await explain(run, filteredSql);

  // issue #13: the small project's lists on a miss and memory (bench/issue13.ts)
  const i13 = await measureIssue13({
    root: ROOT,
    dataDir: DATA,
    pgPort: PG_PORT,
    app,
    info,
    get: run.get,
    headers: run.headers,
    stats,
    interleaved,
    httpLoad,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    log,
  });
  const browsers = await measureBrowsers(run, web);
  const writeNote = await measureWritesAndClean(run, mixedIds, statements);

  const loadText = `${loadBefore.map((x) => x.toFixed(2)).join(" ")} at the start, ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")} at the end (1, 5, 15 min)`;
  writeReport(info, pages.live, results, {
    issue13: issue13Section(ROOT, i13, results, statements, CONCURRENCY, loadText, log),
    ...browsers,
    groupedPlan,
    filteredPlan,
    writeNote,
    groupedSql: groupedSql.text,
    groupSizes: pages.groupSizes,
    filteredCount: pages.filteredCount,
    mixed,
    load: loadText,
  });
}

/** Clean up after a crashed run, count the listable items, look at the measured pages once, then warm them up. */
async function samplePages(run: BenchRun) {
  const { app, info, get, P, groupedQs, filteredQs } = run;
  // items a crashed earlier run left behind (the seed names none like these)
  await app.sql`DELETE FROM issues WHERE project IN (${info.projectId}, ${info.smallProjectId}) AND (name IN ('bench edited item', 'bench probe') OR name LIKE 'Bench write %')`;
  const [{ live }] = await app.sql<
    { live: number }[]
  >`SELECT count(*)::int AS live FROM issues WHERE project = ${info.projectId} AND deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false`;
  log(`Project has ${live.toLocaleString("en")} listable work items.`);

  const sample = JSON.parse(await get(P + "/issues/" + groupedQs));
  const groupSizes = Object.values(sample.results as Record<string, { results: unknown[]; total_results: number }>).map(
    (g) => `${g.results.length}/${g.total_results}`,
  );
  const filteredSample = JSON.parse(await get(P + "/issues/" + filteredQs));
  log(
    `Grouped page: ${sample.count} items (${groupSizes.join(", ")}); filtered page: ${filteredSample.count} of ${filteredSample.total_count}`,
  );

  // warm-up
  for (let i = 0; i < 30; i++) {
    await get(P + "/issues/" + groupedQs);
    await get(P + "/issues/" + filteredQs);
  }
  return { live, groupSizes, filteredCount: filteredSample.total_count as number };
}

/** Warm: the list cache on, every client asking for the same pages (what a team viewing one board gets). */
async function measureWarm(run: BenchRun) {
  const { base, headers, get, P, groupedQs, groupedCreatedQs, filteredQs, results } = run;
  log(
    `Warm (list cache on): grouped by state, 50 per group, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests …`,
  );
  let r = await httpLoad(base + P + "/issues/" + groupedQs, headers, REQUESTS, CONCURRENCY);
  results.groupedConcurrent = stats(r.times, r.wall);
  r = await httpLoad(base + P + "/issues/" + groupedCreatedQs, headers, Math.round(REQUESTS / 2), CONCURRENCY);
  results.groupedCreatedConcurrent = stats(r.times, r.wall);
  r = await httpLoad(base + P + "/issues/" + filteredQs, headers, REQUESTS, CONCURRENCY);
  results.filteredConcurrent = stats(r.times, r.wall);
  const l = await load(300, 1, () => get(P + "/issues/" + groupedQs).then(() => {}));
  results.groupedWarmSingle = stats(l.times);
}

/**
 * Mixed: the same warm load while someone edits a work item of the project every 250 ms (each edit bumps
 * list_version, so the next requests miss and recompute the page once).
 */
async function measureMixed(run: BenchRun) {
  const { base, headers, P, groupedQs, results, cache } = run;
  const edited = await fetch(`${base}${P}/issues/`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench edited item" }),
  });
  const editedText = await edited.text();
  const mixedIds: string[] = [];
  let mixed = { edits: 0, hits: 0, misses: 0 };
  if (edited.status === 201) {
    const editId = JSON.parse(editedText).id as string;
    mixedIds.push(editId);
    log(`Mixed: the same ${CONCURRENCY} clients while a work item is edited every 250 ms …`);
    let stop = false;
    const h0 = cache.hits;
    const m0 = cache.misses;
    const writer = (async () => {
      while (!stop) {
        const res = await fetch(`${base}${P}/issues/${editId}/`, {
          method: "PATCH",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ priority: mixed.edits % 2 ? "high" : "low" }),
        });
        await res.text();
        mixed.edits++;
        await new Promise((res) => setTimeout(res, 250));
      }
    })();
    const r = await httpLoad(base + P + "/issues/" + groupedQs, headers, REQUESTS, CONCURRENCY);
    stop = true;
    await writer;
    results.groupedMixedConcurrent = stats(r.times, r.wall);
    mixed = { edits: mixed.edits, hits: cache.hits - h0, misses: cache.misses - m0 };
  }
  return { mixedIds, mixed };
}

/** Cold: the cache off, so every request runs the list query as a miss does (a distinct page, or the first request after a write). */
async function measureCold(run: BenchRun) {
  const { base, headers, P, groupedQs, groupedCreatedQs, filteredQs, results, cache } = run;
  cache.enabled = false;
  log(`Cold (list cache off): the same loads …`);
  let r = await httpLoad(base + P + "/issues/" + groupedQs, headers, REQUESTS, CONCURRENCY);
  results.groupedColdConcurrent = stats(r.times, r.wall);
  r = await httpLoad(base + P + "/issues/" + groupedCreatedQs, headers, Math.round(REQUESTS / 2), CONCURRENCY);
  results.groupedCreatedColdConcurrent = stats(r.times, r.wall);
  r = await httpLoad(base + P + "/issues/" + filteredQs, headers, REQUESTS, CONCURRENCY);
  results.filteredColdConcurrent = stats(r.times, r.wall);
}

/** The same pages' SQL alone (same statement the engine builds), through the same connection pool, against the API. */
async function measureSqlAlone(run: BenchRun) {
  const { app, info, get, P, groupedQs, filteredQs, results, cache } = run;
  const reqFor = (qs: string) => listRequest(info, info.projectId, qs);
  const groupedSql = buildListQuery(reqFor(groupedQs));
  const filteredSql = buildListQuery(reqFor(filteredQs));
  const runSql = sqlRunner(app.sql);
  for (let i = 0; i < 20; i++) {
    await runSql(groupedSql);
    await runSql(filteredSql);
  }
  // one client, cold: API and SQL alternate call by call
  log("One client (cache off): API and SQL alone, interleaved …");
  const g = await interleaved(
    300,
    () => get(P + "/issues/" + groupedQs).then(() => {}),
    () => runSql(groupedSql),
  );
  results.groupedSingle = stats(g.a);
  results.groupedSqlSingle = stats(g.b);
  const f = await interleaved(
    300,
    () => get(P + "/issues/" + filteredQs).then(() => {}),
    () => runSql(filteredSql),
  );
  results.filteredSingle = stats(f.a);
  results.filteredSqlSingle = stats(f.b);
  const l = await load(REQUESTS, CONCURRENCY, () => runSql(groupedSql));
  results.groupedSqlConcurrent = stats(l.times, l.wall);
  cache.enabled = true;
  return { groupedSql, filteredSql };
}

async function explain(run: BenchRun, q: ListQuery) {
  const rows = await run.app.sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.text}`, q.values as never[]);
  return (rows as unknown as Record<string, string>[]).map((row) => row["QUERY PLAN"]).join("\n");
}

/** The browser parts: the work-item list (10,000 items) and the four screens of issue #7. */
async function measureBrowsers(
  run: BenchRun,
  web: BrowserSetup,
): Promise<{
  browser: BrowserListResult | null;
  browserNote: string;
  screens: ScreensResult | null;
  screensNote: string;
}> {
  const { stride, app, info, base, token } = run;
  let browser: BrowserListResult | null = null;
  let browserNote = web.note;
  if (web.chromiumPath) {
    log("Browser: loading 10,000 items, scrolling, switching layouts and a filter …");
    try {
      browser = await measureWorkItemsBrowser({
        baseUrl: base,
        chromiumPath: web.chromiumPath,
        cookies: [{ name: app.config.sessionCookieName, value: token }],
        slug: info.workspaceSlug,
        projectId: info.projectId,
      });
    } catch (e) {
      browserNote = `failed: ${(e as Error).message.split("\n")[0]}`;
    }
  }

  // browser: four screens opened from their URL (issue #7)
  let screens: ScreensResult | null = null;
  let screensNote = web.note;
  if (web.chromiumPath) {
    try {
      screens = await measureScreens(stride, info, web.chromiumPath, token);
    } catch (e) {
      screensNote = `failed: ${(e as Error).message.split("\n")[0]}`;
    }
  }

  return { browser, browserNote, screens, screensNote };
}

/** Writes (issue #13 target 1), then the run's items and session deleted; returns the writes' note. */
async function measureWritesAndClean(
  run: BenchRun,
  mixedIds: string[],
  statements: Record<string, StatementCounts>,
): Promise<string> {
  const { app, info, base, token, headers, P, results } = run;
  const writesFrom = new Date();
  const w = await measureWrites({
    app,
    base,
    projectPath: P,
    headers,
    stats,
    load,
    concurrency: CONCURRENCY,
    writes: WRITES,
    log,
  });
  Object.assign(results, w.results);
  Object.assign(statements, w.statements);
  const writeNote = w.note;
  const created: string[] = [...mixedIds, ...w.created];
  // keep the cached dataset identical between runs
  if (created.length)
    await app.sql`DELETE FROM issues WHERE id = ANY(${created}::uuid[]) OR (project = ${info.projectId} AND created_at >= ${writesFrom.toISOString()}::timestamptz)`;
  await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;

  return writeNote;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

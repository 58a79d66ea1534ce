/**
 * `npm run bench`'s single-part runs (bench/run.ts): BENCH_WRITES_ONLY=1 and BENCH_LIST_ONLY=1, each printed as one
 * JSON line for interleaved before/after runs of two builds.
 */
import os from "node:os";
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import {
  buildListQuery,
  listCacheOf,
  listEnvelope,
  shapeResult,
  stringifyWithText,
} from "../apps/server/src/domain/work-item-list/index.ts";
import { readRows, readRowsJson } from "../apps/server/src/domain/work-item-list/engine.ts";
import type { BenchInfo } from "./seed.ts";
import { benchSession } from "./cluster.ts";
import { ALL_PAGES_QS, FIRST_PAGE_QS } from "./issue13.ts";
import { measureWrites } from "./writes.ts";
import { httpLoad, interleaved, load, stats, type Stats } from "./measure.ts";
import { adminSession, CONCURRENCY, listRequest, log, REQUESTS, sqlRunner, WRITES } from "./run-env.ts";

/** issue #3's grouped page of the big project. */
const GROUPED_QS = `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
type ListQuery = ReturnType<typeof buildListQuery>;

/** BENCH_WRITES_ONLY=1: issue #13's write figures alone, printed as one JSON line (for interleaved before/after runs). */
export async function runWritesOnly(stride: Stride, info: BenchInfo) {
  const { app } = stride;
  const loadBefore = os.loadavg();
  const token = await benchSession(app.sql, info.adminId);
  const headers = { cookie: `${app.config.sessionCookieName}=${token}` };
  const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
  const writesFrom = new Date();
  const w = await measureWrites({
    app,
    base: stride.url,
    projectPath: P,
    headers,
    stats,
    load,
    concurrency: CONCURRENCY,
    writes: WRITES,
    log,
  });
  await app.sql`DELETE FROM issues WHERE id = ANY(${w.created}::uuid[]) OR (project = ${info.projectId} AND created_at >= ${writesFrom.toISOString()}::timestamptz)`;
  await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 10) / 10);
  const figures = Object.fromEntries(
    Object.entries(w.results).map(([k, v]) => [
      k,
      { p50: round(v.p50), p90: round(v.p90), p99: round(v.p99), rps: round(v.rps) },
    ]),
  );
  log(
    "WRITES " +
      JSON.stringify({
        label: process.env.BENCH_LABEL ?? "",
        load: [loadBefore, os.loadavg()].map((l) => l.map((x) => x.toFixed(2)).join(" ")),
        figures,
        statements: w.statements,
        note: w.note,
      }),
  );
}

/**
 * BENCH_LIST_ONLY=1: issue #13's list figures on a miss alone (targets 2 and 3: the 2,000-item project's pages, the
 * grouped page at 1 and CONCURRENCY clients against its SQL alone), printed as one JSON line (for interleaved
 * before/after runs; nothing written to docs/ or bench/last-run.json).
 */
export async function runListOnly(stride: Stride, info: BenchInfo) {
  const { app } = stride;
  const loadBefore = os.loadavg();
  const base = stride.url;
  const { token, headers, get } = await adminSession(stride, info);
  const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
  const SP = `/api/workspaces/${info.workspaceSlug}/projects/${info.smallProjectId}`;
  const groupedQs = GROUPED_QS;
  const reqFor = (projectId: string, qs: string) => listRequest(info, projectId, qs);
  const runSql = sqlRunner(app.sql);
  const groupedSql = buildListQuery(reqFor(info.projectId, groupedQs));
  const allSql = ALL_PAGES_QS.map((qs) => buildListQuery(reqFor(info.smallProjectId, qs)));
  const firstSql = buildListQuery(reqFor(info.smallProjectId, FIRST_PAGE_QS));
  const cache = listCacheOf(app);
  cache.enabled = false;
  const results: Record<string, Stats> = {};
  try {
    for (let i = 0; i < 20; i++) {
      await get(P + "/issues/" + groupedQs);
      await runSql(groupedSql);
      for (const qs of ALL_PAGES_QS) await get(SP + "/issues/" + qs);
      await get(SP + "/issues/" + FIRST_PAGE_QS);
    }
    log("List only (cache off): the 2,000-item project …");
    const a = await interleaved(
      150,
      async () => {
        for (const qs of ALL_PAGES_QS) await get(SP + "/issues/" + qs);
      },
      async () => {
        for (const q of allSql) await runSql(q);
      },
    );
    results.allApi = stats(a.a);
    results.allSql = stats(a.b);
    const f = await interleaved(
      300,
      () => get(SP + "/issues/" + FIRST_PAGE_QS).then(() => {}),
      () => runSql(firstSql),
    );
    results.firstApi = stats(f.a);
    results.firstSql = stats(f.b);
    log("List only (cache off): the grouped page, 1 client against its SQL, then 20 clients …");
    const g = await interleaved(
      300,
      () => get(P + "/issues/" + groupedQs).then(() => {}),
      () => runSql(groupedSql),
    );
    results.groupedSingle = stats(g.a);
    results.groupedSqlSingle = stats(g.b);
    await measureBodies(stride, info, { body1000: allSql[0], bodyGrouped: groupedSql }, results);
    const r = await httpLoad(base + P + "/issues/" + groupedQs, headers, REQUESTS, CONCURRENCY);
    results.groupedColdConcurrent = stats(r.times, r.wall);
    const l = await load(REQUESTS, CONCURRENCY, () => runSql(groupedSql));
    results.groupedSqlConcurrent = stats(l.times, l.wall);
  } finally {
    cache.enabled = true;
    await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  }
  printListFigures(results, loadBefore);
}

/**
 * The server's JSON work on the same rows, call by call: objects + JSON.stringify (listWorkItems) against the items'
 * texts printed from the rows (listWorkItemsJson), each from the rows to the body's bytes.
 */
async function measureBodies(
  stride: Stride,
  info: BenchInfo,
  sql: { body1000: ListQuery; bodyGrouped: ListQuery },
  results: Record<string, Stats>,
) {
  for (const [name, req, q] of [
    ["body1000", listRequest(info, info.smallProjectId, ALL_PAGES_QS[0]), sql.body1000],
    ["bodyGrouped", listRequest(info, info.projectId, GROUPED_QS), sql.bodyGrouped],
  ] as const) {
    const rows = (await stride.app.sql
      .unsafe(q.text, q.values as never[], { prepare: true })
      .values()) as unknown as unknown[][];
    const body = await interleaved(
      300,
      async () => {
        Buffer.from(JSON.stringify(listEnvelope(req.page, shapeResult(req, q, readRows(req, rows)))));
      },
      async () => {
        Buffer.from(stringifyWithText(listEnvelope(req.page, shapeResult(req, q, readRowsJson(req, rows)))));
      },
    );
    results[`${name}Objects`] = stats(body.a);
    results[`${name}Texts`] = stats(body.b);
  }
}

/** The LIST line: every figure rounded to 1/100 ms, and the grouped page's API time over its SQL's. */
function printListFigures(results: Record<string, Stats>, loadBefore: number[]) {
  const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);
  const figures = Object.fromEntries(
    Object.entries(results).map(([k, v]) => [
      k,
      { p50: round(v.p50), p90: round(v.p90), p99: round(v.p99), rps: round(v.rps) },
    ]),
  );
  const ratio = round((results.groupedSingle.p50 / results.groupedSqlSingle.p50) * 100)! / 100;
  log(
    "LIST " +
      JSON.stringify({
        label: process.env.BENCH_LABEL ?? "",
        load: [loadBefore, os.loadavg()].map((x) => x.map((y) => y.toFixed(2)).join(" ")),
        groupedApiOverSql: ratio,
        figures,
      }),
  );
}

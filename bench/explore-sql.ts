/**
 * The list pages' SQL on one connection (issue #13 targets 2 and 3): EXPLAIN (ANALYZE, BUFFERS) of the grouped page
 * and the 1,000-item page, whether PostgreSQL re-plans the prepared statement on every call (custom plans: their
 * planning time is paid per call) or keeps a generic plan, and the statement timed under each plan_cache_mode.
 *
 *   BENCH_PG_PORT=… node --import tsx bench/explore-sql.ts
 */
import os from "node:os";
import { openBenchCluster } from "./cluster.ts";
import { buildListQuery, type ListRequest } from "../apps/server/src/domain/work-item-list/index.ts";
import { ALL_PAGES_QS, listRequest } from "./issue13.ts";

const log = (m: string) => process.stdout.write(m + "\n");
const cluster = await openBenchCluster({ pgPort: Number(process.env.BENCH_PG_PORT ?? 54411), log });
const { stride, info } = cluster;
const sql = stride.app.sql;
const reqFor = (projectId: string, qs: string): ListRequest => listRequest(info, projectId, qs);
const pages = {
  grouped: buildListQuery(reqFor(info.projectId, `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`)),
  all0: buildListQuery(reqFor(info.smallProjectId, ALL_PAGES_QS[0])),
  all1: buildListQuery(reqFor(info.smallProjectId, ALL_PAGES_QS[1])),
};
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const only = process.argv[2];
try {
  const c = await sql.reserve();
  try {
    for (const [name, q] of Object.entries(pages)) {
      if (only && only !== name) continue;
      for (const mode of ["auto", "force_custom_plan", "force_generic_plan"]) {
        await c.unsafe(`SET plan_cache_mode = ${mode}`);
        await c.unsafe("DISCARD PLANS");
        const times: number[] = [];
        const raw: number[] = [];
        for (let i = 0; i < 60; i++) {
          let t = performance.now();
          await c.unsafe(q.text, q.values as never[], { prepare: true }).values();
          times.push(performance.now() - t);
          t = performance.now();
          await c.unsafe(q.text, q.values as never[], { prepare: true }).raw();
          raw.push(performance.now() - t);
        }
        const [ps] = await c.unsafe<{ generic_plans: string; custom_plans: string }[]>(
          `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement = $1`,
          [q.text],
        );
        log(
          `${name} ${mode}: p50 ${p50(times).toFixed(2)} ms (rows as raw buffers ${p50(raw).toFixed(2)} ms); plans so far generic ${ps?.generic_plans} custom ${ps?.custom_plans}`,
        );
      }
      await c.unsafe(`SET plan_cache_mode = auto`);
      const plan = await c.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.text}`, q.values as never[]);
      const text = (plan as unknown as Record<string, string>[]).map((r) => r["QUERY PLAN"]);
      log(`${name}: ${text.filter((l) => /Planning Time|Execution Time/.test(l)).join("; ")}`);
      if (process.env.PLAN === "1") log(text.join("\n"));
      // the projection alone: the same rows without the item columns
      const t0 = performance.now();
      for (let i = 0; i < 30; i++) await c.unsafe(`EXPLAIN (ANALYZE, TIMING OFF) ${q.text}`, q.values as never[]);
      log(`${name}: EXPLAIN ANALYZE (timing off) round trip ${((performance.now() - t0) / 30).toFixed(2)} ms`);
    }
  } finally {
    c.release();
  }
  log(
    `load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await stride.close();
}

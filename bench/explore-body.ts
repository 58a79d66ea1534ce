/**
 * The server's JSON work on one page's rows, step by step and in alternative forms (issue #13 target 2), timed
 * call by call in one process on the bench cluster's rows.
 *
 *   BENCH_PG_PORT=… node --import tsx bench/explore-body.ts
 */
import os from "node:os";
import { openBenchCluster } from "./cluster.ts";
import {
  buildListQuery,
  listEnvelope,
  shapeResult,
  stringifyWithText,
  type ListRequest,
} from "../apps/server/src/domain/work-item-list/index.ts";
import * as engine from "../apps/server/src/domain/work-item-list/engine.ts";
import { ALL_PAGES_QS, listRequest } from "./issue13.ts";

const log = (m: string) => process.stdout.write(m + "\n");
const cluster = await openBenchCluster({ pgPort: Number(process.env.BENCH_PG_PORT ?? 54411), log });
const { stride, info } = cluster;
const sql = stride.app.sql;
const reqFor = (projectId: string, qs: string): ListRequest => listRequest(info, projectId, qs);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const [name, req] of [
    ["all0", reqFor(info.smallProjectId, ALL_PAGES_QS[0])],
    ["grouped", reqFor(info.projectId, `?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`)],
  ] as const) {
    const q = buildListQuery(req);
    const rows = (await sql.unsafe(q.text, q.values as never[], { prepare: true }).values()) as unknown as unknown[][];
    const ref = Buffer.from(
      stringifyWithText(listEnvelope(req.page, shapeResult(req, q, engine.readRowsJson(req, rows)))),
    );
    const variants: Record<string, () => Buffer> = {
      current: () =>
        Buffer.from(stringifyWithText(listEnvelope(req.page, shapeResult(req, q, engine.readRowsJson(req, rows))))),
    };
    const extra = (engine as Record<string, unknown>).listBodyFromRows as
      ((req: ListRequest, q: unknown, rows: unknown[][]) => Buffer) | undefined;
    if (extra) variants.new = () => extra(req, q, rows);

    for (const [v, f] of Object.entries(variants)) {
      const out = f();
      if (!out.equals(ref)) log(`${name} ${v}: DIFFERENT BODY (${out.length} vs ${ref.length} bytes)`);
    }
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
    for (let i = 0; i < 300; i++) {
      for (const [v, f] of Object.entries(variants)) {
        const t = performance.now();
        f();
        times[v].push(performance.now() - t);
      }
    }
    // the steps of the current form
    const st: Record<string, number[]> = { readRowsJson: [], shape: [], stringify: [], bytes: [] };
    for (let i = 0; i < 300; i++) {
      let t = performance.now();
      const p = engine.readRowsJson(req, rows);
      st.readRowsJson.push(performance.now() - t);
      t = performance.now();
      const r = shapeResult(req, q, p);
      st.shape.push(performance.now() - t);
      t = performance.now();
      const s = stringifyWithText(listEnvelope(req.page, r));
      st.stringify.push(performance.now() - t);
      t = performance.now();
      Buffer.from(s);
      st.bytes.push(performance.now() - t);
    }
    log(
      `${name} (${ref.length} bytes): ` +
        Object.entries(times)
          .map(([k, v]) => `${k} ${p50(v).toFixed(2)} ms`)
          .join(", ") +
        " | steps: " +
        Object.entries(st)
          .map(([k, v]) => `${k} ${p50(v).toFixed(2)}`)
          .join(", "),
    );
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

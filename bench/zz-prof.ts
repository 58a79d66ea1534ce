import fs from "node:fs";
import { startStride } from "../apps/server/src/boot.ts";
import { buildListQuery, readRows, shapeResult, listEnvelope } from "../apps/server/src/core/issue-list/engine.ts";
import { parseListQuery } from "../apps/server/src/core/issue-list/params.ts";
const info = JSON.parse(fs.readFileSync("/work/wt/lists/.data-bench/bench.json", "utf8"));
const s = await startStride({ dataDir: "/work/wt/lists/.data-bench", port: 0, host: "127.0.0.1", embeddedPgPort: 54411, runWorkers: false, logLevel: "warn", secretKey: "bench-secret" }, () => {});
const qs = "order_by=-created_at&layout=list&per_page=1000&cursor=1000:0:0";
const parsed = parseListQuery(Object.fromEntries(new URLSearchParams(qs)), { timezone: "UTC" });
const req: any = { context: { kind: "project", workspaceId: info.workspaceId, projectId: info.smallProjectId }, viewer: { userId: info.adminId, timezone: "UTC", ownOnly: false }, ...parsed, shape: "list" };
const t = { q: [] as number[], raw: [] as number[], read: [] as number[], json: [] as number[] };
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(2);
const b = buildListQuery(req);
for (let i = 0; i < 60; i++) {
  let t0 = performance.now();
  const rows = (await s.app.sql.unsafe(b.text, b.values as never[]).values()) as any;
  t.q.push(performance.now() - t0);
  t0 = performance.now();
  await s.app.sql.unsafe(b.text, b.values as never[]).raw();
  t.raw.push(performance.now() - t0);
  t0 = performance.now();
  const r = shapeResult(req, b, readRows(req, rows));
  const env = listEnvelope(req.page, r);
  t.read.push(performance.now() - t0);
  t0 = performance.now();
  JSON.stringify(env);
  t.json.push(performance.now() - t0);
}
console.log("query+parse", med(t.q), "raw (no parse)", med(t.raw), "readRows+shape", med(t.read), "stringify", med(t.json));
await s.close();

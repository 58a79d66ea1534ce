import { openBenchCluster } from "../cluster.ts";
const cluster = await openBenchCluster({ pgPort: 54521, log: () => {} });
const { stride, info } = cluster;
const sql = stride.app.sql;
const cyc = await sql`SELECT id FROM cycles WHERE project = ${info.projectId} AND archived_at IS NULL`;
const mod = await sql`SELECT id FROM modules WHERE project = ${info.projectId} AND archived_at IS NULL AND deleted_at IS NULL`.catch(() => sql`SELECT id FROM modules WHERE project = ${info.projectId}`);
console.log("cycles", cyc.length, "modules", mod.length);
const ids = `ARRAY[${cyc.map((r) => `'${r.id}'`).join(",")}]::uuid[]`;
const LIVE = `i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.is_epic = false`;
for (const q of [
  `SELECT ci.cycle::text AS cycle, s."group" AS grp, count(*)::int AS n FROM cycle_issues ci JOIN issues i ON i.id = ci.issue LEFT JOIN states s ON s.id = i.state WHERE ci.cycle = ANY(${ids}) AND ${LIVE} GROUP BY ci.cycle, s."group"`,
  `SELECT ci.cycle::text AS cycle, array_agg(DISTINCT a.id::text ORDER BY a.id::text) AS assignees FROM cycle_issues ci JOIN issues i ON i.id = ci.issue CROSS JOIN LATERAL unnest(i.assignee_ids) AS a(id) WHERE ci.cycle = ANY(${ids}) AND ${LIVE} GROUP BY ci.cycle`,
]) {
  for (let k = 0; k < 2; k++) {
    const r = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
    if (k === 1) console.log(r.map((x) => x["QUERY PLAN"]).join("\n"));
  }
}
await stride.close();

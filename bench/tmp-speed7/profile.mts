// time the embedded requests of a screen, one by one and all together, on the bench cluster
import crypto from "node:crypto";
import { openBenchCluster } from "/work/wt/speed7/bench/cluster.ts";
import { hashToken } from "/work/wt/speed7/apps/server/src/core/session.ts";
import { buildServer } from "/work/wt/speed7/apps/server/src/app.ts";
import { screenRequests, requestKey } from "../../packages/shared/src/index.ts";

const cluster = await openBenchCluster({ pgPort: 54521, log: (m) => console.log(m) });
const { stride, info } = cluster;
const app = stride.app;
const token = crypto.randomBytes(24).toString("base64url");
await app.sql`INSERT INTO sessions (id, user_id, kind, expires_at) VALUES (${hashToken(token)}, ${info.adminId}, 'app', now() + interval '1 day')`;
const fastify = await buildServer(app, {});
const headers = { cookie: `${app.config.sessionCookieName}=${token}`, accept: "application/json" };
const [project] = await app.sql<{ identifier: string }[]>`SELECT identifier FROM projects WHERE id = ${info.projectId}`;
const [item] = await app.sql<{ id: string; sequence_id: number }[]>`SELECT id, sequence_id FROM issues WHERE project = ${info.projectId} AND parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AND NOT is_epic ORDER BY sequence_id LIMIT 1`;
const screens = [
  `/${info.workspaceSlug}/browse/${project.identifier}-${item.sequence_id}/`,
  `/${info.workspaceSlug}/projects/${info.projectId}/issues/?peekId=${item.id}`,
  `/${info.workspaceSlug}/projects/${info.projectId}/settings/`,
  `/${info.workspaceSlug}/settings/members/`,
];
for (const s of screens) {
  const u = new URL(s, "http://x");
  for (let round = 0; round < 4; round++) {
    const times: [string, number, number, number][] = [];
    const t0 = performance.now();
    await screenRequests(u.pathname, u.search, async (url) => {
      const t = performance.now();
      const r = await fastify.inject({ method: "GET", url, headers });
      times.push([url, Math.round(t - t0), Math.round(performance.now() - t0), r.payload.length]);
      return r.statusCode === 200 ? JSON.parse(r.payload) : undefined;
    });
    const total = Math.round(performance.now() - t0);
    // serial: each alone
    let serial = "";
    if (round === 3) {
      for (const [url] of times) {
        const t = performance.now();
        await fastify.inject({ method: "GET", url, headers });
        serial += `\n   ${(performance.now() - t).toFixed(1).padStart(7)} ms  ${url.slice(0, 110)}`;
      }
    }
    console.log(`${s} round ${round}: ${total} ms, ${times.length} requests`);
    if (round === 3) { for (const t of times.sort((a, b) => a[2] - b[2])) console.log(`   ${String(t[1]).padStart(4)} → ${String(t[2]).padStart(4)}  ${String(t[3]).padStart(7)} B  ${t[0].slice(0, 110)}`); console.log(" alone:" + serial); }
  }
}
await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
await fastify.close();
await stride.close();

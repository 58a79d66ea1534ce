/**
 * `node --import tsx bench/insight.ts`: the analytics and profile figures of issue #12 on the seeded 100,000-item
 * project (the same cached cluster as `npm run bench`, .data-bench/, seeded by bench/seed.ts when missing or stale).
 * Each endpoint is asked BENCH_INSIGHT_RUNS times (default 30) one after another as the workspace admin, after two
 * warm-up calls; the p50 / p90 / max go to docs/benchmarks.md between the `analytics` markers.
 * Env: BENCH_PG_PORT (default 54417, apart from run.ts's), BENCH_RESEED=1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Stride } from "../apps/server/src/boot.ts";
import { ITEM_COUNT, type BenchInfo } from "./seed.ts";
import { openBenchCluster, benchSession } from "./cluster.ts";
import { percentile } from "./endpoints.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54417);
const RUNS = Number(process.env.BENCH_INSIGHT_RUNS ?? 30);
const START = "<!-- analytics -->";
const END = "<!-- /analytics -->";
const log = (m: string) => process.stdout.write(m + "\n");

async function main() {
  const { stride, info } = await openBenchCluster({ pgPort: PG_PORT, log });
  try {
    await measure(stride, info);
  } finally {
    await stride.close();
  }
}

async function measure(stride: Stride, info: BenchInfo) {
  const { app } = stride;
  const token = await benchSession(app.sql, info.adminId);
  const headers = { cookie: `${app.config.sessionCookieName}=${token}` };
  const W = `/api/workspaces/${info.workspaceSlug}`;
  const P = `${W}/projects/${info.projectId}`;
  const [cycle] = await app.sql<
    { id: string }[]
  >`SELECT id FROM cycles WHERE project = ${info.projectId} ORDER BY created_at LIMIT 1`;
  const person = info.filterAssigneeId;
  const endpoints: [string, string][] = [
    ["W advance-analytics (overview)", `${W}/advance-analytics/?tab=overview`],
    ["W advance-analytics (work-items)", `${W}/advance-analytics/?tab=work-items`],
    ["W advance-analytics-stats", `${W}/advance-analytics-stats/?type=work-items`],
    ["W charts: projects", `${W}/advance-analytics-charts/?type=projects`],
    ["W charts: created vs completed by month", `${W}/advance-analytics-charts/?type=work-items`],
    ["W charts: custom, priority", `${W}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY`],
    [
      "W charts: custom, labels by state group",
      `${W}/advance-analytics-charts/?type=custom-work-items&x_axis=LABELS&group_by=STATE_GROUPS`,
    ],
    [
      "W charts: custom, assignees by priority",
      `${W}/advance-analytics-charts/?type=custom-work-items&x_axis=ASSIGNEES&group_by=PRIORITY`,
    ],
    ["P advance-analytics", `${P}/advance-analytics/`],
    ["P advance-analytics-stats (by assignee)", `${P}/advance-analytics-stats/`],
    [
      "P charts: custom, states by assignees",
      `${P}/advance-analytics-charts/?type=custom-work-items&x_axis=STATES&group_by=ASSIGNEES`,
    ],
    ...(cycle
      ? ([["P charts: a cycle by day", `${P}/advance-analytics-charts/?type=work-items&cycle_id=${cycle.id}`]] as [
          string,
          string,
        ][])
      : []),
    ["W user-stats (a busy assignee)", `${W}/user-stats/${person}/`],
    ["W user-profile", `${W}/user-profile/${person}/`],
    ["W user-activity (first page)", `${W}/user-activity/${person}/`],
  ];
  const rows: string[] = [];
  const loadBefore = os.loadavg();
  for (const [name, url] of endpoints) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const t = performance.now();
      const res = await fetch(stride.url + url, { headers });
      await res.text();
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      if (i >= 2) times.push(performance.now() - t);
    }
    const line = `| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 90).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`;
    rows.push(line);
    log(line);
  }
  const cpus = os.cpus();
  const section = [
    START,
    "## Analytics and profiles (issue #12; bench/insight.ts)",
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${cpus[0]?.model ?? "?"} (load ${loadBefore.map((x) => x.toFixed(2)).join(" ")}), the seeded workspace (${ITEM_COUNT.toLocaleString("en")}-item project and the 2,000-item one) as its admin; ${RUNS} sequential calls each after two warm-ups, milliseconds over HTTP. Each chart is one aggregate statement over the lists' visible items; nothing is cached.`,
    "",
    "| Call | p50 | p90 | max |",
    "|---|---|---|---|",
    ...rows,
    END,
  ].join("\n");
  const file = path.join(ROOT, "docs/benchmarks.md");
  const text = fs.readFileSync(file, "utf8");
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  fs.writeFileSync(
    file,
    a >= 0 && b > a ? text.slice(0, a) + section + text.slice(b + END.length) : `${text.trimEnd()}\n\n${section}\n`,
  );
  log("Written to docs/benchmarks.md");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

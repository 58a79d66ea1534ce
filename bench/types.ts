/**
 * `npm run bench:types` (issue #29's targets), on the cached 100,000-item cluster (bench/cluster.ts; seeded when
 * missing). It turns work item types on in the big project, gives its default type an option property (4 options) and
 * four more properties, sets values on every item in one statement each, then measures with the list cache off:
 * 1. the 100,000-item list filtered (priority) and grouped by the option property against the same list grouped by
 *    state (target: within 1.5×), interleaved;
 * 2. a v1 list of 100 items carrying five custom property values each against the same list of a project without
 *    properties (target: within 1.3×): one request each, interleaved.
 * Prints one JSON line and writes docs/benchmarks.md's "Work item types" section. The values stay on the cached cluster
 * (the next run reuses them).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openBenchCluster, benchSession, ROOT, type BenchCluster } from "./cluster.ts";
import { listCacheOf } from "../apps/server/src/domain/work-item-list/index.ts";
import { hashToken } from "../apps/server/src/http/session.ts";

const log = (m: string) => process.stdout.write(m + "\n");
const N = Number(process.env.BENCH_TYPES_ROUNDS ?? 60);

function p50(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

type Call = (method: string, url: string, body?: unknown) => Promise<any>;
type Prop = { id: string; options: { id: string }[] };

/** Types on for project `P` (the default and epic types; every item gets its type), then five properties on the default type. */
async function benchProperties(call: Call, P: string): Promise<Prop[]> {
  log("Turning types on for the 100,000-item project …");
  await call("PATCH", `${P}/`, { is_issue_type_enabled: true });
  const types = (await call("GET", `${P}/issue-types/`)) as { id: string; is_default: boolean }[];
  const def = types.find((t) => t.is_default)!.id;
  const existing = (await call("GET", `${P}/issue-types/${def}/issue-properties/`)) as {
    id: string;
    display_name: string;
    kind: string;
    options: { id: string }[];
  }[];
  const want = [
    {
      display_name: "Bench severity",
      kind: "option",
      options: [{ name: "S1" }, { name: "S2" }, { name: "S3" }, { name: "S4" }],
    },
    { display_name: "Bench points", kind: "number" },
    { display_name: "Bench note", kind: "text" },
    { display_name: "Bench flag", kind: "boolean" },
    { display_name: "Bench due", kind: "date" },
  ];
  const props = [];
  for (const w of want)
    props.push(
      existing.find((e) => e.display_name === w.display_name) ??
        (await call("POST", `${P}/issue-types/${def}/issue-properties/`, w)),
    );
  return props as Prop[];
}

/** Five values on every item of the big project (once: kept for the next run). */
async function fillValues(
  sql: BenchCluster["stride"]["app"]["sql"],
  info: BenchCluster["info"],
  [sev, pts, note, flag, due]: Prop[],
) {
  const [{ n }] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM issue_property_values WHERE project = ${info.projectId}`;
  if (n !== info.counts.issues * 5) {
    log("Setting five values on every item …");
    const t0 = performance.now();
    await sql`DELETE FROM issue_property_values WHERE project = ${info.projectId}`;
    await sql`
    INSERT INTO issue_property_values (workspace, project, issue, property, option, value, position)
    SELECT i.workspace, i.project, i.id, ${sev.id}::uuid, o.id, o.id::text, 0
    FROM (SELECT id, workspace, project, row_number() OVER (ORDER BY id) AS n FROM issues WHERE project = ${info.projectId}) i
    JOIN LATERAL (SELECT id FROM issue_property_options WHERE property = ${sev.id}::uuid ORDER BY sort_order OFFSET (i.n % 5) LIMIT 1) o ON true`;
    await sql`
    INSERT INTO issue_property_values (workspace, project, issue, property, value, position)
    SELECT i.workspace, i.project, i.id, x.property, x.value, 0 FROM issues i
    CROSS JOIN LATERAL (VALUES (${pts.id}::uuid, (i.sequence_id % 13)::text), (${note.id}::uuid, 'note ' || i.sequence_id), (${flag.id}::uuid, CASE WHEN i.sequence_id % 2 = 0 THEN 'true' ELSE 'false' END),
      (${due.id}::uuid, (date '2026-01-01' + (i.sequence_id % 200))::text)) x(property, value)
    WHERE i.project = ${info.projectId}`;
    await sql.unsafe("VACUUM (ANALYZE) issues");
    log(`Values written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else log("Using the values already set on every item");
}

/** The headers of an API key of the workspace for the bench's v1 reads. */
async function benchApiKey(call: Call, sql: BenchCluster["stride"]["app"]["sql"], slug: string) {
  const key = (await call("POST", `/api/workspaces/${slug}/api-tokens/`, { label: "bench-types" })) as {
    token: string;
  };
  // the bench's key is not held to the default 60 requests a minute
  await sql`UPDATE api_tokens SET allowed_rate_limit = '100000/min' WHERE id = ${(key as unknown as { id: string }).id}`;
  return { "x-api-key": key.token };
}

/** The p50s of the four measures (grouped by state, by option; v1 with and without values) and their ratios. */
function figuresOf(a: number[], b: number[], c: number[], d: number[], valuesPerItem: number[]) {
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
    groupedByStateP50: r(p50(a)),
    groupedByOptionP50: r(p50(b)),
    groupedRatio: r(p50(b) / p50(a)),
    v1WithValuesP50: r(p50(c)),
    v1WithoutValuesP50: r(p50(d)),
    v1Ratio: r(p50(c) / p50(d)),
    v1ValuesPerItem: [Math.min(...valuesPerItem), Math.max(...valuesPerItem)],
  };
}

async function main() {
  const cluster = await openBenchCluster({ pgPort: Number(process.env.BENCH_PG_PORT ?? 54412), log });
  const { stride, info } = cluster;
  const { app } = stride;
  const sql = app.sql;
  const token = await benchSession(sql, info.adminId);
  const headers = { cookie: `${app.config.sessionCookieName}=${token}` };
  const P = `/api/workspaces/${info.workspaceSlug}/projects/${info.projectId}`;
  const cache = listCacheOf(app);
  try {
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(stride.url + url, {
        method,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}), origin: stride.url },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : null;
    };
    const [sev, pts, note, flag, due] = await benchProperties(call, P);
    await fillValues(sql, info, [sev, pts, note, flag, due]);

    cache.enabled = false;
    const get = async (url: string, h: Record<string, string> = headers) => {
      const t = performance.now();
      const res = await fetch(stride.url + url, { headers: h });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
      return performance.now() - t;
    };
    const filter = "priority=urgent,high,medium";
    const byState = `${P}/issues/?${filter}&group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order`;
    const byProp = `${P}/issues/?${filter}&group_by=custom_property__${sev.id}&per_page=50&cursor=50:0:0&order_by=sort_order`;
    // v1: a project with the same 100 items' shape, with and without values (the big project's first 100 against the small one's)
    const v1h = await benchApiKey(call, sql, info.workspaceSlug);
    const v1With = `/api/v1/workspaces/${info.workspaceSlug}/projects/${info.projectId}/work-items/?per_page=100`;
    const v1Without = `/api/v1/workspaces/${info.workspaceSlug}/projects/${info.smallProjectId}/work-items/?per_page=100`;
    const sample = JSON.parse(await (await fetch(stride.url + v1With, { headers: v1h })).text()) as {
      results: { property_values: Record<string, string[]> }[];
    };
    const valuesPerItem = sample.results.map((r) => Object.keys(r.property_values).length);
    for (let i = 0; i < 5; i++) await Promise.all([get(byState), get(byProp), get(v1With, v1h), get(v1Without, v1h)]);
    const a: number[] = [],
      b: number[] = [],
      c: number[] = [],
      d: number[] = [];
    log(`Measuring (${N} interleaved rounds, list cache off) …`);
    for (let i = 0; i < N; i++) {
      if (i % 2) {
        a.push(await get(byState));
        b.push(await get(byProp));
      } else {
        b.push(await get(byProp));
        a.push(await get(byState));
      }
      if (i % 2) {
        c.push(await get(v1With, v1h));
        d.push(await get(v1Without, v1h));
      } else {
        d.push(await get(v1Without, v1h));
        c.push(await get(v1With, v1h));
      }
    }
    const result = figuresOf(a, b, c, d, valuesPerItem);
    log("TYPES " + JSON.stringify(result));
    writeSection(result);
  } finally {
    cache.enabled = true;
    await sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`.catch(() => undefined);
    await stride.close();
  }
}

function writeSection(r: Record<string, unknown>) {
  const file = path.join(ROOT, "docs/benchmarks.md");
  const start = "<!-- types:start -->";
  const end = "<!-- types:end -->";
  const body = [
    start,
    "## Work item types (issue #29, `npm run bench:types`)",
    "",
    `Machine: ${r.machine}; ${new Date().toISOString().slice(0, 10)}; list cache off, p50 of interleaved rounds.`,
    "",
    "| Measure | p50 ms | Ratio | Target |",
    "|---|---|---|---|",
    `| 100,000 items, priority filter, grouped by state | ${r.groupedByStateP50} | | |`,
    `| same, grouped by an option property | ${r.groupedByOptionP50} | ${r.groupedRatio}× | ≤ 1.5× |`,
    `| v1 list of 100 items without properties | ${r.v1WithoutValuesP50} | | |`,
    `| v1 list of 100 items, five property values each (one request) | ${r.v1WithValuesP50} | ${r.v1Ratio}× | ≤ 1.3× |`,
    end,
  ].join("\n");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  fs.writeFileSync(
    file,
    i >= 0 && j > i ? text.slice(0, i) + body + text.slice(j + end.length) : `${text.trimEnd()}\n\n${body}\n`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

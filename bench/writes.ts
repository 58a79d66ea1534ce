/**
 * Issue #13 target 1: create and patch a work item over HTTP, one client then `concurrency` clients, and the SQL
 * statements each request costs (pg_stat_statements, which the caller loaded with track = all). Used by run.ts's
 * write section and, alone, by `npm run bench:writes` (BENCH_WRITES_ONLY: the seeded cluster, only these figures,
 * printed as JSON; nothing written to docs/ or bench/last-run.json), which is how before/after runs are interleaved.
 */
import type { AppContext } from "../apps/server/src/core/context.ts";
import { httpLoad } from "./measure.ts";
import { statementsPerRequest, type StatementCounts, type Stats } from "./issue13.ts";

export interface WritesDeps {
  app: AppContext;
  base: string;
  /** The project's API prefix (`/api/workspaces/<slug>/projects/<id>`). */
  projectPath: string;
  headers: Record<string, string>;
  stats: (xs: number[], wallMs?: number) => Stats;
  load: (
    total: number,
    concurrency: number,
    fn: (i: number) => Promise<void>,
  ) => Promise<{ times: number[]; wall: number }>;
  concurrency: number;
  /** Creates (then as many patches) at `concurrency` clients. */
  writes: number;
  log: (m: string) => void;
}

export interface WritesResult {
  results: Record<string, Stats>;
  statements: Record<string, StatementCounts>;
  /** Ids of every item created (the caller deletes them, to keep the cached dataset identical between runs). */
  created: string[];
  note: string;
}

export async function measureWrites(d: WritesDeps): Promise<WritesResult> {
  const { app, base, projectPath: P, headers, stats, load, log } = d;
  const results: Record<string, Stats> = {};
  const statements: Record<string, StatementCounts> = {};
  const created: string[] = [];
  const json = { ...headers, "content-type": "application/json" };
  const probe = await fetch(`${base}${P}/issues/`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "bench probe" }),
  });
  const probeText = await probe.text();
  if (probe.status !== 201)
    return {
      results,
      statements,
      created,
      note: `POST P/issues/ answered ${probe.status} when this run was made, so create and patch were not measured.`,
    };
  created.push(JSON.parse(probeText).id);
  const createOne = async (i: number) => {
    const res = await fetch(`${base}${P}/issues/`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: `Bench write ${i}`, priority: "low" }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`create → ${res.status} ${body}`);
    created.push(JSON.parse(body).id);
  };
  // every patch changes the item (a repeated name and priority would be a no-op write)
  const patchOne = async (i: number, pass = 1) => {
    const id = created[i % created.length];
    const res = await fetch(`${base}${P}/issues/${id}/`, {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ priority: (i + pass) % 2 ? "high" : "medium", name: `Bench write ${i} (edit ${pass})` }),
    });
    await res.text();
    if (res.status !== 204 && res.status !== 200) throw new Error(`patch → ${res.status}`);
  };
  log("Writes: create and patch, 1 client, then statements per request …");
  for (let i = 0; i < 20; i++) await createOne(5000 + i); // warm-up: prepared statements, JIT
  let l = await load(200, 1, createOne);
  results.create = stats(l.times, l.wall);
  l = await load(200, 1, patchOne);
  results.patch = stats(l.times, l.wall);
  statements.create = await statementsPerRequest(app, 50, (i) => createOne(1000 + i));
  statements.patch = await statementsPerRequest(app, 50, (i) => patchOne(i, 2));
  log(`Writes: create and patch, ${d.concurrency} clients …`);
  const sampling = process.env.BENCH_WRITES_WAITS === "1";
  let waits = sampling ? sampleWaits(app) : null;
  const c20 = await httpLoad(`${base}${P}/issues/`, headers, d.writes, d.concurrency, {
    method: "POST",
    body: JSON.stringify({ name: "Bench write c{i}", priority: "low" }),
    ok: [201],
    keepBodies: true,
  });
  results.createConcurrent = stats(c20.times, c20.wall);
  const ids = (c20.bodies ?? []).map((b) => JSON.parse(b).id as string);
  created.push(...ids);
  if (waits)
    log(
      `Writes: the server's backends during the creates at ${d.concurrency} clients (pg_stat_activity every 5 ms):\n${await waits()}`,
    );
  waits = sampling ? sampleWaits(app) : null;
  const p20 = await httpLoad("", headers, d.writes, d.concurrency, {
    method: "PATCH",
    urls: ids.map((id) => `${base}${P}/issues/${id}/`),
    body: JSON.stringify({ priority: "high", name: "Bench write c{i} (edited)" }),
    ok: [200, 204],
  });
  results.patchConcurrent = stats(p20.times, p20.wall);
  if (waits) log(`Writes: the server's backends during the patches at ${d.concurrency} clients:\n${await waits()}`);
  return { results, statements, created, note: "" };
}

/**
 * BENCH_WRITES_WAITS=1: what the pool's backends are doing while the concurrent writes run (pg_stat_activity every
 * 5 ms): running, waiting for a row lock (`Lock transactionid/tuple`: another write holds the row to its COMMIT),
 * flushing WAL (`IO WALSync`/`LWLock WALWrite`: the commit's fsync), or idle (waiting for the server). Share of samples.
 */
function sampleWaits(app: AppContext): () => Promise<string> {
  const counts = new Map<string, number>();
  let samples = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const rows = await app.sql<{ s: string; n: number }[]>`
        SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ' ' || wait_event, 'running') ELSE state END AS s, count(*)::int AS n
        FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
          AND query NOT LIKE '%graphile_worker%' GROUP BY 1`;
      samples++;
      for (const r of rows) counts.set(r.s, (counts.get(r.s) ?? 0) + r.n);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `  ${(n / samples).toFixed(2).padStart(6)} backends  ${k}`)
      .join("\n");
  };
}

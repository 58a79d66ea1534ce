/**
 * The full work-item page's streamed HTML, read by a script (no browser): when each of the server's data blocks
 * arrives and which answers it carries, for this build's server and (BENCH_BASE_ROOT=<another checkout>) another
 * build's server on the same process and database, page by page in turn. Prints the median of the page's last
 * byte and of each answer's arrival (PROBE_PEEK=1: the peek-from-URL screen instead). `BENCH_PG_PORT=54521 node --import tsx bench/screen-data-probe.ts`.
 */
import os from "node:os";
import path from "node:path";
import { openBenchCluster, benchSession, screensItem } from "./cluster.ts";
import { buildServer } from "../apps/server/src/app.ts";
import { hashToken } from "../apps/server/src/http/session.ts";

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54521);
const RUNS = Number(process.env.PROBE_RUNS ?? 30);

type Probe = { end: number; first: number; at: Record<string, number> };

async function probe(url: string, cookie: string): Promise<Probe> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie, accept: "text/html" } });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let text = "";
  let first = 0;
  const at: Record<string, number> = {};
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now() - t0;
    if (!first) first = now;
    text += dec.decode(value, { stream: true });
    for (const m of text.matchAll(/data-stride-screen-data>([\s\S]*?)<\/script>/g)) {
      const keys = Object.keys((JSON.parse(m[1]) as { responses: Record<string, unknown> }).responses);
      for (const k of keys) at[k] ??= now;
    }
  }
  if (process.env.PROBE_SIZES) {
    const sizes: Record<string, number> = {};
    for (const m of text.matchAll(/data-stride-screen-data>([\s\S]*?)<\/script>/g))
      for (const [k, v] of Object.entries((JSON.parse(m[1]) as { responses: Record<string, unknown> }).responses))
        sizes[k] = JSON.stringify(v).length;
    console.log("page bytes", text.length, JSON.stringify(sizes));
  }
  return { end: performance.now() - t0, first, at };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

async function main() {
  const webDist = path.resolve("apps/web/dist");
  const cluster = await openBenchCluster({ pgPort: PG_PORT, webDist, log: (m) => console.error(m) });
  const { app } = cluster.stride;
  const info = cluster.info;
  const token = await benchSession(app.sql, info.adminId);
  const item = await screensItem(app.sql, info);
  // PROBE_PEEK=1: the project's work items with the item in the peek (the peek-from-URL screen) instead
  const page =
    process.env.PROBE_PEEK === "1"
      ? `/${info.workspaceSlug}/projects/${info.projectId}/issues/?peekId=${item.id}`
      : `/${info.workspaceSlug}/browse/${item.key}/`;
  const cookie = `${app.config.sessionCookieName}=${token}`;
  const servers: { name: string; url: string; close: () => Promise<void> }[] = [
    { name: "this build", url: cluster.stride.url, close: async () => undefined },
  ];
  const baseRoot = process.env.BENCH_BASE_ROOT;
  if (baseRoot) {
    const base = (await import(path.join(path.resolve(baseRoot), "apps/server/src/app.ts"))) as {
      buildServer: typeof buildServer;
    };
    const s = await base.buildServer(app, { webDist });
    const url = await s.listen({ port: 0, host: "127.0.0.1" });
    servers.unshift({ name: `base (${baseRoot})`, url, close: () => s.close() });
  }
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
  const results = new Map<string, Probe[]>(servers.map((s) => [s.name, []]));
  try {
    for (const s of servers) for (let i = 0; i < 3; i++) await probe(s.url + page, cookie); // warm-up
    if (process.env.PROBE_STATEMENTS) {
      // the statements one page sends (postgres.js's debug hook), by their first words
      const sent: string[] = [];
      const options = app.sql.options as unknown as { debug: unknown };
      options.debug = (_c: number, text: string) => void sent.push(text.replace(/\s+/g, " ").trim());
      await probe(servers[servers.length - 1].url + page, cookie);
      options.debug = false;
      console.log(`statements of one page: ${sent.length}`);
      for (const t of sent) console.log("  " + t.slice(0, 160));
    }
    for (let i = 0; i < RUNS; i++)
      for (const s of servers) results.get(s.name)!.push(await probe(s.url + page, cookie));
  } finally {
    await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
    for (const s of servers) await s.close();
    await cluster.stride.close();
  }
  console.log(
    `page ${page}, ${RUNS} runs each, interleaved; load ${load} before, ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")} after`,
  );
  for (const [name, runs] of results) {
    console.log(
      `\n${name}: first byte p50 ${median(runs.map((r) => r.first)).toFixed(1)} ms, last byte p50 ${median(runs.map((r) => r.end)).toFixed(1)} ms, answers ${Object.keys(runs[0].at).length}`,
    );
    const keys = [...new Set(runs.flatMap((r) => Object.keys(r.at)))];
    const rows = keys.map(
      (k) =>
        [
          k,
          median(runs.map((r) => r.at[k] ?? NaN).filter((x) => !Number.isNaN(x))),
          runs.filter((r) => k in r.at).length,
        ] as const,
    );
    for (const [k, t, n] of rows.sort((a, b) => a[1] - b[1]))
      console.log(
        `  ${t.toFixed(1).padStart(7)} ms  ${n < runs.length ? `(${n}/${runs.length}) ` : ""}${k
          .replace(/\/api\/workspaces\/[^/]+/, "W")
          .replace(/W\/projects\/[0-9a-f-]{36}/, "P")
          .replace(/[0-9a-f-]{36}/g, ":id")}`,
      );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

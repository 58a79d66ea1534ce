/**
 * Search on the 100,000-item project (issue #12 point 4: p50 ≤ 20 ms): `W/search/` (every entity type, as the
 * command palette asks) and `P/search-issues/` (the pickers) for a misspelled word, an exact word, two words, a
 * `BEN-n` key and a word nothing matches, each BENCH_SEARCH_ROUNDS (50) times one after another, one client.
 * Run alone with `BENCH_SEARCH_ONLY=1 npm run bench` (it rewrites only its section of docs/benchmarks.md).
 */
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/core/session.ts";
import type { BenchInfo } from "./seed.ts";
import { writeSection } from "./figures.ts";

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 50);
export const SEARCH_TARGET_P50_MS = 20;

const QUERIES: { label: string; q: string }[] = [
  { label: "misspelled word (`webhok`)", q: "webhok" },
  { label: "exact word (`invoice`)", q: "invoice" },
  { label: "two words (`refactr dark`)", q: "refactr dark" },
  { label: "work-item key (`BEN-4242`)", q: "BEN-4242" },
  { label: "no match (`zzqxv`)", q: "zzqxv" },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};

interface Row { endpoint: string; label: string; p50: number; p99: number; results: number }

export async function measureSearch(stride: Stride, info: BenchInfo, log: (m: string) => void): Promise<Row[]> {
  const token = crypto.randomBytes(24).toString("base64url");
  await stride.app.sql`INSERT INTO sessions (id, user_id, kind, expires_at) VALUES (${hashToken(token)}, ${info.adminId}, 'app', now() + interval '1 day')`;
  const headers = { cookie: `${stride.app.config.sessionCookieName}=${token}` };
  const W = `/api/workspaces/${info.workspaceSlug}`;
  const endpoints = [
    { name: "W/search/", url: (q: string) => `${W}/search/?search=${encodeURIComponent(q)}&workspace_search=true`, count: (b: { results: Record<string, unknown[]> }) => Object.values(b.results).reduce((n, l) => n + l.length, 0) },
    { name: "P/search-issues/", url: (q: string) => `${W}/projects/${info.projectId}/search-issues/?search=${encodeURIComponent(q)}`, count: (b: unknown[]) => b.length },
  ];
  const rows: Row[] = [];
  try {
    for (const e of endpoints) {
      for (const { label, q } of QUERIES) {
        const url = stride.url + e.url(q);
        const times: number[] = [];
        let results = 0;
        for (let i = 0; i < ROUNDS + 5; i++) {
          const t = performance.now();
          const r = await fetch(url, { headers });
          const body = await r.json();
          if (!r.ok) throw new Error(`${e.name} ${q}: ${r.status} ${JSON.stringify(body)}`);
          if (i >= 5) times.push(performance.now() - t); // the first five warm the plans and caches
          results = e.count(body as never);
        }
        rows.push({ endpoint: e.name, label, p50: pct(times, 50), p99: pct(times, 99), results });
        log(`${e.name} ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, ${results} results`);
      }
    }
  } finally {
    await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  }
  return rows;
}

export function writeSearchSection(root: string, rows: Row[]): void {
  const all = rows.map((r) => r.p50);
  const worst = Math.max(...all);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(" / ");
  const lines = [
    "## Search on the 100,000-item project (issue #12 point 4)",
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${load}; ${ROUNDS} requests per query, one client, over HTTP (the server's whole path: session, policy, one statement per entity type, presenters).`,
    "",
    "| Endpoint | Query | p50 | p99 | Results |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.endpoint} | ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.results} |`),
    "",
    `Target p50 ≤ ${SEARCH_TARGET_P50_MS} ms: ${worst <= SEARCH_TARGET_P50_MS ? `**met** for every query (worst p50 ${worst.toFixed(1)} ms)` : `**missed** by ${(worst - SEARCH_TARGET_P50_MS).toFixed(1)} ms at worst (p50 ${worst.toFixed(1)} ms); the queries over ${SEARCH_TARGET_P50_MS} ms are those above`}.`,
  ];
  writeSection(path.join(root, "docs/benchmarks.md"), "search", lines);
}

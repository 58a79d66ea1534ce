/**
 * Search on the 100,000-item project (issue #12 point 4: p50 ≤ 20 ms): `W/search/` (every entity type, as the
 * command palette asks) and `P/search-issues/` (the pickers) for a misspelled word, an exact word, two words, a
 * `BEN-n` key and a word nothing matches, each BENCH_SEARCH_ROUNDS (50) times one after another, one client.
 * Run alone with `BENCH_SEARCH_ONLY=1 npm run bench` (it rewrites only its section of docs/benchmarks.md).
 */
import os from "node:os";
import path from "node:path";
import type { Stride } from "../apps/server/src/boot.ts";
import type { BenchInfo } from "./seed.ts";
import { writeSection } from "./figures.ts";
import { timeRequests, type TimedRequest, type TimedRow } from "./endpoints.ts";

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 50);
export const SEARCH_TARGET_P50_MS = 20;

const QUERIES: { label: string; q: string }[] = [
  { label: "misspelled word (`webhok`)", q: "webhok" },
  { label: "exact word (`invoice`)", q: "invoice" },
  { label: "two words (`refactr dark`)", q: "refactr dark" },
  { label: "work-item key (`BEN-4242`)", q: "BEN-4242" },
  { label: "no match (`zzqxv`)", q: "zzqxv" },
];

export function measureSearch(stride: Stride, info: BenchInfo, log: (m: string) => void): Promise<TimedRow[]> {
  const W = `/api/workspaces/${info.workspaceSlug}`;
  const requests: TimedRequest[] = [
    ...QUERIES.map(({ label, q }) => ({
      endpoint: "W/search/",
      label,
      url: `${W}/search/?search=${encodeURIComponent(q)}&workspace_search=true`,
      count: (b: unknown) =>
        Object.values((b as { results: Record<string, unknown[]> }).results).reduce((n, l) => n + l.length, 0),
    })),
    ...QUERIES.map(({ label, q }) => ({
      endpoint: "P/search-issues/",
      label,
      url: `${W}/projects/${info.projectId}/search-issues/?search=${encodeURIComponent(q)}`,
      count: (b: unknown) => (b as unknown[]).length,
    })),
  ];
  return timeRequests(stride, info, requests, ROUNDS, log);
}

export function writeSearchSection(root: string, rows: TimedRow[]): void {
  const worst = Math.max(...rows.map((r) => r.p50));
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");
  const lines = [
    "## Search on the 100,000-item project (issue #12 point 4)",
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${load}; ${ROUNDS} requests per query, one client, over HTTP (the server's whole path: session, policy, one statement of settings and dictionary corrections, one statement for every entity type's lookup, presenters).`,
    "",
    "| Endpoint | Query | p50 | p99 | Results |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) => `| ${r.endpoint} | ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.results ?? ""} |`,
    ),
    "",
    `Target p50 ≤ ${SEARCH_TARGET_P50_MS} ms: ${worst <= SEARCH_TARGET_P50_MS ? `**met** for every query (worst p50 ${worst.toFixed(1)} ms)` : `**missed** by ${(worst - SEARCH_TARGET_P50_MS).toFixed(1)} ms at worst (p50 ${worst.toFixed(1)} ms); the queries over ${SEARCH_TARGET_P50_MS} ms are those above`}.`,
  ];
  writeSection(path.join(root, "docs/benchmarks.md"), "search", lines);
}

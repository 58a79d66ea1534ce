/**
 * Timing GET endpoints of the seeded bench workspace one after another (one client, over HTTP, with a session of
 * the workspace admin), for the benches whose figure is "p50 of this call": search (bench/search.ts) and
 * analytics (bench/analytics.ts).
 */
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import type { BenchInfo } from "./seed.ts";
import { benchSession } from "./cluster.ts";

export interface TimedRequest {
  endpoint: string;
  label: string;
  url: string;
  count?: (body: unknown) => number;
}
export interface TimedRow {
  endpoint: string;
  label: string;
  p50: number;
  p99: number;
  results: number | null;
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};

/** Each request `rounds` times after five warm-up calls; throws on any non-2xx answer. */
export async function timeRequests(
  stride: Stride,
  info: BenchInfo,
  requests: TimedRequest[],
  rounds: number,
  log: (m: string) => void,
): Promise<TimedRow[]> {
  const token = await benchSession(stride.app.sql, info.adminId);
  const headers = { cookie: `${stride.app.config.sessionCookieName}=${token}` };
  const rows: TimedRow[] = [];
  try {
    for (const r of requests) {
      const times: number[] = [];
      let results: number | null = null;
      for (let i = 0; i < rounds + 5; i++) {
        const t = performance.now();
        const res = await fetch(stride.url + r.url, { headers });
        const body = await res.json();
        if (!res.ok) throw new Error(`${r.endpoint} ${r.label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (i >= 5) times.push(performance.now() - t);
        results = r.count ? r.count(body) : null;
      }
      const row = {
        endpoint: r.endpoint,
        label: r.label,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        results,
      };
      rows.push(row);
      log(
        `${r.endpoint} ${r.label}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms${results === null ? "" : `, ${results} results`}`,
      );
    }
  } finally {
    await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  }
  return rows;
}

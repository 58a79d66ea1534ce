/**
 * The local-database section of docs/benchmarks.md (issue #28's targets, bench/local-db.ts), rewritten in place, and
 * the run's figures as one JSON line on the output (the raw record kept in docs/benchmarks/history/).
 */
import os from "node:os";
import path from "node:path";
import { execSync } from "node:child_process";
import { writeSection } from "./figures.ts";
import type { Stride } from "../apps/server/src/boot.ts";
import type { BenchInfo } from "./seed.ts";
import { measureLocalDb, type LocalDbResult, type Mode } from "./local-db.ts";

export const SWITCH_P95_MS = 50;
export const SWITCH_RATIO = 0.25;
export const NAV_P50_MS = 100;
export const SYNC_MS = 15_000;
export const LIVE_P50_MS = 1000;

function pct(xs: number[], p: number): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const f0 = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : "n/a");
const mb = (x: number) => `${(x / 2 ** 20).toFixed(1)} MB`;
const met = (ok: boolean) => (ok ? "met" : "**missed**");

function machine(): string {
  const nproc = execSync("nproc", { encoding: "utf8" }).trim();
  return `nproc ${nproc}, ${os.cpus()[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Per step and mode: p50 / p95 of "settled" (the new content painted with nothing in flight) and p50 of "shown". */
function stepRows(r: LocalDbResult): string[] {
  return r.steps.map((s) => {
    const q = (m: Mode) => {
      const settled = s.times[m].map((x) => x.settled);
      return {
        p50: pct(settled, 50),
        p95: pct(settled, 95),
        shown: pct(
          s.times[m].map((x) => x.shown),
          50,
        ),
      };
    };
    const on = q("on");
    const off = q("off");
    const ratio = on.p95 / off.p95;
    const verdict =
      s.kind === "switch"
        ? `${met(on.p95 <= SWITCH_P95_MS)} (p95 ≤ ${SWITCH_P95_MS}); ${met(ratio <= SWITCH_RATIO)} (≤ ¼)`
        : `${met(on.p50 <= NAV_P50_MS)} (p50 ≤ ${NAV_P50_MS})`;
    return `| ${s.name} | ${f0(on.p50)} / ${f0(on.p95)} | ${f0(on.shown)} | ${f0(off.p50)} / ${f0(off.p95)} | ${f0(off.shown)} | ${(on.p50 / off.p50).toFixed(2)} / ${ratio.toFixed(2)} | ${verdict} |`;
  });
}

/**
 * Where a step's time goes (p50 over the rounds whose step asked for data): input → the first list query or request
 * (the page's own work before asking), the data (the first ask → the last answer back in the page), the last answer
 * → the frame that shows it settled (rendering).
 */
function breakdownRows(r: LocalDbResult): string[] {
  return r.steps.map((s) => {
    const cell = (m: Mode) => {
      const ts = s.times[m].filter((x) => x.data);
      if (!ts.length) return "— | — (no data asked) | —";
      const p = (f: (x: (typeof ts)[number]) => number) => f0(pct(ts.map(f), 50));
      const split = ts.every((x) => x.data!.worker !== undefined)
        ? `; to the worker ${p((x) => x.data!.toWorker! / x.data!.n)}, in it ${p((x) => x.data!.worker! / x.data!.n)}, back ${p((x) => x.data!.back! / x.data!.n)}`
        : "";
      return `${p((x) => x.data!.first)} | ${p((x) => x.data!.last - x.data!.first)} (${ts[0].data!.n} × ${p((x) => x.data!.busy / x.data!.n)}${split}) | ${p((x) => x.settled - x.data!.last)}`;
    };
    return `| ${s.name} | ${cell("on")} | ${cell("off")} |`;
  });
}

/** All switches (or all navigations) together. */
function pooled(r: LocalDbResult, kind: "switch" | "nav", m: Mode, p: number): number {
  return pct(
    r.steps.filter((s) => s.kind === kind).flatMap((s) => s.times[m].map((x) => x.settled)),
    p,
  );
}

export function localDbLines(r: LocalDbResult, date: string): string[] {
  const fs = r.firstSync;
  const clicks = fs.clicks.map((c) => c.settled);
  const live = (m: Mode) => ({
    p50: pct(r.live.times[m], 50),
    p95: pct(r.live.times[m], 95),
    missed: r.live.times[m].filter((x) => !Number.isFinite(x)).length,
  });
  const lOn = live("on");
  const lOff = live("off");
  const sw = {
    on95: pooled(r, "switch", "on", 95),
    off95: pooled(r, "switch", "off", 95),
    on50: pooled(r, "switch", "on", 50),
    off50: pooled(r, "switch", "off", 50),
  };
  const m = r.memory;
  const db = m.sqlite ? m.sqlite.pageCount * m.sqlite.pageSize : NaN;
  return [
    "## Offline local database (issue #28; `npm run bench:local-db`, bench/local-db.ts)",
    "",
    `Measured ${date}; ${machine()}; headless chromium ${r.chromium} (--disable-gpu); load average ${r.load}. The seeded project \`${r.target.identifier}\` (${r.target.items.toLocaleString("en")} work items; cycle "${r.target.cycle.name}" with ${r.target.cycle.items}, module "${r.target.module.name}" with ${r.target.module.items}), as the workspace admin; server, PostgreSQL and browser on the same machine.`,
    "",
    `Switches and navigation: ${r.rounds} rounds per mode, the local database on and off (the server path) in turn, in two browser profiles of one browser (the "on" one synced). Each round loads the project's list afresh (so the page's query cache holds none of the views the round switches to) and makes every step in order; a step's time runs from its input event (pointerdown; a select's change) to the first frame (requestAnimationFrame just before its paint) that shows what the step shows once settled (layout, count, first row, grouping: read in an unmeasured round) with no list request in flight. "shown": the first such frame, a request still in flight (a layout of the same grouping shows the items it had at once). The server's list cache is on, as in production.`,
    "",
    "| Step | on: p50 / p95 (ms) | on: shown p50 | off (server): p50 / p95 | off: shown p50 | on ÷ off (p50 / p95) | Target |",
    "|---|---|---|---|---|---|---|",
    ...stepRows(r),
    "",
    "Where the time goes (p50 ms from the input event; the data: first ask → last answer, with the number of asks × each one's p50; with the local database on, an ask is a query to its worker, answered when its message is back in the page, split by the worker's own timestamps into the request's way to the worker (the worker busy before it), its time in the worker and the answer's way back (the page's main thread busy before it handles the message)):",
    "",
    "| Step | on: input → ask | on: data | on: answer → painted | off: input → request | off: data | off: answer → painted |",
    "|---|---|---|---|---|---|---|",
    ...breakdownRows(r),
    "",
    `All switches: on p50 ${f0(sw.on50)} / p95 ${f0(sw.on95)} ms, off p50 ${f0(sw.off50)} / p95 ${f0(sw.off95)} ms (on ÷ off p95 ${(sw.on95 / sw.off95).toFixed(2)}): p95 ≤ ${SWITCH_P95_MS} ms ${met(sw.on95 <= SWITCH_P95_MS)}, ≤ ¼ of the server path ${met(sw.on95 / sw.off95 <= SWITCH_RATIO)}. All navigations: on p50 ${f0(pooled(r, "nav", "on", 50))} ms, off ${f0(pooled(r, "nav", "off", 50))} ms.`,
    "",
    `First sync (a new browser profile opens the project's list): the project's status \`ready\` ${(fs.readyMs / 1000).toFixed(1)} s after the navigation started (the sync began at ${(fs.startMs / 1000).toFixed(1)} s, after the first paint): target ≤ ${SYNC_MS / 1000} s ${met(fs.readyMs <= SYNC_MS)}. Statuses: ${fs.statuses.map((s) => `${s.status || "—"} ${(s.at / 1000).toFixed(1)} s`).join(", ")}. Meanwhile ${clicks.length} layout switches (list ↔ spreadsheet, once a second): click → painted p50 ${f0(pct(clicks, 50))} ms, max ${f0(Math.max(...clicks))} ms; the page's long frames (≥ 50 ms) during the sync: ${fs.longFrames.count}, longest ${fs.longFrames.maxMs} ms, ${fs.longFrames.totalMs} ms in all. The worker's ${fs.requests.n} requests to \`GET /api/v2/…\` (${fs.requests.pages} pages of 500 with descriptions) spanned ${(fs.requests.spanMs / 1000).toFixed(1)} s: ${(fs.requests.serverMs / 1000).toFixed(1)} s waiting on the server (a page p50 ${fs.requests.pageServerP50} ms), ${(fs.requests.gapsMs / 1000).toFixed(1)} s between an answer and the next request (the worker writing the page into SQLite).`,
    "",
    `Another person's change: ${r.live.times.on.length} renames by a second member through the API (PATCH, one every ~0.3 s after the last was seen), both profiles with the list open; from sending the request to the frame that shows the new name: on p50 ${f0(lOn.p50)} ms (p95 ${f0(lOn.p95)}), off p50 ${f0(lOff.p50)} ms (p95 ${f0(lOff.p95)})${lOn.missed + lOff.missed ? `; not seen within 15 s: on ${lOn.missed}, off ${lOff.missed}` : ""}. Target p50 ≤ ${LIVE_P50_MS} ms ${met(lOn.p50 <= LIVE_P50_MS)}.`,
    "",
    `Memory at ${r.target.items.toLocaleString("en")} items: ${m.crossOriginIsolated ? `performance.measureUserAgentSpecificMemory(): ${mb(m.uaMemory ?? NaN)}` : "the pages are not cross-origin isolated, so performance.measureUserAgentSpecificMemory() is not available; instead"} the SQLite file ${m.sqlite ? `${m.sqlite.pageCount.toLocaleString("en")} pages × ${m.sqlite.pageSize} B = ${mb(db)} (its OPFS slot ${mb(m.sqlite.fileBytes)}; the origin's storage ${mb(m.sqlite.usage)})` : `could not be read (${m.sqliteError || "no file"})`}, and the page's JS heap in use after a garbage collection (performance.memory) ${mb(m.pageHeap.on)} with the local database on, ${mb(m.pageHeap.off)} off; ${m.workerHeap !== null && m.workerHeap !== undefined ? `the local database worker's JS heap in use after a garbage collection (DevTools protocol, Runtime.getHeapUsage on the worker) ${mb(m.workerHeap)}` : "the worker's JS heap could not be read"}. SQLite's WebAssembly memory is not readable from outside the worker; its page cache is at most 16 MiB (store.ts \`cache_size\`).`,
  ];
}

export function writeLocalDbSection(root: string, r: LocalDbResult): void {
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  writeSection(path.join(root, "docs/benchmarks.md"), "local-db", localDbLines(r, date));
  process.stdout.write("LOCALDB " + JSON.stringify({ date, ...r }) + "\n");
}

/** Measure (bench/local-db.ts) and write the section; the part `npm run bench` runs last, or alone (BENCH_LOCAL_DB_ONLY=1). */
export async function runLocalDb(
  stride: Stride,
  info: BenchInfo,
  chromiumPath: string | null,
  root: string,
  log: (m: string) => void,
): Promise<void> {
  if (!chromiumPath) return log("Local database: not measured (no browser)");
  writeLocalDbSection(root, await measureLocalDb(stride, info, chromiumPath, log));
}

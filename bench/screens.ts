/**
 * `npm run bench`'s screens part (bench/run.ts; issue #7): four screens opened from their URL in headless chromium,
 * their section of docs/benchmarks.md, and BENCH_SCREENS_ONLY=1, which measures them alone and rewrites only that section.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { buildServer } from "../apps/server/src/app.ts";
import { FROM_APP, issue7Screens, measureScreenLoads, type ScreenLoad } from "../apps/web/test/perf/screens-browser.ts";
import type { BenchInfo } from "./seed.ts";
import { benchSession, screensItem } from "./cluster.ts";
import { machine } from "./measure.ts";
import { log, ROOT, type BrowserSetup } from "./run-env.ts";

export interface ScreensResult {
  item: string;
  current: ScreenLoad[];
  /** The same screens served from BENCH_BASELINE_WEB_DIST (another build of the web app), when given. */
  baseline: ScreenLoad[] | null;
  baselineDist: string | null;
  /** BENCH_BASELINE_LABEL: what the baseline build is (e.g. "main at 1a2b3c4"). */
  baselineLabel: string | null;
  load: string;
}

/**
 * Four screens opened from their URL in headless chromium (apps/web/test/perf/screens-browser.ts), for a
 * work item of the seeded project that has a parent, as the workspace admin; then, when
 * BENCH_BASELINE_WEB_DIST names another build of the web app, the same screens served from that build by
 * a second HTTP server on the same process and database, screen by screen in turn with this build's.
 */
export async function measureScreens(
  stride: Stride,
  info: BenchInfo,
  chromiumPath: string,
  token: string,
): Promise<ScreensResult> {
  const { app } = stride;
  const loadBefore = os.loadavg();
  const item = await screensItem(app.sql, info);
  const itemKey = item.key;
  // BENCH_SCREENS_FILTER=<text>: only the screens whose name contains it (profiling one screen)
  const filter = process.env.BENCH_SCREENS_FILTER?.toLowerCase();
  const screens = issue7Screens({
    slug: info.workspaceSlug,
    projectId: info.projectId,
    itemId: item.id,
    itemKey,
  }).filter((s) => !filter || s.name.toLowerCase().includes(filter));
  // BENCH_SCREENS_PROFILE=<dir>: V8 CPU profiles of 3 more loads per screen and build (<dir>/current, <dir>/baseline)
  const profile = process.env.BENCH_SCREENS_PROFILE ? path.resolve(process.env.BENCH_SCREENS_PROFILE) : undefined;
  const cookies = [{ name: app.config.sessionCookieName, value: token }];
  const baselineDist = process.env.BENCH_BASELINE_WEB_DIST ? path.resolve(process.env.BENCH_BASELINE_WEB_DIST) : null;
  // a build from before the screen data in the page gets the plain page (BENCH_BASELINE_SCREEN_DATA=1: with it)
  const baselineServer = baselineDist
    ? await buildServer(app, { webDist: baselineDist, screenData: process.env.BENCH_BASELINE_SCREEN_DATA === "1" })
    : null;
  const baselineUrl = baselineServer ? await baselineServer.listen({ port: 0, host: "127.0.0.1" }) : null;
  log(
    `Browser: opening four screens from their URL (item ${itemKey})${baselineDist ? `, each also from the baseline build ${baselineDist}` : ""} …`,
  );
  const current: ScreenLoad[] = [];
  const baseline: ScreenLoad[] | null = baselineUrl ? [] : null;
  try {
    // screen by screen, this build then the baseline, so both meet the same load on the machine
    for (const screen of screens) {
      current.push(
        ...(await measureScreenLoads({
          baseUrl: stride.url,
          chromiumPath,
          cookies,
          screens: [screen],
          profileDir: profile && path.join(profile, "current"),
        })),
      );
      if (baselineUrl)
        baseline!.push(
          ...(await measureScreenLoads({
            baseUrl: baselineUrl,
            chromiumPath,
            cookies,
            screens: [screen],
            profileDir: profile && path.join(profile, "baseline"),
          })),
        );
    }
  } finally {
    await baselineServer?.close();
  }
  const load = `${loadBefore.map((x) => x.toFixed(2)).join(" ")} before, ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")} after (1, 5, 15 min)`;
  return {
    item: itemKey,
    current,
    baseline,
    baselineDist,
    baselineLabel: process.env.BENCH_BASELINE_LABEL ?? null,
    load,
  };
}

/** Figures reported for these screens when issue #7 was written (cold loads, measured by hand). */
const ISSUE7_BEFORE: Record<string, string> = {
  "Full work-item page (/browse/KEY/)": "1.3 s",
  "Peek opened from a URL (?peekId=)": "1.5–1.6 s",
  "Project settings (general)": "1.3 s",
  "Workspace members": "1.3 s",
};
const SCREEN_TARGET_MS = 300;
export const SCREENS_START = "<!-- screens -->";
export const SCREENS_END = "<!-- /screens -->";
/** The generated heading that follows the screens section (and its hand-written subsections) in a full run. */
export const AFTER_SCREENS_HEADING = "## Against the targets of issue #3";

/** The median load's first API request and the last answer that came before its content showed (none: the data came with the page). */
function phases(s: ScreenLoad): { first: string; last: string; startup: string; requests: string; rendering: number } {
  const api = s.waterfall.filter((w) => w.kind === "api" && w.end <= s.p50);
  if (!api.length) return { first: "—", last: "—", startup: "—", requests: "—", rendering: s.p50 - s.html.end };
  const first = Math.min(...api.map((w) => w.start));
  const last = Math.max(...api.map((w) => w.end));
  return {
    first: String(first),
    last: String(last),
    startup: String(first),
    requests: String(last - first),
    rendering: s.p50 - Math.max(last, s.html.end),
  };
}

export function screensSection(
  r: ScreensResult | null,
  note: string,
  m: ReturnType<typeof machine>,
  date: string,
): string[] {
  if (!r) return [SCREENS_START, "## Screens opened from their URL", "", `Not measured: ${note}.`, SCREENS_END, ""];
  const base = (i: number) => (r.baseline ? `${r.baseline[i].p50} ms (${r.baseline[i].apiRounds} rounds)` : "—");
  const verdict = (v: number) => (v <= SCREEN_TARGET_MS ? "met" : `**missed by ${v - SCREEN_TARGET_MS} ms**`);
  const waterfall = (s: ScreenLoad) =>
    s.waterfall
      .filter((w) => w.kind !== "other")
      .map(
        (w) =>
          `${String(w.start).padStart(5)} → ${String(w.end).padStart(5)}  ${w.kind.padEnd(6)} ${w.url.replace(/\?.*$/, "")}`,
      );
  return [
    SCREENS_START,
    "## Screens opened from their URL (headless chromium, apps/web/test/perf/screens-browser.ts)",
    "",
    `Measured ${date} on the machine above (nproc ${m.nproc}, ${m.cpu}); load average ${r.load}. Work item ${r.item} of the seeded project (it has a parent), as the workspace admin.`,
    `Each screen is loaded in a fresh browser profile on disk: once with nothing cached ("first visit"), then ${r.current[0].runs.length} times from about:blank with the app's scripts in the browser's caches (HTTP and compiled code, as a returning person's browser has them) and the query cache empty (every API request is made again: "warm assets, cold data", what the target measures), then ${r.current[0].fromApp.runs.length} times the same way from a document of the app's origin (\`${FROM_APP}\`: the tab that shows Stride reloads or opens a pasted link). From about:blank the browser starts a new renderer process for the page (the app's Cross-Origin-Opener-Policy gives its pages their own browsing context group), which starts, creates its first V8 context and commits before the page runs a line; from the app's origin it keeps the one it has. Time runs from the navigation start to the first frame that shows the screen's content with no loading indicator left (the work item with its activity, sub-items and relations; the project settings form with its members; the workspace members list). "API rounds": a request that starts only after another request's answer counts one round later.`,
    "",
    `| Screen | issue #7 (before) | ${r.baseline ? "baseline build p50" : "baseline build"} | first visit | p50 | max | from the app: p50 | from the app: max | API requests | API rounds | ≤ ${SCREEN_TARGET_MS} ms (p50; from the app) |`,
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...r.current.map(
      (s, i) =>
        `| ${s.name} | ${ISSUE7_BEFORE[s.name] ?? ""} | ${base(i)} | ${s.first} ms | ${s.p50} ms | ${s.max} ms | ${s.fromApp.p50} ms | ${s.fromApp.max} ms | ${s.apiRequests} | ${s.apiRounds} | ${verdict(s.p50)}; ${verdict(s.fromApp.p50)} |`,
    ),
    "",
    r.baselineDist
      ? `Baseline build: ${r.baselineLabel ?? `\`${r.baselineDist}\``}, served by a second HTTP server of the same process (same database), each screen measured right after this build's.`
      : "",
    "",
    "Where the median load's time goes (ms from the navigation start): the page (its first byte: the head with the scripts; its last byte: with the screen's data that the server embeds for the signed-in caller), start-up until the first API request the browser still makes, the API requests the content needs (until the last answer before the content shows), then rendering (from the later of the last answer and the page's end).",
    "",
    "| Screen | page first byte | page last byte (with data) | first API request | last answer | content shown | start-up | requests | rendering |",
    "|---|---|---|---|---|---|---|---|---|",
    ...r.current.map((s) => {
      const t = phases(s);
      return `| ${s.name} | ${s.html.firstByte} | ${s.html.end} | ${t.first} | ${t.last} | ${s.p50} | ${t.startup} | ${t.requests} | ${t.rendering} |`;
    }),
    "",
    "<details><summary>Requests of the median load (ms from the navigation start)</summary>",
    "",
    ...r.current.flatMap((s) => [`${s.name} — content shown at ${s.p50} ms`, "", "```", ...waterfall(s), "```", ""]),
    "</details>",
    SCREENS_END,
    "",
  ];
}

/** BENCH_SCREENS_ONLY=1: measure the screen loads and rewrite only their section of docs/benchmarks.md. */
export async function runScreensOnly(stride: Stride, info: BenchInfo, web: BrowserSetup) {
  if (!web.chromiumPath) throw new Error(`screen loads not measured: ${web.note}`);
  const token = await benchSession(stride.app.sql, info.adminId);
  try {
    const r = await measureScreens(stride, info, web.chromiumPath, token);
    const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const section = screensSection(r, "", machine(), date).join("\n");
    if (process.env.BENCH_SCREENS_FILTER) {
      log(section); // some screens only: the section of docs/benchmarks.md stays as it is
      return;
    }
    const file = path.join(ROOT, "docs/benchmarks.md");
    const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    const s = old.indexOf(SCREENS_START);
    const e = old.indexOf(SCREENS_END);
    let text: string;
    if (s >= 0 && e > s) text = old.slice(0, s) + section.trimEnd() + old.slice(e + SCREENS_END.length);
    else {
      const at = old.indexOf(AFTER_SCREENS_HEADING);
      text = at >= 0 ? old.slice(0, at) + section + "\n" + old.slice(at) : old + "\n" + section;
    }
    fs.writeFileSync(file, text);
    log(section);
  } finally {
    await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
  }
}

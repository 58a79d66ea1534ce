/**
 * Browser half of the screen-load target of issue #7: a screen opened from its URL (a full page load)
 * shows its content within 300 ms on a warm server. `measureScreenLoads` drives Debian's chromium
 * through playwright-core against a running Stride; the bench runner calls it against the seeded
 * project, and the numbers go to docs/benchmarks.md.
 *
 * Each screen gets a fresh browser profile on disk (empty HTTP cache and code cache). The first load
 * fetches the app's scripts too ("first visit"); the following loads find the hashed, immutable scripts
 * in the browser's caches, as a returning person's browser does (the HTTP cache, and V8's code cache
 * beside it: Chromium keeps compiled code only for profiles on disk, never for an in-memory context such
 * as Playwright's `browser.newContext()`, where every load parses all its scripts again), but start with an
 * empty query cache, so every API request is made again ("warm assets, cold data": what the target
 * measures). `BENCH_SCREENS_IN_MEMORY=1` measures in an in-memory context instead (no code cache). "Content shown" is the first animation frame after the
 * screen's content is in the DOM with no loading indicator left; times count from the navigation
 * start (`performance.timeOrigin`), so they include the HTML, the scripts and every API round.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";

export interface ScreenTarget {
  name: string;
  /** Path (and search) of the screen. */
  path: string;
  /** A JavaScript expression, evaluated in the page, that is true once the screen's content shows. */
  ready: string;
}

export interface ResourceTiming {
  url: string;
  kind: "api" | "script" | "other";
  start: number;
  end: number;
}

export interface ScreenLoad {
  name: string;
  path: string;
  /** First visit: scripts and data cold (ms from navigation start to content shown). */
  first: number;
  /** Warm assets, cold data: one figure per load. */
  runs: number[];
  p50: number;
  max: number;
  /** API requests of the median load and how many rounds they formed (a request that starts after another's answer is one round later). */
  apiRequests: number;
  apiRounds: number;
  /** The median load's requests (scripts and API), in start order. */
  waterfall: ResourceTiming[];
  /** The median load's page (the HTML, with the screen's data when the server embeds it): first byte and last byte (ms from navigation start). */
  html: { firstByte: number; end: number };
  /**
   * The same warm-asset, cold-data loads made from a document of the app's origin (`FROM_APP`) instead of
   * about:blank: the page that shows Stride reloads or opens a pasted link, and the browser keeps its renderer
   * process. From about:blank the navigation needs a new one (the app's Cross-Origin-Opener-Policy puts its pages
   * in their own browsing context group), which starts, creates its first V8 context and commits before the page
   * runs a line.
   */
  fromApp: { runs: number[]; p50: number; max: number };
}

/** Loading indicators of the app: while any shows, the screen is not done. */
const NO_LOADING = `!document.querySelector('[role=status][aria-label="Loading"], [aria-busy=true], [aria-label="Loading work items"]')`;

/** The four screens of issue #7 point 4, for one work item of a project. */
export function issue7Screens(o: { slug: string; projectId: string; itemId: string; itemKey: string }): ScreenTarget[] {
  // the item with its title, and every part that loads (activity, sub-items, relations) past "Loading…"
  const detailReady = (scope: string) =>
    `(() => { const a = document.querySelector('${scope} article[data-item-detail]'); return !!a && !!a.querySelector('textarea[aria-label="Title"]') && !!a.querySelector('ol[aria-label="Activity feed"] > li') && !a.textContent.includes("Loading…"); })()`;
  return [
    {
      name: "Full work-item page (/browse/KEY/)",
      path: `/${o.slug}/browse/${o.itemKey}/`,
      ready: `${detailReady("main")} && !!document.querySelector('main aside[aria-label="Properties"]') && ${NO_LOADING}`,
    },
    {
      name: "Peek opened from a URL (?peekId=)",
      path: `/${o.slug}/projects/${o.projectId}/issues/?peekId=${o.itemId}`,
      ready: `${detailReady('aside[aria-label="Peek view"]')} && !!document.querySelector('[data-list-context] [data-item]') && ${NO_LOADING}`,
    },
    {
      name: "Project settings (general)",
      path: `/${o.slug}/projects/${o.projectId}/settings/`,
      // the project's values in the form, and its members as the lead choices
      ready: `!!document.querySelector('form[aria-label="Project details"] input[name="name"]')?.value && document.querySelectorAll('form[aria-label="Project details"] select[name="project_lead"] option').length > 1 && ${NO_LOADING}`,
    },
    {
      name: "Workspace members",
      path: `/${o.slug}/settings/members/`,
      ready: `!!document.querySelector('ul[aria-label="Workspace members"] > li') && ${NO_LOADING}`,
    },
  ];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** Rounds formed by API requests: a request is one round after the latest-round request that answered before it started. */
export function apiRounds(reqs: { start: number; end: number }[]): number {
  const sorted = [...reqs].sort((a, b) => a.start - b.start);
  const round: number[] = [];
  sorted.forEach((r, i) => {
    let depth = 1;
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start) depth = Math.max(depth, round[j] + 1);
    round.push(depth);
  });
  return Math.max(0, ...round);
}

/** The console message with which a page says that its screen showed, followed by the time (ms from the navigation start). */
const SHOWN = "stride:screen-shown";

/**
 * A browser context's init script that finds, in every document, the first frame at which `ready` (a JavaScript
 * expression) holds, and reports it with a console message (and the `screen-shown` performance mark and
 * `window.__screenShown`). Readiness is looked for on every DOM change and every frame (input values change
 * without a DOM mutation).
 */
export function screenShownScript(ready: string): string {
  return `(() => {
    if (location.protocol === "about:") return;
    window.__screenShown = 0;
    let found = false;
    const ready = () => { try { return ${ready}; } catch { return false; } };
    const check = () => {
      if (found || !ready()) return;
      found = true;
      obs.disconnect();
      requestAnimationFrame(() => { window.__screenShown = performance.now(); performance.mark("screen-shown"); console.debug("${SHOWN} " + window.__screenShown); });
    };
    const obs = new MutationObserver(check);
    obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const frame = () => { check(); if (!found) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  })()`;
}

/**
 * Runs `navigate` and resolves with the time at which the new document's screen showed (`screenShownScript`), read
 * from the page's console: nothing of the harness runs in the page while it loads. Waiting with
 * `page.waitForFunction` instead makes Playwright inject its ~330 kB utility script into the page as soon as it
 * commits, and evaluating it took 13–30 ms of the loading page's main thread (chromium traces, 2026-11-25): a cost
 * of the measurement, not of the app.
 */
export async function shownAfter(page: Page, navigate: () => Promise<unknown>, timeout = 60_000): Promise<number> {
  let onConsole: (m: ConsoleMessage) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shown = new Promise<number>((resolve, reject) => {
    onConsole = (m) => {
      if (m.text().startsWith(`${SHOWN} `)) resolve(Number(m.text().slice(SHOWN.length + 1)));
    };
    timer = setTimeout(
      () => reject(new Error(`the screen did not show within ${timeout} ms (${page.url()})`)),
      timeout,
    );
    page.on("console", onConsole);
  });
  try {
    await navigate();
    return await shown;
  } finally {
    clearTimeout(timer);
    page.off("console", onConsole);
  }
}

/** A document of the app's origin with no script (the instance's public JSON), left for the measured loads "from the app". */
export const FROM_APP = "/api/instances/";

async function loadOnce(
  page: Page,
  target: ScreenTarget,
  from = "about:blank",
): Promise<{ shown: number; resources: ResourceTiming[]; html: { firstByte: number; end: number } }> {
  await page.goto(from);
  const shown = await shownAfter(page, () => page.goto(target.path, { waitUntil: "commit" }));
  const html = (await page.evaluate(
    `(() => { const n = performance.getEntriesByType("navigation")[0]; return { firstByte: Math.round(n.responseStart), end: Math.round(n.responseEnd) }; })()`,
  )) as { firstByte: number; end: number };
  const resources = (await page.evaluate(
    `performance.getEntriesByType("resource").map((e) => ({ url: e.name, initiator: e.initiatorType, start: e.startTime, end: e.responseEnd }))`,
  )) as {
    url: string;
    initiator: string;
    start: number;
    end: number;
  }[];
  return {
    shown,
    html,
    resources: resources
      .map((r) => {
        const u = new URL(r.url);
        const kind: ResourceTiming["kind"] = u.pathname.startsWith("/api/")
          ? "api"
          : u.pathname.endsWith(".js")
            ? "script"
            : "other";
        return { url: u.pathname + u.search, kind, start: Math.round(r.start), end: Math.round(r.end) };
      })
      .sort((a, b) => a.start - b.start),
  };
}

const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.stack",
  "blink.user_timing",
  "v8",
  "v8.execute",
  "loading",
  "toplevel",
];

/** CPU profiles (100 µs sampling) of warm-asset loads, from the navigation to the content frame. */
async function profileLoads(page: Page, target: ScreenTarget, dir: string, n: number) {
  fs.mkdirSync(dir, { recursive: true });
  const slug = target.name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  for (let i = 0; i < n; i++) {
    // BENCH_SCREENS_PROFILE_FROM_APP=1: the loads from a document of the app's origin (the renderer kept)
    await page.goto(process.env.BENCH_SCREENS_PROFILE_FROM_APP === "1" ? FROM_APP : "about:blank");
    const cdp = await page.context().newCDPSession(page);
    if (process.env.BENCH_SCREENS_TRACE === "1") {
      // a Chromium trace instead (devtools timeline: style, layout, paint, parsing, tasks), for chrome://tracing or Perfetto
      await cdp.send("Tracing.start", {
        traceConfig: { includedCategories: TRACE_CATEGORIES },
        transferMode: "ReturnAsStream",
      });
      const shown = Math.round(await shownAfter(page, () => page.goto(target.path, { waitUntil: "commit" })));
      const complete = new Promise<{ stream?: string }>((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      const { stream } = await complete;
      const chunks: string[] = [];
      for (let eof = false; stream && !eof;) {
        const r = await cdp.send("IO.read", { handle: stream });
        chunks.push(r.base64Encoded ? Buffer.from(r.data, "base64").toString("utf8") : r.data);
        eof = r.eof;
      }
      if (stream) await cdp.send("IO.close", { handle: stream });
      await cdp.detach();
      fs.writeFileSync(path.join(dir, `${slug}-${i + 1}-shown-${shown}ms.trace.json`), chunks.join(""));
      continue;
    }
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const shown = Math.round(await shownAfter(page, () => page.goto(target.path, { waitUntil: "commit" })));
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: unknown };
    await cdp.detach();
    fs.writeFileSync(path.join(dir, `${slug}-${i + 1}-shown-${shown}ms.cpuprofile`), JSON.stringify(profile));
  }
}

/** Chromium's flags for the measured loads: those the browser tests use on this machine (apps/web/test/e2e/browser.ts). */
export const SCREEN_BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function measureScreenLoads(opts: {
  baseUrl: string;
  chromiumPath: string;
  /** Session cookie(s) of a workspace admin who is a member of the project. */
  cookies: { name: string; value: string }[];
  screens: ScreenTarget[];
  /** Loads per screen after the first visit (default 9). */
  runs?: number;
  /**
   * A folder to write V8 CPU profiles of `profiles` more warm-asset loads per screen into (after the
   * measured ones, which stay unprofiled): `<screen>-<n>.cpuprofile`, with `__screenShown` in the file name.
   * The bench passes BENCH_SCREENS_PROFILE.
   */
  profileDir?: string;
  profiles?: number;
}): Promise<ScreenLoad[]> {
  const runs = opts.runs ?? 9;
  const inMemory = process.env.BENCH_SCREENS_IN_MEMORY === "1";
  const launch = { executablePath: opts.chromiumPath, headless: true, args: SCREEN_BROWSER_ARGS };
  const browser = inMemory ? await chromium.launch(launch) : null;
  const out: ScreenLoad[] = [];
  try {
    for (const target of opts.screens) {
      // a fresh profile per screen: its first load finds nothing cached
      const profile = inMemory ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "stride-screens-"));
      const contextOptions = { baseURL: opts.baseUrl, viewport: { width: 1280, height: 800 } };
      const context: BrowserContext = browser
        ? await browser.newContext(contextOptions)
        : await chromium.launchPersistentContext(profile, { ...launch, ...contextOptions });
      const host = new URL(opts.baseUrl).hostname;
      await context.addCookies(opts.cookies.map((c) => ({ ...c, domain: host, path: "/" })));
      // records, in every document, the first frame at which the screen's content shows
      await context.addInitScript(screenShownScript(target.ready));
      const page = context.pages()[0] ?? (await context.newPage());
      const first = await loadOnce(page, target);
      const loads: Awaited<ReturnType<typeof loadOnce>>[] = [];
      for (let i = 0; i < runs; i++) loads.push(await loadOnce(page, target));
      const fromApp: number[] = [];
      for (let i = 0; i < runs; i++) fromApp.push(Math.round((await loadOnce(page, target, FROM_APP)).shown));
      if (opts.profileDir) await profileLoads(page, target, opts.profileDir, opts.profiles ?? 3);
      const times = loads.map((l) => Math.round(l.shown));
      const p50 = percentile(times, 50);
      const median = loads[times.indexOf(p50)];
      const api = median.resources.filter((r) => r.kind === "api");
      out.push({
        name: target.name,
        path: target.path,
        first: Math.round(first.shown),
        runs: times,
        p50,
        max: Math.max(...times),
        apiRequests: api.length,
        apiRounds: apiRounds(api),
        waterfall: median.resources,
        html: median.html,
        fromApp: { runs: fromApp, p50: percentile(fromApp, 50), max: Math.max(...fromApp) },
      });
      await context.close();
      if (profile) fs.rmSync(profile, { recursive: true, force: true });
    }
  } finally {
    await browser?.close();
  }
  return out;
}

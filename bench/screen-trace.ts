/**
 * Where one screen load's time goes in the browser: a performance trace (chromium's tracing, the renderer's
 * main thread and its CPU profile) of a warm-assets, cold-data load of a screen of issue #7 point 4, as the
 * screens bench measures it (apps/web/test/perf/screens-browser.ts). Prints, from navigation start to the frame
 * that shows the content: the main thread's busy time by kind of work (script compile/evaluate, React work
 * in callbacks, style and layout, paint), its idle gaps (waiting on the network), the CPU profile's self time
 * by script file, and when each script and the page's data blocks arrived.
 *
 * `TRACE_SCREEN=0 TRACE_RUNS=5 BENCH_PG_PORT=54521 node --import tsx bench/screen-trace.ts` (screen index in
 * `issue7Screens`, default 0: the full work-item page; TRACE_WEB_DIST=<dir>: another build of the web app).
 */
import path from "node:path";
import { chromium } from "playwright-core";
import { openBenchCluster, benchSession, screensItem } from "./cluster.ts";
import { buildServer } from "../apps/server/src/app.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { issue7Screens, screenShownScript, shownAfter } from "../apps/web/test/perf/screens-browser.ts";

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54521);
const RUNS = Number(process.env.TRACE_RUNS ?? 5);
const SCREEN = Number(process.env.TRACE_SCREEN ?? 0);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>;
}

async function main() {
  const webDist = path.resolve(process.env.TRACE_WEB_DIST ?? "apps/web/dist");
  const cluster = await openBenchCluster({ pgPort: PG_PORT, webDist, log: (m) => console.error(m) });
  const { app } = cluster.stride;
  const info = cluster.info;
  const server = await buildServer(app, { webDist });
  const base = await server.listen({ port: 0, host: "127.0.0.1" });
  const token = await benchSession(app.sql, info.adminId);
  const item = await screensItem(app.sql, info);
  const target = issue7Screens({
    slug: info.workspaceSlug,
    projectId: info.projectId,
    itemId: item.id,
    itemKey: item.key,
  })[SCREEN];
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: app.config.sessionCookieName, value: token, domain: "127.0.0.1", path: "/" }]);
    await context.addInitScript(screenShownScript(target.ready));
    const page = await context.newPage();
    const load = async () => {
      await page.goto("about:blank");
      return shownAfter(page, () => page.goto(target.path, { waitUntil: "commit" }));
    };
    await load();
    await load();
    for (let run = 0; run < RUNS; run++) {
      await page.goto("about:blank");
      await browser.startTracing(page, {
        categories: (
          process.env.TRACE_CATEGORIES ??
          "devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,blink.user_timing,toplevel,loading"
        ).split(","),
      });
      const shown = await shownAfter(page, () => page.goto(target.path, { waitUntil: "commit" }));
      const resources = (await page.evaluate(
        `performance.getEntriesByType("resource").map((e) => ({ url: e.name, start: Math.round(e.startTime), end: Math.round(e.responseEnd) }))`,
      )) as { url: string; start: number; end: number }[];
      const nav = (await page.evaluate(
        `(() => { const n = performance.getEntriesByType("navigation")[0]; return { firstByte: Math.round(n.responseStart), end: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventStart) }; })()`,
      )) as Record<string, number>;
      const marks = (await page.evaluate(
        `performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)])`,
      )) as [string, number][];
      await page.waitForTimeout(100);
      const buf = await browser.stopTracing();
      if (process.env.TRACE_SAVE) (await import("node:fs")).writeFileSync(`${process.env.TRACE_SAVE}-${run}.json`, buf);
      const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
      const events = Array.isArray(trace) ? trace : trace.traceEvents;
      report(run, shown, events, resources, nav, marks);
    }
  } finally {
    await browser.close();
    await server.close();
    await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
    await cluster.stride.close();
  }
}

/** The kind of work a trace event is (its outermost such event inside a task counts). */
const KINDS: Record<string, string> = {
  EvaluateScript: "script evaluate",
  "v8.compile": "compile",
  "v8.compileModule": "compile",
  "v8.evaluateModule": "module evaluate",
  FunctionCall: "callbacks (JS)",
  TimerFire: "callbacks (JS)",
  FireAnimationFrame: "callbacks (JS)",
  EventDispatch: "callbacks (JS)",
  "v8.produceModuleCache": "compile",
  ParseHTML: "parse HTML",
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  MajorGC: "gc",
  MinorGC: "gc",
  "V8.GCScavenger": "gc",
  RunMicrotasks: "microtasks (JS)",
  "v8.run": "script evaluate",
  ParseAuthorStyleSheet: "style",
  ResourceReceivedData: "network callbacks",
  ResourceReceiveResponse: "network callbacks",
  ResourceFinish: "network callbacks",
};
const kindOf = (n: string) => KINDS[n];

/** Kinds of work: the outermost event of each kind inside a task; the rest of a task is its overhead. */
function workKinds(tasks: TraceEvent[], main: TraceEvent[], clip: (e: TraceEvent) => number): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const task of tasks) {
    const inner = main.filter(
      (e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task && kindOf(e.name),
    );
    // outermost only
    const outer = inner.filter(
      (e) =>
        !inner.some(
          (o) =>
            o !== e &&
            o.ts <= e.ts &&
            o.ts + o.dur! >= e.ts + e.dur! &&
            kindOf(o.name) &&
            (o.ts < e.ts || o.dur! > e.dur!),
        ),
    );
    let acc = 0;
    for (const e of outer) {
      const k = kindOf(e.name)!;
      const d = clip(e);
      kinds[k] = (kinds[k] ?? 0) + d;
      acc += d;
    }
    kinds["other (task overhead)"] = (kinds["other (task overhead)"] ?? 0) + Math.max(0, clip(task) - acc);
  }
  return kinds;
}

/** CPU profile: self time by script file, the top functions, and (TRACE_WINDOWS) inclusive time in windows. */
function cpuProfileReport(events: TraceEvent[], pid: number, t0: number, t1: number) {
  const chunks = events.filter((e) => e.pid === pid && (e.name === "ProfileChunk" || e.name === "Profile"));
  const nodes = new Map<number, { url: string; fn: string; line: number; parent?: number }>();
  const incl: Record<string, number> = {};
  const windows = (process.env.TRACE_WINDOWS ?? "")
    .split(",")
    .filter(Boolean)
    .map((w) => w.split("-").map((x) => t0 + Number(x) * 1000));
  const bySelf: Record<string, number> = {};
  const byFn: Record<string, number> = {};
  let ts = 0;
  for (const c of chunks) {
    if (c.name === "Profile") {
      ts = c.args?.data?.startTime ?? ts;
      continue;
    }
    const d = c.args?.data;
    for (const n of d?.cpuProfile?.nodes ?? [])
      nodes.set(n.id, {
        url: String(n.callFrame.url ?? "").replace(/^.*\//, ""),
        fn: n.callFrame.functionName || "(anon)",
        line: n.callFrame.lineNumber,
        parent: n.parent,
      });
    const samples: number[] = d?.cpuProfile?.samples ?? [];
    const deltas: number[] = d?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      const dt = (deltas[i + 1] ?? 0) / 1000;
      if (ts < t0 || ts > t1) continue;
      const n = nodes.get(samples[i]);
      if (!n) continue;
      if (windows.some(([a, b]) => ts >= a && ts <= b)) {
        const names = new Set<string>();
        for (let m: typeof n | undefined = n; m; m = m.parent !== undefined ? nodes.get(m.parent) : undefined)
          names.add(`${m.fn} (${m.url}:${m.line})`);
        for (const k of names) incl[k] = (incl[k] ?? 0) + dt;
      }
      const key = n.url || n.fn;
      bySelf[key] = (bySelf[key] ?? 0) + dt;
      if (n.url) byFn[`${n.fn} (${n.url}:${n.line})`] = (byFn[`${n.fn} (${n.url}:${n.line})`] ?? 0) + dt;
    }
  }
  console.log(
    "  CPU self time by file: " +
      Object.entries(bySelf)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(", "),
  );
  console.log(
    "  top functions: " +
      Object.entries(byFn)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(", "),
  );
  if (windows.length)
    console.log(
      "  inclusive in windows:\n" +
        Object.entries(incl)
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.TRACE_TOP ?? 60))
          .map(([k, v]) => `    ${v.toFixed(1).padStart(6)} ${k}`)
          .join("\n"),
    );
}

function report(
  run: number,
  shown: number,
  events: TraceEvent[],
  resources: { url: string; start: number; end: number }[],
  nav: Record<string, number>,
  marks: [string, number][],
) {
  // the renderer main thread of the screen's document: the one whose navigationStart names our URL
  const navStart = events.find(
    (e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"),
  );
  if (!navStart) return console.log("no navigationStart");
  const pid = navStart.pid;
  const tid = navStart.tid;
  const t0 = navStart.ts;
  const t1 = t0 + shown * 1000;
  const rel = (ts: number) => Math.round((ts - t0) / 100) / 10;
  const main = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined && e.ts + e.dur > t0 && e.ts < t1,
  );
  const tasks = main
    .filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")
    .sort((a, b) => a.ts - b.ts);
  const clip = (e: TraceEvent) => (Math.min(e.ts + e.dur!, t1) - Math.max(e.ts, t0)) / 1000;
  const busy = tasks.reduce((s, e) => s + clip(e), 0);
  const kinds = workKinds(tasks, main, clip);
  console.log(
    `\n=== run ${run}: shown at ${Math.round(shown)} ms; html first byte ${nav.firstByte}, last byte ${nav.end}, DOMContentLoaded ${nav.dcl}; main thread busy ${busy.toFixed(0)} ms of ${Math.round(shown)} (${tasks.length} tasks)`,
  );
  console.log("marks: " + marks.map(([n, t]) => `${n}@${t}`).join(" "));
  for (const [k, v] of Object.entries(kinds).sort((a, b) => b[1] - a[1]))
    console.log(`  ${k.padEnd(24)} ${v.toFixed(1)} ms`);
  // busy timeline: tasks over 3 ms
  console.log(
    "  long tasks (≥ 3 ms): " +
      tasks
        .filter((t) => t.dur! >= 3000)
        .map((t) => {
          const inner = main
            .filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && kindOf(e.name))
            .sort((a, b) => b.dur! - a.dur!)[0];
          const what = inner
            ? `${inner.name}${inner.args?.data?.url ? " " + String(inner.args.data.url).replace(/^.*\//, "") : ""}${inner.args?.data?.functionName ? " " + inner.args.data.functionName : ""}`
            : "";
          return `${rel(t.ts)}+${(t.dur! / 1000).toFixed(1)} ${what}`;
        })
        .join("; "),
  );
  cpuProfileReport(events, pid, t0, t1);
  const scripts = resources.filter((r) => r.url.endsWith(".js"));
  console.log(
    `  scripts: ${scripts.length}, ${Math.min(...scripts.map((s) => s.start))} → ${Math.max(...scripts.map((s) => s.end))} ms; api: ` +
      resources
        .filter((r) => r.url.includes("/api/"))
        .map((r) => `${r.start}→${r.end} ${new URL(r.url).pathname}`)
        .join(", "),
  );
  // idle gaps on the main thread ≥ 5 ms
  const gaps: string[] = [];
  let last = t0;
  for (const t of tasks) {
    if (t.ts - last >= 5000) gaps.push(`${rel(last)}→${rel(t.ts)}`);
    last = Math.max(last, t.ts + t.dur!);
  }
  console.log("  idle gaps ≥ 5 ms: " + gaps.join(", "));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

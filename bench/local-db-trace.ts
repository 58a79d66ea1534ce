/**
 * Where a local list switch's time goes (issue #28's first target): bench/local-db.ts's switch steps on the seeded
 * 10,000-item project, local database on (and off: the server path), each step traced (chromium's tracing: the
 * renderer's main thread and its CPU profile) from its input event to the frame that shows the new content. Prints per
 * step: input → shown; each ask to the worker (page posts → worker receives → worker posts → page's message event);
 * the main thread's tasks meanwhile (≥ 2 ms, what each is); CPU self time by function.
 *
 *   TRACE_ROUNDS=3 TRACE_MODES=on,off BENCH_PG_PORT=54637 node --import tsx bench/local-db-trace.ts
 * (TRACE_WEB_DIST=<dir>: another build of the web app, e.g. one built with `--minify false` for readable names;
 * TRACE_STEPS=0,2: only those steps; TRACE_CPU=0: no CPU profile.)
 */
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { benchSession, openBenchCluster } from "./cluster.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { calibrate, newContext, openList, resetView, STEPS, target, type Mode } from "./local-db.ts";
import { timeAction } from "./local-db-page.ts";

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54637);
const ROUNDS = Number(process.env.TRACE_ROUNDS ?? 3);
const MODES = (process.env.TRACE_MODES ?? "on,off").split(",") as Mode[];
const ONLY = process.env.TRACE_STEPS?.split(",").map(Number);
const CPU = process.env.TRACE_CPU !== "0";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>;
}
interface Ask {
  start: number;
  end: number;
  received: number | null;
  posted: number | null;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

/** What a task is: its longest named inner event (an event's type, a timer, a worker message, a frame …). */
function taskWhat(t: TraceEvent, main: TraceEvent[]): string {
  const inner = main
    .filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && e.ph === "X")
    .filter((e) =>
      [
        "EventDispatch",
        "TimerFire",
        "FunctionCall",
        "FireAnimationFrame",
        "Paint",
        "Layout",
        "UpdateLayoutTree",
        "HitTest",
      ].includes(e.name),
    );
  const parts = new Map<string, number>();
  for (const e of inner) {
    const d = e.args?.data ?? {};
    const k =
      e.name === "EventDispatch"
        ? `event ${d.type}`
        : e.name === "FunctionCall"
          ? `call ${d.functionName || "(anon)"} ${String(d.url ?? "").replace(/^.*\//, "")}:${d.lineNumber ?? ""}`
          : e.name;
    parts.set(k, (parts.get(k) ?? 0) + e.dur! / 1000);
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(", ");
}

function cpuTop(events: TraceEvent[], pid: number, t0: number, t1: number): string {
  const chunks = events.filter((e) => e.pid === pid && (e.name === "ProfileChunk" || e.name === "Profile"));
  const nodes = new Map<number, { fn: string; url: string; line: number }>();
  const byFn: Record<string, number> = {};
  const byFile: Record<string, number> = {};
  for (const c of chunks) {
    if (c.name === "Profile") continue;
    const d = c.args?.data;
    for (const n of d?.cpuProfile?.nodes ?? [])
      nodes.set(n.id, {
        fn: n.callFrame.functionName || "(anon)",
        url: String(n.callFrame.url ?? "").replace(/^.*\//, ""),
        line: n.callFrame.lineNumber,
      });
  }
  // samples: timestamps from the Profile event's startTime plus deltas (one profile per thread: the main one)
  let ts = 0;
  for (const c of chunks) {
    if (c.name === "Profile") {
      ts = c.args?.data?.startTime ?? ts;
      continue;
    }
    const d = c.args?.data;
    const samples: number[] = d?.cpuProfile?.samples ?? [];
    const deltas: number[] = d?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      if (ts < t0 || ts > t1) continue;
      const dt = (deltas[i + 1] ?? 0) / 1000;
      const n = nodes.get(samples[i]);
      if (!n || n.fn === "(idle)") continue;
      const k = `${n.fn} ${n.url}:${n.line}`;
      byFn[k] = (byFn[k] ?? 0) + dt;
      byFile[n.url || n.fn] = (byFile[n.url || n.fn] ?? 0) + dt;
    }
  }
  const top = (o: Record<string, number>, n: number) =>
    Object.entries(o)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join("; ");
  return `    cpu by file: ${top(byFile, 8)}\n    cpu top: ${top(byFn, 25)}`;
}

async function traceStep(page: Page, mode: Mode, i: number, want: Parameters<typeof timeAction>[2], round: number) {
  const s = STEPS[i];
  const browser = page.context().browser()!;
  await page.evaluate("window.__ldbQ && (window.__ldbQ.length = 0)");
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "toplevel", ...(CPU ? ["disabled-by-default-v8.cpu_profiler"] : [])],
  });
  const timing = await timeAction(page, s.trigger, want, () => s.act(page, (globalThis as any).__target));
  const T = (await page.evaluate("window.__ldbT")) as { start: number; shown: number; settled: number };
  const asks = ((await page.evaluate("window.__ldbQ || []")) as Ask[]).filter((q) => q.start >= T.start - 1);
  await page.waitForTimeout(50);
  const buf = await browser.stopTracing();
  const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // the page's main thread: the one running its animation frames
  const frame = events.find((e) => e.name === "FireAnimationFrame");
  console.log(
    `\n[${mode} r${round}] ${s.name}: shown ${timing.shown} settled ${timing.settled}` +
      asks
        .map(
          (q) =>
            `\n    ask: posted +${r1(q.start - T.start)}, worker got +${q.received === null ? "?" : r1(q.received - T.start)}, worker answered +${q.posted === null ? "?" : r1(q.posted - T.start)}, page got +${r1(q.end - T.start)}`,
        )
        .join(""),
  );
  if (!frame) return;
  const { pid, tid } = frame;
  // the trace's clock and the page's: aligned on the step's input event
  const ev = events.find(
    (e) => e.pid === pid && e.tid === tid && e.name === "EventDispatch" && e.args?.data?.type === s.trigger,
  );
  if (!ev) return console.log("    (no input event in the trace)");
  const t0 = ev.ts;
  const t1 = t0 + timing.settled * 1000;
  const main = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined && e.ts + e.dur >= t0 && e.ts <= t1,
  );
  const tasks = main
    .filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")
    .sort((a, b) => a.ts - b.ts);
  const busy = tasks.reduce((a, e) => a + (Math.min(e.ts + e.dur!, t1) - Math.max(e.ts, t0)) / 1000, 0);
  console.log(`    main thread busy ${busy.toFixed(1)} of ${timing.settled} ms; tasks ≥ 2 ms:`);
  for (const tk of tasks.filter((x) => x.dur! >= 2000))
    console.log(`      +${r1((tk.ts - t0) / 1000)} ${r1(tk.dur! / 1000)} ms: ${taskWhat(tk, main)}`);
  // the page's other threads (the local database's worker): their tasks meanwhile, and what they ran
  const others = events.filter(
    (e) =>
      e.pid === pid &&
      e.tid !== tid &&
      e.ph === "X" &&
      e.dur !== undefined &&
      e.ts + e.dur >= t0 - 50_000 &&
      e.ts <= t1,
  );
  for (const tk of others.filter(
    (x) => (x.name === "RunTask" || x.name === "ThreadControllerImpl::RunTask") && x.dur! >= 2000,
  ))
    console.log(
      `      worker? tid ${tk.tid} +${r1((tk.ts - t0) / 1000)} ${r1(tk.dur! / 1000)} ms: ${taskWhat(
        tk,
        others.filter((e) => e.tid === tk.tid),
      )}`,
    );
  if (CPU) console.log(cpuTop(events, pid, t0, t1));
}

async function main() {
  const webDist = path.resolve(process.env.TRACE_WEB_DIST ?? "apps/web/dist");
  const cluster = await openBenchCluster({ pgPort: PG_PORT, webDist, log: (m) => console.error(m) });
  const { stride, info } = cluster;
  const t = await target(stride, info);
  (globalThis as any).__target = t;
  const token = await benchSession(stride.app.sql, info.adminId);
  const cookie = { name: stride.app.config.sessionCookieName, value: token };
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const pages = {} as Record<Mode, Page>;
    for (const m of ["off", ...MODES.filter((x) => x !== "off")] as Mode[])
      pages[m] = await (await newContext(browser, stride.url, cookie, m)).newPage();
    if (MODES.includes("on")) {
      console.error("first sync …");
      await resetView(pages.on.context(), t);
      await openList(pages.on, t, "on");
    }
    const wants = await calibrate(pages.off, t);
    const steps = STEPS.map((s, i) => i).filter((i) => STEPS[i].kind === "switch" && (!ONLY || ONLY.includes(i)));
    for (let r = 0; r < ROUNDS; r++)
      for (const m of MODES) {
        const page = pages[m];
        await resetView(page.context(), t);
        await openList(page, t, m);
        for (const [i, s] of STEPS.entries()) {
          if (s.kind !== "switch") break;
          await s.prepare?.(page);
          if (steps.includes(i)) await traceStep(page, m, i, wants[i], r);
          else {
            await s.act(page, t);
            await page.waitForTimeout(600);
          }
          await s.after?.(page);
          await page.waitForTimeout(250);
        }
      }
  } finally {
    await browser.close();
    await stride.app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
    await stride.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

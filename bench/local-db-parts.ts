/**
 * Parts 3–5 of the local-database bench (bench/local-db.ts): the first sync, another person's changes, memory.
 */
import type { BrowserContext, Page, Request } from "playwright-core";
import { openList, resetView, type Mode, type Target } from "./local-db.ts";
import {
  SQLITE_FILE_SCRIPT,
  readShown,
  readStatusWatch,
  rowTextWatchScript,
  timeAction,
  type SqliteFile,
  type Timing,
} from "./local-db-page.ts";

const WRITES = Number(process.env.BENCH_LOCAL_DB_WRITES ?? 20);

export interface FirstSync {
  /** Navigation start → the project's status `ready` (ms). */
  readyMs: number;
  /** Navigation start → the first sync status seen (`loading` or `syncing`). */
  startMs: number;
  statuses: { status: string; at: number }[];
  /** Layout switches (list ↔ spreadsheet) clicked while the project synced: click → painted. */
  clicks: Timing[];
  /** The page's long animation frames (≥ 50 ms) between the sync's start and `ready`. */
  longFrames: { count: number; maxMs: number; totalMs: number };
  /** The sync's requests to GET /api/v2/ (ms): their span, the server's share and the gaps between them (local writes). */
  requests: { n: number; pages: number; spanMs: number; serverMs: number; gapsMs: number; pageServerP50: number };
}

/** The sync's requests (GET /api/v2/…): when each was sent and answered, ms from the first. */
function watchSyncRequests(ctx: BrowserContext): { sent: number; done: number; url: string }[] {
  const out: { sent: number; done: number; url: string }[] = [];
  const sent = new Map<Request, number>();
  ctx.on("request", (r) => {
    if (r.url().includes("/api/v2/")) sent.set(r, performance.now());
  });
  ctx.on("requestfinished", (r) => {
    const at = sent.get(r);
    if (at !== undefined) out.push({ sent: at, done: performance.now(), url: new URL(r.url()).search });
  });
  return out;
}

/**
 * Part 3: a fresh browser profile (`ctx`, local database on, `statusWatchScript` among its init scripts) opens the
 * project's list; a layout switch is clicked every second (20 at most) until the project is ready (or `limitMs`).
 */
export async function measureFirstSync(
  ctx: BrowserContext,
  t: Target,
  log: (m: string) => void,
  limitMs = 600_000,
): Promise<FirstSync> {
  await resetView(ctx, t);
  const requests = watchSyncRequests(ctx);
  const page = await ctx.newPage();
  await page.goto(t.listPath);
  await page.locator('[data-list-context][data-layout="list"] [data-item]').first().waitFor({ timeout: 60_000 });
  const clicks: Timing[] = [];
  // the page's own record, and the page's root polled from here (a second late at most) as a fallback
  const navStart = Date.now() - Number(await page.evaluate("performance.now()"));
  let polledReady = NaN;
  const ready = async () => {
    const w = await readStatusWatch(page);
    const root = (await page.evaluate("document.documentElement.dataset.localDbProjects || ''")) as string;
    if (Number.isNaN(polledReady) && root.includes(`${t.pid}:ready:`)) polledReady = Date.now() - navStart;
    return w.changes.some((c) => c.status === "ready") || !Number.isNaN(polledReady);
  };
  const started = Date.now();
  let layout: "spreadsheet" | "list" = "spreadsheet";
  let said = 0;
  while (!(await ready()) && Date.now() - started < limitMs) {
    await page.waitForTimeout(1000);
    if (Date.now() - said > 10_000) {
      said = Date.now();
      log(
        `  sync: ${await page.evaluate("document.documentElement.dataset.localDb + ' ' + document.documentElement.dataset.localDbProjects")}, ${requests.length} pages read`,
      );
    }
    if ((await ready()) || clicks.length >= 20) continue;
    // a click during the sync: the other layout of the same items (its rows are the same, only the layout changes)
    const want = { ...(await readShown(page)), layout };
    const name = layout === "spreadsheet" ? "Spreadsheet layout" : "List layout";
    clicks.push(
      await timeAction(page, "pointerdown", want, () => page.getByRole("button", { name, exact: true }).click()),
    );
    layout = layout === "spreadsheet" ? "list" : "spreadsheet";
  }
  const w = await readStatusWatch(page);
  const readyMs = w.changes.find((c) => c.status === "ready")?.at ?? polledReady;
  const startMs = w.changes.find((c) => c.status === "loading" || c.status === "syncing")?.at ?? NaN;
  const during = w.frames.filter(
    (f) => f.start >= startMs && f.start <= (Number.isFinite(readyMs) ? readyMs : Infinity),
  );
  await page.close();
  return {
    readyMs: Math.round(readyMs),
    startMs: Math.round(startMs),
    statuses: w.changes.map((c) => ({ status: c.status, at: Math.round(c.at) })),
    clicks,
    longFrames: {
      count: during.length,
      maxMs: Math.round(Math.max(0, ...during.map((f) => f.dur))),
      totalMs: Math.round(during.reduce((a, f) => a + f.dur, 0)),
    },
    requests: syncBreakdown(requests),
  };
}

/** The sync's pages: the server's time (request → answer) and the gaps between an answer and the next request (the worker writing the page). */
function syncBreakdown(rs: { sent: number; done: number; url: string }[]): FirstSync["requests"] {
  const sorted = [...rs].sort((a, b) => a.sent - b.sent);
  const server = sorted.reduce((a, r) => a + r.done - r.sent, 0);
  let gaps = 0;
  for (let i = 1; i < sorted.length; i++) gaps += Math.max(0, sorted[i].sent - sorted[i - 1].done);
  // (the person's subscriptions, read after the items with the same cursor, are not a page of items)
  const pages = sorted.filter((r) => r.url.includes("cursor=500") && !r.url.includes("subscriber="));
  return {
    n: sorted.length,
    pages: pages.length,
    spanMs: sorted.length ? Math.round(sorted.at(-1)!.done - sorted[0].sent) : 0,
    serverMs: Math.round(server),
    gapsMs: Math.round(gaps),
    pageServerP50: Math.round(median(pages.map((r) => r.done - r.sent))),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export interface LiveEdits {
  /** Per mode: API write sent → the new name painted in the open list (ms), one per write; NaN: not seen in 15 s. */
  times: Record<Mode, number[]>;
}

/**
 * Part 4: a second member renames one of the two newest items through the API; both pages (local database on and
 * off) have the project's list open, and each notes the frame that shows the new name.
 */
export async function measureLiveEdits(
  pages: Record<Mode, Page>,
  t: Target,
  base: string,
  bob: { name: string; value: string },
): Promise<LiveEdits> {
  const P = `/api/workspaces/${t.slug}/projects/${t.pid}`;
  const top = (await (
    await pages.on.context().request.get(`${P}/issues/?order_by=-created_at&per_page=2&cursor=2:0:0`)
  ).json()) as { results: { id: string; sequence_id: number; name: string }[] };
  await resetView(pages.on.context(), t);
  for (const m of ["off", "on"] as const) await openList(pages[m], t, m);
  const times: Record<Mode, number[]> = { on: [], off: [] };
  const originals = top.results.map((i) => i.name);
  try {
    for (let i = 0; i < WRITES; i++) {
      const item = top.results[i % top.results.length];
      const name = `Renamed by a teammate ${i} ${Date.now().toString(36)}`;
      const key = `${t.identifier}-${item.sequence_id}`;
      for (const m of ["off", "on"] as const) await pages[m].evaluate(rowTextWatchScript(key, name));
      const sent = performance.timeOrigin + performance.now();
      await patchName(base, P, item.id, name, bob);
      for (const m of ["off", "on"] as const) {
        const seen = await pages[m]
          .waitForFunction(() => (window as unknown as { __ldbL: { at: number } }).__ldbL.at, undefined, {
            timeout: 15_000,
            polling: 50,
          })
          .then((h) => h.jsonValue() as Promise<number>)
          .catch(() => NaN);
        times[m].push(Math.round(seen - sent));
      }
      await pages.on.waitForTimeout(300);
    }
  } finally {
    for (const [j, item] of top.results.entries()) await patchName(base, P, item.id, originals[j], bob);
  }
  return { times };
}

async function patchName(base: string, P: string, id: string, name: string, who: { name: string; value: string }) {
  const res = await fetch(`${base.replace(/\/$/, "")}${P}/issues/${id}/`, {
    method: "PATCH",
    headers: { cookie: `${who.name}=${who.value}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  await res.text();
  if (!res.ok) throw new Error(`PATCH ${id} → ${res.status}`);
}

export interface Memory {
  crossOriginIsolated: boolean;
  /** performance.measureUserAgentSpecificMemory() of the page with the local database on (bytes), when isolated. */
  uaMemory: number | null;
  /** The pages' JS heap in use (performance.memory.usedJSHeapSize, --enable-precise-memory-info), bytes. */
  pageHeap: Record<Mode, number>;
  /** The local database worker's JS heap in use after a garbage collection (bytes; CDP on its target), when found. */
  workerHeap: number | null;
  sqlite: SqliteFile | null;
  /** Why the SQLite file could not be read. */
  sqliteError: string;
}

/** Part 5: the pages' heaps with the list open, then the SQLite file read with the app closed. */
export async function measureMemory(pages: Record<Mode, Page>): Promise<Memory> {
  const heap = async (p: Page) => {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.detach();
    return (await p.evaluate("performance.memory.usedJSHeapSize")) as number;
  };
  const pageHeap = { on: await heap(pages.on), off: await heap(pages.off) };
  const workerHeap = await workerHeapOf(pages.on).catch(() => null);
  const isolated = (await pages.on.evaluate("self.crossOriginIsolated")) as boolean;
  const uaMemory = isolated
    ? ((await pages.on.evaluate("performance.measureUserAgentSpecificMemory().then((m) => m.bytes)")) as number)
    : null;
  const ctx = pages.on.context();
  await pages.on.close();
  // a document of the app's origin where the app does not run: the worker is gone and the files are free to read
  const blank = await ctx.newPage();
  await blank.goto("/api/instances/");
  // the closed page's worker lets go of the files' access handles a moment later
  let sqlite: SqliteFile | null = null;
  let sqliteError = "";
  for (let i = 0; i < 20 && !sqlite; i++) {
    sqlite = (await blank.evaluate(SQLITE_FILE_SCRIPT).catch((e: Error) => {
      sqliteError = e.message.split("\n")[0];
      return null;
    })) as SqliteFile | null;
    if (!sqlite) await blank.waitForTimeout(500);
  }
  await blank.close();
  return { crossOriginIsolated: isolated, uaMemory, pageHeap, workerHeap, sqlite, sqliteError };
}

/**
 * The JS heap of the page's worker (the local database's) after a garbage collection: the browser's DevTools
 * protocol attached to the worker's target (Runtime.getHeapUsage), as `performance.memory` does not exist in workers.
 */
async function workerHeapOf(p: Page): Promise<number | null> {
  const browser = p.context().browser();
  if (!browser) return null;
  const own = await p.context().newCDPSession(p);
  const { targetInfo } = await own.send("Target.getTargetInfo");
  await own.detach();
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send("Target.getTargets");
    const w = targetInfos.find((t) => t.type === "worker" && t.browserContextId === targetInfo.browserContextId);
    if (!w) return null;
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: w.targetId, flatten: false });
    let last = 0;
    const ask = (method: string) =>
      new Promise<Record<string, number>>((resolve) => {
        const id = ++last;
        const on = (e: { sessionId?: string; message: string }) => {
          const m = JSON.parse(e.message) as { id?: number; result?: Record<string, number> };
          if (e.sessionId !== sessionId || m.id !== id) return;
          cdp.off("Target.receivedMessageFromTarget", on);
          resolve(m.result ?? {});
        };
        cdp.on("Target.receivedMessageFromTarget", on);
        void cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
      });
    await ask("HeapProfiler.collectGarbage");
    return (await ask("Runtime.getHeapUsage")).usedSize ?? null;
  } finally {
    await cdp.detach();
  }
}

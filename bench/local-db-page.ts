/**
 * What bench/local-db.ts runs inside the app's page: timers that note the frame at which a screen's new content is
 * painted after an action, the project's local status over time, and the local database's file size. Each is a
 * string evaluated through the DevTools protocol (the app's CSP refuses `eval` of the page's own, not this).
 *
 * "Painted": the first animation frame (its requestAnimationFrame callback, which runs just before that frame's paint)
 * whose DOM shows the expected content; "settled": the first such frame with no list request in flight either (the
 * list header's `Updating` indicator gone).
 */
import type { Page } from "playwright-core";

/** What a list screen shows, read from its DOM: the list's context and layout, its count, its first row, grouped or not. */
export interface Shown {
  context: string | null;
  layout: string | null;
  count: string | null;
  first: string | null;
  grouped: boolean;
  /** A link a non-list screen (the cycles' or modules' page) must show: its `href` ending. */
  link?: string;
}

/** The expression reading `Shown` from the page (without `link`). */
const READ_SHOWN = `(() => {
  const root = document.querySelector("[data-list-context]");
  const count = root && root.querySelector('[aria-label$=" work items"]');
  const first = root && root.querySelector("[data-item]");
  return {
    context: root ? root.getAttribute("data-list-context") : null,
    layout: root ? root.getAttribute("data-layout") : null,
    count: count ? count.getAttribute("aria-label") : null,
    first: first ? first.getAttribute("data-item") : null,
    grouped: !!(root && root.querySelector("[data-group]")),
  };
})()`;

export async function readShown(page: Page): Promise<Shown> {
  return (await page.evaluate(READ_SHOWN)) as Shown;
}

/** The condition "the page shows `s`", as an expression. */
function shows(s: Shown): string {
  if (s.link) return `!!document.querySelector(${JSON.stringify(`a[href$="${s.link}"]`)})`;
  const want = JSON.stringify({ ...s, link: undefined });
  return `JSON.stringify(${READ_SHOWN}) === ${JSON.stringify(want)}`;
}

/**
 * Arm the timer: the next `trigger` event (capture phase) starts it; then every frame checks whether the page shows
 * `want` (shown) and no list request is in flight (settled).
 */
function armScript(trigger: "pointerdown" | "change", want: Shown): string {
  return `(() => {
    const T = (window.__ldbT = { start: 0, shown: 0, settled: 0 });
    const ok = () => { try { return ${shows(want)}; } catch { return false; } };
    addEventListener(${JSON.stringify(trigger)}, () => { T.start = performance.now(); }, { capture: true, once: true });
    const frame = () => {
      if (T.start) {
        const now = performance.now();
        if (!T.shown && ok()) T.shown = now;
        if (T.shown && !document.querySelector('[aria-label="Updating"]')) T.settled = now;
      }
      if (!T.settled) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`;
}

export interface Timing {
  /** Action → the first frame showing the expected content. */
  shown: number;
  /** Action → the first frame showing it with no list request in flight. */
  settled: number;
  /**
   * The list data asked for meanwhile (ms from the action): the local database's queries (page → worker → page) or,
   * with it off, the server's list requests (resource timing); none: the page had what it showed.
   */
  data?: {
    n: number;
    first: number;
    last: number;
    busy: number;
    /**
     * The local database's asks (summed over them): in the worker (received → answer posted), the request's way to it
     * (posted in the page → received: the worker busy before it, the copy), the answer's way back (posted → the
     * page's message event: mostly the page's main thread busy).
     */
    worker?: number;
    toWorker?: number;
    back?: number;
  };
}

/**
 * An init script: every list query the page sends its local-database worker (`op: "query"`), with the times it was
 * sent and its answer came back to the page (the worker's own queue and work, and both messages' copies).
 */
export const QUERY_WATCH_SCRIPT = `(() => {
  if (typeof Worker === "undefined") return;
  const Q = (window.__ldbQ = []);
  const sent = new Map();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (m && m.req && m.req.op === "query") {
      sent.set(m.id, performance.now());
      if (!this.__ldbWatched) {
        this.__ldbWatched = true;
        this.addEventListener("message", (e) => {
          const d = e.data;
          if (d && sent.has(d.id)) {
            // the worker's own times (received, posted), on the page's clock
            const w = Array.isArray(d.at) ? d.at.map((x) => x - performance.timeOrigin) : null;
            Q.push({ start: sent.get(d.id), end: performance.now(), received: w && w[0], posted: w && w[1] });
            sent.delete(d.id);
          }
        });
      }
    }
    return post.call(this, m, ...rest);
  };
})()`;

/** In the page: the list data asked for between `start` and `end` (queries to the worker, else list requests). */
const DATA_SCRIPT = (start: number, end: number) => `(() => {
  const s = ${start}, e = ${end};
  let xs = (window.__ldbQ || []).filter((q) => q.start >= s && q.start <= e);
  if (!xs.length)
    xs = performance.getEntriesByType("resource")
      .filter((r) => (r.name.includes("/issues/?") || r.name.includes("/cycle-issues/?")) && r.startTime >= s && r.startTime <= e)
      .map((r) => ({ start: r.startTime, end: r.responseEnd }));
  if (!xs.length) return undefined;
  const r1 = (x) => Math.round(x * 10) / 10;
  const timed = xs.filter((x) => x.received != null && x.posted != null);
  return {
    n: xs.length,
    first: r1(Math.min(...xs.map((x) => x.start)) - s),
    last: r1(Math.max(...xs.map((x) => x.end)) - s),
    busy: r1(xs.reduce((a, x) => a + x.end - x.start, 0)),
    ...(timed.length ? {
      worker: r1(timed.reduce((a, x) => a + x.posted - x.received, 0)),
      toWorker: r1(timed.reduce((a, x) => a + x.received - x.start, 0)),
      back: r1(timed.reduce((a, x) => a + x.end - x.posted, 0)),
    } : {}),
  };
})()`;

/** Run `act` (whose first `trigger` event starts the clock) and time it until the page shows `want`. */
export async function timeAction(
  page: Page,
  trigger: "pointerdown" | "change",
  want: Shown,
  act: () => Promise<unknown>,
  timeout = 30_000,
): Promise<Timing> {
  await page.evaluate(armScript(trigger, want));
  await act();
  await page.waitForFunction(() => (window as unknown as { __ldbT: Timing }).__ldbT.settled > 0, undefined, {
    timeout,
    polling: 50,
  });
  const t = (await page.evaluate("window.__ldbT")) as Timing & { start: number };
  const data = (await page.evaluate(DATA_SCRIPT(t.start, t.settled))) as Timing["data"];
  return { shown: round(t.shown - t.start), settled: round(t.settled - t.start), data };
}

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * An init script: the project's local status as the page's root says it (`data-local-db-projects`), each change with
 * its time from the navigation start, and the main thread's long animation frames (≥ 50 ms) meanwhile.
 */
export function statusWatchScript(pid: string): string {
  return `(() => {
    if (location.protocol === "about:") return;
    const W = (window.__ldbW = { changes: [], frames: [] });
    const read = () => {
      const e = (document.documentElement.dataset.localDbProjects || "").split(" ").find((p) => p.startsWith(${JSON.stringify(pid + ":")}));
      return e ? e.split(":")[1] : "";
    };
    let last = "";
    new MutationObserver(() => {
      const s = read();
      if (s !== last) { last = s; W.changes.push({ status: s, at: performance.now() }); }
    // the document, not its root element: an init script runs before the root exists
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-local-db-projects"] });
    try {
      new PerformanceObserver((l) => { for (const f of l.getEntries()) W.frames.push({ start: f.startTime, dur: f.duration }); })
        .observe({ type: "long-animation-frame", buffered: true });
    } catch {}
  })()`;
}

export interface StatusWatch {
  changes: { status: string; at: number }[];
  frames: { start: number; dur: number }[];
}

export async function readStatusWatch(page: Page): Promise<StatusWatch> {
  return (await page.evaluate("window.__ldbW")) as StatusWatch;
}

/** Arm a watch for the text `name` in the row of item `key`: resolves (in the page) with the epoch ms of its frame. */
export function rowTextWatchScript(key: string, name: string): string {
  return `(() => {
    const L = (window.__ldbL = { at: 0 });
    const frame = () => {
      const row = document.querySelector(${JSON.stringify(`[data-list-context] [data-item="${key}"]`)});
      if (row && row.textContent.includes(${JSON.stringify(name)})) L.at = performance.timeOrigin + performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`;
}

/**
 * The local database's file in the origin's private file system (opfs-sahpool: one file per slot in a subfolder, a 4096-byte
 * header, then the SQLite file): the largest slot's SQLite header says its page size (offset 16) and page count
 * (offset 28). Read from a page where the app does not run (the worker holds the files' access handles otherwise).
 */
export const SQLITE_FILE_SCRIPT = `(async () => {
  const root = await navigator.storage.getDirectory();
  // the pool's files are in a subfolder of its directory (".opaque")
  let best = null;
  const walk = async (dir) => {
    for await (const [, h] of dir.entries()) {
      if (h.kind === "directory") { await walk(h); continue; }
      const f = await h.getFile();
      if (!best || f.size > best.size) best = f;
    }
  };
  await walk(await root.getDirectoryHandle(".stride-local-db"));
  if (!best) return null;
  const head = new DataView(await best.slice(4096, 4096 + 100).arrayBuffer());
  const raw = head.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  const pageCount = head.getUint32(28);
  const est = await navigator.storage.estimate();
  return { pageSize, pageCount, fileBytes: best.size, usage: est.usage, details: est.usageDetails || null };
})()`;

export interface SqliteFile {
  pageSize: number;
  pageCount: number;
  fileBytes: number;
  usage: number;
  details: Record<string, number> | null;
}

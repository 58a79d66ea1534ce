/**
 * The first screen's data, embedded by the server in the app's HTML for the signed-in caller
 * (apps/server/src/core/screen-data.ts; which requests: packages/shared/src/screen-data.ts). The HTTP client
 * answers a GET from it instead of the network, once per request, so the screen opened from its URL renders
 * without a round trip. Once per request: what the app asks again (a refetch after a write, on focus) goes to
 * the server. The page's scripts run while the page is still arriving: the server streams its head first, then
 * one block per answer as each is ready, and marks the page with a meta while blocks are coming. A GET whose
 * answer has not come yet waits for its block, or for the page's end (then it goes to the network), so the
 * screen renders what has come while slower answers are still on their way. Answers are dropped `MAX_AGE_MS`
 * after the page's last block was read: as long as the app's own cache holds an answer fresh (query-client.ts,
 * staleTime), so an answer the first screen did not use is never older than one it could have had from its cache.
 */
import { requestKey } from "@stride/shared";

/** Attribute of the page's data blocks, and name of the head's meta announcing that blocks are on their way. */
const BLOCK_ATTR = "data-stride-screen-data";
const PENDING_META = "stride-screen-data";
/** After this long a page's embedded answer is no longer used (ms after the page's last block was read; the query client's staleTime). */
const MAX_AGE_MS = 10_000;

const answers = new Map<string, unknown>();
let liveAt: Record<string, number> = {};
let readAt = 0;
/**
 * Set once a write or a live event made the page's answers possibly older than the server's: a request made from
 * then on goes to the server. A request made before keeps waiting for its block (the server read it while the
 * write was on its way, as it would have answered that request over the network).
 */
let forgotten = false;

type Block = { v?: number; responses?: Record<string, unknown>; live?: Record<string, number> };

/** Read the data blocks the parser has added since the last call (each is read once, then removed). */
function readBlocks(): void {
  if (typeof document === "undefined") return;
  for (const el of document.querySelectorAll(`script[${BLOCK_ATTR}]`)) {
    let data: Block | null = null;
    try {
      data = JSON.parse(el.textContent ?? "") as Block;
    } catch {
      // a block the parser has not finished (no prefix of a JSON object is one): read it once it is whole;
      // unreadable once the page is done: those requests go to the server
      if (document.readyState === "loading") continue;
    }
    el.remove();
    if (!data || data.v !== 1 || !data.responses) continue;
    for (const [k, v] of Object.entries(data.responses)) answers.set(k, v);
    if (data.live && typeof data.live === "object") liveAt = data.live;
    // the age of the page's data counts from its last block (the page's end, when it is done)
    readAt = Date.now();
  }
}

/** True while the page is still arriving and its head announced data blocks: an answer not here yet may still come. */
function pagePending(): boolean {
  return (
    typeof document !== "undefined" &&
    document.readyState === "loading" &&
    !!document.querySelector(`meta[name="${PENDING_META}"]`)
  );
}

/** GETs waiting for their answer's block (or the page's end), by request key. */
const waiting = new Map<string, ((stale?: boolean) => void)[]>();
let watching = false;
function watch(): void {
  if (watching) return;
  watching = true;
  const wake = (all: boolean) => {
    readBlocks();
    for (const [key, fns] of waiting) {
      if (!all && !answers.has(key)) continue;
      waiting.delete(key);
      for (const fn of fns) fn();
    }
  };
  // blocks come in as the parser adds them; the page's end answers the rest (from the network)
  const obs = new MutationObserver(() => wake(false));
  obs.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      obs.disconnect();
      wake(true);
    },
    { once: true },
  );
}

/**
 * Whether this page carries the first screen's data (its blocks are coming, or have been read): an answer the
 * screen asks for (the caller's roles) then comes from the page, without a round trip.
 */
export function pageCarriesScreenData(): boolean {
  readBlocks();
  return pagePending() || readAt > 0;
}

/**
 * The embedded answer of a GET of `url` (then forgotten), or undefined; while the page is still arriving, waits
 * for the answer's block or the page's end.
 */
export function takeBootAnswer(url: string): { body: unknown } | undefined | Promise<{ body: unknown } | undefined> {
  readBlocks();
  const key = requestKey(url);
  if (answers.has(key) || forgotten || !pagePending()) return takeNow(key);
  watch();
  return new Promise((resolve) => {
    const list = waiting.get(key) ?? [];
    list.push((stale?: boolean) => resolve(stale ? undefined : takeNow(key, true)));
    waiting.set(key, list);
  });
}

/** The answer of `key`, once; `waited`: for a request made before the answers were forgotten. */
function takeNow(key: string, waited = false): { body: unknown } | undefined {
  readBlocks();
  if ((forgotten && !waited) || !answers.has(key)) return undefined;
  if (Date.now() - readAt > MAX_AGE_MS) {
    answers.clear();
    return undefined;
  }
  const body = answers.get(key);
  answers.delete(key);
  return { body };
}

/**
 * Forget every embedded answer not used yet: called when the app writes or learns of a change (a live event),
 * after which an answer the page carried may be older than the server's. Any request made later goes to the
 * server; `changed` (something the page may hold has changed on the server): so do requests still waiting for
 * their block. After the app's own write they keep waiting (it was made by this page, which holds its answer).
 */
export function forgetBootAnswers(changed = false): void {
  forgotten = true;
  answers.clear();
  if (!changed) return;
  // a request still waiting for its block goes to the server now: a refetch asked for while a query's first fetch
  // is in flight joins that fetch (TanStack Query), so a block read before the change would be kept as current
  const woken = [...waiting.values()].flat();
  waiting.clear();
  for (const wake of woken) wake(true);
}

/**
 * Where the live stream `stream` stood before the server read the page's data (core/screen-data.ts), for the
 * realtime channel's first subscription: it replays from there exactly what the data may miss. Undefined when
 * the page carried no such number (no data block, another workspace's stream) or it is older than `MAX_AGE_MS`.
 */
export function bootLiveCursor(stream: string): number | undefined {
  readBlocks();
  if (!readAt || Date.now() - readAt > MAX_AGE_MS) return undefined;
  const seq = liveAt[stream];
  return typeof seq === "number" && Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
}

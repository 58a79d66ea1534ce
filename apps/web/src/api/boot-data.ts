/**
 * The first screen's data, embedded by the server in the app's HTML for the signed-in caller
 * (apps/server/src/core/screen-data.ts; which requests: packages/shared/src/screen-data.ts). The HTTP client
 * answers a GET from it instead of the network, once per request, so the screen opened from its URL renders
 * without a round trip. Once per request: what the app asks again (a refetch after a write, on focus) goes to
 * the server. The page's scripts may run before the block has arrived (the server streams the page and
 * marks it with a meta while the block is pending): a GET then waits for the page to finish. Answers are
 * dropped `MAX_AGE_MS` after the page read them: as long as the app's own cache holds an answer fresh
 * (query-client.ts, staleTime), so an answer the first screen did not use is never older than one it could
 * have had from its cache.
 */
import { requestKey } from "@stride/shared";

const SCREEN_DATA_ID = "stride-screen-data";
/** After this long a page's embedded answer is no longer used (ms after the page read them; the query client's staleTime). */
const MAX_AGE_MS = 10_000;

let answers: Map<string, unknown> | null = null;
let liveAt: Record<string, number> = {};
let readAt = 0;

function load(): Map<string, unknown> | null {
  if (answers || typeof document === "undefined") return answers;
  const el = document.getElementById(SCREEN_DATA_ID);
  if (!el) return null;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? "") as { v?: number; responses?: Record<string, unknown>; live?: Record<string, number> };
    if (data.v !== 1 || !data.responses) return null;
    answers = new Map(Object.entries(data.responses));
    liveAt = data.live && typeof data.live === "object" ? data.live : {};
    readAt = Date.now();
  } catch {
    /* unreadable: the requests go to the server */
  }
  return answers;
}


/** Resolves once the page's data block, announced by the head, is parsed (at once when none is pending). */
let pagePending: Promise<void> | null = null;
function pageDone(): Promise<void> | null {
  if (typeof document === "undefined" || document.readyState !== "loading" || !document.querySelector(`meta[name="${SCREEN_DATA_ID}"]`)) return null;
  pagePending ??= new Promise((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
  return pagePending;
}

/** The embedded answer of a GET of `url` (then forgotten), or undefined; waits for the data block when the page announces one. */
export function takeBootAnswer(url: string): { body: unknown } | undefined | Promise<{ body: unknown } | undefined> {
  const pending = pageDone();
  return pending ? pending.then(() => takeNow(url)) : takeNow(url);
}

function takeNow(url: string): { body: unknown } | undefined {
  const map = load();
  if (!map?.size) return undefined;
  if (Date.now() - readAt > MAX_AGE_MS) {
    answers = new Map();
    return undefined;
  }
  const key = requestKey(url);
  if (!map.has(key)) return undefined;
  const body = map.get(key);
  map.delete(key);
  return { body };
}

/**
 * Forget every embedded answer not used yet: called when the app writes or learns of a change (a live event),
 * after which an answer the page carried may be older than the server's.
 */
export function forgetBootAnswers(): void {
  answers = new Map();
}

/**
 * Where the live stream `stream` stood before the server read the page's data (core/screen-data.ts), for the
 * realtime channel's first subscription: it replays from there exactly what the data may miss. Undefined when
 * the page carried no such number (no data block, another workspace's stream) or it is older than `MAX_AGE_MS`.
 */
export function bootLiveCursor(stream: string): number | undefined {
  load();
  if (!readAt || Date.now() - readAt > MAX_AGE_MS) return undefined;
  const seq = liveAt[stream];
  return typeof seq === "number" && Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
}

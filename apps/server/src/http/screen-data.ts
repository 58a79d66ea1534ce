/**
 * The app's HTML with the first screen's data in it. When a signed-in caller opens an app URL, the server
 * already knows what that screen will ask for (`screenRequests`, packages/shared/src/screen-data.ts): it runs
 * those GET requests through its own routes with the caller's cookies (`inject`: the same auth, policies and
 * presenters as over HTTP), and writes their answers into the page as JSON data blocks
 * (`<script type="application/json">`: data, not script, so the strict CSP holds). The web's HTTP client
 * answers the screen's requests from them (apps/web/src/api/boot-data.ts): the first render needs no round trip.
 *
 * The page is streamed: its head (the scripts, and the route chunks the URL needs as `modulepreload`, which the
 * browser fetches meanwhile) goes out at once, then each answer in its own block as soon as it is ready, so the
 * app renders what has come while slower answers are still being read. The page's requests share one session
 * and scope lookup (core/page-loads.ts). A personalised page is never cached (`no-store`); a caller without a
 * session, or whose session is gone, gets the plain page. A request that fails or is still running after
 * `EMBED_BUDGET_MS` is left out, and the browser makes it as before.
 *
 * The first block also carries where the caller's live streams stood before the answers were read (`live`: stream →
 * sequence number, live/access.ts `liveHeads`): the web's realtime channel subscribes from there, so it replays
 * exactly the writes the page's data may miss, and none it already shows.
 */
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APP_START_CHUNK, requestKey, screenChunks, screenRequests } from "@stride/shared";
import { pageAnnounced, withPageLoads } from "./page-loads.ts";

/** Longest the page's data block waits for the screen's requests (ms); `SCREEN_DATA_BUDGET_MS` changes it. */
export const EMBED_BUDGET_MS = 3000;

/** Attribute of the data blocks, and name of the head's meta that announces them; apps/web/src/api/boot-data.ts reads them. */
export const SCREEN_DATA_ID = "data-stride-screen-data";
const SCREEN_DATA_META = "stride-screen-data";

/**
 * The head of a page whose data block follows: a meta announces the block, and the app's module scripts run as
 * soon as they are loaded (`async`) rather than after the whole page, so they start while the server is still
 * answering the screen's requests; the web's HTTP client waits for the block when the meta says one is coming.
 */
export function pendingHead(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*\basync\b)/g, '<script type="module" async')
    .replace("</head>", `<meta name="${SCREEN_DATA_META}" content="pending">\n</head>`);
}

/** One entry of Vite's build manifest (dist/.vite/manifest.json): a chunk's file and the manifest keys of its static imports. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The `<link>`s that load the route chunks of the screen at `pathname` (+ `search`) with the page
 * (packages/shared `screenChunks`): each chunk and its static imports, transitively, as `modulepreload`
 * (fetched and compiled while the entry script loads, rather than requested once it has run), the app's start-up chunk
 * (`APP_START_CHUNK`) first, and their
 * styles; files the page already names (the entry's) are left out.
 */
export function routePreloads(manifest: ViteManifest, html: string, pathname: string, search: string): string {
  const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!named.has(chunk.file)) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!named.has(css) && !styles.includes(css)) styles.push(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const chunks = screenChunks(pathname, search);
  for (const key of chunks.length ? [APP_START_CHUNK, ...chunks] : []) visit(key);
  return [
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join("\n");
}

/** The app's HTML with the route chunks of the URL of `req` preloaded from its head (`routePreloads`). */
export function withRoutePreloads(html: string, manifest: ViteManifest | null, url: string): string {
  if (!manifest) return html;
  const u = new URL(url, "http://app.invalid");
  const links = routePreloads(manifest, html, u.pathname, u.search);
  return links ? html.replace("</head>", `${links}\n</head>`) : html;
}

/** Name of the head's meta that carries the instance's default of the web's offline local database (LOCAL_DB_ENABLED). */
export const LOCAL_DB_META = "stride-local-db";

/**
 * The app's HTML with the instance's default of the offline local database in its head (`on` / `off`): the web's local
 * database starts from it without asking `/api/instances/` (apps/web/src/api/local-db/client.ts).
 */
export function withLocalDbDefault(html: string, enabled: boolean): string {
  return html.replace("</head>", `<meta name="${LOCAL_DB_META}" content="${enabled ? "on" : "off"}">\n</head>`);
}

/** JSON text made safe inside an HTML <script> element (no "</script>", "<!--", and no line separators JavaScript would mind). */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Where the caller's live streams stand (stream → sequence number), or null when `req` has no live session. */
export type LiveHeadsOf = (req: FastifyRequest, slug: string | null) => Promise<Record<string, number> | null>;

export interface ScreenData {
  answers: Map<string, string>;
  live?: Record<string, number>;
}

/** The first path segment of an app URL: a workspace's slug on workspace screens (no workspace has the app's own top-level names). */
function workspaceSlug(pathname: string): string | null {
  const first = pathname.split("/")[1] ?? "";
  try {
    return first ? decodeURIComponent(first) : null;
  } catch {
    return null;
  }
}

/**
 * Run the screen's GET requests for the caller of `req` and hand each 200 answer to `emit` as it arrives, with the
 * live streams' positions (taken before any answer is read, when `heads` is given) in the first call. Nothing is
 * emitted for a caller who is not signed in (no live session, or no answer of `/api/users/me/`, the first request);
 * answers after `budgetMs` are left out. Resolves with whether anything was emitted.
 */
export async function streamScreenAnswers(
  fastify: FastifyInstance,
  req: FastifyRequest,
  emit: (data: ScreenData) => void,
  budgetMs = EMBED_BUDGET_MS,
  heads?: LiveHeadsOf,
): Promise<boolean> {
  const url = new URL(req.url, "http://app.invalid");
  let live: Record<string, number> | undefined;
  if (heads) {
    const at = await heads(req, workspaceSlug(url.pathname)).catch(() => null);
    if (!at) return false;
    live = at;
  }
  // answers wait here until the caller is known to be signed in (the answer of /api/users/me/), then go out as they come
  let held: Map<string, string> | null = new Map();
  let open = true;
  let emitted = false;
  const send = (key: string, body: string) => {
    if (!open) return;
    if (held) {
      held.set(key, body);
      if (key !== ME) return;
      emit({ answers: held, ...(live ? { live } : {}) });
      held = null;
    } else emit({ answers: new Map([[key, body]]) });
    emitted = true;
  };
  const asked = new Map<string, Promise<unknown>>();
  const headers: Record<string, string> = { accept: "application/json", cookie: req.headers.cookie ?? "" };
  if (req.headers.host) headers.host = req.headers.host;
  if (req.headers["user-agent"]) headers["user-agent"] = req.headers["user-agent"];
  const get = (url: string): Promise<unknown> => {
    const key = requestKey(url);
    let p = asked.get(key);
    if (!p) {
      p = fastify.inject({ method: "GET", url, headers, remoteAddress: req.ip }).then((res) => {
        if (res.statusCode !== 200 || !String(res.headers["content-type"] ?? "").includes("json")) return undefined;
        send(key, res.payload);
        return JSON.parse(res.payload) as unknown;
      });
      asked.set(key, p);
    }
    return p;
  };
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    // a request's announcement (the work item the lookup by key found) starts what needs only that value
    screenRequests(url.pathname, url.search, get, (key) => pageAnnounced(key)).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, budgetMs))),
  ]);
  clearTimeout(timer);
  open = false;
  return emitted;
}

/** The request every signed-in screen makes first; its answer tells that the caller is signed in. */
const ME = "/api/users/me/";

/**
 * A data block of the page: some of the screen's answers (keys and bodies as JSON, escaped for HTML), and in the
 * first block the live streams' positions. A page carries one block per batch of answers, in the order they came.
 */
export function screenDataBlock(data: ScreenData): string {
  const live = data.live ? `,"live":${JSON.stringify(data.live)}` : "";
  const body = `{"v":1,"responses":{${[...data.answers].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}${live}}`;
  return `<script type="application/json" ${SCREEN_DATA_ID}>${scriptSafeJson(body)}</script>`;
}

/**
 * Send the app's HTML for an app URL: with the screen's data for a caller with a session cookie, plain otherwise.
 * The head goes out at once; each of the screen's answers follows in its own data block as soon as it is ready,
 * so the app renders what it has (the work item) while slower answers (a project's cycle list with its counts)
 * are still being read.
 */
export function sendAppHtml(
  fastify: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  html: string,
  sessionCookieName: string,
  budgetMs = EMBED_BUDGET_MS,
  heads?: LiveHeadsOf,
): void {
  const at = html.lastIndexOf("</body>");
  if (req.method !== "GET" || !req.cookies?.[sessionCookieName] || at < 0) {
    reply.header("Cache-Control", "no-cache").type("text/html").send(html);
    return;
  }
  // personalised: never stored by the browser or a proxy
  reply.header("Cache-Control", "no-store").header("Vary", "Cookie").type("text/html; charset=utf-8");
  const out = new PassThrough();
  reply.send(out);
  out.write(pendingHead(html.slice(0, at)));
  // one session and scope lookup for all of the page's requests (core/page-loads.ts)
  withPageLoads(() => streamScreenAnswers(fastify, req, (d) => out.write(screenDataBlock(d)), budgetMs, heads))
    .catch(() => false)
    .then(() => out.end(html.slice(at)));
}

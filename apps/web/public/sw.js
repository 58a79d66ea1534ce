/*
 * Stride's service worker (platform.md §1, issue #28 point 5): the app opens without the server.
 * - pages (navigations): the network first, else the app's page kept from the last visit (or fetched with the
 *   offline screens' files below, when no visit under this worker kept one);
 * - the build's files (/assets/, hashed names): kept once fetched, served from the cache; those of the screens that
 *   open offline (work-item lists in every layout, an item's page and peek with the editor, cycles, modules, the
 *   profile; `BUILD.offline`, written in by the build from its manifest: vite.config.ts `offlineAssets`) are fetched
 *   in the background when a page says its local database is ready (`stride:precache`, app/service-worker.ts), so a
 *   screen whose code was never loaded opens offline too; a failed fetch is tried again on the next page's ask;
 *   a new build's worker drops the files its build no longer has (`BUILD.files`);
 * - GET /api/ answers the screens read: the network first, else the answer kept from the last time (a screen that
 *   never read it says it could not load); never the local database's sync (/api/v2/), never a write;
 * - a sign-out deletes every kept answer.
 */
const APP = "stride-app-v1";
const DATA = "stride-data-v1";
const SHELL = "/__stride_shell__";
/** The build's files (paths): all of them, and those the offline screens need. Written in by the build. */
const BUILD = { files: [], offline: [] };

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k !== APP && k !== DATA) await caches.delete(k);
      await dropOldFiles();
      await self.clients.claim();
    })(),
  );
});

/** The build's files an older build kept that this one no longer has (its pages and kept answers stay). */
async function dropOldFiles() {
  if (!BUILD.files.length) return;
  const current = new Set(BUILD.files);
  const cache = await caches.open(APP);
  for (const req of await cache.keys()) {
    const p = new URL(req.url).pathname;
    if (p.startsWith("/assets/") && !current.has(p)) await cache.delete(req);
  }
}

/**
 * The offline screens' files not kept yet, one at a time (the page is usable meanwhile), and the app's page when
 * none is kept (the asking page's address: a first visit's page loads before this worker controls it). True when
 * every file is kept; a failure (offline mid-way) is no error: the next ask tries again.
 */
async function precache(pageUrl) {
  const cache = await caches.open(APP);
  let ok = true;
  for (const p of BUILD.offline) {
    if (await cache.match(p, { ignoreVary: true })) continue;
    try {
      const res = await fetch(p);
      if (res.ok) await cache.put(p, res);
      else ok = false;
    } catch {
      ok = false;
    }
  }
  const url = pageUrl && new URL(pageUrl);
  if (url && url.origin === self.location.origin && !(await cache.match(SHELL))) {
    try {
      const res = await fetch(url.pathname + url.search, { headers: { accept: "text/html" } });
      if (res.ok && !res.redirected && res.headers.get("content-type")?.includes("text/html"))
        await cache.put(SHELL, res);
    } catch {
      // kept by the next visit (or ask)
    }
  }
  return ok;
}

let precaching = null;
self.addEventListener("message", (e) => {
  if (e.data?.type !== "stride:precache") return;
  const port = e.ports[0];
  const pageUrl = e.source && "url" in e.source ? e.source.url : null;
  precaching ??= precache(pageUrl).finally(() => (precaching = null));
  e.waitUntil(precaching.then((ok) => port?.postMessage({ ok, files: BUILD.offline.length })));
});

/** The network's answer (kept meanwhile, without holding a streamed page back), else the one kept last time. */
async function networkFirst(e, cacheName, fallbackKey) {
  const req = e.request;
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(req);
    if (res.ok && res.type === "basic") {
      e.waitUntil(cache.put(req, res.clone()));
      if (fallbackKey) e.waitUntil(cache.put(fallbackKey, res.clone()));
    }
    return res;
  } catch (err) {
    const kept = (await cache.match(req)) || (fallbackKey && (await cache.match(fallbackKey)));
    if (!kept) throw err;
    // said on the answer: what a person's browser tools (and the browser tests) see
    const headers = new Headers(kept.headers);
    headers.set("x-stride-offline", "1");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

/** A build's file (hashed name, never changes): the kept one whoever asked (the answers vary by Origin, which a module
 * script's request carries and the background fetch's does not). */
async function cacheFirst(e) {
  const req = e.request;
  const cache = await caches.open(APP);
  const kept = await cache.match(req, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok && res.type === "basic") e.waitUntil(cache.put(req, res.clone()));
  return res;
}

self.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method !== "GET") {
    if (/sign-out\/?$/.test(url.pathname)) e.waitUntil(caches.delete(DATA));
    return;
  }
  if (req.mode === "navigate") {
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/auth/")) return;
    e.respondWith(networkFirst(e, APP, SHELL));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    e.respondWith(cacheFirst(e));
    return;
  }
  if (
    url.pathname.startsWith("/api/") &&
    !url.pathname.startsWith("/api/v2/") &&
    !url.pathname.includes("/assets/") &&
    req.headers.get("accept")?.includes("json")
  ) {
    e.respondWith(networkFirst(e, DATA));
  }
});

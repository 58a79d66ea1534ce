/*
 * Stride's service worker (platform.md §1, issue #28 point 5): the app opens without the server.
 * - pages (navigations): the network first, else the app's page kept from the last visit;
 * - the build's files (/assets/, hashed names): kept once fetched, served from the cache;
 * - GET /api/ answers the screens read: the network first, else the answer kept from the last time (a screen that
 *   never read it says it could not load); never the local database's sync (/api/v2/), never a write;
 * - a sign-out deletes every kept answer.
 */
const APP = "stride-app-v1";
const DATA = "stride-data-v1";
const SHELL = "/__stride_shell__";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k !== APP && k !== DATA) await caches.delete(k);
      await self.clients.claim();
    })(),
  );
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

async function cacheFirst(e) {
  const req = e.request;
  const cache = await caches.open(APP);
  const kept = await cache.match(req);
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

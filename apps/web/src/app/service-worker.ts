import { onLocalDbSettled } from "../api/local-db/client.ts";

/**
 * The service worker (public/sw.js) that keeps the app and the answers it last read, so a reload without the
 * server still opens the workspace (issue #28 point 5). Registered in built apps only (the dev server's modules
 * change on every edit), once the page has loaded. Once the local database has settled (ready, or off or failed: the
 * screens then read the server and the worker's kept answers), the page asks it to keep the code of the screens that
 * open offline, loaded or not (`stride:precache`); the page's root then says
 * `data-offline-screens="kept"` (or `partly`: asked again when the browser is back online, and on the next visit).
 */
export function registerServiceWorker(): void {
  // `import.meta.hot` is the dev server's (not import.meta.env.PROD: a build run with NODE_ENV=test, as the browser
  // tests' is, would leave the worker out)
  if (import.meta.hot || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const go = () => {
    void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    onLocalDbSettled(keepOfflineScreens);
    // a new build's worker took over (its own list), or the network came back after a partial precache
    navigator.serviceWorker.addEventListener("controllerchange", keepOfflineScreens);
    addEventListener("online", () => {
      if (document.documentElement.dataset.offlineScreens === "partly") keepOfflineScreens();
    });
  };
  if (document.readyState === "complete") go();
  else addEventListener("load", go, { once: true });
}

/** Asks the active service worker to fetch the offline screens' files it does not keep yet (in the background). */
function keepOfflineScreens(): void {
  void navigator.serviceWorker.ready.then((reg) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (e: MessageEvent<{ ok?: boolean } | null>) => {
      port1.close();
      document.documentElement.dataset.offlineScreens = e.data?.ok ? "kept" : "partly";
    };
    reg.active?.postMessage({ type: "stride:precache" }, [port2]);
  });
}

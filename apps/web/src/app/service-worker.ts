/**
 * The service worker (public/sw.js) that keeps the app and the answers it last read, so a reload without the
 * server still opens the workspace (issue #28 point 5). Registered in built apps only (the dev server's modules
 * change on every edit), once the page has loaded.
 */
export function registerServiceWorker(): void {
  // `import.meta.hot` is the dev server's (not import.meta.env.PROD: a build run with NODE_ENV=test, as the browser
  // tests' is, would leave the worker out)
  if (import.meta.hot || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const go = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") go();
  else addEventListener("load", go, { once: true });
}

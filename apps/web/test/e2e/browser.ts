import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { LOCAL_DB } from "../../src/api/local-db/protocol.ts";

/** Launch Debian's chromium headless with the flags this machine needs (known to the failure report while open). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  openBrowsers().add(browser);
  browser.on("disconnected", () => openBrowsers().delete(browser));
  return browser;
}

/** The browsers this test worker launched (on `globalThis`: the test runner reads it from its own module graph). */
export function openBrowsers(): Set<Browser> {
  const g = globalThis as { __strideE2eBrowsers?: Set<Browser> };
  return (g.__strideE2eBrowsers ??= new Set());
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject("baseUrl"),
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "block",
  });
  context.on("page", (p) => watchPage(context, p));
  await localDbOff(context);
  return context.newPage();
}

/**
 * The app's offline local database turned off in this context's browser (its `LOCAL_DB_ENABLED` in localStorage, the
 * profile's switch, unless a page set it already). Its first sync starts with every fresh context's first page and
 * reads the project in the background, racing the test: whether a list or an edit went through it depended on
 * timing, and it took about 1.2 CPU-s of the browser per page load (a third of the browser tests' time). The files
 * about it turn it on (`e2eSuite({ localDb: true })`) and wait for it.
 */
export async function localDbOff(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript((key) => {
    try {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, "false");
    } catch {
      // about:blank and other opaque origins have no localStorage
    }
  }, LOCAL_DB.toggleKey);
}

export const baseUrl = () => inject("baseUrl");

/**
 * Every page of a test: uncaught errors and console errors are printed (a failing test then shows why the screen broke),
 * and `E2E_CPU_THROTTLE=<rate>` slows its CPU down the way a busy CI machine does, to reproduce races.
 */
export function watchPage(ctx: BrowserContext, p: Page): void {
  p.on("pageerror", (e) => console.error(`[pageerror] ${p.url()}: ${e.stack ?? e.message}`));
  p.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      console.error(`[console.error] ${p.url()}: ${m.text()}`);
  });
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 0);
  if (rate > 1)
    void ctx
      .newCDPSession(p)
      .then((s) => s.send("Emulation.setCPUThrottlingRate", { rate }))
      .catch(() => undefined);
}

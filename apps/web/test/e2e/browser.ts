import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";

/** Launch Debian's chromium headless with the flags this machine needs. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export const baseUrl = () => inject("baseUrl");

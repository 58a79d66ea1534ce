import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { openBrowsers } from "./browser.ts";

/** How long one page may take to describe itself (a hung page must not hold the run). */
const PAGE_MS = 5000;

const within = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);

/** What a person would see on the page: its address, title, the messages shown (toasts, alerts) and the start of its text. */
async function describe(page: Page): Promise<string> {
  const seen = await within(
    page.evaluate(() => {
      const texts = (sel: string) =>
        [...document.querySelectorAll(sel)].map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean);
      return {
        title: document.title,
        messages: texts('[role="status"], [role="alert"], [data-sonner-toast], [data-toast]'),
        text: (document.querySelector("main") ?? document.body)?.innerText.replace(/\s+/g, " ").slice(0, 1200) ?? "",
      };
    }),
    PAGE_MS,
  ).catch((e: Error) => ({ title: "", messages: [`(not readable: ${e.message})`], text: "" }));
  if (!seen) return `${page.url()}: (no answer within ${PAGE_MS} ms)`;
  return [
    `${page.url()} — "${seen.title}"`,
    `  messages: ${seen.messages.length ? seen.messages.join(" | ") : "none"}`,
    `  text: ${seen.text}`,
  ].join("\n");
}

/**
 * A failed browser test: every page still open is described on stderr (so the CI log says what the screen showed,
 * not only which locator timed out) and, with `E2E_SHOTS` set, saved as `failures/<test>-<n>.png` there. Called by
 * the e2e runner before the test's `afterEach` hooks close its pages.
 */
export async function reportFailedTest(name: string): Promise<void> {
  const pages = [...openBrowsers()].flatMap((b) => b.contexts().flatMap((c) => c.pages()));
  if (!pages.length) return;
  const dir = process.env.E2E_SHOTS ? path.join(process.env.E2E_SHOTS, "failures") : null;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const base = name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
  const lines: string[] = [];
  for (const [n, page] of pages.entries()) {
    if (page.isClosed()) continue;
    lines.push(await describe(page));
    if (dir)
      await within(page.screenshot({ path: path.join(dir, `${base}-${n}.png`) }), PAGE_MS).catch(() => undefined);
  }
  console.error(`[failed test] ${name}: the open pages\n${lines.join("\n")}`);
}

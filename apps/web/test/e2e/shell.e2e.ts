import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, newPage } from "./browser.ts";

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

it("serves the web app", async () => {
  const page = await newPage(browser);
  await page.goto("/");
  await expect(page.locator("#root")).not.toBeNull();
  expect(await page.title()).toBe("Stride");
});

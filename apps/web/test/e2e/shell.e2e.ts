import { expect, it } from "vitest";
import { newPage } from "./browser.ts";
import { ensureInstance } from "./work-items-fixtures.ts";
import { e2eSuite } from "./helpers.ts";

const e2e = e2eSuite();

it("serves the web app and renders client-side routes", async () => {
  const page = await newPage(e2e.browser);
  // a set-up instance (an unknown path is routed to sign-in, not to "Stride is not set up yet"), whichever file ran first
  await ensureInstance(page.request);
  await page.goto("/");
  expect(await page.title()).toMatch(/Stride$/);
  await page.locator("#root h1").first().waitFor();
  // Deep links are served the SPA shell and routed on the client.
  const res = await page.goto("/accounts/forgot-password/");
  expect(res?.status()).toBe(200);
  await page.getByRole("heading", { name: "Reset your password" }).waitFor();
  await page.goto("/no/such/page/here/");
  await page.getByRole("heading", { name: /Page not found|Workspace not found|Sign in to Stride/ }).waitFor();
  await page.close();
});

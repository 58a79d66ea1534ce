import { afterAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, poll } from "./work-items-fixtures.ts";

/**
 * Settings → API tokens (issue #11 point 1): a workspace admin creates a token, sees it once, finds it listed
 * without the token text, uses it against the public API and revokes it. Each test makes its own workspace.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

it("creates a token shown once, lists it without the token, and revokes it", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Tokyo" });
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/api-tokens/`);
  await page.getByRole("heading", { name: "API tokens", exact: true }).waitFor();
  await page.getByText("No API tokens yet").waitFor();

  await page.getByRole("button", { name: "Add API token" }).click();
  const dialog = page.getByRole("dialog", { name: "Add API token" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Deploy script");
  await dialog.getByRole("textbox", { name: "Description" }).fill("Used by CI");
  await dialog.getByRole("combobox", { name: "Expires" }).selectOption({ label: "30 days" });
  await dialog.getByRole("button", { name: "Create token" }).click();

  // shown once, in the dialog
  const shown = dialog.getByRole("textbox", { name: "Your new API token" });
  await poll(() => shown.inputValue()).toMatch(/^plane_api_[0-9a-f]{32}$/);
  const token = await shown.inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  await dialog.waitFor({ state: "hidden" });

  // listed without the token
  const list = page.getByRole("list", { name: "API tokens" });
  const row = list.getByRole("listitem").filter({ hasText: "Deploy script" });
  await row.waitFor();
  await expect.poll(() => row.textContent()).toContain("Used by CI");
  expect(await row.textContent()).toContain("Active");
  expect(await row.textContent()).toContain("Never used");
  expect(await page.content()).not.toContain(token);

  // the token works against the public API, and the page learns it was used
  const me = await page.request.get("/api/v1/users/me/", { headers: { "X-API-Key": token } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { id: string }).id).toBe(a.userId);
  await page.reload();
  await poll(() => list.getByRole("listitem").filter({ hasText: "Deploy script" }).textContent()).toContain(
    "Last used",
  );
  expect(await page.content()).not.toContain(token);

  // revoke: gone from the list, and the key no longer works
  await page.getByRole("button", { name: "Revoke Deploy script" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API token" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await page.getByText("No API tokens yet").waitFor();
  const after = await page.request.get("/api/v1/users/me/", { headers: { "X-API-Key": token } });
  expect(after.status()).toBe(403);
  expect(await after.json()).toEqual({ detail: "Given API token is not valid" });
});

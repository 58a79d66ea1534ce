import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The api layer shows no UI: a write's outcome is described in its mutation's meta and shown by the app's
 * one handler (app/query-client.ts). Seen from the screen: a refused delete is toasted with the work-item
 * api's title and the server's own words, and its row comes back; a delete that goes through is toasted
 * with the item's key.
 */

const e2e = e2eSuite();

/** A list showing one new item; `deaf`: the page hears no live events (its socket is answered by nobody), so it goes stale. */
async function listWithItem(
  name: string,
  opts: { deaf?: boolean } = {},
): Promise<{ a: Arranged; page: Page; item: { id: string; key: string }; url: string }> {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Fern" });
  const [created] = await createItems(ctx.request, a, [{ name }]);
  const page = await ctx.newPage();
  if (opts.deaf) await page.routeWebSocket(/\/live\/?$/, () => undefined);
  await openList(page, a);
  const key = `${a.identifier}-${created.sequence_id}`;
  await page.locator(`[data-item="${key}"]`).waitFor();
  return {
    a,
    page,
    item: { id: created.id, key },
    url: `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${created.id}/`,
  };
}

async function deleteFromList(page: Page, key: string): Promise<void> {
  await page
    .locator(`[data-item="${key}"]`)
    .getByRole("button", { name: `Work item actions ${key}` })
    .click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete work item" }).getByRole("button", { name: "Delete" }).click();
}

it("a refused delete is toasted with its title and the server's message, and the row comes back", async () => {
  // a page that misses the live events (a dropped connection): it still lists an item someone else deleted
  const { page, item, url } = await listWithItem("Retire the old importer", { deaf: true });
  // someone else deletes the item meanwhile: this page still lists it, and the server now refuses
  expect((await page.request.delete(url)).status()).toBe(204);
  const refusal = await page.request.delete(url);
  expect(refusal.status()).toBe(404);
  const body = (await refusal.json()) as { error?: string; detail?: string };
  const serverSays = body.error ?? body.detail;
  expect(serverSays).toBeTruthy();

  await deleteFromList(page, item.key);
  const toast = page.locator('[data-toast="error"]');
  await toast.getByText("Could not delete the work item", { exact: true }).waitFor();
  expect(await toast.getByText(serverSays!, { exact: true }).count()).toBe(1);
  // the optimistic removal is undone
  await page.locator(`[data-item="${item.key}"]`).waitFor();
  await page.getByRole("dialog", { name: "Delete work item" }).waitFor({ state: "detached" });
});

it("a delete that goes through is toasted with the item's key and leaves the list", async () => {
  const { page, item, url } = await listWithItem("Archive the launch checklist");
  await deleteFromList(page, item.key);
  const toast = page.locator('[data-toast="success"]');
  await toast.getByText("Work item deleted", { exact: true }).waitFor();
  expect(await toast.getByText(item.key, { exact: true }).count()).toBe(1);
  await page.locator(`[data-item="${item.key}"]`).waitFor({ state: "detached" });
  await poll(async () => (await page.request.get(url)).status()).toBe(404);
  expect(await page.locator('[data-toast="error"]').count()).toBe(0);
});

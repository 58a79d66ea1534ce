import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, listUrl, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * An item's page readable offline from the local database (issue #28 point 5): Alice loads her project's list online
 * only (no item opened, so the service worker keeps no item's answer), the network goes away without a reload, and
 * she opens the peek of an item never opened: its title and description come from the local database, an edit made
 * there waits in the outbox, its comments come from the local database too, the parts that need the server say they
 * load when back online. An item the local database does not hold says it is not available offline — never "not
 * found".
 */
let alice: BrowserContext;
let ctx: BrowserContext;
let a: Arranged;
let page: Page;
let items: { id: string; sequence_id: number; name: string }[];

const e2e = e2eSuite({ localDb: true });
beforeEach(async () => {
  alice = await e2e.context();
  a = await arrange(alice, { firstName: "Alice" });
  items = await createItems(alice.request, a, [
    { name: "Login fails", description_html: "<p>Steps: open the sign-in page</p>" },
    { name: "Dark mode", description_html: "<p>Follow the system's theme</p>" },
  ]);
  ctx = await e2e.offlineContext(alice);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.setOffline(false).catch(() => undefined);
  await ctx?.close();
  await alice?.close();
});

const key = (n: number) => `${a.identifier}-${n}`;
const root = (name: string) => page.evaluate((n) => document.documentElement.dataset[n] ?? "", name);
const peek = () => page.getByRole("complementary", { name: "Peek view" });

async function openSyncedOffline(): Promise<void> {
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await poll(() => root("localDb")).toBe("ready");
  await poll(() => root("localDbProjects")).toContain(`${a.projectId}:ready:2`);
  await poll(() => root("offlineScreens")).toBe("kept");
  await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await ctx.setOffline(true);
}

it("offline, without a reload: the peek of an item never opened shows it from the local database, and edits queue", async () => {
  await openSyncedOffline();
  await page.locator(`[role=list] [data-item="${key(2)}"] [data-open-item]`).click();
  const title = peek().getByRole("textbox", { name: "Title" });
  await poll(() => title.inputValue()).toBe("Dark mode");
  await peek().getByRole("group", { name: "Description" }).getByText("Follow the system's theme").waitFor();
  // the activity (never read) says it comes back with the server, instead of "nothing here" or a spinner
  await peek().getByRole("region", { name: "Activity" }).getByText("Loads when you're back online.").waitFor();
  await shots(page, "local-db-detail-offline-peek");
  expect(await page.getByText("Work item not found").count()).toBe(0);
  // an edit made there is kept to send later
  await title.fill("Dark mode, everywhere");
  await title.press("Enter");
  await poll(() => root("localDbOutbox")).toBe("1");
  await poll(() => page.locator(`[role=list] [data-item="${key(2)}"]`).textContent()).toContain(
    "Dark mode, everywhere",
  );
  // back online: the edit reaches the server
  await ctx.setOffline(false);
  await expect.poll(() => root("localDbOutbox"), { timeout: 30_000 }).toBe("0");
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const saved = (await (await alice.request.get(`${P}/issues/${items[1].id}/`)).json()) as { name: string };
  expect(saved.name).toBe("Dark mode, everywhere");
});

it("offline, without a reload: the peek of an item never opened shows its comments from the local database", async () => {
  // made on the server before the page loads: the local database's first sync of the project reads it
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const made = await alice.request.post(`${P}/issues/${items[0].id}/comments/`, {
    data: { comment_html: "<p>Reproduced on Firefox too</p>" },
  });
  expect(made.status()).toBe(201);
  await openSyncedOffline();
  await page.locator(`[role=list] [data-item="${key(1)}"] [data-open-item]`).click();
  await poll(() => peek().getByRole("textbox", { name: "Title" }).inputValue()).toBe("Login fails");
  const activity = peek().getByRole("region", { name: "Activity" });
  await activity.locator("[data-comment]", { hasText: "Reproduced on Firefox too" }).waitFor();
  expect(await activity.getByText("Loads when you're back online.").count()).toBe(0);
  await shots(page, "local-db-detail-offline-comments");
});

it("offline, an item the local database does not hold says it is not available offline, not that it is not found", async () => {
  await openSyncedOffline();
  // made on the server after the page went offline: neither synced nor ever read here
  const [late] = await createItems(alice.request, a, [{ name: "Made elsewhere" }]);
  await page.evaluate(
    (url) => {
      history.pushState(null, "", url);
      dispatchEvent(new PopStateEvent("popstate"));
    },
    `${listUrl(a)}?peekId=${late.id}`,
  );
  await peek().getByText("This work item is not available offline").waitFor();
  await shots(page, "local-db-detail-not-held");
  expect(await page.getByText("Work item not found").count()).toBe(0);
});

it("offline, an item opened by its key (browse/IDENT-n/) is read from the local database; a key not held says so", async () => {
  await openSyncedOffline();
  const go = (url: string) =>
    page.evaluate((u) => {
      history.pushState(null, "", u);
      dispatchEvent(new PopStateEvent("popstate"));
    }, url);
  await go(`/${a.slug}/browse/${key(1)}/`);
  const title = page.getByRole("textbox", { name: "Title" });
  await poll(() => title.inputValue()).toBe("Login fails");
  await page.getByRole("group", { name: "Description" }).getByText("Steps: open the sign-in page").waitFor();
  await shots(page, "local-db-detail-offline-browse");
  expect(await page.getByText("Work item not found").count()).toBe(0);
  // a number the project never had here: not held, so not available offline (it may exist on the server)
  await go(`/${a.slug}/browse/${key(99)}/`);
  await page.getByText("This work item is not available offline").waitFor();
  expect(await page.getByText("Work item not found").count()).toBe(0);
});

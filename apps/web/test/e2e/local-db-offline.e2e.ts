import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, listUrl, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The screens that open offline open even when their code was never loaded (issue #28 point 5): once the local
 * database is ready, the service worker (public/sw.js) fetches the offline screens' chunks the build listed from its
 * manifest (vite.config.ts `offlineAssets`). Alice loads her project's list online only, then opens an item's peek
 * and its full page (the detail chunk with the rich-text editor, never loaded by the page) without the server.
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
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const c = await alice.request.post(`${P}/issues/${items[1].id}/comments/`, {
    data: { comment_html: "<p>Seen on Firefox too</p>" },
  });
  expect(c.ok()).toBe(true);
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
/** The build's files this page itself loaded (not those its service worker fetched for later). */
const loaded = () =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname.replace(/^\/assets\//, "")),
  );
const peek = () => page.getByRole("complementary", { name: "Peek view" });

/**
 * The server's answers an item's peek and full page read (GET /api/… with JSON), as Alice's other browser asks them
 * (no service worker there; opened from the list, as a page's first screen comes with its data): the service worker
 * keeps what a page read, not an item's detail it never read (the local database does not answer a detail), so the
 * test reads them once online through it, without their code.
 */
async function detailAnswers(): Promise<string[]> {
  const other = await alice.newPage();
  const urls = new Set<string>();
  other.on("request", (r) => {
    const u = new URL(r.url());
    if (r.method() === "GET" && u.pathname.startsWith("/api/") && !u.pathname.startsWith("/api/v2/"))
      urls.add(u.pathname + u.search);
  });
  const otherPeek = other.getByRole("complementary", { name: "Peek view" });
  await other.goto(listUrl(a));
  await other.locator(`[role=list] [data-item="${key(2)}"] [data-open-item]`).click();
  await otherPeek.locator("[data-comment]", { hasText: "Seen on Firefox too" }).waitFor();
  await other.locator(`[role=list] [data-item="${key(1)}"] [data-open-item]`).click();
  await poll(() => otherPeek.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Login fails");
  await otherPeek.getByRole("textbox", { name: "Comment" }).waitFor();
  await otherPeek.getByRole("button", { name: "Open full page" }).click();
  await other
    .locator(`[data-item-detail="${key(1)}"]`)
    .getByRole("textbox", { name: "Comment" })
    .waitFor();
  await other.waitForLoadState("networkidle");
  await other.close();
  return [...urls];
}

it("an item's peek and full page, never opened, open without the server once the local database is ready", async () => {
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await poll(() => root("localDb")).toBe("ready");
  await poll(() => root("localDbProjects")).toContain(`${a.projectId}:ready:2`);
  // the service worker says it keeps the offline screens' code, and it controls the page
  await poll(() => root("offlineScreens")).toBe("kept");
  await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // the item's detail and its editor were never loaded by this page
  expect((await loaded()).filter((f) => /^RichTextEditor-/.test(f))).toEqual([]);
  expect(await peek().count()).toBe(0);
  // the items' answers read once (kept by the service worker), not their screens' code
  const answers = await detailAnswers();
  await page.evaluate(async (urls) => {
    for (const u of urls) await fetch(u, { headers: { accept: "application/json" } });
  }, answers);
  expect((await loaded()).filter((f) => /^RichTextEditor-/.test(f))).toEqual([]);

  // the server out of reach, a reload: the app, its list and the local database open from the browser
  await ctx.setOffline(true);
  await page.reload();
  await page.locator(`[role=list] [data-item="${key(2)}"]`).waitFor();
  await poll(() => root("localDb")).toBe("ready");
  // the peek, from the list: the title, the description in the editor, the comments and a comment kept to send later
  await page.locator(`[role=list] [data-item="${key(2)}"] [data-open-item]`).click();
  await poll(() => peek().getByRole("textbox", { name: "Title" }).inputValue()).toBe("Dark mode");
  await peek().getByRole("group", { name: "Description" }).getByText("Follow the system's theme").waitFor();
  await peek().locator("[data-comment]", { hasText: "Seen on Firefox too" }).waitFor();
  await peek().getByRole("textbox", { name: "Comment" }).click();
  await page.keyboard.type("Written on the train");
  await peek().getByRole("button", { name: "Comment", exact: true }).click();
  await peek().locator("[data-comment-pending]", { hasText: "Written on the train" }).waitFor();
  await poll(() => root("localDbOutbox")).toBe("1");
  expect((await loaded()).filter((f) => /^RichTextEditor-/.test(f)).length).toBeGreaterThan(0);

  // the other item's full page, opened from its address (a page load, with the server out of reach)
  await page.goto(`/${a.slug}/browse/${key(1)}/`);
  const detail = page.locator(`[data-item-detail="${key(1)}"]`);
  await poll(() => detail.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Login fails");
  await detail.getByRole("group", { name: "Description" }).getByText("Steps: open the sign-in page").waitFor();
  await detail.getByRole("textbox", { name: "Comment" }).waitFor();
  expect(await page.getByText("This screen could not be opened").count()).toBe(0);
});

it("with the local database off, the offline screens' code is kept too (the screens then read the kept answers)", async () => {
  await page.addInitScript(() => localStorage.setItem("LOCAL_DB_ENABLED", "false"));
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await poll(() => root("localDb")).toBe("off");
  await poll(() => root("offlineScreens")).toBe("kept");
  // the editor's code, which this page never loaded, is in the service worker's app cache
  expect((await loaded()).filter((f) => /^RichTextEditor-/.test(f))).toEqual([]);
  const kept = await page.evaluate(async () => {
    const cache = await caches.open("stride-app-v1");
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(kept.some((p) => /^\/assets\/RichTextEditor-/.test(p))).toBe(true);
});

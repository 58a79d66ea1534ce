import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext } from "./helpers.ts";
import { arrange, createItems, openList, poll } from "./work-items-fixtures.ts";

/**
 * The requests a screen makes (issue #7 points 4 and 5), read from the browser, never from timings:
 * - opening the full work-item page from its URL starts every data request at navigation, except the ones
 *   that need a value only another answer holds (the item's id and project come back from the lookup);
 * - the work-items screen never asks for an endpoint the server does not route (no 404), and once an item
 *   is archived or deleted nothing asks for it again.
 *
 * Every `fetch` the page makes is logged by an init script: when it was called, when its answer reached
 * the page, and the answer's text. Each test seeds its own data.
 */
let browser: Browser;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Fetch { url: string; method: string; start: number; answered: number | null; status: number | null; body: string | null }

/** Logs every fetch of every document of the context (time of the call, of the answer, status and text). */
async function logFetches(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const log: Fetch[] = [];
    (window as unknown as { __fetches: Fetch[] }).__fetches = log;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url, location.href);
      const entry: Fetch = { url: url.pathname + url.search, method: (init?.method ?? "GET").toUpperCase(), start: performance.now(), answered: null, status: null, body: null };
      log.push(entry);
      return original(input, init).then((res) => {
        entry.answered = performance.now();
        entry.status = res.status;
        void res.clone().text().then((t) => { entry.body = t; });
        return res;
      });
    };
  });
}

const fetches = (page: Page) => page.evaluate(() => (window as unknown as { __fetches: Fetch[] }).__fetches.map((f) => ({ ...f })));

/** Wait until every logged request has its answer and no new one started for a while. */
async function settled(page: Page): Promise<Fetch[]> {
  let last = -1;
  let stable = 0;
  for (;;) {
    const log = await fetches(page);
    const done = log.every((f) => f.answered !== null && f.body !== null);
    stable = done && log.length === last ? stable + 1 : 0;
    last = log.length;
    if (stable >= 5) return log;
    await page.waitForTimeout(100);
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

it("opens the full work-item page with every data request started at navigation, unless it needs a value from another answer", async () => {
  const ctx = await newContext(browser);
  const a = await arrange(ctx, { firstName: "Wanda" });
  const [parent, item] = await createItems(ctx.request, a, [{ name: "Plan the launch" }, { name: "Write the announcement", priority: "high" }]);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect((await ctx.request.patch(`${P}/issues/${item.id}/`, { data: { parent_id: parent.id } })).status()).toBe(204);
  expect((await ctx.request.post(`${P}/issues/${item.id}/comments/`, { data: { comment_html: "<p>Draft is ready</p>", access: "INTERNAL" } })).status()).toBe(201);
  await logFetches(ctx);
  const page = await ctx.newPage();
  const screenUrl = `/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`;
  await page.goto(screenUrl);
  const detail = page.locator(`[data-item-detail="${a.identifier}-${item.sequence_id}"]`);
  await detail.getByRole("textbox", { name: "Title" }).waitFor();
  await detail.locator("[data-comment]").first().waitFor();
  await page.getByRole("complementary", { name: "Properties" }).getByText(`${a.identifier}-${parent.sequence_id}`).waitFor();

  const data = (await settled(page)).filter((f) => f.method === "GET" && f.url.startsWith("/api/"));
  // the screen's own data, fetched once each: the loader and the screen share the same queries
  const urls = data.map((f) => f.url);
  expect(urls.filter((u, i) => urls.indexOf(u) !== i)).toEqual([]);
  expect(urls).toEqual(expect.arrayContaining([
    expect.stringMatching(/\/work-items\/[^/]+-\d+\/\?expand=/),
    `${P}/issues/${item.id}/history/?activity_type=issue-comment`,
    `${P}/states/`,
    `/api/workspaces/${a.slug}/members/`,
  ]));

  // The rule. A data request either starts before the page has any answer, or it needs a value that only
  // an answer the page already had holds: an id in its URL that is not in the screen's URL. How many such
  // hand-overs deep a request is ("rounds"): 1 for the shell and the lookup, 2 for what needs the item.
  const known = new Set((screenUrl.match(UUID) ?? []).map((x) => x.toLowerCase()));
  const round = new Map<Fetch, number>();
  const waits: string[] = [];
  for (const r of [...data].sort((x, y) => x.start - y.start)) {
    const answeredBefore = data.filter((q) => q !== r && q.answered !== null && q.answered <= r.start);
    if (!answeredBefore.length) {
      round.set(r, 1);
      continue;
    }
    const needed = (r.url.match(UUID) ?? []).map((x) => x.toLowerCase()).filter((id) => !known.has(id));
    const providers = answeredBefore.filter((q) => needed.some((id) => (q.body ?? "").toLowerCase().includes(id)));
    if (!providers.length) waits.push(`${r.url} started after ${answeredBefore.length} answer(s) without needing a value from them`);
    round.set(r, 1 + Math.min(...providers.map((q) => round.get(q) ?? 1)));
  }
  expect(waits).toEqual([]);
  expect(Math.max(...round.values())).toBeLessThanOrEqual(2);
  // the lookup itself goes out with the shell, not after it
  const lookup = data.find((f) => /\/work-items\/[^/]+-\d+\//.test(f.url))!;
  expect(round.get(lookup)).toBe(1);
  await ctx.close();
});

it("asks no missing endpoint on the work-items screen and never again for an item once archived or deleted", async () => {
  const ctx = await newContext(browser);
  const a = await arrange(ctx, { firstName: "Gus" });
  const done = a.states.find((s) => s.group === "completed")!;
  const [kept, toArchive, toDelete] = await createItems(ctx.request, a, [
    { name: "Keep this one" },
    { name: "Archive this one", state_id: done.id },
    { name: "Delete this one" },
  ]);
  const page = await ctx.newPage();
  const responses: { url: string; method: string; status: number }[] = [];
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/")) responses.push({ url: u.pathname + u.search, method: r.request().method(), status: r.status() });
  });
  const peek = page.getByRole("complementary", { name: "Peek view" });
  const open = async (it: { name: string; sequence_id: number }) => {
    await page.locator(`[data-item="${a.identifier}-${it.sequence_id}"]`).getByRole("button", { name: it.name }).click();
    await peek.getByRole("textbox", { name: "Title" }).waitFor();
    await peek.locator('ol[aria-label="Activity feed"] > li').first().waitFor();
  };

  await openList(page, a);
  await open(kept);
  await peek.getByRole("button", { name: "Close peek view" }).click();

  await open(toArchive);
  await peek.getByRole("button", { name: "Archive", exact: true }).click();
  await page.getByText("Work item archived").waitFor();
  await peek.waitFor({ state: "detached" });
  const archivedAt = responses.length;

  await open(toDelete);
  await peek.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete work item" }).getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByText("Work item deleted").waitFor();
  await peek.waitFor({ state: "detached" });
  const deletedAt = responses.length;
  // the list goes on working: open the remaining item again
  await open(kept);
  await page.waitForLoadState("networkidle");

  expect(responses.filter((r) => r.status === 404)).toEqual([]);
  const archiveCall = responses.findIndex((r) => r.method === "POST" && r.url.endsWith(`/issues/${toArchive.id}/archive/`));
  const deleteCall = responses.findIndex((r) => r.method === "DELETE" && r.url.endsWith(`/issues/${toDelete.id}/`));
  expect(archiveCall).toBeGreaterThanOrEqual(0);
  expect(deleteCall).toBeGreaterThanOrEqual(0);
  expect(responses.slice(archiveCall + 1).filter((r) => r.url.includes(toArchive.id))).toEqual([]);
  expect(responses.slice(deleteCall + 1).filter((r) => r.url.includes(toDelete.id))).toEqual([]);
  expect(archivedAt).toBeGreaterThan(archiveCall);
  expect(deletedAt).toBeGreaterThan(deleteCall);
  // both left the list
  await poll(() => page.locator(`[data-item="${a.identifier}-${toArchive.sequence_id}"], [data-item="${a.identifier}-${toDelete.sequence_id}"]`).count()).toBe(0);
  await ctx.close();
});

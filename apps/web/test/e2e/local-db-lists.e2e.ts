import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext } from "./helpers.ts";
import { arrangeWithTeammate, createItems, listUrl, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * The offline local database beyond the project list (issue #28 points 2 and 3): a cycle's and a module's work-item
 * lists are answered from it by the same rules as the server's (no list request leaves the browser once the project
 * is synced), and a change made while the realtime socket was down reaches it when the socket is back. Alice works
 * in the browser; Bob changes things through the API. Each test seeds its own users, project, cycle and module.
 */
let browser: Browser;
let alice: BrowserContext;
let bob: BrowserContext;
let a: Arranged;
let page: Page;
let items: { id: string; sequence_id: number; name: string }[];

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });
beforeEach(async () => {
  alice = await newContext(browser);
  bob = await newContext(browser);
  ({ a } = await arrangeWithTeammate(alice, bob));
  items = await createItems(alice.request, a, [
    { name: "Login fails", priority: "high" },
    { name: "Dark mode", priority: "low" },
    { name: "Crash on save", priority: "high" },
    { name: "Docs typo", priority: "none" },
    { name: "Slow search", priority: "urgent" },
  ]);
  await setLayout(alice.request, a, { order_by: "-created_at" });
  page = await alice.newPage();
});
afterEach(async () => {
  await alice?.close();
  await bob?.close();
});

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const key = (n: number) => `${a.identifier}-${n}`;
const rows = () => page.locator("[role=list] [data-item]").evaluateAll((els) => els.map((e) => e.getAttribute("data-item")).sort());
const projectStatus = () =>
  page.evaluate((pid) => {
    const entry = (document.documentElement.dataset.localDbProjects ?? "").split(" ").find((p) => p.startsWith(`${pid}:`));
    return entry ? entry.slice(pid.length + 1) : "";
  }, a.projectId);
const localAnswers = () => page.evaluate(() => Number(document.documentElement.dataset.localDbAnswers ?? 0));

/** The page's requests for work-item list pages of the project (any list: project, cycle, module) sent to the server. */
function serverListRequests(p: Page): string[] {
  const seen: string[] = [];
  p.on("request", (r) => {
    const u = new URL(r.url());
    if (r.method() === "GET" && u.pathname.startsWith(P()) && /\/(issues|cycle-issues)\/$/.test(u.pathname) && u.search) seen.push(u.pathname + u.search);
  });
  return seen;
}

async function filterPriority(option: string): Promise<void> {
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("dialog", { name: "Filters" }).getByRole("listbox", { name: "Priority" }).getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

it("a cycle's and a module's lists are answered from the local database, filters included", async () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const cycle = (await (await alice.request.post(`${P()}/cycles/`, { data: { name: "Now", start_date: day(0), end_date: day(7) } })).json()) as { id: string };
  expect((await alice.request.post(`${P()}/cycles/${cycle.id}/cycle-issues/`, { data: { issues: [items[0].id, items[1].id, items[2].id] } })).ok()).toBe(true);
  const mod = (await (await alice.request.post(`${P()}/modules/`, { data: { name: "Search" } })).json()) as { id: string };
  expect((await alice.request.post(`${P()}/modules/${mod.id}/issues/`, { data: { issues: [items[2].id, items[3].id, items[4].id] } })).ok()).toBe(true);

  // the project synced once
  await page.goto(listUrl(a));
  await poll(projectStatus).toBe("ready:5");

  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${cycle.id}/`);
  await poll(rows).toEqual([key(1), key(2), key(3)]);
  await poll(projectStatus).toBe("ready:5");
  const asked = serverListRequests(page);
  const before = await localAnswers();
  await filterPriority("High");
  await poll(rows).toEqual([key(1), key(3)]);
  expect(await localAnswers()).toBeGreaterThan(before);

  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${mod.id}/`);
  await poll(rows).toEqual([key(3), key(4), key(5)]);
  await poll(projectStatus).toBe("ready:5");
  const asked2 = serverListRequests(page);
  await filterPriority("Urgent");
  await poll(rows).toEqual([key(5)]);
  // an item leaving the module (another person's change) leaves the local answer too
  expect((await bob.request.delete(`${P()}/modules/${mod.id}/issues/${items[4].id}/`)).ok()).toBe(true);
  await poll(rows).toEqual([]);
  expect([...asked, ...asked2]).toEqual([]);
});

it("a change made while the realtime socket was down reaches the local database when it is back", async () => {
  let refuse = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/live\/?$/, (ws) => {
    if (refuse) {
      void ws.close({ code: 1011, reason: "server away" });
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto(listUrl(a));
  await poll(projectStatus).toBe("ready:5");
  await filterPriority("High");
  await poll(rows).toEqual([key(1), key(3)]);
  await poll(() => sockets.length).toBeGreaterThan(0);
  const asked = serverListRequests(page);
  const v2: string[] = [];
  page.on("request", (r) => { if (r.url().includes("/api/v2/")) v2.push(new URL(r.url()).search); });

  // the socket drops and stays away while Bob changes an item
  refuse = true;
  for (const ws of sockets) await ws.close({ code: 1012, reason: "restart" });
  const indicator = page.getByRole("status").filter({ hasText: "Reconnecting" });
  await indicator.waitFor({ timeout: 15_000 });
  expect((await bob.request.patch(`${P()}/issues/${items[1].id}/`, { data: { priority: "high" } })).ok()).toBe(true);
  expect(await rows()).toEqual([key(1), key(3)]);

  // back: the local database catches up (changes since its newest item) and the list, read locally, shows it
  refuse = false;
  await indicator.waitFor({ state: "detached", timeout: 20_000 });
  await poll(rows).toEqual([key(1), key(2), key(3)]);
  expect(v2.some((q) => q.includes("updated_at__gt"))).toBe(true);
  expect(asked).toEqual([]);
});

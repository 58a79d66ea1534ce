import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page, Request, WebSocketRoute } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrangeWithTeammate, createItems, listUrl, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * The offline local database (platform.md §1, §4, §7, §9; issue #28): a project's items synced into SQLite in a
 * worker (OPFS), the project's, a cycle's and a module's lists answered from it, kept current by the realtime channel,
 * after a reload and after the socket dropped, off or failed →
 * the server as before, deleted from the profile, and the app still showing when the server cannot be reached.
 * Alice works in the browser; Bob changes things through the API. Each test seeds its own users and project.
 */
let alice: BrowserContext;
let bob: BrowserContext;
let a: Arranged;
let page: Page;
let items: { id: string; sequence_id: number; name: string }[];

const e2e = e2eSuite({ localDb: true });
beforeEach(async () => {
  alice = await e2e.context();
  bob = await e2e.context();
  ({ a } = await arrangeWithTeammate(alice, bob));
  items = await createItems(alice.request, a, [
    { name: "Login fails", priority: "high" },
    { name: "Dark mode", priority: "low" },
    { name: "Crash on save", priority: "high" },
    { name: "Docs typo", priority: "none" },
    { name: "Slow search", priority: "urgent" },
  ]);
  // newest first, as these tests read the rows (a project list's default is the manual order)
  await setLayout(alice.request, a, { order_by: "-created_at" });
  page = await alice.newPage();
});
afterEach(async () => {
  await alice?.close();
  await bob?.close();
});

const key = (n: number) => `${a.identifier}-${n}`;
const rows = () =>
  page.locator("[role=list] [data-item]").evaluateAll((els) => els.map((e) => e.getAttribute("data-item")));
const dbStatus = () => page.evaluate(() => document.documentElement.dataset.localDb ?? "");
/** The project's local status and item count (`ready:5`), as the page's root says. */
const projectStatus = () =>
  page.evaluate((pid) => {
    const entry = (document.documentElement.dataset.localDbProjects ?? "")
      .split(" ")
      .find((p) => p.startsWith(`${pid}:`));
    return entry ? entry.slice(pid.length + 1) : "";
  }, a.projectId);

/** Requests for the project's list pages that went to the server (GET P/issues/?…). */
function serverListRequests(p: Page): Request[] {
  const seen: Request[] = [];
  p.on("request", (r) => {
    const u = new URL(r.url());
    if (r.method() === "GET" && u.pathname === `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/` && u.search)
      seen.push(r);
  });
  return seen;
}

async function openSynced(): Promise<void> {
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await poll(dbStatus).toBe("ready");
  await poll(projectStatus).toBe("ready:5");
}

async function filterPriority(option: string): Promise<void> {
  await page.getByRole("button", { name: "Filters" }).click();
  await page
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: option })
    .click();
  await page.keyboard.press("Escape");
}

it("a first sync fills the local database, and the list's filters are then answered from it", async () => {
  const v2: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v2/")) v2.push(new URL(r.url()).search);
  });
  await openSynced();
  // the spec's sync: pages of 500 with descriptions, from the worker
  expect(v2.some((q) => q.includes("cursor=500%3A0%3A0") && q.includes("description=true"))).toBe(true);
  const asked = serverListRequests(page);
  await filterPriority("High");
  await poll(rows).toEqual([key(3), key(1)]);
  await filterPriority("Urgent");
  await poll(rows).toEqual([key(5), key(3), key(1)]);
  expect(asked.map((r) => r.url())).toEqual([]);
});

it("another person's change reaches the local database and the list without a reload", async () => {
  await openSynced();
  await filterPriority("High");
  await poll(rows).toEqual([key(3), key(1)]);
  const asked = serverListRequests(page);
  let loads = 0;
  page.on("load", () => {
    loads++;
  });
  const res = await bob.request.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${items[1].id}/`, {
    data: { priority: "high" },
  });
  expect(res.ok()).toBe(true);
  await poll(rows).toEqual([key(3), key(2), key(1)]);
  const [created] = await createItems(bob.request, a, [{ name: "Bob's urgent bug", priority: "high" }]);
  await poll(rows).toEqual([key(created.sequence_id), key(3), key(2), key(1)]);
  await poll(projectStatus).toBe("ready:6");
  expect(loads).toBe(0);
  expect(asked.map((r) => r.url())).toEqual([]);
});

it("a reload keeps the local data and catches up with what changed meanwhile", async () => {
  await openSynced();
  await page.close();
  // while Alice has no page open: one item created, one deleted
  await createItems(bob.request, a, [{ name: "Written while away", priority: "low" }]);
  expect(
    (await alice.request.delete(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${items[3].id}/`)).ok(),
  ).toBe(true);
  page = await alice.newPage();
  const v2: string[] = [];
  const deleted: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/v2/")) v2.push(u.search);
    if (u.pathname.endsWith("/deleted-issues/")) deleted.push(u.search);
  });
  await page.goto(listUrl(a));
  await poll(dbStatus).toBe("ready");
  await poll(projectStatus).toBe("ready:5");
  // only the changes were read: updated_at__gt and the deleted ids, no first sync again (and the person's
  // subscriptions, read whole: a subscription does not move an item's updated_at). The project is `ready` from the
  // file as the database opens, before its catch-up has asked anything: its reads are waited for
  await poll(() => v2.length).toBeGreaterThan(0);
  expect(v2.every((q) => q.includes("updated_at__gt") || q.includes("issues=") || q.includes("subscriber="))).toBe(
    true,
  );
  expect(deleted.every((q) => q.includes("updated_at__gt"))).toBe(true);
  const asked = serverListRequests(page);
  await filterPriority("Low");
  await poll(rows).toEqual([key(6), key(2)]);
  expect(asked.map((r) => r.url())).toEqual([]);
});

it("LOCAL_DB_ENABLED off in the profile: the list asks the server, the status says off", async () => {
  await openSynced();
  await page.goto("/profile/");
  await page.getByRole("checkbox", { name: "Keep work items in this browser" }).uncheck();
  await poll(() => page.getByTestId("local-db-status").textContent()).toContain("Off");
  expect(await page.evaluate(() => localStorage.getItem("LOCAL_DB_ENABLED"))).toBe("false");
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  const asked = serverListRequests(page);
  await filterPriority("High");
  await poll(rows).toEqual([key(3), key(1)]);
  expect(asked.length).toBeGreaterThan(0);
  expect(await dbStatus()).toBe("off");
});

it("a worker that cannot start leaves the status error, and the list works from the server", async () => {
  // SQLite's WebAssembly cannot be loaded: the database cannot start
  await alice.route("**/*.wasm", (r) => r.abort());
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await poll(dbStatus).toBe("error");
  const asked = serverListRequests(page);
  await filterPriority("High");
  await poll(rows).toEqual([key(3), key(1)]);
  expect(asked.length).toBeGreaterThan(0);
  await page.goto("/profile/");
  await poll(() => page.getByTestId("local-db-status").textContent()).toContain("Error");
});

it("the profile's button deletes the local data; lists ask the server until it is synced again", async () => {
  await openSynced();
  await page.goto("/profile/");
  await page.getByText("1 project, 5 work items").waitFor();
  await page.getByRole("button", { name: "Delete local data" }).click();
  await page.getByText("Local data deleted").waitFor();
  await page.getByText("0 projects, 0 work items").waitFor();
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  // synced again from the start
  await poll(projectStatus).toBe("ready:5");
});

it("with the server out of reach after a first load, the shell stays and the list shows from the local database", async () => {
  await openSynced();
  const sidebar = page.getByRole("complementary", { name: "Workspace sidebar" });
  await sidebar.waitFor();
  const failedLists: string[] = [];
  page.on("requestfailed", (r) => {
    if (new URL(r.url()).pathname === `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/`)
      failedLists.push(r.url());
  });
  await alice.setOffline(true);
  try {
    // a screen never opened: its code cannot load; it says so in its place, the sidebar and the project's tabs stay
    const tabs = page.getByRole("navigation", { name: "Project" });
    await tabs.getByRole("link", { name: "Pages" }).click();
    await page.getByText("This screen could not be opened").waitFor();
    expect(await sidebar.isVisible()).toBe(true);
    await tabs.getByRole("link", { name: "Work items" }).click();
    await page.locator("[data-list-context]").waitFor();
    await poll(rows).toEqual([key(5), key(4), key(3), key(2), key(1)]);
    // back to the tab once the screen's data is stale: everything refetches, the server fails, what was loaded stays
    // and the list is read again from the local database (no list request leaves the browser)
    await page.waitForTimeout(10_500);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForTimeout(1000);
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByText("Could not open this workspace").count()).toBe(0);
    expect(await page.getByText("Could not load the work items").count()).toBe(0);
    await poll(rows).toEqual([key(5), key(4), key(3), key(2), key(1)]);
    expect(failedLists).toEqual([]);
  } finally {
    await alice.setOffline(false);
  }
});

it("one tab writes, every tab reads; when the writing tab closes another takes over", async () => {
  await openSynced();
  expect(await page.evaluate(() => document.documentElement.dataset.localDbWriter)).toBe("1");
  const second = await alice.newPage();
  await second.goto(listUrl(a));
  await second.locator("[data-list-context]").waitFor();
  const secondStatus = () =>
    second.evaluate(() =>
      [document.documentElement.dataset.localDb, document.documentElement.dataset.localDbWriter].join(":"),
    );
  // the second tab reads through the first
  await poll(secondStatus).toBe("ready:0");
  const asked: string[] = [];
  second.on("request", (r) => {
    const u = new URL(r.url());
    if (r.method() === "GET" && u.pathname === `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/` && u.search)
      asked.push(r.url());
  });
  const secondRows = () =>
    second.locator("[role=list] [data-item]").evaluateAll((els) => els.map((e) => e.getAttribute("data-item")));
  await second.getByRole("button", { name: "Filters" }).click();
  await second
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: "High" })
    .click();
  await second.keyboard.press("Escape");
  await expect.poll(secondRows, { timeout: 15_000 }).toEqual([key(3), key(1)]);
  expect(asked).toEqual([]);
  // the writing tab closes: the second takes the lock and the file over
  await page.close();
  await expect.poll(secondStatus, { timeout: 15_000 }).toBe("ready:1");
  const [created] = await createItems(bob.request, a, [{ name: "After the handover", priority: "high" }]);
  await expect.poll(secondRows, { timeout: 15_000 }).toEqual([key(created.sequence_id), key(3), key(1)]);
  expect(asked).toEqual([]);
  page = second;
});

const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;
const label = (p: string) => p[0].toUpperCase() + p.slice(1);
const outbox = () => page.evaluate(() => document.documentElement.dataset.localDbOutbox ?? "");
const itemPath = (id: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${id}/`;
/** The priorities the server recorded for an item, oldest first (its activity). */
async function priorityHistory(id: string): Promise<string[]> {
  const acts = (await (await alice.request.get(`${itemPath(id)}history/?activity_type=issue-property`)).json()) as {
    field: string;
    new_value: string;
  }[];
  return acts.filter((x) => x.field === "priority").map((x) => x.new_value);
}

/** Set an item's priority in the spreadsheet, as a person does. */
async function setPriority(n: number, p: string): Promise<void> {
  const row = page.locator(`[role=row][data-item="${key(n)}"]`);
  await row.locator('[data-col="priority"]').getByRole("button", { name: "Priority" }).click();
  await page
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: label(p), exact: true })
    .click();
  await poll(() => row.locator('[data-col="priority"] button').getAttribute("title")).toBe(`Priority: ${label(p)}`);
}

it("50 edits made without the server, a reload among them, reach the server in the order they were made", async () => {
  await setLayout(alice.request, a, { layout: "spreadsheet", order_by: "-created_at" });
  await openSynced();
  const sent = PRIORITIES.flatMap(() => PRIORITIES).concat(PRIORITIES.flatMap(() => PRIORITIES));
  // the server cannot be reached: every edit is kept in the local database's outbox and shown at once
  await alice.setOffline(true);
  for (const p of sent.slice(0, 25)) await setPriority(2, p);
  await poll(outbox).toBe("25");
  // the offline indicator says so, with the count
  await poll(() => page.locator("[data-live-indicator]").textContent()).toBe("Offline · 25 changes waiting to be sent");
  // a reload while the server still refuses the writes (and the item's reads): the outbox survives it
  const down = (r: import("playwright-core").Route) => r.abort("connectionrefused");
  const blocked = (u: URL) => u.pathname === itemPath(items[1].id) || u.pathname.startsWith("/api/v2/");
  await alice.route(blocked, down);
  await alice.setOffline(false);
  await page.reload();
  await page.locator("[data-list-context]").waitFor();
  await poll(dbStatus).toBe("ready");
  await poll(outbox).toBe("25");
  for (const p of sent.slice(25)) await setPriority(2, p);
  await poll(outbox).toBe("50");
  await poll(() => page.locator("[data-live-indicator]").textContent()).toContain("50 changes waiting to be sent");
  expect(await priorityHistory(items[1].id)).toEqual([]);
  // the server is back: all 50, in order
  await alice.unroute(blocked, down);
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  expect(await priorityHistory(items[1].id)).toEqual(sent);
});

it("an edit made offline of a field someone changed meanwhile: the server's value stays, and the person is told", async () => {
  await setLayout(alice.request, a, { layout: "spreadsheet", order_by: "-created_at" });
  await openSynced();
  await alice.setOffline(true);
  await setPriority(2, "urgent");
  await poll(outbox).toBe("1");
  // Bob changes the same field on the server meanwhile
  expect((await bob.request.patch(itemPath(items[1].id), { data: { priority: "medium" } })).ok()).toBe(true);
  await alice.setOffline(false);
  await page.getByText("Changed on the server meanwhile").waitFor({ timeout: 30_000 });
  await poll(outbox).toBe("0");
  const row = page.locator(`[role=row][data-item="${key(2)}"]`);
  await poll(() => row.locator('[data-col="priority"] button').getAttribute("title")).toBe("Priority: Medium");
  expect(await priorityHistory(items[1].id)).toEqual(["medium"]);
});

it("with the server down, a reload still opens the workspace: lists and items read before show, others say they need the server", async () => {
  const ctx = await e2e.offlineContext(alice);
  try {
    page = await ctx.newPage();
    await openSynced();
    // the app registers its service worker
    await poll(() =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map(
          (r) => r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL ?? "",
        ),
      ),
    ).toEqual([expect.stringMatching(/\/sw\.js$/)]);
    expect(
      await page.evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => "ready"),
          new Promise((r) => setTimeout(() => r("not ready"), 15_000)),
        ]),
      ),
    ).toBe("ready");
    // one visit under the service worker keeps the app, the list's screen and an item's
    await page.reload();
    await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.locator("[data-list-context]").waitFor();
    await poll(projectStatus).toBe("ready:5");
    await page.goto(`/${a.slug}/browse/${key(1)}/`);
    await page.locator(`[data-item-detail="${key(1)}"]`).waitFor();
    await page.goto(listUrl(a));
    await page.locator("[data-list-context]").waitFor();

    const me = () =>
      page.evaluate(async () =>
        (await fetch("/api/users/me/", { headers: { accept: "application/json" } })).headers.get("x-stride-offline"),
      );
    expect(await me()).toBeNull();
    // the service worker keeps the offline screens' code (sw.js `precache`)
    await poll(() => page.evaluate(() => document.documentElement.dataset.offlineScreens ?? "")).toBe("kept");
    await ctx.setOffline(true);
    // the server is out of reach: what the service worker answers is what it kept (said on the answer)
    expect(await me()).toBe("1");
    await page.reload();
    await page.getByRole("complementary", { name: "Workspace sidebar" }).waitFor();
    await poll(dbStatus).toBe("ready");
    await poll(rows).toEqual([key(5), key(4), key(3), key(2), key(1)]);
    await poll(() => page.locator("[data-live-indicator]").textContent()).toContain("Offline");
    // an item read before
    await page.goto(`/${a.slug}/browse/${key(1)}/`);
    await page
      .locator(`[data-item-detail="${key(1)}"]`)
      .getByText("Login fails")
      .first()
      .waitFor();
    // a screen never opened whose answers were never read says it could not load them, in its place (its code is
    // kept with the offline screens': the pages list shares the projects' and modules' chunk)
    await page.goto(listUrl(a));
    await page.locator("[data-list-context]").waitFor();
    await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Pages" }).click();
    await page.getByText("Failed to fetch the pages, Please try again later.").waitFor();
    await page.getByRole("complementary", { name: "Workspace sidebar" }).waitFor();
  } finally {
    await ctx.setOffline(false);
    await ctx.close();
  }
});

/* ------------------------------------------------------------------ cycles, modules, a dropped socket */

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const sortedRows = async () => (await rows()).sort();
const localAnswers = () => page.evaluate(() => Number(document.documentElement.dataset.localDbAnswers ?? 0));

/** Requests for any list of the project's items (its own, a cycle's, a module's) that went to the server. */
function anyServerListRequests(p: Page): string[] {
  const seen: string[] = [];
  p.on("request", (r) => {
    const u = new URL(r.url());
    if (r.method() === "GET" && u.pathname.startsWith(P()) && /\/(issues|cycle-issues)\/$/.test(u.pathname) && u.search)
      seen.push(u.pathname + u.search);
  });
  return seen;
}

it("a cycle's and a module's lists are answered from the local database, filters included", async () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const cycle = (await (
    await alice.request.post(`${P()}/cycles/`, { data: { name: "Now", start_date: day(0), end_date: day(7) } })
  ).json()) as { id: string };
  expect(
    (
      await alice.request.post(`${P()}/cycles/${cycle.id}/cycle-issues/`, {
        data: { issues: [items[0].id, items[1].id, items[2].id] },
      })
    ).ok(),
  ).toBe(true);
  const mod = (await (await alice.request.post(`${P()}/modules/`, { data: { name: "Search" } })).json()) as {
    id: string;
  };
  expect(
    (
      await alice.request.post(`${P()}/modules/${mod.id}/issues/`, {
        data: { issues: [items[2].id, items[3].id, items[4].id] },
      })
    ).ok(),
  ).toBe(true);

  // the project synced once
  await page.goto(listUrl(a));
  await poll(projectStatus).toBe("ready:5");

  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${cycle.id}/`);
  await poll(sortedRows).toEqual([key(1), key(2), key(3)]);
  await poll(projectStatus).toBe("ready:5");
  const asked = anyServerListRequests(page);
  const before = await localAnswers();
  await filterPriority("High");
  await poll(sortedRows).toEqual([key(1), key(3)]);
  expect(await localAnswers()).toBeGreaterThan(before);

  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${mod.id}/`);
  await poll(sortedRows).toEqual([key(3), key(4), key(5)]);
  await poll(projectStatus).toBe("ready:5");
  const asked2 = anyServerListRequests(page);
  await filterPriority("Urgent");
  await poll(sortedRows).toEqual([key(5)]);
  // an item leaving the module (another person's change) leaves the local answer too
  expect((await bob.request.delete(`${P()}/modules/${mod.id}/issues/${items[4].id}/`)).ok()).toBe(true);
  await poll(sortedRows).toEqual([]);
  // (the module's details panel reads its own items from the server; the list's filtered pages never do)
  expect([...asked, ...asked2].filter((u) => decodeURIComponent(u).includes("priority"))).toEqual([]);
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
  await poll(sortedRows).toEqual([key(1), key(3)]);
  await poll(() => sockets.length).toBeGreaterThan(0);
  const asked = anyServerListRequests(page);
  const v2: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v2/")) v2.push(new URL(r.url()).search);
  });

  // the socket drops and stays away while Bob changes an item
  refuse = true;
  for (const ws of sockets) await ws.close({ code: 1012, reason: "restart" });
  const indicator = page.getByRole("status").filter({ hasText: "Reconnecting" });
  await indicator.waitFor({ timeout: 15_000 });
  expect((await bob.request.patch(`${P()}/issues/${items[1].id}/`, { data: { priority: "high" } })).ok()).toBe(true);
  expect(await sortedRows()).toEqual([key(1), key(3)]);

  // back: the local database catches up (changes since its newest item) and the list, read locally, shows it
  refuse = false;
  await indicator.waitFor({ state: "detached", timeout: 20_000 });
  await poll(sortedRows).toEqual([key(1), key(2), key(3)]);
  expect(v2.some((q) => q.includes("updated_at__gt"))).toBe(true);
  expect(asked).toEqual([]);
});

/* ------------------------------------------------------------------ creates and comments made offline */

/** The project's items on the server, by name (through the API). */
async function serverItems(): Promise<Map<string, { id: string; sequence_id: number; created_at: string }>> {
  const env = (await (await alice.request.get(`${P()}/issues/?per_page=100&cursor=100:0:0`)).json()) as {
    results: { id: string; name: string; sequence_id: number; created_at: string }[];
  };
  return new Map(env.results.map((r) => [r.name, r]));
}
/** An item's comments on the server (through the API). */
async function serverComments(id: string): Promise<{ comment_html: string; created_at: string }[]> {
  return (await (await alice.request.get(`${itemPath(id)}history/?activity_type=issue-comment`)).json()) as {
    comment_html: string;
    created_at: string;
  }[];
}
const peek = () => page.getByRole("complementary", { name: "Peek view" });
const pendingRow = (name: string) => page.locator(`[data-item^="${a.identifier}-~"]`, { hasText: name });

/** Quick add in the list, as a person does. */
async function quickAdd(name: string): Promise<void> {
  await page.getByRole("button", { name: "New work item" }).first().click();
  const title = page.getByRole("textbox", { name: "Work item title" });
  await title.fill(name);
  await title.press("Enter");
}

it("a comment and a new item made without the server, a reload between: shown as pending, then sent in order", async () => {
  await openSynced();
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await peek().getByRole("textbox", { name: "Comment" }).waitFor();
  await poll(dbStatus).toBe("ready");
  // the server cannot be reached: both are kept in the local database's outbox and shown at once as pending
  await alice.setOffline(true);
  await peek().getByRole("textbox", { name: "Comment" }).click();
  await page.keyboard.type("Written on the train");
  await peek().getByRole("button", { name: "Comment", exact: true }).click();
  await peek().locator("[data-comment-pending]", { hasText: "Written on the train" }).waitFor();
  await peek().getByRole("button", { name: "Close peek view" }).click();
  await peek().waitFor({ state: "detached" });
  await quickAdd("Made on the train");
  await pendingRow("Made on the train").locator("[data-pending]").waitFor();
  await poll(outbox).toBe("2");
  await poll(() => page.locator("[data-live-indicator]").textContent()).toBe("Offline · 2 changes waiting to be sent");

  // a reload while the server still refuses the writes: both survive it, still pending
  const down = (r: import("playwright-core").Route) =>
    r.request().method() === "POST" ? r.abort("connectionrefused") : r.fallback();
  const writes = (u: URL) => u.pathname === `${P()}/issues/` || u.pathname.endsWith("/comments/");
  await alice.route(writes, down);
  await alice.setOffline(false);
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await poll(dbStatus).toBe("ready");
  await poll(outbox).toBe("2");
  await pendingRow("Made on the train").waitFor();
  await peek().locator("[data-comment-pending]", { hasText: "Written on the train" }).waitFor();
  expect((await serverComments(items[0].id)).length).toBe(0);
  expect((await serverItems()).has("Made on the train")).toBe(false);

  // the server is back: both reach it, in the order they were made, and nothing waits any more
  await alice.unroute(writes, down);
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  const made = (await serverItems()).get("Made on the train");
  const [comment] = await serverComments(items[0].id);
  expect(comment.comment_html).toContain("Written on the train");
  expect(made?.sequence_id).toBe(6);
  expect(Date.parse(comment.created_at)).toBeLessThan(Date.parse(made!.created_at));
  await page.locator(`[data-item="${key(6)}"]`, { hasText: "Made on the train" }).waitFor();
  expect(await pendingRow("Made on the train").count()).toBe(0);
  await peek().locator("[data-comment]", { hasText: "Written on the train" }).waitFor();
  expect(await peek().locator("[data-comment-pending]").count()).toBe(0);
  await poll(
    async () =>
      (await page.locator("[data-live-indicator]").count()) === 0 ||
      !(await page.locator("[data-live-indicator]").textContent())?.includes("waiting"),
  ).toBe(true);
});

it("a new item made offline opens in the peek view from the client's store, also after a reload, before the server has it", async () => {
  await openSynced();
  // an item opened before (the editor's code is in the browser, as after any visit)
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await peek().getByRole("textbox", { name: "Comment" }).waitFor();
  await poll(dbStatus).toBe("ready");
  await peek().getByRole("button", { name: "Close peek view" }).click();
  await peek().waitFor({ state: "detached" });
  // the server is never asked about the temporary id
  const askedLocal: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.includes("/local-")) askedLocal.push(r.url());
  });
  await alice.setOffline(true);
  await quickAdd("Opened while pending");
  const row = pendingRow("Opened while pending");
  await row.locator("[data-pending]").waitFor();
  await row.locator("[data-open-item]").click();
  await poll(() => peek().getByRole("textbox", { name: "Title" }).inputValue()).toBe("Opened while pending");
  expect(new URL(page.url()).searchParams.get("peekId")).toMatch(/^local-/);
  // its detail is whole: the title, its properties, an empty activity to comment in
  await peek().getByRole("textbox", { name: "Comment" }).waitFor();
  expect(await peek().getByText("Work item not found").count()).toBe(0);
  expect(await page.getByText("This screen could not be opened").count()).toBe(0);

  // a reload with its peek open while the server still refuses the new item: shown again from the local database
  const down = (r: import("playwright-core").Route) =>
    r.request().method() === "POST" ? r.abort("connectionrefused") : r.fallback();
  const create = (u: URL) => u.pathname === `${P()}/issues/`;
  await alice.route(create, down);
  await alice.setOffline(false);
  await page.reload();
  await poll(() => peek().getByRole("textbox", { name: "Title" }).inputValue()).toBe("Opened while pending");
  await pendingRow("Opened while pending").waitFor();
  expect(askedLocal).toEqual([]);

  // the server is back: the item reaches it
  await alice.unroute(create, down);
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  expect((await serverItems()).has("Opened while pending")).toBe(true);
});

it("a new item made offline that the server refuses: the person is told which, and its pending row goes", async () => {
  await openSynced();
  await alice.setOffline(true);
  await quickAdd("Refused later");
  await pendingRow("Refused later").waitFor();
  await poll(outbox).toBe("1");
  // the server refuses it when it is sent (as it would a name it does not accept)
  const refuse = (r: import("playwright-core").Route) =>
    r.request().method() === "POST"
      ? r.fulfill({ status: 400, json: { name: ["This name is not accepted."] } })
      : r.fallback();
  const create = (u: URL) => u.pathname === `${P()}/issues/`;
  await alice.route(create, refuse);
  await alice.setOffline(false);
  await page.getByText("Could not create “Refused later”").waitFor({ timeout: 30_000 });
  await page.getByText("This name is not accepted.").waitFor();
  await poll(outbox).toBe("0");
  await poll(() => pendingRow("Refused later").count()).toBe(0);
  expect((await serverItems()).has("Refused later")).toBe(false);
});

it("a new item made offline in the spreadsheet is marked pending in its title cell", async () => {
  await setLayout(alice.request, a, { layout: "spreadsheet", order_by: "-created_at" });
  await openSynced();
  await alice.setOffline(true);
  try {
    const sheet = page.getByTestId("spreadsheet-layout");
    await sheet.getByRole("button", { name: "New work item" }).click();
    const title = sheet.getByRole("textbox", { name: "Work item title" });
    await title.fill("Made in the sheet");
    await title.press("Enter");
    await poll(outbox).toBe("1");
    const row = sheet.getByRole("row").filter({ hasText: "Made in the sheet" });
    await poll(() => row.getAttribute("data-item")).toMatch(new RegExp(`^${a.identifier}-~`));
    await row.getByRole("cell").first().locator("[data-pending]", { hasText: "Pending" }).waitFor();
    // an item the server knows is not marked
    expect(await sheet.locator(`[data-item="${key(1)}"] [data-pending]`).count()).toBe(0);
  } finally {
    await alice.setOffline(false);
  }
});

it("offline, deleting a work item says it needs the server instead of waiting silently", async () => {
  await openSynced();
  await alice.setOffline(true);
  try {
    const row = page.locator(`[data-item="${key(1)}"]`);
    await row.getByRole("button", { name: `Work item actions ${key(1)}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete work item" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Could not delete the work item").waitFor();
    await page.getByText("This needs the server").first().waitFor();
    await poll(rows).toContain(key(1));
  } finally {
    await alice.setOffline(false);
  }
  expect((await alice.request.get(itemPath(items[0].id))).ok()).toBe(true);
});

it("a comment and a new item whose answers were lost after the server made them are made once, not twice", async () => {
  await openSynced();
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await peek().getByRole("textbox", { name: "Comment" }).waitFor();
  await poll(dbStatus).toBe("ready");
  // the server gets each write's first sending and makes it, but the connection drops before its answer arrives:
  // the write is kept in the outbox and sent again, with the key its first sending carried
  const lost = new Set<string>();
  const loseFirstAnswer = async (r: import("playwright-core").Route) => {
    const path = new URL(r.request().url()).pathname;
    if (r.request().method() !== "POST" || lost.has(path)) return r.fallback();
    lost.add(path);
    await r.fetch();
    await r.abort("connectionreset");
  };
  const writes = (u: URL) => u.pathname === `${P()}/issues/` || u.pathname.endsWith("/comments/");
  await alice.route(writes, loseFirstAnswer);
  await peek().getByRole("textbox", { name: "Comment" }).click();
  await page.keyboard.type("Said once");
  await peek().getByRole("button", { name: "Comment", exact: true }).click();
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  await peek().locator("[data-comment]", { hasText: "Said once" }).waitFor();
  await peek().getByRole("button", { name: "Close peek view" }).click();
  await quickAdd("Made once");
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  await page.locator(`[data-item="${key(6)}"]`, { hasText: "Made once" }).waitFor();
  expect([...lost].sort()).toEqual([`${P()}/issues/`, `${itemPath(items[0].id)}comments/`].sort());
  await alice.unroute(writes, loseFirstAnswer);

  const said = (await serverComments(items[0].id)).filter((c) => c.comment_html.includes("Said once"));
  expect(said.length).toBe(1);
  const env = (await (await alice.request.get(`${P()}/issues/?per_page=100&cursor=100:0:0`)).json()) as {
    results: { name: string }[];
  };
  expect(env.results.filter((r) => r.name === "Made once").length).toBe(1);
  // the list shows it once: the pending row gives way to the server's item (which the first sending's realtime event
  // may have shown already, before the outbox's resend was answered)
  await poll(() => page.locator("[data-item]", { hasText: "Made once" }).count()).toBe(1);
  await pendingRow("Made once").waitFor({ state: "detached" });
});

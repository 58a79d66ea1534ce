import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { apiAddProjectMember, apiInviteAndAccept, e2eSuite } from "./helpers.ts";
import { arrange, createItems, listUrl, poll, setLayout, signUpUser, type Arranged } from "./work-items-fixtures.ts";

/**
 * The realtime channel end to end: two people (two browser contexts) on the same board; what one changes
 * shows on the other's screen without a reload, and while the channel is down a "Reconnecting" indicator
 * shows and the changes made meanwhile arrive once it is back. Each test seeds its own users and project.
 */
let alice: BrowserContext;
let bob: BrowserContext;
let a: Arranged;

const e2e = e2eSuite();
beforeEach(async () => {
  alice = await e2e.context();
  bob = await e2e.context();
  a = await arrange(alice, { firstName: "Alice" });
  const b = await signUpUser(bob.request, "Bob");
  await apiInviteAndAccept(alice, bob, a.slug, b.email, 15);
  await apiAddProjectMember(alice, a.slug, a.projectId, b.userId, 15);
  for (const who of [alice, bob]) await setLayout(who.request, a, { layout: "kanban", group_by: "state" });
});
afterEach(async () => {
  await alice?.close();
  await bob?.close();
});

const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;
const card = (page: Page, state: string, key: string) =>
  page.locator(`section[data-column="${stateId(state)}"] [data-item="${key}"]`);
const itemApi = (id: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${id}/`;

async function openBoard(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  return page;
}

it("a state and title changed by one user show on the other's board without reloading", async () => {
  const [item] = await createItems(alice.request, a, [{ name: "Ship the rocket" }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  const alicePage = await openBoard(alice);
  const bobPage = await openBoard(bob);
  await card(bobPage, "Backlog", key).waitFor();
  await card(alicePage, "Backlog", key).waitFor();
  let loads = 0;
  bobPage.on("load", () => {
    loads++;
  });

  const res = await alice.request.patch(itemApi(item.id), {
    data: { state_id: stateId("In Progress"), name: "Ship the rocket today" },
  });
  expect(res.ok()).toBe(true);
  await card(bobPage, "In Progress", key).waitFor({ timeout: 15_000 });
  await poll(() => card(bobPage, "In Progress", key).textContent()).toContain("Ship the rocket today");
  expect(await card(bobPage, "Backlog", key).count()).toBe(0);
  // and Alice's own board follows her write too
  await card(alicePage, "In Progress", key).waitFor({ timeout: 15_000 });
  expect(loads).toBe(0);
  expect(await bobPage.locator("[data-live-indicator]").count()).toBe(0);
});

it("shows a reconnecting indicator when the server drops the socket, and catches up when it is back", async () => {
  const [item] = await createItems(alice.request, a, [{ name: "Fuel the rocket" }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  const bobPage = await bob.newPage();
  let refuse = false;
  const sockets: WebSocketRoute[] = [];
  await bobPage.routeWebSocket(/\/live\/?$/, (ws) => {
    if (refuse) {
      void ws.close({ code: 1011, reason: "server away" });
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await bobPage.goto(listUrl(a));
  await card(bobPage, "Backlog", key).waitFor();
  await poll(() => sockets.length).toBeGreaterThan(0);

  // the server goes away: the open socket is dropped and new connections are refused for a while
  refuse = true;
  for (const ws of sockets) await ws.close({ code: 1012, reason: "restart" });
  const indicator = bobPage.getByRole("status").filter({ hasText: "Reconnecting" });
  await indicator.waitFor({ timeout: 15_000 });
  // a change made while Bob is disconnected
  expect(
    (
      await alice.request.patch(itemApi(item.id), {
        data: { state_id: stateId("Todo"), name: "Fuel the rocket twice" },
      })
    ).ok(),
  ).toBe(true);

  refuse = false;
  await indicator.waitFor({ state: "detached", timeout: 20_000 });
  await card(bobPage, "Todo", key).waitFor({ timeout: 15_000 });
  await poll(() => card(bobPage, "Todo", key).textContent()).toContain("Fuel the rocket twice");
});

it("a work item opened by its key, outside its project's screens, follows the other user's changes without reloading", async () => {
  const [item] = await createItems(alice.request, a, [{ name: "Paint the hull" }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  const bobPage = await bob.newPage();
  await bobPage.goto(`/${a.slug}/browse/${key}/`);
  const title = bobPage.getByRole("textbox", { name: "Title" });
  await poll(() => title.inputValue()).toBe("Paint the hull");
  let loads = 0;
  bobPage.on("load", () => {
    loads++;
  });

  expect((await alice.request.patch(itemApi(item.id), { data: { name: "Paint the hull red" } })).ok()).toBe(true);
  const task = await alice.request.post(`${itemApi(item.id)}tasks/`, { data: { name: "Buy the paint" } });
  expect(task.ok()).toBe(true);
  await poll(() => title.inputValue()).toBe("Paint the hull red");
  const tasks = bobPage.getByRole("list", { name: "Tasks" });
  await poll(() =>
    tasks
      .getByLabel("Status of Buy the paint")
      .inputValue()
      .catch(() => null),
  ).toBe("pending");
  expect(loads).toBe(0);
});

import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, listUrl, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * A work item made offline (issue #28 point 4), while it waits in the local outbox under its temporary id
 * (`local-<uuid>`, key `IDENT-~n`): what needs the server (a link, archive, delete, subscribing, an agent run, sub-items,
 * relations…) says it waits until the item is sent and never sends the temporary id; once sent, its open peek and page
 * move to the real item (id, key) and further edits reach it. Each test seeds its own user and project.
 */
let alice: BrowserContext;
let a: Arranged;
let page: Page;
let items: { id: string; sequence_id: number; name: string }[];
/** Requests that named a temporary id (the server knows none). */
let askedLocal: string[];

const e2e = e2eSuite({ localDb: true });
beforeEach(async () => {
  alice = await e2e.context();
  a = await arrange(alice, { firstName: "Alice" });
  items = await createItems(alice.request, a, [
    { name: "Login fails", priority: "high" },
    { name: "Dark mode", priority: "low" },
  ]);
  await setLayout(alice.request, a, { order_by: "-created_at" });
  page = await alice.newPage();
  askedLocal = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.includes("/local-")) askedLocal.push(`${r.method()} ${r.url()}`);
  });
});
afterEach(async () => {
  await alice?.close();
});

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const peek = () => page.getByRole("complementary", { name: "Peek view" });
const pendingRow = (name: string) => page.locator(`[data-item^="${a.identifier}-~"]`, { hasText: name });
const outbox = () => page.evaluate(() => document.documentElement.dataset.localDbOutbox ?? "");
const dbStatus = () => page.evaluate(() => document.documentElement.dataset.localDb ?? "");

/** The project's items on the server, by name (through the API). */
async function serverItems(): Promise<Map<string, { id: string; sequence_id: number }>> {
  const env = (await (await alice.request.get(`${P()}/issues/?per_page=100&cursor=100:0:0`)).json()) as {
    results: { id: string; name: string; sequence_id: number }[];
  };
  return new Map(env.results.map((r) => [r.name, r]));
}

/** The list synced into the local database, an item's peek opened once (the detail's code is in the browser). */
async function openSynced(): Promise<void> {
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await peek().getByRole("textbox", { name: "Comment" }).waitFor();
  await poll(dbStatus).toBe("ready");
  await poll(() =>
    page.evaluate(
      (pid) => (document.documentElement.dataset.localDbProjects ?? "").includes(`${pid}:ready`),
      a.projectId,
    ),
  ).toBe(true);
  await peek().getByRole("button", { name: "Close peek view" }).click();
  await peek().waitFor({ state: "detached" });
}

/** Offline, a new item by quick add (its row marked pending). */
async function makePending(name: string): Promise<void> {
  await alice.setOffline(true);
  await page.getByRole("button", { name: "New work item" }).first().click();
  const title = page.getByRole("textbox", { name: "Work item title" });
  await title.fill(name);
  await title.press("Enter");
  await pendingRow(name).locator("[data-pending]").waitFor();
}

/** The pending item opened in the peek view, under its temporary id. */
async function peekPending(name: string): Promise<void> {
  await pendingRow(name).locator("[data-open-item]").click();
  await poll(() => peek().getByRole("textbox", { name: "Title" }).inputValue()).toBe(name);
  expect(new URL(page.url()).searchParams.get("peekId")).toMatch(/^local-/);
}

it("an item made offline and peeked at: once sent, the peek shows the real item (URL, key) and an edit reaches it", async () => {
  await openSynced();
  await makePending("Sent while peeked");
  await peekPending("Sent while peeked");
  await poll(() => peek().getByTestId("item-key").textContent()).toMatch(new RegExp(`^${a.identifier}-~`));

  // back online: the create leaves the outbox while its peek stays open
  await alice.setOffline(false);
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  const made = (await serverItems()).get("Sent while peeked");
  expect(made?.sequence_id).toBe(3);
  await poll(() => new URL(page.url()).searchParams.get("peekId")).toBe(made!.id);
  await poll(() => peek().getByTestId("item-key").textContent()).toBe(`${a.identifier}-3`);
  expect(await peek().locator("[data-pending-notice]").count()).toBe(0);

  // an edit in the same peek goes to the real item
  const title = peek().getByRole("textbox", { name: "Title" });
  await poll(() => title.inputValue()).toBe("Sent while peeked");
  await title.fill("Renamed after sending");
  await title.press("Enter");
  await expect
    .poll(
      async () => ((await (await alice.request.get(`${P()}/issues/${made!.id}/`)).json()) as { name: string }).name,
      {
        timeout: 30_000,
      },
    )
    .toBe("Renamed after sending");
  expect(askedLocal).toEqual([]);
});

it("an item made offline: what needs the server waits with its reason, its full page opens, and once sent moves to the real item", async () => {
  await openSynced();
  await makePending("Waiting to be sent");
  try {
    // the row's menu: the link, archive and delete wait too
    const key = (await pendingRow("Waiting to be sent").getAttribute("data-item"))!;
    await pendingRow("Waiting to be sent")
      .getByRole("button", { name: `Work item actions ${key}` })
      .click();
    for (const name of ["Copy link", "Delete"]) {
      const entry = page.getByRole("menuitem", { name });
      expect(await entry.getAttribute("aria-disabled")).toBe("true");
      expect(await entry.getAttribute("title")).toContain("available once it has been sent");
    }
    await page.getByRole("menuitem", { name: "Delete" }).click({ force: true });
    expect(await page.getByRole("dialog", { name: "Delete work item" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await peekPending("Waiting to be sent");
    // the detail says why, and its server-only actions are not offered
    await peek().locator("[data-pending-notice]").waitFor();
    for (const name of ["Copy link", "Delete"]) {
      const b = peek().getByRole("button", { name, exact: true });
      expect(await b.getAttribute("aria-disabled")).toBe("true");
      expect(await b.getAttribute("title")).toContain("available once it has been sent");
    }
    // no version history on the server yet
    expect(await peek().getByRole("button", { name: "Version history" }).count()).toBe(0);
    await shots(page, "local-db-pending-peek");
    const subscribe = peek().getByRole("button", { name: "Subscribe" });
    expect(await subscribe.getAttribute("aria-disabled")).toBe("true");
    // pressed anyway (playwright would wait for them to be enabled): nothing is sent, no dialog opens
    await subscribe.click({ force: true });
    await peek().getByRole("button", { name: "Delete", exact: true }).click({ force: true });
    expect(await page.getByRole("dialog", { name: "Delete work item" }).count()).toBe(0);

    // its full page opens (by its temporary id: no key the server knows yet)
    await peek().getByRole("button", { name: "Open full page" }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/\/issues\/local-[^/]+\/$/);
    await poll(() => page.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Waiting to be sent");
    await page.locator("[data-pending-notice]").waitFor();
  } finally {
    await alice.setOffline(false);
  }
  // sent: the page moves to the real item
  await expect.poll(outbox, { timeout: 60_000 }).toBe("0");
  const made = (await serverItems()).get("Waiting to be sent");
  await poll(() => new URL(page.url()).pathname).toBe(`/${a.slug}/projects/${a.projectId}/issues/${made!.id}/`);
  await poll(() => page.getByTestId("item-key").textContent()).toBe(`${a.identifier}-${made!.sequence_id}`);
  expect(await page.getByRole("button", { name: "Delete", exact: true }).getAttribute("aria-disabled")).toBeNull();
  await page.getByRole("button", { name: "Version history" }).waitFor();
  expect(askedLocal).toEqual([]);
});

import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { apiAddProjectMember, apiInviteAndAccept, e2eSuite } from "./helpers.ts";
import { arrange, createItems, signUpUser, type Arranged } from "./work-items-fixtures.ts";

/**
 * Collaborative pages end to end: two people (two browser contexts) type into the same page at once; each sees the
 * other's text arrive without a reload, the other's caret with their name, and their avatar in the header; the
 * page's stored content holds both texts. Each test seeds its own users and project.
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
});
afterEach(async () => {
  await alice?.close();
  await bob?.close();
});

/** The editor's text without the others' carets (whose name labels sit inside the text). */
const textOf = (page: Page) =>
  page.getByRole("textbox", { name: "Page content" }).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const c of copy.querySelectorAll(".collab-caret")) c.remove();
    return [...copy.querySelectorAll("p")].map((p) => p.textContent).join("\n");
  });
const pagesApi = () => `/api/workspaces/${a.slug}/projects/${a.projectId}/pages/`;

async function openPage(ctx: BrowserContext, id: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/${id}/`);
  // the live editor (not the read-only text shown until the document has synced)
  await page
    .getByRole("textbox", { name: "Page content" })
    .and(page.locator('[contenteditable="true"]'))
    .waitFor({ timeout: 30_000 });
  return page;
}

it("two people type into one page and see each other's text, caret and avatar", async () => {
  const created = await alice.request.post(pagesApi(), {
    data: { name: "Launch notes", description_html: "<p>Agenda</p>" },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const alicePage = await openPage(alice, id);
  const bobPage = await openPage(bob, id);
  let reloads = 0;
  bobPage.on("load", () => {
    reloads++;
  });

  // each sees the other in the header
  await alicePage
    .getByRole("list", { name: "People on this page" })
    .getByRole("listitem", { name: /Bob/ })
    .waitFor({ timeout: 20_000 });
  await bobPage
    .getByRole("list", { name: "People on this page" })
    .getByRole("listitem", { name: /Alice/ })
    .waitFor({ timeout: 20_000 });

  const aliceEditor = alicePage.getByRole("textbox", { name: "Page content" });
  const bobEditor = bobPage.getByRole("textbox", { name: "Page content" });
  await aliceEditor.getByText("Agenda").click();
  await alicePage.keyboard.press("End");
  await alicePage.keyboard.press("Enter");
  await alicePage.keyboard.type("Alice writes the intro");
  await expect.poll(() => textOf(bobPage), { timeout: 20_000, interval: 200 }).toBe("Agenda\nAlice writes the intro");

  await bobEditor.getByText("Agenda").click();
  await bobPage.keyboard.press("Home");
  await bobPage.keyboard.type("Bob adds: ");
  await expect
    .poll(() => textOf(alicePage), { timeout: 20_000, interval: 200 })
    .toBe("Bob adds: Agenda\nAlice writes the intro");
  expect(await textOf(bobPage)).toBe("Bob adds: Agenda\nAlice writes the intro");

  // the other's caret, with their name
  await alicePage.locator('.collab-caret[data-collab-user^="Bob"]').waitFor({ timeout: 20_000 });
  await bobPage.locator('.collab-caret[data-collab-user^="Alice"]').waitFor({ timeout: 20_000 });
  expect(reloads).toBe(0);

  // the stored page holds both texts
  await expect
    .poll(
      async () =>
        ((await (await alice.request.get(`${pagesApi()}${id}/`)).json()) as { description_html: string })
          .description_html,
      { timeout: 30_000, interval: 200 },
    )
    .toMatch(/Bob adds: Agenda.*Alice writes the intro/);
  await alicePage
    .getByRole("status")
    .filter({ hasText: /Saved|Changes saved/ })
    .waitFor();

  // a person leaving the page leaves the other's header
  await bobPage.close();
  await expect
    .poll(() => alicePage.getByRole("list", { name: "People on this page" }).count(), {
      timeout: 45_000,
      interval: 200,
    })
    .toBe(0);
});

it("embeds a work item in a page from the slash menu: a card with its key, title and state, stored in Plane's form", async () => {
  const [item] = await createItems(alice.request, a, [{ name: "Fix the launch checklist" }]);
  const key = `${a.identifier}-${item!.sequence_id}`;
  const created = await alice.request.post(pagesApi(), { data: { name: "Plan" } });
  const id = ((await created.json()) as { id: string }).id;
  const page = await openPage(alice, id);
  const editor = page.getByRole("textbox", { name: "Page content" });
  await editor.click();
  await page.keyboard.type("/work");
  await page
    .getByRole("listbox")
    .getByRole("option", { name: /Work item/ })
    .click();
  await page.keyboard.type("launch");
  await page
    .getByRole("listbox")
    .getByRole("option", { name: /Fix the launch checklist/ })
    .click();
  const card = editor.locator(`[data-work-item-embed="${item!.id}"]`);
  await card.getByText("Fix the launch checklist").waitFor();
  await card.getByText(key).waitFor();
  await card.getByText("Backlog").waitFor();
  await expect
    .poll(
      async () =>
        (await (await alice.request.get(`${pagesApi()}${id}/`)).json()) as {
          description_html: string;
          issue_ids: string[];
        },
      { timeout: 30_000, interval: 200 },
    )
    .toMatchObject({ description_html: expect.stringContaining(`<issue-embed-component id="`), issue_ids: [item!.id] });
  // another person opening the page sees the card too
  const bobPage = await openPage(bob, id);
  await bobPage.locator(`[data-work-item-embed="${item!.id}"]`).getByText("Fix the launch checklist").waitFor();
});

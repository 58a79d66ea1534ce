import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { arrangeEach, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Keyboard first (issue #12 point 8): a work item is created, triaged, assigned and moved into a cycle without the
 * mouse — C, J, Enter and the command palette's actions on the item on screen — and the shortcuts are discoverable.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

arrangeEach({ firstName: "Kim" }, (t) => ({ ctx, page, a } = t));

type Item = { id: string; name: string; state_id: string; assignee_ids: string[]; cycle_id: string | null };
const items = async () => {
  const r = (await (await ctx.request.get(`${P()}/issues/`)).json()) as Item[] | { results: Item[] };
  return Array.isArray(r) ? r : r.results;
};

it("creates, triages, assigns and moves a work item to a cycle with the keyboard alone", async () => {
  expect((await ctx.request.patch(`${P()}/`, { data: { cycle_view: true } })).ok()).toBe(true);
  const cycle = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Sprint K", start_date: day(-1), end_date: day(10) } })
  ).json()) as { id: string };
  await openList(page, a);

  // C creates
  await page.keyboard.press("c");
  const create = page.getByRole("dialog", { name: "Create work item" });
  await create.getByRole("textbox", { name: "Title" }).waitFor();
  await page.keyboard.type("Keyboard only item");
  await page.keyboard.press("Enter");
  await poll(() => create.count()).toBe(0);
  await poll(async () => (await items()).map((i) => i.name)).toEqual(["Keyboard only item"]);
  const [made] = await items();

  // J focuses the row, Enter opens it beside the list
  await page.getByRole("listitem", { name: /Keyboard only item/ }).waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.getByTestId("item-key").waitFor();

  const palette = page.getByRole("dialog", { name: "Command palette" });
  const run = async (command: string, option: string | null) => {
    await page.keyboard.press("Control+k");
    await palette.getByRole("combobox").waitFor();
    await page.keyboard.type(command);
    await palette
      .getByRole("option", { name: new RegExp(command, "i") })
      .first()
      .waitFor();
    await page.keyboard.press("Enter");
    if (option !== null) {
      await palette
        .getByRole("option", { name: new RegExp(option) })
        .first()
        .waitFor();
      await page.keyboard.type(option);
      await poll(() => palette.getByRole("option").count()).toBe(1);
      await page.keyboard.press("Enter");
    }
  };

  // triage: the state from the palette
  const started = a.states.find((s) => s.group === "started")!;
  await run("Change state", started.name);
  await poll(() => palette.count()).toBe(0);
  await poll(async () => (await items()).find((i) => i.id === made.id)?.state_id).toBe(started.id);

  // assign: a multi-choice picker stays open; Escape closes it
  await run("Assign to", null);
  await poll(() => palette.getByRole("option").count()).toBe(1);
  await page.keyboard.press("Enter");
  await poll(async () => (await items()).find((i) => i.id === made.id)?.assignee_ids).toEqual([a.userId]);
  await poll(() => palette.getByRole("option", { checked: true }).count()).toBe(1);
  await page.keyboard.press("Escape");
  await poll(() => palette.count()).toBe(0);

  // move to the cycle
  await run("Move to cycle", "Sprint K");
  await poll(async () => (await items()).find((i) => i.id === made.id)?.cycle_id).toBe(cycle.id);
  await poll(() => palette.count()).toBe(0);

  // "create anything": the palette opens another screen's create modal
  await run("Create cycle", null);
  await page.getByRole("dialog", { name: "Create cycle" }).waitFor();
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/cycles/\\?create=1$`));
  await page.keyboard.press("Escape");
  await poll(() => page.getByRole("dialog", { name: "Create cycle" }).count()).toBe(0);
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/cycles/$`));
});

it("creates a page from the command palette", async () => {
  expect((await ctx.request.patch(`${P()}/`, { data: { page_view: true } })).ok()).toBe(true);
  await openList(page, a);
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").waitFor();
  await page.keyboard.type("create page");
  await palette
    .getByRole("option", { name: /Create page/ })
    .first()
    .waitFor();
  await page.keyboard.press("Enter");
  // the pages screen opens with its create-page modal (public by default)
  const dialog = page.getByRole("dialog", { name: "Create page" });
  await dialog.waitFor();
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/pages/\\?create=1$`));
  expect(await dialog.getByRole("radio", { name: /Public/ }).isChecked()).toBe(true);
  await dialog.getByRole("textbox", { name: "Name" }).fill("Palette notes");
  await page.keyboard.press("Enter");
  type PageRow = { id: string; name: string; access: number };
  const pages = async () => (await (await ctx.request.get(`${P()}/pages/`)).json()) as PageRow[];
  await poll(async () => (await pages()).map((x) => [x.name, x.access])).toEqual([["Palette notes", 0]]);
  // the new page opens
  const [made] = await pages();
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/pages/${made.id}/$`));
  await poll(() => page.getByRole("dialog", { name: "Create page" }).count()).toBe(0);
});

it("shows the shortcuts with ?, offers them in the palette, and G then P goes to the projects", async () => {
  await openList(page, a);
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await help.waitFor();
  for (const label of ["Open the command palette", "Create a work item", "Go to cycles", "Next work item in a list"]) {
    expect(await help.getByText(label, { exact: true }).count()).toBe(1);
  }
  await page.keyboard.press("Escape");
  await poll(() => help.count()).toBe(0);

  // the palette names the keys of what it offers
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").waitFor();
  await page.keyboard.type("projects");
  const option = palette.getByRole("option", { name: /^Projects/ }).first();
  await option.waitFor();
  expect(await option.getByLabel("Shortcut G P").count()).toBe(1);
  await page.keyboard.press("Escape");
  await poll(() => palette.count()).toBe(0);

  // G then P
  await page.keyboard.press("g");
  await page.keyboard.press("p");
  await page.waitForURL(new RegExp(`/${a.slug}/projects/$`));
});

import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, type Arranged } from "./work-items-fixtures.ts";

/** The command palette (Cmd/Ctrl-K) finds a work item by a misspelled word through W/search/ and opens it. */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Sam" });
  await createItems(ctx.request, a, [
    { name: "Payment gateway timeout" },
    { name: "Refresh the onboarding checklist" },
  ]);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

it("finds a work item by a misspelled word from the palette, opens it and changes its state from there", async () => {
  await openList(page, a);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill("onbaording");
  const option = palette.getByRole("option", { name: /Refresh the onboarding checklist/ });
  await option.waitFor();
  await expect.poll(() => palette.getByRole("option").count()).toBe(1);
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/browse/${a.identifier}-2/$`));
  await expect.poll(() => palette.count()).toBe(0);
  await page.getByText("Refresh the onboarding checklist").first().waitFor();

  // and changes its state from the palette
  const done = a.states.find((s) => s.group === "completed")!;
  await page.getByTestId("item-key").waitFor();
  await page.keyboard.press("Control+k");
  await palette.getByRole("combobox").fill("change state");
  await palette.getByRole("option", { name: /Change state/ }).waitFor();
  await page.keyboard.press("Enter");
  await palette.getByRole("combobox").fill(done.name);
  await expect.poll(() => palette.getByRole("option").count()).toBe(1);
  await page.keyboard.press("Enter");
  await expect.poll(() => palette.count()).toBe(0);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  await expect
    .poll(
      async () => {
        const list = (await (await ctx.request.get(`${P}/issues/`)).json()) as
          { name: string; state_id: string }[] | { results: { name: string; state_id: string }[] };
        return (Array.isArray(list) ? list : list.results).find((i) => i.name === "Refresh the onboarding checklist")
          ?.state_id;
      },
      { timeout: 15_000 },
    )
    .toBe(done.id);
});

it("opens a project from the palette with the keyboard alone, and Escape closes it", async () => {
  await openList(page, a);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill(a.identifier);
  // two work items (their keys carry the identifier), then the project
  await expect.poll(() => palette.getByRole("option").count()).toBe(3);
  const project = palette.getByRole("option", { name: new RegExp(`${a.identifier}$`) });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => project.getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Enter");
  await expect.poll(() => palette.count()).toBe(0);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/${a.slug}/projects/${a.projectId}/issues/`);

  await page.keyboard.press("Control+k");
  await palette.getByRole("combobox").waitFor();
  await page.keyboard.press("Escape");
  await expect.poll(() => palette.count()).toBe(0);
});

it("finds a page from the palette by a misspelled word and opens it", async () => {
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect((await ctx.request.patch(`${P}/`, { data: { page_view: true } })).ok()).toBe(true);
  const made = await ctx.request.post(`${P}/pages/`, { data: { name: "Release handbook", access: 0 } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await openList(page, a);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill("handbok");
  await palette.getByRole("option", { name: /Release handbook/ }).waitFor();
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/pages/${id}/$`));
  await expect
    .poll(() => page.getByRole("textbox", { name: "Page name" }).inputValue(), { timeout: 15_000 })
    .toBe("Release handbook");
});

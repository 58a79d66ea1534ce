import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Description version history in the work-item detail: an honest empty state before any edit; then an
 * edit in the browser, the older version previewed read-only and restored, and the restored text shown
 * and saved. Each test seeds its own user, project and items, and opens its own page.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
let items: { id: string; sequence_id: number; name: string }[];
const key = (n: number) => `${a.identifier}-${n}`;
const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Vera" });
  items = await createItems(ctx.request, a, [
    { name: "Plan the launch", description_html: "<p>Original plan: launch on Monday</p>" },
    { name: "Untouched item", description_html: "<p>Nobody edited this</p>" },
  ]);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

const descriptionOf = async (id: string) =>
  ((await (await page.request.get(api(`issues/${id}/`))).json()) as { description_html: string }).description_html;

it("shows an honest empty state in the peek view when the description was never changed", async () => {
  await openList(page, a);
  await page
    .locator(`[data-item="${key(2)}"]`)
    .getByRole("button", { name: "Untouched item", exact: true })
    .click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  await peek.getByRole("group", { name: "Description" }).getByRole("button", { name: "Version history" }).click();
  const dialog = page.getByRole("dialog", { name: "Version history" });
  await dialog.getByText("No versions yet").waitFor();
  expect(await dialog.getByRole("button", { name: "Restore this version" }).count()).toBe(0);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await dialog.waitFor({ state: "hidden" });
});

it("edits the description, previews the older version and restores it", async () => {
  await page.goto(`/${a.slug}/browse/${key(1)}/`);
  const detail = page.locator(`[data-item-detail="${key(1)}"]`);
  const editor = detail.getByRole("textbox", { name: "Description" });
  await editor.waitFor();
  expect(await editor.textContent()).toBe("Original plan: launch on Monday");

  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Rewritten plan: launch on Friday");
  await detail.getByRole("textbox", { name: "Title" }).click(); // blur saves
  await poll(() => descriptionOf(items[0].id)).toBe("<p>Rewritten plan: launch on Friday</p>");

  await detail.getByRole("group", { name: "Description" }).getByRole("button", { name: "Version history" }).click();
  const dialog = page.getByRole("dialog", { name: "Version history" });
  const versions = dialog.getByRole("list", { name: "Versions" }).getByRole("button");
  await poll(() => versions.count()).toBe(2);
  const preview = dialog.getByRole("region", { name: "Version preview" });
  // the newest version is chosen first: it is the current text, so there is nothing to restore
  await preview.getByText("Rewritten plan: launch on Friday").waitFor();
  expect(await dialog.getByRole("button", { name: "Restore this version" }).isDisabled()).toBe(true);
  expect(await versions.first().textContent()).toContain("Vera Tester");

  await versions.nth(1).click();
  await preview.getByText("Original plan: launch on Monday").waitFor();
  expect(await versions.nth(1).getAttribute("aria-pressed")).toBe("true");
  expect(await preview.getByText("Rewritten plan").count()).toBe(0);
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await dialog.waitFor({ state: "hidden" });

  await poll(() => editor.textContent()).toBe("Original plan: launch on Monday");
  await poll(() => descriptionOf(items[0].id)).toBe("<p>Original plan: launch on Monday</p>");
  // the restore was an edit like any other: recorded in the activity
  await poll(async () => {
    const acts = (await (
      await page.request.get(api(`issues/${items[0].id}/history/?activity_type=issue-property`))
    ).json()) as { field: string; new_value: string }[];
    return acts.filter((x) => x.field === "description").map((x) => x.new_value);
  }).toEqual(["<p>Rewritten plan: launch on Friday</p>", "<p>Original plan: launch on Monday</p>"]);

  // after a reload the restored text is what the detail shows
  await page.reload();
  await poll(() =>
    page
      .locator(`[data-item-detail="${key(1)}"]`)
      .getByRole("textbox", { name: "Description" })
      .textContent(),
  ).toBe("Original plan: launch on Monday");
});

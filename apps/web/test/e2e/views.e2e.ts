import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Saved views: a filtered work-item list saved as a project view, locked, favourited, filed in a sidebar folder and
 * opened again from it; a workspace view filtered across projects and saved. Each test seeds its own user, project and items.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
const key = (n: number) => `${a.identifier}-${n}`;
const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Vera" });
  const on = await ctx.request.patch(`${P()}/`, { data: { issue_views_view: true } });
  expect(on.status()).toBe(200);
  await createItems(ctx.request, a, [
    { name: "Login fails", priority: "high" },
    { name: "Dark mode", priority: "low" },
    { name: "Crash on save", priority: "high" },
    { name: "Slow search", priority: "urgent" },
  ]);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

const rows = () =>
  page.locator("[role=list] [data-item]").evaluateAll((els) => els.map((e) => e.getAttribute("data-item")));
async function viewsOnServer(): Promise<
  { id: string; name: string; is_locked: boolean; is_favorite: boolean; filters: Record<string, string[] | null> }[]
> {
  return (await (await page.request.get(`${P()}/views/`)).json()) as never;
}

it("saves a filtered list as a view, locks it, favourites it and opens it from a sidebar folder", async () => {
  await openList(page, a);
  // a new list is in manual order: the items as they were added (issue #27 point 4)
  await poll(rows).toEqual([key(1), key(2), key(3), key(4)]);
  await page.getByRole("button", { name: "Filters" }).click();
  await page
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: "High" })
    .click();
  await poll(rows).toEqual([key(1), key(3)]);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as view" });
  await dialog.getByLabel("Name").fill("Hot items");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await page.waitForURL(/\/views\/[0-9a-f-]{36}\/$/);
  // the view page replaces the list once its loader has answered (slow on a busy machine): wait for it, as a person would
  await page.locator('[data-list-context="view"]').waitFor();
  await poll(rows).toEqual([key(1), key(3)]);
  await poll(async () => (await viewsOnServer()).map((v) => [v.name, v.filters.priority])).toEqual([
    ["Hot items", ["high"]],
  ]);

  // lock it: the filters are kept as saved, and the server refuses changes
  await page.getByRole("button", { name: "Lock" }).click();
  await page.getByRole("button", { name: "Unlock" }).waitFor();
  await poll(async () => (await viewsOnServer())[0]?.is_locked).toBe(true);
  await page.getByText("This view is locked").waitFor();
  expect(await page.getByRole("button", { name: "Filters" }).count()).toBe(0);
  const id = (await viewsOnServer())[0]!.id;
  const refused = await page.request.patch(`${P()}/views/${id}/`, { data: { name: "Changed" } });
  expect([refused.status(), await refused.json()]).toEqual([400, { error: "view is locked" }]);

  // favourite it
  await page.getByRole("button", { name: "Add to favorites" }).click();
  await page.getByRole("button", { name: "Remove from favorites" }).waitFor();
  await poll(async () => (await viewsOnServer())[0]?.is_favorite).toBe(true);

  // the favourite is pinned in the sidebar; file it in a new folder (keyboard drag path)
  const sidebar = page.getByRole("navigation", { name: "Workspace" });
  await sidebar.locator('[data-favorite="Hot items"]').waitFor();
  await sidebar.getByRole("button", { name: "New favorites folder" }).click();
  const folderName = sidebar.getByRole("textbox", { name: "New folder name" });
  await folderName.fill("Triage");
  await folderName.press("Enter");
  const folder = sidebar.locator('[data-favorite-folder="Triage"]');
  await folder.waitFor();
  const live = async () => ((await page.locator("[data-dnd-live]").textContent()) ?? "").trim();
  await sidebar.getByRole("button", { name: "Move favorite Hot items" }).focus();
  await page.keyboard.press("Space");
  await poll(live).toMatch(/^Picked up Hot items/);
  await page.keyboard.press("ArrowDown");
  await poll(live).toBe("Moved to folder Triage, position 1 of 1.");
  await page.keyboard.press("Enter");
  const favorites = async () =>
    (await (await page.request.get(`/api/workspaces/${a.slug}/user-favorites/?all=true`)).json()) as {
      id: string;
      entity_type: string;
      entity_identifier: string | null;
      parent: string | null;
      is_folder: boolean;
    }[];
  await poll(async () => {
    const all = await favorites();
    return all.find((f) => f.entity_type === "view")?.parent === all.find((f) => f.is_folder)?.id;
  }).toBe(true);
  expect((await favorites()).find((f) => f.entity_type === "view")?.entity_identifier).toBe(id);

  // open it again from the sidebar folder, from another screen
  await page.goto(`/${a.slug}/projects/${a.projectId}/views/`);
  await page.getByRole("list", { name: "Views" }).getByRole("link", { name: "Hot items" }).waitFor();
  await folder.getByRole("link", { name: "Hot items" }).click();
  await page.waitForURL(new RegExp(`/views/${id}/$`));
  await poll(rows).toEqual([key(1), key(3)]);
  await page.getByText("This view is locked").waitFor();
  await page.getByRole("button", { name: "Unlock" }).waitFor();
  await page.getByRole("button", { name: "Remove from favorites" }).waitFor();
  // the project's own list is untouched by the view
  await openList(page, a);
  await poll(rows).toEqual([key(1), key(3)]);
});

/** The keys of a workspace view's rows (its spreadsheet, the first layout), in order. */
const globalRows = () =>
  page
    .locator('[data-list-context="global_view"] [role=row][data-item]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-item") ?? ""));
/** Turn on one value of a filter from the list's Filters menu. */
async function pickFilter(field: string, value: string) {
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: field })
    .getByRole("option", { name: value })
    .click();
  await page.keyboard.press("Escape");
}

it("filters a workspace view across projects and saves it as a custom view", async () => {
  await page.goto(`/${a.slug}/workspace-views/all-issues/`);
  const table = globalRows;
  await poll(table).toEqual([key(4), key(3), key(2), key(1)]);
  await pickFilter("Priority", "Urgent");
  await poll(table).toEqual([key(4)]);

  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as view" });
  await dialog.getByLabel("Name").fill("Fires");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await page.waitForURL(/\/workspace-views\/[0-9a-f-]{36}\/$/);
  await page.getByRole("navigation", { name: "Workspace views" }).getByRole("link", { name: "Fires" }).waitFor();
  await poll(table).toEqual([key(4)]);

  await page.getByRole("button", { name: "Lock" }).click();
  await page.getByText("This view is locked").waitFor();
  // a locked view's filters show, but are not offered for change
  await poll(() => page.getByRole("button", { name: /^Filters/ }).count()).toBe(0);
  // the lock shows at once; the server has it once the PATCH lands
  const saved = async () =>
    (await (await page.request.get(`/api/workspaces/${a.slug}/views/`)).json()) as {
      name: string;
      is_locked: boolean;
      filters: Record<string, string[] | null>;
    }[];
  await poll(async () => (await saved()).map((v) => [v.name, v.is_locked, v.filters.priority])).toEqual([
    ["Fires", true, ["urgent"]],
  ]);
});

it("offers the four default workspace views, each listing its own work items across projects", async () => {
  const W = `/api/workspaces/${a.slug}`;
  const listed = (
    (await (await page.request.get(`${P()}/issues/?per_page=10&cursor=10:0:0`)).json()) as {
      results: { id: string; sequence_id: number }[];
    }
  ).results;
  const second = listed.find((i) => i.sequence_id === 2)!;
  expect((await page.request.patch(`${P()}/issues/${second.id}/`, { data: { assignee_ids: [a.userId] } })).ok()).toBe(
    true,
  );
  const onServer = async (view: string) =>
    (
      (await (await page.request.get(`${W}/issues/?global_view_id=${view}&per_page=50&cursor=50:0:0`)).json()) as {
        results: { sequence_id: number }[];
      }
    ).results
      .map((r) => key(r.sequence_id))
      .sort();
  const table = globalRows;
  const sorted = async () => (await table()).sort();

  await page.goto(`/${a.slug}/workspace-views/all-issues/`);
  const nav = page.getByRole("navigation", { name: "Workspace views" });
  await poll(() => nav.getByRole("link").allTextContents()).toEqual([
    "All work items",
    "Assigned",
    "Created",
    "Subscribed",
  ]);
  await poll(table).toEqual([key(4), key(3), key(2), key(1)]);

  await nav.getByRole("link", { name: "Assigned" }).click();
  await page.waitForURL(/\/workspace-views\/assigned\/$/);
  await poll(table).toEqual([key(2)]);
  await nav.getByRole("link", { name: "Created" }).click();
  await page.waitForURL(/\/workspace-views\/created\/$/);
  await poll(sorted).toEqual([key(1), key(2), key(3), key(4)]);
  await nav.getByRole("link", { name: "Subscribed" }).click();
  await page.waitForURL(/\/workspace-views\/subscribed\/$/);
  const subscribed = await onServer("subscribed");
  await poll(sorted).toEqual(subscribed);
  // each default view keeps its own filters: a filter in Assigned leaves All work items as it was
  await nav.getByRole("link", { name: "Assigned" }).click();
  await poll(table).toEqual([key(2)]);
  await pickFilter("Priority", "High");
  await poll(table).toEqual([]);
  await nav.getByRole("link", { name: "All work items" }).click();
  await poll(table).toEqual([key(4), key(3), key(2), key(1)]);
});

it("sorts the project's views, and makes a view private and public again from its page", async () => {
  const mk = async (name: string) => {
    const res = await page.request.post(`${P()}/views/`, { data: { name, filters: { priority: ["high"] } } });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const zeta = await mk("Zeta");
  await mk("Alpha");
  await mk("Mid");
  await page.goto(`/${a.slug}/projects/${a.projectId}/views/`);
  const list = page.getByRole("list", { name: "Views" });
  const names = () => list.getByRole("link").allTextContents();
  await poll(names).toEqual(["Alpha", "Mid", "Zeta"]);
  const sort = page.getByRole("combobox", { name: "Sort views" });
  await sort.selectOption("created_at");
  await poll(names).toEqual(["Zeta", "Alpha", "Mid"]);
  await sort.selectOption("-created_at");
  await poll(names).toEqual(["Mid", "Alpha", "Zeta"]);

  // private, then public again, from the view's page; the list marks a private view
  await list.getByRole("link", { name: "Zeta" }).click();
  await page.waitForURL(new RegExp(`/views/${zeta.id}/$`));
  await page.getByRole("button", { name: "Make private" }).click();
  await page.getByRole("button", { name: "Make public" }).waitFor();
  const access = async () =>
    ((await (await page.request.get(`${P()}/views/${zeta.id}/`)).json()) as { access: number }).access;
  await poll(access).toBe(0);
  await page.locator("h1").getByRole("link", { name: "Views" }).click();
  await list.getByRole("listitem").filter({ hasText: "Zeta" }).getByText("Private", { exact: true }).waitFor();
  await list.getByRole("link", { name: "Zeta" }).click();
  await page.getByRole("button", { name: "Make public" }).click();
  await page.getByRole("button", { name: "Make private" }).waitFor();
  await poll(access).toBe(1);
});

import { afterAll, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Nested labels in every label picker (issue #7 point 11): the create modal, the properties panel, the bulk
 * bar and the filters list a parent, then its sub-labels indented under it; a search keeps the parents of
 * what it finds; arrows and Enter pick. Each test makes its own workspace, labels and items.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

const api = (a: Arranged, path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

/** A project whose labels nest: Area › Frontend › Forms, Area › Backend, and Bug at the top level. */
async function setup(items: Record<string, unknown>[] = [{ name: "Nested labels item" }]) {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Lale" });
  const label = async (name: string, parent: string | null) => {
    const r = await ctx.request.post(api(a, "issue-labels/"), { data: { name, color: "#6366f1", parent } });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { id: string }).id;
  };
  const area = await label("Area", null);
  const ids = {
    area,
    bug: await label("Bug", null),
    frontend: await label("Frontend", area),
    backend: await label("Backend", area),
    forms: "",
  };
  ids.forms = await label("Forms", ids.frontend);
  const made = await createItems(ctx.request, a, items);
  const page = await ctx.newPage();
  return { a, ids, items: made, page };
}

/** The options of a listbox as "name@depth" (depth 0 for top-level labels). */
const tree = (list: Locator) =>
  list
    .getByRole("option")
    .evaluateAll((els) =>
      els.map((e) => `${e.querySelector(".truncate")?.textContent ?? ""}@${e.getAttribute("data-depth") ?? "0"}`),
    );

async function labelsOf(page: Page, a: Arranged, id: string): Promise<string[]> {
  return ((await (await page.request.get(api(a, `issues/${id}/`))).json()) as { label_ids: string[] }).label_ids;
}

it("lists nested labels as a tree in the create modal, searchable and picked by keyboard", async () => {
  const { a, ids, page } = await setup();
  await openList(page, a);
  await page.getByRole("button", { name: "Add work item" }).click();
  const modal = page.getByRole("dialog", { name: "Create work item" });
  await modal.getByRole("textbox", { name: "Title" }).fill("Made with a sub-label");
  await modal.getByRole("button", { name: "Labels" }).click();
  const list = page.getByRole("listbox", { name: "Labels" });
  await list.waitFor();
  expect(await tree(list)).toEqual(["Area@0", "Frontend@1", "Forms@2", "Backend@1", "Bug@0"]);
  // a sub-label is read with where it sits
  await list.getByRole("option", { name: "Forms, in Area / Frontend" }).waitFor();

  // searching keeps the parents of a match, so the child shows under them
  await page.getByRole("combobox", { name: "Search labels" }).fill("form");
  await poll(() => tree(list)).toEqual(["Area@0", "Frontend@1", "Forms@2"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await poll(async () => list.getByRole("option", { name: /^Forms/ }).getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
  await modal.getByRole("button", { name: "Create work item", exact: true }).click();
  await modal.waitFor({ state: "detached" });
  await poll(async () => {
    const r = (await (await page.request.get(api(a, "issues/?per_page=10&cursor=10:0:0"))).json()) as {
      results: { name: string; label_ids: string[] }[];
    };
    return r.results.find((x) => x.name === "Made with a sub-label")?.label_ids;
  }).toEqual([ids.forms]);
});

it("shows the same tree in the properties panel and the bulk bar", async () => {
  const { a, ids, items, page } = await setup([{ name: "First nested" }, { name: "Second nested" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${items[0].sequence_id}/`);
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.getByRole("button", { name: "Labels" }).click();
  const list = page.getByRole("listbox", { name: "Labels" });
  await list.waitFor();
  expect(await tree(list)).toEqual(["Area@0", "Frontend@1", "Forms@2", "Backend@1", "Bug@0"]);
  await page.getByRole("combobox", { name: "Search labels" }).fill("back");
  await poll(() => tree(list)).toEqual(["Area@0", "Backend@1"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await poll(() => labelsOf(page, a, items[0].id)).toEqual([ids.backend]);
  await page.keyboard.press("Escape");

  await setLayout(page.request, a, { layout: "spreadsheet" });
  await openList(page, a);
  for (const it of items)
    await page.getByRole("checkbox", { name: `Select ${a.identifier}-${it.sequence_id}` }).check();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await bar.getByRole("button", { name: "Labels" }).click();
  const bulk = page.getByRole("listbox", { name: "Labels" });
  await bulk.waitFor();
  expect(await tree(bulk)).toEqual(["Area@0", "Frontend@1", "Forms@2", "Backend@1", "Bug@0"]);
  await bulk.getByRole("option", { name: /^Frontend/ }).click();
  await poll(async () => Promise.all(items.map((it) => labelsOf(page, a, it.id)))).toEqual([
    [ids.backend, ids.frontend],
    [ids.frontend],
  ]);
});

it("shows the tree in the filters, where a search keeps the parents of what it finds", async () => {
  const { a, page } = await setup();
  await openList(page, a);
  await page.getByRole("button", { name: "Filters" }).click();
  const dialog = page.getByRole("dialog", { name: "Filters" });
  await dialog.getByRole("button", { name: "Labels" }).click();
  const labels = dialog.getByRole("listbox", { name: "Labels" });
  await labels.waitFor();
  expect(await tree(labels)).toEqual(["Area@0", "Frontend@1", "Forms@2", "Backend@1", "Bug@0", "No labels@0"]);
  await dialog.getByRole("combobox", { name: "Search filters" }).fill("forms");
  await poll(() => tree(labels)).toEqual(["Area@0", "Frontend@1", "Forms@2"]);
});

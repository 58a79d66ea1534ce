import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { arrangeEach, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Cycles and modules in the project's work-item lists (issue #8 point 13): the board grouped by module and by
 * cycle (a card moved to another column changes its module or cycle; quick add in a column starts in that
 * column's cycle or module, none in the "No cycle" column), and the spreadsheet's Cycle and Modules columns (set
 * from a cell, sorted by). Each test seeds its own user, project, cycles, modules and items.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Plan", labels: [] }, (t) => ({ ctx, page, a } = t));

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
/** A UTC calendar day `offset` days from today (the project's zone is UTC). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const key = (seq: number) => `${a.identifier}-${seq}`;
const liveText = async () => ((await page.locator("[data-dnd-live]").textContent()) ?? "").trim();

async function post<T>(path: string, data: Record<string, unknown>): Promise<T> {
  const res = await ctx.request.post(`${P()}/${path}`, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}
interface Item {
  id: string;
  sequence_id: number;
  name: string;
  cycle_id: string | null;
  module_ids: string[];
}
async function items(): Promise<Item[]> {
  const res = await page.request.get(`${P()}/issues/?per_page=100&cursor=100:0:0&order_by=sequence_id`);
  return ((await res.json()) as { results: Item[] }).results;
}
const itemNamed = async (name: string) => (await items()).find((i) => i.name === name);

const column = (groupKey: string) => page.locator(`section[data-column="${groupKey}"]`);
const card = (seq: number) => page.locator(`[data-card][data-item="${key(seq)}"]`);
const columnOrder = () =>
  page.locator("section[data-column]").evaluateAll((els) => els.map((e) => e.getAttribute("data-column")));

/** Keyboard drag of a card to the column `to`: pick it up, arrow across to that column, drop. */
async function moveCard(seq: number, name: string, to: string, toLabel: string): Promise<void> {
  const order = await columnOrder();
  const from = await card(seq).evaluate((el) => el.closest("section[data-column]")!.getAttribute("data-column"));
  const steps = order.indexOf(to) - order.indexOf(from);
  expect(steps).not.toBe(0);
  await page.getByRole("button", { name: `Move ${key(seq)} ${name}` }).focus();
  await page.keyboard.press("Space");
  await poll(liveText).toMatch(new RegExp(`^Picked up ${key(seq)} ${name}`));
  for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? "ArrowRight" : "ArrowLeft");
  await poll(liveText).toMatch(new RegExp(`^Moved to ${toLabel}, position 1 of`));
  await page.keyboard.press("Enter");
  await poll(liveText).toMatch(new RegExp(`^Dropped ${key(seq)} ${name} in ${toLabel}`));
}

it("groups the board by module and by cycle; moving a card changes its module or cycle, quick add starts in its column", async () => {
  const later = await post<{ id: string }>("cycles/", { name: "Later", start_date: day(20), end_date: day(30) });
  const now = await post<{ id: string }>("cycles/", { name: "Now", start_date: day(-2), end_date: day(5) });
  const backend = await post<{ id: string }>("modules/", { name: "Backend" });
  const frontend = await post<{ id: string }>("modules/", { name: "Frontend" });
  await createItems(ctx.request, a, [
    { name: "Api work", module_ids: [backend.id], cycle_id: now.id },
    { name: "Ui work" },
  ]);

  // by module: one column per module (by name), then "No module"
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "module", sub_group_by: null, order_by: "sort_order" });
  await openList(page, a);
  await page.getByTestId("kanban-layout").waitFor();
  await column(backend.id)
    .locator(`[data-item="${key(1)}"]`)
    .waitFor();
  await column("None")
    .locator(`[data-item="${key(2)}"]`)
    .waitFor();
  expect(await columnOrder()).toEqual([backend.id, frontend.id, "None"]);
  await moveCard(2, "Ui work", frontend.id, "Frontend");
  await column(frontend.id)
    .locator(`[data-item="${key(2)}"]`)
    .waitFor();
  await poll(async () => (await itemNamed("Ui work"))?.module_ids).toEqual([frontend.id]);
  // quick add in a module's column: the new item is in that module
  await column(backend.id).getByRole("button", { name: "New work item" }).click();
  let title = column(backend.id).getByRole("textbox", { name: "Work item title" });
  await title.fill("Queue worker");
  await title.press("Enter");
  await column(backend.id)
    .locator(`[data-item="${key(3)}"]`)
    .waitFor();
  await poll(async () => (await itemNamed("Queue worker"))?.module_ids).toEqual([backend.id]);
  await title.press("Escape");

  // by cycle: the project's cycles, then "No cycle"
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "cycle", sub_group_by: null, order_by: "sort_order" });
  await page.reload();
  await page.getByTestId("kanban-layout").waitFor();
  await column(now.id)
    .locator(`[data-item="${key(1)}"]`)
    .waitFor();
  await column("None")
    .locator(`[data-item="${key(2)}"]`)
    .waitFor();
  // current cycles first, then upcoming (the cycle-list order of §4)
  expect(await columnOrder()).toEqual([now.id, later.id, "None"]);
  await moveCard(2, "Ui work", now.id, "Now");
  await column(now.id)
    .locator(`[data-item="${key(2)}"]`)
    .waitFor();
  await poll(async () => (await itemNamed("Ui work"))?.cycle_id).toBe(now.id);
  const progress = async () =>
    ((await (await page.request.get(`${P()}/cycles/${now.id}/progress/`)).json()) as { total_issues: number })
      .total_issues;
  await poll(progress).toBe(2);
  // quick add in a cycle's column joins that cycle; in "No cycle" it joins none (cycle "None" means no cycle)
  await column(later.id).getByRole("button", { name: "New work item" }).click();
  title = column(later.id).getByRole("textbox", { name: "Work item title" });
  await title.fill("Plan the next one");
  await title.press("Enter");
  await column(later.id)
    .locator(`[data-item="${key(4)}"]`)
    .waitFor();
  await title.press("Escape");
  await column("None").getByRole("button", { name: "New work item" }).click();
  title = column("None").getByRole("textbox", { name: "Work item title" });
  await title.fill("Unplanned");
  await title.press("Enter");
  await column("None")
    .locator(`[data-item="${key(5)}"]`)
    .waitFor();
  await poll(async () => (await items()).map((i) => [i.name, i.cycle_id])).toEqual([
    ["Api work", now.id],
    ["Ui work", now.id],
    ["Queue worker", null],
    ["Plan the next one", later.id],
    ["Unplanned", null],
  ]);
});

it("shows Cycle and Modules columns in the spreadsheet, sets them from a cell and sorts by them", async () => {
  const sprint = await post<{ id: string }>("cycles/", { name: "Sprint", start_date: day(-1), end_date: day(6) });
  const ended = await post<{ id: string }>("cycles/", { name: "Old sprint", start_date: day(-30), end_date: day(-20) });
  const core = await post<{ id: string }>("modules/", { name: "Core" });
  const docs = await post<{ id: string }>("modules/", { name: "Docs" });
  await createItems(ctx.request, a, [{ name: "First", module_ids: [docs.id] }, { name: "Second" }]);
  await setLayout(ctx.request, a, { layout: "spreadsheet", group_by: null, order_by: "sort_order" });
  await openList(page, a);
  const table = page.getByRole("table", { name: "Work items" });
  await table.getByRole("columnheader", { name: "Cycle" }).waitFor();
  await table.getByRole("columnheader", { name: "Modules" }).waitFor();
  const row = (seq: number) => table.locator(`[role=row][data-item="${key(seq)}"]`);

  // the cycle cell offers only the cycles that still take items (not the ended one)
  await row(1).locator('[data-col="cycle"]').getByRole("button").click();
  const cycles = page.getByRole("listbox", { name: "Cycle" });
  await cycles.getByRole("option", { name: /^Sprint/ }).waitFor();
  expect(await cycles.getByRole("option", { name: /^Old sprint/ }).count()).toBe(0);
  await cycles.getByRole("option", { name: /^Sprint/ }).click();
  await poll(async () => (await itemNamed("First"))?.cycle_id).toBe(sprint.id);
  await poll(() => row(1).locator('[data-col="cycle"]').textContent()).toContain("Sprint");
  expect(ended.id).not.toBe(sprint.id);

  // the modules cell picks several
  await row(2).locator('[data-col="modules"]').getByRole("button").click();
  await page.getByRole("listbox", { name: "Modules" }).getByRole("option", { name: "Core" }).click();
  await poll(async () => (await itemNamed("Second"))?.module_ids).toEqual([core.id]);
  await page.keyboard.press("Escape");
  await poll(() => row(2).locator('[data-col="modules"]').textContent()).toContain("Core");

  // sorting by a column: by cycle, the item without one comes last; by module name, ascending then descending
  const order = () =>
    table.locator("[role=row][data-item]").evaluateAll((els) => els.map((e) => e.getAttribute("data-item")));
  const cycleHeader = table.getByRole("columnheader", { name: "Cycle" });
  await cycleHeader.getByRole("button").click();
  await poll(() => cycleHeader.getAttribute("aria-sort")).toBe("ascending");
  await poll(order).toEqual([key(1), key(2)]);
  const modulesHeader = table.getByRole("columnheader", { name: "Modules" });
  await modulesHeader.getByRole("button").click();
  await poll(() => modulesHeader.getAttribute("aria-sort")).toBe("ascending");
  await poll(order).toEqual([key(2), key(1)]);
  await modulesHeader.getByRole("button").click();
  await poll(() => modulesHeader.getAttribute("aria-sort")).toBe("descending");
  await poll(order).toEqual([key(1), key(2)]);
});

it("picks a cycle and modules in the create modal, changes them on the detail page and adds modules in bulk", async () => {
  const sprint = await post<{ id: string }>("cycles/", { name: "Sprint", start_date: day(-1), end_date: day(6) });
  const next = await post<{ id: string }>("cycles/", { name: "Next sprint", start_date: day(10), end_date: day(20) });
  const core = await post<{ id: string }>("modules/", { name: "Core" });
  const docs = await post<{ id: string }>("modules/", { name: "Docs" });
  await createItems(ctx.request, a, [{ name: "Existing one" }, { name: "Existing two" }]);
  await openList(page, a);

  // the create modal: a cycle and two modules, saved with the item in one go
  await page.getByRole("button", { name: "Add work item" }).click();
  const create = page.getByRole("dialog", { name: "Create work item" });
  await create.getByRole("textbox", { name: "Title" }).fill("Planned from the modal");
  await create.getByRole("button", { name: /^Cycle/ }).click();
  await page
    .getByRole("listbox", { name: "Cycle" })
    .getByRole("option", { name: /^Sprint/ })
    .click();
  await create.getByRole("button", { name: /^Modules/ }).click();
  const modules = page.getByRole("listbox", { name: "Modules" });
  await modules.getByRole("option", { name: "Core" }).click();
  await modules.getByRole("option", { name: "Docs" }).click();
  await page.keyboard.press("Escape");
  await modules.waitFor({ state: "detached" });
  await create.getByRole("button", { name: "Create work item" }).click();
  await create.waitFor({ state: "detached" });
  await poll(async () => {
    const it = await itemNamed("Planned from the modal");
    return it && [it.cycle_id, [...it.module_ids].sort()];
  }).toEqual([sprint.id, [core.id, docs.id].sort()]);
  const made = (await itemNamed("Planned from the modal"))!;

  // the detail page: move it to the next cycle, take it out of Docs
  await page.goto(`/${a.slug}/browse/${key(made.sequence_id)}/`);
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.getByRole("button", { name: /^Cycle/ }).click();
  await page
    .getByRole("listbox", { name: "Cycle" })
    .getByRole("option", { name: /^Next sprint/ })
    .click();
  await poll(async () => (await itemNamed("Planned from the modal"))?.cycle_id).toBe(next.id);
  await props.getByRole("button", { name: /^(Modules|\d+ modules)\b/ }).click();
  await page.getByRole("listbox", { name: "Modules" }).getByRole("option", { name: "Docs" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => (await itemNamed("Planned from the modal"))?.module_ids).toEqual([core.id]);

  // bulk: both existing items join Docs
  await openList(page, a);
  for (const seq of [1, 2]) await page.getByRole("checkbox", { name: `Select ${key(seq)}` }).check();
  await page
    .getByRole("toolbar", { name: "Bulk actions" })
    .getByRole("button", { name: /^Modules/ })
    .click();
  await page.getByRole("listbox", { name: "Modules" }).getByRole("option", { name: "Docs" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => [
    (await itemNamed("Existing one"))?.module_ids,
    (await itemNamed("Existing two"))?.module_ids,
  ]).toEqual([[docs.id], [docs.id]]);
  const moduleTotal = async (id: string) =>
    ((await (await page.request.get(`${P()}/modules/${id}/`)).json()) as { total_issues: number }).total_issues;
  expect([await moduleTotal(core.id), await moduleTotal(docs.id)]).toEqual([1, 2]);
});

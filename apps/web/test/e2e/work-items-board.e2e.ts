import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  arrangeEach,
  createItems,
  poll,
  openList,
  reviewShot,
  setLayout,
  type Arranged,
} from "./work-items-fixtures.ts";

/**
 * Work items, board flows: quick add, drag a card across kanban columns (the state persists after a
 * reload), reorder within a column with manual order. Each test seeds its own user, project and items.
 * (Every drag surface, by mouse and keyboard, is covered in dnd.e2e.ts.)
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Bianca" }, (t) => ({ ctx, page, a } = t));

const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;
const column = (name: string) => page.locator(`section[data-column="${stateId(name)}"]`);
const cardsIn = (name: string) =>
  column(name)
    .locator("[data-card]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-item")));
const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

async function quickAdd(scope: ReturnType<Page["locator"]> | Page, title: string) {
  await scope.getByRole("button", { name: "New work item" }).first().click();
  const input = page.getByRole("textbox", { name: "Work item title" });
  await input.fill(title);
  await input.press("Enter");
}

it("quick-adds a work item at the bottom of the list", async () => {
  await openList(page, a);
  await page.getByRole("heading", { name: "No work items yet" }).waitFor();
  await quickAdd(page, "First task");
  const row = page.locator(`[data-item="${a.identifier}-1"]`);
  await row.waitFor();
  expect(await row.getAttribute("aria-label")).toBe(`${a.identifier}-1 First task`);
  const res = await page.request.get(api("issues/?per_page=10&cursor=10:0:0"));
  const body = (await res.json()) as { results: { name: string; sequence_id: number; state_id: string }[] };
  expect(body.results.map((r) => [r.sequence_id, r.name])).toEqual([[1, "First task"]]);
  expect(body.results[0].state_id).toBe(stateId("Backlog"));
});

it("quick-adds into a kanban column and drags a card to another column; the state persists after reload", async () => {
  await createItems(ctx.request, a, [{ name: "First task" }]);
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state" });
  await openList(page, a);
  await column("Backlog").locator(`[data-item="${a.identifier}-1"]`).waitFor();
  // one more item in Todo through the column's quick add
  await quickAdd(column("Todo"), "Second task");
  await column("Todo").locator(`[data-item="${a.identifier}-2"]`).waitFor();
  await page.keyboard.press("Escape");

  await column("Backlog").locator(`[data-item="${a.identifier}-1"]`).dragTo(column("In Progress"));
  await column("In Progress").locator(`[data-item="${a.identifier}-1"]`).waitFor();
  expect(await cardsIn("Backlog")).toEqual([]);

  await poll(
    async () =>
      (
        (await (await page.request.get(api(`issues/`) + `?per_page=10&cursor=10:0:0`)).json()) as {
          results: { sequence_id: number; state_id: string }[];
        }
      ).results.find((r) => r.sequence_id === 1)?.state_id,
  ).toBe(stateId("In Progress"));
  await page.reload();
  await column("In Progress").locator(`[data-item="${a.identifier}-1"]`).waitFor();
  expect(await cardsIn("In Progress")).toEqual([`${a.identifier}-1`]);
  expect(await cardsIn("Backlog")).toEqual([]);
});

it("reorders cards within a column with manual order", async () => {
  await createItems(ctx.request, a, [
    { name: "Second task", state_id: stateId("Todo") },
    { name: "Third task", state_id: stateId("Todo") },
  ]);
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state" });
  await openList(page, a);
  await column("Todo").locator("[data-card]").first().waitFor();
  await page.getByRole("button", { name: "Display" }).click();
  await page.getByLabel("Order by").selectOption("sort_order");
  await page.keyboard.press("Escape");
  await poll(() => cardsIn("Todo")).toEqual([`${a.identifier}-1`, `${a.identifier}-2`]);

  const first = column("Todo").locator(`[data-item="${a.identifier}-1"]`);
  await column("Todo")
    .locator(`[data-item="${a.identifier}-2"]`)
    .dragTo(first, { targetPosition: { x: 20, y: 4 } });
  await poll(() => cardsIn("Todo")).toEqual([`${a.identifier}-2`, `${a.identifier}-1`]);

  // the new order is saved: first minus 10000
  await poll(async () => {
    const r = (await (
      await page.request.get(api("issues/?order_by=sort_order&state=" + stateId("Todo") + "&per_page=10&cursor=10:0:0"))
    ).json()) as { results: { sequence_id: number }[] };
    return r.results.map((x) => x.sequence_id);
  }).toEqual([2, 1]);
  await page.reload();
  await column("Todo").locator("[data-card]").first().waitFor();
  expect(await cardsIn("Todo")).toEqual([`${a.identifier}-2`, `${a.identifier}-1`]);
});

/** The keys of the cards a column has in the page (rendered), top to bottom. */
const renderedIn = (name: string) =>
  column(name)
    .locator("[data-card]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-item")!));
/** The board scrolled to its end (again at each poll: the board may still be growing). */
const toEnd = () => page.getByTestId("kanban-layout").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
/** Whether the server has work item `seq` in state `name`. */
const storedIn = async (seq: number, name: string) =>
  (
    (await (await page.request.get(api(`issues/?state=${stateId(name)}&per_page=100&cursor=100:0:0`))).json()) as {
      results: { sequence_id: number }[];
    }
  ).results.some((r) => r.sequence_id === seq);

it("renders only the cards in view of a long column; scrolling shows later ones, which drag by mouse and keyboard", async () => {
  for (let i = 0; i < 120; i += 20) {
    const batch = Array.from({ length: 20 }, (_, j) => ({
      name: `Long column task ${String(i + j + 1).padStart(3, "0")}`,
      state_id: stateId("Todo"),
    }));
    await Promise.all(batch.map((b) => createItems(ctx.request, a, [b])));
  }
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state", order_by: "sort_order" });
  await openList(page, a);
  await column("Todo").locator("[data-card]").first().waitFor();
  // the column's first page holds 30; load the rest (120 in all)
  const more = column("Todo").getByRole("button", { name: /^Load more/ });
  while (await more.count()) {
    await more.click();
    await poll(async () => (await more.count()) === 0 || !(await more.isDisabled())).toBe(true);
  }
  await poll(
    async () => (await page.locator("[data-column-header]").filter({ hasText: "Todo" }).textContent()) ?? "",
  ).toContain("120");
  const first = await renderedIn("Todo");
  // far fewer card elements than the column holds: the cards in view, and a few either side
  expect(first.length).toBeGreaterThan(2);
  expect(first.length).toBeLessThan(30);
  await reviewShot(page, "board-long-column-1280");

  // scrolled to the end, the column shows its last cards (and no longer its first)
  await poll(async () => {
    await toEnd();
    return (await renderedIn("Todo")).includes(first[0]!);
  }).toBe(false);
  const end = await renderedIn("Todo");
  expect(end.length).toBeLessThan(30);
  expect(end.some((k) => first.includes(k))).toBe(false);
  const seqOf = (key: string) => Number(key.split("-").pop());

  // a card from far down the column dragged by mouse into the next column, at the same height
  const lastKey = end[end.length - 1]!;
  const far = column("Todo").locator(`[data-item="${lastKey}"]`);
  await far.scrollIntoViewIfNeeded();
  const from = (await far.boundingBox())!;
  const to = (await page.locator(`[data-column-header="${stateId("In Progress")}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, from.y + 20, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2 + 1, from.y + 20, { steps: 2 });
  await column("In Progress").and(page.locator("[data-drop-target]")).waitFor();
  await page.mouse.up();
  await column("In Progress").locator(`[data-item="${lastKey}"]`).waitFor();
  await poll(() => storedIn(seqOf(lastKey), "In Progress")).toBe(true);

  // …and the one above it by keyboard: the column it moves to scrolls into view, the card keeps its focus
  // (the column's end, read again once the list has been fetched again: the drop may reorder what the page holds)
  await page.waitForFunction(() => !document.querySelector('[aria-label="Updating"]'));
  await page.waitForTimeout(300);
  await poll(async () => {
    await toEnd();
    return (await renderedIn("Todo")).includes(first[0]!);
  }).toBe(false);
  const nextKey = (await renderedIn("Todo")).filter((k) => k !== lastKey).pop()!;
  const handle = column("Todo")
    .locator(`[data-item="${nextKey}"]`)
    .getByRole("button", { name: /^Move / });
  const handleName = (await handle.getAttribute("aria-label"))!;
  await handle.evaluate((el) => (el as HTMLElement).focus());
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await column("In Progress").locator(`[data-item="${nextKey}"]`).waitFor();
  await poll(() => storedIn(seqOf(nextKey), "In Progress")).toBe(true);
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")).toBe(handleName);
  expect((await renderedIn("Todo")).length).toBeLessThan(30);
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, "board-long-column-1440");
});

it("swimlanes render the cards in view of each lane, lower lanes too, and after a lane above collapses", async () => {
  const items = [
    ...Array.from({ length: 10 }, (_, i) => ({ name: `Urgent task ${i + 1}`, priority: "urgent" })),
    ...Array.from({ length: 3 }, (_, i) => ({ name: `Low task ${i + 1}`, priority: "low" })),
  ];
  await Promise.all(items.map((b) => createItems(ctx.request, a, [{ ...b, state_id: stateId("Todo") }])));
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state", sub_group_by: "priority" });
  await openList(page, a);
  const cell = (lane: string) => page.locator(`[data-lane="${lane}"] section[data-column="${stateId("Todo")}"]`);
  const names = (lane: string) =>
    cell(lane)
      .locator("[data-card] [data-open-item]")
      .evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  await cell("urgent").locator("[data-card]").first().waitFor();
  // the urgent lane's ten cards are taller than the view: only those in view (and a few more) are in the page
  await poll(async () => (await names("urgent")).length).toBeLessThan(10);
  const top = await names("urgent");

  // at the bottom: the low lane's cards, none of the urgent lane's first
  await page.getByTestId("kanban-layout").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await poll(async () => (await names("low")).length).toBe(3);
  await poll(async () => (await names("urgent")).includes(top[0]!)).toBe(false);
  await cell("low").locator("[data-card]").first().scrollIntoViewIfNeeded();
  await reviewShot(page, "board-swimlanes-bottom");

  // the urgent lane collapsed: the low lane moves up and still shows its cards
  await page.locator('[data-lane="urgent"] button[aria-expanded="true"]').click();
  await page.getByTestId("kanban-layout").evaluate((el) => el.scrollTo({ top: 0 }));
  await poll(async () => (await names("low")).length).toBe(3);
  expect(await names("urgent")).toEqual([]);
  await cell("low").locator("[data-card]").first().waitFor({ state: "visible" });
  // …and expanded again, its cards are back
  await page.locator('[data-lane="urgent"] button[aria-expanded="false"]').click();
  await poll(async () => (await names("urgent"))[0]).toBeDefined();
});

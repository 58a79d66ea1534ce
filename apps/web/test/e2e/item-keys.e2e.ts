import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { shots } from "./helpers.ts";
import { arrangeEach, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The shortcut sheet does what it says, and single keys act on the work item in hand, as in Linear (issue #27 point
 * 13): G then C goes to cycles from a list (whose own C creates), S / P / A / L open the state, priority, assignee and
 * label pickers of the focused row, of the list's selection (each item keeps its other labels) and of the open item,
 * and never while a field is being typed in.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach(
  {
    firstName: "Lina",
    labels: [
      { name: "Backend", color: "#ff0000" },
      { name: "Frontend", color: "#00aa00" },
    ],
  },
  (t) => ({ ctx, page, a } = t),
);

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
type Item = {
  id: string;
  name: string;
  state_id: string;
  priority: string;
  assignee_ids: string[];
  label_ids: string[];
};
const items = async () => {
  const r = (await (await ctx.request.get(`${P()}/issues/`)).json()) as Item[] | { results: Item[] };
  return Array.isArray(r) ? r : r.results;
};
const byName = async (name: string) => (await items()).find((i) => i.name === name)!;
const palette = () => page.getByRole("dialog", { name: "Command palette" });

/** Choose `option` in the open picker by typing it (one option left) and Enter. */
async function pick(option: string) {
  await palette()
    .getByRole("option", { name: new RegExp(option) })
    .first()
    .waitFor();
  await page.keyboard.type(option);
  await poll(() => palette().getByRole("option").count()).toBe(1);
  // Enter picks the active option: wait until the filtered list has made its one option active
  await palette()
    .getByRole("option", { selected: true, name: new RegExp(option) })
    .waitFor();
  await page.keyboard.press("Enter");
}

it("G then C goes to cycles from the work-items list (its own C creates), G then I back; the shortcut help lists the item keys", async () => {
  expect((await ctx.request.patch(`${P()}/`, { data: { cycle_view: true, module_view: true } })).ok()).toBe(true);
  await createItems(ctx.request, a, [{ name: "Chord target" }]);
  await openList(page, a);
  await page.getByText("Chord target").waitFor();
  await page.keyboard.press("g");
  await page.keyboard.press("c");
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/cycles/$`));
  expect(await page.getByRole("dialog", { name: "Create work item" }).count()).toBe(0);
  await page.keyboard.press("g");
  await page.keyboard.press("m");
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/modules/$`));
  await page.keyboard.press("g");
  await page.keyboard.press("i");
  await page.waitForURL(new RegExp(`/projects/${a.projectId}/issues/$`));
  await page.getByText("Chord target").waitFor();
  // C alone still creates on the list
  await page.keyboard.press("c");
  await page.getByRole("dialog", { name: "Create work item" }).waitFor();
  await page.keyboard.press("Escape");
  await poll(() => page.getByRole("dialog", { name: "Create work item" }).count()).toBe(0);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  const section = help.getByRole("region", { name: "Work item" });
  await section.waitFor();
  for (const [label, key] of [
    ["Change the state", "S"],
    ["Change the priority", "P"],
    ["Assign", "A"],
    ["Change the labels", "L"],
  ]) {
    expect(await section.getByText(label, { exact: true }).count()).toBe(1);
    expect(await section.getByLabel(key, { exact: true }).count()).toBe(1);
  }
  expect(await help.getByLabel("G then C", { exact: true }).count()).toBe(1);
  await shots(page, "shortcut-help");
});

it("S, P, A and L change the focused row; on a selection they change every selected item, each keeping its own labels", async () => {
  const started = a.states.find((s) => s.group === "started")!;
  const [backend, frontend] = a.labels;
  // in the list's manual order (the default), the first created is the first row
  await createItems(ctx.request, a, [
    { name: "First row", label_ids: [backend.id] },
    { name: "Second row", label_ids: [frontend.id] },
  ]);
  await openList(page, a);
  await page.getByText("First row").waitFor();

  // J focuses the first row; S opens its state picker
  await page.keyboard.press("j");
  await page.keyboard.press("s");
  await palette().getByText("· Change state").waitFor();
  await shots(page, "state-picker-from-key");
  await pick(started.name);
  await poll(async () => (await byName("First row")).state_id).toBe(started.id);
  await poll(() => palette().count()).toBe(0);

  // P: priority; A: assignees (stays open, Escape closes); L: labels
  await page.keyboard.press("p");
  await pick("High");
  await poll(async () => (await byName("First row")).priority).toBe("high");
  await page.keyboard.press("a");
  await palette().getByText("· Assign to").waitFor();
  await poll(() => palette().getByRole("option").count()).toBe(1);
  // Enter picks the active option: wait until the list has made it active (on a busy machine it may not be yet)
  await palette().getByRole("option", { selected: true }).waitFor();
  await page.keyboard.press("Enter");
  await poll(async () => (await byName("First row")).assignee_ids).toEqual([a.userId]);
  await page.keyboard.press("Escape");
  await poll(() => palette().count()).toBe(0);

  // X selects the first and the second row; L adds Frontend to both, each keeping its own
  const inHand = () =>
    page.evaluate(() => document.activeElement?.closest("[data-item]")?.getAttribute("data-item") ?? null);
  const checked = () => page.locator("main [data-item] input[type=checkbox]:checked").count();
  await poll(inHand).toBe(`${a.identifier}-1`);
  await page.keyboard.press("x");
  await poll(checked).toBe(1);
  await page.keyboard.press("j");
  await poll(inHand).toBe(`${a.identifier}-2`);
  await page.keyboard.press("x");
  await poll(checked).toBe(2);
  await page.keyboard.press("l");
  await palette().getByText("2 work items · Labels").waitFor();
  await pick("Frontend");
  await page.keyboard.press("Escape");
  await poll(async () => (await byName("First row")).label_ids.sort()).toEqual([backend.id, frontend.id].sort());
  await poll(async () => (await byName("Second row")).label_ids).toEqual([frontend.id]);
  // and S moves both (the palette closed, the two rows still selected)
  await poll(() => palette().count()).toBe(0);
  await poll(checked).toBe(2);
  await page.keyboard.press("s");
  await palette().getByText("2 work items · Change state").waitFor();
  await pick(started.name);
  await poll(async () => (await byName("Second row")).state_id).toBe(started.id);
});

it("on an open item the keys act on it, but not while its title is being typed in", async () => {
  const [item] = await createItems(ctx.request, a, [{ name: "Open me" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${(item as { sequence_id: number }).sequence_id}/`);
  const title = page.getByRole("textbox", { name: "Title" }).first();
  await title.waitFor();
  await title.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" spal");
  expect(await palette().count()).toBe(0);
  await poll(() => title.inputValue()).toBe("Open me spal");
  // out of the field, P is the item's priority
  await page.keyboard.press("Escape");
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("p");
  await pick("Urgent");
  await poll(async () => (await items()).find((i) => i.id === item.id)?.priority).toBe("urgent");
});

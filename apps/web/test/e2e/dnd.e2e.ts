import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { arrangeEach, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Drag and drop (issue #7 point 2), by mouse and by keyboard, on every surface that drags: kanban (state
 * AND place inside the column), list rows, calendar days, timeline bars, states and labels in the project
 * settings. Each test seeds its own user, project and items through the API and checks the result through
 * the API (what the server stored), and the keyboard tests read the live region.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Dara", labels: [] }, (t) => ({ ctx, page, a } = t));

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;
const live = () => page.locator("[data-dnd-live]");
const liveText = async () => ((await live().textContent()) ?? "").trim();

interface Item {
  id: string;
  sequence_id: number;
  name: string;
  state_id: string;
  sort_order: number;
  start_date: string | null;
  target_date: string | null;
}

async function listItems(query = ""): Promise<Item[]> {
  const res = await page.request.get(`${P()}/issues/?per_page=100&cursor=100:0:0&order_by=sort_order${query}`);
  return ((await res.json()) as { results: Item[] }).results;
}
/** Names of a state's items in stored manual order. */
const namesIn = async (state: string) => (await listItems(`&state=${stateId(state)}`)).map((i) => i.name);

/** A real mouse drag (native drag events): press on `from`, move in steps onto `to` at `at`, wait for the drop line or target, release. */
async function mouseDrag(
  from: Locator,
  to: Locator,
  at: { x: number; y: number },
  grab: { x: number; y: number } | null = null,
  shows?: Locator,
): Promise<void> {
  const s = (await from.boundingBox())!;
  const t = (await to.boundingBox())!;
  const sx = s.x + (grab ? grab.x : s.width / 2);
  const sy = s.y + (grab ? grab.y : s.height / 2);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 8, sy + 8, { steps: 4 });
  await page.mouse.move(t.x + at.x, t.y + at.y, { steps: 12 });
  await page.mouse.move(t.x + at.x + 1, t.y + at.y, { steps: 2 });
  if (shows) await shows.waitFor();
  await page.mouse.up();
}

const column = (state: string) => page.locator(`section[data-column="${stateId(state)}"]`);
const card = (seq: number) => page.locator(`[data-card][data-item="${a.identifier}-${seq}"]`);
const cardsIn = (state: string) =>
  column(state)
    .locator("[data-card]")
    .evaluateAll((els) => els.map((e) => e.querySelector("button:not([aria-label])")?.textContent ?? ""));

async function openBoard(items: { name: string; state: string }[]): Promise<Item[]> {
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state", order_by: "sort_order" });
  const made = await createItems(
    ctx.request,
    a,
    items.map((i) => ({ name: i.name, state_id: stateId(i.state) })),
  );
  await openList(page, a);
  await page.getByTestId("kanban-layout").waitFor();
  await card(made[made.length - 1].sequence_id).waitFor();
  return made as unknown as Item[];
}

it("kanban, mouse: a card dropped into the middle of another column takes that state AND that place", async () => {
  const made = await openBoard([
    { name: "Todo one", state: "Todo" },
    { name: "Todo two", state: "Todo" },
    { name: "Doing one", state: "In Progress" },
    { name: "Doing two", state: "In Progress" },
  ]);
  const dragged = card(made[0].sequence_id);
  const below = card(made[3].sequence_id);
  await mouseDrag(dragged, below, { x: 40, y: 4 }, { x: 60, y: 6 }, below.locator("[data-drop-line=top]"));
  await poll(() => cardsIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
  await poll(() => namesIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
  expect(await namesIn("Todo")).toEqual(["Todo two"]);
  await page.reload();
  await card(made[0].sequence_id).waitFor();
  expect(await cardsIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
});

/** Focus an item's "Move …" handle (the keyboard path starts there). */
async function focusHandle(name: RegExp | string): Promise<void> {
  const h = page.getByRole("button", { name: typeof name === "string" ? `Move ${name}` : name });
  await h.focus();
}
/** Press keys one at a time; after each, the live region must read the given sentence. */
async function pressAndHear(steps: [string, string][]): Promise<void> {
  for (const [key, sentence] of steps) {
    await page.keyboard.press(key);
    await poll(liveText).toBe(sentence);
  }
}
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

it("kanban, keyboard: pick up, move across columns and inside one, drop; Escape cancels; every step is announced", async () => {
  const made = await openBoard([
    { name: "Todo one", state: "Todo" },
    { name: "Todo two", state: "Todo" },
    { name: "Doing one", state: "In Progress" },
    { name: "Doing two", state: "In Progress" },
  ]);
  const key = (i: number) => `${a.identifier}-${made[i].sequence_id}`;
  await focusHandle(`${key(0)} Todo one`);
  await pressAndHear([
    ["Space", `Picked up ${key(0)} Todo one. Position 1 of 2 in Todo.`],
    ["ArrowRight", "Moved to In Progress, position 1 of 3."],
    ["ArrowDown", "Moved to In Progress, position 2 of 3."],
  ]);
  await card(made[3].sequence_id).locator("[data-drop-line=top]").waitFor();
  await page.keyboard.press("Enter");
  await poll(liveText).toBe(`Dropped ${key(0)} Todo one in In Progress, position 2 of 3.`);
  await poll(() => cardsIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
  await poll(() => namesIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
  // focus comes back to the moved card's handle, ready for the next move
  await poll(focusedLabel).toBe(`Move ${key(0)} Todo one`);

  // Escape puts it back: nothing is saved
  await focusHandle(`${key(3)} Doing two`);
  await pressAndHear([
    ["Enter", `Picked up ${key(3)} Doing two. Position 3 of 3 in In Progress.`],
    ["ArrowLeft", "Moved to Todo, position 2 of 2."],
    ["Escape", `Cancelled. ${key(3)} Doing two stays in In Progress, position 3 of 3.`],
  ]);
  expect(await cardsIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
  expect(await namesIn("Todo")).toEqual(["Todo two"]);
  expect(await namesIn("In Progress")).toEqual(["Doing one", "Todo one", "Doing two"]);
});

it("kanban: a drop the server refuses is rolled back and said so", async () => {
  const review = (await (
    await page.request.post(`${P()}/states/`, { data: { name: "Review", color: "#f59e0b", group: "started" } })
  ).json()) as { id: string };
  a.states.push({ id: review.id, name: "Review", group: "started" });
  // a board that misses the live events (a dropped connection) still shows a state deleted meanwhile
  await page.routeWebSocket(/\/live\/?$/, () => undefined);
  const made = await openBoard([{ name: "Todo one", state: "Todo" }]);
  await column("Review").waitFor();
  // the state goes away behind the board's back: the server will refuse the move
  expect((await page.request.delete(`${P()}/states/${review.id}/`)).ok()).toBe(true);
  const key = `${a.identifier}-${made[0].sequence_id}`;
  await focusHandle(`${key} Todo one`);
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await poll(liveText).toBe("Moved to Review, position 1 of 1.");
  const refused = page.waitForResponse(
    (r) => r.request().method() === "PATCH" && r.url().includes(`/issues/${made[0].id}/`),
  );
  await page.keyboard.press("Enter");
  expect((await refused).status()).toBe(400);
  await poll(liveText).toBe(`Could not move ${key} Todo one. It is back where it was.`);
  await poll(() => cardsIn("Todo")).toEqual(["Todo one"]);
  expect(await namesIn("Todo")).toEqual(["Todo one"]);
});

const row = (seq: number) => page.locator(`[role=listitem][data-item="${a.identifier}-${seq}"]`);
async function openList2(display: Record<string, unknown>, items: { name: string; state: string }[]): Promise<Item[]> {
  await setLayout(ctx.request, a, { layout: "list", order_by: "sort_order", ...display });
  const made = (await createItems(
    ctx.request,
    a,
    items.map((i) => ({ name: i.name, state_id: stateId(i.state) })),
  )) as unknown as Item[];
  await openList(page, a);
  await page.getByTestId("list-layout").waitFor();
  await row(made[made.length - 1].sequence_id).waitFor();
  return made;
}
const listNames = () =>
  page.locator("[role=listitem][data-item]").evaluateAll((els) =>
    els
      .map((e) => ({
        top: e.getBoundingClientRect().top,
        name: e.querySelector("button:not([aria-label])")?.textContent ?? "",
      }))
      .sort((x, y) => x.top - y.top)
      .map((x) => x.name),
  );

it("list, mouse: a row dragged reorders inside its group and moves into another group at the drop place", async () => {
  const made = await openList2({ group_by: "state" }, [
    { name: "Backlog one", state: "Backlog" },
    { name: "Backlog two", state: "Backlog" },
    { name: "Todo one", state: "Todo" },
  ]);
  // reorder: the second row onto the top edge of the first
  await mouseDrag(
    row(made[1].sequence_id),
    row(made[0].sequence_id),
    { x: 200, y: 3 },
    { x: 90, y: 22 },
    row(made[0].sequence_id).locator("[data-drop-line=top]"),
  );
  await poll(() => namesIn("Backlog")).toEqual(["Backlog two", "Backlog one"]);
  // another group: "Todo one" between the two backlog rows
  await mouseDrag(
    row(made[2].sequence_id),
    row(made[0].sequence_id),
    { x: 200, y: 3 },
    { x: 90, y: 22 },
    row(made[0].sequence_id).locator("[data-drop-line=top]"),
  );
  await poll(() => namesIn("Backlog")).toEqual(["Backlog two", "Todo one", "Backlog one"]);
  expect(await namesIn("Todo")).toEqual([]);
  await poll(listNames).toEqual(["Backlog two", "Todo one", "Backlog one"]);
});

it("list, keyboard: moves a row up inside its group and down into the next group; Escape cancels", async () => {
  const made = await openList2({ group_by: "state" }, [
    { name: "Backlog one", state: "Backlog" },
    { name: "Backlog two", state: "Backlog" },
    { name: "Todo one", state: "Todo" },
  ]);
  const key = (i: number) => `${a.identifier}-${made[i].sequence_id}`;
  await focusHandle(`${key(1)} Backlog two`);
  await pressAndHear([
    ["Space", `Picked up ${key(1)} Backlog two. Position 2 of 2 in Backlog.`],
    ["ArrowUp", "Moved to Backlog, position 1 of 2."],
    ["Space", `Dropped ${key(1)} Backlog two in Backlog, position 1 of 2.`],
  ]);
  await poll(() => namesIn("Backlog")).toEqual(["Backlog two", "Backlog one"]);

  // down past the end of the group lands first in the next one
  await focusHandle(`${key(0)} Backlog one`);
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await poll(liveText).toBe("Moved to Todo, position 1 of 2.");
  await page.keyboard.press("Enter");
  await poll(() => namesIn("Todo")).toEqual(["Backlog one", "Todo one"]);
  expect(await namesIn("Backlog")).toEqual(["Backlog two"]);

  await focusHandle(`${key(2)} Todo one`);
  await page.keyboard.press("Space");
  await pressAndHear([
    ["ArrowUp", "Moved to Todo, position 1 of 2."],
    ["Escape", `Cancelled. ${key(2)} Todo one stays in Todo, position 2 of 2.`],
  ]);
  expect(await namesIn("Todo")).toEqual(["Backlog one", "Todo one"]);
});

/** yyyy-mm-dd of the given day of the current month (the calendar opens on it). */
function dayOfThisMonth(day: number): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

it("calendar: dragging an item to another day changes its due date (and a start date after it); the keyboard moves a day at a time", async () => {
  await setLayout(ctx.request, a, { layout: "calendar" });
  const [it1] = (await createItems(ctx.request, a, [
    { name: "Ship it", start_date: dayOfThisMonth(15), target_date: dayOfThisMonth(15) },
  ])) as unknown as Item[];
  await openList(page, a);
  const chip = page.locator(`[data-date="${dayOfThisMonth(15)}"] [data-item="${a.identifier}-${it1.sequence_id}"]`);
  await chip.waitFor();
  const target = page.locator(`[data-date="${dayOfThisMonth(14)}"]`);
  await mouseDrag(chip, target, { x: 40, y: 60 }, { x: 70, y: 10 });
  await page.locator(`[data-date="${dayOfThisMonth(14)}"] [data-item="${a.identifier}-${it1.sequence_id}"]`).waitFor();
  await poll(async () => (await listItems()).map((i) => [i.start_date, i.target_date])).toEqual([
    [dayOfThisMonth(14), dayOfThisMonth(14)],
  ]);

  await focusHandle(`${a.identifier}-${it1.sequence_id} Ship it`);
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await poll(async () => (await listItems()).map((i) => i.target_date)).toEqual([dayOfThisMonth(16)]);
  expect(await liveText()).toMatch(
    new RegExp(`^Dropped ${a.identifier}-${it1.sequence_id} Ship it on \\w{3}, \\w{3} 16, \\d{4}\\.$`),
  );

  // three weeks down leaves the month: the calendar follows, and the item shows on its new day there
  const next = addDaysIso(dayOfThisMonth(16), 21);
  await poll(focusedLabel).toBe(`Move ${a.identifier}-${it1.sequence_id} Ship it`);
  await page.keyboard.press("Space");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  await page.locator(`[data-date="${next}"]`).waitFor();
  await page.keyboard.press("Enter");
  await poll(async () => (await listItems()).map((i) => i.target_date)).toEqual([next]);
  await page.locator(`[data-date="${next}"] [data-item="${a.identifier}-${it1.sequence_id}"]`).waitFor();
});

function addDaysIso(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

it("timeline: dragging a bar moves both dates; dragging its end changes the due date", async () => {
  await setLayout(ctx.request, a, { layout: "gantt_chart" });
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  const [it1] = (await createItems(ctx.request, a, [
    { name: "Plan", start_date: today, target_date: addDaysIso(today, 4) },
  ])) as unknown as Item[];
  await openList(page, a);
  const bar = page.locator(`[data-bar="${a.identifier}-${it1.sequence_id}"]`);
  await bar.waitFor();
  // month scale: a day is 20 px
  await mouseDrag(bar, bar, { x: 10 + 40, y: 14 }, { x: 10, y: 14 });
  await poll(async () => (await listItems()).map((i) => [i.start_date, i.target_date])).toEqual([
    [addDaysIso(today, 2), addDaysIso(today, 6)],
  ]);
  const end = page.getByRole("button", {
    name: new RegExp(`^Change the due date of ${a.identifier}-${it1.sequence_id} Plan`),
  });
  const box = (await end.boundingBox())!;
  await mouseDrag(end, end, { x: box.width / 2 + 20, y: box.height / 2 });
  await poll(async () => (await listItems()).map((i) => [i.start_date, i.target_date])).toEqual([
    [addDaysIso(today, 2), addDaysIso(today, 7)],
  ]);
});

async function settingsPage(which: "states" | "labels"): Promise<void> {
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/${which}/`);
  await page.getByRole("heading", { name: which === "states" ? "States" : "Labels", exact: true }).waitFor();
}
async function startedStates(): Promise<string[]> {
  const res = await page.request.get(`${P()}/states/`);
  return ((await res.json()) as { name: string; group: string; sequence: number }[])
    .filter((s) => s.group === "started")
    .sort((x, y) => x.sequence - y.sequence)
    .map((s) => s.name);
}
async function addStates(names: string[]): Promise<void> {
  for (const name of names)
    expect(
      (await page.request.post(`${P()}/states/`, { data: { name, color: "#f59e0b", group: "started" } })).ok(),
    ).toBe(true);
}
const stateRow = (name: string) => page.locator(`li[data-state="${name}"]`);

it("states, mouse: a state dragged within its group takes its new place", async () => {
  await addStates(["Review", "QA"]);
  await settingsPage("states");
  await mouseDrag(
    stateRow("QA"),
    stateRow("In Progress"),
    { x: 200, y: 3 },
    { x: 120, y: 10 },
    stateRow("In Progress").locator("[data-drop-line=top]"),
  );
  await poll(startedStates).toEqual(["QA", "In Progress", "Review"]);
  await page.reload();
  await stateRow("QA").waitFor();
  expect(
    await page
      .locator('section[data-group="started"] li[data-state]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-state"))),
  ).toEqual(["QA", "In Progress", "Review"]);
});

it("states, keyboard: pick up, move, drop; Escape cancels; announced", async () => {
  await addStates(["Review", "QA"]);
  await settingsPage("states");
  await focusHandle("state Review");
  await pressAndHear([
    ["Space", "Picked up Review. Position 2 of 3 in Started."],
    ["ArrowUp", "Moved to Started, position 1 of 3."],
    ["ArrowUp", "Cannot move further up."],
    ["Enter", "Dropped Review in Started, position 1 of 3."],
  ]);
  await poll(startedStates).toEqual(["Review", "In Progress", "QA"]);
  await poll(focusedLabel).toBe("Move state Review");

  await focusHandle("state QA");
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Escape");
  await poll(liveText).toBe("Cancelled. QA stays in Started, position 3 of 3.");
  expect(await startedStates()).toEqual(["Review", "In Progress", "QA"]);
});

interface LabelRow {
  id: string;
  name: string;
  parent: string | null;
  sort_order: number;
}
async function labelTree(): Promise<string[]> {
  const res = await page.request.get(`${P()}/issue-labels/`);
  const all = (await res.json()) as LabelRow[];
  const walk = (parent: string | null, depth: number): string[] =>
    all
      .filter((l) => (l.parent ?? null) === parent)
      .sort((x, y) => x.sort_order - y.sort_order)
      .flatMap((l) => [`${"-".repeat(depth)}${l.name}`, ...walk(l.id, depth + 1)]);
  return walk(null, 0);
}
async function addLabels(names: string[]): Promise<void> {
  for (const name of names)
    expect((await page.request.post(`${P()}/issue-labels/`, { data: { name, color: "#3b82f6" } })).ok()).toBe(true);
}
const labelRow = (name: string) => page.locator(`li[data-label="${name}"]`);

it("labels, mouse: dropped above another label it reorders; dropped onto one it nests under it", async () => {
  await addLabels(["Alpha", "Beta", "Gamma"]);
  await settingsPage("labels");
  await mouseDrag(
    labelRow("Gamma"),
    labelRow("Alpha"),
    { x: 200, y: 2 },
    { x: 120, y: 12 },
    labelRow("Alpha").locator("[data-drop-line=top]"),
  );
  await poll(labelTree).toEqual(["Gamma", "Alpha", "Beta"]);
  const alpha = (await labelRow("Alpha").boundingBox())!;
  await mouseDrag(
    labelRow("Beta"),
    labelRow("Alpha"),
    { x: 200, y: alpha.height / 2 },
    { x: 120, y: 12 },
    labelRow("Alpha").locator("[data-drop-line=bottom]"),
  );
  await poll(labelTree).toEqual(["Gamma", "Alpha", "-Beta"]);
  await labelRow("Beta").and(page.locator("[data-depth='1']")).waitFor();
});

it("labels, keyboard: up among siblings, right to nest under the label above, left to take it out; Escape cancels", async () => {
  await addLabels(["Alpha", "Beta", "Gamma"]);
  await settingsPage("labels");
  await focusHandle("label Gamma");
  await pressAndHear([
    ["Space", "Picked up Gamma. Position 3 of 3 at the top level."],
    ["ArrowUp", "Moved to position 2 of 3 at the top level."],
    ["ArrowRight", "Moved to position 1 of 1 under Alpha."],
    ["Enter", "Dropped Gamma at position 1 of 1 under Alpha."],
  ]);
  await poll(labelTree).toEqual(["Alpha", "-Gamma", "Beta"]);

  await focusHandle("label Gamma");
  await page.keyboard.press("Space");
  await pressAndHear([
    ["ArrowLeft", "Moved to position 2 of 3 at the top level."],
    ["Escape", "Cancelled. Gamma stays at position 1 of 1 under Alpha."],
  ]);
  expect(await labelTree()).toEqual(["Alpha", "-Gamma", "Beta"]);
});

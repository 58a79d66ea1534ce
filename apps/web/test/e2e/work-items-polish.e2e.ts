import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { arrangeEach, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * The smaller finishes of the work-item screens (issue #7, point 11): one date and time format, calendar
 * titles and its month/week switch, spreadsheet cells centred, labelled dates in list rows, the bulk bar
 * beside (not over) the list, the sub-item progress bar. Each test seeds its own user, project and items,
 * and waits only for what a person would see.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Paula" }, (t) => ({ ctx, page, a } = t));

const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;
const stateId = (group: string) => a.states.find((s) => s.group === group)!.id;
const key = (seq: number) => `${a.identifier}-${seq}`;
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const DATE = /^[A-Z][a-z]{2} \d{2}, \d{4}$/;
type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/** Whether the first `n` characters of the element's text are painted inside its box (not cut off). */
function firstCharsVisible(l: Locator, n: number): Promise<boolean> {
  return l.evaluate((el, count) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text | null;
    if (!text) return false;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, Math.min(count, text.length));
    const b = el.getBoundingClientRect();
    return [...range.getClientRects()].every(
      (r) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5,
    );
  }, n);
}

/** The vertical middle of the text painted in an element (not of its box). */
function textMiddle(l: Locator): Promise<number> {
  return l.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (t) => (t.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const text = walker.nextNode() as Text;
    const range = document.createRange();
    range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    return r.top + r.height / 2;
  });
}

it("shows dates as MMM dd, yyyy and times in the user's time format, chosen in the profile", async () => {
  const [item] = await createItems(ctx.request, a, [{ name: "Dated item" }]);
  await page.request.patch(api(`issues/${item.id}/`), { data: { priority: "high" } });

  await page.goto(`/${a.slug}/projects/`);
  const created = page
    .locator("main")
    .getByText(/^Created (?!date\b)/)
    .first();
  await created.waitFor();
  expect((await created.innerText()).replace(/^Created /, "")).toMatch(DATE);
  expect(await page.locator("main").innerText()).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);

  // the detail's activity: when each change happened, 24-hour by default
  await page.goto(`/${a.slug}/browse/${key(item.sequence_id)}/`);
  const when = page.getByRole("region", { name: "Activity" }).locator("[data-activity] time").first();
  await when.waitFor();
  expect(await when.getAttribute("title")).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}$/);

  await page.goto("/profile/");
  await page.getByLabel("Time format").selectOption("12-hour");
  await poll(
    async () =>
      ((await (await page.request.get("/api/users/me/profile/")).json()) as { time_format: string }).time_format,
  ).toBe("12-hour");
  await page.goto(`/${a.slug}/browse/${key(item.sequence_id)}/`);
  await poll(() =>
    page.getByRole("region", { name: "Activity" }).locator("[data-activity] time").first().getAttribute("title"),
  ).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
});

it("calendar: long titles show as much as fits, whole on hover; the header switches month and week", async () => {
  const title = "Prepare the quarterly infrastructure migration plan for review";
  const [item] = await createItems(ctx.request, a, [{ name: title, target_date: localToday() }]);
  await setLayout(ctx.request, a, { layout: "calendar" });
  await openList(page, a);
  const card = () => page.locator(`[data-item="${key(item.sequence_id)}"]`);
  const name = () => card().getByText(title, { exact: true });
  await poll(() => firstCharsVisible(name(), 14)).toBe(true);
  expect(await card().locator("button[title]").getAttribute("title")).toBe(`${key(item.sequence_id)} ${title}`);

  const views = page.getByRole("group", { name: "Calendar view" });
  expect(await views.getByRole("button", { name: "Month" }).getAttribute("aria-pressed")).toBe("true");
  await views.getByRole("button", { name: "Week" }).click();
  await poll(() => views.getByRole("button", { name: "Week" }).getAttribute("aria-pressed")).toBe("true");
  await poll(() => page.getByRole("grid", { name: "Calendar" }).getByRole("row").count()).toBe(2); // the weekday heads and one week
  await poll(() => firstCharsVisible(name(), 30)).toBe(true);
  await poll(async () => {
    const props = (await (await page.request.get(api("user-properties/"))).json()) as {
      display_filters: { calendar?: { layout?: string } };
    };
    return props.display_filters.calendar?.layout;
  }).toBe("week");

  await views.getByRole("button", { name: "Month" }).click();
  await poll(() => page.getByRole("grid", { name: "Calendar" }).getByRole("row").count()).toBeGreaterThan(4);
});

it("spreadsheet: the right-hand cells are centred in the row like the title", async () => {
  const [item] = await createItems(ctx.request, a, [{ name: "Centred row", start_date: "2026-03-02" }]);
  await setLayout(ctx.request, a, { layout: "spreadsheet" });
  await openList(page, a);
  const row = page.locator(`[role="row"][data-item="${key(item.sequence_id)}"]`);
  await row.waitFor();
  const title = row.getByRole("button", { name: "Centred row", exact: true });
  for (const col of ["state", "start_date", "created_on", "link", "sub_issue_count"]) {
    const cell = row.locator(`[data-col="${col}"]`);
    await cell.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => Math.abs((await textMiddle(cell)) - (await textMiddle(title))), {
        timeout: 15_000,
        message: col,
      })
      .toBeLessThanOrEqual(2);
  }
});

it("list: each date in a row says which date it is", async () => {
  const [item] = await createItems(ctx.request, a, [
    { name: "Two dates", start_date: "2026-03-02", target_date: "2026-03-09" },
  ]);
  await openList(page, a);
  const row = page.locator(`[data-item="${key(item.sequence_id)}"]`);
  // named by what the chip shows (WCAG 2.5.3), the full date its title
  const start = row.getByRole("button", { name: "Start Mar 02" });
  const due = row.getByRole("button", { name: /^Due Mar 09/ });
  await start.waitFor();
  expect(await start.innerText()).toBe("Start Mar 02");
  expect(await due.innerText()).toBe("Due Mar 09");
  expect(await start.getAttribute("title")).toBe("Start date: Mar 02, 2026");
  expect(await due.getAttribute("title")).toMatch(/^Due date: Mar 09, 2026/);
  // created and updated, when shown, are labelled too
  expect(await row.getByText(/^Created [A-Z][a-z]{2} \d{2}$/).getAttribute("title")).toMatch(
    /^Created on [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}$/,
  );
  await row.getByText(/^Updated [A-Z][a-z]{2} \d{2}$/).waitFor();
});

it("the bulk bar leaves the last row visible, also wrapped in a narrow window", async () => {
  const items = await createItems(
    ctx.request,
    a,
    Array.from({ length: 24 }, (_, i) => ({ name: `Bulk row ${i + 1}` })),
  );
  await openList(page, a);
  const list = page.getByTestId("list-layout");
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  const last = page.locator(`[data-item="${key(items[0].sequence_id)}"]`); // newest first: the first created is last
  const toBottom = () =>
    list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });

  await toBottom();
  await last.waitFor();
  await last.getByRole("checkbox", { name: `Select ${key(items[0].sequence_id)}` }).check();
  await bar.waitFor();

  const check = async (width: number) => {
    await toBottom();
    await poll(async () => {
      const [r, b] = [await box(last), await box(bar)];
      return r.y + r.height <= b.y + 0.5;
    }).toBe(true);
    const b = await box(bar);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    for (const control of await bar.getByRole("button").all()) {
      const c = await box(control);
      expect(
        c.x >= b.x && c.x + c.width <= b.x + b.width + 0.5 && c.y >= b.y && c.y + c.height <= b.y + b.height + 0.5,
      ).toBe(true);
    }
  };
  await check(1280);
  await page.setViewportSize({ width: 480, height: 800 });
  await poll(async () => (await box(bar)).height).toBeGreaterThan(50); // wrapped onto more lines
  await check(480);
});

it("the sub-item progress bar fills with the finished sub-items only", async () => {
  const [parent] = await createItems(ctx.request, a, [{ name: "Parent" }]);
  const subs = await createItems(
    ctx.request,
    a,
    [1, 2, 3].map((i) => ({ name: `Sub ${i}`, parent_id: parent.id, state_id: stateId("backlog") })),
  );
  const progress = page.getByRole("progressbar", { name: "Sub-work items done" });
  const filled = async () => {
    const track = await box(progress);
    const parts = await progress
      .locator("[data-fill]")
      .evaluateAll((els) => els.reduce((n, e) => n + e.getBoundingClientRect().width, 0));
    return Math.round((parts / track.width) * 100);
  };
  const open = async () => {
    await page.goto(`/${a.slug}/browse/${key(parent.sequence_id)}/`);
    await progress.waitFor();
  };

  await open();
  expect(await progress.getAttribute("aria-valuetext")).toBe("0 of 3 done");
  expect(await filled()).toBe(0);

  await page.request.patch(api(`issues/${subs[0].id}/`), { data: { state_id: stateId("completed") } });
  await open();
  await poll(() => progress.getAttribute("aria-valuenow")).toBe("1");
  expect(Math.abs((await filled()) - 33)).toBeLessThanOrEqual(2);

  for (const s of subs.slice(1))
    await page.request.patch(api(`issues/${s.id}/`), { data: { state_id: stateId("cancelled") } });
  await open();
  await poll(() => progress.getAttribute("aria-valuetext")).toBe("3 of 3 done");
  expect(await filled()).toBe(100);
});

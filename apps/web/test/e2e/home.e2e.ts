import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shots } from "./helpers.ts";
import { arrangeEach, createItems, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The workspace home and stickies (issue #9 points 10–11): create, colour and reorder stickies; add a quick link on
 * the home and see it; open a work item and find it in recents; hide and move home widgets. Each test seeds its own
 * user, workspace and project and checks what the server stored.
 */
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Stella", labels: [] }, (t) => ({ page, a } = t));

interface StickyRow {
  id: string;
  description_stripped: string | null;
  background_color: string | null;
  sort_order: number;
}
const W = () => `/api/workspaces/${a.slug}`;
const stickies = async (): Promise<StickyRow[]> =>
  ((await (await page.request.get(`${W()}/stickies/`)).json()) as { results: StickyRow[] }).results;
const texts = async () => (await stickies()).map((s) => s.description_stripped);

async function addSticky(text: string): Promise<void> {
  const before = (await stickies()).length;
  await page.getByRole("button", { name: "Add sticky" }).first().click();
  await poll(async () => (await stickies()).length).toBe(before + 1);
  const id = (await stickies())[0].id;
  // the new sticky is first and active: its editor has the focus
  const editor = page.locator(`[data-sticky="${id}"] [contenteditable="true"]`);
  await editor.waitFor();
  await poll(() => editor.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(
    true,
  );
  await page.keyboard.type(text);
  await poll(async () => (await stickies()).find((s) => s.id === id)?.description_stripped).toBe(text);
}

it("creates stickies, colours one and reorders them with the keyboard", async () => {
  await page.goto(`/${a.slug}/stickies/`);
  await page.getByRole("heading", { name: "Stickies" }).waitFor();
  await addSticky("Water the plants");
  await addSticky("Call the bank");
  expect(await texts()).toEqual(["Call the bank", "Water the plants"]);

  // colour: the menu of the sticky, then a colour
  await page.getByRole("button", { name: "Colour of sticky Water the plants" }).click();
  await page.getByRole("menuitemradio", { name: "Green" }).click();
  await poll(
    async () => (await stickies()).find((s) => s.description_stripped === "Water the plants")?.background_color,
  ).toBe("green");
  await page.locator('[data-sticky][data-color="green"]').waitFor();

  // reorder: pick the first one up, move it one place on (the two sit side by side in the grid), drop
  await page.getByRole("button", { name: "Move sticky Call the bank" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await poll(texts).toEqual(["Water the plants", "Call the bank"]);
  // the screen shows the new order
  await poll(() =>
    page.locator("[data-sticky]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))),
  ).toEqual(["Sticky Water the plants", "Sticky Call the bank"]);
  // and it survives a reload
  await page.reload();
  await poll(() =>
    page.locator("[data-sticky]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))),
  ).toEqual(["Sticky Water the plants", "Sticky Call the bank"]);
});

it("moves stickies in every direction of the grid: arrow keys left, right, up and down, and the pointer up and across", async () => {
  // five stickies, shown newest first in rows of three at this width: S1 S2 S3 / S4 S5
  for (const [i, text] of ["S5", "S4", "S3", "S2", "S1"].entries()) {
    const r = await page.request.post(`${W()}/stickies/`, {
      data: { description_html: `<p>${text}</p>`, sort_order: 10000 * (i + 1) },
    });
    expect(r.status()).toBe(201);
  }
  await page.goto(`/${a.slug}/stickies/`);
  const shown = () =>
    page
      .locator("[data-sticky]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")?.replace("Sticky ", "")));
  await poll(shown).toEqual(["S1", "S2", "S3", "S4", "S5"]);
  const live = () => page.locator("[data-dnd-live]");
  const move = async (name: string, keys: string[], says?: string) => {
    // the screen shows the stored order first (a drop re-renders the grid once the server has it)
    const stored = await texts();
    await poll(shown).toEqual(stored);
    await page.getByRole("button", { name: `Move sticky ${name}` }).focus();
    await page.keyboard.press("Space");
    for (const k of keys) await page.keyboard.press(k);
    if (says) await poll(async () => (await live().textContent()) ?? "").toContain(says);
    await page.keyboard.press("Enter");
  };

  // up: S5 (second row) goes above itself, to the second place of the first row
  await move("S5", ["ArrowUp"], "Moved to Stickies, position 2 of 5.");
  await poll(texts).toEqual(["S1", "S5", "S2", "S3", "S4"]);
  // right then down: S1 to the second place of the second row
  await move("S1", ["ArrowRight", "ArrowDown"], "Moved to Stickies, position 5 of 5.");
  await poll(texts).toEqual(["S5", "S2", "S3", "S4", "S1"]);
  // left: S4 one place back, across the start of its row
  await move("S4", ["ArrowLeft"], "Moved to Stickies, position 3 of 5.");
  await poll(texts).toEqual(["S5", "S2", "S4", "S3", "S1"]);
  // nowhere further: up from the first row
  await page.getByRole("button", { name: "Move sticky S2" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await poll(async () => (await live().textContent()) ?? "").toContain("Cannot move further up.");
  await page.keyboard.press("Escape");

  // the pointer: S1 (second row) dropped on the left half of S2 (first row) lands before it
  const drag = async (from: string, to: string, side: "left" | "right") => {
    const f = (await page.locator(`[aria-label="Sticky ${from}"]`).boundingBox())!;
    const t = (await page.locator(`[aria-label="Sticky ${to}"]`).boundingBox())!;
    await page.mouse.move(f.x + f.width / 2, f.y + 12);
    await page.mouse.down();
    await page.mouse.move(f.x + f.width / 2 + 8, f.y + 20, { steps: 4 });
    const x = side === "left" ? t.x + 12 : t.x + t.width - 12;
    await page.mouse.move(x, t.y + t.height / 2, { steps: 12 });
    await page.mouse.move(x + (side === "left" ? 1 : -1), t.y + t.height / 2, { steps: 2 });
    await page.locator(`[data-drop-line="${side}"]`).waitFor();
    await page.mouse.up();
  };
  await drag("S1", "S2", "left");
  await poll(texts).toEqual(["S5", "S1", "S2", "S4", "S3"]);
  // S5 (first place) dropped on the right half of S4 (the row's last) lands after it
  await drag("S5", "S4", "right");
  await poll(texts).toEqual(["S1", "S2", "S4", "S5", "S3"]);
  await poll(shown).toEqual(["S1", "S2", "S4", "S5", "S3"]);
  await shots(page, "stickies-grid");
});

it("adds a quick link on the home and shows it", async () => {
  await page.goto(`/${a.slug}/`);
  const widget = page.locator('[data-widget="quick_links"]');
  await widget.getByRole("button", { name: "Add quick link" }).click();
  const form = page.getByRole("form", { name: "Add quick link" });
  await form.getByRole("textbox", { name: "URL" }).fill("example.com/handbook");
  await form.getByRole("textbox", { name: "Title" }).fill("Handbook");
  await form.getByRole("button", { name: "Add link" }).click();
  const link = widget.getByRole("link", { name: "Handbook" });
  await link.waitFor();
  expect(await link.getAttribute("href")).toBe("http://example.com/handbook");
  const stored = (await (await page.request.get(`${W()}/quick-links/`)).json()) as { title: string; url: string }[];
  expect(stored.map((l) => [l.title, l.url])).toEqual([["Handbook", "http://example.com/handbook"]]);
  // a bad URL is refused under its field
  await widget.getByRole("button", { name: "Add quick link" }).click();
  await form.getByRole("textbox", { name: "URL" }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add link" }).click();
  await form.getByText("Enter a valid URL.").waitFor();
});

it("shows a work item opened before in the home's recents", async () => {
  const [item] = await createItems(page.request, a, [{ name: "Fix the login page" }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  await page.goto(`/${a.slug}/browse/${key}/`);
  await poll(() =>
    page.locator(`[data-item-detail="${key}"]`).getByRole("textbox", { name: "Title" }).inputValue(),
  ).toBe("Fix the login page");
  await page.getByRole("navigation", { name: "Workspace" }).locator("[data-nav=home]").click();
  const recents = page.getByRole("list", { name: "Recent visits" });
  const entry = recents.getByRole("link", { name: "Fix the login page" });
  await entry.waitFor();
  await entry.click();
  await poll(() => new URL(page.url()).pathname).toBe(`/${a.slug}/browse/${key}/`);
});

it("hides a home widget and moves another with the keyboard", async () => {
  await page.goto(`/${a.slug}/`);
  await page.locator('[data-widget="recents"]').waitFor();
  await page.getByRole("button", { name: "Manage widgets" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage widgets" });
  await dialog.getByRole("switch", { name: "Show Recents" }).click();
  await page.locator('[data-widget="recents"]').waitFor({ state: "detached" });
  const prefs = async () =>
    (await (await page.request.get(`${W()}/home-preferences/`)).json()) as {
      key: string;
      is_enabled: boolean;
      sort_order: number;
    }[];
  await poll(async () => (await prefs()).find((p) => p.key === "recents")?.is_enabled).toBe(false);

  // move "My stickies" to the top
  await dialog.getByRole("button", { name: "Move widget My stickies" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await poll(async () => (await prefs()).map((p) => p.key)).toEqual([
    "my_stickies",
    "quick_links",
    "recents",
    "assigned_issues",
  ]);
  await page.keyboard.press("Escape");
  const homeWidgets = ["quick_links", "recents", "my_stickies", "assigned_issues"];
  await poll(() =>
    page
      .locator("[data-widget]")
      .evaluateAll(
        (els, keys) => els.map((e) => e.getAttribute("data-widget")).filter((k) => keys.includes(k!)),
        homeWidgets,
      ),
  ).toEqual(["my_stickies", "quick_links", "assigned_issues"]);
});

it("edits a quick link's title and URL in place, then removes it", async () => {
  const made = await page.request.post(`${W()}/quick-links/`, {
    data: { url: "https://example.com/docs", title: "Docs" },
  });
  expect(made.status()).toBe(201);
  const links = async () =>
    ((await (await page.request.get(`${W()}/quick-links/`)).json()) as { title: string | null; url: string }[]).map(
      (l) => [l.title, l.url],
    );
  await page.goto(`/${a.slug}/`);
  const widget = page.locator('[data-widget="quick_links"]');
  await widget.getByRole("link", { name: "Docs" }).waitFor();
  await widget.getByRole("button", { name: "Edit quick link Docs" }).click();
  const form = widget.getByRole("form", { name: "Edit quick link" });
  expect(await form.getByRole("textbox", { name: "URL" }).inputValue()).toBe("https://example.com/docs");
  await form.getByRole("textbox", { name: "Title" }).fill("Team docs");
  await form.getByRole("textbox", { name: "URL" }).fill("https://example.com/team-docs");
  await form.getByRole("button", { name: "Save link" }).click();
  const link = widget.getByRole("link", { name: "Team docs" });
  await link.waitFor();
  expect(await link.getAttribute("href")).toBe("https://example.com/team-docs");
  await poll(links).toEqual([["Team docs", "https://example.com/team-docs"]]);
  // a bad URL is refused under its field, and Cancel leaves the link as it was
  await widget.getByRole("button", { name: "Edit quick link Team docs" }).click();
  await form.getByRole("textbox", { name: "URL" }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save link" }).click();
  await form.getByText("Enter a valid URL.").waitFor();
  await form.getByRole("button", { name: "Cancel" }).click();
  await link.waitFor();
  expect(await links()).toEqual([["Team docs", "https://example.com/team-docs"]]);
  // remove
  await widget.getByRole("button", { name: "Remove quick link Team docs" }).click();
  await link.waitFor({ state: "detached" });
  await poll(links).toEqual([]);
});

interface DashWidget {
  id: string;
  key: string;
  is_visible: boolean;
  widget_filters: Record<string, unknown>;
}
const dashboard = async () =>
  (await (await page.request.get(`${W()}/dashboard/?dashboard_type=home`)).json()) as {
    dashboard: { id: string };
    widgets: DashWidget[];
  };
/** The number a distribution widget shows for one bar (its table for screen readers carries the values). */
const bar = (widget: string, name: string) =>
  page
    .locator(`[data-widget="${widget}"] table tr`)
    .filter({ has: page.locator("th", { hasText: new RegExp(`^${name}$`) }) })
    .locator("td")
    .textContent();

it("shows the dashboard's summary widgets with the caller's numbers, a due-date range and a switch", async () => {
  const group = (g: string) => a.states.find((s) => s.group === g)!.id;
  const today = new Date().toISOString().slice(0, 10);
  const made = await createItems(page.request, a, [
    {
      name: "Draft the plan",
      assignee_ids: [a.userId],
      state_id: group("unstarted"),
      priority: "urgent",
      target_date: today,
    },
    { name: "Review the plan", assignee_ids: [a.userId], state_id: group("unstarted"), priority: "high" },
    { name: "Ship the plan", assignee_ids: [a.userId], state_id: group("started"), priority: "high" },
    { name: "Nobody's", state_id: group("backlog") },
  ]);
  await page.goto(`/${a.slug}/`);
  // by state and by priority: the caller's assigned items
  await poll(() => bar("issues_by_state_groups", "Unstarted")).toBe("2");
  expect(await bar("issues_by_state_groups", "Started")).toBe("1");
  expect(await bar("issues_by_state_groups", "Backlog")).toBe("0");
  await poll(() => bar("issues_by_priority", "High")).toBe("2");
  expect(await bar("issues_by_priority", "Urgent")).toBe("1");
  // a due-date range: kept on the widget, and the numbers follow
  await page.getByRole("combobox", { name: "Assigned by state due date range" }).selectOption({ label: "Due today" });
  await poll(
    async () => (await dashboard()).widgets.find((w) => w.key === "issues_by_state_groups")?.widget_filters.duration,
  ).toBe("today");
  await poll(() => bar("issues_by_state_groups", "Unstarted")).toBe("1");
  await poll(() => bar("issues_by_state_groups", "Started")).toBe("0");
  // recent activity: what the caller did, linking to the item
  const activity = page.getByRole("list", { name: "Your recent activity" });
  await activity
    .getByRole("link", { name: new RegExp(`${a.identifier}-${made[2].sequence_id} Ship the plan`) })
    .first()
    .waitFor();
  // recent projects
  await page.getByRole("list", { name: "Recent projects" }).getByRole("link").first().waitFor();
  expect(await page.getByRole("list", { name: "Recent projects" }).getByRole("link").count()).toBe(1);
  // a change elsewhere refreshes the numbers (the realtime channel)
  await page.request.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${made[1].id}/`, {
    data: { target_date: today },
  });
  await poll(() => bar("issues_by_state_groups", "Unstarted")).toBe("2");

  // switch a summary off in Manage widgets
  await page.getByRole("button", { name: "Manage widgets" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage widgets" });
  await dialog.getByRole("switch", { name: "Show Collaborators" }).click();
  await page.locator('[data-widget="recent_collaborators"]').waitFor({ state: "detached" });
  await poll(async () => (await dashboard()).widgets.find((w) => w.key === "recent_collaborators")?.is_visible).toBe(
    false,
  );
  await page.keyboard.press("Escape");
  // it stays off after a reload, the range stays too
  await page.reload();
  await poll(() => bar("issues_by_state_groups", "Unstarted")).toBe("2");
  expect(await page.getByRole("combobox", { name: "Assigned by state due date range" }).inputValue()).toBe("today");
  expect(await page.locator('[data-widget="recent_collaborators"]').count()).toBe(0);

  // a custom range: two dates, kept on the widget
  await page
    .getByRole("combobox", { name: "Assigned by state due date range" })
    .selectOption({ label: "Custom range" });
  await page.getByLabel("Assigned by state from").fill("2020-01-01");
  await page.getByLabel("Assigned by state to").fill("2020-12-31");
  await poll(
    async () =>
      (await dashboard()).widgets.find((w) => w.key === "issues_by_state_groups")?.widget_filters.custom_dates,
  ).toEqual(["2020-01-01;after", "2020-12-31;before"]);
  await page
    .locator('[data-widget="issues_by_state_groups"]')
    .getByText("No work items assigned to you in this range.")
    .waitFor();
  await page.getByLabel("Assigned by state to").fill(today);
  await poll(() => bar("issues_by_state_groups", "Unstarted")).toBe("2");
});

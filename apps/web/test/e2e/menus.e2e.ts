import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Menus, dropdowns and popovers (issue #7 point 3): positioned by floating-ui in a portal, the WAI-ARIA
 * menu / listbox / combobox patterns from the keyboard, focus back on the trigger, no page jump.
 * Each test arranges its own workspace, project and items.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();

async function setup(
  opts: {
    viewport?: { width: number; height: number };
    labels?: { name: string; color: string }[];
    items?: Record<string, unknown>[] | ((a: Arranged) => Record<string, unknown>[]);
  } = {},
) {
  const ctx = await e2e.context(opts.viewport);
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Mina", labels: opts.labels });
  const seed = typeof opts.items === "function" ? opts.items(a) : opts.items;
  const items = await createItems(ctx.request, a, seed ?? [{ name: "Keyboard item", priority: "none" }]);
  const page = await ctx.newPage();
  return { ctx, a, items, page };
}

const api = (a: Arranged, path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;
async function item(page: Page, a: Arranged, id: string) {
  return (await (await page.request.get(api(a, `issues/${id}/`))).json()) as {
    state_id: string;
    priority: string;
    assignee_ids: string[];
    label_ids: string[];
  };
}
/** The focused element's accessible label (aria-label, else its text). */
const activeLabel = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? null,
  );
/** Every element scrolled away from its origin (the page itself included). */
const scrolled = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const se = document.scrollingElement!;
    if (se.scrollTop || se.scrollLeft) out.push(`document ${se.scrollTop}`);
    for (const el of document.querySelectorAll<HTMLElement>("body *"))
      if (el.scrollTop || el.scrollLeft) out.push(`${el.tagName}.${el.className} ${el.scrollTop}`);
    return out;
  });
async function withinViewport(page: Page, loc: Locator): Promise<boolean> {
  const box = await loc.boundingBox();
  const vp = page.viewportSize()!;
  return (
    !!box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= vp.width &&
    box.y + box.height <= vp.height &&
    box.height > 0
  );
}
async function openDetail(page: Page, a: Arranged, seq = 1): Promise<Locator> {
  await page.goto(`/${a.slug}/browse/${a.identifier}-${seq}/`);
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.waitFor();
  return props;
}

it("opens the profile menu without scrolling the page or the app", async () => {
  const { a, page } = await setup({ viewport: { width: 1280, height: 600 } });
  await openList(page, a);
  expect(await scrolled(page)).toEqual([]);
  const trigger = page.getByRole("button", { name: "Profile menu" });
  const before = await trigger.boundingBox();
  await trigger.click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  await poll(() => activeLabel(page)).toBe("Profile");
  expect(await scrolled(page)).toEqual([]);
  expect(await menu.getAttribute("aria-labelledby")).toBe(await trigger.getAttribute("id"));
  expect(await trigger.boundingBox()).toEqual(before);
  // the menu sits above the trigger (no room below it) and fully inside the window
  expect(await withinViewport(page, menu)).toBe(true);
  expect((await menu.boundingBox())!.y + (await menu.boundingBox())!.height).toBeLessThanOrEqual(before!.y + 1);
  // portaled out of the sidebar, so no overflow container clips it
  expect(await menu.evaluate((el) => !!el.closest("aside"))).toBe(false);
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "detached" });
  expect(await activeLabel(page)).toMatch(/^Profile menu/);
  // opened from the keyboard too
  await page.keyboard.press("Enter");
  await menu.waitFor();
  expect(await scrolled(page)).toEqual([]);
  expect(await trigger.boundingBox()).toEqual(before);
});

it("follows the menu pattern: roles, arrows, Home/End, typeahead, Tab and Escape", async () => {
  const { a, page } = await setup();
  await openList(page, a);
  const trigger = page.getByRole("button", { name: "Profile menu" });
  expect(await trigger.getAttribute("aria-haspopup")).toBe("menu");
  expect(await trigger.getAttribute("aria-expanded")).toBe("false");
  await trigger.focus();
  await page.keyboard.press("ArrowUp"); // opens on the last item
  const menu = page.getByRole("menu", { name: "Profile menu" });
  await menu.waitFor();
  expect(await trigger.getAttribute("aria-expanded")).toBe("true");
  expect(await trigger.getAttribute("aria-controls")).toBe(await menu.getAttribute("id"));
  const focused = () =>
    page.evaluate(() => `${document.activeElement?.getAttribute("role")}:${document.activeElement?.textContent}`);
  await poll(focused).toBe("menuitem:Sign out");
  expect(await menu.getByRole("menuitem").evaluateAll((els) => els.map((e) => e.textContent))).toEqual([
    "Profile",
    "Security",
    "Notifications",
    "Secrets",
    "Sign out",
  ]);
  await page.keyboard.press("Home");
  expect(await focused()).toBe("menuitem:Profile");
  await page.keyboard.press("ArrowUp"); // wraps
  expect(await focused()).toBe("menuitem:Sign out");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowDown");
  expect(await focused()).toBe("menuitem:Profile");
  await page.keyboard.type("se");
  expect(await focused()).toBe("menuitem:Security");
  // Tab closes the menu and moves on from the trigger
  await page.keyboard.press("Tab");
  await menu.waitFor({ state: "detached" });
  expect(await trigger.getAttribute("aria-expanded")).toBe("false");
  expect(await page.evaluate(() => !!document.activeElement && document.activeElement !== document.body)).toBe(true);
  // Enter chooses the focused item
  await trigger.focus();
  await page.keyboard.press("ArrowDown");
  await menu.waitFor();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname.startsWith("/profile/security"));
});

it("edits state and priority from the keyboard; the value is saved and focus returns to the trigger", async () => {
  const { a, items, page } = await setup();
  const props = await openDetail(page, a);
  const stateBtn = props.getByRole("button", { name: /^State/ });
  await stateBtn.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox", { name: "State" });
  await list.waitFor();
  expect(await stateBtn.getAttribute("aria-haspopup")).toBe("listbox");
  expect(await stateBtn.getAttribute("aria-expanded")).toBe("true");
  // the current value is the active option; the listbox reports it through aria-activedescendant
  const owner = page.locator("[aria-activedescendant]");
  const activeText = async () => {
    const id = await owner.getAttribute("aria-activedescendant");
    return page.locator(`[id="${id}"]`).textContent();
  };
  const states = await list.getByRole("option").allTextContents();
  expect(states.sort()).toEqual(a.states.map((s) => s.name).sort());
  const stateId = (await item(page, a, items[0].id)).state_id;
  const current = a.states.find((s) => s.id === stateId)!.name;
  expect(await activeText()).toBe(current);
  expect(await list.getByRole("option", { name: current }).getAttribute("aria-selected")).toBe("true");
  const order = await list.getByRole("option").allTextContents();
  const from = order.indexOf(current);
  const target = order[(from + 2) % order.length];
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  expect(await activeText()).toBe(target);
  expect(await list.getByRole("option", { name: target }).getAttribute("aria-selected")).toBe("false");
  await page.keyboard.press("Enter");
  await list.waitFor({ state: "detached" });
  const targetId = a.states.find((s) => s.name === target)!.id;
  await poll(async () => (await item(page, a, items[0].id)).state_id).toBe(targetId);
  await poll(() => activeLabel(page)).toMatch(/^State/);
  expect(await stateBtn.getAttribute("aria-expanded")).toBe("false");

  // priority: End jumps to the last option (None → Low is the last), Home to the first (Urgent)
  const prioBtn = props.getByRole("button", { name: /^Priority/ });
  await prioBtn.focus();
  await page.keyboard.press("ArrowDown");
  await page.getByRole("listbox", { name: "Priority" }).waitFor();
  // a short list has no search box: the listbox takes focus and letters jump (typeahead)
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("listbox");
  await page.keyboard.press("l");
  expect(await activeText()).toBe("Low");
  await page.keyboard.press("Home");
  expect(await activeText()).toBe("Urgent");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await poll(async () => (await item(page, a, items[0].id)).priority).toBe("high");
  await poll(() => activeLabel(page)).toMatch(/^Priority/);
});

it("picks several assignees and labels by typing; multi-select stays open, Escape closes and returns focus", async () => {
  const { a, items, page } = await setup({
    labels: [
      { name: "Bug", color: "#ef4444" },
      { name: "Feature", color: "#3b82f6" },
      { name: "Backend", color: "#22c55e" },
    ],
  });
  const props = await openDetail(page, a);
  const labelsBtn = props.getByRole("button", { name: /^Labels/ });
  await labelsBtn.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox", { name: "Labels" });
  await list.waitFor();
  expect(await list.getAttribute("aria-multiselectable")).toBe("true");
  const box = page.getByRole("combobox", { name: "Search labels" });
  await poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await box.getAttribute("aria-expanded")).toBe("true");
  expect(await box.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
  expect(await box.getAttribute("aria-autocomplete")).toBe("list");
  await page.keyboard.type("ba");
  await poll(() => list.getByRole("option").allTextContents()).toEqual(["Backend"]);
  expect(await page.locator(`[id="${await box.getAttribute("aria-activedescendant")}"]`).textContent()).toBe("Backend");
  await page.keyboard.press("Enter");
  await poll(async () => list.getByRole("option", { name: "Backend" }).getAttribute("aria-selected")).toBe("true");
  expect(await list.isVisible()).toBe(true); // stays open
  await box.fill("");
  await page.keyboard.type("bug");
  await poll(() => list.getByRole("option").allTextContents()).toEqual(["Bug"]);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
  await poll(() => activeLabel(page)).toMatch(/^Labels/);
  const ids = (n: string) => a.labels.find((l) => l.name === n)!.id;
  await poll(async () => (await item(page, a, items[0].id)).label_ids.sort()).toEqual(
    [ids("Backend"), ids("Bug")].sort(),
  );

  // assignees: the only member is the user; Enter toggles, Escape closes, focus is back
  const who = props.getByRole("button", { name: /^Assignees/ });
  await who.focus();
  await page.keyboard.press("Enter");
  const people = page.getByRole("listbox", { name: "Assignees" });
  await people.waitFor();
  await page.keyboard.press("Enter");
  await poll(async () => people.getByRole("option").first().getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Escape");
  await people.waitFor({ state: "detached" });
  await poll(() => activeLabel(page)).toMatch(/^Assignees/);
  await poll(async () => (await item(page, a, items[0].id)).assignee_ids).toEqual([a.userId]);
});

it("closes only the picker on Escape inside the create modal and gives focus back to its trigger", async () => {
  const { a, page } = await setup();
  await openList(page, a);
  await page
    .getByRole("button", { name: /Add work item|New work item/ })
    .first()
    .click();
  const modal = page.getByRole("dialog", { name: /Create work item|New work item/ });
  await modal.waitFor();
  const prio = modal.getByRole("button", { name: /^Priority/ });
  await prio.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox", { name: "Priority" });
  await list.waitFor();
  // portaled into the modal dialog (the top layer), not behind it
  expect(await list.evaluate((el) => !!el.closest("dialog"))).toBe(true);
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
  expect(await modal.isVisible()).toBe(true);
  await poll(() => activeLabel(page)).toMatch(/^Priority/);
});

it("keeps menus and pickers inside a small viewport: they flip and shrink near the edges", async () => {
  const { a, page } = await setup({
    viewport: { width: 820, height: 420 },
    labels: Array.from({ length: 14 }, (_, i) => ({
      name: `Label ${String(i + 1).padStart(2, "0")}`,
      color: "#a1a1aa",
    })),
    // each with a label: a narrow row hides empty properties first, and the labels chip is what this test opens
    items: (a) =>
      Array.from({ length: 12 }, (_, i) => ({ name: `Row ${i + 1}`, priority: "none", label_ids: [a.labels[0]!.id] })),
  });
  await setLayout(page.request, a, { layout: "list" });
  await openList(page, a);
  // the Display popover at the right edge
  await page.getByRole("button", { name: "Display" }).click();
  const display = page.getByRole("dialog", { name: "Display options" });
  await display.waitFor();
  await poll(() => withinViewport(page, display)).toBe(true);
  await page.keyboard.press("Escape");
  await display.waitFor({ state: "detached" });
  expect(await activeLabel(page)).toBe("Display");

  // the last visible row's actions menu and labels picker, near the bottom edge
  const rows = page.locator("[role=list] [data-item]");
  await rows.first().waitFor();
  const vp = page.viewportSize()!;
  const lastVisible = await rows.evaluateAll((els, h) => {
    const seen = els.filter((e) => {
      const r = e.getBoundingClientRect();
      return r.bottom <= h && r.top >= 0;
    });
    return seen[seen.length - 1]?.getAttribute("data-item") ?? null;
  }, vp.height);
  expect(lastVisible).toBeTruthy();
  const row = page.locator(`[data-item="${lastVisible}"]`);
  const rowBox = (await row.boundingBox())!;
  expect(rowBox.y + rowBox.height).toBeGreaterThan(vp.height - 120);
  await row.getByRole("button", { name: `Work item actions ${lastVisible}` }).click();
  const actions = page.getByRole("menu", { name: `${lastVisible} actions` });
  await actions.waitFor();
  await poll(() => withinViewport(page, actions)).toBe(true);
  expect((await actions.boundingBox())!.y).toBeLessThan(rowBox.y); // flipped above
  await page.keyboard.press("Escape");
  await actions.waitFor({ state: "detached" });
  expect(await activeLabel(page)).toBe(`Work item actions ${lastVisible}`);
  // choosing an item (from the keyboard) runs it and leaves focus on the trigger
  await page.keyboard.press("Enter");
  await actions.waitFor();
  await page.keyboard.type("copy");
  expect(await activeLabel(page)).toBe("Copy link");
  await page.keyboard.press("Enter");
  await actions.waitFor({ state: "detached" });
  await page.getByText("Link copied").waitFor();
  expect(await activeLabel(page)).toBe(`Work item actions ${lastVisible}`);

  await row.getByRole("button", { name: /^Labels/ }).click();
  const labels = page.getByRole("listbox", { name: "Labels" });
  await labels.waitFor();
  const popup = page.locator("[data-floating]", { has: labels });
  await poll(() => withinViewport(page, popup)).toBe(true);
  // the list scrolls inside the popup rather than running off the screen
  expect(
    await popup.evaluate((p) =>
      [...p.querySelectorAll("*")].some(
        (e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY === "auto",
      ),
    ),
  ).toBe(true);
  await page.keyboard.press("ArrowUp"); // wraps to the last option, scrolled into the list's view
  const last = labels.getByRole("option", { name: "Label 14" });
  expect(await page.getByRole("combobox", { name: "Search labels" }).getAttribute("aria-activedescendant")).toBe(
    await last.getAttribute("id"),
  );
  await poll(async () => withinViewport(page, last)).toBe(true);
  await page.keyboard.press("Escape");
  await labels.waitFor({ state: "detached" });
  expect(await activeLabel(page)).toMatch(/^Labels/);

  // the filters popover: its search box drives one listbox per field; Enter toggles and keeps it open
  const filtersBtn = page.getByRole("button", { name: "Filters" });
  await filtersBtn.click();
  const filters = page.getByRole("dialog", { name: "Filters" });
  await filters.waitFor();
  await poll(() => activeLabel(page)).toBe("Search filters");
  await page.keyboard.type("urg");
  await poll(() => filters.getByRole("option").allTextContents()).toEqual(["Urgent"]);
  await page.keyboard.press("Enter");
  await poll(async () =>
    filters
      .getByRole("listbox", { name: "Priority" })
      .getByRole("option", { name: "Urgent" })
      .getAttribute("aria-selected"),
  ).toBe("true");
  await poll(
    async () =>
      (
        (await (await page.request.get(api(a, "user-properties/"))).json()) as {
          filters: { priority: string[] | null };
        }
      ).filters.priority,
  ).toEqual(["urgent"]);
  await page.keyboard.press("Escape");
  await filters.waitFor({ state: "detached" });
  expect(await activeLabel(page)).toMatch(/^Filters/);
});

it("gives focus back to the picker when choosing moves its row to another group", async () => {
  const { a, items, page } = await setup({ items: [{ name: "Moves between groups", priority: "none" }] });
  await setLayout(page.request, a, { layout: "list", group_by: "state" });
  await openList(page, a);
  const key = `${a.identifier}-1`;
  const stateBtn = page.locator(`[data-item="${key}"]`).getByRole("button", { name: /^State/ });
  await stateBtn.evaluate((el) => el.setAttribute("data-old-trigger", ""));
  await stateBtn.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox", { name: "State" });
  await list.waitFor();
  const order = await list.getByRole("option").allTextContents();
  const from = order.indexOf((await stateBtn.getAttribute("aria-label"))!.replace(/^State: /, ""));
  const target = order[(from + 1) % order.length];
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const targetId = a.states.find((s) => s.name === target)!.id;
  await poll(async () => (await item(page, a, items[0].id)).state_id).toBe(targetId);
  // the row is rendered anew under its new group; focus follows to the new picker
  await poll(() =>
    page.evaluate(() => {
      const el = document.activeElement;
      return `${el?.closest("[data-item]")?.getAttribute("data-item")}|${el?.getAttribute("aria-label")}|${el?.hasAttribute("data-old-trigger")}`;
    }),
  ).toBe(`${key}|State: ${target}|false`);
});

import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { apiCreateProject, shots } from "./helpers.ts";
import { arrangeEach, createItems, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The page tree (issue #27 point 9): sub-pages are created and shown in the tree beside the pages and on the page
 * itself; the tree opens and closes with the keyboard; pages are nested and reordered by keyboard drag, pointer drag
 * and the menu. A work-item embed keeps its key and state after its page moves to another project. Each test seeds
 * its own user, workspace and projects.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
const P = (pid = a.projectId) => `/api/workspaces/${a.slug}/projects/${pid}`;

arrangeEach({ firstName: "Tess" }, (t) => ({ ctx, page, a } = t));

interface ServerPage {
  id: string;
  name: string;
  parent: string | null;
  sort_order: number;
}
async function mkPage(body: Record<string, unknown>, pid = a.projectId): Promise<ServerPage> {
  const r = await page.request.post(`${P(pid)}/pages/`, { data: body });
  expect(r.status()).toBe(201);
  return (await r.json()) as ServerPage;
}
const onServer = async () => {
  const list = (await (await page.request.get(`${P()}/pages-tree/`)).json()) as ServerPage[];
  const byName = new Map(list.map((p) => [p.name, p]));
  const nameOf = (id: string | null) => (id ? (list.find((p) => p.id === id)?.name ?? "?") : null);
  return { list, parentOf: (name: string) => nameOf(byName.get(name)?.parent ?? null), byName };
};
/** Names of the pages under `parent` (null: the top level), in their order. */
const childrenOnServer = async (parent: string | null) => {
  const { list, byName } = await onServer();
  const pid = parent ? byName.get(parent)?.id : null;
  return list
    .filter((p) => p.parent === (pid ?? null))
    .sort((x, y) => x.sort_order - y.sort_order)
    .map((p) => p.name);
};

const tree = () => page.getByRole("tree", { name: "Pages" });
const item = (name: string) => tree().getByRole("treeitem", { name, exact: true });
const live = () => page.locator("[data-dnd-live]");
/** The names of the tree's rows as shown, with their level ("Tools@2"). */
const shown = () =>
  tree()
    .locator("[role=treeitem]")
    .evaluateAll((els) => els.map((e) => `${e.getAttribute("aria-label")}@${e.getAttribute("aria-level")}`));
const row = (name: string): Locator => item(name).locator(":scope > div").first();

it("shows pages and sub-pages as a tree; opens and closes it with the keyboard; creates a sub-page from the tree; moves pages by keyboard, pointer and menu", async () => {
  const handbook = await mkPage({ name: "Handbook" });
  await mkPage({ name: "Onboarding" });
  await mkPage({ name: "Tools", parent: handbook.id });

  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/`);
  await item("Handbook").waitFor();
  expect(await shown()).toEqual(["Handbook@1", "Onboarding@1"]);
  expect(await item("Handbook").getAttribute("aria-expanded")).toBe("false");
  // the list says how many sub-pages a page has
  await page.getByRole("list", { name: "Pages", exact: true }).getByText("1 sub-page").waitFor();

  // keyboard: one tab stop; right opens, down moves, left goes to the parent, then closes it
  await item("Handbook").focus();
  await page.keyboard.press("ArrowRight");
  await poll(shown).toEqual(["Handbook@1", "Tools@2", "Onboarding@1"]);
  expect(await item("Handbook").getAttribute("aria-expanded")).toBe("true");
  await page.keyboard.press("ArrowDown");
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Tools");
  expect(await item("Tools").getAttribute("tabindex")).toBe("0");
  expect(await item("Handbook").getAttribute("tabindex")).toBe("-1");
  await page.keyboard.press("ArrowLeft");
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Handbook");
  await page.keyboard.press("ArrowLeft");
  await poll(shown).toEqual(["Handbook@1", "Onboarding@1"]);
  await page.keyboard.press("ArrowRight");
  await poll(shown).toEqual(["Handbook@1", "Tools@2", "Onboarding@1"]);
  await shots(page, "pages-list-tree");

  // a sub-page from the tree's menu (Shift+F10 on the focused page)
  await item("Onboarding").focus();
  await page.keyboard.press("Shift+F10");
  await page
    .getByRole("menu", { name: "Actions for Onboarding" })
    .getByRole("menuitem", { name: "Add sub-page" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Create page" });
  await dialog.getByText("A sub-page of Onboarding").waitFor();
  await dialog.getByLabel("Name").fill("Checklist");
  await dialog.getByRole("button", { name: "Create page" }).click();
  await page.waitForURL(/\/pages\/[0-9a-f-]{36}\/$/);
  await poll(async () => (await onServer()).parentOf("Checklist")).toBe("Onboarding");
  // the new page is open in the tree, under its parent, and its breadcrumbs name the parent
  await poll(shown).toEqual(["Handbook@1", "Tools@2", "Onboarding@1", "Checklist@2"]);
  expect(await item("Checklist").getAttribute("aria-selected")).toBe("true");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  expect((await crumbs.innerText()).replace(/\s+/g, " ")).toBe("Pages Onboarding Checklist");
  await crumbs.getByRole("link", { name: "Onboarding" }).click();
  await page.getByRole("list", { name: "Sub-pages" }).getByRole("link", { name: "Checklist" }).waitFor();

  // keyboard drag: Space picks Tools up, left takes it out of Handbook, Space drops it
  await item("Tools").focus();
  await page.keyboard.press(" ");
  await poll(async () => (await live().textContent()) ?? "").toContain(
    "Picked up Tools. Position 1 of 1 under Handbook.",
  );
  await page.keyboard.press("ArrowLeft");
  await poll(async () => (await live().textContent()) ?? "").toContain("Moved to position 2 of 3 at the top level.");
  await page.keyboard.press(" ");
  await poll(() => childrenOnServer(null)).toEqual(["Handbook", "Tools", "Onboarding"]);
  await poll(shown).toEqual(["Handbook@1", "Tools@1", "Onboarding@1", "Checklist@2"]);
  // right nests under the page above (Handbook); Escape puts it back
  await item("Tools").focus();
  await page.keyboard.press(" ");
  await page.keyboard.press("ArrowRight");
  await poll(async () => (await live().textContent()) ?? "").toContain("Moved to position 1 of 1 under Handbook.");
  await page.keyboard.press("Escape");
  await poll(async () => (await live().textContent()) ?? "").toContain(
    "Cancelled. Tools stays at position 2 of 3 at the top level.",
  );
  expect(await childrenOnServer(null)).toEqual(["Handbook", "Tools", "Onboarding"]);

  // pointer drag: Tools dropped onto the middle of Onboarding goes inside it, after Checklist
  const from = (await row("Tools").boundingBox())!;
  const to = (await row("Onboarding").boundingBox())!;
  await page.mouse.move(from.x + 60, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 68, from.y + from.height / 2 + 6, { steps: 4 });
  await page.mouse.move(to.x + 60, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(to.x + 61, to.y + to.height / 2, { steps: 2 });
  await page.mouse.up();
  await poll(() => childrenOnServer("Onboarding")).toEqual(["Checklist", "Tools"]);
  await poll(shown).toEqual(["Handbook@1", "Onboarding@1", "Checklist@2", "Tools@2"]);

  // the menu: Handbook nested under Checklist ("Nest under…"), then Tools up, then Tools to the top level
  await row("Handbook").hover();
  await tree().getByRole("button", { name: "Actions for Handbook" }).click();
  await page.getByRole("menuitem", { name: "Nest under…" }).click();
  const nest = page.getByRole("dialog", { name: 'Nest "Handbook"' });
  await nest.getByLabel("Put it under").selectOption({ label: "\u00a0\u00a0Checklist" });
  await nest.getByRole("button", { name: "Move" }).click();
  await poll(async () => (await onServer()).parentOf("Handbook")).toBe("Checklist");
  await row("Tools").hover();
  await tree().getByRole("button", { name: "Actions for Tools" }).click();
  await page.getByRole("menuitem", { name: "Move up" }).click();
  await poll(() => childrenOnServer("Onboarding")).toEqual(["Tools", "Checklist"]);
  await row("Tools").hover();
  await tree().getByRole("button", { name: "Actions for Tools" }).click();
  await page.getByRole("menuitem", { name: "Move to top level" }).click();
  await poll(() => childrenOnServer(null)).toEqual(["Onboarding", "Tools"]);

  await page.reload();
  await item("Checklist").waitFor();
  await item("Checklist").focus();
  await page.keyboard.press("ArrowRight");
  await poll(shown).toEqual(["Onboarding@1", "Checklist@2", "Handbook@3", "Tools@1"]);
  await shots(page, "pages-tree");
});

it("a work-item embed shows the item's key and state after its page moves to another project", async () => {
  const [made] = await createItems(ctx.request, a, [
    { name: "Fix the login", state_id: a.states.find((s) => s.name === "In Progress")!.id },
  ]);
  const other = await apiCreateProject(ctx, a.slug, "Archive project", `Q${Math.floor(Math.random() * 9000 + 1000)}`);
  const embed = `<issue-embed-component entity_identifier="${made.id}" project_identifier="${a.projectId}" workspace_identifier="${a.slug}" entity_name="issue"></issue-embed-component>`;
  const report = await mkPage({ name: "Status report", description_html: `<p>This week</p>${embed}` });

  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/${report.id}/`);
  const card = page.locator(".work-item-embed");
  await poll(() => card.locator(".work-item-embed-key").textContent()).toBe(`${a.identifier}-${made.sequence_id}`);

  await page.getByRole("button", { name: "Page actions" }).click();
  await page.getByRole("menuitem", { name: "Move to another project" }).click();
  const dialog = page.getByRole("dialog", { name: "Move page" });
  await dialog.getByLabel("Project").selectOption(other.id);
  await dialog.getByRole("button", { name: "Move" }).click();
  await page.waitForURL(new RegExp(`/projects/${other.id}/pages/${report.id}/$`));

  await poll(() => card.locator(".work-item-embed-key").textContent()).toBe(`${a.identifier}-${made.sequence_id}`);
  await poll(() => card.locator(".work-item-embed-state").textContent()).toBe("In Progress");
  expect(await card.textContent()).toContain("Fix the login");
  expect(await card.getByRole("link").getAttribute("href")).toBe(
    `/${a.slug}/browse/${a.identifier}-${made.sequence_id}/`,
  );
  // after a reload too (nothing cached)
  await page.reload();
  await poll(() => card.locator(".work-item-embed-key").textContent()).toBe(`${a.identifier}-${made.sequence_id}`);
  await poll(() => card.locator(".work-item-embed-state").textContent()).toBe("In Progress");
  await shots(page, "pages-embed-moved");
});

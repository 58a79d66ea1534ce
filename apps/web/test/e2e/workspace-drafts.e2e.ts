import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { apiCreateProject, apiCreateWorkspace, apiSignUp, e2eSuite, okJson, shots, unique } from "./helpers.ts";
import { poll } from "./work-items-fixtures.ts";

/**
 * The workspace drafts list on the work-item list engine (issue #27 point 3): a person filters their drafts, groups
 * them, changes a draft's priority in place, opens one in the draft editor, moves one to its project (it leaves the
 * list and the count drops) and deletes another. With E2E_SHOTS set to a folder, the screens are saved there at 1280
 * and 1440 px wide (for review by eye).
 */
const e2e = e2eSuite({ instance: true });
const ok = okJson;

interface Draft {
  id: string;
  name: string;
  priority: string;
  project_id: string | null;
}

const rows = (page: Page) =>
  page
    .locator('[data-list-context="workspace_drafts"] [data-item]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
const row = (page: Page, name: string) =>
  page.locator('[data-list-context="workspace_drafts"] [data-item]').filter({ hasText: name });

async function serverDrafts(ctx: BrowserContext, slug: string): Promise<Draft[]> {
  return (await ok<{ results: Draft[] }>(await ctx.request.get(`/api/workspaces/${slug}/draft-issues/`), "drafts"))
    .results;
}

it("a person filters, groups, edits, opens, moves and deletes their drafts on the list screen", async () => {
  const alice = await e2e.context({ width: 1280, height: 860 });
  await apiSignUp(alice, `${unique("alice")}@stride.test`, "Alice");
  const slug = unique("drafts-");
  await apiCreateWorkspace(alice, "Drafts Inc", slug);
  const ri = unique("R").slice(0, 5).toUpperCase();
  const rocket = (await apiCreateProject(alice, slug, "Rocket", ri)).id;
  const vault = (await apiCreateProject(alice, slug, "Vault", unique("V").slice(0, 5).toUpperCase())).id;
  const draft = async (data: Record<string, unknown>) =>
    ok<Draft>(await alice.request.post(`/api/workspaces/${slug}/draft-issues/`, { data }), "draft");
  await draft({ name: "Alpha plan", project_id: rocket, priority: "high", target_date: "2031-05-01" });
  await draft({ name: "Bravo idea", priority: "low" });
  await draft({ name: "Charlie fix", project_id: vault, priority: "high" });

  const page = await alice.newPage();
  await page.goto(`/${slug}/drafts/`);
  await page.locator('[data-list-context="workspace_drafts"][data-layout="list"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(3);
  await page.getByLabel("3 drafts").waitFor();
  // the layouts the drafts offer; no quick add (work-tracking.md §5), creation from the header
  const layouts = await page
    .getByRole("group", { name: "Layout" })
    .getByRole("button")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-layout")));
  expect(layouts).toEqual(["list", "kanban", "spreadsheet"]);
  expect(await page.getByRole("button", { name: "New draft" }).count()).toBe(1);
  expect(await page.getByPlaceholder(/New work item/).count()).toBe(0);
  await shots(page, "drafts-list");

  // filter: high priority only; the drafts' filter set has no mentions or subscribers
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByRole("dialog", { name: "Filters" });
  expect(await filters.getByRole("listbox", { name: "Mentions" }).count()).toBe(0);
  await filters.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "High" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => (await rows(page)).length).toBe(2);
  expect((await rows(page)).join(" ")).not.toContain("Bravo idea");
  await shots(page, "drafts-filtered");
  await page.getByRole("button", { name: "Filters" }).click();
  await filters.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "High" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => (await rows(page)).length).toBe(3);

  // group by project: the drafts' groupings (no "Created by": every draft is the caller's)
  await page.getByRole("button", { name: "Display" }).click();
  const groupBy = page.getByLabel("Group by");
  const groupings = await groupBy.locator("option").allTextContents();
  expect(groupings).toContain("Project");
  expect(groupings).not.toContain("Created by");
  await groupBy.selectOption({ label: "Project" });
  await page.keyboard.press("Escape");
  await poll(() => page.locator('[data-list-context="workspace_drafts"]').textContent()).toContain("Vault");
  await poll(async () => (await rows(page)).length).toBe(3);
  await shots(page, "drafts-grouped");
  // the board: a column per project (the grouping is kept), "No project" for a draft aimed at none yet
  await page.getByRole("button", { name: "Board layout" }).click();
  await page.locator('[data-list-context="workspace_drafts"][data-layout="kanban"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(3);
  await poll(() => page.locator('[data-list-context="workspace_drafts"]').textContent()).toContain("No project");
  await shots(page, "drafts-board");

  // the spreadsheet: change a draft's priority in place; the server has it
  await page.getByRole("button", { name: "Spreadsheet layout" }).click();
  await page.locator('[data-list-context="workspace_drafts"][data-layout="spreadsheet"]').waitFor();
  const bravo = row(page, "Bravo idea");
  await bravo.locator('[data-col="priority"]').getByRole("button").click();
  await page.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "Urgent" }).click();
  await poll(async () => (await serverDrafts(alice, slug)).find((d) => d.name === "Bravo idea")?.priority).toBe(
    "urgent",
  );
  await shots(page, "drafts-spreadsheet");

  // open a draft: the draft editor, closed again by Escape
  await row(page, "Alpha plan").locator("[data-open-item]").click();
  const editor = page.getByRole("dialog", { name: "Edit draft" });
  await editor.waitFor();
  await shots(page, "drafts-open");
  await page.keyboard.press("Escape");
  await poll(() => new URL(page.url()).searchParams.get("peekId")).toBeNull();

  // move a draft to its project: it leaves the list, the count drops, the project has the work item
  await page.getByRole("button", { name: "List layout" }).click();
  await page.locator('[data-list-context="workspace_drafts"][data-layout="list"]').waitFor();
  await page.getByRole("button", { name: "Draft actions Alpha plan" }).click();
  await page.getByRole("menuitem", { name: "Move to project" }).click();
  await poll(async () => (await rows(page)).join(" ")).not.toContain("Alpha plan");
  await page.getByLabel("2 drafts").waitFor();
  const items = await ok<{ results: { name: string }[] }>(
    await alice.request.get(`/api/workspaces/${slug}/projects/${rocket}/issues/`),
    "items",
  );
  expect(items.results.map((i) => i.name)).toContain("Alpha plan");

  // delete a draft
  await page.getByRole("button", { name: "Draft actions Charlie fix" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete draft" }).getByRole("button", { name: "Delete" }).click();
  await poll(async () => (await rows(page)).length).toBe(1);
  await page.getByLabel("1 drafts").waitFor();
  expect((await serverDrafts(alice, slug)).map((d) => d.name)).toEqual(["Bravo idea"]);
  await shots(page, "drafts-after");
  await alice.close();
});

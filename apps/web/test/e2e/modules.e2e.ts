import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { arrangeEach, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Modules: create a module with a link, add work items to it (quick add in the module, the module picker of a
 * project list row), and see them on the module's board; the modules page shows it in its own board layout.
 * Each test seeds its own user, project and items.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Mona" }, (t) => ({ ctx, page, a } = t));

const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;
const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;

it("creates a module with a link, adds work items and shows them on the module's board", async () => {
  await createItems(ctx.request, a, [{ name: "Write the plan", state_id: stateId("Todo") }]);
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
  await page.getByRole("heading", { name: "No modules yet" }).waitFor();

  // create the module
  await page.getByRole("button", { name: "Add module" }).click();
  const dialog = page.getByRole("dialog", { name: "Create module" });
  await dialog.getByLabel("Name").fill("Launch");
  await dialog.getByRole("button", { name: "Create module" }).click();
  await page.waitForURL(/\/modules\/[0-9a-f-]{36}\/$/);
  const moduleId = page.url().match(/modules\/([0-9a-f-]{36})\//)![1];

  // a link, from the details panel
  const details = page.getByRole("complementary", { name: "Module details" });
  await details.getByRole("button", { name: "Add link" }).click();
  await details.getByLabel("URL").fill("example.com/launch-plan");
  // the form checks with the server's own body schema: an over-long title is refused under the title
  await details.getByLabel("Title").fill("x".repeat(256));
  await details.getByRole("button", { name: "Add link" }).click();
  await details.getByText("Ensure this field has no more than 255 characters.").waitFor();
  expect(await details.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
  expect(await details.getByLabel("URL").getAttribute("aria-invalid")).toBe("false");
  await details.getByLabel("Title").fill("Launch plan");
  await details.getByRole("button", { name: "Add link" }).click();
  const link = details.getByRole("link", { name: "Launch plan" });
  await link.waitFor();
  expect(await link.getAttribute("href")).toBe("http://example.com/launch-plan");
  // the module's analytics: its work items by any property
  const analytics = details.getByRole("region", { name: "Module analytics" });
  await analytics.getByRole("combobox", { name: "X-axis" }).waitFor();
  expect(await analytics.getByRole("combobox", { name: "Group by" }).count()).toBe(1);

  // quick add inside the module
  await page.getByRole("heading", { name: "No work items in this module yet" }).waitFor();
  await page.getByRole("button", { name: "New work item" }).first().click();
  const title = page.getByRole("textbox", { name: "Work item title" });
  await title.fill("Announce the launch");
  await title.press("Enter");
  await page.locator(`[data-item="${a.identifier}-2"]`).waitFor();

  // an existing item joins from the project list's module picker
  await openList(page, a);
  const row = page.locator(`[data-item="${a.identifier}-1"]`);
  await row.getByRole("button", { name: "Modules" }).click();
  await page.getByRole("option", { name: "Launch" }).click();
  await page.keyboard.press("Escape");
  await poll(
    async () =>
      (
        (await (await page.request.get(api(`issues/`) + "?per_page=10&cursor=10:0:0")).json()) as {
          results: { sequence_id: number; module_ids: string[] }[];
        }
      ).results.find((r) => r.sequence_id === 1)?.module_ids,
  ).toEqual([moduleId]);

  // the module's board: both items, each in its state's column
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${moduleId}/`);
  await page.locator("[data-list-context=module]").waitFor();
  await page.getByRole("button", { name: "Board layout" }).click();
  const column = (name: string) => page.locator(`section[data-column="${stateId(name)}"]`);
  await column("Todo").locator(`[data-item="${a.identifier}-1"]`).waitFor();
  await column("Backlog").locator(`[data-item="${a.identifier}-2"]`).waitFor();
  await poll(() => page.locator("[data-card]").count()).toBe(2);
  // the details panel counts them, and the layout choice is the module's own
  await poll(() => details.getByTestId("module-progress-summary").textContent()).toBe("0 of 2 done · 0%");
  await poll(
    async () =>
      (
        (await (await page.request.get(api(`modules/${moduleId}/user-properties/`))).json()) as {
          display_filters: { layout: string };
        }
      ).display_filters.layout,
  ).toBe("kanban");
  expect(
    ((await (await page.request.get(api("user-properties/"))).json()) as { display_filters: { layout: string } })
      .display_filters.layout,
  ).toBe("list");

  const detail = (await (await page.request.get(api(`modules/${moduleId}/`))).json()) as {
    total_issues: number;
    link_module: { url: string }[];
  };
  expect(detail.total_issues).toBe(2);
  expect(detail.link_module.map((l) => l.url)).toEqual(["http://example.com/launch-plan"]);

  // the modules page, in its board layout: the module under "Planned"
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
  await page.getByRole("button", { name: "Board layout" }).click();
  await page.getByRole("region", { name: "Planned" }).getByRole("link", { name: "Launch" }).waitFor();
});

it("archives a completed module, lists it among the archived ones and restores it", async () => {
  const res = await ctx.request.post(api("modules/"), { data: { name: "Done module", status: "completed" } });
  const mod = (await res.json()) as { id: string };
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
  await page.getByRole("link", { name: "Done module" }).waitFor();
  await page.getByRole("button", { name: "Actions for Done module" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await page.getByRole("heading", { name: "No modules yet" }).waitFor();
  await page.getByRole("link", { name: "Archived modules" }).click();
  await page.getByRole("list", { name: "Archived modules" }).getByRole("link", { name: "Done module" }).waitFor();
  await page.getByRole("button", { name: "Actions for Done module" }).click();
  await page.getByRole("menuitem", { name: "Restore" }).click();
  await page.waitForURL(new RegExp(`/modules/${mod.id}/$`));
  await poll(
    async () =>
      ((await (await page.request.get(api(`modules/${mod.id}/`))).json()) as { archived_at: string | null })
        .archived_at,
  ).toBeNull();
});

it("sorts the modules page, shows only favourites, and draws the modules on the timeline at each scale", async () => {
  /** A UTC calendar day `offset` days from today. */
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const mk = async (body: Record<string, unknown>) =>
    (await (await ctx.request.post(api("modules/"), { data: body })).json()) as { id: string };
  await mk({ name: "Alpha", start_date: day(2), target_date: day(20) });
  const beta = await mk({ name: "Beta", start_date: day(-5), target_date: day(5), status: "in-progress" });
  await mk({ name: "Gamma" });
  expect((await ctx.request.post(api("user-favorite-modules/"), { data: { module: beta.id } })).status()).toBe(204);

  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
  const names = () => page.getByRole("list", { name: "Modules" }).getByRole("link").allTextContents();
  // the default order is by name (§9), then its reverse
  await poll(names).toEqual(["Alpha", "Beta", "Gamma"]);
  await page.getByRole("button", { name: "Ascending order" }).click();
  await poll(names).toEqual(["Gamma", "Beta", "Alpha"]);
  await page.getByRole("combobox", { name: "Order by" }).selectOption("target_date");
  await poll(() => page.getByRole("combobox", { name: "Order by" }).inputValue()).toBe("target_date");
  await page.getByRole("button", { name: "Descending order" }).click();
  await poll(names).toEqual(["Beta", "Alpha", "Gamma"]);
  // the favourites-only toggle; a module favourited from the list joins it and is pinned in the sidebar
  await page.getByRole("button", { name: "Favourites only" }).click();
  await poll(names).toEqual(["Beta"]);
  await page.getByRole("button", { name: "Favourites only" }).click();
  await page.getByRole("list", { name: "Modules" }).getByRole("button", { name: "Add Alpha to favourites" }).click();
  const sidebar = page.getByRole("navigation", { name: "Workspace" });
  await sidebar.locator('[data-favorite="Alpha"]').waitFor();
  await page.getByRole("button", { name: "Favourites only" }).click();
  await poll(names).toEqual(["Beta", "Alpha"]);
  await page
    .getByRole("list", { name: "Modules" })
    .getByRole("button", { name: "Remove Alpha from favourites" })
    .click();
  await poll(names).toEqual(["Beta"]);
  await sidebar.locator('[data-favorite="Alpha"]').waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Favourites only" }).click();
  await poll(names).toEqual(["Beta", "Alpha", "Gamma"]);

  // the timeline: a bar from start to target date, none for a module without dates; the scale sets the day width
  await page.getByRole("button", { name: "Timeline layout" }).click();
  const timeline = page.getByRole("region", { name: "Modules timeline" });
  const bar = timeline.getByRole("link", { name: /^Beta: / });
  await bar.waitFor();
  await timeline.getByRole("link", { name: /^Alpha: / }).waitFor();
  expect(await timeline.getByRole("link", { name: "Gamma", exact: true }).count()).toBe(1);
  expect(await timeline.getByRole("link", { name: /^Gamma: / }).count()).toBe(0);
  const scale = page.getByRole("group", { name: "Timeline scale" });
  expect(await scale.getByRole("button", { name: "Month" }).getAttribute("aria-pressed")).toBe("true");
  // 11 days at 20 px a day (month), then 60 px (week)
  await poll(async () => (await bar.boundingBox())?.width).toBe(220);
  await scale.getByRole("button", { name: "Week" }).click();
  await poll(async () => (await bar.boundingBox())?.width).toBe(660);
  // the layout is kept for the next visit
  await page.reload();
  await page
    .getByRole("region", { name: "Modules timeline" })
    .getByRole("link", { name: /^Beta: / })
    .waitFor();
  expect(await page.getByRole("button", { name: "Timeline layout" }).getAttribute("aria-pressed")).toBe("true");
});

it("sets a module's lead and members in its details panel", async () => {
  const res = await ctx.request.post(api("modules/"), { data: { name: "Staffed" } });
  const mod = (await res.json()) as { id: string };
  const me = (await (await page.request.get("/api/users/me/")).json()) as { display_name: string; first_name: string };
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${mod.id}/`);
  const details = page.getByRole("complementary", { name: "Module details" });
  await details.getByText("No lead").waitFor();
  await details.getByRole("button", { name: "Lead" }).click();
  await page.getByRole("listbox", { name: "Lead" }).getByRole("option").first().click();
  const stored = async () =>
    (await (await page.request.get(api(`modules/${mod.id}/`))).json()) as {
      lead_id: string | null;
      member_ids: string[];
    };
  await poll(async () => (await stored()).lead_id).toBe(a.userId);
  await details.getByRole("button", { name: /^Lead: / }).waitFor();
  expect(await details.getByRole("button", { name: /^Lead: / }).textContent()).toContain(me.first_name);

  await details.getByRole("button", { name: "Members" }).click();
  await page.getByRole("listbox", { name: "Members" }).getByRole("option").first().click();
  await page.keyboard.press("Escape");
  await poll(async () => (await stored()).member_ids).toEqual([a.userId]);
  await details.getByText("No members").waitFor({ state: "detached" });
  // the modules page shows the lead
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
  await page
    .getByRole("list", { name: "Modules" })
    .getByTitle(/^Lead: /)
    .waitFor();
});

it("shows the module's own work items in every layout, the layout kept for that module", async () => {
  const mod = (await (await ctx.request.post(api("modules/"), { data: { name: "Every layout" } })).json()) as {
    id: string;
  };
  const today = new Date().toISOString().slice(0, 10);
  await createItems(ctx.request, a, [
    { name: "Inside the module", module_ids: [mod.id], start_date: today, target_date: today },
    { name: "Outside the module", start_date: today, target_date: today },
  ]);
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${mod.id}/`);
  await page.locator("[data-list-context=module]").waitFor();
  const layouts: [string, string][] = [
    ["Spreadsheet", "spreadsheet"],
    ["Calendar", "calendar"],
    ["Timeline", "gantt_chart"],
    ["Flow", "flow"],
    ["Board", "kanban"],
    ["List", "list"],
  ];
  for (const [label, key] of layouts) {
    await page.getByRole("button", { name: `${label} layout` }).click();
    const area = page.getByTestId(`${key === "gantt_chart" ? "gantt" : key}-layout`);
    await area.waitFor();
    await area.getByText("Inside the module").first().waitFor();
    expect(await area.getByText("Outside the module").count()).toBe(0);
    await poll(
      async () =>
        (
          (await (await page.request.get(api(`modules/${mod.id}/user-properties/`))).json()) as {
            display_filters: { layout: string };
          }
        ).display_filters.layout,
    ).toBe(key);
  }
});

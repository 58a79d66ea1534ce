import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  apiAddProjectMember,
  apiCreateProject,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiMe,
  apiSignUp,
  e2eSuite,
  okJson,
  unique,
} from "./helpers.ts";
import { poll } from "./work-items-fixtures.ts";

/**
 * Workspace views and profile tabs on the work-item list engine (issue #27 points 2 and 3): the spreadsheet first, the
 * other layouts, grouping, inline edit of an item's state with its own project's states (the State column names the
 * state, not its group), the peek, choices saved per view that survive a reload, and the profile tabs with their own
 * filter sets. Each test seeds its own workspace, two projects and an item in each. With E2E_SHOTS set to a folder,
 * the screens are saved there at 1280 and 1440 px wide (for review by eye).
 */
const e2e = e2eSuite({ instance: true });
const ok = okJson;

interface World {
  alice: BrowserContext;
  bob: BrowserContext;
  slug: string;
  aliceId: string;
  rocket: { id: string; ident: string };
  vault: { id: string; ident: string };
  items: Record<string, { id: string; sequence_id: number }>;
  close: () => Promise<void>;
}

/**
 * Alice (admin) with two projects, Rocket (a state "In Review" of the started group) and Vault, an item in each;
 * Bob (member) is in Rocket only.
 */
async function world(width: number): Promise<World> {
  const alice = await e2e.context({ width, height: 860 });
  const bob = await e2e.context({ width, height: 860 });
  const [a, b] = [unique("alice"), unique("bob")].map((x) => `${x}@stride.test`);
  await apiSignUp(alice, a, "Alice");
  await apiSignUp(bob, b, "Bob");
  const slug = unique("views-");
  await apiCreateWorkspace(alice, "Views Inc", slug);
  const ri = unique("R").slice(0, 5).toUpperCase();
  const vi = unique("V").slice(0, 5).toUpperCase();
  const rocket = { id: (await apiCreateProject(alice, slug, "Rocket", ri)).id, ident: ri };
  const vault = { id: (await apiCreateProject(alice, slug, "Vault", vi)).id, ident: vi };
  await apiInviteAndAccept(alice, bob, slug, b, 15);
  const aliceId = (await apiMe(alice)).id;
  const bobId = (await apiMe(bob)).id;
  await apiAddProjectMember(alice, slug, rocket.id, bobId, 15);
  const P = (pid: string) => `/api/workspaces/${slug}/projects/${pid}`;
  await ok(
    await alice.request.post(`${P(rocket.id)}/states/`, {
      data: { name: "In Review", color: "#f59e0b", group: "started" },
    }),
    "state",
  );
  const item = async (pid: string, data: Record<string, unknown>) =>
    ok<{ id: string; sequence_id: number }>(await alice.request.post(`${P(pid)}/issues/`, { data }), "item");
  const items = {
    launch: await item(rocket.id, { name: "Launch checklist", priority: "high", assignee_ids: [aliceId] }),
    audit: await item(vault.id, { name: "Vault audit", priority: "low" }),
  };
  return {
    alice,
    bob,
    slug,
    aliceId,
    rocket,
    vault,
    items,
    close: async () => {
      await alice.close();
      await bob.close();
    },
  };
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/workspace-views-${name}-${page.viewportSize()?.width ?? 0}.png` });
}

const rows = (page: Page) =>
  page.locator("[data-list-context] [data-item]").evaluateAll((els) => els.map((e) => e.textContent ?? ""));

for (const width of [1280, 1440]) {
  it(`a workspace view lists both projects in a spreadsheet, edits an item's state in place, peeks, groups and keeps its choices (${width} px)`, async () => {
    const w = await world(width);
    const page = await w.alice.newPage();
    await page.goto(`/${w.slug}/workspace-views/all-issues/`);
    // spreadsheet first: both projects' items, the State column naming the state
    await page.locator('[data-list-context="global_view"][data-layout="spreadsheet"]').waitFor();
    const table = page.getByRole("table", { name: "Work items" });
    const launch = table.locator(`[role=row][data-item="${w.rocket.ident}-${w.items.launch.sequence_id}"]`);
    const audit = table.locator(`[role=row][data-item="${w.vault.ident}-${w.items.audit.sequence_id}"]`);
    await launch.waitFor();
    await audit.waitFor();
    const layouts = await page
      .getByRole("group", { name: "Layout" })
      .getByRole("button")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-layout")));
    expect(layouts[0]).toBe("spreadsheet");
    await shot(page, "spreadsheet");

    // inline edit: the state cell offers the item's own project's states (Rocket's "In Review", not Vault's)
    await launch.locator('[data-col="state"]').getByRole("button").click();
    const states = page.getByRole("listbox", { name: "State" });
    await states.getByRole("option", { name: /In Review/ }).waitFor();
    expect(await states.getByRole("option", { name: new RegExp(w.vault.ident) }).count()).toBe(0);
    await states.getByRole("option", { name: /In Review/ }).click();
    // the state's name, not its group's ("Started")
    await poll(() => launch.locator('[data-col="state"]').textContent()).toContain("In Review");
    expect(await launch.locator('[data-col="state"]').textContent()).not.toContain("Started");
    // the cell shows the change at once; the server has it once the edit has gone out (through the local outbox)
    const rocketStates = await ok<{ id: string; name: string }[]>(
      await w.alice.request.get(`/api/workspaces/${w.slug}/projects/${w.rocket.id}/states/`),
      "states",
    );
    const savedState = async () => {
      const saved = await ok<{ state_id: string }>(
        await w.alice.request.get(`/api/workspaces/${w.slug}/projects/${w.rocket.id}/issues/${w.items.launch.id}/`),
        "item",
      );
      return rocketStates.find((s) => s.id === saved.state_id)?.name;
    };
    await poll(savedState).toBe("In Review");

    // the peek opens the item of the other project beside the list
    await audit.locator("[data-open-item]").click();
    await page
      .getByRole("complementary", { name: "Peek view" })
      .or(page.getByRole("dialog", { name: "Peek view" }))
      .first()
      .waitFor();
    await poll(() => new URL(page.url()).searchParams.get("peekId")).toBe(w.items.audit.id);
    await page.getByTestId("item-key").waitFor();
    await poll(() => page.getByTestId("item-key").textContent()).toContain(
      `${w.vault.ident}-${w.items.audit.sequence_id}`,
    );
    await shot(page, "peek");
    await page.keyboard.press("Escape");
    await poll(() => new URL(page.url()).searchParams.get("peekId")).toBeNull();

    // the list layout, grouped by project; a reload keeps both (saved under the view's name)
    await page.getByRole("button", { name: "List layout" }).click();
    await page.locator('[data-list-context="global_view"][data-layout="list"]').waitFor();
    await page.getByRole("button", { name: "Display" }).click();
    await page.getByLabel("Group by").selectOption({ label: "Project" });
    await page.keyboard.press("Escape");
    await poll(async () => (await rows(page)).length).toBe(2);
    await poll(async () => {
      const p = await ok<{ display_filters: Record<string, { layout?: string; group_by?: string }> }>(
        await w.alice.request.get(`/api/workspaces/${w.slug}/user-properties/`),
        "props",
      );
      return [p.display_filters["all-issues"]?.layout, p.display_filters["all-issues"]?.group_by];
    }).toEqual(["list", "project"]);
    await page.reload();
    await page.locator('[data-list-context="global_view"][data-layout="list"]').waitFor();
    await poll(() => page.locator("[data-list-context=global_view]").textContent()).toContain("Vault");
    expect(await page.getByLabel("Group by").count()).toBe(0);
    await page.getByRole("button", { name: "Display" }).click();
    expect(await page.getByLabel("Group by").inputValue()).toBe("project");
    await page.keyboard.press("Escape");
    await shot(page, "list-grouped");

    // keyboard: J focuses the first row, Enter peeks it
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.getByTestId("item-key").waitFor();
    await page.keyboard.press("Escape");

    // the board: both items; another default view keeps its own choices (still the spreadsheet)
    await page.getByRole("button", { name: "Board layout" }).click();
    await page.locator('[data-list-context="global_view"][data-layout="kanban"]').waitFor();
    await poll(async () => (await rows(page)).length).toBe(2);
    await shot(page, "board");
    await page.getByRole("navigation", { name: "Workspace views" }).getByRole("link", { name: "Assigned" }).click();
    await page.locator('[data-list-context="global_view"][data-layout="spreadsheet"]').waitFor();
    await poll(async () => (await rows(page)).join(" ")).toContain("Launch checklist");
    expect(await rows(page)).toHaveLength(1);

    // Bob, in Rocket only, sees Rocket's item and not Vault's
    const bobPage = await w.bob.newPage();
    await bobPage.goto(`/${w.slug}/workspace-views/all-issues/`);
    await bobPage.locator('[data-list-context="global_view"]').waitFor();
    await poll(async () => (await rows(bobPage)).join(" ")).toContain("Launch checklist");
    expect((await rows(bobPage)).join(" ")).not.toContain("Vault audit");
    await w.close();
  });
}

it("a custom workspace view saves its filters and display on the view; its owner's choices survive a reload", async () => {
  const w = await world(1280);
  const page = await w.alice.newPage();
  await page.goto(`/${w.slug}/workspace-views/all-issues/`);
  await page.locator('[data-list-context="global_view"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(2);
  await page.getByRole("button", { name: "Filters" }).click();
  await page
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Project" })
    .getByRole("option", { name: "Vault" })
    .click();
  await page.keyboard.press("Escape");
  await page.locator('[data-filter="project"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(1);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as view" });
  await dialog.getByLabel("Name").fill("Vault only");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await page.waitForURL((u) => /\/workspace-views\/[0-9a-f-]{36}\/?$/.test(u.pathname));
  // the saved view's own screen (its title): the navigation is a transition, and until the view's screen has rendered
  // the all-issues list stays on screen under the new address, where a click would change all-issues' own display
  await page.getByRole("heading", { level: 1, name: /Vault only/ }).waitFor();
  await page.locator('[data-list-context="global_view"]').waitFor();
  // the saved view's own list: Vault's item alone (polled whole: the list may render again as the view's answer lands)
  await poll(async () => {
    const r = await rows(page);
    return r.length === 1 && r[0]!.includes("Vault audit");
  }).toBe(true);
  // its display is saved on the view
  await page.getByRole("button", { name: "Board layout" }).click();
  await page.locator('[data-list-context="global_view"][data-layout="kanban"]').waitFor();
  const viewId = new URL(page.url()).pathname.split("/").filter(Boolean).pop()!;
  await poll(
    async () =>
      (
        await ok<{ display_filters: { layout?: string } }>(
          await w.alice.request.get(`/api/workspaces/${w.slug}/views/${viewId}/`),
          "view",
        )
      ).display_filters.layout,
  ).toBe("kanban");
  await page.reload();
  await page.locator('[data-list-context="global_view"][data-layout="kanban"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(1);
  await shot(page, "custom-view");
  await w.close();
});

it("profile tabs list the person's items on the same engine, each with its own filter set", async () => {
  const w = await world(1280);
  const page = await w.alice.newPage();
  await page.goto(`/${w.slug}/profile/${w.aliceId}/assigned/`);
  await page.locator('[data-list-context="profile"]').waitFor();
  await poll(async () => (await rows(page)).join(" ")).toContain("Launch checklist");
  expect(await rows(page)).toHaveLength(1);
  // the list's header sits under the profile's: one sidebar toggle and one h1 on the page, the profile's
  expect(await page.getByRole("button", { name: /^(Hide|Show) sidebar$/ }).count()).toBe(1);
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  // the assigned tab filters by everything but its own field (assignees)
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByRole("dialog", { name: "Filters" });
  await filters.getByRole("listbox", { name: "Priority" }).waitFor();
  // each field's heading names it (folded or open)
  const field = (name: string) => filters.getByRole("button", { name, exact: true });
  await field("Created by").waitFor();
  expect(await field("Assignees").count()).toBe(0);
  await filters.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "Low" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => (await rows(page)).length).toBe(0);
  await page.locator('[data-filter="priority"]').getByRole("button").last().click();
  await poll(async () => (await rows(page)).length).toBe(1);
  await page.getByRole("button", { name: "Spreadsheet layout" }).click();
  await page.locator('[data-list-context="profile"][data-layout="spreadsheet"]').waitFor();
  await shot(page, "profile-assigned");

  // the created tab: both items; it offers the assignees filter but not "created by"
  await page.getByRole("navigation", { name: "Profile tabs" }).getByRole("link", { name: "Created" }).click();
  await page.locator('[data-list-context="profile"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(2);
  // its own choices: not the assigned tab's spreadsheet
  expect(await page.locator('[data-list-context="profile"][data-layout="list"]').count()).toBe(1);
  await page.getByRole("button", { name: "Filters" }).click();
  await field("Assignees").waitFor();
  expect(await field("Created by").count()).toBe(0);
  await page.keyboard.press("Escape");
  // a reload keeps the assigned tab's spreadsheet
  await page.goto(`/${w.slug}/profile/${w.aliceId}/assigned/`);
  await page.locator('[data-list-context="profile"][data-layout="spreadsheet"]').waitFor();
  await w.close();
});

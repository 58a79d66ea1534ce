import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  apiAddProjectMember,
  apiCreateProject,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiMe,
  apiSignUp,
  e2eSuite,
  unique,
  waitForPath,
} from "./helpers.ts";
import { poll } from "./work-items-fixtures.ts";

/**
 * Teamspaces (issue #29 point 1): a workspace admin builds one in settings; its members find it in the sidebar, with an
 * overview (progress by project and by member), the teamspace's work items on the list components, and team views.
 * The teamspace holds a private project its member is not in: its items never show to them. Each test seeds its own
 * workspace, people, projects and items. With E2E_SHOTS set to a folder, the screens are also saved there at
 * 1280 and 1440 px wide (for review by eye).
 */

const e2e = e2eSuite({ instance: true });
beforeAll(async () => {});

interface World {
  alice: BrowserContext;
  bob: BrowserContext;
  slug: string;
  bobId: string;
  rocket: string;
  vault: string;
  close: () => Promise<void>;
}

async function ok<T>(
  res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Alice (workspace admin) with a public project Rocket and a private project Vault; Bob (workspace member) is in
 * Rocket only. Items in both.
 */
async function world(width = 1280): Promise<World> {
  const alice = await e2e.context({ width, height: 860 });
  const bob = await e2e.context({ width, height: 860 });
  const [a, b] = [unique("alice"), unique("bob")].map((x) => `${x}@stride.test`);
  await apiSignUp(alice, a, "Alice");
  await apiSignUp(bob, b, "Bob");
  const slug = unique("teams-");
  await apiCreateWorkspace(alice, "Teams Inc", slug);
  const rocket = (await apiCreateProject(alice, slug, "Rocket", unique("R").slice(0, 5).toUpperCase())).id;
  const vault = (await apiCreateProject(alice, slug, "Vault", unique("V").slice(0, 5).toUpperCase())).id;
  await ok(
    await alice.request.patch(`/api/workspaces/${slug}/projects/${vault}/`, { data: { network: 0 } }),
    "private vault",
  );
  await apiInviteAndAccept(alice, bob, slug, b, 15);
  const bobId = (await apiMe(bob)).id;
  await apiAddProjectMember(alice, slug, rocket, bobId, 15);
  const item = async (pid: string, data: Record<string, unknown>) =>
    ok(await alice.request.post(`/api/workspaces/${slug}/projects/${pid}/issues/`, { data }), "item");
  const states = await ok<{ id: string; group: string }[]>(
    await alice.request.get(`/api/workspaces/${slug}/projects/${rocket}/states/`),
    "states",
  );
  const done = states.find((s) => s.group === "completed")!.id;
  const started = states.find((s) => s.group === "started")!.id;
  await item(rocket, { name: "Launch checklist", priority: "high", assignee_ids: [bobId], state_id: started });
  await item(rocket, { name: "Fuel pump", priority: "low", state_id: done, assignee_ids: [bobId] });
  await item(rocket, { name: "Telemetry dashboard", priority: "medium" });
  await item(vault, { name: "Vault secret plan", priority: "high" });
  await item(vault, { name: "Vault audit", priority: "urgent" });
  return {
    alice,
    bob,
    slug,
    bobId,
    rocket,
    vault,
    close: async () => {
      await alice.close();
      await bob.close();
    },
  };
}

/** A teamspace made through the API by Alice, Bob and her as members, both projects in it. */
async function teamspace(w: World, name = "Launch team"): Promise<string> {
  const t = await ok<{ id: string }>(
    await w.alice.request.post(`/api/workspaces/${w.slug}/teamspaces/`, {
      data: {
        name,
        description_html: "<p>Everything about getting the rocket off the ground.</p>",
        logo_props: { in_use: "emoji", emoji: { value: "128640" } },
        lead: w.bobId,
        member_ids: [w.bobId],
        project_ids: [w.rocket, w.vault],
      },
    }),
    "teamspace",
  );
  return t.id;
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/teamspaces-${name}-${width}.png` });
}

const rows = (page: Page) =>
  page.locator("[data-list-context] [data-item]").evaluateAll((els) => els.map((e) => e.textContent ?? ""));

it("a workspace admin creates a teamspace in settings: logo, name, description, lead, members and projects", async () => {
  const w = await world();
  const page = await w.alice.newPage();
  await page.goto(`/${w.slug}/settings/teamspaces/`);
  await page.getByRole("button", { name: "Add teamspace" }).click();
  const dialog = page.getByRole("dialog", { name: "Create teamspace" });
  await dialog.getByRole("button", { name: "Emoji 🚀" }).click();
  await dialog.getByLabel("Name").fill("Launch team");
  await dialog.getByLabel("Description").fill("Everything about getting the rocket off the ground.");
  await dialog.getByLabel("Lead").selectOption({ label: "Bob Tester" });
  await dialog.getByRole("button", { name: "Projects" }).click();
  await page.getByRole("option", { name: "Rocket" }).click();
  await page.getByRole("option", { name: "Vault" }).click();
  await page.keyboard.press("Escape");
  await shot(page, "settings-form");
  await dialog.getByRole("button", { name: "Create teamspace" }).click();
  await page.locator('[data-teamspace="Launch team"]').waitFor();
  const list = await ok<
    {
      name: string;
      lead: string;
      member_ids: string[];
      project_ids: string[];
      description_html: string;
      logo_props: { emoji?: { value: string } };
    }[]
  >(await page.request.get(`/api/workspaces/${w.slug}/teamspaces/`), "teamspaces");
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    name: "Launch team",
    lead: w.bobId,
    description_html: "<p>Everything about getting the rocket off the ground.</p>",
    logo_props: { emoji: { value: "128640" } },
  });
  expect(list[0].member_ids).toEqual([w.bobId]);
  expect([...list[0].project_ids].sort()).toEqual([w.rocket, w.vault].sort());
  await page.getByText("1 member · 2 projects").waitFor();
  await shot(page, "settings");
  // a member cannot open the settings page, nor is offered to create teamspaces
  const bobPage = await w.bob.newPage();
  await bobPage.goto(`/${w.slug}/teamspaces/`);
  await bobPage
    .getByRole("list", { name: "Teamspaces" })
    .getByRole("link", { name: /Launch team/ })
    .waitFor();
  expect(await bobPage.getByRole("button", { name: "New teamspace" }).count()).toBe(0);
  await w.close();
});

for (const width of [1280, 1440]) {
  it(`a member finds the teamspace in the sidebar; its overview and work items leave out the private project they are not in (${width} px)`, async () => {
    const w = await world(width);
    const id = await teamspace(w);
    const page = await w.bob.newPage();
    await page.goto(`/${w.slug}/`);
    const section = page.getByRole("region", { name: "Teamspaces" });
    await section.getByRole("link", { name: "Launch team" }).click();
    await waitForPath(page, new RegExp(`/teamspaces/${id}/?$`));
    const byProject = page.getByRole("region", { name: "Progress by project" });
    await byProject.locator('[data-row="Rocket"]').waitFor();
    expect(await byProject.locator("[data-row]").count()).toBe(1);
    await poll(() =>
      page.getByRole("region", { name: "Progress by member" }).locator('[data-row="Bob Tester"]').textContent(),
    ).toContain("1 / 2 done");
    await poll(() => page.getByRole("region", { name: "Progress" }).first().textContent()).toContain(
      "3work items you can see",
    );
    expect(await page.getByText("1 more you are not a member of.").count()).toBe(0);
    await shot(page, "overview");

    // the work items: Rocket's, never Vault's
    await page.getByRole("navigation", { name: "Teamspace" }).getByRole("link", { name: "Work items" }).click();
    await page.locator('[data-list-context="team"]').waitFor();
    await poll(async () => (await rows(page)).length).toBe(3);
    expect((await rows(page)).join(" ")).not.toContain("Vault");
    // grouped by project, filtered by project (team_project)
    await page.getByRole("button", { name: "Display" }).click();
    await page.getByLabel("Group by").selectOption({ label: "Project" });
    await page.keyboard.press("Escape");
    await poll(() => page.locator("[data-list-context=team]").textContent()).toContain("Rocket");
    await shot(page, "work-items");
    await page.getByRole("button", { name: "Filters" }).click();
    await page
      .getByRole("dialog", { name: "Filters" })
      .getByRole("listbox", { name: "Project" })
      .getByRole("option", { name: "Rocket" })
      .click();
    await page.keyboard.press("Escape");
    await page.locator('[data-filter="team_project"]').waitFor();
    await poll(async () => (await rows(page)).length).toBe(3);
    // the other layouts hold the same items
    await page.getByRole("button", { name: "Board layout" }).click();
    await page.locator('[data-list-context="team"][data-layout="kanban"]').waitFor();
    await poll(async () => (await rows(page)).length).toBe(3);
    expect((await rows(page)).join(" ")).not.toContain("Vault");
    await shot(page, "board");
    await page.getByRole("button", { name: "Spreadsheet layout" }).click();
    await page.locator('[data-list-context="team"][data-layout="spreadsheet"]').waitFor();
    await poll(async () => (await rows(page)).length).toBe(3);
    // Alice, in both projects, sees both projects' items in the same list
    const alicePage = await w.alice.newPage();
    await alicePage.goto(`/${w.slug}/teamspaces/${id}/issues/`);
    await alicePage.locator('[data-list-context="team"]').waitFor();
    await poll(async () => (await rows(alicePage)).length).toBe(5);
    expect((await rows(alicePage)).join(" ")).toContain("Vault secret plan");
    await w.close();
  });
}

it("a member saves a team view from the teamspace's list; it keeps its filters and spans only what each person may see", async () => {
  const w = await world();
  const id = await teamspace(w);
  const page = await w.bob.newPage();
  await page.goto(`/${w.slug}/teamspaces/${id}/issues/`);
  await page.locator('[data-list-context="team"]').waitFor();
  await poll(async () => (await rows(page)).length).toBe(3);
  await page.getByRole("button", { name: "Filters" }).click();
  await page
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: "High" })
    .click();
  await page.keyboard.press("Escape");
  await poll(async () => (await rows(page)).length).toBe(1);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as view" });
  await dialog.getByLabel("Name").fill("Hot launch items");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await waitForPath(page, new RegExp(`/teamspaces/${id}/views/[0-9a-f-]{36}/?$`));
  await page.locator('[data-list-context="team_view"]').waitFor();
  await poll(async () => (await rows(page)).join(" ")).toContain("Launch checklist");
  expect(await rows(page)).toHaveLength(1);
  // Alice opens the same view: the high-priority items of both projects
  const viewUrl = new URL(page.url()).pathname;
  const alicePage = await w.alice.newPage();
  await alicePage.goto(viewUrl);
  await alicePage.locator('[data-list-context="team_view"]').waitFor();
  await poll(async () => (await rows(alicePage)).length).toBe(2);
  // the teamspace's views list names it
  await page.getByRole("navigation", { name: "Teamspace" }).getByRole("link", { name: "Views" }).click();
  await page.getByRole("list", { name: "Team views" }).getByRole("link", { name: "Hot launch items" }).waitFor();
  await w.close();
});

import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import {
  apiAddProjectMember,
  apiCreateProject,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiMe,
  apiSignUp,
  e2eSuite,
  sidebarEntries,
  unique,
  waitForPath,
} from "./helpers.ts";

/**
 * Role gating on the client (work-tracking.md §2, §6): sidebar entries, workspace settings (admin only),
 * project settings pages per role and the default settings list, and what each role is offered on a work
 * item, in the list and in the workspace menu (the shared permission table, through `useCan`), with one
 * admin, one member and one guest in the same workspace and project. Each test seeds the items it looks at.
 */
let admin: BrowserContext;
let member: BrowserContext;
let guest: BrowserContext;
let slug = "";
let projectId = "";

const e2e = e2eSuite({ instance: true });
beforeAll(async () => {
  admin = await e2e.context();
  member = await e2e.context();
  guest = await e2e.context();
  const [a, m, g] = [unique("adm"), unique("mem"), unique("gst")].map((x) => `${x}@stride.test`);
  await apiSignUp(admin, a, "Alice");
  await apiSignUp(member, m, "Max");
  await apiSignUp(guest, g, "Gina");
  slug = unique("roles-");
  await apiCreateWorkspace(admin, "Roles Inc", slug);
  projectId = (await apiCreateProject(admin, slug, "Roles Project", "ROLE")).id;
  await apiInviteAndAccept(admin, member, slug, m, 15);
  await apiInviteAndAccept(admin, guest, slug, g, 5);
  await apiAddProjectMember(admin, slug, projectId, (await apiMe(member)).id, 15);
  await apiAddProjectMember(admin, slug, projectId, (await apiMe(guest)).id, 5);
});

const P = () => `/api/workspaces/${slug}/projects/${projectId}`;

/** A work item created through the API by `who`. */
async function createItem(who: BrowserContext, name: string): Promise<{ id: string; key: string }> {
  const res = await who.request.post(`${P()}/issues/`, { data: { name } });
  if (!res.ok()) throw new Error(`create item: ${res.status()} ${await res.text()}`);
  const item = (await res.json()) as { id: string; sequence_id: number };
  return { id: item.id, key: `ROLE-${item.sequence_id}` };
}

/** Guests of the project see every work item, not only their own (project feature "Guests see all work items"). */
async function guestsSeeAll(): Promise<void> {
  const res = await admin.request.patch(`${P()}/`, { data: { guest_view_all_features: true } });
  if (!res.ok()) throw new Error(`project update: ${res.status()} ${await res.text()}`);
}

/** The full page of a work item, once its title shows. */
async function openItem(who: BrowserContext, key: string): Promise<{ page: Page; detail: Locator }> {
  const page = await who.newPage();
  await page.goto(`/${slug}/browse/${key}/`);
  const detail = page.locator(`[data-item-detail="${key}"]`);
  await detail.getByRole("textbox", { name: "Title" }).waitFor();
  return { page, detail };
}

const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
/** The comment editor; it shows only once the caller's roles are known (a guest may comment), after the editor's chunk. */
const commentBox = (detail: Locator) => detail.getByRole("textbox", { name: "Comment" });

async function settingsNav(page: Page): Promise<string[]> {
  await page.locator("nav[aria-label='Project settings'] [data-settings]").first().waitFor();
  return page
    .locator("nav[aria-label='Project settings'] [data-settings]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-settings") ?? ""));
}

async function noAccess(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { name: "You don't have access" }).waitFor();
}

it("admin sees every sidebar entry, workspace settings and every project settings page", async () => {
  const page = await admin.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual([
    "home",
    "inbox",
    "projects",
    "drafts",
    "your-work",
    "stickies",
    "views",
    "analytics",
    "archives",
  ]);
  await page.goto(`/${slug}/settings/`);
  await page.getByRole("heading", { name: "General" }).waitFor();
  const wsNav = await page
    .locator("nav[aria-label='Workspace settings'] [data-settings]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-settings")));
  expect(wsNav).toEqual([
    "general",
    "integrations",
    "members",
    "billing",
    "exports",
    "webhooks",
    "api-tokens",
    "imports",
    "teamspaces",
  ]);
  expect(await page.locator("nav[aria-label='Workspace settings'] a[data-settings=imports]").getAttribute("href")).toBe(
    `/${slug}/settings/impors/`,
  );
  await page.goto(`/${slug}/projects/${projectId}/settings/`);
  expect(await settingsNav(page)).toEqual([
    "general",
    "repositories",
    "model-configuration",
    "states",
    "labels",
    "members",
    "features",
    "estimates",
    "work-item-types",
    "workflows",
    "automations",
    "mcp-servers",
    "agents",
  ]);
  await page.goto(`/${slug}/projects/${projectId}/settings/features/`);
  await page.getByRole("switch", { name: "Cycles" }).waitFor();
  await page.goto(`/${slug}/projects/${projectId}/settings/estimates/`);
  await page.getByRole("heading", { name: "Estimates", exact: true }).waitFor();
  await page.goto(`/${slug}/projects/${projectId}/settings/automations/`);
  await page.getByRole("heading", { name: "Automations is coming" }).waitFor();
  await page.close();
});

it("member sees all sidebar entries but no workspace settings, and only member project pages", async () => {
  const page = await member.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual([
    "home",
    "inbox",
    "projects",
    "drafts",
    "your-work",
    "stickies",
    "views",
    "analytics",
    "archives",
  ]);
  await noAccess(page, `/${slug}/settings/`);
  await noAccess(page, `/${slug}/settings/members/`);
  await page.goto(`/${slug}/projects/${projectId}/settings/`);
  expect(await settingsNav(page)).toEqual(["general", "states", "labels", "members"]);
  await page.getByText("Only project admins can change these settings.").waitFor();
  expect(await page.getByLabel("Name").isDisabled()).toBe(true);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/estimates/`);
  await page.goto(`/${slug}/projects/${projectId}/settings/members/`);
  await page.getByRole("list", { name: "Project members" }).waitFor();
  expect(await page.getByRole("button", { name: "Add member" }).count()).toBe(0);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/features/`);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/model-configuration/`);
  // Members may edit states.
  await page.goto(`/${slug}/projects/${projectId}/settings/states/`);
  await page.getByRole("button", { name: "Add state to Backlog" }).waitFor();
  await page.close();
});

it("guest sees Home, Inbox, Projects, their Stickies and Views, and only the general project page", async () => {
  const page = await guest.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual(["home", "inbox", "projects", "stickies", "views"]);
  await noAccess(page, `/${slug}/settings/`);
  await noAccess(page, `/${slug}/drafts/`);
  await noAccess(page, `/${slug}/projects/archives/`);
  await page.goto(`/${slug}/projects/${projectId}/settings/`);
  expect(await settingsNav(page)).toEqual(["general"]);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/states/`);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/labels/`);
  await noAccess(page, `/${slug}/projects/${projectId}/settings/members/`);
  await page.goto(`/${slug}/projects/`);
  await page.locator('[data-project="ROLE"]').waitFor();
  expect(await page.getByRole("button", { name: "Add project" }).count()).toBe(0);
  await page.close();
});

it("a non-member of the workspace is told so", async () => {
  const outsider = await e2e.context();
  await apiSignUp(outsider, `${unique("out")}@stride.test`, "Otto");
  const page = await outsider.newPage();
  await page.goto(`/${slug}/`);
  await page.getByRole("heading", { name: "Workspace not found" }).waitFor();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));
  await outsider.close();
});

it("admin may archive, delete and add to any work item, and comment", async () => {
  const { key } = await createItem(member, "Member's item for the admin");
  const { page, detail } = await openItem(admin, key);
  await button(detail, "Delete").waitFor();
  await button(detail, "Archive (only completed or cancelled work items)").waitFor();
  await button(detail, "Add link").waitFor();
  await commentBox(detail).waitFor({ timeout: 60_000 });
  expect(await detail.getByRole("textbox", { name: "Title" }).getAttribute("readonly")).toBeNull();
  await page.close();
});

it("member edits and archives any work item but deletes only their own", async () => {
  const theirs = await createItem(admin, "Admin's item for the member");
  const own = await createItem(member, "Member's own item");
  const { page, detail } = await openItem(member, theirs.key);
  // the archive button needs the member's role: once it shows, the roles are known
  await button(detail, "Archive (only completed or cancelled work items)").waitFor();
  await button(detail, "Add link").waitFor();
  expect(await detail.getByRole("textbox", { name: "Title" }).getAttribute("readonly")).toBeNull();
  expect(await button(detail, "Delete").count()).toBe(0);
  await page.goto(`/${slug}/browse/${own.key}/`);
  await button(page.locator(`[data-item-detail="${own.key}"]`), "Delete").waitFor();
  await page.close();
});

it("guest reads and comments, and is offered no change to someone else's work item", async () => {
  await guestsSeeAll();
  const { key } = await createItem(admin, "Admin's item for the guest");
  const { page, detail } = await openItem(guest, key);
  await commentBox(detail).waitFor({ timeout: 60_000 });
  expect(await detail.getByRole("textbox", { name: "Title" }).getAttribute("readonly")).not.toBeNull();
  for (const name of [
    "Delete",
    "Archive",
    "Archive (only completed or cancelled work items)",
    "Add link",
    "Add sub-work item",
    "Add task",
  ]) {
    expect(await button(detail, name).count(), name).toBe(0);
  }
  await page.close();
});

it("a guest who created a work item may edit and delete it, but not archive it or add to it", async () => {
  // someone who created an item as a member and is now a guest of the project
  const demoted = await e2e.context();
  const email = `${unique("dem")}@stride.test`;
  await apiSignUp(demoted, email, "Dora");
  await apiInviteAndAccept(admin, demoted, slug, email, 15);
  const userId = (await apiMe(demoted)).id;
  await apiAddProjectMember(admin, slug, projectId, userId, 15);
  const { key } = await createItem(demoted, "Dora's item");
  const members = (await (await admin.request.get(`${P()}/members/`)).json()) as { id: string; member: string }[];
  const membership = members.find((m) => m.member === userId)!;
  const res = await admin.request.patch(`${P()}/members/${membership.id}/`, { data: { role: 5 } });
  expect(res.status()).toBe(200);

  const { detail } = await openItem(demoted, key);
  await button(detail, "Delete").waitFor();
  expect(await detail.getByRole("textbox", { name: "Title" }).getAttribute("readonly")).toBeNull();
  for (const name of ["Archive", "Archive (only completed or cancelled work items)", "Add link", "Add task"]) {
    expect(await button(detail, name).count(), name).toBe(0);
  }
  await demoted.close();
});

it("only admins are offered bulk delete, workspace settings in the workspace menu, and members and admins new work items", async () => {
  const { key } = await createItem(admin, "Item to select");
  const offers = async (who: BrowserContext) => {
    const page = await who.newPage();
    await page.goto(`/${slug}/projects/${projectId}/issues/`);
    await page.locator(`[data-item="${key}"]`).waitFor();
    await page.locator(`[data-item="${key}"]`).hover();
    await page.getByRole("checkbox", { name: `Select ${key}` }).check();
    const bar = page.getByRole("toolbar", { name: "Bulk actions" });
    await button(bar, "Archive").waitFor();
    const bulkDelete = (await button(bar, "Delete").count()) > 0;
    const addItem = (await button(page, "Add work item").count()) > 0;
    await page.getByRole("button", { name: "Switch workspace" }).click();
    await page.getByRole("menuitem", { name: "Create workspace" }).waitFor();
    const settings = (await page.getByRole("menuitem", { name: "Workspace settings" }).count()) > 0;
    await page.close();
    return { bulkDelete, addItem, settings };
  };
  expect(await offers(admin)).toEqual({ bulkDelete: true, addItem: true, settings: true });
  expect(await offers(member)).toEqual({ bulkDelete: false, addItem: true, settings: false });
});

it("guest is offered no new work item and no selection in the list", async () => {
  await guestsSeeAll();
  const { key } = await createItem(admin, "Item the guest sees");
  const page = await guest.newPage();
  await page.goto(`/${slug}/projects/${projectId}/issues/`);
  await page.locator(`[data-item="${key}"]`).waitFor();
  // the row's menu needs the guest's role to drop Archive and Delete: open it once the roles are known
  await page.getByRole("button", { name: `Work item actions ${key}` }).click();
  await page.getByRole("menuitem", { name: "Copy link" }).waitFor();
  expect(await page.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
  expect(await page.getByRole("menuitem", { name: "Archive" }).count()).toBe(0);
  expect(await button(page, "Add work item").count()).toBe(0);
  expect(await page.getByRole("checkbox", { name: `Select ${key}` }).count()).toBe(0);
  await page.close();
});

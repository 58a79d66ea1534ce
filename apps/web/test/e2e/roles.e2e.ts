import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launch } from "./browser.ts";
import {
  apiAddProjectMember, apiCreateProject, apiCreateWorkspace, apiInviteAndAccept, apiMe, apiSignUp, ensureInstanceAdmin, newContext, sidebarEntries, unique, waitForPath,
} from "./helpers.ts";

/**
 * Role gating on the client (work-tracking.md §2): sidebar entries, workspace settings (admin only),
 * project settings pages per role and the default settings list, with one admin, one member and
 * one guest in the same workspace and project.
 */
let browser: Browser;
let admin: BrowserContext;
let member: BrowserContext;
let guest: BrowserContext;
let slug = "";
let projectId = "";

beforeAll(async () => {
  browser = await launch();
  const setup = await newContext(browser);
  await ensureInstanceAdmin(await setup.newPage());
  await setup.close();
  admin = await newContext(browser);
  member = await newContext(browser);
  guest = await newContext(browser);
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
afterAll(async () => { await browser?.close(); });

async function settingsNav(page: Page): Promise<string[]> {
  await page.locator("nav[aria-label='Project settings'] [data-settings]").first().waitFor();
  return page.locator("nav[aria-label='Project settings'] [data-settings]").evaluateAll((els) => els.map((e) => e.getAttribute("data-settings") ?? ""));
}

async function noAccess(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { name: "You don't have access" }).waitFor();
}

it("admin sees every sidebar entry, workspace settings and every project settings page", async () => {
  const page = await admin.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual(["home", "inbox", "projects", "views", "analytics", "your-work", "drafts", "archives"]);
  await page.goto(`/${slug}/settings/`);
  await page.getByRole("heading", { name: "General" }).waitFor();
  const wsNav = await page.locator("nav[aria-label='Workspace settings'] [data-settings]").evaluateAll((els) => els.map((e) => e.getAttribute("data-settings")));
  expect(wsNav).toEqual(["general", "integrations", "members", "billing", "exports", "webhooks", "api-tokens", "imports"]);
  expect(await page.locator("nav[aria-label='Workspace settings'] a[data-settings=imports]").getAttribute("href")).toBe(`/${slug}/settings/impors/`);
  await page.goto(`/${slug}/projects/${projectId}/settings/`);
  expect(await settingsNav(page)).toEqual(["general", "repositories", "model-configuration", "states", "labels", "members", "features", "estimates", "automations"]);
  await page.goto(`/${slug}/projects/${projectId}/settings/features/`);
  await page.getByRole("switch", { name: "Cycles" }).waitFor();
  await page.goto(`/${slug}/projects/${projectId}/settings/estimates/`);
  await page.getByRole("heading", { name: "Estimates is coming" }).waitFor();
  await page.close();
});

it("member sees all sidebar entries but no workspace settings, and only member project pages", async () => {
  const page = await member.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual(["home", "inbox", "projects", "views", "analytics", "your-work", "drafts", "archives"]);
  await noAccess(page, `/${slug}/settings/`);
  await noAccess(page, `/${slug}/settings/members/`);
  await page.goto(`/${slug}/projects/${projectId}/settings/`);
  expect(await settingsNav(page)).toEqual(["general", "states", "labels", "members"]);
  await page.getByText("Only project admins can change these settings.").waitFor();
  expect(await page.getByLabel("Name").isDisabled()).toBe(true);
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

it("guest sees Home, Inbox, Projects and Views, and only the general project page", async () => {
  const page = await guest.newPage();
  await page.goto(`/${slug}/`);
  expect(await sidebarEntries(page)).toEqual(["home", "inbox", "projects", "views"]);
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
  const outsider = await newContext(browser);
  await apiSignUp(outsider, `${unique("out")}@stride.test`, "Otto");
  const page = await outsider.newPage();
  await page.goto(`/${slug}/`);
  await page.getByRole("heading", { name: "Workspace not found" }).waitFor();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));
  await outsider.close();
});

import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launch } from "./browser.ts";
import { apiCreateProject, apiCreateWorkspace, apiInviteAndAccept, apiSignUp, ensureInstanceAdmin, newContext, unique, waitForPath } from "./helpers.ts";

/**
 * Joining a public project (issue #30 point 1): a workspace member who is not in a public project joins it from its card
 * on the projects page, or from the project's own "not a member" screen, and then works in it. Each test makes its own
 * project.
 */
let browser: Browser;
let admin: BrowserContext;
let member: BrowserContext;
let slug = "";

beforeAll(async () => {
  browser = await launch();
  const setup = await newContext(browser);
  await ensureInstanceAdmin(await setup.newPage());
  await setup.close();
  admin = await newContext(browser);
  member = await newContext(browser);
  const [a, m] = [unique("jadm"), unique("jmem")].map((x) => `${x}@stride.test`);
  await apiSignUp(admin, a, "Alice");
  await apiSignUp(member, m, "Max");
  slug = unique("join-");
  await apiCreateWorkspace(admin, "Join Inc", slug);
  await apiInviteAndAccept(admin, member, slug, m, 15);
});
afterAll(async () => { await browser?.close(); });

const ident = () => "J" + Math.random().toString(36).slice(2, 5).toUpperCase();

it("a member joins a public project from its card and opens it", async () => {
  const name = `Open roadmap ${ident()}`;
  const project = await apiCreateProject(admin, slug, name, ident());
  const page = await member.newPage();
  await page.goto(`/${slug}/projects/`);
  const card = page.getByRole("list", { name: "Projects" }).getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  await card.getByText("Not a member").waitFor();
  await card.getByRole("button", { name: `Join ${name}` }).click();
  await card.getByText("Joined").waitFor();
  await expect(card.getByRole("button", { name: `Join ${name}` }).count()).resolves.toBe(0);
  await card.getByRole("link", { name }).click();
  await waitForPath(page, new RegExp(`/projects/${project.id}/issues/`));
  const me = await member.request.get(`/api/workspaces/${slug}/projects/${project.id}/project-members/me/`);
  expect(((await me.json()) as { role: number }).role).toBe(15);
  await page.close();
});

it("a member who opens a public project they are not in joins it from that screen", async () => {
  const name = `Open design ${ident()}`;
  const project = await apiCreateProject(admin, slug, name, ident());
  const page = await member.newPage();
  await page.goto(`/${slug}/projects/${project.id}/issues/`);
  await page.getByRole("heading", { name: "You are not a member of this project" }).waitFor();
  await page.getByRole("button", { name: "Join project" }).click();
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Work items" }).waitFor();
  expect((await member.request.get(`/api/workspaces/${slug}/projects/${project.id}/`)).status()).toBe(200);
  await page.close();
});

import { beforeAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import {
  apiCreateProject,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiSignUp,
  e2eSuite,
  unique,
  waitForPath,
} from "./helpers.ts";

/**
 * Projects (issue #30): a workspace member who is not in a public project joins it from its card on the projects page,
 * or from the project's own "not a member" screen; a cover picked from Stride's own covers or uploaded is kept and shown.
 * Each test makes its own project.
 */
let admin: BrowserContext;
let member: BrowserContext;
let slug = "";

const e2e = e2eSuite({ instance: true });
beforeAll(async () => {
  admin = await e2e.context();
  member = await e2e.context();
  const [a, m] = [unique("jadm"), unique("jmem")].map((x) => `${x}@stride.test`);
  await apiSignUp(admin, a, "Alice");
  await apiSignUp(member, m, "Max");
  slug = unique("join-");
  await apiCreateWorkspace(admin, "Join Inc", slug);
  await apiInviteAndAccept(admin, member, slug, m, 15);
});

const ident = () => "J" + Math.random().toString(36).slice(2, 5).toUpperCase();

it("a member joins a public project from its card and opens it", async () => {
  const name = `Open roadmap ${ident()}`;
  const project = await apiCreateProject(admin, slug, name, ident());
  const page = await member.newPage();
  await page.goto(`/${slug}/projects/`);
  const card = page
    .getByRole("list", { name: "Projects" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
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

/** A 2×1 PNG (red, blue). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwH4QZGBgAJu0D/U9tIm0AAAAASUVORK5CYII=",
  "base64",
);

it("a project made with one of Stride's covers shows it; an uploaded cover chosen in the settings replaces it", async () => {
  const page = await admin.newPage();
  await page.goto(`/${slug}/projects/?create=1`);
  const dialog = page.getByRole("dialog", { name: "Create project" });
  const name = `Covered ${ident()}`;
  await dialog.getByLabel("Name").fill(name);
  const covers = dialog.getByRole("radiogroup", { name: "Covers" });
  await covers.getByRole("radio", { name: "Cover lagoon" }).click();
  await expect(covers.getByRole("radio", { name: "Cover lagoon" }).getAttribute("aria-checked")).resolves.toBe("true");
  await expect(dialog.getByRole("img", { name: "The project's cover" }).getAttribute("src")).resolves.toBe(
    "/api/project-covers/lagoon.svg",
  );
  await dialog.getByRole("button", { name: "Create project" }).click();
  await waitForPath(page, /\/projects\/[0-9a-f-]+\/issues\//);
  const pid = /projects\/([0-9a-f-]+)\//.exec(page.url())![1];
  const made = (await (await admin.request.get(`/api/workspaces/${slug}/projects/${pid}/`)).json()) as {
    cover_image: string;
    cover_image_url: string;
  };
  expect(made).toMatchObject({
    cover_image: "/api/project-covers/lagoon.svg",
    cover_image_url: "/api/project-covers/lagoon.svg",
  });

  await page.goto(`/${slug}/projects/${pid}/settings/`);
  const form = page.getByRole("form", { name: "Project details" });
  await expect(form.getByRole("radio", { name: "Cover lagoon" }).getAttribute("aria-checked")).resolves.toBe("true");
  await form.locator("input[type=file]").setInputFiles({ name: "team.png", mimeType: "image/png", buffer: PNG });
  await expect
    .poll(() => form.getByRole("img", { name: "The project's cover" }).getAttribute("src"))
    .toMatch(/^\/api\/assets\/v2\/static\/[0-9a-f-]+\/$/);
  // a description the server's schema refuses is named under it, before anything is sent
  const description = form.getByRole("textbox", { name: "Description" });
  const before = await description.inputValue();
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().endsWith(`/projects/${pid}/`)) sent.push(r.url());
  });
  await description.fill("x".repeat(10001));
  await form.getByRole("button", { name: "Save changes" }).click();
  await form.getByText("Ensure this field has no more than 10000 characters.").waitFor();
  expect(sent).toEqual([]);
  await description.fill(before);
  await form.getByRole("button", { name: "Save changes" }).click();
  await page.getByText("Project updated").waitFor();
  const saved = (await (await admin.request.get(`/api/workspaces/${slug}/projects/${pid}/`)).json()) as {
    cover_image: string | null;
    cover_image_asset: string;
    cover_image_url: string;
  };
  expect(saved.cover_image).toBeNull();
  expect(saved.cover_image_url).toBe(`/api/assets/v2/static/${saved.cover_image_asset}/`);

  await page.goto(`/${slug}/projects/`);
  const card = page
    .getByRole("list", { name: "Projects" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(card.locator("img").first().getAttribute("src")).resolves.toBe(saved.cover_image_url);
  // the image really loads (the browser got its bytes)
  await expect
    .poll(() =>
      card
        .locator("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(2);
  await page.close();
});

it("the sidebar and the projects page follow live when a member is added to a project and when it is deleted", async () => {
  const name = `Private plans ${ident()}`;
  const page = await member.newPage();
  await page.goto(`/${slug}/projects/`);
  const sidebar = page.getByRole("navigation", { name: "Workspace" });
  await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
  const res = await admin.request.post(`/api/workspaces/${slug}/projects/`, {
    data: { name, identifier: ident(), network: 0 },
  });
  const project = (await res.json()) as { id: string };
  const me = (await (await member.request.get("/api/users/me/")).json()) as { id: string };
  const add = await admin.request.post(`/api/workspaces/${slug}/projects/${project.id}/members/`, {
    data: { members: [{ member_id: me.id, role: 15 }] },
  });
  expect(add.status()).toBe(201);
  // no reload: the membership's event reaches the member's own stream
  await sidebar.getByRole("link", { name }).waitFor();
  const cards = page.getByRole("list", { name: "Projects" });
  await cards.getByText(name, { exact: true }).waitFor();
  expect((await admin.request.delete(`/api/workspaces/${slug}/projects/${project.id}/`)).status()).toBe(204);
  await sidebar.getByRole("link", { name }).waitFor({ state: "detached" });
  await cards.getByText(name, { exact: true }).waitFor({ state: "detached" });
  await page.close();
});

it("an archived project's card offers Restore instead of a Settings page that cannot open", async () => {
  const name = `Old launch ${ident()}`;
  const project = await apiCreateProject(admin, slug, name, ident());
  expect((await admin.request.post(`/api/workspaces/${slug}/projects/${project.id}/archive/`)).status()).toBeLessThan(
    300,
  );
  const page = await admin.newPage();
  await page.goto(`/${slug}/projects/?archived=1`);
  const card = page
    .getByRole("list", { name: "Projects" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
  await card.getByText("Archived").waitFor();
  await card.getByRole("button", { name: `Actions for ${name}` }).click();
  const menu = page.getByRole("menu");
  await menu.getByRole("menuitem", { name: "Restore" }).waitFor();
  expect(await menu.getByRole("menuitem", { name: "Settings" }).count()).toBe(0);
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: `Restore ${name}` }).click();
  await page.getByText("Project restored").waitFor();
  const got = (await (await admin.request.get(`/api/workspaces/${slug}/projects/${project.id}/`)).json()) as {
    archived_at: string | null;
  };
  expect(got.archived_at).toBeNull();
  await page.close();
});

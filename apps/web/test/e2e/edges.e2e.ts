import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  apiAddProjectMember,
  apiInviteAndAccept,
  apiSignUp,
  completeProfileStep,
  e2eSuite,
  ensureInstanceAdmin,
  PASSWORD,
  unique,
  waitForPath,
} from "./helpers.ts";
import { arrange, createItems, listUrl, openList, poll, signUpUser, type Arranged } from "./work-items-fixtures.ts";

/**
 * The rough edges a person hits in the first hour (issue #7, points 6–10), each seeded through the API
 * by its own test: the create modal keeps or discards what was typed, the project tab bar and the
 * narrow-window sidebar, a wrong password keeps the password step, guest screens tell guests what they
 * can do, and controls that cannot work say so instead of failing afterwards.
 */

const e2e = e2eSuite();

const context = (viewport?: { width: number; height: number }): Promise<BrowserContext> => e2e.context(viewport);

/** A signed-in workspace admin with a workspace and a project. */
async function admin(viewport?: {
  width: number;
  height: number;
}): Promise<{ ctx: BrowserContext; a: Arranged; page: Page }> {
  const ctx = await context(viewport);
  const a = await arrange(ctx);
  return { ctx, a, page: await ctx.newPage() };
}

/** A user of the admin's workspace with `role` (and, when given, that role in the project too). */
async function teammate(owner: BrowserContext, a: Arranged, role: number, inProject: boolean): Promise<BrowserContext> {
  const ctx = await context();
  const { email, userId } = await signUpUser(ctx.request, "Gina");
  await apiInviteAndAccept(owner, ctx, a.slug, email, role);
  if (inProject) await apiAddProjectMember(owner, a.slug, a.projectId, userId, role);
  return ctx;
}

const W = (a: Arranged) => `/api/workspaces/${a.slug}`;
const P = (a: Arranged) => `${W(a)}/projects/${a.projectId}`;

async function drafts(
  ctx: BrowserContext,
  a: Arranged,
): Promise<{ name: string; project_id: string | null; description_html: string | null }[]> {
  const r = (await (await ctx.request.get(`${W(a)}/draft-issues/`)).json()) as {
    results: { name: string; project_id: string | null; description_html: string | null }[];
  };
  return r.results;
}

// ------------------------------------------------------------------ 6. the create modal keeps what was typed

it("closing the create modal after typing asks first; Keep editing goes back and Save as draft keeps it as a draft", async () => {
  const { ctx, a, page } = await admin();
  await openList(page, a);
  await page.getByRole("button", { name: "Add work item" }).click();
  const modal = page.getByRole("dialog", { name: "Create work item" });
  await modal.getByRole("textbox", { name: "Title" }).fill("Half-written idea");
  await modal.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Notes to finish later");
  const prompt = page.getByRole("dialog", { name: "Discard this work item?" });

  // Escape in an open list of the editor closes only the list
  await page.keyboard.type(" /");
  const slash = page.getByRole("listbox", { name: "Insert a block" });
  await slash.waitFor();
  await page.keyboard.press("Escape");
  await slash.waitFor({ state: "detached" });
  expect(await prompt.count()).toBe(0);
  expect(await modal.isVisible()).toBe(true);
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");

  // then Escape asks instead of throwing the text away
  await page.keyboard.press("Escape");
  await prompt.waitFor();
  for (const b of ["Keep editing", "Discard", "Save as draft"])
    expect(await prompt.getByRole("button", { name: b, exact: true }).isVisible()).toBe(true);
  await prompt.getByRole("button", { name: "Keep editing" }).click();
  await prompt.waitFor({ state: "hidden" });
  expect(await modal.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Half-written idea");

  // ✕ asks too; saving keeps a workspace draft of this project, with its description
  await modal.getByRole("button", { name: "Close" }).click();
  await prompt.waitFor();
  await prompt.getByRole("button", { name: "Save as draft" }).click();
  await modal.waitFor({ state: "hidden" });
  await page.getByText("Saved to drafts").waitFor();
  await poll(async () => (await drafts(ctx, a)).map((d) => d.name)).toEqual(["Half-written idea"]);
  const [d] = await drafts(ctx, a);
  expect(d.project_id).toBe(a.projectId);
  expect(d.description_html).toContain("Notes to finish later");
  // nothing was created as a work item
  await page.getByLabel("0 work items").waitFor();
});

it("Discard throws the typing away, and a modal with nothing typed closes without asking", async () => {
  const { ctx, a, page } = await admin();
  await openList(page, a);
  const modal = page.getByRole("dialog", { name: "Create work item" });
  const prompt = page.getByRole("dialog", { name: "Discard this work item?" });
  await page.getByRole("button", { name: "Add work item" }).click();
  await modal.getByRole("textbox", { name: "Title" }).fill("Never mind");
  await page.keyboard.press("Escape");
  await prompt.getByRole("button", { name: "Discard" }).click();
  await modal.waitFor({ state: "hidden" });
  expect(await drafts(ctx, a)).toEqual([]);

  // reopened: empty, and Escape / ✕ close it at once
  await page.getByRole("button", { name: "Add work item" }).click();
  const title = modal.getByRole("textbox", { name: "Title" });
  expect(await title.inputValue()).toBe("");
  await poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press("Escape");
  await modal.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Add work item" }).click();
  await modal.getByRole("button", { name: "Close" }).click();
  await modal.waitFor({ state: "hidden" });
  expect(await prompt.count()).toBe(0);
  expect(await drafts(ctx, a)).toEqual([]);
});

// ------------------------------------------------------------------ 7. tab bar and sidebar overlay

it("the project tab bar keeps its height on a long page, and Settings stays whole at 400 px", async () => {
  const { a, page } = await admin({ width: 1280, height: 500 });
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const bar = page.getByRole("navigation", { name: "Project", exact: true });
  await page.getByRole("form", { name: "Project details" }).waitFor();
  // the settings page is taller than the window
  expect(await page.locator("main").evaluate((m) => m.scrollHeight > m.clientHeight)).toBe(true);
  const box = (await bar.boundingBox())!;
  const content = await bar.evaluate((n) => n.scrollHeight);
  const settings = bar.getByRole("link", { name: "Settings", exact: true });
  expect(box.height).toBeGreaterThanOrEqual(content);
  expect(box.height).toBeGreaterThanOrEqual((await settings.boundingBox())!.height);
  expect(box.height).toBeGreaterThanOrEqual(36);

  await page.setViewportSize({ width: 400, height: 700 });
  await poll(async () => (await bar.boundingBox())!.width).toBeLessThanOrEqual(400);
  // the bar fits its tabs to its new width once it has seen it (a resize observer, a frame or two later)
  await poll(async () => {
    const r = (await settings.boundingBox())!;
    return r.x + r.width;
  }).toBeLessThanOrEqual(400);
  const s = (await settings.boundingBox())!;
  const b = (await bar.boundingBox())!;
  expect(s.x).toBeGreaterThanOrEqual(0);
  expect(s.x + s.width).toBeLessThanOrEqual(400);
  expect(s.y).toBeGreaterThanOrEqual(b.y);
  expect(s.y + s.height).toBeLessThanOrEqual(b.y + b.height);
  // tabs do not wrap: every tab is one line high
  for (const tab of await bar.getByRole("link").all()) {
    const t = await tab.boundingBox();
    if (t) expect(t.height).toBeLessThanOrEqual(32);
  }
  await settings.click();
  await page.getByRole("form", { name: "Project details" }).waitFor();
});

/** What a click at (x, y) lands on: whether it is the page or the sidebar, and how much it dims what is under it (alpha). */
const coverAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const el = document.elementFromPoint(px, py) as HTMLElement;
      const bg = getComputedStyle(el).backgroundColor;
      const alpha =
        /\/\s*([\d.]+)\)$/.exec(bg)?.[1] ??
        /^rgba\(.*,\s*([\d.]+)\)$/.exec(bg)?.[1] ??
        (bg.startsWith("rgb(") ? "1" : "0");
      return { content: !!el.closest("main, aside"), alpha: Number(alpha) };
    },
    [x, y],
  );

it("the narrow-window sidebar overlay dims the page behind a backdrop in both themes, holds focus, and closes by click or Escape", async () => {
  const { a, page } = await admin({ width: 400, height: 700 });
  await page.goto(listUrl(a));
  const sidebar = page.getByRole("complementary", { name: "Workspace sidebar" });
  await page.getByRole("button", { name: "Show sidebar" }).first().click();
  await sidebar.waitFor();
  // the sidebar leaves part of the window free, and what shows there is a backdrop over the page
  const side = (await sidebar.boundingBox())!;
  expect(side.x + side.width).toBeLessThan(390);
  const light = await coverAt(page, 395, 350);
  expect(light.content).toBe(false);
  expect(light.alpha).toBeGreaterThanOrEqual(0.3);
  // the page behind cannot be reached with Tab while the drawer is open
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(false);
  }
  await page.mouse.click(395, 350);
  await sidebar.waitFor({ state: "hidden" });
  expect((await coverAt(page, 395, 350)).content).toBe(true);

  // in the dark theme the backdrop still visibly dims the (already dark) page
  const dark = await page.request.patch("/api/users/me/profile/", { data: { theme: { theme: "dark" } } });
  expect(dark.ok()).toBe(true);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  await page.getByRole("button", { name: "Show sidebar" }).first().click();
  await sidebar.waitFor();
  const dim = await coverAt(page, 395, 350);
  expect(dim.content).toBe(false);
  expect(dim.alpha).toBeGreaterThanOrEqual(0.6);
  // focus moves into the drawer, Escape closes it and focus returns to the toggle
  await poll(() => page.evaluate(() => !!document.activeElement?.closest("aside"))).toBe(true);
  await page.keyboard.press("Escape");
  await sidebar.waitFor({ state: "hidden" });
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Show sidebar");
});

// ------------------------------------------------------------------ 8. a wrong password

it("a wrong password keeps the password step for that email, with the message, and cleans the URL", async () => {
  const arranging = await context();
  const a = await arrange(arranging);
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto("/");
  await page.getByLabel("Email").fill(a.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();

  // the server redirects with ?error_code=5065…&email=…; the form reopens the password step
  await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
  expect(await page.getByLabel("Password").isVisible()).toBe(true);
  expect(await page.getByLabel("Password").inputValue()).toBe("");
  expect(await page.getByText(a.email, { exact: true }).isVisible()).toBe(true);
  await poll(() => new URL(page.url()).search).toBe("");
  expect(await page.getByLabel("Email").count()).toBe(0);

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(page, new RegExp(`^/${a.slug}(/|$)`));
});

// ------------------------------------------------------------------ 9. guests

it("a guest outside a project is told to ask an admin, not to join it from a list they cannot use", async () => {
  const { ctx: owner, a } = await admin();
  const guest = await teammate(owner, a, 5, false);
  const page = await guest.newPage();
  await page.goto(listUrl(a));
  await page.getByRole("heading", { name: "You are not a member of this project" }).waitFor();
  const main = page.locator("main");
  expect(await main.textContent()).toContain("Ask a project admin to add you");
  expect((await main.textContent())!.toLowerCase()).not.toContain("join");

  await page.goto(`/${a.slug}/projects/`);
  await page.getByRole("heading", { name: "No projects yet" }).waitFor();
  expect(await page.getByRole("button", { name: /add project|create project/i }).count()).toBe(0);

  await page.goto(`/${a.slug}/`);
  await page.getByText("You have not been added to a project yet. A project admin can add you.").waitFor();
  expect((await main.textContent())!.toLowerCase()).not.toContain("join");
});

it("a guest in a project is not told to create work items, and read-only controls look it and say why", async () => {
  const { ctx: owner, a } = await admin();
  const guest = await teammate(owner, a, 5, true);
  const page = await guest.newPage();
  await openList(page, a);
  await page.getByRole("heading", { name: "No work items yet" }).waitFor();
  const main = page.locator("main");
  expect(await main.textContent()).toContain("You can see the work items of this project but not create them.");
  expect(await main.textContent()).not.toContain("Create the first one");
  // (in the screen: the workspace switcher names the workspace, "Work Items Co")
  expect(await main.getByRole("button", { name: /work item/i }).count()).toBe(0);

  // a work item shared with guests: its properties are read-only and say why
  const ok = await owner.request.patch(`${P(a)}/`, { data: { guest_view_all_features: true } });
  expect(ok.ok()).toBe(true);
  await createItems(owner.request, a, [{ name: "Shared with guests", priority: "high" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-1/`);
  await page.getByText("Guests can view this work item but change only the work items they created.").waitFor();
  const state = page.getByRole("button", { name: /^State/ }).first();
  expect(await state.isDisabled()).toBe(true);
  expect(await page.locator("dl[title]").getAttribute("title")).toBe(
    "Guests can view this work item but change only the work items they created.",
  );

  // project settings: the disabled form looks disabled and says who may change it
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const form = page.getByRole("form", { name: "Project details" });
  await form.waitFor();
  expect(await form.locator("fieldset[title]").getAttribute("title")).toBe(
    "Only project admins can change these settings.",
  );
  const emoji = form.getByRole("button", { name: /^Emoji / }).first();
  expect(await emoji.isDisabled()).toBe(true);
  expect(Number(await emoji.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  expect(await emoji.evaluate((el) => getComputedStyle(el).cursor)).toBe("not-allowed");
});

it("onboarding skips the invite step for a guest who joined by invitation", async () => {
  const { ctx: owner, a } = await admin();
  const email = `${unique("guest")}@stride.test`;
  const res = await owner.request.post(`${W(a)}/invitations/`, { data: { emails: [{ email, role: 5 }] } });
  expect(res.ok()).toBe(true);
  const ctx = await context();
  await apiSignUp(ctx, email, "Gina", false);
  const page = await ctx.newPage();
  await page.goto("/");
  await completeProfileStep(page, "Gina");
  await page.getByRole("heading", { name: "Set up your workspace" }).waitFor();
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Join selected workspaces" }).click();
  await waitForPath(page, new RegExp(`^/${a.slug}/?$`));
  await page.getByRole("heading", { name: "Home" }).waitFor();
  expect(await page.getByRole("heading", { name: "Invite your teammates" }).count()).toBe(0);
  const profile = (await (await ctx.request.get("/api/users/me/profile/")).json()) as { is_onboarded: boolean };
  expect(profile.is_onboarded).toBe(true);
});

// ------------------------------------------------------------------ 10. controls that cannot work

it("the default state's Delete is disabled with the reason; another state's Delete works", async () => {
  const { a, page } = await admin();
  const states = (await (await page.request.get(`${P(a)}/states/`)).json()) as { name: string; default: boolean }[];
  const def = states.find((s) => s.default)!;
  const other = states.find((s) => !s.default)!;
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/states/`);
  await page.getByRole("button", { name: `Actions for state ${def.name}` }).click();
  const del = page.getByRole("menuitem", { name: /^Delete/ });
  expect(await del.isDisabled()).toBe(true);
  expect(await del.textContent()).toContain("The default state cannot be deleted.");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: `Actions for state ${other.name}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete state" });
  await confirm.waitFor();
  expect(await confirm.getByRole("button", { name: "Delete" }).isEnabled()).toBe(true);
  expect(await confirm.textContent()).not.toContain("default state");
});

it("features switched off say so, every project feature switches, and a settings page still to come says so and asks nothing", async () => {
  const { a, page } = await admin();
  const off = await page.request.patch(`${P(a)}/`, {
    data: { cycle_view: false, page_view: false, issue_views_view: false },
  });
  expect(off.ok()).toBe(true);
  // a built feature that is switched off says so
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/`);
  await page.getByRole("heading", { name: "Pages are turned off" }).waitFor();
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
  await page.getByRole("heading", { name: "Cycles are turned off" }).waitFor();
  // no tab leads to a feature that does not exist or is off (modules are built and on by default)
  const bar = page.getByRole("navigation", { name: "Project", exact: true });
  expect(await bar.getByRole("link").allTextContents()).toEqual(["Work items", "Modules", "Settings"]);

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/features/`);
  // every project feature is built: no switch is locked (a feature still to come would be, with the reason)
  await page.getByRole("switch", { name: "Workflows" }).waitFor();
  expect(
    await page
      .getByRole("switch")
      .evaluateAll((els) => els.filter((e) => e.getAttribute("aria-disabled") === "true").length),
  ).toBe(0);
  let patches = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().endsWith(`/projects/${a.projectId}/`)) patches += 1;
  });
  // a built feature still switches
  const cycles = page.getByRole("switch", { name: "Cycles" });
  expect(await cycles.getAttribute("aria-disabled")).toBeNull();
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PATCH" && r.url().endsWith(`/projects/${a.projectId}/`),
  );
  await cycles.click();
  expect((await saved).ok()).toBe(true);
  expect(patches).toBe(1);
  // the switch shows the saved value once the answer has been read (not at the instant it arrives)
  await page.getByRole("switch", { name: "Cycles", checked: true }).waitFor();
  expect(await cycles.getAttribute("aria-checked")).toBe("true");

  // a settings page still to come says so and asks the server nothing for it
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("automation")) asked.push(r.url());
  });
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/automations/`);
  await page.getByRole("heading", { name: "Automations is coming" }).waitFor();
  expect(asked.filter((u) => u.includes("/api/"))).toEqual([]);
});

it("god mode does not offer Google sign-in until its client ID and secret are saved", async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await ensureInstanceAdmin(page);
  await page.goto("/god-mode/authentication/");
  const google = page.getByRole("region", { name: "Google sign-in" });
  const sw = google.getByRole("switch", { name: "Google" });
  await sw.waitFor();
  expect(await sw.getAttribute("aria-disabled")).toBe("true");
  expect(await sw.getAttribute("title")).toBe(
    "Save the client ID and client secret below before turning on Google sign-in.",
  );
  await sw.click({ force: true });
  expect(await sw.getAttribute("aria-checked")).toBe("false");
  expect(
    ((await (await page.request.get("/api/instances/")).json()) as { config: { is_google_enabled: boolean } }).config
      .is_google_enabled,
  ).toBe(false);

  try {
    await google.getByLabel("Client ID").fill("e2e-client");
    await google.getByLabel("Client secret").fill("e2e-secret");
    await google.getByRole("button", { name: "Save Google credentials" }).click();
    await poll(() => sw.getAttribute("aria-disabled")).toBeNull();
  } finally {
    const cleared = await page.request.patch("/api/instances/configurations/", {
      data: { IS_GOOGLE_ENABLED: "0", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" },
    });
    expect(cleared.ok()).toBe(true);
  }
});

it("the only admin is not offered Leave (project and workspace), and is once another admin exists", async () => {
  const { ctx, a, page } = await admin();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const leave = page.getByRole("button", { name: "Leave project" });
  await poll(() => leave.getAttribute("aria-disabled")).toBe("true");
  expect(await leave.getAttribute("title")).toContain("You are the only admin of this project");
  await leave.click({ force: true });
  expect(await page.getByRole("dialog", { name: "Leave project" }).count()).toBe(0);

  await page.goto(`/${a.slug}/settings/members/`);
  const leaveWs = page.getByRole("button", { name: "Leave workspace" });
  await poll(() => leaveWs.getAttribute("aria-disabled")).toBe("true");
  expect(await leaveWs.getAttribute("title")).toContain("You are the only admin of this workspace");

  await teammate(ctx, a, 20, true);
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  await page.getByRole("button", { name: "Leave project" }).waitFor();
  await poll(() => page.getByRole("button", { name: "Leave project" }).getAttribute("aria-disabled")).toBeNull();
  await page.goto(`/${a.slug}/settings/members/`);
  await page.locator("[data-member]").nth(1).waitFor();
  expect(await page.getByRole("button", { name: "Leave workspace" }).getAttribute("aria-disabled")).toBeNull();
});

it("the project's Add member dialog offers roles up to the person's workspace role and adds them", async () => {
  const { ctx, a, page } = await admin();
  await teammate(ctx, a, 15, false);
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/members/`);
  const list = page.getByRole("list", { name: "Project members" });
  await list.waitFor();
  await page.getByRole("button", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add member" });
  const person = dialog.getByRole("combobox", { name: "Workspace member" });
  const gina = person.locator("option", { hasText: "Gina" });
  await person.selectOption((await gina.getAttribute("value"))!);
  const roles = await dialog.getByRole("combobox", { name: "Project role" }).locator("option").allTextContents();
  expect(roles).not.toContain("Admin");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
  await poll(() => list.getByRole("combobox", { name: /^Role of / }).inputValue()).toBe("15");
});

it("a link's invalid URL is shown on the field, not as a raw toast", async () => {
  const { a, page } = await admin();
  await createItems(page.request, a, [{ name: "Needs a link" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-1/`);
  await page.getByRole("button", { name: "Add link" }).click();
  const form = page.getByRole("form", { name: "Add link" });
  await form.getByRole("textbox", { name: "URL" }).fill("not a url");
  await form.getByRole("button", { name: "Add link" }).click();
  await form.getByRole("alert").filter({ hasText: "Enter a valid URL." }).waitFor();
  expect(await form.getByRole("textbox", { name: "URL" }).getAttribute("aria-invalid")).toBe("true");
  expect(await page.locator("[data-toast]").count()).toBe(0);
  expect(await page.getByText("url: Enter a valid URL.").count()).toBe(0);
  // editing the field clears its error; a valid URL is added
  await form.getByRole("textbox", { name: "URL" }).fill("https://stride.test/spec");
  await poll(() => form.getByRole("alert").count()).toBe(0);
  await form.getByRole("button", { name: "Add link" }).click();
  await page.getByRole("link", { name: "https://stride.test/spec" }).waitFor();
});

it("create-project errors clear as soon as each field becomes valid", async () => {
  const { a, page } = await admin();
  await page.goto(`/${a.slug}/projects/`);
  await page.getByRole("button", { name: "Add project" }).click();
  const form = page.getByRole("form", { name: "Create project" });
  await form.getByRole("button", { name: "Create project" }).click();
  await form.getByText("Name is required.").waitFor();
  await form.getByText("Identifier is required.").waitFor();
  await form.getByLabel("Name").fill("Apollo");
  // the identifier is derived from the name, so both errors go
  await form.getByText("Name is required.").waitFor({ state: "detached" });
  expect(await form.getByText("Identifier is required.").count()).toBe(0);
  expect(await form.getByLabel("Identifier").inputValue()).toBe("APOLL");
  // and come back live if a field is emptied again
  await form.getByLabel("Name").fill("");
  await form.getByText("Name is required.").waitFor();
});

it("workspace imports settings open at the spec's path and at its correct spelling", async () => {
  const { a, page } = await admin();
  for (const path of ["impors", "imports"]) {
    await page.goto(`/${a.slug}/settings/${path}/`);
    await page.getByRole("heading", { name: "Imports", exact: true }).waitFor();
    const link = page.locator("nav[aria-label='Workspace settings'] a[data-settings=imports]");
    expect(await link.getAttribute("class")).toContain("bg-fill-selected");
  }
});

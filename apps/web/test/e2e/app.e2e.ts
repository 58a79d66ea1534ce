import { afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Cookie } from "playwright-core";
import {
  apiCreateProject,
  apiCreateWorkspace,
  apiSignUp,
  e2eSuite,
  PASSWORD,
  signIn,
  signUp,
  unique,
  waitForPath,
} from "./helpers.ts";

/**
 * App-wide behaviours: the projects list (sorts, filters, favourite), 401 handling with next_path,
 * the theme, a narrow window, keyboard use, and the sign-up/sign-in messages. The owner signs up once; each test
 * gets a fresh browser context signed in as the owner (no storage left by another test) and its own workspace.
 */
let owner: BrowserContext;
let ownerEmail = "";
let ownerCookies: Cookie[] = [];
let slug = "";

const e2e = e2eSuite({ instance: true });
beforeAll(async () => {
  const signingUp = await e2e.context();
  ownerEmail = `${unique("own")}@stride.test`;
  await apiSignUp(signingUp, ownerEmail, "Owen");
  ownerCookies = await signingUp.cookies();
  await signingUp.close();
});
beforeEach(async () => {
  owner = await e2e.context();
  await owner.addCookies(ownerCookies);
  slug = unique("app-");
  await apiCreateWorkspace(owner, "App Inc", slug);
  // Created in this order: Bravo (oldest), Alpha, Charlie (newest).
  await apiCreateProject(owner, slug, "Bravo", "BRV");
  await apiCreateProject(owner, slug, "Alpha", "ALP");
  const charlie = await apiCreateProject(owner, slug, "Charlie", "CHR");
  const res = await owner.request.post(`/api/workspaces/${slug}/projects/${charlie.id}/archive/`);
  expect(res.ok()).toBe(true);
});
afterEach(async () => {
  await owner?.close();
});

const order = (page: import("playwright-core").Page) =>
  page
    .locator("ul[aria-label=Projects] [data-project]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-project")));

it("sorts, filters and favourites projects", async () => {
  const page = await owner.newPage();
  await page.goto(`/${slug}/projects/`);
  await page.locator('[data-project="ALP"]').waitFor();
  // Default order: created date ascending; archived projects hidden.
  expect(await order(page)).toEqual(["BRV", "ALP"]);
  await page.getByLabel("Order by").selectOption("name");
  expect(await order(page)).toEqual(["ALP", "BRV"]);
  await page.getByRole("button", { name: "Ascending" }).click();
  expect(await order(page)).toEqual(["BRV", "ALP"]);
  await page.getByLabel("Archived projects").check();
  await page.locator('[data-project="CHR"]').waitFor();
  expect(await order(page)).toEqual(["CHR"]);
  await page.getByLabel("Archived projects").uncheck();
  await page.getByLabel("Search projects").fill("alp");
  expect(await order(page)).toEqual(["ALP"]);
  await page.getByLabel("Search projects").fill("");

  // Favourite: optimistic, then persisted.
  const saved = page.waitForResponse(
    (r) => r.url().includes("/user-favorite-projects/") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Add Alpha to favourites" }).click();
  await page.getByRole("button", { name: "Remove Alpha from favourites" }).waitFor();
  expect((await saved).status()).toBeLessThan(300);
  const details = (await (await page.request.get(`/api/workspaces/${slug}/projects/details/`)).json()) as {
    identifier: string;
    is_favorite: boolean;
  }[];
  expect(details.find((p) => p.identifier === "ALP")?.is_favorite).toBe(true);
  await page.reload();
  await page.getByRole("button", { name: "Remove Alpha from favourites" }).waitFor();
  await page.close();
});

it("creating a project shows the server's field errors", async () => {
  const page = await owner.newPage();
  await page.goto(`/${slug}/projects/`);
  await page.getByRole("button", { name: "Add project" }).click();
  const modal = page.getByRole("dialog", { name: "Create project" });
  await modal.getByLabel("Name").fill("Alpha");
  await modal.getByLabel("Identifier").fill("ALP2");
  await modal.getByRole("button", { name: "Create project" }).click();
  await modal.getByText(/already exists|PROJECT_NAME_ALREADY_EXIST/).waitFor();
  await modal.getByLabel("Name").fill("Delta");
  await modal.getByLabel("Identifier").fill("API");
  await modal.getByRole("button", { name: "Create project" }).click();
  await modal.getByText("This identifier is reserved.").waitFor();
  await page.keyboard.press("Escape");
  expect(await page.getByRole("dialog", { name: "Create project" }).count()).toBe(0);
  await page.close();
});

it("sends signed-out visitors to / with next_path and back after sign-in", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await page.goto(`/${slug}/projects/`);
  await waitForPath(page, /^\/$/);
  expect(new URL(page.url()).searchParams.get("next_path")).toBe(`/${slug}/projects/`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/projects/?$`));
  await page.locator('[data-project="ALP"]').waitFor();

  // The session ends while the app is open: the next call's 401 sends the browser to / with next_path.
  await ctx.clearCookies();
  await page.getByRole("button", { name: /Bravo (to|from) favourites/ }).click();
  await waitForPath(page, /^\/$/);
  expect(new URL(page.url()).searchParams.get("next_path")).toBe(`/${slug}/projects/`);
  await ctx.close();
});

it("shows readable auth messages and the password strength states", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await page.goto("/");
  await page.getByLabel("Email").fill(`${unique("nobody")}@stride.test`);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByText("No account exists with this email. Sign up instead.").waitFor();

  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByText("An account with this email already exists. Sign in instead.").waitFor();

  await page.getByLabel("Email").fill(`${unique("meter")}@stride.test`);
  await page.getByRole("button", { name: "Continue" }).click();
  const meter = page.locator("[data-strength]");
  expect(await meter.getAttribute("data-strength")).toBe("empty");
  await page.getByLabel("Set a password").fill("abc");
  expect(await meter.getAttribute("data-strength")).toBe("length_not_valid");
  await page.getByLabel("Set a password").fill("password1");
  expect(await meter.getAttribute("data-strength")).toBe("strength_not_valid");
  await page.getByLabel("Set a password").fill(PASSWORD);
  expect(await meter.getAttribute("data-strength")).toBe("strength_valid");

  // A server-side error code in the redirect is shown as its message on the right screen.
  await page.goto("/?error_code=5030&error_message=USER_ALREADY_EXIST&email=x%40stride.test");
  await waitForPath(page, /^\/sign-up\/?$/);
  await page.getByText("An account with this email already exists. Sign in instead.").waitFor();
  await ctx.close();
});

it("applies the theme from the profile and keeps it after a reload", async () => {
  const page = await owner.newPage();
  await page.goto("/profile/");
  // The class changes at once; wait for the profile PATCH itself before reading the profile back.
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/users/me/profile/") && r.request().method() === "PATCH",
  );
  await page.getByLabel("Theme").selectOption("dark");
  expect((await saved).ok()).toBe(true);
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  const profile = (await (await page.request.get("/api/users/me/profile/")).json()) as { theme: { theme: string } };
  expect(profile.theme.theme).toBe("dark");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  await page.getByLabel("Theme").selectOption("light");
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
  await page.close();
});

it("works in a narrow window with a collapsible sidebar", async () => {
  const ctx = await owner.browser()!.newContext({
    baseURL: (await import("./browser.ts")).baseUrl(),
    viewport: { width: 420, height: 800 },
    storageState: await owner.storageState(),
    serviceWorkers: "block",
  });
  const page = await ctx.newPage();
  await page.goto(`/${slug}/`);
  await page.getByRole("heading", { name: "Home" }).waitFor();
  expect(await page.getByRole("complementary", { name: "Workspace sidebar" }).isVisible()).toBe(false);
  await page.getByRole("button", { name: "Show sidebar" }).click();
  await page.getByRole("complementary", { name: "Workspace sidebar" }).waitFor();
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await waitForPath(page, new RegExp(`^/${slug}/projects/?$`));
  await page.getByRole("complementary", { name: "Workspace sidebar" }).waitFor({ state: "hidden" });
  // Nothing overflows horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await ctx.close();
});

it("is usable from the keyboard", async () => {
  const page = await owner.newPage();
  await page.goto(`/${slug}/projects/`);
  await page.locator('[data-project="ALP"]').waitFor();
  await page.getByRole("button", { name: "Profile menu" }).focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Profile");
  await page.keyboard.press("ArrowDown");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Security");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.activeElement?.textContent?.startsWith("Profile menu"));
  await page.getByRole("button", { name: "Add project" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Create project" }).waitFor();
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("name");
  await page.keyboard.type("Keyboard Project");
  await page.keyboard.press("Enter");
  await waitForPath(page, new RegExp(`^/${slug}/projects/[0-9a-f-]{36}/issues/?$`));
  await page.close();
});

it("signs a new user up through the UI without a workspace and routes to create-workspace after onboarding", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await signUp(page, `${unique("fresh")}@stride.test`);
  await waitForPath(page, /^\/onboarding\/?$/);
  await ctx.close();
  const ctx2 = await e2e.context();
  const email = `${unique("done")}@stride.test`;
  await apiSignUp(ctx2, email, "Dora");
  const p2 = await ctx2.newPage();
  await p2.goto("/");
  await waitForPath(p2, /^\/create-workspace\/?$/);
  await p2.getByLabel("Workspace URL").fill("god-mode");
  await p2.getByText("This URL is reserved. Choose another one.").waitFor();
  await ctx2.close();
  const ctx3 = await e2e.context();
  const p3 = await ctx3.newPage();
  await signIn(p3, email);
  await waitForPath(p3, /^\/create-workspace\/?$/);
  await ctx3.close();
});

it("accepts an invitation from its link, then the invitee signs up into the workspace", async () => {
  const email = `${unique("linked")}@stride.test`;
  const res = await owner.request.post(`/api/workspaces/${slug}/invitations/`, {
    data: { emails: [{ email, role: 15 }] },
  });
  expect(res.ok()).toBe(true);
  const invitations = (await (await owner.request.get(`/api/workspaces/${slug}/invitations/`)).json()) as {
    email: string;
    invite_link: string;
  }[];
  const link = invitations.find((i) => i.email === email)!.invite_link;
  expect(link).toMatch(/^\/workspace-invitations\/\?invitation_id=.+&slug=.+&token=.+/);

  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await page.goto(link);
  await page.getByRole("heading", { name: "Join App Inc" }).waitFor();
  await page.getByText(`${email} was invited as Member.`).waitFor();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByText(`Invitation accepted. Sign in or sign up as ${email} to open the workspace.`).waitFor();
  await page.getByRole("link", { name: "Sign up" }).click();
  expect(await page.getByLabel("Email").inputValue()).toBe(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Set a password").fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await waitForPath(page, /^\/onboarding\/?$/);
  await page.getByLabel("First name").fill("Lena");
  await page.getByLabel("What is your role?").selectOption("Founder / Executive");
  await page.getByRole("button", { name: "Continue" }).click();
  // Already a member through the accepted invitation, and only admins invite: onboarding ends here.
  await waitForPath(page, new RegExp(`^/${slug}/?$`));

  // Answering the same link again is refused with the server's message.
  await page.goto(link);
  await page
    .getByText(/already|not found|does not exist/i)
    .first()
    .waitFor();
  await ctx.close();
});

it("admins change a member's role and remove members in workspace settings", async () => {
  const ctx = await e2e.context();
  const email = `${unique("member")}@stride.test`;
  await apiSignUp(ctx, email, "Mia");
  await owner.request.post(`/api/workspaces/${slug}/invitations/`, { data: { emails: [{ email, role: 15 }] } });
  const invites = (await (await ctx.request.get("/api/users/me/workspaces/invitations/")).json()) as { id: string }[];
  expect(
    (
      await ctx.request.post("/api/users/me/workspaces/invitations/", {
        data: { invitations: invites.map((i) => i.id) },
      })
    ).ok(),
  ).toBe(true);

  const page = await owner.newPage();
  await page.goto(`/${slug}/settings/members/`);
  const row = page.locator(`[data-member="${email}"]`);
  await row.waitFor();
  await row.getByRole("combobox").selectOption({ label: "Guest" });
  await page.getByText("Role updated").waitFor();
  const members = (await (await page.request.get(`/api/workspaces/${slug}/members/`)).json()) as {
    role: number;
    member: { email?: string };
  }[];
  expect(members.find((m) => m.member.email === email)?.role).toBe(5);
  await row.getByRole("button", { name: /Remove/ }).click();
  await page.getByRole("dialog", { name: "Remove member" }).getByRole("button", { name: "Remove" }).click();
  await page.getByText("Member removed").waitFor();
  await row.waitFor({ state: "detached" });
  await page.close();
  await ctx.close();
});

it("shows readable messages on the password reset screens", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await page.goto("/accounts/forgot-password/");
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText("Email is not configured on this instance, so codes cannot be sent.").waitFor();
  await page.goto("/accounts/reset-password/?error_code=5125&error_message=INVALID_PASSWORD_TOKEN");
  await page.getByText("This password reset link is not valid.").waitFor();
  await page.getByRole("link", { name: "Request a new link" }).waitFor();
  await ctx.close();
});

it("changes the password from the security page", async () => {
  const ctx = await e2e.context();
  const email = `${unique("sec")}@stride.test`;
  await apiSignUp(ctx, email, "Sam");
  const page = await ctx.newPage();
  await page.goto("/profile/security/");
  await page.getByRole("heading", { name: "Change password" }).waitFor();
  const next = "Velvet-Quokka-Harbor-73";
  await page.getByLabel("Current password").fill("Wrong-Password-999!");
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Confirm new password").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByText("The current password is incorrect.").waitFor();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByText("Password changed.").waitFor();
  await ctx.close();

  const again = await e2e.context();
  const p2 = await again.newPage();
  await signIn(p2, email, next);
  await waitForPath(p2, /^\/create-workspace\/?$/);
  await again.close();
});

it("accepts pending invitations on /invitations", async () => {
  const ctx = await e2e.context();
  const email = `${unique("pending")}@stride.test`;
  await apiSignUp(ctx, email, "Pia");
  await owner.request.post(`/api/workspaces/${slug}/invitations/`, { data: { emails: [{ email, role: 5 }] } });
  const page = await ctx.newPage();
  await page.goto("/");
  await waitForPath(page, /^\/invitations\/?$/);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));
  await page.locator("nav[aria-label=Workspace] [data-nav=home]").waitFor();
  await ctx.close();
});

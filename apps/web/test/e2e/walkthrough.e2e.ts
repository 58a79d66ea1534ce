import { expect, it } from "vitest";
import {
  completeProfileStep,
  createWorkspaceInOnboarding,
  e2eSuite,
  ensureInstanceAdmin,
  PASSWORD,
  sidebarEntries,
  signIn,
  signUp,
  unique,
  waitForPath,
} from "./helpers.ts";

/**
 * The foundation walkthrough of issue #2: instance setup → sign up → onboarding → workspace →
 * project → state and nested label → invite a guest → the guest signs up, accepts and sees only
 * the guest entries → sign out and a wrong password shows the right message.
 */
const e2e = e2eSuite();

it("walks from instance setup to a guest teammate", async () => {
  // 1. Instance setup (or admin sign-in when another file already set it up).
  const adminCtx = await e2e.context();
  const admin = await adminCtx.newPage();
  await ensureInstanceAdmin(admin);
  await admin.getByRole("heading", { name: "General" }).waitFor();
  await expect.poll(() => admin.getByLabel("Instance name").inputValue()).toBeTruthy();
  await adminCtx.close();

  // 2. Sign up the owner and onboard.
  const ownerEmail = `${unique("owner")}@stride.test`;
  const slug = unique("ws-");
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await signUp(page, ownerEmail);
  await completeProfileStep(page, "Olivia");
  await createWorkspaceInOnboarding(page, "Walkthrough Inc", slug);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));
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

  // 3. Create a project.
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await page.getByRole("button", { name: "Add project" }).click();
  const modal = page.getByRole("dialog", { name: "Create project" });
  await modal.getByLabel("Name").fill("Walkthrough Project");
  expect(await modal.getByLabel("Identifier").inputValue()).toBe("WALKT");
  await modal.getByLabel("Identifier").fill("WALK");
  await modal.getByRole("button", { name: "Create project" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/projects/[0-9a-f-]{36}/issues/?$`));
  const projectBase = new URL(page.url()).pathname.replace(/issues\/?$/, "");

  // 4. Add a state to the "started" group.
  await page.goto(`${projectBase}settings/states/`);
  await page.getByRole("button", { name: "Add state to Started" }).click();
  const stateForm = page.getByRole("form", { name: "New state" });
  await stateForm.getByLabel("Name").fill("In Review");
  await stateForm.getByRole("button", { name: "Add state" }).click();
  await page.locator('section[data-group="started"] [data-state="In Review"]').waitFor();
  expect(
    await page
      .locator('section[data-group="started"] [data-state]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-state"))),
  ).toEqual(["In Progress", "In Review"]);

  // 5. Add a label and a nested label under it.
  await page.getByRole("link", { name: "Labels" }).click();
  await page.getByRole("button", { name: "Add label" }).click();
  await page.getByRole("form", { name: "New label" }).getByLabel("Name").fill("Bug");
  await page.getByRole("form", { name: "New label" }).getByRole("button", { name: "Add label" }).click();
  await page.locator('[data-label="Bug"]').waitFor();
  await page.getByRole("button", { name: "Actions for label Bug" }).click();
  await page.getByRole("menuitem", { name: "Add sub-label" }).click();
  const sub = page.getByRole("form", { name: "New label" });
  await sub.getByLabel("Name").fill("UI bug");
  expect(await sub.getByLabel("Parent").locator("option:checked").textContent()).toBe("Bug");
  await sub.getByRole("button", { name: "Add label" }).click();
  await page.locator('[data-label="UI bug"][data-depth="1"]').waitFor();

  // 6. Invite a teammate as a guest.
  const guestEmail = `${unique("guest")}@stride.test`;
  await page.goto(`/${slug}/settings/members/`);
  await page.getByRole("button", { name: "Add members" }).click();
  const invite = page.getByRole("dialog", { name: "Invite people" });
  await invite.getByLabel("Email 1").fill(guestEmail);
  await invite.getByLabel("Role 1").selectOption({ label: "Guest" });
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await page.locator(`[data-invitation="${guestEmail}"]`).waitFor();

  // 7. The teammate signs up in another browser context, accepts, and sees only the guest entries.
  const guestCtx = await e2e.context();
  const guest = await guestCtx.newPage();
  await signUp(guest, guestEmail);
  await completeProfileStep(guest, "Gus");
  await guest.getByRole("checkbox").first().check();
  // a guest cannot invite anyone, so onboarding ends with the join
  await guest.getByRole("button", { name: "Join selected workspaces" }).click();
  await waitForPath(guest, new RegExp(`^/${slug}/?$`));
  expect(await sidebarEntries(guest)).toEqual(["home", "inbox", "projects", "stickies", "views"]);
  await guest.getByRole("button", { name: "Switch workspace" }).click();
  expect(await guest.getByRole("menuitem", { name: "Workspace settings" }).count()).toBe(0);
  await guest.keyboard.press("Escape");
  await guest.goto(`/${slug}/settings/`);
  await guest.getByRole("heading", { name: "You don't have access" }).waitFor();
  await guest.goto(`/${slug}/analytics/`);
  await guest.getByRole("heading", { name: "You don't have access" }).waitFor();
  await guestCtx.close();

  // 8. Sign out, then a wrong password shows the readable message for 5065.
  await page.goto(`/${slug}/`);
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in to Stride" }).waitFor();
  await signIn(page, ownerEmail, PASSWORD + "-wrong");
  await page.getByText("Incorrect email or password.").waitFor();
  // the form stays on the password step, and the error code leaves the address bar
  expect(await page.getByLabel("Password").isVisible()).toBe(true);
  await expect.poll(() => new URL(page.url()).searchParams.get("error_code")).toBeNull();
  await ctx.close();
});

import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  apiSignUp,
  completeProfileStep,
  createWorkspaceInOnboarding,
  e2eSuite,
  unique,
  waitForPath,
} from "./helpers.ts";
import { ensureInstance, png, poll } from "./work-items-fixtures.ts";

/**
 * Avatar upload (issue #7 point 11): a new user sets a picture in onboarding, through the user-asset flow
 * (slot → upload → mark uploaded); it shows in the sidebar's profile menu and the members list; the profile
 * settings change and remove it. The test signs up its own user.
 */

const e2e = e2eSuite();

const STATIC = /^\/api\/assets\/v2\/static\/[0-9a-f-]{36}\/$/;

/** The picture an avatar shows: its path and natural width once drawn, or "initial" when it shows the letter. */
async function shown(avatar: Locator): Promise<string> {
  const img = avatar.locator("img");
  if ((await img.count()) === 0) return "initial";
  return img.evaluate((i: HTMLImageElement) =>
    i.complete && i.naturalWidth > 0 ? `${new URL(i.src).pathname} ${i.naturalWidth}` : "loading",
  );
}
const meAvatar = async (page: Page) =>
  ((await (await page.request.get("/api/users/me/")).json()) as { avatar_url: string | null }).avatar_url;

it("uploads an avatar in onboarding, shows it everywhere, then changes and removes it in the profile", async () => {
  const ctx = await e2e.context();
  await ensureInstance(ctx.request);
  const email = `${unique("avatar")}@stride.test`;
  await apiSignUp(ctx, email, "Avery", false);
  const page = await ctx.newPage();
  await page.goto("/onboarding/");

  const field = page.getByRole("group", { name: "Avatar" });
  const preview = field.locator("[data-avatar-preview]");
  await preview.waitFor();
  expect(await preview.getAttribute("data-avatar-preview")).toBe("initial");
  // not an image: refused before anything is sent
  await field
    .getByLabel("Avatar image")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await field.getByText("Choose a JPEG, PNG, WebP or GIF image.").waitFor();
  await field.getByLabel("Avatar image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(32, 32) });
  await poll(() => shown(preview)).toMatch(/ 32$/);
  const first = await meAvatar(page);
  expect(first).toMatch(STATIC);
  expect(await shown(preview)).toBe(`${first} 32`);
  await field.getByRole("button", { name: "Change avatar" }).waitFor();

  await completeProfileStep(page, "Avery");
  const slug = unique("av-");
  await createWorkspaceInOnboarding(page, "Avatar Co", slug);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));

  // the sidebar's profile menu and the members list show it
  const menu = page.getByRole("button", { name: "Profile menu" });
  await poll(() => shown(menu)).toBe(`${first} 32`);
  await page.goto(`/${slug}/settings/members/`);
  const row = page.locator(`[data-member="${email}"]`);
  await poll(() => shown(row)).toBe(`${first} 32`);

  // the profile settings change it: the members list already read in this session follows
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await waitForPath(page, /^\/profile\/?$/);
  const mine = page.getByRole("group", { name: "Avatar" });
  await poll(() => shown(mine.locator("[data-avatar-preview]"))).toBe(`${first} 32`);
  await mine.getByLabel("Avatar image").setInputFiles({ name: "me2.png", mimeType: "image/png", buffer: png(48, 48) });
  await poll(() => shown(mine.locator("[data-avatar-preview]"))).toMatch(/ 48$/);
  const second = await meAvatar(page);
  expect(second).toMatch(STATIC);
  expect(second).not.toBe(first);
  await page.getByRole("link", { name: "Back to workspace" }).click();
  await waitForPath(page, new RegExp(`^/${slug}/?$`));
  await poll(() => shown(page.getByRole("button", { name: "Profile menu" }))).toBe(`${second} 48`);
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: "Workspace settings" }).click();
  await page.getByRole("link", { name: "Members" }).click();
  await poll(() => shown(page.locator(`[data-member="${email}"]`))).toBe(`${second} 48`);

  // removing it brings the initial back everywhere
  await page.goto("/profile/");
  await page.getByRole("group", { name: "Avatar" }).getByRole("button", { name: "Remove avatar" }).click();
  await poll(() =>
    page.getByRole("group", { name: "Avatar" }).locator("[data-avatar-preview]").getAttribute("data-avatar-preview"),
  ).toBe("initial");
  await poll(() => meAvatar(page)).toBeNull();
  await page.getByRole("group", { name: "Avatar" }).getByRole("button", { name: "Upload avatar" }).waitFor();
  await page.getByRole("link", { name: "Back to workspace" }).click();
  await poll(() => shown(page.getByRole("button", { name: "Profile menu" }))).toBe("initial");
  await ctx.close();
});

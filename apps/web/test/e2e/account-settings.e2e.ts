import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl } from "./browser.ts";
import { e2eSuite, PASSWORD, shots } from "./helpers.ts";
import { arrange, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The settings people expect (issue #27 point 12): the theme, on the page from its first paint (no flash); the
 * notification preferences; the signed-in sessions (list, sign another out, sign all the others out); the one
 * time-zone picker of the profile, workspace and project settings. Each test seeds its own user and workspace.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
const extra: BrowserContext[] = [];

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Sefa" });
  page = await ctx.newPage();
});
afterEach(async () => {
  for (const c of extra.splice(0)) await c.close();
  await ctx?.close();
});

/** The page's own colours with none of its scripts run: the theme the server wrote onto <html>, and the CSS. */
async function firstPaint(url: string): Promise<{
  theme: string | null;
  dark: boolean;
  scheme: string;
  background: string;
  zinc950: string;
  white: string;
}> {
  await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
  try {
    await page.goto(url);
    return await page.evaluate(() => {
      const html = document.documentElement;
      const probe = (css: string) => {
        const el = document.createElement("div");
        el.style.backgroundColor = css;
        document.body.append(el);
        const c = getComputedStyle(el).backgroundColor;
        el.remove();
        return c;
      };
      return {
        theme: html.getAttribute("data-theme"),
        dark: html.classList.contains("dark"),
        scheme: getComputedStyle(html).colorScheme,
        background: getComputedStyle(html).backgroundColor,
        zinc950: probe("var(--color-zinc-950)"),
        white: probe("var(--color-white)"),
      };
    });
  } finally {
    await page.unroute(/\/assets\/.*\.js$/);
  }
}

it("the chosen theme is on the page before any of its scripts runs: dark, light and the system's", async () => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/profile/");
  const theme = page.getByLabel("Theme");
  await theme.selectOption({ label: "Dark" });
  await poll(
    async () =>
      ((await (await page.request.get("/api/users/me/profile/")).json()) as { theme: { theme?: string } }).theme.theme,
  ).toBe("dark");
  await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await shots(page, "profile-dark");

  // on a light system, the page starts dark
  let p = await firstPaint("/profile/");
  expect([p.theme, p.dark, p.scheme]).toEqual(["dark", true, "dark"]);
  expect(p.background).toBe(p.zinc950);

  // light on a dark system starts light
  await page.goto("/profile/");
  await page.getByLabel("Theme").selectOption({ label: "Light" });
  await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  await page.emulateMedia({ colorScheme: "dark" });
  p = await firstPaint("/profile/");
  expect([p.theme, p.dark, p.scheme]).toEqual(["light", false, "light"]);
  expect(p.background).toBe(p.white);

  // the system's: dark on a dark system, light on a light one
  await page.goto("/profile/");
  await page.getByLabel("Theme").selectOption({ label: "System preference" });
  await poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  p = await firstPaint("/profile/");
  expect([p.theme, p.scheme, p.background]).toEqual(["system", "dark", p.zinc950]);
  await page.emulateMedia({ colorScheme: "light" });
  p = await firstPaint("/profile/");
  expect([p.theme, p.scheme, p.background]).toEqual(["system", "light", p.white]);

  // with its scripts the page keeps the choice
  await page.goto(`/${a.slug}/`);
  await page.getByRole("button", { name: "Profile menu" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("system");
});

it("notification preferences: each switch saves at once, by pointer or keyboard, and stays after a reload", async () => {
  await page.goto("/profile/");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Notifications" }).click();
  await page.waitForURL(/\/profile\/notifications\/?$/);
  const group = page.getByRole("group", { name: "Notify me about" });
  const sw = (name: string) => group.getByRole("switch", { name });
  for (const name of ["Property changes", "State changes", "Completed work items", "Comments", "Mentions"])
    expect(await sw(name).getAttribute("aria-checked")).toBe("true");
  const prefs = async () =>
    (await (await page.request.get("/api/users/me/notification-preferences/")).json()) as Record<string, boolean>;

  await sw("Comments").click();
  await poll(async () => (await prefs()).comment).toBe(false);
  await sw("State changes").focus();
  await page.keyboard.press("Space");
  await poll(async () => (await prefs()).state_change).toBe(false);
  expect(await prefs()).toMatchObject({ property_change: true, issue_completed: true, mention: true });

  await page.reload();
  await poll(() => sw("Comments").getAttribute("aria-checked")).toBe("false");
  expect(await sw("State changes").getAttribute("aria-checked")).toBe("false");
  expect(await sw("Mentions").getAttribute("aria-checked")).toBe("true");
  await shots(page, "notification-preferences");
});

/** Another browser (a phone) signed in as the same person. */
async function phoneSignIn(): Promise<BrowserContext> {
  const phone = await e2e.browser.newContext({
    baseURL: baseUrl(),
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });
  extra.push(phone);
  const { csrf_token } = (await (await phone.request.get("/auth/get-csrf-token/")).json()) as { csrf_token: string };
  await phone.request.post("/auth/sign-in/", {
    form: { csrfmiddlewaretoken: csrf_token, email: a.email, password: PASSWORD },
    maxRedirects: 0,
  });
  expect((await phone.request.get("/api/users/me/")).status()).toBe(200);
  return phone;
}

it("sessions: this one and the phone's are listed; the phone is signed out, then every other session", async () => {
  const phone = await phoneSignIn();
  await page.goto("/profile/security/");
  const list = page.getByRole("list", { name: "Sessions" });
  await list.getByRole("listitem", { name: "Safari on iOS" }).waitFor();
  const mine = list.getByRole("listitem", { name: "Chrome on Linux" });
  await mine.getByText("This session").waitFor();
  expect(await list.getByRole("listitem").count()).toBe(2);
  await shots(page, "sessions");

  await list.getByRole("button", { name: "Sign out Safari on iOS" }).click();
  await poll(() => list.getByRole("listitem").count()).toBe(1);
  expect((await phone.request.get("/api/users/me/")).status()).toBe(401);

  // two more elsewhere: all the others at once (keyboard)
  const again = await phoneSignIn();
  const third = await phoneSignIn();
  await page.reload();
  await poll(() => list.getByRole("listitem").count()).toBe(3);
  await page.getByRole("button", { name: "Sign out all other sessions" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Sign out all other sessions" });
  await dialog.getByText("Sign out the 2 other sessions? This one stays signed in.").waitFor();
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await poll(() => list.getByRole("listitem").count()).toBe(1);
  for (const c of [again, third]) expect((await c.request.get("/api/users/me/")).status()).toBe(401);
  expect((await page.request.get("/api/users/me/")).status()).toBe(200);
});

it("one time-zone picker with readable places and offsets: the project's, the workspace's and the profile's", async () => {
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const zone = page.getByLabel("Time zone");
  await zone.waitFor();
  const berlin = await zone.locator('option[value="Europe/Berlin"]').textContent();
  expect(berlin).toMatch(/^Berlin, Europe \(UTC\+0[12]:00\)$/);
  await zone.selectOption("Europe/Berlin");
  await page.getByRole("button", { name: "Save changes" }).click();
  await poll(
    async () =>
      (
        (await (await page.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/`)).json()) as {
          timezone: string;
        }
      ).timezone,
  ).toBe("Europe/Berlin");
  await page.reload();
  await poll(() => page.getByLabel("Time zone").inputValue()).toBe("Europe/Berlin");
  await shots(page, "project-timezone");

  // the same list in the workspace's and the profile's settings
  await page.goto(`/${a.slug}/settings/`);
  expect(await page.getByLabel("Time zone").locator('option[value="Europe/Berlin"]').textContent()).toBe(berlin);
  await page.goto("/profile/");
  expect(await page.getByLabel("Time zone").locator('option[value="Europe/Berlin"]').textContent()).toBe(berlin);
  expect(await page.getByLabel("Time zone").locator("option").first().textContent()).toMatch(/\(UTC-1[12]:00\)$/);
});

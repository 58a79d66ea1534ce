import { afterAll, beforeAll, expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseUrl, launch, localDbOff, watchPage } from "./browser.ts";
import { ADMIN } from "./instance.ts";

/**
 * Browser-test helpers. Every test file shares one server (global setup), and files run in parallel, so names are
 * unique per call; the global setup sets the instance up (instance.ts), and callers sign in as its admin.
 */
export { ADMIN } from "./instance.ts";
export const PASSWORD = "Correct-Horse-Battery-42!";

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * A browser context for a test. The app's service worker (public/sw.js) is blocked unless asked for: requests it
 * would answer are out of reach of `route()`, which many tests use; the offline tests (local-db.e2e.ts) allow it.
 * The offline local database is off unless asked for (`localDb`; browser.ts localDbOff says why).
 */
export async function newContext(
  browser: Browser,
  opts: {
    viewport?: { width: number; height: number };
    serviceWorkers?: "allow" | "block";
    storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
    localDb?: boolean;
  } = {},
): Promise<BrowserContext> {
  const { viewport = { width: 1280, height: 800 }, serviceWorkers = "block", storageState, localDb = false } = opts;
  const ctx = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers, storageState });
  ctx.on("page", (p) => watchPage(ctx, p));
  if (!localDb) await localDbOff(ctx);
  return ctx;
}

/** Wait until the SPA URL's path matches `re`. */
export async function waitForPath(page: Page, re: RegExp, timeout = 20000): Promise<void> {
  await page.waitForURL((u) => re.test(u.pathname), { timeout });
}

/** Set the instance up through /god-mode/ when needed, else sign in as its admin. Ends on /god-mode/general/. */
export async function ensureInstanceAdmin(page: Page): Promise<"setup" | "signed-in"> {
  const res = await page.request.get("/api/instances/");
  const info = (await res.json()) as { instance?: { is_setup_done: boolean } };
  await page.goto("/god-mode/");
  if (!info.instance?.is_setup_done) {
    await page.getByLabel("First name").fill(ADMIN.firstName);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Company name").fill(ADMIN.company);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Confirm password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, /^\/god-mode\/general\/?$/);
    return "setup";
  }
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(page, /^\/god-mode\/general\/?$/);
  return "signed-in";
}

/** Sign up at /sign-up with email + password (password flow); ends wherever the app routes a new user. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Set a password").fill(password);
  await expect(await page.locator("[data-strength]").getAttribute("data-strength")).toBe("strength_valid");
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Sign in at / with email + password. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The onboarding profile step. */
export async function completeProfileStep(page: Page, firstName: string, lastName = "Tester"): Promise<void> {
  await waitForPath(page, /^\/onboarding\/?$/);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("What is your role?").selectOption("Development / Engineering");
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The onboarding workspace step (create). Returns once the invite step shows. */
export async function createWorkspaceInOnboarding(page: Page, name: string, slug: string): Promise<void> {
  await page.getByLabel("Workspace name").fill(name);
  await page.getByLabel("Workspace URL").fill(slug);
  await page.locator('[data-slug-status="available"]').waitFor();
  await page.getByLabel("Organization size").selectOption("2-10");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.getByRole("heading", { name: "Invite your teammates" }).waitFor();
}

/** Sidebar entries in their order (by their data-nav key). */
export async function sidebarEntries(page: Page): Promise<string[]> {
  // pinned entries first, then those under "More", once the caller's pins are known
  await page.locator("nav[aria-label=Workspace] [data-pins=loaded] [data-nav]").first().waitFor();
  return page
    .locator("nav[aria-label=Workspace] [data-nav]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-nav") ?? ""));
}

/* ---- API shortcuts for setting up data (same cookies as the browser context) ---- */

async function json<T>(res: {
  ok(): boolean;
  status(): number;
  json(): Promise<unknown>;
  text(): Promise<string>;
  url(): string;
}): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sign up through the real form endpoint and (optionally) finish onboarding with a first name. */
export async function apiSignUp(ctx: BrowserContext, email: string, firstName: string, onboard = true): Promise<void> {
  const { csrf_token } = await json<{ csrf_token: string }>(await ctx.request.get("/auth/get-csrf-token/"));
  const res = await ctx.request.post("/auth/sign-up/", {
    form: { csrfmiddlewaretoken: csrf_token, email, password: PASSWORD },
    maxRedirects: 0,
  });
  const loc = res.headers()["location"] ?? "";
  if (res.status() !== 302 || loc.includes("error_code")) throw new Error(`sign-up failed: ${res.status()} ${loc}`);
  await json(await ctx.request.patch("/api/users/me/", { data: { first_name: firstName, last_name: "Tester" } }));
  if (onboard) await json(await ctx.request.patch("/api/users/me/onboard/", { data: { is_onboarded: true } }));
}

/**
 * People signed up each in their own browser context, the instance set up first (by its admin, in a context of its
 * own): first name → { ctx, email }.
 */
export async function signedUpPeople<K extends string>(
  browser: Browser,
  firstNames: Record<K, string>,
): Promise<Record<K, { ctx: BrowserContext; email: string }>> {
  const setup = await newContext(browser);
  await ensureInstanceAdmin(await setup.newPage());
  await setup.close();
  const out = {} as Record<K, { ctx: BrowserContext; email: string }>;
  for (const [key, name] of Object.entries(firstNames) as [K, string][]) {
    const ctx = await newContext(browser);
    const email = `${unique(name.toLowerCase())}@stride.test`;
    await apiSignUp(ctx, email, name);
    out[key] = { ctx, email };
  }
  return out;
}

export async function apiCreateWorkspace(
  ctx: BrowserContext,
  name: string,
  slug: string,
): Promise<{ id: string; slug: string }> {
  return json(await ctx.request.post("/api/workspaces/", { data: { name, slug, organization_size: "2-10" } }));
}

export async function apiCreateProject(
  ctx: BrowserContext,
  slug: string,
  name: string,
  identifier: string,
): Promise<{ id: string }> {
  return json(await ctx.request.post(`/api/workspaces/${slug}/projects/`, { data: { name, identifier } }));
}

/** Invite `email` with `role`, then accept it as `invitee` (already signed up in its own context). */
export async function apiInviteAndAccept(
  owner: BrowserContext,
  invitee: BrowserContext,
  slug: string,
  email: string,
  role: number,
): Promise<void> {
  await json(await owner.request.post(`/api/workspaces/${slug}/invitations/`, { data: { emails: [{ email, role }] } }));
  const invites = await json<{ id: string; workspace: { slug: string } }[]>(
    await invitee.request.get("/api/users/me/workspaces/invitations/"),
  );
  const mine = invites.filter((i) => i.workspace.slug === slug).map((i) => i.id);
  const res = await invitee.request.post("/api/users/me/workspaces/invitations/", { data: { invitations: mine } });
  if (!res.ok()) throw new Error(`accept failed: ${res.status()} ${await res.text()}`);
}

export async function apiMe(ctx: BrowserContext): Promise<{ id: string }> {
  return json(await ctx.request.get("/api/users/me/"));
}

export async function apiAddProjectMember(
  owner: BrowserContext,
  slug: string,
  projectId: string,
  memberId: string,
  role: number,
): Promise<void> {
  await json(
    await owner.request.post(`/api/workspaces/${slug}/projects/${projectId}/members/`, {
      data: { members: [{ member_id: memberId, role }] },
    }),
  );
}

/**
 * Screenshots of a screen at the widths people use (1280 and 1440 px), for a person to look at: written to the
 * folder named by `E2E_SHOTS` (nothing without it). The viewport is put back afterwards.
 */
export async function shots(page: Page, name: string, widths: readonly number[] = [1280, 1440]): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: before?.height ?? 800 });
    // two frames: the layout of the new width is painted
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (before) await page.setViewportSize(before);
}

/** The JSON of an answer that must be a success; else the test fails with `what`, the status and the body. */
export async function okJson<T>(
  res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A browser test file's browser and contexts (`e2eSuite()`). */
export interface E2eSuite {
  /** The file's browser: launched before the file's own hooks run, closed after them. */
  readonly browser: Browser;
  /** A new context on the test server (base URL, 1280×800 unless given, pages watched), closed with the browser. */
  context(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /**
   * A new context signed in as `who` (its cookies and storage) with the app's service worker allowed, for the offline
   * tests (the other contexts block it: requests it answers are out of reach of `route()`); closed with the browser.
   */
  offlineContext(who: BrowserContext): Promise<BrowserContext>;
}

/**
 * The one preamble of every browser test file (the server and its database are the global setup's): registers the
 * hooks that launch chromium before the file's tests and close every context it opened and the browser after them.
 * Call it at the top of the file, before the file's own hooks. `instance: true` sets the instance up first (by its
 * admin, in a context of its own). `localDb: true` keeps the app's offline local database on in the file's contexts
 * (the files about it; elsewhere it is off: browser.ts localDbOff). Lint keeps `launch()` and `newContext()` out of
 * the test files.
 */
export function e2eSuite(opts: { instance?: boolean; localDb?: boolean } = {}): E2eSuite {
  let browser: Browser | undefined;
  const open = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await launch();
    if (opts.instance) {
      const setup = await newContext(browser);
      await ensureInstanceAdmin(await setup.newPage());
      await setup.close();
    }
  });
  afterAll(async () => {
    for (const c of open) await c.close().catch(() => undefined);
    await browser?.close();
  });
  const kept = (ctx: BrowserContext) => {
    open.add(ctx);
    ctx.on("close", () => open.delete(ctx));
    return ctx;
  };
  return {
    get browser() {
      if (!browser) throw new Error("e2eSuite: the browser is launched in beforeAll");
      return browser;
    },
    async context(viewport) {
      return kept(await newContext(this.browser, { viewport, localDb: opts.localDb }));
    },
    async offlineContext(who) {
      return kept(
        await newContext(this.browser, {
          serviceWorkers: "allow",
          storageState: await who.storageState(),
          localDb: opts.localDb,
        }),
      );
    },
  };
}

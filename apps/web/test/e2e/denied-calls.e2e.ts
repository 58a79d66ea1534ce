import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page, Response } from "playwright-core";
import {
  apiAddProjectMember,
  apiCreateProject,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiMe,
  e2eSuite,
  shots,
  signedUpPeople,
  unique,
} from "./helpers.ts";

/**
 * No screen calls what its user may not call (issue #27 point 10): a guest of a project, and a workspace member who is not
 * in a private project, open every main screen from its URL (the server's first-screen data) and by moving inside the app
 * (the route loaders and the screens' own requests, from cached roles). No answer is a 401 or a 403: what the role may not
 * read is never asked for (the shared permission table through `useCan`, and `screen-data.ts` on the server), and a
 * "You don't have access" screen asks for nothing it would be refused. The one request a screen cannot know the answer
 * of beforehand is a guest's look at an item they may not see (the project shows guests only their own): the item is
 * asked for once, and nothing else of it.
 */
let admin: BrowserContext;
let guest: BrowserContext;
let outsider: BrowserContext;
let slug = "";
let pid = "";
let ids: {
  item: string;
  key: string;
  cycle: string;
  module: string;
  view: string;
  page: string;
  guestId: string;
  adminId: string;
  hiddenPid: string;
  hidden: string;
  hiddenKey: string;
} = {} as never;

async function ok<T>(res: Awaited<ReturnType<BrowserContext["request"]["get"]>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const e2e = e2eSuite();
beforeAll(async () => {
  const people = await signedUpPeople(e2e.browser, { admin: "Alice", guest: "Gina", outsider: "Otto" });
  ({ admin, guest, outsider } = { admin: people.admin.ctx, guest: people.guest.ctx, outsider: people.outsider.ctx });
  const [g, o] = [people.guest.email, people.outsider.email];
  slug = unique("denied-");
  await apiCreateWorkspace(admin, "Denied Inc", slug);
  pid = (await apiCreateProject(admin, slug, "Secret Project", "SEC")).id;
  const P = `/api/workspaces/${slug}/projects/${pid}`;
  const req = admin.request;
  await ok(
    await req.patch(`${P}/`, {
      data: {
        network: 0,
        cycle_view: true,
        module_view: true,
        issue_views_view: true,
        page_view: true,
        intake_view: true,
        guest_view_all_features: true,
      },
    }),
    "features",
  );
  await apiInviteAndAccept(admin, guest, slug, g, 5);
  await apiInviteAndAccept(admin, outsider, slug, o, 15);
  const guestId = (await apiMe(guest)).id;
  await apiAddProjectMember(admin, slug, pid, guestId, 5);
  const item = await ok<{ id: string; sequence_id: number }>(
    await req.post(`${P}/issues/`, { data: { name: "Guarded item" } }),
    "item",
  );
  const cycle = await ok<{ id: string }>(await req.post(`${P}/cycles/`, { data: { name: "Sprint 1" } }), "cycle");
  const module = await ok<{ id: string }>(await req.post(`${P}/modules/`, { data: { name: "Vault" } }), "module");
  const view = await ok<{ id: string }>(
    await req.post(`${P}/views/`, { data: { name: "Everything", access: 1 } }),
    "view",
  );
  const page = await ok<{ id: string }>(await req.post(`${P}/pages/`, { data: { name: "Plans", access: 0 } }), "page");
  // a project whose guests see only the items they created, with an item of the admin's
  const hiddenPid = (await apiCreateProject(admin, slug, "Own Items", "OWN")).id;
  await apiAddProjectMember(admin, slug, hiddenPid, guestId, 5);
  const hidden = await ok<{ id: string; sequence_id: number }>(
    await req.post(`/api/workspaces/${slug}/projects/${hiddenPid}/issues/`, { data: { name: "Not for guests" } }),
    "hidden item",
  );
  ids = {
    item: item.id,
    key: `SEC-${item.sequence_id}`,
    cycle: cycle.id,
    module: module.id,
    view: view.id,
    page: page.id,
    guestId,
    adminId: (await apiMe(admin)).id,
    hiddenPid,
    hidden: hidden.id,
    hiddenKey: `OWN-${hidden.sequence_id}`,
  };
});

/** The main screens, by path (workspace-level, then inside the project). */
function screens(): string[] {
  const W = `/${slug}`;
  const Pp = `${W}/projects/${pid}`;
  return [
    `${W}/`,
    `${W}/notifications/`,
    `${W}/stickies/`,
    `${W}/projects/`,
    `${W}/projects/archives/`,
    `${W}/drafts/`,
    `${W}/workspace-views/all-issues/`,
    `${W}/analytics/overview/`,
    `${W}/profile/`,
    `${W}/profile/${ids.adminId}/`,
    `${W}/profile/${ids.adminId}/activity/`,
    `${W}/settings/`,
    `${W}/settings/members/`,
    `${W}/settings/exports/`,
    `${W}/settings/webhooks/`,
    `${W}/settings/api-tokens/`,
    `${W}/settings/imports/`,
    `${W}/browse/${ids.key}/`,
    `${Pp}/issues/`,
    `${Pp}/issues/${ids.item}/`,
    `${Pp}/issues/?peekId=${ids.item}`,
    `${Pp}/archives/issues/`,
    `${Pp}/cycles/`,
    `${Pp}/cycles/archived/`,
    `${Pp}/cycles/${ids.cycle}/`,
    `${Pp}/modules/`,
    `${Pp}/modules/${ids.module}/`,
    `${Pp}/archives/modules/`,
    `${Pp}/views/`,
    `${Pp}/views/${ids.view}/`,
    `${Pp}/pages/`,
    `${Pp}/pages/${ids.page}/`,
    `${Pp}/intake/`,
    `${Pp}/intake/settings/`,
    `${Pp}/settings/`,
    `${Pp}/settings/members/`,
    `${Pp}/settings/features/`,
    `${Pp}/settings/states/`,
    `${Pp}/settings/labels/`,
    `${Pp}/settings/estimates/`,
    `${Pp}/settings/repositories/`,
    `${Pp}/settings/model-configuration/`,
    `${Pp}/settings/mcp-servers/`,
    `${Pp}/settings/agents/`,
    "/profile/",
    "/profile/security/",
    "/profile/secrets/",
  ];
}

/** Every 401 / 403 answer the page gets, as "status METHOD path". */
function refusals(page: Page): string[] {
  const out: string[] = [];
  page.on("response", (r: Response) => {
    if (r.status() === 401 || r.status() === 403) {
      const u = new URL(r.url());
      out.push(`${r.status()} ${r.request().method()} ${u.pathname}${u.search} (on ${new URL(page.url()).pathname})`);
    }
  });
  return out;
}

/** Until the page has had no request in flight for a while (the screen and what it starts afterwards are done). */
async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
}

/** Go to `path` the way the app does when a link is followed: the router navigates (loaders, cached roles), no page load. */
async function inApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, "", p);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForURL((u) => u.pathname + u.search === path);
}

/** Every main screen as `who`: each one loaded from its URL, or (`inside`) reached by moving inside the app from the home. */
async function walk(who: BrowserContext, inside: boolean): Promise<string[]> {
  const ctx = await e2e.context();
  await ctx.addCookies(await who.cookies());
  const page = await ctx.newPage();
  const seen = refusals(page);
  const unshown: string[] = [];
  if (inside) {
    await page.goto(`/${slug}/`);
    await quiet(page);
  }
  for (const path of screens()) {
    if (inside) await inApp(page, path);
    else await page.goto(path);
    await quiet(page);
    // the screen was shown (it titles the page): the walk is not vacuous. On a busy machine the page may still be
    // rendering what it has received when the network has gone quiet: give it a moment to title the page
    await page
      .waitForFunction(() => document.title !== "Stride", undefined, { timeout: 10_000 })
      .catch(() => undefined);
    if ((await page.title()) === "Stride") unshown.push(path);
  }
  expect(unshown).toEqual([]);
  await ctx.close();
  return seen;
}

it("a project guest opens every main screen from its URL and is refused nothing", async () => {
  expect(await walk(guest, false)).toEqual([]);
});

it("a project guest moves through every main screen inside the app and is refused nothing", async () => {
  expect(await walk(guest, true)).toEqual([]);
});

it("a workspace member outside a private project opens its screens (not a member) and is refused nothing", async () => {
  expect(await walk(outsider, false)).toEqual([]);
  expect(await walk(outsider, true)).toEqual([]);
  const ctx = await e2e.context();
  await ctx.addCookies(await outsider.cookies());
  const page = await ctx.newPage();
  await page.goto(`/${slug}/projects/${pid}/issues/`);
  await page.getByText("Project not found").waitFor();
  await shots(page, "denied-project-outsider");
  await ctx.close();
});

it("a guest opening an item they may not see asks for it once, nothing else of it, and is told so", async () => {
  const ctx = await e2e.context();
  await ctx.addCookies(await guest.cookies());
  const page = await ctx.newPage();
  const seen = refusals(page);
  await page.goto(`/${slug}/projects/${ids.hiddenPid}/issues/${ids.hidden}/`);
  await page.getByText("You can't see this work item").waitFor();
  await quiet(page);
  await page.goto(`/${slug}/browse/${ids.hiddenKey}/`);
  await page.getByText(/can.t open this work item/i).waitFor();
  await quiet(page);
  await shots(page, "denied-hidden-item-guest");
  expect(
    seen.map((s) => s.replace(/ \(on .*\)$/, "")),
    seen.join("\n"),
  ).toEqual([
    expect.stringMatching(
      new RegExp(`^403 GET /api/workspaces/${slug}/projects/${ids.hiddenPid}/issues/${ids.hidden}/\\?expand=`),
    ),
    expect.stringMatching(new RegExp(`^403 GET /api/workspaces/${slug}/work-items/${ids.hiddenKey}/\\?expand=`)),
  ]);
  await ctx.close();
});

it("clicking through a project's tabs as a guest asks for nothing refused, and the denied screens say so", async () => {
  const ctx = await e2e.context();
  await ctx.addCookies(await guest.cookies());
  const page = await ctx.newPage();
  const seen = refusals(page);
  await page.goto(`/${slug}/projects/${pid}/issues/`);
  await page.getByText("Guarded item").first().waitFor();
  // the project's tabs, by clicking
  for (const tab of ["Cycles", "Modules", "Views", "Pages", "Intake", "Work items"]) {
    await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: tab, exact: true }).click();
    await quiet(page);
  }
  await inApp(page, `/${slug}/settings/members/`);
  await page.getByText("You don't have access").waitFor();
  await quiet(page);
  await shots(page, "denied-workspace-settings-guest");
  await inApp(page, `/${slug}/projects/${pid}/settings/repositories/`);
  await page.getByText("You don't have access").waitFor();
  await quiet(page);
  await shots(page, "denied-project-settings-guest");
  expect(seen).toEqual([]);
  await ctx.close();
});

import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, ensureInstanceAdmin, shots } from "./helpers.ts";
import { arrange, createItems, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Every route sets a page title (issue #27 point 13): each screen, signed out, signed in, in a project and in the
 * instance admin, is titled "<screen> · Stride" (with the project's name inside a project), never just "Stride"; and
 * the app's reserved paths (`/god-mode/ai/`, `/profile/preferences/`) are not found, never taken for a workspace.
 */
let ctx: BrowserContext;
let a: Arranged;
const ids: Record<string, string> = {};

const e2e = e2eSuite();
beforeAll(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Tia" });
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const req = ctx.request;
  expect(
    (
      await req.patch(`${P}/`, {
        data: {
          cycle_view: true,
          module_view: true,
          issue_views_view: true,
          page_view: true,
          intake_view: true,
          is_epic_enabled: true,
        },
      })
    ).ok(),
  ).toBe(true);
  const [item] = await createItems(req, a, [{ name: "Titled item" }]);
  ids.item = item.id;
  ids.seq = String(item.sequence_id);
  ids.cycle = ((await (await req.post(`${P}/cycles/`, { data: { name: "Sprint T" } })).json()) as { id: string }).id;
  ids.module = ((await (await req.post(`${P}/modules/`, { data: { name: "Module T" } })).json()) as { id: string }).id;
  ids.view = ((await (await req.post(`${P}/views/`, { data: { name: "View T" } })).json()) as { id: string }).id;
  ids.page = ((await (await req.post(`${P}/pages/`, { data: { name: "Page T" } })).json()) as { id: string }).id;
  ids.anchor = (
    (await (await req.patch(`${P}/intake-settings/`, { data: { is_form_enabled: true } })).json()) as { anchor: string }
  ).anchor;
});
afterAll(async () => {
  await ctx?.close();
});

/** The page's title once its screen has set it (`want`: once it says that, or the last one after a while). */
async function titleOf(page: Page, path: string, want?: RegExp | string): Promise<string> {
  await page.goto(path);
  await poll(() => page.title()).not.toBe("Stride");
  if (want)
    await poll(() => page.title())
      .toMatch(want)
      .catch(() => undefined);
  return page.title();
}

it("every screen of a workspace and of a project names itself", async () => {
  const W = `/${a.slug}`;
  const Pp = `${W}/projects/${a.projectId}`;
  const screens: [string, RegExp][] = [
    [`${W}/`, /^Home · Stride$/],
    [`${W}/notifications/`, /^Inbox · Stride$/],
    [`${W}/stickies/`, /^Stickies · Stride$/],
    [`${W}/projects/`, /^Projects · Stride$/],
    [`${W}/projects/archives/`, /^Archives · Stride$/],
    [`${W}/drafts/`, /^Drafts · Stride$/],
    [`${W}/workspace-views/all-issues/`, /Views · Stride$/],
    [`${W}/analytics/overview/`, /^Analytics · Stride$/],
    [`${W}/profile/`, /^Your work · Stride$/],
    [`${W}/profile/${a.userId}/`, /· Stride$/],
    [`${W}/profile/${a.userId}/activity/`, /· Stride$/],
    [`${W}/settings/`, /^General · Workspace settings · Stride$/],
    [`${W}/settings/members/`, /^Members · Workspace settings · Stride$/],
    [`${W}/settings/billing/`, /Workspace settings · Stride$/],
    [`${W}/settings/exports/`, /^Exports · /],
    [`${W}/settings/webhooks/`, /^Webhooks · /],
    [`${W}/settings/api-tokens/`, /^API tokens · /],
    [`${W}/settings/integrations/`, /^Integrations · /],
    [`${W}/settings/imports/`, /^Imports · /],
    [`${W}/browse/${a.identifier}-${ids.seq}/`, new RegExp(`^${a.identifier}-${ids.seq} Titled item · Stride$`)],
    [`${Pp}/issues/`, /^Work items · Rocket · Stride$/],
    [`${Pp}/issues/${ids.item}/`, new RegExp(`^${a.identifier}-${ids.seq} Titled item · Stride$`)],
    [`${Pp}/archives/issues/`, /^Archived work items · Rocket · Stride$/],
    [`${Pp}/epics/`, /^Epics · Rocket · Stride$/],
    [`${Pp}/cycles/`, /^Cycles · Rocket · Stride$/],
    [`${Pp}/cycles/archived/`, /^Archived cycles · Rocket · Stride$/],
    [`${Pp}/cycles/${ids.cycle}/`, /^Sprint T · Cycles · Rocket · Stride$/],
    [`${Pp}/modules/`, /^Modules · Rocket · Stride$/],
    [`${Pp}/modules/${ids.module}/`, /^Module T · Modules · Rocket · Stride$/],
    [`${Pp}/archives/modules/`, /^Archived modules · Rocket · Stride$/],
    [`${Pp}/views/`, /^Views · Rocket · Stride$/],
    [`${Pp}/views/${ids.view}/`, /^View T · Views · Rocket · Stride$/],
    [`${Pp}/pages/`, /^Pages · Rocket · Stride$/],
    [`${Pp}/pages/${ids.page}/`, /^Page T · Pages · Rocket · Stride$/],
    [`${Pp}/intake/`, /^Intake · Rocket · Stride$/],
    [`${Pp}/intake/settings/`, /^Intake settings · Rocket · Stride$/],
    [`${Pp}/settings/`, /^General · Settings · Rocket · Stride$/],
    [`${Pp}/settings/members/`, /^Members · Settings · Rocket/],
    [`${Pp}/settings/features/`, /^Features · Settings/],
    [`${Pp}/settings/states/`, /^States · Settings/],
    [`${Pp}/settings/labels/`, /^Labels · Settings/],
    [`${Pp}/settings/estimates/`, /^Estimates · Settings/],
    [`${Pp}/settings/automations/`, /^Automations · Settings/],
    [`${Pp}/settings/repositories/`, /^Repositories · Settings/],
    [`${Pp}/settings/model-configuration/`, /^Model configuration · Settings/],
    [`${Pp}/settings/mcp-servers/`, /^MCP servers · Settings/],
    [`${Pp}/settings/agents/`, /^Agents · Settings/],
    ["/profile/", /^Profile · Stride$/],
    ["/profile/security/", /^Security · Profile · Stride$/],
    ["/profile/secrets/", /^Secrets · Profile · Stride$/],
    ["/invitations/", /^Invitations · Stride$/],
    ["/create-workspace/", /^Create a workspace · Stride$/],
    [`${W}/no-such-screen/`, /^Page not found · Stride$/],
  ];
  const page = await ctx.newPage();
  const wrong: string[] = [];
  for (const [path, want] of screens) {
    const t = await titleOf(page, path, want);
    if (!want.test(t)) wrong.push(`${path}: "${t}"`);
  }
  expect(wrong).toEqual([]);
  await page.close();
});

it("the signed-out screens and the instance admin's name themselves", async () => {
  const out = await e2e.context();
  const page = await out.newPage();
  for (const [path, want] of [
    ["/", "Sign in · Stride"],
    ["/sign-up/", "Sign up · Stride"],
    ["/accounts/forgot-password/", "Forgot password · Stride"],
    ["/accounts/reset-password/", "Reset password · Stride"],
    [`/spaces/intake/${ids.anchor}/`, "Send a request · Stride"],
  ]) {
    expect(await titleOf(page, path), path).toBe(want);
  }
  const admin = await out.newPage();
  await ensureInstanceAdmin(admin);
  for (const [path, want] of [
    ["/god-mode/general/", "General · Instance admin · Stride"],
    ["/god-mode/email/", "Email · Instance admin · Stride"],
    ["/god-mode/authentication/", "Authentication · Instance admin · Stride"],
    ["/god-mode/workspaces/", "Workspaces · Instance admin · Stride"],
  ]) {
    expect(await titleOf(admin, path), path).toBe(want);
  }
  await out.close();
});

it("the app's reserved paths are not found and never opened as a workspace", async () => {
  const page = await ctx.newPage();
  const asked: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (/^\/api\/workspaces\/(god-mode|profile|settings)\//.test(u.pathname)) asked.push(u.pathname);
  });
  for (const path of ["/god-mode/ai/", "/profile/preferences/", "/settings/members/"]) {
    expect(await titleOf(page, path), path).toBe("Page not found · Stride");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
  }
  await shots(page, "reserved-path-not-found");
  expect(asked).toEqual([]);
  await page.close();
});

import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, poll } from "./work-items-fixtures.ts";

/**
 * Issue #7 point 4: a screen opened from its URL renders from the data the server embedded in the page for
 * the signed-in caller (apps/server/src/core/screen-data.ts): the full work-item page, the peek view of
 * `?peekId=`, project settings and workspace members show their content without a single API request, so no
 * request waits on another. Then the app asks the server again as usual: a change made elsewhere shows after
 * a reload, and a write goes to the server. Read from the browser's own request log, never from timings.
 */

const e2e = e2eSuite();

/** Every API request for data the page makes, in order (method and path with query); images (covers) are no data. */
function apiRequests(page: Page): string[] {
  const log: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/") && r.resourceType() !== "image")
      log.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  // the live channel's subscriptions: the first of each topic starts from where the page's data was read
  page.on("websocket", (ws) =>
    ws.on("framesent", (f) => {
      const m = JSON.parse(String(f.payload)) as { type?: string; topic?: string; since?: number; recent?: number };
      // (event topics only: a document topic, `clusters/…`, is sent whole on subscribe)
      if (m.type === "sub" && !m.topic?.includes("/"))
        log.push(`SUB ${m.topic} ${m.since !== undefined ? "since" : "recent"}`);
    }),
  );
  return log;
}

async function open(ctx: BrowserContext, path: string, shown: (page: Page) => Promise<void>) {
  // the suite's contexts have the offline local database off (browser.ts localDbOff): its first sync's reads are not
  // the screen's (local-db.e2e.ts covers it)
  const page = await ctx.newPage();
  const log = apiRequests(page);
  await page.goto(path);
  await shown(page);
  // the page's data was there: the screen read nothing from the server to show it (the app's own start-up
  // write, the profile's last workspace, may go out)
  expect(log.filter((r) => r.startsWith("GET "))).toEqual([]);
  // so the writes the page's data already holds (the seeding just before) are not replayed into refetches
  await poll(() => log.filter((r) => r.startsWith("SUB ")).length).toBeGreaterThan(0);
  expect(log.filter((r) => r.startsWith("SUB ") && !r.endsWith(" since"))).toEqual([]);
  return { page, log };
}

it("shows the full work-item page and the peek view from the page's data, with no request", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Dora" });
  const [parent, item] = await createItems(ctx.request, a, [
    { name: "Plan the launch" },
    { name: "Write the announcement", priority: "high" },
  ]);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect((await ctx.request.patch(`${P}/issues/${item.id}/`, { data: { parent_id: parent.id } })).status()).toBe(204);
  expect(
    (
      await ctx.request.post(`${P}/issues/${item.id}/comments/`, {
        data: { comment_html: "<p>Draft is ready</p>", access: "INTERNAL" },
      })
    ).status(),
  ).toBe(201);
  const key = `${a.identifier}-${item.sequence_id}`;

  const full = await open(ctx, `/${a.slug}/browse/${key}/`, async (page) => {
    const detail = page.locator(`[data-item-detail="${key}"]`);
    await poll(() => detail.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Write the announcement");
    await detail.locator("[data-comment]").getByText("Draft is ready").waitFor();
    await detail.locator('ol[aria-label="Activity feed"] > li').first().waitFor();
    await page
      .getByRole("complementary", { name: "Properties" })
      .getByText(`${a.identifier}-${parent.sequence_id}`)
      .waitFor();
  });
  // the data is used once: a change made elsewhere shows after a reload, which embeds the new answers
  expect((await ctx.request.patch(`${P}/issues/${item.id}/`, { data: { name: "Announce the launch" } })).status()).toBe(
    204,
  );
  await full.page.reload();
  await poll(() =>
    full.page.locator(`[data-item-detail="${key}"]`).getByRole("textbox", { name: "Title" }).inputValue(),
  ).toBe("Announce the launch");
  await full.page.close();

  const peek = await open(ctx, `/${a.slug}/projects/${a.projectId}/issues/?peekId=${item.id}`, async (page) => {
    const view = page.getByRole("complementary", { name: "Peek view" });
    await poll(() => view.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Announce the launch");
    await view.locator("[data-comment]").first().waitFor();
    await page.locator(`[data-item="${a.identifier}-${parent.sequence_id}"]`).first().waitFor();
  });
  // a write goes to the server, and what the screen reads afterwards comes from the server too
  const view = peek.page.getByRole("complementary", { name: "Peek view" });
  const title = view.getByRole("textbox", { name: "Title" });
  await title.fill("Announce the launch today");
  await title.press("Enter");
  await poll(() => peek.log.some((r) => r.startsWith(`PATCH ${P}/issues/${item.id}/`))).toBe(true);
  await poll(async () => (await (await ctx.request.get(`${P}/issues/${item.id}/`)).json()).name).toBe(
    "Announce the launch today",
  );
  await ctx.close();
});

it("shows project settings and workspace members from the page's data, with no request", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Sven" });
  await open(ctx, `/${a.slug}/projects/${a.projectId}/settings/`, async (page) => {
    const form = page.getByRole("form", { name: "Project details" });
    await poll(() => form.locator('input[name="name"]').inputValue()).toBe("Rocket");
    await poll(() => form.locator('select[name="project_lead"] option').count()).toBeGreaterThan(1);
  });
  await open(ctx, `/${a.slug}/settings/members/`, async (page) => {
    await page.locator(`ul[aria-label="Workspace members"] > li[data-member="${a.email}"]`).waitFor();
  });
  await ctx.close();
});

it("embeds nothing for a signed-out visitor, who is sent to sign in", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Ines" });
  const signedIn = await (await ctx.request.get(`/${a.slug}/projects/${a.projectId}/issues/`)).text();
  expect(signedIn).toContain("data-stride-screen-data>");
  await ctx.clearCookies();
  const plain = await (await ctx.request.get(`/${a.slug}/projects/${a.projectId}/issues/`)).text();
  expect(plain).not.toContain("stride-screen-data");
  expect(plain).not.toContain("Rocket");
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/issues/`);
  await poll(() => new URL(page.url()).searchParams.get("next_path")).toBe(
    `/${a.slug}/projects/${a.projectId}/issues/`,
  );
  await ctx.close();
});

import { expect, it } from "vitest";
import type { APIRequestContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, png, poll, signUpUser, type Arranged } from "./work-items-fixtures.ts";

/**
 * Publishing (issue #11 point 8): a project admin publishes the project from its settings, and the public link
 * opens the published board and list for someone signed out, read-only; a signed-in visitor comments.
 */

const e2e = e2eSuite();

it("publishes a project from its settings and shows its board and list to someone signed out", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  await createItems(ctx.request, a, [
    { name: "Launch the public roadmap" },
    { name: "Collect feedback", priority: "high" },
  ]);

  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const section = page.getByRole("region", { name: "Publish" });
  await section.getByRole("button", { name: "Publish" }).click();
  const modal = page.getByRole("dialog", { name: "Publish project" });
  await modal.getByRole("switch", { name: "Comment" }).click();
  await modal.getByRole("button", { name: "Publish", exact: true }).click();
  const link = page.getByRole("dialog", { name: "Published project" }).getByRole("link", { name: "Public link" });
  await link.waitFor();
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/\/spaces\/issues\/[0-9a-f]{32}$/);
  const path = new URL(href).pathname;

  // signed out: a context with no session at all
  const outside = await e2e.context();
  expect((await outside.request.get("/api/users/me/")).status()).toBe(401);
  const pub = await outside.newPage();
  await pub.goto(path);
  await pub.getByRole("heading", { name: "Rocket" }).waitFor();
  const board = pub.getByRole("main", { name: "Board" });
  await board.getByRole("button", { name: /Launch the public roadmap/ }).waitFor();
  await expect.poll(() => board.getByRole("region").count()).toBeGreaterThanOrEqual(4);
  await pub.getByRole("button", { name: "List" }).click();
  const list = pub.getByRole("main", { name: "List" });
  await list.getByRole("button", { name: /Collect feedback/ }).click();
  const peek = pub.getByRole("complementary", { name: "Work item" });
  await peek.getByRole("heading", { name: "Collect feedback" }).waitFor();
  await peek.getByText("Priority high").waitFor();
  // read-only: no comment box without signing in
  await peek.getByText("to comment.").waitFor();
  expect(await peek.getByRole("textbox", { name: "Add a comment" }).count()).toBe(0);

  // a signed-in visitor comments, and the signed-out reader sees it
  const mine = await ctx.newPage();
  await mine.goto(
    `${path}?board=list&peekId=${(await (await ctx.request.get(`/api/public/anchor/${path.split("/").pop()}/issues/?per_page=50`)).json()).results.find((r: { name: string }) => r.name === "Collect feedback").id}`,
  );
  const myPeek = mine.getByRole("complementary", { name: "Work item" });
  await myPeek.getByRole("textbox", { name: "Add a comment" }).fill("Count me in");
  await myPeek.getByRole("button", { name: "Comment" }).click();
  await myPeek.getByText("Count me in").waitFor();
  await pub.reload();
  await pub.getByRole("complementary", { name: "Work item" }).getByText("Count me in").waitFor();

  // unpublished: the link no longer shows anything
  await page.getByRole("dialog", { name: "Published project" }).getByRole("button", { name: "Unpublish" }).click();
  await page.getByRole("region", { name: "Publish" }).getByRole("button", { name: "Publish", exact: true }).waitFor();
  await pub.reload();
  await pub.getByText("This project is not published").waitFor();
  await poll(async () =>
    (await outside.request.get(`/api/public/anchor/${path.split("/").pop()}/meta/`)).status(),
  ).toBe(404);
});

/** An image in a work item's description, uploaded through the assets flow (arrange only). */
async function describeWithImage(req: APIRequestContext, a: Arranged, itemId: string): Promise<string> {
  const base = `/api/assets/v2/workspaces/${a.slug}/projects/${a.projectId}/`;
  const bytes = png(24, 16);
  const slot = (await (
    await req.post(base, {
      data: {
        name: "shot.png",
        type: "image/png",
        size: bytes.length,
        entity_type: "ISSUE_DESCRIPTION",
        entity_identifier: itemId,
      },
    })
  ).json()) as {
    asset_id: string;
    upload_data: { url: string; fields: Record<string, string> };
  };
  const sent = await req.post(slot.upload_data.url, {
    multipart: { ...slot.upload_data.fields, file: { name: "shot.png", mimeType: "image/png", buffer: bytes } },
  });
  expect(sent.status()).toBe(204);
  expect((await req.patch(`${base}${slot.asset_id}/`, { data: {} })).status()).toBe(204);
  const html = `<p>The plan</p><image-component src="${slot.asset_id}"></image-component>`;
  expect(
    (
      await req.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${itemId}/`, {
        data: { description_html: html },
      })
    ).ok(),
  ).toBe(true);
  return slot.asset_id;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

it("shows the space's layouts and images to anyone, takes votes and requests from signed-in visitors, and publishes a view", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const [beta] = await createItems(ctx.request, a, [
    { name: "Ship the beta", start_date: isoDay(0), target_date: isoDay(3) },
    { name: "Write the docs", priority: "urgent" },
  ]);
  await describeWithImage(ctx.request, a, beta.id);
  expect((await ctx.request.patch(`${P}/`, { data: { intake_view: true, issue_views_view: true } })).ok()).toBe(true);
  const intake = (await (await ctx.request.get(`${P}/intake-settings/`)).json()) as { intake: string };
  const board = (await (
    await ctx.request.post(`${P}/project-deploy-boards/`, { data: { is_votes_enabled: true, intake: intake.intake } })
  ).json()) as { anchor: string };
  const path = `/spaces/issues/${board.anchor}`;

  // signed out: every layout, the image, and sign-in prompts instead of votes and requests
  const outside = await e2e.context();
  const pub = await outside.newPage();
  await pub.goto(path);
  await pub.getByRole("heading", { name: "Rocket" }).waitFor();
  await pub.getByRole("button", { name: "Calendar" }).click();
  await pub
    .getByRole("main", { name: "Calendar" })
    .getByRole("button", { name: /Ship the beta/ })
    .waitFor();
  await pub.getByRole("button", { name: "Timeline" }).click();
  await pub
    .getByRole("region", { name: "Timeline" })
    .getByRole("button", { name: /Ship the beta:/ })
    .waitFor();
  await pub.getByRole("button", { name: "Spreadsheet" }).click();
  const sheet = pub.getByRole("table", { name: "Spreadsheet" });
  await sheet
    .getByRole("row", { name: /Write the docs/ })
    .getByText("urgent")
    .waitFor();
  await sheet.getByRole("button", { name: "Ship the beta" }).click();
  const peek = pub.getByRole("complementary", { name: "Work item" });
  await peek.getByText("The plan").waitFor();
  await poll(() => peek.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
  await peek.getByRole("link", { name: "Sign in to vote" }).waitFor();
  expect(await peek.getByRole("button", { name: "Upvote (0)" }).isDisabled()).toBe(true);
  await pub.getByRole("button", { name: "Close" }).click();
  await pub.getByRole("button", { name: "Send a request" }).click();
  await pub.getByRole("complementary", { name: "Send a request" }).getByText("to send a request.").waitFor();

  // signed in (not a project member): votes and sends a request
  const visitor = await e2e.context();
  await signUpUser(visitor.request, "Vera");
  const mine = await visitor.newPage();
  await mine.goto(`${path}?board=list&peekId=${beta.id}`);
  const myPeek = mine.getByRole("complementary", { name: "Work item" });
  await myPeek.getByRole("button", { name: "Upvote (0)" }).click();
  await expect.poll(() => myPeek.getByRole("button", { name: "Upvote (1)" }).getAttribute("aria-pressed")).toBe("true");
  await pub.reload();
  await pub.getByRole("button", { name: "Spreadsheet" }).waitFor();
  await mine.getByRole("button", { name: "Close" }).click();
  await mine.getByRole("button", { name: "Send a request" }).click();
  const panel = mine.getByRole("complementary", { name: "Send a request" });
  await panel.getByRole("textbox", { name: "Title" }).fill("Add a dark mode");
  await panel.getByRole("textbox", { name: "Details" }).fill("Easier on the eyes at night.");
  await panel.getByRole("button", { name: "Send request" }).click();
  await panel.getByText("Your request reached the team's intake.").waitFor();
  await panel.getByRole("region", { name: "Your requests" }).getByText("Add a dark mode").waitFor();
  await poll(async () =>
    (
      (await (await ctx.request.get(`${P}/inbox-issues/`)).json()) as { results: { issue: { name: string } }[] }
    ).results.map((r) => r.issue.name),
  ).toContain("Add a dark mode");

  // a saved view, published from the project's views: its link shows only the view's items
  const view = (await (
    await ctx.request.post(`${P}/views/`, { data: { name: "Urgent things", filters: { priority: ["urgent"] } } })
  ).json()) as { id: string };
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/views/`);
  await page.getByRole("button", { name: "Publish Urgent things" }).click();
  const modal = page.getByRole("dialog", { name: "Publish view" });
  await modal.getByRole("button", { name: "Publish", exact: true }).click();
  const link = page.getByRole("dialog", { name: "Published view" }).getByRole("link", { name: "Public link" });
  await link.waitFor();
  const viewPath = new URL((await link.getAttribute("href"))!).pathname;
  expect(viewPath).toMatch(/^\/spaces\/views\/[0-9a-f]{32}$/);
  const shared = await outside.newPage();
  await shared.goto(viewPath);
  await shared.getByRole("heading", { name: "Urgent things" }).waitFor();
  const list = shared.getByRole("main", { name: "Board" });
  await list.getByRole("button", { name: /Write the docs/ }).waitFor();
  expect(await list.getByRole("button", { name: /Ship the beta/ }).count()).toBe(0);
  expect(view.id).toBeTruthy();
});

import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext } from "./helpers.ts";
import { arrange, createItems, poll } from "./work-items-fixtures.ts";

/**
 * Publishing (issue #11 point 8): a project admin publishes the project from its settings, and the public link
 * opens the published board and list for someone signed out, read-only; a signed-in visitor comments.
 */
let browser: Browser;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

it("publishes a project from its settings and shows its board and list to someone signed out", async () => {
  const ctx = await newContext(browser);
  const a = await arrange(ctx);
  await createItems(ctx.request, a, [{ name: "Launch the public roadmap" }, { name: "Collect feedback", priority: "high" }]);

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
  const outside = await newContext(browser);
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
  await mine.goto(`${path}?board=list&peekId=${(await (await ctx.request.get(`/api/public/anchor/${path.split("/").pop()}/issues/?per_page=50`)).json()).results.find((r: { name: string }) => r.name === "Collect feedback").id}`);
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
  await poll(async () => (await outside.request.get(`/api/public/anchor/${path.split("/").pop()}/meta/`)).status()).toBe(404);
});

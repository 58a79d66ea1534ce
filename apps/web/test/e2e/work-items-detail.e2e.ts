import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, poll, createItems, openList, type Arranged } from "./work-items-fixtures.ts";

/**
 * Work items, detail flows: the peek view, a comment with an @mention and a reaction, a blocked_by
 * relation seen as "blocking" on the other item, archiving a completed item and restoring it from
 * Archives. Each test seeds its own user, project and three items, and opens its own page.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
let items: { id: string; sequence_id: number; name: string }[];
const key = (n: number) => `${a.identifier}-${n}`;
const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Dora" });
  items = await createItems(ctx.request, a, [
    { name: "Ship the release notes", priority: "medium" },
    { name: "Publish the changelog", priority: "low" },
    { name: "Close the sprint", priority: "high" },
  ]);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

it("opens a work item in the peek view", async () => {
  await openList(page, a);
  await page
    .locator(`[data-item="${key(1)}"]`)
    .getByRole("button", { name: "Ship the release notes", exact: true })
    .click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  await peek.waitFor();
  expect(new URL(page.url()).searchParams.get("peekId")).toBe(items[0].id);
  expect(await peek.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Ship the release notes");
  expect(await peek.getByTestId("item-key").textContent()).toBe(key(1));
  // widgets are open by default
  for (const w of ["Sub-work items", "Links", "Attachments", "Tasks"]) {
    expect(
      await peek
        .getByRole("region", { name: w })
        .getByRole("button", { name: w, exact: true })
        .getAttribute("aria-expanded"),
    ).toBe("true");
  }
  await peek.getByRole("button", { name: "Close peek view" }).click();
  await peek.waitFor({ state: "detached" });
  expect(new URL(page.url()).searchParams.get("peekId")).toBeNull();
});

it("comments with an @mention and reacts to the comment", async () => {
  await openList(page, a);
  await page
    .locator(`[data-item="${key(1)}"]`)
    .getByRole("button", { name: "Ship the release notes", exact: true })
    .click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  const box = peek.getByRole("textbox", { name: "Comment" });
  await box.click();
  await page.keyboard.type("Ready for review @dor");
  await page
    .getByRole("listbox", { name: "Mention someone or a work item" })
    .getByRole("option", { name: /Dora Tester/ })
    .click();
  await page.keyboard.type("thanks");
  await peek.getByRole("button", { name: "Comment", exact: true }).click();

  const comment = peek.locator("[data-comment]").first();
  await comment.waitFor();
  expect(await comment.locator(".mention").textContent()).toBe("@dora");
  await comment.getByRole("button", { name: "Add reaction to comment reactions" }).click();
  await page.getByRole("dialog", { name: "Pick a reaction" }).getByRole("button", { name: "thumbs up" }).click();
  const reaction = comment.getByRole("button", { name: "thumbs up 1" });
  await reaction.waitFor();
  expect(await reaction.getAttribute("aria-pressed")).toBe("true");

  await poll(async () => {
    const cs = (await (
      await page.request.get(api(`issues/${items[0].id}/history/?activity_type=issue-comment`))
    ).json()) as { comment_html: string; comment_reactions: { reaction: string; actor: string }[] }[];
    return cs.map((c) => ({
      mention: c.comment_html.includes(`entity_identifier="${a.userId}"`),
      reactions: c.comment_reactions.map((r) => r.reaction),
    }));
  }).toEqual([{ mention: true, reactions: ["128077"] }]);
  // the mention is recorded: the item shows up under the "mentions" filter
  await poll(async () => {
    const r = (await (
      await page.request.get(api(`issues/?mentions=${a.userId}&per_page=10&cursor=10:0:0`))
    ).json()) as { results: { id: string }[] };
    return r.results.map((x) => x.id);
  }).toEqual([items[0].id]);
  await peek.getByRole("button", { name: "Close peek view" }).click();
});

it("adds a blocked_by relation and the other item shows it as blocking", async () => {
  await page.goto(`/${a.slug}/browse/${key(1)}/`);
  const rel = page.getByRole("region", { name: "Relations" });
  await rel.waitFor();
  await rel.getByLabel("Relation type").selectOption("blocked_by");
  await rel.getByRole("button", { name: "Add relation" }).click();
  const picker = page.getByRole("dialog", { name: "Add relation" });
  await picker.getByRole("combobox", { name: "Search work items" }).fill("changelog");
  await picker.getByRole("option", { name: new RegExp(`${key(2)}`) }).click();
  await picker.getByRole("button", { name: "Add 1" }).click();
  await rel.locator(`[data-relation="blocked_by"] [data-item="${key(2)}"]`).waitFor();

  await rel
    .locator(`[data-relation="blocked_by"] [data-item="${key(2)}"]`)
    .getByRole("link")
    .click();
  await page.waitForURL((u) => u.pathname === `/${a.slug}/browse/${key(2)}/`);
  const other = page.getByRole("region", { name: "Relations" });
  await other.locator(`[data-relation="blocking"] [data-item="${key(1)}"]`).waitFor();
  const map = (await (await page.request.get(api(`issues/${items[1].id}/issue-relation/`))).json()) as Record<
    string,
    { id: string }[]
  >;
  expect(map.blocking.map((x) => x.id)).toEqual([items[0].id]);
  expect(map.blocked_by).toEqual([]);
});

it("archives a completed item and restores it from Archives", async () => {
  await page.goto(`/${a.slug}/browse/${key(3)}/`);
  const detail = page.locator(`[data-item-detail="${key(3)}"]`);
  await detail.waitFor();
  const archive = detail.getByRole("button", { name: /^Archive/ });
  expect(await archive.isDisabled()).toBe(true); // not completed yet
  await page.getByRole("complementary", { name: "Properties" }).getByRole("button", { name: "State" }).click();
  await page.getByRole("listbox", { name: "State" }).getByRole("option", { name: "Done" }).click();
  await detail.getByRole("button", { name: "Archive", exact: true }).click();
  await page.getByText("This work item was archived").waitFor();

  await openList(page, a);
  await page.locator(`[data-item="${key(1)}"]`).waitFor();
  expect(await page.locator(`[data-item="${key(3)}"]`).count()).toBe(0);

  await page.getByRole("link", { name: "Archives" }).click();
  const section = page.getByRole("region", { name: "Rocket archived work items" });
  await section.locator(`[data-item="${key(3)}"]`).waitFor();
  await section
    .locator(`[data-item="${key(3)}"]`)
    .getByRole("button", { name: "Restore" })
    .click();
  await page.getByText("Work item restored").waitFor();
  await poll(async () => {
    const r = (await (await page.request.get(api("archived-issues/?per_page=10&cursor=10:0:0"))).json()) as {
      results: unknown[];
    };
    return r.results.length;
  }).toBe(0);
  await openList(page, a);
  await page.locator(`[data-item="${key(3)}"]`).waitFor();
});

it("adds a task and a sub-work item from the item's inline forms; Escape closes them", async () => {
  await page.goto(`/${a.slug}/browse/${key(1)}/`);
  const tasks = page.locator("[data-widget='tasks']");
  await tasks.getByRole("button", { name: "Add task" }).click();
  const taskName = tasks.getByRole("textbox", { name: "Task name" });
  await taskName.fill("Draft the notes");
  await taskName.press("Enter");
  await tasks.getByRole("list", { name: "Tasks" }).getByText("Draft the notes").waitFor();
  // the field is empty again for the next task; Escape closes it
  expect(await taskName.inputValue()).toBe("");
  await taskName.press("Escape");
  await taskName.waitFor({ state: "detached" });

  const subs = page.locator("[data-widget='sub-items']");
  await subs.getByRole("button", { name: "Add sub-work item" }).click();
  const title = subs.getByRole("textbox", { name: "Sub-work item title" });
  await title.fill("Proofread the notes");
  await title.press("Enter");
  await subs.getByRole("list", { name: "Sub-work items" }).getByRole("link", { name: "Proofread the notes" }).waitFor();
  expect(await title.inputValue()).toBe("");
  const stored = (await (await page.request.get(api(`issues/${items[0].id}/sub-issues/`))).json()) as {
    sub_issues: { name: string }[];
  };
  expect(stored.sub_issues.map((s) => s.name)).toEqual(["Proofread the notes"]);
  await title.press("Escape");
  await page.mouse.move(0, 0);
  await shots(page, "detail-widgets");
});

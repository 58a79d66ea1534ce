import { afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, type Arranged } from "./work-items-fixtures.ts";

/**
 * One icon set (issue #7 point 11): the shell and the screens draw their icons from lucide (SVG), never from
 * Unicode symbols, which turn into colour emoji where an emoji font is installed; a control whose only
 * content is an icon has an accessible name; an empty screen shows a still illustration, not "◌", which
 * reads as a spinner. The file makes its own workspace and project, which no test changes; each test opens its
 * own page.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
let item: { id: string };

const e2e = e2eSuite();
beforeAll(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Iris", labels: [{ name: "Parent label", color: "#6366f1" }] });
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  await ctx.request.post(`${P}/issue-labels/`, {
    data: { name: "Child label", color: "#22c55e", parent: a.labels[0].id },
  });
  await ctx.request.patch(P + "/", {
    data: { logo_props: { in_use: "icon", icon: { name: "bolt", color: "#f59e0b" } } },
  });
  [item] = await createItems(ctx.request, a, [{ name: "Icon check", priority: "high" }]);
});
beforeEach(async () => {
  page = await ctx.newPage();
});
afterEach(async () => {
  await page?.close();
});

/** Symbols browsers draw from an emoji font when the text font lacks them: arrows, technical, shapes, dingbats, emoji. */
const GLYPHS = "[\\u2190-\\u2BFF\\u{1F000}-\\u{1FAFF}]";

/** Visible text that is a symbol icon, and icon-only controls without an accessible name. */
function problems(p: Page) {
  return p.evaluate((glyphs) => {
    const re = new RegExp(glyphs, "u");
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      // emoji a person picks (a project's emoji logo) are content, not icons
      if (!el || !el.checkVisibility() || el.closest('[aria-label^="Emoji "]')) continue;
      if (re.test(n.textContent ?? ""))
        out.push(`glyph "${(n.textContent ?? "").trim()}" in <${el.tagName.toLowerCase()} class="${el.className}">`);
    }
    for (const c of document.querySelectorAll<HTMLElement>(
      "button, a[href], [role=button], [role=menuitem], [role=tab]",
    )) {
      if (!c.checkVisibility()) continue;
      const named =
        (c.textContent ?? "").trim() ||
        c.getAttribute("aria-label") ||
        c.getAttribute("aria-labelledby") ||
        c.getAttribute("title");
      if (!named) out.push(`unnamed ${c.tagName.toLowerCase()}: ${c.outerHTML.slice(0, 120)}`);
    }
    return out;
  }, GLYPHS);
}

it("draws the sidebar's icons as SVG (lucide), one per entry, hidden from screen readers", async () => {
  await page.goto(`/${a.slug}/`);
  const entries = page.locator("nav[aria-label=Workspace] [data-nav]");
  await entries.first().waitFor();
  const icons = await entries.evaluateAll((els) =>
    els.map((e) => {
      const svg = e.querySelector("svg");
      return {
        key: e.getAttribute("data-nav"),
        lucide: !!svg?.classList.contains("lucide"),
        hidden: svg?.getAttribute("aria-hidden"),
        text: e.textContent?.trim(),
        shapes: svg?.childElementCount,
      };
    }),
  );
  expect(icons.length).toBeGreaterThan(3);
  // each drawn in one path (src/lib/icon-node.ts: lucide's shapes joined by the build)
  for (const i of icons) expect(i, String(i.key)).toMatchObject({ lucide: true, hidden: "true", shapes: 1 });
  // the project's icon logo too
  const project = page.locator("nav[aria-label=Workspace]").getByRole("link", { name: "Rocket" });
  expect(await project.locator("svg.lucide-zap").count()).toBe(1);
  expect(await problems(page)).toEqual([]);
});

it("shows no symbol icons and no unnamed icon-only control on the main screens", async () => {
  const screens: [string, () => Promise<unknown>][] = [
    [`/${a.slug}/`, () => page.locator("nav[aria-label=Workspace] [data-nav]").first().waitFor()],
    [
      `/${a.slug}/projects/`,
      () =>
        page
          .getByRole("button", { name: /favourites/ })
          .first()
          .waitFor(),
    ],
    [`/${a.slug}/projects/${a.projectId}/issues/`, () => openList(page, a)],
    [
      `/${a.slug}/projects/${a.projectId}/settings/states/`,
      () =>
        page
          .getByRole("button", { name: /^Actions for state/ })
          .first()
          .waitFor(),
    ],
    [
      `/${a.slug}/projects/${a.projectId}/settings/labels/`,
      () => page.getByRole("button", { name: "Actions for label Child label" }).waitFor(),
    ],
    ["/profile/", () => page.getByRole("link", { name: "Back to workspace" }).waitFor()],
    [`/${a.slug}/browse/${a.identifier}-1/`, () => page.getByRole("region", { name: "Attachments" }).waitFor()],
    [
      `/${a.slug}/projects/${a.projectId}/issues/?peekId=${item.id}`,
      () => page.getByRole("complementary", { name: "Peek view" }).getByRole("region", { name: "Relations" }).waitFor(),
    ],
  ];
  for (const [url, ready] of screens) {
    await page.goto(url);
    await ready();
    expect(await problems(page), url).toEqual([]);
  }
  // a modal and its logo picker
  await page.goto(`/${a.slug}/projects/`);
  await page.getByRole("button", { name: "Add project" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByRole("radio", { name: "Icon bolt" }).waitFor();
  expect(await modal.getByRole("button", { name: "Close" }).locator("svg.lucide").count()).toBe(1);
  expect(await problems(page)).toEqual([]);
});

it("shows an empty screen with a still illustration instead of the spinner-like ◌", async () => {
  await page.goto(`/${a.slug}/drafts/`);
  await page.getByRole("heading", { name: "No drafts" }).waitFor();
  const art = page.locator("[data-empty-illustration]");
  expect(await art.locator("svg.lucide").count()).toBe(1);
  expect(await art.getAttribute("aria-hidden")).toBe("true");
  expect(await page.locator("body").innerText()).not.toContain("◌");
  // nothing in it moves
  expect(
    await art.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].some((e) => getComputedStyle(e).animationName !== "none"),
    ),
  ).toBe(false);
  expect(await problems(page)).toEqual([]);
});

import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  arrangeEach,
  createItems,
  listUrl,
  poll,
  postJson,
  reviewShot,
  setLayout,
  type Arranged,
} from "./work-items-fixtures.ts";

/**
 * Issue #27 point 1: a work-item list row keeps one line. In a cycle's and a module's list beside their details, and
 * in the project's list, at 1280 and 1440 px with every property set, each row's title and chips stay inside the
 * row, the title shows at least 24 characters, chips that do not fit are hidden whole and counted ("+N"), and
 * properties without a value are not drawn until the row is hovered. Each test seeds its own project.
 * `E2E_SHOTS=<dir>` keeps a screenshot of each screen for review.
 */
let ctx: BrowserContext, page: Page, a: Arranged;
arrangeEach(
  {
    firstName: "Rowan",
    labels: [
      { name: "Frontend", color: "#3b82f6" },
      { name: "Payments", color: "#10b981" },
      { name: "Needs design", color: "#f59e0b" },
    ],
  },
  (t) => ({ ctx, page, a } = t),
);

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const post = <T>(p: string, data: Record<string, unknown>) => postJson<T>(ctx.request, a, p, data);

const TITLES = [
  "Guest checkout keeps the cart after signing in",
  "Apple Pay button on the payment step of checkout",
  "Validate postal codes for every shipping country",
  "Retry failed card authorisations once before failing",
  "Show the order summary on the confirmation page",
  "Save the billing address as the default for next time",
  "Remove the old PayPal redirect flow from checkout",
  "Explain declined cards in words a customer understands",
];

/** A project with a points estimate, a cycle and a module, and eight items with every property set. */
async function seed(): Promise<{ cycle: string; module: string }> {
  await post("estimates/", {
    estimate: { name: "Fibonacci", type: "points", last_used: true },
    estimate_points: ["1", "2", "3", "5", "8", "13"].map((value, i) => ({ key: i + 1, value })),
  });
  const points = ((await (await ctx.request.get(`${P()}/estimates/`)).json()) as { points: { id: string }[] }[])[0]
    .points;
  const cycle = await post<{ id: string }>("cycles/", { name: "Sprint 14", start_date: day(-5), end_date: day(9) });
  const module = await post<{ id: string }>("modules/", {
    name: "Payment flow",
    start_date: day(-5),
    target_date: day(20),
  });
  const groups = ["backlog", "unstarted", "started", "started", "completed", "unstarted", "cancelled", "backlog"];
  const priorities = ["urgent", "high", "medium", "low", "high", "urgent", "low", "medium"];
  const items = await createItems(
    ctx.request,
    a,
    TITLES.map((name, i) => ({
      name,
      state_id: a.states.find((s) => s.group === groups[i])!.id,
      priority: priorities[i],
      assignee_ids: [a.userId],
      label_ids: a.labels.slice(0, 1 + (i % 3)).map((l) => l.id),
      start_date: day(-3),
      target_date: day(7 + i),
      estimate_point: points[i % points.length].id,
    })),
  );
  await post(`cycles/${cycle.id}/cycle-issues/`, { issues: items.map((i) => i.id) });
  await post(`modules/${module.id}/issues/`, { issues: items.map((i) => i.id) });
  for (const it of items)
    await post(`issues/${it.id}/issue-links/`, { url: "https://example.com/spec", title: "Spec" });
  await createItems(ctx.request, a, [{ name: "Sub-item with nothing set on it at all", parent_id: items[0].id }]);
  return { cycle: cycle.id, module: module.id };
}

interface RowReport {
  key: string;
  /** Elements drawn outside the row's box. */
  outside: string[];
  /** Chips cut by the properties' box, or overlapping the title. */
  clipped: string[];
  /** Width of the title's first 24 characters, and the title's width. */
  first24: number;
  titleWidth: number;
  /** Chips shown, hidden, and the count's number. */
  shown: number;
  hidden: number;
  more: number;
}

/** What each row of the list shows (the mouse away from the list). */
async function rows(): Promise<RowReport[]> {
  await page.mouse.move(0, 0);
  return page.locator("[data-list-context] [role=listitem][data-item]").evaluateAll((els) =>
    els.map((row) => {
      const box = row.getBoundingClientRect();
      const inside = (b: DOMRect, o: DOMRect) =>
        b.left >= o.left - 0.5 && b.right <= o.right + 0.5 && b.top >= o.top - 0.5 && b.bottom <= o.bottom + 0.5;
      const drawn = (el: Element) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== "hidden";
      };
      const title = row.querySelector("[data-open-item]") as HTMLElement;
      const tb = title.getBoundingClientRect();
      const range = document.createRange();
      range.setStart(title.firstChild!, 0);
      range.setEnd(title.firstChild!, 24);
      const props = row.querySelector("[data-row-properties]");
      const pb = props?.getBoundingClientRect();
      const chips = props ? [...props.children] : [];
      const count = chips.find((c) => /more properties/.test(c.textContent ?? ""));
      const visible = chips.filter((c) => c !== count && getComputedStyle(c).display !== "none");
      return {
        key: row.getAttribute("data-item")!,
        outside: [...row.querySelectorAll("*")]
          .filter((el) => drawn(el) && !inside(el.getBoundingClientRect(), box))
          .map((el) => el.outerHTML.slice(0, 80)),
        clipped: visible
          .filter((c) => !inside(c.getBoundingClientRect(), pb!) || c.getBoundingClientRect().left < tb.right)
          .map((c) => c.outerHTML.slice(0, 80)),
        first24: range.getBoundingClientRect().width,
        titleWidth: title.clientWidth,
        shown: visible.length,
        // hidden chips with a value (an empty property's icon, hidden first, is not counted)
        hidden: chips.filter(
          (c) => c !== count && getComputedStyle(c).display === "none" && !c.classList.contains("opacity-0"),
        ).length,
        more:
          count && getComputedStyle(count).display !== "none"
            ? Number(/\+(\d+)/.exec((count as HTMLElement).innerText)?.[1] ?? 0)
            : 0,
      };
    }),
  );
}

/** Every row fits: nothing outside it or cut, a readable title, and the count says how many chips are hidden. */
function expectFits(report: RowReport[], where: string): void {
  expect(report.length, where).toBeGreaterThanOrEqual(8);
  for (const r of report) {
    expect(r.outside, `${where} ${r.key}: drawn outside the row`).toEqual([]);
    expect(r.clipped, `${where} ${r.key}: chips cut or over the title`).toEqual([]);
    expect(r.first24, `${where} ${r.key}: the title's first 24 characters`).toBeLessThanOrEqual(r.titleWidth + 0.5);
    expect(r.more, `${where} ${r.key}: the count of hidden chips`).toBe(r.hidden);
  }
}

it("keeps each row on one line with a readable title in a cycle's and a module's list beside their details and in the project's list, at 1280 and 1440 px", async () => {
  const { cycle, module } = await seed();
  const screens = [
    {
      name: "cycle",
      url: `/${a.slug}/projects/${a.projectId}/cycles/${cycle}/`,
      panel: page.getByRole("complementary", { name: "Cycle details" }),
    },
    {
      name: "module",
      url: `/${a.slug}/projects/${a.projectId}/modules/${module}/`,
      panel: page.getByText("Target date"),
    },
    { name: "project", url: listUrl(a), panel: null },
  ];
  const seen: Record<string, RowReport[]> = {};
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const s of screens) {
      await page.goto(s.url);
      await page.locator("[data-list-context] [role=listitem][data-item]").first().waitFor();
      await poll(() => page.locator("[data-list-context] [role=listitem][data-item]").count()).toBeGreaterThanOrEqual(
        8,
      );
      if (s.panel) await s.panel.first().waitFor();
      const report = await rows();
      await reviewShot(page, `list-rows-${s.name}-${width}`);
      expectFits(report, `${s.name} at ${width}`);
      seen[`${s.name}-${width}`] = report;
    }
  }
  // beside the details something had to give way, and the count shows it; a wider list shows more
  const total = (r: RowReport[]) => r.reduce((n, x) => n + x.shown, 0);
  expect(seen["cycle-1280"].some((r) => r.more > 0)).toBe(true);
  expect(seen["module-1280"].some((r) => r.more > 0)).toBe(true);
  expect(total(seen["cycle-1440"])).toBeGreaterThan(total(seen["cycle-1280"]));
  expect(total(seen["project-1440"])).toBeGreaterThan(total(seen["cycle-1440"]));
});

it("draws a property without a value only while its row is hovered, and it still opens its picker", async () => {
  await post("estimates/", {
    estimate: { name: "Linear", type: "points", last_used: true },
    estimate_points: ["1", "2", "3"].map((value, i) => ({ key: i + 1, value })),
  });
  const [bare] = await createItems(ctx.request, a, [{ name: "Nothing is set on this work item yet" }]);
  await setLayout(ctx.request, a, { layout: "list", group_by: null, order_by: "sort_order" });
  await page.goto(listUrl(a));
  const row = page.locator(`[role=listitem][data-item="${a.identifier}-${bare.sequence_id}"]`);
  const estimate = row.getByRole("button", { name: "Estimate" });
  await estimate.waitFor({ state: "attached" });
  await page.mouse.move(0, 0);
  // at rest: the state chip only (and the dates it was made and changed); the empty properties are there but not drawn
  const drawn = () =>
    row
      .locator("[data-row-properties] > button")
      .evaluateAll((els) =>
        els
          .filter((e) => getComputedStyle(e).display !== "none" && getComputedStyle(e).opacity !== "0")
          .map((e) => e.getAttribute("aria-label")),
      );
  await poll(drawn).toEqual([expect.stringMatching(/^State: /)]);
  await row.hover();
  await poll(async () => (await drawn()).length).toBeGreaterThan(4);
  await estimate.click();
  await page.getByRole("listbox", { name: "Estimate" }).getByRole("option", { name: "2" }).click();
  await poll(
    async () =>
      ((await (await ctx.request.get(`${P()}/issues/${bare.id}/`)).json()) as { estimate_point: string | null })
        .estimate_point,
  ).not.toBeNull();
  // focus inside the row shows its empty properties too (keyboard); away from it, the set estimate stays
  await poll(async () => (await drawn()).length).toBeGreaterThan(4);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await poll(drawn).toEqual([expect.stringMatching(/^State: /), "Estimate"]);
});

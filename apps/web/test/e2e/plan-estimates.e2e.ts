import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { arrangeEach, createItems, poll, postJson, reviewShot, type Arranged } from "./work-items-fixtures.ts";

/**
 * Issue #27 point 5: a cycle's and a module's progress, burndown and breakdowns count estimate points when the
 * project estimates in points (with a "Work items | Points" toggle), work items otherwise; cancelled items are out
 * of the scope everywhere (the modules and cycles lists too); workspace analytics offer the points metric for such
 * projects. Screens at 1280 and 1440 px; `E2E_SHOTS=<dir>` keeps them for review. Each test seeds its own data.
 */
let ctx: BrowserContext, page: Page, a: Arranged;
arrangeEach({ firstName: "Pia", labels: [{ name: "Payments", color: "#10b981" }] }, (t) => ({ ctx, page, a } = t));

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const state = (group: string) => a.states.find((s) => s.group === group)!.id;
const post = <T>(p: string, data: Record<string, unknown>) => postJson<T>(ctx.request, a, p, data);
const shot = (name: string) => reviewShot(page, name);

/**
 * A cycle and a module holding four items: 5 points completed, 3 started, 2 in the backlog (unassigned, labelled)
 * and 8 cancelled. In scope: 10 points, 3 work items; done: 5 points, 1 work item.
 */
async function seed(estimate: "points" | "categories"): Promise<{ cycle: string; module: string }> {
  const values = estimate === "points" ? ["2", "3", "5", "8"] : ["S", "M", "L", "XL"];
  await post("estimates/", {
    estimate: { name: "Sizes", type: estimate, last_used: true },
    estimate_points: values.map((value, i) => ({ key: i + 1, value })),
  });
  const points = (
    (await (await ctx.request.get(`${P()}/estimates/`)).json()) as { points: { id: string; value: string }[] }[]
  )[0].points;
  const pt = (i: number) => points.find((p) => p.value === values[i])!.id;
  const cycle = await post<{ id: string }>("cycles/", { name: "Sprint 7", start_date: day(-4), end_date: day(9) });
  const module = await post<{ id: string }>("modules/", { name: "Checkout", start_date: day(-4), target_date: day(9) });
  const items = await createItems(ctx.request, a, [
    { name: "Pay with a saved card", state_id: state("completed"), assignee_ids: [a.userId], estimate_point: pt(2) },
    { name: "Retry a declined card", state_id: state("started"), assignee_ids: [a.userId], estimate_point: pt(1) },
    { name: "Receipt by email", state_id: state("backlog"), label_ids: [a.labels[0].id], estimate_point: pt(0) },
    { name: "Pay by cheque", state_id: state("cancelled"), assignee_ids: [a.userId], estimate_point: pt(3) },
  ]);
  await post(`cycles/${cycle.id}/cycle-issues/`, { issues: items.map((i) => i.id) });
  await post(`modules/${module.id}/issues/`, { issues: items.map((i) => i.id) });
  return { cycle: cycle.id, module: module.id };
}

const summary = (prefix: string) => page.getByTestId(`${prefix}-progress-summary`).textContent();
const breakdown = (panel: ReturnType<Page["getByRole"]>) =>
  panel
    .getByRole("list", { name: "Work items by assignee" })
    .getByRole("listitem")
    .evaluateAll((els) =>
      els
        .map((e) =>
          Array.from(e.children)
            .slice(-2)
            .map((c) => c.textContent)
            .join(" "),
        )
        .sort(),
    );

it("counts a points project's cycle and module in points, with a toggle to work items, cancelled items out of the scope", async () => {
  const { cycle, module } = await seed("points");
  const me = (await (await ctx.request.get("/api/users/me/")).json()) as { display_name: string };
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });

    // the cycle: points first
    await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${cycle}/`);
    const cycleDetails = page.getByRole("complementary", { name: "Cycle details" });
    await poll(() => summary("cycle")).toBe("5 of 10 points done · 50%");
    expect(await cycleDetails.getByRole("button", { name: "Points" }).getAttribute("aria-pressed")).toBe("true");
    await poll(() => cycleDetails.getByTestId("burndown-today").textContent()).toMatch(/^5 points remaining on /);
    expect(await cycleDetails.getByTestId("cycle-group-cancelled").textContent()).toBe("8");
    await poll(() => breakdown(cycleDetails)).toEqual([`${me.display_name} 5/8`, "Unassigned 0/2"].sort());
    await cycleDetails.getByRole("figure", { name: "Estimate points by property" }).waitFor();
    await shot(`plan-estimates-cycle-points-${width}`);
    // …and in work items
    await cycleDetails.getByRole("button", { name: "Work items" }).click();
    await poll(() => summary("cycle")).toBe("1 of 3 done · 33%");
    await poll(() => cycleDetails.getByTestId("burndown-today").textContent()).toMatch(/^2 remaining on /);
    await poll(() => breakdown(cycleDetails)).toEqual([`${me.display_name} 1/2`, "Unassigned 0/1"].sort());
    await cycleDetails.getByRole("figure", { name: "Work items by property" }).waitFor();

    // the module: the same numbers
    await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${module}/`);
    const moduleDetails = page.getByRole("complementary", { name: "Module details" });
    await poll(() => summary("module")).toBe("5 of 10 points done · 50%");
    await poll(() => moduleDetails.getByTestId("burndown-today").textContent()).toMatch(/^5 points remaining on /);
    await poll(() => breakdown(moduleDetails)).toEqual([`${me.display_name} 5/8`, "Unassigned 0/2"].sort());
    await shot(`plan-estimates-module-points-${width}`);
    await moduleDetails.getByRole("button", { name: "Work items" }).click();
    await poll(() => summary("module")).toBe("1 of 3 done · 33%");
    await poll(() => moduleDetails.getByTestId("burndown-today").textContent()).toMatch(/^2 remaining on /);

    // the lists count the same way: a cancelled item is neither done nor left to do
    await page.goto(`/${a.slug}/projects/${a.projectId}/modules/`);
    const row = page.getByRole("list", { name: "Modules" }).getByRole("listitem").filter({ hasText: "Checkout" });
    await poll(() => row.getByRole("progressbar", { name: "Progress" }).getAttribute("aria-valuenow")).toBe("33");
    expect(await row.getByLabel("1 of 3 work items completed, 1 cancelled").textContent()).toBe("1/3");
    await shot(`plan-estimates-modules-${width}`);
    await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
    await poll(() =>
      page
        .locator('[data-cycle-row="Sprint 7"]')
        .getByLabel(/work items completed/)
        .textContent(),
    ).toBe("1/3 · 33%");
  }

  // workspace analytics, this project only: its items' points by property, work items on request
  await page.goto(`/${a.slug}/analytics/work-items?project_ids=${a.projectId}`);
  const metric = page.getByRole("combobox", { name: "Metric" });
  await poll(() => metric.inputValue()).toBe("points");
  const chart = page.getByRole("figure", { name: "Estimate points by property" });
  const table = () => chart.locator("table tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent));
  // every item counts here, the cancelled one too (analytics describe the work items, not a plan's progress)
  await poll(table).toEqual(["none18"]);
  await shot("plan-estimates-analytics-1440");
  await metric.selectOption("issues");
  await page.getByRole("figure", { name: "Work items by property" }).waitFor();
  await poll(() =>
    page
      .getByRole("figure", { name: "Work items by property" })
      .locator("table tbody tr")
      .evaluateAll((rows) => rows.map((r) => r.textContent)),
  ).toEqual(["none4"]);
});

it("counts work items when the project's estimates are not points, without a toggle", async () => {
  const { cycle, module } = await seed("categories");
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${cycle}/`);
  const details = page.getByRole("complementary", { name: "Cycle details" });
  await poll(() => summary("cycle")).toBe("1 of 3 done · 33%");
  await poll(() => details.getByTestId("burndown-today").textContent()).toMatch(/^2 remaining on /);
  expect(await details.getByRole("group", { name: "Count in" }).count()).toBe(0);
  await page.goto(`/${a.slug}/projects/${a.projectId}/modules/${module}/`);
  await poll(() => summary("module")).toBe("1 of 3 done · 33%");
  expect(await page.getByRole("group", { name: "Count in" }).count()).toBe(0);
  await page.goto(`/${a.slug}/analytics/work-items?project_ids=${a.projectId}`);
  await page.getByRole("figure", { name: "Work items by property" }).waitFor();
  expect(await page.getByRole("combobox", { name: "Metric" }).count()).toBe(0);
});

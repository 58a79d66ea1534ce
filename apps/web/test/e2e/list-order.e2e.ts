import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { arrangeEach, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Issue #27 point 4: a list starts in manual order (`sort_order`, work-tracking.md §9) — the project's list and a
 * cycle's — and an order chosen in the display menu is kept. Each test seeds its own user, project and items.
 */
let ctx: BrowserContext, page: Page, a: Arranged;
arrangeEach({ firstName: "Morgan", labels: [] }, (t) => ({ ctx, page, a } = t));

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const rowNames = () =>
  page.locator("[data-list-context] [role=listitem][data-item] [data-open-item]").allTextContents();

it("starts the project's and a cycle's list in manual order and keeps another order once chosen", async () => {
  const [first, second, third] = await createItems(ctx.request, a, [
    { name: "Alpha" },
    { name: "Bravo" },
    { name: "Charlie" },
  ]);
  // moved by hand to the top: manual order Charlie, Alpha, Bravo (newest first would be Charlie, Bravo, Alpha)
  const res = await ctx.request.patch(`${P()}/issues/${third.id}/`, { data: { sort_order: 1000 } });
  expect(res.ok()).toBe(true);
  expect([first.name, second.name]).toEqual(["Alpha", "Bravo"]);

  await openList(page, a);
  await poll(rowNames).toEqual(["Charlie", "Alpha", "Bravo"]);
  await page.getByRole("button", { name: "Display" }).click();
  const order = page.getByRole("combobox", { name: "Order by" });
  expect(await order.inputValue()).toBe("sort_order");
  expect(await order.locator("option:checked").textContent()).toBe("Manual");

  // choosing another order lists by it and is kept (on the server, for the next visit)
  await order.selectOption("created_at");
  await poll(rowNames).toEqual(["Alpha", "Bravo", "Charlie"]);
  await poll(
    async () =>
      ((await (await ctx.request.get(`${P()}/user-properties/`)).json()) as { display_filters: { order_by: string } })
        .display_filters.order_by,
  ).toBe("created_at");
  await page.reload();
  await poll(rowNames).toEqual(["Alpha", "Bravo", "Charlie"]);

  // a cycle's list starts in manual order too
  const cycle = (await (
    await ctx.request.post(`${P()}/cycles/`, {
      data: {
        name: "Now",
        start_date: new Date().toISOString().slice(0, 10),
        end_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    })
  ).json()) as { id: string };
  await ctx.request.post(`${P()}/cycles/${cycle.id}/cycle-issues/`, {
    data: { issues: [first.id, second.id, third.id] },
  });
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${cycle.id}/`);
  await poll(rowNames).toEqual(["Charlie", "Alpha", "Bravo"]);
  await page.getByRole("button", { name: "Display" }).click();
  expect(await page.getByRole("combobox", { name: "Order by" }).inputValue()).toBe("sort_order");
});

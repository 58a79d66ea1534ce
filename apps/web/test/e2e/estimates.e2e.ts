import { afterAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Estimates (issue #8 point 11): an admin creates an estimate system from a template on the project's
 * settings page, then sizes work items with its points from the detail page and from the list. Each test makes
 * its own workspace, project and items.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

const api = (a: Arranged, path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

async function setup() {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Esti" });
  const items = await createItems(ctx.request, a, [{ name: "Sized in detail" }, { name: "Sized in the list" }]);
  return { a, items, page: await ctx.newPage() };
}

async function item(page: Page, a: Arranged, id: string): Promise<{ estimate_point: string | null }> {
  return (await (await page.request.get(api(a, `issues/${id}/`))).json()) as { estimate_point: string | null };
}

async function estimates(
  page: Page,
  a: Arranged,
): Promise<{ id: string; name: string; points: { id: string; value: string }[] }[]> {
  return (await (await page.request.get(api(a, "estimates/"))).json()) as {
    id: string;
    name: string;
    points: { id: string; value: string }[];
  }[];
}

it("creates an estimate system from a template and sizes work items with its points", async () => {
  const { a, items, page } = await setup();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/estimates/`);
  await page.getByRole("heading", { name: "Estimates" }).waitFor();
  await page.getByText("No estimate system yet").waitFor();

  // pick the T-shirt template among the categories, reorder one point, and create it
  await page.getByRole("button", { name: "Add estimate system" }).click();
  const dialog = page.getByRole("dialog", { name: "New estimate system" });
  await dialog.getByRole("combobox", { name: "Estimate type" }).selectOption("categories");
  await dialog.getByRole("radio", { name: /T-Shirt Sizes/ }).click();
  expect(
    await dialog
      .getByRole("textbox", { name: /^Point \d$/ })
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
  ).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
  await dialog.getByRole("button", { name: "Remove point 6" }).click();
  await dialog.getByRole("button", { name: "Create estimate system" }).click();
  await dialog.waitFor({ state: "hidden" });

  const points = page.getByRole("list", { name: "Points of T-Shirt Sizes" });
  await poll(() =>
    points.getByRole("textbox").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
  ).toEqual(["XS", "S", "M", "L", "XL"]);
  expect(
    await page.getByRole("switch", { name: "Enable estimates for this project" }).getAttribute("aria-checked"),
  ).toBe("true");

  // edit a point's value and move it up; the server keeps the new order
  const xl = points.getByRole("textbox", { name: "Point 5" });
  await xl.fill("Huge");
  await xl.press("Enter");
  await page.getByRole("button", { name: "Move Huge up" }).click();
  await poll(async () => (await estimates(page, a))[0]?.points.map((p) => p.value)).toEqual([
    "XS",
    "S",
    "M",
    "Huge",
    "L",
  ]);
  const byValue = Object.fromEntries((await estimates(page, a))[0].points.map((p) => [p.value, p.id]));

  // the detail page offers the points in order and saves the pick
  await page.goto(`/${a.slug}/browse/${a.identifier}-${items[0].sequence_id}/`);
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.getByRole("button", { name: /^Estimate/ }).click();
  const list = page.getByRole("listbox", { name: "Estimate" });
  await list.waitFor();
  expect(await list.getByRole("option").allTextContents()).toEqual(["No estimate", "XS", "S", "M", "Huge", "L"]);
  await list.getByRole("option", { name: "M", exact: true }).click();
  await poll(async () => (await item(page, a, items[0].id)).estimate_point).toBe(byValue.M);
  await poll(() => props.getByRole("button", { name: /^Estimate/ }).textContent()).toContain("M");

  // the list row's estimate chip does the same
  await openList(page, a);
  const row = page.locator(`[data-item="${a.identifier}-${items[1].sequence_id}"]`);
  await row.getByRole("button", { name: /^Estimate/ }).click();
  await page.getByRole("listbox", { name: "Estimate" }).getByRole("option", { name: "Huge" }).click();
  await poll(async () => (await item(page, a, items[1].id)).estimate_point).toBe(byValue.Huge);
  await poll(() => row.getByRole("button", { name: /^Estimate/ }).textContent()).toContain("Huge");
});

it("turns estimates off and deletes a system, which clears it from the items", async () => {
  const { a, items, page } = await setup();
  const made = await page.request.post(api(a, "estimates/"), {
    data: {
      estimate: { name: "Fibonacci", type: "points", last_used: true },
      estimate_points: ["1", "2", "3", "5", "8", "13"].map((value, i) => ({ key: i + 1, value })),
    },
  });
  expect(made.ok()).toBe(true);
  const est = (await made.json()) as { id: string; points: { id: string; value: string }[] };
  expect(
    (await page.request.patch(api(a, `issues/${items[0].id}/`), { data: { estimate_point: est.points[3].id } })).ok(),
  ).toBe(true);

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/estimates/`);
  const toggle = page.getByRole("switch", { name: "Enable estimates for this project" });
  await poll(() => toggle.getAttribute("aria-checked")).toBe("true");
  await toggle.click();
  await poll(
    async () => ((await (await page.request.get(api(a, ""))).json()) as { estimate: string | null }).estimate,
  ).toBeNull();
  await poll(() => toggle.getAttribute("aria-checked")).toBe("false");

  await page.getByRole("region", { name: "Current estimate system" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete estimate system" }).getByRole("button", { name: "Delete" }).click();
  await page.getByText("No estimate system yet").waitFor();
  await poll(async () => (await item(page, a, items[0].id)).estimate_point).toBeNull();
  expect(await estimates(page, a)).toEqual([]);
});

it("switches the project to another estimate system, whose points the work items then offer", async () => {
  const { a, items, page } = await setup();
  const make = async (name: string, values: string[], last_used: boolean) => {
    const res = await page.request.post(api(a, "estimates/"), {
      data: {
        estimate: { name, type: "points", last_used },
        estimate_points: values.map((value, i) => ({ key: i + 1, value })),
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: string };
  };
  const squares = await make("Squares", ["1", "4", "9", "16"], false);
  await make("Fibonacci", ["1", "2", "3", "5", "8", "13"], true);
  const active = async () =>
    ((await (await page.request.get(api(a, ""))).json()) as { estimate: string | null }).estimate;

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/estimates/`);
  const current = page.getByRole("region", { name: "Current estimate system" });
  await current.getByRole("heading", { name: "Fibonacci" }).waitFor();
  const others = page.getByRole("region", { name: "Other estimate systems" });
  await others.getByRole("listitem", { name: "Squares" }).getByRole("button", { name: "Use this system" }).click();
  await current.getByRole("heading", { name: "Squares" }).waitFor();
  await poll(active).toBe(squares.id);
  await others.getByRole("listitem", { name: "Fibonacci" }).waitFor();

  // the work item's estimate picker offers the new system's points
  await page.goto(`/${a.slug}/browse/${a.identifier}-${items[0].sequence_id}/`);
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.getByRole("button", { name: /^Estimate/ }).click();
  const list = page.getByRole("listbox", { name: "Estimate" });
  await list.waitFor();
  expect(await list.getByRole("option").allTextContents()).toEqual(["No estimate", "1", "4", "9", "16"]);
  await page.keyboard.press("Escape");

  // the system no longer in use is deleted from the list of others
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/estimates/`);
  await others.getByRole("button", { name: "Delete Fibonacci" }).click();
  await page.getByRole("dialog", { name: "Delete estimate system" }).getByRole("button", { name: "Delete" }).click();
  await others.waitFor({ state: "detached" });
  await poll(async () => (await estimates(page, a)).map((e) => e.name)).toEqual(["Squares"]);
  expect(await active()).toBe(squares.id);
});

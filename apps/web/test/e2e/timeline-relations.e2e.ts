import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * The timeline draws an arrow from each blocking bar to the bar it blocks (issue #7 point 11): from the
 * relations its list page carries, red when the blocker is due after the blocked item starts, following a
 * relation added in the peek view and a bar being moved. The test makes its own project and items.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

const e2e = e2eSuite();
beforeAll(async () => {
  ctx = await e2e.context();
  page = await ctx.newPage();
});

const isoPlus = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The first and last points of an arrow, relative to the chart's arrow layer. */
async function ends(path: Locator): Promise<{ sx: number; sy: number; tx: number; ty: number }> {
  const d = (await path.getAttribute("d")) ?? "";
  const nums = [...d.matchAll(/[MHV] (-?[\d.]+)(?: (-?[\d.]+))?/g)];
  let x = 0,
    y = 0;
  const pts: [number, number][] = [];
  for (const m of nums) {
    const cmd = m[0][0];
    if (cmd === "M") {
      x = Number(m[1]);
      y = Number(m[2]);
    } else if (cmd === "H") x = Number(m[1]);
    else y = Number(m[1]);
    pts.push([x, y]);
  }
  return { sx: pts[0][0], sy: pts[0][1], tx: pts.at(-1)![0], ty: pts.at(-1)![1] };
}

it("draws blocking arrows from the end of the blocker's bar to the start of the blocked bar", async () => {
  a = await arrange(ctx, { firstName: "Tess" });
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  const [design, build, review, unrelated] = await createItems(ctx.request, a, [
    { name: "Design", start_date: today, target_date: isoPlus(today, 3) },
    { name: "Build", start_date: isoPlus(today, 6), target_date: isoPlus(today, 9) },
    { name: "Review", start_date: isoPlus(today, 2), target_date: isoPlus(today, 5) },
    { name: "Announce", start_date: isoPlus(today, 12), target_date: isoPlus(today, 14) },
  ]);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  // Build is blocked by Design; Build blocks Review (which starts before Build is due: a conflict)
  expect(
    (
      await ctx.request.post(`${P}/issues/${build.id}/issue-relation/`, {
        data: { relation_type: "blocked_by", issues: [design.id] },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await ctx.request.post(`${P}/issues/${build.id}/issue-relation/`, {
        data: { relation_type: "blocking", issues: [review.id] },
      })
    ).ok(),
  ).toBe(true);
  await setLayout(ctx.request, a, { layout: "gantt_chart" });
  await openList(page, a);
  const key = (it: { sequence_id: number }) => `${a.identifier}-${it.sequence_id}`;
  const arrows = page.locator("svg[data-gantt-arrows]");
  const arrow = (from: { sequence_id: number }, to: { sequence_id: number }) =>
    arrows.locator(`path[data-relation="${key(from)}>${key(to)}"]`);
  await arrow(design, build).waitFor();
  await arrow(build, review).waitFor();
  expect(await arrows.locator("path[data-relation]").count()).toBe(2);
  expect(await arrow(design, build).getAttribute("data-conflict")).toBeNull();
  expect(await arrow(build, review).getAttribute("data-conflict")).toBe("true");
  expect(await arrow(design, build).locator("title").textContent()).toBe(
    `${key(design)} Design blocks ${key(build)} Build`,
  );
  // no style attributes anywhere in the layer (the CSP allows none)
  expect(
    await arrows.evaluate((svg) => [svg, ...svg.querySelectorAll("*")].filter((e) => e.hasAttribute("style")).length),
  ).toBe(0);

  // the arrow leaves the blocker's right end and reaches the blocked bar's left end, at their middles
  const layer = (await arrows.boundingBox())!;
  const bar = async (it: { sequence_id: number }) => (await page.locator(`[data-bar="${key(it)}"]`).boundingBox())!;
  const geometry = async () => {
    const e = await ends(arrow(design, build));
    const from = await bar(design);
    const to = await bar(build);
    return [
      Math.round(layer.x + e.sx - (from.x + from.width)),
      Math.round(layer.y + e.sy - (from.y + from.height / 2)),
      Math.round(layer.x + e.tx - to.x),
      Math.round(layer.y + e.ty - (to.y + to.height / 2)),
    ].map((d) => Math.abs(d) <= 1);
  };
  await poll(geometry).toEqual([true, true, true, true]);

  // a bar picked up and moved by keyboard takes its arrows along; Escape puts it back
  const before = await arrow(design, build).getAttribute("d");
  await page.getByRole("button", { name: new RegExp(`^Move ${key(build)} Build`) }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await poll(() => arrow(design, build).getAttribute("d")).not.toBe(before);
  await page.keyboard.press("Escape");
  await poll(() => arrow(design, build).getAttribute("d")).toBe(before);

  // a relation added in the peek view shows on the timeline
  await page
    .locator(`[data-item="${key(unrelated)}"]`)
    .getByRole("button", { name: "Announce", exact: true })
    .click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  const rel = peek.getByRole("region", { name: "Relations" });
  await rel.getByLabel("Relation type").selectOption("blocked_by");
  await rel.getByRole("button", { name: "Add relation" }).click();
  const picker = page.getByRole("dialog", { name: "Add relation" });
  await picker.getByRole("combobox", { name: "Search work items" }).fill("Review");
  await picker.getByRole("option", { name: new RegExp(key(review)) }).click();
  await picker.getByRole("button", { name: "Add 1" }).click();
  await arrow(review, unrelated).waitFor();
  expect(await arrow(review, unrelated).getAttribute("data-conflict")).toBeNull();
  expect(await arrows.locator("path[data-relation]").count()).toBe(3);
});

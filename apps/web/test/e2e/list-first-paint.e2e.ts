import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, listUrl, poll, setLayout } from "./work-items-fixtures.ts";

/**
 * Issue #7 point 4: the list behind the peek view of a page opened from its URL costs only what it shows on the
 * first frame. Its first paint lays out the rows of the screen (the rows beyond it come once the browser is idle),
 * and each row renders once for it: not a second time as it mounts (its drag registration kept the element in
 * state), nor in a second pass of a list measured in the commit. Read from the page (the rows in the DOM after each
 * task, and React's commits through the devtools hook that React calls in production too), never from timings.
 */

const e2e = e2eSuite({ localDb: true });

/**
 * Before the app runs: after every task (a MutationObserver delivers at its end, before the frame), the number of
 * list rows in the DOM and whether the peek's item shows; after every React commit, for each row element, the
 * distinct hook lists its component has had (a component that renders gets a new one, a skipped one keeps it):
 * how many times it rendered.
 */
const OBSERVE = `(() => {
  if (location.protocol === "about:") return;
  window.__tasks = [];
  const rows = () => document.querySelectorAll("[data-list-context] [data-item]");
  new MutationObserver(() => {
    window.__tasks.push({ rows: rows().length, peek: !!document.querySelector('aside[aria-label="Peek view"] textarea[aria-label="Title"]') });
  }).observe(document, { subtree: true, childList: true });
  window.__renders = {};
  const seen = new WeakMap();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot() {
      for (const el of rows()) {
        const k = Object.keys(el).find((n) => n.startsWith("__reactFiber$"));
        const row = k && el[k].return;
        if (!row) continue;
        // per row element: a row that leaves the screen and comes back is a new one
        const hooks = seen.get(el) ?? new Set();
        seen.set(el, hooks);
        for (const f of [row, row.alternate]) if (f && f.memoizedState) hooks.add(f.memoizedState);
        const id = el.getAttribute("data-id");
        window.__renders[id] = Math.max(window.__renders[id] ?? 0, hooks.size);
      }
    },
  };
})()`;

async function tasks(page: Page): Promise<{ rows: number; peek: boolean }[]> {
  return (await page.evaluate("window.__tasks")) as { rows: number; peek: boolean }[];
}

it("paints the screen's rows of the list behind the peek first, each rendered once, and the rows beyond the screen after", async () => {
  const ctx = await e2e.context({ width: 1280, height: 800 });
  const a = await arrange(ctx, { firstName: "Petra" });
  const items = await createItems(
    ctx.request,
    a,
    Array.from({ length: 45 }, (_, i) => ({ name: `Row ${i + 1}`, priority: i % 2 ? "high" : "low" })),
  );
  await setLayout(ctx.request, a, { layout: "list", group_by: null, order_by: "-created_at" });
  await ctx.addInitScript(OBSERVE);
  const page = await ctx.newPage();
  await page.goto(`${listUrl(a)}?peekId=${items[0].id}`);
  await page.locator('aside[aria-label="Peek view"] textarea[aria-label="Title"]').waitFor();

  // the first task that put rows on the page: at most the rows of an 800 px window (44 px each) and one beyond
  const first = (await tasks(page)).find((t) => t.rows > 0)!;
  expect(first.rows).toBeGreaterThan(0);
  expect(first.rows).toBeLessThanOrEqual(Math.ceil(800 / 44) + 1);

  // once idle, the rows beyond the screen (15) are there to scroll into, and the list's other rows are not
  await poll(async () => await page.locator("[data-list-context] [data-item]").count()).toBeGreaterThanOrEqual(
    first.rows + 10,
  );
  expect(await page.locator("[data-list-context] [data-item]").count()).toBeLessThan(45);

  // every row rendered once: none again as it mounted, none again when the rows beyond the screen joined
  const renders = (await page.evaluate("window.__renders")) as Record<string, number>;
  expect(Object.keys(renders).length).toBeGreaterThanOrEqual(first.rows + 10);
  expect(Object.entries(renders).filter(([, n]) => n > 1)).toEqual([]);
  await ctx.close();
});

it("renders no row again when the list reads its data again and the answer is the same", async () => {
  const ctx = await e2e.context({ width: 1280, height: 800 });
  const a = await arrange(ctx, { firstName: "Quinn" });
  await createItems(
    ctx.request,
    a,
    Array.from({ length: 6 }, (_, i) => ({ name: `Item ${i + 1}` })),
  );
  await setLayout(ctx.request, a, { layout: "list", group_by: null, order_by: "-created_at" });
  await ctx.addInitScript(OBSERVE);
  const page = await ctx.newPage();
  const lists: string[] = [];
  page.on("request", (r) => {
    if (/\/issues\/\?/.test(r.url())) lists.push(r.url());
  });
  await page.goto(listUrl(a));
  const rows = page.locator("[data-list-context] [data-item]");
  await poll(() => rows.count()).toBe(6);
  await poll(async () => Object.values((await page.evaluate("window.__renders")) as Record<string, number>)).toEqual([
    1, 1, 1, 1, 1, 1,
  ]);

  // once the list's answer is stale (10 s), the window regaining focus reads it again: the answer is the same, so
  // only the list context's "fetching" changes (twice), which no row shows. The project's items are in the local
  // database by then (its first sync): the re-read is answered there, asks the server nothing, and is the server's
  // first answer to the letter (docs/decisions.md)
  await poll(() => page.evaluate(() => document.documentElement.dataset.localDbProjects ?? "")).toContain(
    `${a.projectId}:ready`,
  );
  await page.waitForTimeout(10_500);
  const asked = lists.length;
  const localAnswers = () => page.evaluate(() => Number(document.documentElement.dataset.localDbAnswers ?? 0));
  const answered = await localAnswers();
  await page.evaluate(`window.dispatchEvent(new Event("visibilitychange"))`);
  await poll(localAnswers).toBeGreaterThan(answered);
  expect(lists.slice(asked).filter((u) => !u.includes("/api/v2/"))).toEqual([]);
  await page.locator('[role=status][aria-label="Updating"]').waitFor({ state: "detached" });
  await page.waitForTimeout(300);
  expect(Object.values((await page.evaluate("window.__renders")) as Record<string, number>)).toEqual([
    1, 1, 1, 1, 1, 1,
  ]);
  await ctx.close();
});

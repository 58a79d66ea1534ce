import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Cycles end to end: create a cycle (the date-check refuses an overlapping one), add work items to it from the
 * project list (bulk change and a row's cycle picker), follow its progress and burndown as an item completes, end
 * it and transfer the unfinished items to the next cycle. Each test seeds its own user, project and items.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
const violations: string[] = [];

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Cyra" });
  violations.length = 0;
  // the chart must draw under the strict CSP (csp.e2e.ts collects violations the same way)
  await ctx.exposeBinding("__cspViolation", (_source, line: string) => {
    violations.push(line);
  });
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (l: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}`,
      );
    });
  });
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
/** A UTC calendar day `offset` days from today (the project's zone is UTC). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;

async function cycleItems(id: string): Promise<string[]> {
  const res = await page.request.get(`${P()}/cycles/${id}/cycle-issues/?per_page=50`);
  return ((await res.json()) as { results: { id: string }[] }).results.map((r) => r.id).sort();
}

it("creates a cycle, adds items from the list, shows progress and burndown, ends it and transfers the rest", async () => {
  const items = await createItems(ctx.request, a, [
    { name: "Design the launch" },
    { name: "Write the docs" },
    { name: "Fix the build" },
  ]);
  // the cycle the unfinished items go to when the first one ends
  const next = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Sprint 2", start_date: day(40), end_date: day(50) } })
  ).json()) as { id: string };

  // create the cycle in the modal: a start date and the default duration of one month
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
  await page.getByRole("heading", { name: "Upcoming" }).waitFor();
  await page.getByRole("button", { name: "Add cycle" }).click();
  let modal = page.getByRole("dialog", { name: "Create cycle" });
  await modal.getByLabel("Name").fill("Sprint 1");
  await modal.getByLabel("Start date").fill(day(-2));
  await poll(() => modal.getByLabel("Duration").inputValue()).toBe("1");
  await modal.getByRole("button", { name: "Create cycle" }).click();
  await modal.waitFor({ state: "detached" });
  const active = page.getByRole("region", { name: "Active" });
  await active.getByRole("link", { name: "Sprint 1" }).waitFor();

  // a second cycle over the same days is refused by the date-check
  await page.getByRole("button", { name: "Add cycle" }).click();
  modal = page.getByRole("dialog", { name: "Create cycle" });
  await modal.getByLabel("Name").fill("Overlap");
  await modal.getByLabel("Start date").fill(day(-1));
  await modal.getByRole("button", { name: "Create cycle" }).click();
  await modal.getByText("You have a cycle already on the given dates").waitFor();
  await modal.getByRole("button", { name: "Cancel" }).click();
  const cycles = (await (await page.request.get(`${P()}/cycles/`)).json()) as { id: string; name: string }[];
  expect(cycles.map((c) => c.name).sort()).toEqual(["Sprint 1", "Sprint 2"]);
  const sprint = cycles.find((c) => c.name === "Sprint 1")!;

  // add two items from the project list with the bulk change, the third with its row's cycle picker
  await openList(page, a);
  for (const it of items.slice(0, 2))
    await page.getByRole("checkbox", { name: `Select ${a.identifier}-${it.sequence_id}` }).check();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await bar.getByRole("button", { name: "Cycle" }).click();
  await page
    .getByRole("listbox", { name: "Cycle" })
    .getByRole("option", { name: /^Sprint 1/ })
    .click();
  await poll(() => cycleItems(sprint.id)).toEqual([items[0].id, items[1].id].sort());
  await page.keyboard.press("Escape");
  const third = page.locator(`[data-item="${a.identifier}-${items[2].sequence_id}"]`);
  await third.getByRole("button", { name: "Cycle" }).click();
  const picker = page.getByRole("listbox", { name: "Cycle" });
  // the ended-cycle rule: only cycles that still take items are offered
  await picker.getByRole("option", { name: /^Sprint 1/ }).click();
  await poll(() => cycleItems(sprint.id)).toEqual(items.map((i) => i.id).sort());

  // the cycle's page: its own list, its progress and burndown
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${sprint.id}/`);
  await page.locator('[data-list-context="cycle"]').waitFor();
  for (const it of items) await page.locator(`[data-item="${a.identifier}-${it.sequence_id}"]`).waitFor();
  const details = page.getByRole("complementary", { name: "Cycle details" });
  await poll(() => details.getByTestId("cycle-progress-summary").textContent()).toBe("0 of 3 done · 0%");
  await poll(() => details.getByTestId("burndown-today").textContent()).toMatch(/^3 remaining/);
  await details.locator(".recharts-line").first().waitFor();

  // completing an item moves the progress and the burndown
  const first = page.locator(`[data-item="${a.identifier}-${items[0].sequence_id}"]`);
  await first.getByRole("button", { name: "State" }).click();
  await page.getByRole("listbox", { name: "State" }).getByRole("option", { name: "Done" }).click();
  await poll(() => details.getByTestId("cycle-progress-summary").textContent()).toBe("1 of 3 done · 33%");
  await poll(() => details.getByTestId("burndown-today").textContent()).toMatch(/^2 remaining/);
  await poll(() => details.getByTestId("cycle-group-completed").textContent()).toBe("1");

  // end the cycle (its end moves to yesterday), then transfer the two unfinished items to Sprint 2
  await page.getByRole("button", { name: "Actions of Sprint 1" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit cycle" });
  await edit.getByLabel("End date").fill(day(-1));
  await edit.getByRole("button", { name: "Save cycle" }).click();
  await edit.waitFor({ state: "detached" });
  await poll(() => page.getByTestId("cycle-status").textContent()).toBe("Completed");
  await page.getByRole("button", { name: "Transfer 2 unfinished" }).click();
  const transfer = page.getByRole("dialog", { name: "Transfer work items" });
  await poll(() => transfer.getByLabel("Move to cycle").inputValue()).toBe(next.id);
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await page.waitForURL(new RegExp(`/cycles/${next.id}/`));
  for (const it of items.slice(1)) await page.locator(`[data-item="${a.identifier}-${it.sequence_id}"]`).waitFor();
  await poll(() => cycleItems(next.id)).toEqual([items[1].id, items[2].id].sort());
  expect(await cycleItems(sprint.id)).toEqual([items[0].id]);
  const ended = (await (await page.request.get(`${P()}/cycles/${sprint.id}/`)).json()) as {
    progress_snapshot: { total_issues?: number; completed_issues?: number };
  };
  expect(ended.progress_snapshot).toMatchObject({ total_issues: 3, completed_issues: 1 });
  expect((await (await page.request.get(`${P()}/issues/${items[0].id}/`)).json()).state_id).toBe(stateId("Done"));
  expect(violations).toEqual([]);
});

it("favourites, archives and restores an ended cycle", async () => {
  const done = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Old sprint", start_date: day(-30), end_date: day(-10) } })
  ).json()) as { id: string };
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
  const completed = page.getByRole("region", { name: "Completed" });
  await completed.getByRole("link", { name: "Old sprint" }).waitFor();
  await completed.getByRole("button", { name: "Add Old sprint to favourites" }).click();
  await completed.getByRole("button", { name: "Remove Old sprint from favourites" }).waitFor();
  await poll(
    async () =>
      ((await (await page.request.get(`${P()}/cycles/${done.id}/`)).json()) as { is_favorite: boolean }).is_favorite,
  ).toBe(true);
  // pinned in the sidebar, and it opens the cycle from there
  const sidebar = page.getByRole("navigation", { name: "Workspace" });
  const pinned = sidebar.locator('[data-favorite="Old sprint"]');
  await pinned.getByRole("link", { name: "Old sprint" }).click();
  await page.waitForURL(new RegExp(`/cycles/${done.id}/$`));
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
  await pinned.waitFor();

  await completed.getByRole("button", { name: "Actions of Old sprint" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await page.getByRole("dialog", { name: "Archive cycle" }).getByRole("button", { name: "Archive" }).click();
  // it was the only cycle: the page now invites to create one; archiving took it out of the sidebar's favourites
  await page.getByRole("heading", { name: "No cycles yet" }).waitFor();
  await pinned.waitFor({ state: "detached" });
  await page.getByRole("link", { name: "Archived cycles" }).click();
  await page.getByRole("heading", { name: "Archived cycles" }).waitFor();
  await page.getByRole("button", { name: "Restore" }).click();
  await page.getByRole("heading", { name: "No archived cycles" }).waitFor();
  const back = (await (await page.request.get(`${P()}/cycles/${done.id}/`)).json()) as {
    archived_at: string | null;
    is_favorite: boolean;
  };
  // archiving removed the favourite
  expect(back).toMatchObject({ archived_at: null, is_favorite: false });
  expect(violations).toEqual([]);
});

it("quick add inside a cycle puts the new item in that cycle", async () => {
  const c = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Now", start_date: day(-1), end_date: day(5) } })
  ).json()) as { id: string };
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${c.id}/`);
  await page.getByRole("heading", { name: "No work items in this cycle yet" }).waitFor();
  await page.getByRole("button", { name: "New work item" }).first().click();
  const input = page.getByRole("textbox", { name: "Work item title" });
  await input.fill("Inside the cycle");
  await input.press("Enter");
  await page.locator(`[data-item="${a.identifier}-1"]`).waitFor();
  await poll(async () => (await cycleItems(c.id)).length).toBe(1);
  await poll(
    async () =>
      ((await (await page.request.get(`${P()}/cycles/${c.id}/progress/`)).json()) as { total_issues: number })
        .total_issues,
  ).toBe(1);
});

it("groups the project list by cycle with the project's real cycles", async () => {
  const c = (await (
    await ctx.request.post(`${P()}/cycles/`, {
      data: { name: "Grouped sprint", start_date: day(-1), end_date: day(5) },
    })
  ).json()) as { id: string };
  await createItems(ctx.request, a, [{ name: "In the cycle", cycle_id: c.id }, { name: "Outside" }]);
  await ctx.request.patch(`${P()}/user-properties/`, {
    data: { display_filters: { layout: "list", group_by: "cycle" } },
  });
  await openList(page, a);
  await page.getByText("Grouped sprint", { exact: true }).first().waitFor();
  await page.getByText("No cycle", { exact: true }).first().waitFor();
  const headers = await page.getByText(/^(Grouped sprint|No cycle)$/).allTextContents();
  expect(headers).toEqual(expect.arrayContaining(["Grouped sprint", "No cycle"]));
});

it("the cycle modal offers the durations of §9, derives the end date and checks the dates before saving", async () => {
  await ctx.request.post(`${P()}/cycles/`, {
    data: { name: "Taken", start_date: "2031-05-01", end_date: "2031-05-10" },
  });
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/`);
  await page.getByRole("link", { name: "Taken" }).waitFor();
  await page.getByRole("button", { name: "Add cycle" }).first().click();
  const modal = page.getByRole("dialog", { name: "Create cycle" });
  const duration = modal.getByLabel("Duration");
  expect(
    await duration
      .locator("option")
      .evaluateAll((els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent])),
  ).toEqual([
    ["1", "1 month"],
    ["3", "3 months"],
    ["6", "6 months"],
    ["9", "9 months"],
    ["12", "12 months"],
    ["custom", "Custom end date"],
  ]);
  await modal.getByLabel("Name").fill("Quarter");
  await modal.getByLabel("Start date").fill("2031-01-15");
  await poll(() => modal.getByTestId("cycle-end").textContent()).toBe("Ends on 2031-02-14");
  await duration.selectOption("3");
  await poll(() => modal.getByTestId("cycle-end").textContent()).toBe("Ends on 2031-04-14");
  await duration.selectOption("12");
  await poll(() => modal.getByTestId("cycle-end").textContent()).toBe("Ends on 2032-01-14");
  // twelve months reach over "Taken": the date-check refuses, nothing is created
  await modal.getByRole("button", { name: "Create cycle" }).click();
  await modal.getByText("You have a cycle already on the given dates").waitFor();
  expect(((await (await page.request.get(`${P()}/cycles/`)).json()) as { name: string }[]).map((c) => c.name)).toEqual([
    "Taken",
  ]);
  // three months do not: saved with the derived end
  await duration.selectOption("3");
  await modal.getByRole("button", { name: "Create cycle" }).click();
  await modal.waitFor({ state: "detached" });
  await page.getByRole("link", { name: "Quarter" }).waitFor();
  const made = (
    (await (await page.request.get(`${P()}/cycles/`)).json()) as {
      name: string;
      start_date: string;
      end_date: string;
    }[]
  ).find((c) => c.name === "Quarter")!;
  expect([made.start_date.slice(0, 10), made.end_date.slice(0, 10)]).toEqual(["2031-01-15", "2031-04-14"]);
  expect(violations).toEqual([]);
});

it("breaks the cycle's progress down by assignee and by label", async () => {
  const c = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Split", start_date: day(-2), end_date: day(5) } })
  ).json()) as { id: string };
  const label = (await (
    await ctx.request.post(`${P()}/issue-labels/`, { data: { name: "Frontend", color: "#3b82f6" } })
  ).json()) as { id: string; name: string };
  await createItems(ctx.request, a, [
    {
      name: "Mine and done",
      cycle_id: c.id,
      assignee_ids: [a.userId],
      label_ids: [label.id],
      state_id: stateId("Done"),
    },
    { name: "Labelled", cycle_id: c.id, label_ids: [label.id] },
    { name: "Bare", cycle_id: c.id },
  ]);
  const me = (await (await page.request.get("/api/users/me/")).json()) as { display_name: string };
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${c.id}/`);
  const details = page.getByRole("complementary", { name: "Cycle details" });
  await poll(() => details.getByTestId("cycle-progress-summary").textContent()).toBe("1 of 3 done · 33%");
  const rows = (name: string) =>
    details
      .getByRole("list", { name })
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
  await poll(() => rows("Work items by assignee")).toEqual([`${me.display_name} 1/1`, "Unassigned 0/2"].sort());
  await details.getByRole("tab", { name: "Labels" }).click();
  await poll(() => rows("Work items by label")).toEqual([`${label.name} 1/2`, "No label 0/1"].sort());
});

it("shows the cycle's own work items in every layout, the layout kept for that cycle", async () => {
  const c = (await (
    await ctx.request.post(`${P()}/cycles/`, { data: { name: "Every layout", start_date: day(-1), end_date: day(5) } })
  ).json()) as { id: string };
  const today = day(0);
  const [inside, outside] = await createItems(ctx.request, a, [
    { name: "Inside the cycle", cycle_id: c.id, start_date: today, target_date: today },
    { name: "Outside the cycle", start_date: today, target_date: today },
  ]);
  await page.goto(`/${a.slug}/projects/${a.projectId}/cycles/${c.id}/`);
  await page.locator('[data-list-context="cycle"]').waitFor();
  const layouts: [string, string][] = [
    ["Board", "kanban"],
    ["Spreadsheet", "spreadsheet"],
    ["Calendar", "calendar"],
    ["Timeline", "gantt_chart"],
    ["Flow", "flow"],
    ["List", "list"],
  ];
  for (const [label, key] of layouts) {
    await page.getByRole("button", { name: `${label} layout` }).click();
    const area = page.getByTestId(`${key === "gantt_chart" ? "gantt" : key}-layout`);
    await area.waitFor();
    await area.getByText("Inside the cycle").first().waitFor();
    expect(await area.getByText("Outside the cycle").count()).toBe(0);
    await poll(
      async () =>
        (
          (await (await page.request.get(`${P()}/cycles/${c.id}/user-properties/`)).json()) as {
            display_filters: { layout: string };
          }
        ).display_filters.layout,
    ).toBe(key);
  }
  // the project's own list keeps its layout
  expect(
    ((await (await page.request.get(`${P()}/user-properties/`)).json()) as { display_filters: { layout: string } })
      .display_filters.layout,
  ).toBe("list");
  expect([inside.name, outside.name]).toEqual(["Inside the cycle", "Outside the cycle"]);
});

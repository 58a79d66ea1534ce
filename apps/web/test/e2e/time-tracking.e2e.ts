import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { apiAddProjectMember, apiInviteAndAccept, e2eSuite, shots } from "./helpers.ts";
import { arrangeWithTeammate, createItems, poll, signUpUser, type Arranged } from "./work-items-fixtures.ts";

/**
 * Time tracking and project updates (issue #29 points 3, 4), in a private project: the switches on the Features
 * page turn each on and off (off: the screens say so and ask nothing of the feature); work logs on an item with
 * totals against a time estimate and in its activity; the worklog report with filters and its export; status
 * updates with comments and reactions, notified to the project's people and shown on the projects list.
 * Screenshots at 1280 and 1440 px go to E2E_SHOTS when it is set.
 */
const e2e = e2eSuite();

const P = (a: Arranged) => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

/** Every API request of the page whose path has `part`, from now on (the screens' own URLs are not API calls). */
function callsTo(page: Page, part: RegExp): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/") && part.test(path)) seen.push(`${r.method()} ${path}`);
  });
  return seen;
}

/** Alice (project admin) and Bob (member) in a private project, and a guest, Gus. */
async function world(): Promise<{ a: Arranged; alice: BrowserContext; bob: BrowserContext; gus: BrowserContext }> {
  const alice = await e2e.context();
  const bob = await e2e.context();
  const gus = await e2e.context();
  const { a } = await arrangeWithTeammate(alice, bob);
  expect((await alice.request.patch(`${P(a)}/`, { data: { network: 0 } })).ok()).toBe(true);
  const g = await signUpUser(gus.request, "Gus");
  await apiInviteAndAccept(alice, gus, a.slug, g.email, 5);
  await apiAddProjectMember(alice, a.slug, a.projectId, g.userId, 5);
  return { a, alice, bob, gus };
}

/** Flip a feature's switch on the project's Features page and wait for it to be saved. */
async function flip(page: Page, a: Arranged, label: string, on: boolean) {
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/features/`);
  const sw = page.getByRole("switch", { name: label });
  await sw.waitFor();
  expect(await sw.getAttribute("aria-disabled")).toBeNull();
  if ((await sw.getAttribute("aria-checked")) === String(on)) return;
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PATCH" && r.url().endsWith(`/projects/${a.projectId}/`),
  );
  await sw.click();
  expect((await saved).ok()).toBe(true);
  await page.getByRole("switch", { name: label, checked: on }).waitFor();
}

it("time tracking: switched on in Features, logs on an item with totals and estimate, the report and its export; off: nothing asked", async () => {
  const { a, alice, bob, gus } = await world();
  const est = (await (
    await alice.request.post(`${P(a)}/estimates/`, {
      data: {
        estimate: { name: "Hours", type: "time", last_used: true },
        estimate_points: [
          { key: 1, value: "60" },
          { key: 2, value: "120" },
          { key: 3, value: "240" },
        ],
      },
    })
  ).json()) as { points: { id: string; value: string }[] };
  const twoHours = est.points.find((p) => p.value === "120")!.id;
  const [parent] = await createItems(alice.request, a, [{ name: "Ship the importer", estimate_point: twoHours }]);
  const [child] = await createItems(alice.request, a, [{ name: "Map the columns", parent_id: parent.id }]);
  const page = await alice.newPage();

  // off (the default): the item has no Time section, the tab is not there, its page says so, and nothing is asked
  const calls = callsTo(page, /\/worklogs\//);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${parent.sequence_id}/`);
  await page.getByRole("textbox", { name: "Title" }).waitFor();
  await page.locator("[data-widget='tasks']").waitFor();
  expect(await page.locator("[data-widget='time']").count()).toBe(0);
  await page.goto(`/${a.slug}/projects/${a.projectId}/worklogs/`);
  await page.getByRole("heading", { name: "Time tracking is turned off" }).waitFor();
  const bar = page.getByRole("navigation", { name: "Project", exact: true });
  expect(await bar.getByRole("link", { name: "Time", exact: true }).count()).toBe(0);
  expect(calls).toEqual([]);

  // on, from the Features page (every feature there is built: none says "Not available yet")
  await flip(page, a, "Time tracking", true);
  expect(await page.getByText("Not available yet").count()).toBe(0);

  // log time on the item: the form reads "1h 30m"; the total, the estimate and the activity follow
  await page.goto(`/${a.slug}/browse/${a.identifier}-${parent.sequence_id}/`);
  const time = page.locator("[data-widget='time']");
  await time.waitFor();
  await time.getByRole("button", { name: "Log time" }).click();
  const form = page.getByRole("form", { name: "Log time" });
  await form.getByRole("textbox", { name: "Time spent" }).fill("banana");
  await form.getByRole("button", { name: "Log time" }).click();
  await form.getByRole("alert").filter({ hasText: "Enter a time such as" }).waitFor();
  // longer than a log may be: the server's own body schema refuses it on the field, before anything is sent
  const posts = callsTo(page, /\/worklogs\/$/);
  await form.getByRole("textbox", { name: "Time spent" }).fill("200h");
  await form.getByRole("button", { name: "Log time" }).click();
  await form.getByRole("alert").filter({ hasText: "Ensure this value is less than or equal to 10080." }).waitFor();
  expect(await form.getByRole("textbox", { name: "Time spent" }).getAttribute("aria-invalid")).toBe("true");
  expect(posts.filter((c) => c.startsWith("POST"))).toEqual([]);
  await form.getByRole("textbox", { name: "Time spent" }).fill("1h 30m");
  await form.getByRole("textbox", { name: "Note" }).fill("Wrote the mapping");
  await form.getByRole("button", { name: "Log time" }).click();
  await form.waitFor({ state: "detached" });
  await time.getByRole("list", { name: "Time logs" }).getByText("Wrote the mapping").waitFor();
  await poll(() => time.locator("[data-time-total]").textContent()).toBe("1h 30m");
  await poll(() => time.locator("[data-time-estimate]").textContent()).toBe("30m left of the estimate");
  await page.getByText("logged 1h 30m").waitFor();

  // a sub-item's time counts in the total; over the estimate it says so
  expect(
    (
      await bob.request.post(`${P(a)}/issues/${child.id}/worklogs/`, {
        data: { duration: 45, description: "Column types", logged_on: "2026-03-02" },
      })
    ).status(),
  ).toBe(201);
  // (the page follows its own item live; the sub-item's log is read when the page is opened again)
  await page.reload();
  await time.waitFor();
  await poll(() => time.locator("[data-time-total]").textContent()).toBe("2h 15m");
  await poll(() => time.locator("[data-time-estimate]").textContent()).toBe("15m over the estimate");
  // and in the properties: the total against the estimate
  await poll(() => page.locator("[data-time-spent]").textContent()).toBe("2h 15mof 2h");
  await time.scrollIntoViewIfNeeded();
  await shots(page, "time-item");

  // change the log (its author), then the report: totals per item and member, filters, export
  await time.getByRole("button", { name: "Actions for the time log of 1h 30m" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Change time log" });
  await edit.getByRole("textbox", { name: "Time spent" }).fill("2h");
  await edit.getByRole("button", { name: "Save" }).click();
  await poll(() => time.locator("[data-time-total]").textContent()).toBe("2h 45m");

  const report = await bob.newPage();
  await report.goto(`/${a.slug}/projects/${a.projectId}/worklogs/`);
  await report
    .getByRole("navigation", { name: "Project", exact: true })
    .getByRole("link", { name: "Time", exact: true })
    .waitFor();
  const totals = report.getByRole("region", { name: "Totals" });
  await poll(() => totals.locator("[data-grand-total]").textContent()).toBe("2h 45m");
  await report.getByRole("tab", { name: "Member" }).click();
  await poll(() => totals.locator("tbody tr").allTextContents()).toEqual([
    expect.stringContaining("2h"),
    expect.stringContaining("45m"),
  ]);
  await report.getByRole("combobox", { name: "Member" }).selectOption({ label: "Bob Tester" });
  await poll(() => report.locator("[data-report-log]").count()).toBe(1);
  await report.getByText("Column types").waitFor();
  await shots(report, "time-report");
  const href = await report.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toContain("format=csv");
  expect(href).toContain("logged_by=");
  const csv = await (await bob.request.get(href!)).text();
  expect(csv.split("\r\n")[0]).toBe("Date,Work item,Title,Member,Minutes,Hours,Note,Cycle,Modules");
  expect(csv).toContain(
    `2026-03-02,${a.identifier}-${child.sequence_id},Map the columns,Bob Tester,45,0.75,Column types,,`,
  );
  expect(csv).not.toContain("Alice");
  const xlsx = await bob.request.get((await report.getByRole("link", { name: "Export XLSX" }).getAttribute("href"))!);
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");

  // a guest sees the logged time on the item but logs none, and the report is not theirs
  const guest = await gus.newPage();
  await guest.goto(`/${a.slug}/projects/${a.projectId}/worklogs/`);
  await guest.getByRole("heading", { name: "You don't have access" }).waitFor();

  // off again: the tab goes, the page says so, the item asks nothing
  await flip(page, a, "Time tracking", false);
  const after = callsTo(page, /\/worklogs\//);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${parent.sequence_id}/`);
  await page.locator("[data-widget='tasks']").waitFor();
  expect(await page.locator("[data-widget='time']").count()).toBe(0);
  await page.goto(`/${a.slug}/projects/${a.projectId}/worklogs/`);
  await page.getByRole("heading", { name: "Time tracking is turned off" }).waitFor();
  expect(after).toEqual([]);
  expect((await alice.request.get(`${P(a)}/issues/${parent.id}/worklogs/`)).status()).toBe(400);
  await Promise.all([alice.close(), bob.close(), gus.close()]);
});

it("project updates: switched on in Features, posted with a status, commented and reacted, notified, shown on the projects list; off: nothing asked", async () => {
  const { a, alice, bob } = await world();
  await createItems(alice.request, a, [{ name: "One" }, { name: "Two" }]);
  const page = await alice.newPage();
  const calls = callsTo(page, /\/updates\//);
  await page.goto(`/${a.slug}/projects/${a.projectId}/updates/`);
  await page.getByRole("heading", { name: "Project updates are turned off" }).waitFor();
  expect(calls).toEqual([]);

  await flip(page, a, "Project updates", true);
  await page.getByRole("navigation", { name: "Project", exact: true }).getByRole("link", { name: "Updates" }).click();
  await page.getByRole("heading", { name: "No updates yet" }).waitFor();
  await page.getByRole("button", { name: "Post the first update" }).click();
  const form = page.getByRole("form", { name: "New update" });
  await form.getByRole("radio", { name: "At risk" }).click();
  const editor = form.getByRole("textbox", { name: "Update" });
  await editor.click();
  await page.keyboard.type("The vendor API is late; the importer slips a week.");
  await form.getByRole("button", { name: "Post update" }).click();
  const card = page.locator("[data-update]").first();
  await card.getByText("The vendor API is late").waitFor();
  await card.locator("[data-update-status='AT-RISK']").waitFor();
  expect(await card.locator("[data-update-progress]").textContent()).toContain("0 of 2 work items done");
  await page.getByRole("region", { name: "Latest status" }).locator("[data-update-status='AT-RISK']").waitFor();

  // Bob is told (through the job queue) and opens it from his inbox; he comments and reacts
  const inbox = await bob.newPage();
  await inbox.goto(`/${a.slug}/notifications/`);
  const row = inbox.locator("[data-notification]").filter({ hasText: "posted a project update: At risk" });
  await poll(async () => {
    if (!(await row.count())) await inbox.reload();
    return row.count();
  }).toBe(1);
  await row.getByRole("button").first().click();
  await inbox.waitForURL(/\/updates\/$/);
  const bobCard = inbox.locator("[data-update]").first();
  await bobCard.getByRole("button", { name: "0 comments" }).click();
  await bobCard.getByRole("textbox", { name: "Comment on the update" }).click();
  await inbox.keyboard.type("Can I help with the mapping?");
  await bobCard.getByRole("button", { name: "Comment", exact: true }).click();
  await bobCard.getByText("Can I help with the mapping?").first().waitFor();
  await bobCard.getByRole("button", { name: "1 comment" }).waitFor();
  await shots(inbox, "project-updates");

  // the projects list shows the latest status on the project's card
  await page.goto(`/${a.slug}/projects/`);
  const chip = page.locator(`[data-project='${a.identifier}'] [data-update-status]`);
  await poll(() => chip.getAttribute("data-update-status")).toBe("AT-RISK");
  await shots(page, "projects-latest-status");

  // off: the tab and the chip go; the page says so and asks nothing; the API refuses
  await flip(page, a, "Project updates", false);
  const after = callsTo(page, /\/updates\//);
  await page.goto(`/${a.slug}/projects/${a.projectId}/updates/`);
  await page.getByRole("heading", { name: "Project updates are turned off" }).waitFor();
  expect(
    await page.getByRole("navigation", { name: "Project", exact: true }).getByRole("link", { name: "Updates" }).count(),
  ).toBe(0);
  await page.goto(`/${a.slug}/projects/`);
  await page.locator(`[data-project='${a.identifier}']`).waitFor();
  expect(await chip.count()).toBe(0);
  expect(after).toEqual([]);
  expect((await alice.request.get(`${P(a)}/updates/`)).status()).toBe(400);
  await Promise.all([alice.close(), bob.close()]);
});

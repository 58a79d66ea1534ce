import { afterEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { apiAddProjectMember, apiInviteAndAccept, e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, poll, signUpUser } from "./work-items-fixtures.ts";

/**
 * Analytics and people's profiles end to end: the analytics page's numbers and charts follow a work item being
 * completed elsewhere (live), and a teammate's profile shows their stats and the items assigned to them.
 */
let alice: BrowserContext;
let bob: BrowserContext | undefined;

const e2e = e2eSuite();
afterEach(async () => {
  await alice?.close();
  await bob?.close();
  bob = undefined;
});

/** The value a chart's hidden table gives a row (its first number column). */
const chartValue = (page: Page, caption: string, row: string) =>
  page
    .locator("table", { has: page.locator("caption", { hasText: caption }) })
    .locator("tr", { has: page.locator(`th[scope=row]:text-is("${row}")`) })
    .locator("td")
    .first()
    .textContent();

it("analytics: a stat and the state chart change when a work item is completed", async () => {
  alice = await e2e.context();
  const a = await arrange(alice, { firstName: "Alice" });
  const [first] = await createItems(alice.request, a, [{ name: "Ship the beta" }, { name: "Write the notes" }]);
  const done = a.states.find((s) => s.group === "completed")!;

  const page = await alice.newPage();
  await page.goto(`/${a.slug}/analytics/`);
  await page.getByRole("heading", { name: "Analytics" }).waitFor();
  // the tabs and their routes as the spec names them
  await page.waitForURL(new RegExp(`/${a.slug}/analytics/scope_and_demand/$`));
  const tabs = page.getByRole("navigation", { name: "Analytics tabs" });
  expect(await tabs.getByRole("link").allTextContents()).toEqual(["Scope and demand", "Custom"]);
  expect(await tabs.getByRole("link", { name: "Scope and demand" }).getAttribute("aria-current")).toBe("page");
  await poll(() => page.getByTestId("stat-work-items").textContent()).toBe("2");
  await poll(() => chartValue(page, "Work items by state group", "Completed")).toBe("0");

  await tabs.getByRole("link", { name: "Custom" }).click();
  await page.waitForURL(new RegExp(`/${a.slug}/analytics/custom/$`));
  await poll(() => page.getByTestId("stat-total").textContent()).toBe("2");
  await poll(() => page.getByTestId("stat-completed").textContent()).toBe("0");
  // the custom chart: by priority by default
  await poll(() => chartValue(page, "Work items by priority", "none")).toBe("2");

  // someone completes an item (here through the API): the page follows without a reload
  const res = await alice.request.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${first!.id}/`, {
    data: { state_id: done.id },
  });
  expect(res.ok()).toBe(true);
  await poll(() => page.getByTestId("stat-completed").textContent()).toBe("1");
  await poll(() => chartValue(page, "Work items by state group", "Completed")).toBe("1");
  const month = new Date()
    .toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" })
    .replace(",", "");
  await poll(() =>
    page
      .locator("table", { has: page.locator("caption", { hasText: "created and completed" }) })
      .locator("tr", { hasText: month })
      .locator("td")
      .nth(1)
      .textContent(),
  ).toBe("1");

  // regrouping the custom chart by state group
  await page.getByRole("combobox", { name: "X-axis" }).selectOption("STATE_GROUPS");
  await poll(() => chartValue(page, "Work items by state group", "completed")).toBe("1");

  // the earlier routes lead to the spec's tabs
  await page.goto(`/${a.slug}/analytics/work-items/`);
  await page.waitForURL(new RegExp(`/${a.slug}/analytics/custom/$`));
  await page.goto(`/${a.slug}/analytics/overview/`);
  await page.waitForURL(new RegExp(`/${a.slug}/analytics/scope_and_demand/$`));
  await poll(() => page.getByTestId("stat-work-items").textContent()).toBe("2");
  await shots(page, "analytics-tabs");
});

it("profiles: a teammate's profile shows their stats and the items assigned to them", async () => {
  alice = await e2e.context();
  bob = await e2e.context();
  const a = await arrange(alice, { firstName: "Alice" });
  const b = await signUpUser(bob.request, "Bob");
  await apiInviteAndAccept(alice, bob, a.slug, b.email, 15);
  await apiAddProjectMember(alice, a.slug, a.projectId, b.userId, 15);
  await createItems(alice.request, a, [
    { name: "Fix the login page", assignee_ids: [b.userId], priority: "high" },
    { name: "Alice's own task" },
  ]);
  // Bob does something himself: his activity
  const bobs = await bob.request.post(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/`, {
    data: { name: "Bob's idea" },
  });
  expect(bobs.ok()).toBe(true);

  const page = await alice.newPage();
  await page.goto(`/${a.slug}/profile/${b.userId}/`);
  await page.getByRole("heading", { name: /Bob/ }).waitFor();
  await poll(() => page.getByTestId("person-assigned").textContent()).toBe("1");
  await poll(() => page.getByTestId("person-created").textContent()).toBe("1");
  await poll(() => chartValue(page, "Assigned work items by priority", "High")).toBe("1");
  await page.getByRole("region", { name: "Recent activity" }).getByText("Bob's idea").waitFor();

  await page.getByRole("navigation", { name: "Profile tabs" }).getByRole("link", { name: "Assigned" }).click();
  // the person's items on the list engine (the profile context)
  const list = page.locator('[data-list-context="profile"]');
  await list.locator("[data-item]", { hasText: "Fix the login page" }).waitFor();
  expect(await list.getByText("Alice's own task").count()).toBe(0);

  await page.getByRole("navigation", { name: "Profile tabs" }).getByRole("link", { name: "Created" }).click();
  await page.locator('[data-list-context="profile"] [data-item]', { hasText: "Bob's idea" }).waitFor();

  await page.getByRole("navigation", { name: "Profile tabs" }).getByRole("link", { name: "Activity" }).click();
  await page.getByRole("list", { name: "Activity feed" }).getByText("Bob's idea").waitFor();

  // "Your work" is the signed-in person's own profile
  await page.locator('[data-nav="your-work"]').click();
  await page.getByRole("heading", { name: "Your work" }).waitFor();
  expect(page.url()).toContain(`/profile/${a.userId}/`);
  await poll(() => page.getByTestId("person-created").textContent()).toBe("2");
});

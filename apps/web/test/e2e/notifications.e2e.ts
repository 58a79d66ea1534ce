import { afterEach, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { apiAddProjectMember, apiInviteAndAccept, e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, poll, signUpUser } from "./work-items-fixtures.ts";

/**
 * The inbox end to end: Alice assigns Bob a work item; Bob, with the app open, sees the sidebar's unread badge
 * appear without reloading (the notification is made by the job and arrives on his user stream), finds the
 * item in his inbox, opens it beside the list (which reads it) and archives it.
 */
let alice: BrowserContext;
let bob: BrowserContext;

const e2e = e2eSuite();
afterEach(async () => {
  await alice?.close();
  await bob?.close();
});

/** Alice's workspace and project, with Bob a member of both (each signed in in their own context). */
async function aliceAndBob() {
  alice = await e2e.context();
  bob = await e2e.context();
  const a = await arrange(alice, { firstName: "Alice" });
  const b = await signUpUser(bob.request, "Bob");
  await apiInviteAndAccept(alice, bob, a.slug, b.email, 15);
  await apiAddProjectMember(alice, a.slug, a.projectId, b.userId, 15);
  return { a, b };
}

it("an item assigned by one user shows in the other's inbox with the unread count, live", async () => {
  const { a, b } = await aliceAndBob();
  const [item] = await createItems(alice.request, a, [{ name: "Review the launch checklist" }]);

  const page = await bob.newPage();
  await page.goto(`/${a.slug}/`);
  const inboxLink = page.locator('[data-nav="inbox"]');
  await inboxLink.waitFor();
  expect(await page.getByTestId("inbox-unread").count()).toBe(0);
  let loads = 0;
  page.on("load", () => {
    loads++;
  });

  const res = await alice.request.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/`, {
    data: { assignee_ids: [b.userId] },
  });
  expect(res.ok()).toBe(true);
  await poll(() => page.getByTestId("inbox-unread").textContent()).toBe("1");
  expect(loads).toBe(0);

  await inboxLink.click();
  const row = page.locator("li[data-notification]").filter({ hasText: "Review the launch checklist" });
  await row.waitFor();
  await expect.poll(() => row.textContent()).toContain("assigned you");
  expect(await row.getAttribute("data-unread")).toBe("true");
  await expect.poll(() => page.getByTestId("unread-all").textContent()).toBe("1");

  // opening it shows the item beside the list and reads it
  await row.locator("button").first().click();
  await page.getByRole("region", { name: "Work item" }).getByText("Review the launch checklist").first().waitFor();
  await poll(() => row.getAttribute("data-unread")).toBeNull();
  await poll(() => page.getByTestId("inbox-unread").count()).toBe(0);

  // archive takes it out of the list
  await row.getByRole("button", { name: "Archive" }).click();
  await poll(() =>
    page.locator("li[data-notification]").filter({ hasText: "Review the launch checklist" }).count(),
  ).toBe(0);
});

it("a mention in a comment reaches the other user's inbox, its Mentions tab and the badge, live", async () => {
  const { a, b } = await aliceAndBob();
  const [item] = await createItems(alice.request, a, [{ name: "Draft the release notes" }]);

  // Bob has his inbox open, on the Mentions tab, with nothing in it
  const page = await bob.newPage();
  await page.goto(`/${a.slug}/notifications/`);
  await page.getByRole("tab", { name: "Mentions" }).click();
  await page.getByText("No mentions").waitFor();
  expect(await page.getByTestId("inbox-unread").count()).toBe(0);
  let loads = 0;
  page.on("load", () => {
    loads++;
  });

  const html = `<p>Could you check this, <mention-component entity_identifier="${b.userId}" entity_name="user_mention"></mention-component>?</p>`;
  const res = await alice.request.post(
    `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/comments/`,
    { data: { comment_html: html, access: "INTERNAL" } },
  );
  expect(res.status()).toBe(201);

  // without a reload: the badge, the Mentions tab's count and the row
  await poll(() => page.getByTestId("inbox-unread").textContent()).toBe("1");
  await poll(() => page.getByTestId("unread-mentions").textContent()).toBe("1");
  const row = page.locator("li[data-notification]").filter({ hasText: "Draft the release notes" });
  await poll(() => row.textContent()).toContain("mentioned you");
  expect(await row.getAttribute("data-unread")).toBe("true");
  expect(loads).toBe(0);
});

it("a mention in a description reaches a person who already follows the item: their Mentions tab and its count", async () => {
  const { a, b } = await aliceAndBob();
  // Bob follows the item (assigned at creation)
  const [item] = await createItems(alice.request, a, [{ name: "Plan the offsite", assignee_ids: [b.userId] }]);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/`;

  const page = await bob.newPage();
  await page.goto(`/${a.slug}/notifications/`);
  await page.getByRole("tab", { name: "Mentions" }).click();
  await page.getByText("No mentions").waitFor();

  // Alice writes the description in two saves of one editing session; the second mentions Bob
  expect((await alice.request.patch(P, { data: { description_html: "<p>Venue ideas</p>" } })).ok()).toBe(true);
  await poll(async () =>
    (
      (await (await bob.request.get(`/api/workspaces/${a.slug}/users/notifications/`)).json()) as {
        data: { issue_activity: { field: string } };
      }[]
    ).some((n) => n.data.issue_activity.field === "description"),
  ).toBe(true);
  const html = `<p>Venue ideas, <mention-component entity_identifier="${b.userId}" entity_name="user_mention"></mention-component> please pick one</p>`;
  expect((await alice.request.patch(P, { data: { description_html: html } })).ok()).toBe(true);

  // live: the Mentions tab's count and its row
  await poll(() => page.getByTestId("unread-mentions").textContent()).toBe("1");
  const row = page.locator("li[data-notification]").filter({ hasText: "Plan the offsite" });
  await poll(() => row.textContent()).toContain("mentioned you");
  expect(await row.getAttribute("data-unread")).toBe("true");
  await shots(page, "inbox-mentions-description");
});

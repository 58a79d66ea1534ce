import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { shots } from "./helpers.ts";
import { arrangeEach, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Workflows (issue #29 point 5): the Features page turns them on and off, the Workflows settings page sets per state
 * where its work items may go and who may move them (and says when workflows are off), the board refuses a drop the
 * workflow does not allow before it lands and says why, and the state picker greys out the states the item may not
 * go to. Each test seeds its own user, project, rules and items through the API.
 * With SHOTS_DIR set, the screens are saved at 1280 and 1440 px wide.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Wanda" }, (t) => ({ ctx, page, a } = t));

const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;
const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;
const settings = (page_: string) => `/${a.slug}/projects/${a.projectId}/settings/${page_}/`;
const rules = async () =>
  (await (await page.request.get(`${P()}/workflow-states/`)).json()) as {
    state_id: string;
    transitions: { transition_state_id: string; roles: number[]; member_ids: string[] }[];
  }[];
const itemState = async (id: string) =>
  ((await (await page.request.get(`${P()}/issues/${id}/`)).json()) as { state_id: string }).state_id;

async function switchWorkflows(on: boolean) {
  expect((await page.request.patch(`${P()}/`, { data: { is_workflow_enabled: on } })).ok()).toBe(true);
}
async function putRule(
  state: string,
  transitions: { transition_state_id: string; roles?: number[]; member_ids?: string[] }[],
) {
  expect((await page.request.put(`${P()}/workflow-states/${stateId(state)}/`, { data: { transitions } })).ok()).toBe(
    true,
  );
}

it("the Features page turns workflows on and off; the Workflows page sets where items may go and who moves them, and says when workflows are off", async () => {
  await page.goto(settings("features"));
  const sw = page.getByRole("switch", { name: "Workflows" });
  await sw.waitFor();
  // built: it switches (no "Not available yet")
  expect(await sw.getAttribute("aria-disabled")).toBeNull();
  expect(await sw.getAttribute("aria-checked")).toBe("false");

  await page.goto(settings("workflows"));
  await page.getByRole("heading", { name: "Workflows", exact: true }).waitFor();
  const off = page.getByTestId("workflows-off");
  await off.waitFor();
  expect(await off.textContent()).toContain("Workflows are off: the rules below are kept but not enforced");

  // rules can be prepared while workflows are off: Backlog → Todo only
  const backlog = page.getByRole("region", { name: "Rule of Backlog" });
  await backlog.getByRole("switch", { name: "Limit moves out of Backlog" }).click();
  await backlog.getByText("Work items in Backlog can't move to another state.").waitFor();
  await backlog.getByRole("button", { name: "Add a move from Backlog" }).click();
  await page.getByRole("option", { name: "Todo" }).click();
  await backlog.locator(`[data-move="${stateId("Todo")}"]`).waitFor();
  // In Progress → Done: members only
  const doing = page.getByRole("region", { name: "Rule of In Progress" });
  await doing.getByRole("switch", { name: "Limit moves out of In Progress" }).click();
  await doing.getByRole("button", { name: "Add a move from In Progress" }).click();
  await page.getByRole("option", { name: "Done" }).click();
  const who = doing.getByRole("button", { name: "Who may move from In Progress to Done" });
  await who.waitFor();
  expect((await who.textContent())?.trim()).toBe("Anyone who may edit it");
  await who.click();
  await page.getByRole("option", { name: "All members" }).click();
  await page.keyboard.press("Escape");
  await poll(async () => (await who.textContent())?.trim()).toBe("Members");
  await poll(rules).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        state_id: stateId("Backlog"),
        transitions: [{ id: expect.any(String), transition_state_id: stateId("Todo"), roles: [], member_ids: [] }],
      }),
      expect.objectContaining({
        state_id: stateId("In Progress"),
        transitions: [{ id: expect.any(String), transition_state_id: stateId("Done"), roles: [15], member_ids: [] }],
      }),
    ]),
  );
  await shots(page, "workflows-settings-off");

  // off: nothing is enforced
  const [item] = await createItems(ctx.request, a, [{ name: "Skip ahead", state_id: stateId("Backlog") }]);
  expect((await page.request.patch(`${P()}/issues/${item.id}/`, { data: { state_id: stateId("Done") } })).ok()).toBe(
    true,
  );
  expect((await page.request.patch(`${P()}/issues/${item.id}/`, { data: { state_id: stateId("Backlog") } })).ok()).toBe(
    true,
  );

  // on, from the Features page
  await page.goto(settings("features"));
  await page.getByRole("switch", { name: "Workflows" }).click();
  await page.getByRole("switch", { name: "Workflows", checked: true }).waitFor();
  const refused = await page.request.patch(`${P()}/issues/${item.id}/`, { data: { state_id: stateId("Done") } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    state_id: [
      `This project's workflow doesn't allow moving work items from "Backlog" to "Done". Work items in "Backlog" can move to "Todo".`,
    ],
  });
  await page.goto(settings("workflows"));
  await page.getByText("Workflows are on.").waitFor();
  expect(await page.getByTestId("workflows-off").count()).toBe(0);
  await shots(page, "workflows-settings-on");

  // freeing a state removes its rule
  await page
    .getByRole("region", { name: "Rule of Backlog" })
    .getByRole("switch", { name: "Limit moves out of Backlog" })
    .click();
  await poll(async () => (await rules()).map((r) => r.state_id)).toEqual([stateId("In Progress")]);
  // and off again from the Features page: the Workflows page says so
  await page.goto(settings("features"));
  await page.getByRole("switch", { name: "Workflows", checked: true }).click();
  await page.getByRole("switch", { name: "Workflows", checked: false }).waitFor();
  await page.goto(settings("workflows"));
  await page.getByTestId("workflows-off").waitFor();
});

/**
 * A real mouse drag: press on `from`, move onto `to`, wait for `shows`, then (if `drop`) release. The card is first
 * brought wholly into the board's view: an earlier drag near the board's right edge auto-scrolls it, which can leave
 * the card half under the sidebar (a press there selects text instead of dragging).
 */
async function mouseDrag(from: Locator, to: Locator, shows: Locator, drop = true): Promise<void> {
  await from.evaluate((el) => el.scrollIntoView({ block: "nearest", inline: "nearest" }));
  const s = (await from.boundingBox())!;
  const t = (await to.boundingBox())!;
  const sx = s.x + s.width / 2;
  const sy = s.y + 8;
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 8, sy + 8, { steps: 4 });
  // near the target's left edge: a column at the board's right may be partly scrolled out of view
  await page.mouse.move(t.x + 30, t.y + 20, { steps: 12 });
  await page.mouse.move(t.x + 31, t.y + 20, { steps: 2 });
  await shows.waitFor();
  if (drop) await page.mouse.up();
}

it("the board refuses a drop the workflow does not allow before it lands and says why; the state picker greys it out", async () => {
  await switchWorkflows(true);
  await putRule("Backlog", [{ transition_state_id: stateId("Todo") }]);
  await putRule("Todo", [{ transition_state_id: stateId("In Progress"), roles: [15] }]);
  const [item] = await createItems(ctx.request, a, [{ name: "Follow the flow", state_id: stateId("Backlog") }]);
  const key = `${a.identifier}-${item.sequence_id}`;

  // the list's state picker: the states the item may not go to are greyed out, each with the reason
  await setLayout(ctx.request, a, { layout: "list", group_by: null });
  await openList(page, a);
  const row = page.locator(`[data-item="${key}"]`);
  await row.waitFor();
  await row.getByRole("button", { name: "State: Backlog" }).click();
  const done = page.getByRole("option", { name: /^Done/ });
  await done.waitFor();
  expect(await done.getAttribute("aria-disabled")).toBe("true");
  expect(await done.getAttribute("title")).toBe(
    `This project's workflow doesn't allow moving work items from "Backlog" to "Done". Work items in "Backlog" can move to "Todo".`,
  );
  expect(await page.getByRole("option", { name: /^Todo/ }).getAttribute("aria-disabled")).toBeNull();
  await shots(page, "workflows-state-picker");
  await done.click({ force: true });
  await page.keyboard.press("Escape");
  expect(await itemState(item.id)).toBe(stateId("Backlog"));

  // the board
  await setLayout(ctx.request, a, { layout: "kanban", group_by: "state" });
  await openList(page, a);
  await page.getByTestId("kanban-layout").waitFor();
  const column = (name: string) => page.locator(`section[data-column="${stateId(name)}"]`);
  const refusedColumn = (name: string) => page.locator(`section[data-column="${stateId(name)}"][data-refused]`);
  const card = page.locator(`[data-card][data-item="${key}"]`);
  await column("Backlog").locator(`[data-item="${key}"]`).waitFor();
  let patches = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes(`/issues/${item.id}/`)) patches += 1;
  });
  // over Done, while dragging: the column shows it is refused, and why; Todo (allowed) does not
  await mouseDrag(card, column("Done"), refusedColumn("Done"), false);
  expect(await column("Done").getAttribute("data-refused")).toBe("");
  expect(await column("Done").getByRole("note").textContent()).toBe(
    `Can't move here. This project's workflow doesn't allow moving work items from "Backlog" to "Done". Work items in "Backlog" can move to "Todo".`,
  );
  expect(await column("Todo").getAttribute("data-refused")).toBeNull();
  await shots(page, "workflows-board-refused");
  await page.mouse.up();
  // nothing was sent; the card stays
  await poll(() => column("Done").getAttribute("data-refused")).toBeNull();
  expect(patches).toBe(0);
  expect(await column("Backlog").locator(`[data-item="${key}"]`).count()).toBe(1);
  expect(await itemState(item.id)).toBe(stateId("Backlog"));

  // an allowed drop lands
  await mouseDrag(card, column("Todo"), page.locator(`section[data-column="${stateId("Todo")}"][data-drop-target]`));
  await poll(() => itemState(item.id)).toBe(stateId("Todo"));
  // Todo → In Progress is for members only: the admin is told who may
  await column("Todo").locator(`[data-item="${key}"]`).waitFor();
  await mouseDrag(card, column("In Progress"), refusedColumn("In Progress"), false);
  expect(await column("In Progress").getByRole("note").textContent()).toBe(
    `Can't move here. Only members can move work items from "Todo" to "In Progress" in this project's workflow.`,
  );
  await page.mouse.up();
  expect(await itemState(item.id)).toBe(stateId("Todo"));

  // workflows off: the board takes the drop
  await switchWorkflows(false);
  await page.reload();
  await column("Todo").locator(`[data-item="${key}"]`).waitFor();
  await mouseDrag(card, column("Done"), page.locator(`section[data-column="${stateId("Done")}"][data-drop-target]`));
  await poll(() => itemState(item.id)).toBe(stateId("Done"));
});

it("a teamspace's board and team view load each project's workflow: a refused drop is refused before it is made, with the project board's reason", async () => {
  await switchWorkflows(true);
  await putRule("Backlog", [{ transition_state_id: stateId("Todo") }]);
  const W = `/api/workspaces/${a.slug}`;
  const other = (await (
    await ctx.request.post(`${W}/projects/`, { data: { name: "Orbit", identifier: `O${a.identifier.slice(1)}` } })
  ).json()) as { id: string };
  const team = (await (
    await ctx.request.post(`${W}/teamspaces/`, { data: { name: "Flight team", project_ids: [a.projectId, other.id] } })
  ).json()) as { id: string };
  const view = (await (
    await ctx.request.post(`${W}/teamspaces/${team.id}/views/`, {
      data: { name: "Board view", display_filters: { layout: "kanban", group_by: "state", show_empty_groups: true } },
    })
  ).json()) as { id: string };
  const [item] = await createItems(ctx.request, a, [{ name: "Team flow", state_id: stateId("Backlog") }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  let patches = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes(`/issues/${item.id}/`)) patches += 1;
  });
  const column = (name: string) => page.locator(`section[data-column="${stateId(name)}"]`);
  const card = page.locator(`[data-card][data-item="${key}"]`);

  for (const url of [
    `/${a.slug}/teamspaces/${team.id}/issues/`,
    `/${a.slug}/teamspaces/${team.id}/views/${view.id}/`,
  ]) {
    await page.goto(url);
    const list = url.endsWith("/issues/");
    if (list) await page.getByRole("button", { name: "Board layout" }).click();
    await page.locator(`[data-list-context="${list ? "team" : "team_view"}"][data-layout="kanban"]`).waitFor();
    await column("Backlog").locator(`[data-item="${key}"]`).waitFor();
    // the other project's columns come first: bring this project's into view
    await column("Backlog").evaluate((el) => el.scrollIntoView({ inline: "start", block: "nearest" }));
    // over In Progress (the rule allows Todo only): refused before the drop, with the project board's reason
    await mouseDrag(
      card,
      column("In Progress"),
      page.locator(`section[data-column="${stateId("In Progress")}"][data-refused]`),
      false,
    );
    expect(await column("In Progress").getByRole("note").textContent()).toBe(
      `Can't move here. This project's workflow doesn't allow moving work items from "Backlog" to "In Progress". Work items in "Backlog" can move to "Todo".`,
    );
    expect(await column("Todo").getAttribute("data-refused")).toBeNull();
    if (list) await shots(page, "workflows-team-board-refused");
    await page.mouse.up();
    await poll(() => column("In Progress").getAttribute("data-refused")).toBeNull();
    expect(patches).toBe(0);
    expect(await itemState(item.id)).toBe(stateId("Backlog"));
  }

  // an allowed move in the team view lands
  await mouseDrag(card, column("Todo"), page.locator(`section[data-column="${stateId("Todo")}"][data-drop-target]`));
  await poll(() => itemState(item.id)).toBe(stateId("Todo"));
});

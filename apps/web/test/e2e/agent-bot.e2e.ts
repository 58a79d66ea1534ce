import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrangeWithTeammate, createItems, openList, poll } from "./work-items-fixtures.ts";
import { startModelServer, type ModelServer } from "../../../server/test/helpers/model-server.ts";

/**
 * An agent acts as itself (issue #24 point 9): Bob runs the project's triage agent on Alice's work item; its comment,
 * its task and state changes show in Alice's item page, peek view and inbox as the agent's — its name with a bot
 * badge — on behalf of Bob. The agent's bot is not offered as a member to assign.
 */
let ms: ModelServer;
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
beforeAll(async () => {
  ms = await startModelServer({ apiKey: "" });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await ms?.close();
});

it("a run's comment and changes show as the agent's, with its bot badge, on behalf of the person who ran it", async () => {
  const [alice, bob] = [await e2e.context(), await e2e.context()];
  contexts.push(alice, bob);
  const { a, b } = await arrangeWithTeammate(alice, bob);
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect(
    (
      await alice.request.post(`${P}/model-configs/local/`, {
        data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" },
      })
    ).status(),
  ).toBe(200);
  const tpl = await alice.request.post(`${P}/agent/templates/`, {
    data: { config: { type: "triage", name: "Triager", model_config: "local" } },
  });
  expect(tpl.status()).toBe(200);
  const [item] = await createItems(alice.request, a, [{ name: "Sort the login bugs" }]);
  const key = `${a.identifier}-${item.sequence_id}`;

  ms.script(
    { toolCalls: [{ id: "t1", name: "create_task", args: { name: "Read the reports" } }] },
    {
      toolCalls: [
        { id: "t2", name: "update_task", args: { task_id: "Read the reports", status: "completed" } },
        { id: "s1", name: "set_state", args: { state: "In Progress" } },
      ],
    },
    { toolCalls: [{ id: "c1", name: "add_comment", args: { comment: "Two of the reports are the same bug." } }] },
    { text: "Triaged." },
  );
  const started = await bob.request.post(`${P}/agent/execute/`, {
    data: {
      execution_config: { agent_template_id: (await tpl.json()).agent_template.id },
      issue_id: item.id,
      content: "Triage it.",
      tags: ["issue"],
    },
  });
  expect(started.status()).toBe(202);
  const execId = (await started.json()).execution_id as string;
  await poll(
    async () => (await (await bob.request.get(`${P}/agent/executions/${execId}/`)).json()).execution.status,
  ).toBe("completed");

  // the item page: the comment and the activity rows are the agent's, on behalf of Bob
  const page = await alice.newPage();
  await page.goto(`/${a.slug}/browse/${key}/`);
  const feed = page.getByRole("list", { name: "Activity feed" });
  const comment = feed.locator("li[data-comment]").filter({ hasText: "Two of the reports are the same bug." });
  await comment.waitFor();
  await comment.getByText("Triager", { exact: true }).waitFor();
  await comment.locator("[data-bot-badge]").waitFor();
  expect(await comment.locator("[data-on-behalf-of]").textContent()).toBe("on behalf of Bob Tester");
  // the agent's comment is not Alice's to edit
  expect(await comment.getByRole("button", { name: "Comment actions" }).count()).toBe(0);
  const state = feed.locator("li[data-activity=state]");
  await state.waitFor();
  expect(await state.textContent()).toMatch(/^Triager\s*Bot .*In Progress.* on behalf of Bob Tester/);
  await state.locator("[data-bot-badge]").waitFor();
  // Alice's own row stays hers alone
  const created = feed.locator("li[data-activity=created]");
  if (await created.count())
    expect(await created.first().locator("[data-bot-badge], [data-on-behalf-of]").count()).toBe(0);

  // the peek view shows the same
  await openList(page, a);
  await page.locator(`[data-item="${key}"]`).getByRole("button", { name: "Sort the login bugs", exact: true }).click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  const peekComment = peek.locator("li[data-comment]").filter({ hasText: "Two of the reports are the same bug." });
  await peekComment.locator("[data-bot-badge]").waitFor();
  expect(await peekComment.locator("[data-on-behalf-of]").textContent()).toBe("on behalf of Bob Tester");
  await peek.locator("li[data-activity=state] [data-bot-badge]").waitFor();

  // the assignee picker offers people only
  const members = (await (await alice.request.get(`${P}/members/`)).json()) as { member: string }[];
  expect(members.map((m) => m.member).sort()).toEqual([a.userId, b.userId].sort());

  // Alice's inbox: the agent's comment, with its badge, on behalf of Bob
  await page.goto(`/${a.slug}/notifications/`);
  const row = page.locator("li[data-notification]").filter({ hasText: "commented" });
  await row.waitFor();
  await row.locator("[data-bot-badge]").waitFor();
  await poll(() => row.textContent()).toContain("Triager Bot commented");
  expect(await row.locator("[data-on-behalf-of]").textContent()).toBe("on behalf of bob");
});

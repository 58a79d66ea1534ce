import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, openList, poll } from "./work-items-fixtures.ts";
import { startModelServer, type ModelServer } from "../../../server/test/helpers/model-server.ts";

/**
 * The project assistant's chat panel (issue #10 point 7): asked in a project, it searches and creates a work item
 * through tool calls against the scripted model server; its answer streams into the panel, the new item appears
 * in the open list live, and the conversation is in the panel's history when it is opened again.
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
beforeEach(() => ms.reset());

it("asks the project assistant: the answer streams in, the item it creates appears in the list live, and the panel keeps the history", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Asker" });
  const page = await ctx.newPage();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  await createItems(ctx.request, a, [{ name: "Login page times out" }, { name: "Dark mode colours" }]);
  expect(
    (
      await ctx.request.post(`${P}/model-configs/local/`, {
        data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await ctx.request.post(`${P}/agent/templates/`, {
        data: { config: { type: "assistant", name: "Project assistant", model_config: "local" } },
      })
    ).status(),
  ).toBe(200);
  const answer = "One item is about login; I filed Add a login retry for the retry.";
  ms.script(
    { toolCalls: [{ id: "s1", name: "search_work_items", args: { query: "login" } }] },
    { toolCalls: [{ id: "c1", name: "create_work_item", args: { name: "Add a login retry", priority: "high" } }] },
    // the answer's first part comes, then the model pauses before the rest: the panel shows it as it is written
    { text: answer, stallAfterMs: 4000 },
  );

  await openList(page, a);
  const list = page.locator("[data-list-context]");
  await list.getByText("Login page times out").waitFor();
  await page.getByRole("button", { name: "Assistant" }).click();
  const panel = page.getByRole("complementary", { name: "Project assistant" });
  await panel.getByText("No conversations yet.").waitFor();
  await panel.getByRole("textbox", { name: "Message" }).fill("Which items are about login? File one for a retry.");
  await panel.getByRole("textbox", { name: "Message" }).press("Enter");

  const convo = panel.getByLabel("Conversation", { exact: true });
  await convo
    .locator("[data-record-type=user_input]")
    .getByText("Which items are about login? File one for a retry.")
    .waitFor();
  // the search and the create as tool calls, each with its output
  await convo
    .locator("[data-record-type=tool_call]")
    .filter({ hasText: "search_work_items" })
    .getByText(/Login page times out/)
    .waitFor({ state: "attached" });
  // the item the assistant created shows in the open list without a reload
  await list.getByText("Add a login retry").waitFor();
  // part of the answer while the model is still writing, then the whole of it
  const message = convo.locator("[data-record-type=message]").last();
  await poll(async () => {
    const text = (await message.textContent().catch(() => "")) ?? "";
    return (
      text.length > 0 &&
      answer.startsWith(text) &&
      text.length < answer.length &&
      (await convo.getByText("Pi is generating response").isVisible())
    );
  }).toBe(true);
  await message.getByText(answer).waitFor();
  await convo.getByText("Pi is generating response").waitFor({ state: "detached" });

  // the item was made by the asker, through the API's own command
  const items = (await (await ctx.request.get(`${P}/issues/?per_page=100`)).json()).results as {
    name: string;
    priority: string;
  }[];
  expect(items.find((i) => i.name === "Add a login retry")).toMatchObject({ priority: "high" });

  // closed and opened again: the conversation is in the history, and opens whole
  await panel.getByRole("button", { name: "Close the assistant" }).click();
  await panel.waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Assistant" }).click();
  const history = panel.getByRole("list", { name: "Conversations" });
  await history.getByRole("button", { name: new RegExp(answer.slice(0, 20)) }).click();
  await convo
    .locator("[data-record-type=user_input]")
    .getByText("Which items are about login? File one for a retry.")
    .waitFor();
  await convo.locator("[data-record-type=message]").getByText(answer).waitFor();
  const search = await (await ctx.request.get(`${P}/agent/executions/search/?tags=project-assistant`)).json();
  expect(search.executions).toMatchObject([{ status: "completed", tags: ["project-assistant"], summary: answer }]);
});

import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext } from "./helpers.ts";
import { arrange, createItems, poll } from "./work-items-fixtures.ts";
import { startModelServer, type ModelServer } from "../../../server/test/helpers/model-server.ts";

/**
 * Agents on the web (issue #10 points 5 and 8): MCP servers and agents in the project settings, "Run agent" on a
 * work item with the spec's validation toast, and a run against the scripted model server whose records (the
 * streamed answer included) and tasks appear live in the work item's agent-executions tab.
 */
let browser: Browser;
let ms: ModelServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
  ms = await startModelServer({ apiKey: "" });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await ms?.close();
});
beforeEach(() => ms.reset());

async function setup() {
  const ctx = await newContext(browser);
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Agent" });
  return { a, ctx, page: await ctx.newPage() };
}

it("an admin adds an MCP server and an agent, and the agent becomes the issue agent", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect((await ctx.request.post(`${P}/model-configs/local/`, { data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" } })).status()).toBe(200);

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/mcp-servers/`);
  await page.getByText("No MCP servers yet").waitFor();
  await page.getByRole("button", { name: "Add MCP server" }).click();
  const mcp = page.getByRole("form", { name: "Add MCP server" });
  await mcp.getByLabel("URL").fill("not a url");
  await mcp.getByRole("button", { name: "Add MCP server" }).click();
  await mcp.getByText("Enter a valid URL.").waitFor();
  await mcp.getByLabel("URL").fill("https://mcp.example.com/mcp");
  await mcp.getByLabel("Headers").fill("Authorization=Bearer secret-token");
  await mcp.getByRole("button", { name: "Add MCP server" }).click();
  await mcp.waitFor({ state: "hidden" });
  await page.getByRole("list", { name: "MCP servers" }).getByText("https://mcp.example.com/mcp").waitFor();
  const stored = await (await ctx.request.get(`${P}/environments/templates/`)).json();
  expect(stored.environment_templates).toMatchObject([{ type: "generic_mcp", config: { url: "https://mcp.example.com/mcp", headers: { Authorization: "********" } } }]);
  // the settings list's row menu: edit in place, then delete after confirming
  const servers = page.getByRole("list", { name: "MCP servers" });
  await page.getByRole("button", { name: "Actions for MCP server https://mcp.example.com/mcp" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = servers.getByRole("form", { name: "Edit MCP server" });
  await edit.getByLabel("URL").fill("https://tools.example.com/mcp");
  await edit.getByRole("button", { name: "Save" }).click();
  await servers.getByText("https://tools.example.com/mcp").waitFor();
  await page.getByRole("button", { name: "Actions for MCP server https://tools.example.com/mcp" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete MCP server" });
  await confirm.getByText('Delete the MCP server "https://tools.example.com/mcp"? Agents stop getting its tools.').waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await page.getByText("No MCP servers yet").waitFor();
  await expect.poll(async () => (await (await ctx.request.get(`${P}/environments/templates/`)).json()).environment_templates).toEqual([]);

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/agents/`);
  await page.getByText("No agents yet").waitFor();
  await page.getByRole("button", { name: "Add agent" }).click();
  const form = page.getByRole("form", { name: "Add agent" });
  await form.getByLabel("Name").fill("Triager");
  await form.getByLabel("Type").selectOption("triage");
  await form.getByRole("button", { name: "Add agent" }).click();
  await form.waitFor({ state: "hidden" });
  const row = page.getByRole("list", { name: "Agents" }).getByRole("listitem").filter({ hasText: "Triager" });
  // the badge comes from the live cluster document
  await row.getByText("Issue agent").waitFor();
  const templates = await (await ctx.request.get(`${P}/agent/templates/`)).json();
  expect(templates.agent_templates).toMatchObject([{ config: { type: "triage", name: "Triager", model_config: "local" } }]);
});

it("Run agent without an issue agent gives the spec's validation toast", async () => {
  const { a, ctx, page } = await setup();
  const [item] = await createItems(ctx.request, a, [{ name: "Triage me" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  await page.getByRole("button", { name: "Run agent" }).click();
  const toast = page.locator("[data-toast=error]").filter({ hasText: "Validation Error" });
  await toast.getByText("No `issue_agent` preset defined in cluster configuration").waitFor();
  // nothing was started
  expect((await (await ctx.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/agent/executions/search/`)).json()).executions).toEqual([]);

});

it("a run against the scripted model server streams its records, its answer and its task into the work item live", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const [item] = await createItems(ctx.request, a, [{ name: "Plan the fix" }]);
  expect((await ctx.request.post(`${P}/model-configs/local/`, { data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" } })).status()).toBe(200);
  expect((await ctx.request.post(`${P}/agent/templates/`, { data: { config: { type: "triage", name: "Triager", model_config: "local" }, preset_names: ["issue_agent"] } })).status()).toBe(200);
  ms.script(
    { reasoning: "The item needs a plan.", toolCalls: [{ id: "c1", name: "create_task", args: { name: "Reproduce the bug" } }], usage: { input: 100, output: 20 } },
    { text: "I planned the work in a task.", usage: { input: 150, output: 30 } },
  );
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  await page.getByRole("button", { name: "Run agent" }).click();
  await page.getByRole("tab", { name: "agent executions" }).click();
  const panel = page.getByRole("region", { name: "Execution Triager" });
  // the answer is streamed into its record: it shows whole, without a reload
  await panel.getByText("I planned the work in a task.").waitFor();
  await poll(() => panel.locator("[data-execution-status]").getAttribute("data-execution-status")).toBe("completed");
  // the tool call with its input, and its output beside it (collapsed)
  const call = panel.locator("[data-record-type=tool_call]");
  await call.getByText('"Reproduce the bug"').waitFor();
  await call.getByText(/^Created task /).waitFor({ state: "attached" });
  await panel.getByTestId("execution-tokens").getByText("300 tokens").waitFor();
  // the task the agent made is on the work item
  await page.getByRole("list", { name: "Tasks" }).getByText("Reproduce the bug").waitFor();
});

import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, poll } from "./work-items-fixtures.ts";
import { git, makeRepo, removeRepos } from "./git-repo.ts";
import { startModelServer, type ModelServer } from "../../../server/test/helpers/model-server.ts";

/**
 * Agents on the web (issue #10 points 5, 6 and 8): MCP servers and agents in the project settings, "Run agent" on a
 * work item with the spec's validation toast, a run against the scripted model server whose records (the streamed
 * answer included) and tasks appear live in the work item's agent-executions tab, the execution-history modal, and
 * the whole flow: model and repository configured, a coding run watched live in a real sandbox, a second run
 * cancelled, the first run's diff committed from the commit modal and its branch linked on the work item.
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
  removeRepos();
});
beforeEach(() => ms.reset());

async function setup() {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Agent" });
  return { a, ctx, page: await ctx.newPage() };
}

it("an admin adds an MCP server and an agent, and the agent becomes the issue agent", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect(
    (
      await ctx.request.post(`${P}/model-configs/local/`, {
        data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" },
      })
    ).status(),
  ).toBe(200);

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
  expect(stored.environment_templates).toMatchObject([
    { type: "generic_mcp", config: { url: "https://mcp.example.com/mcp", headers: { Authorization: "********" } } },
  ]);
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
  await confirm
    .getByText('Delete the MCP server "https://tools.example.com/mcp"? Agents stop getting its tools.')
    .waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await page.getByText("No MCP servers yet").waitFor();
  await expect
    .poll(async () => (await (await ctx.request.get(`${P}/environments/templates/`)).json()).environment_templates)
    .toEqual([]);

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
  expect(templates.agent_templates).toMatchObject([
    { config: { type: "triage", name: "Triager", model_config: "local" } },
  ]);
});

it("Run agent without an issue agent gives the spec's validation toast", async () => {
  const { a, ctx, page } = await setup();
  const [item] = await createItems(ctx.request, a, [{ name: "Triage me" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  await page.getByRole("button", { name: "Run agent" }).click();
  const toast = page.locator("[data-toast=error]").filter({ hasText: "Validation Error" });
  await toast.getByText("No `issue_agent` preset defined in cluster configuration").waitFor();
  // nothing was started
  expect(
    (await (await ctx.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/agent/executions/search/`)).json())
      .executions,
  ).toEqual([]);
});

it("a run against the scripted model server streams its records, its answer and its task into the work item live", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const [item] = await createItems(ctx.request, a, [{ name: "Plan the fix" }]);
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
        data: { config: { type: "triage", name: "Triager", model_config: "local" }, preset_names: ["issue_agent"] },
      })
    ).status(),
  ).toBe(200);
  ms.script(
    {
      reasoning: "The item needs a plan.",
      toolCalls: [{ id: "c1", name: "create_task", args: { name: "Reproduce the bug" } }],
      usage: { input: 100, output: 20 },
    },
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

it("a run waiting for an agent worker shows its place in the queue, then runs (issue #24 point 8)", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const [item] = await createItems(ctx.request, a, [{ name: "Wait your turn" }]);
  expect(
    (
      await ctx.request.post(`${P}/model-configs/local/`, {
        data: { provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" },
      })
    ).status(),
  ).toBe(200);
  const agent = (
    await (
      await ctx.request.post(`${P}/agent/templates/`, {
        data: { config: { type: "triage", name: "Waiter", model_config: "local" } },
      })
    ).json()
  ).agent_template.id as string;
  // the server's four agent workers (AGENT_CONCURRENCY) are each held by a run whose model has not answered yet
  const gates: (() => void)[] = [];
  const held = (text: string) => ({
    text,
    gate: new Promise<void>((r) => {
      gates.push(r);
    }),
  });
  ms.script(
    held("Held run done."),
    held("Held run done."),
    held("Held run done."),
    held("Held run done."),
    held("The waiting run ran."),
    { text: "The item's run ran." },
  );
  const run = async (data: Record<string, unknown>) =>
    (
      await (
        await ctx.request.post(`${P}/agent/execute/`, {
          data: { execution_config: { agent_template_id: agent }, content: "go", ...data },
        })
      ).json()
    ).execution_id as string;
  const holders = [await run({}), await run({}), await run({}), await run({})];
  const status = async (id: string) =>
    (await (await ctx.request.get(`${P}/agent/executions/${id}/`)).json()).execution.status;
  for (const id of holders) await poll(() => status(id)).toBe("running");
  const waiting = await run({});
  const mine = await run({ issue_id: item.id });

  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  await page.getByRole("tab", { name: "agent executions" }).click();
  const panel = page.locator(`[data-execution-id="${mine}"]`);
  const progress = panel.getByTestId("execution-progress");
  await progress.getByText("Queued: 2nd in line, waiting for a free agent worker…").waitFor();
  // a worker frees: the run ahead takes it (and holds it), this one is next
  gates[0]();
  await poll(() => status(waiting)).toBe("running");
  await progress.getByText("Queued: next to start, waiting for a free agent worker…").waitFor();
  for (const open of gates.slice(1)) open();
  await panel.getByText("The item's run ran.").waitFor();
  await poll(() => panel.locator("[data-execution-status]").getAttribute("data-execution-status")).toBe("completed");
  for (const id of [...holders, waiting]) await poll(() => status(id)).toBe("completed");
});

it("the execution-history modal lists the project's runs and opens one live", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const [item] = await createItems(ctx.request, a, [{ name: "Look back" }]);
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
        data: { config: { type: "triage", name: "Historian", model_config: "local" }, preset_names: ["issue_agent"] },
      })
    ).status(),
  ).toBe(200);
  ms.script({ text: "Looked back at the history.", usage: { input: 40, output: 2 } });
  const run = await ctx.request.post(`${P}/agent/execute/`, {
    data: { execution_config: {}, content: "Look", issue_id: item.id },
  });
  expect(run.status()).toBe(202);
  const id = (await run.json()).execution_id as string;
  await poll(async () => (await (await ctx.request.get(`${P}/agent/executions/${id}/`)).json()).execution.status).toBe(
    "completed",
  );

  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  await page.getByRole("tab", { name: "agent executions" }).click();
  // named for what it opens, apart from the description's "Version history"
  await page
    .getByRole("region", { name: "Activity" })
    .getByRole("button", { name: "Execution history", exact: true })
    .click();
  const modal = page.getByRole("dialog", { name: "Execution history" });
  await modal.waitFor();
  expect(await page.getByRole("button", { name: "History", exact: true }).count()).toBe(0);
  const row = modal.getByRole("list", { name: "Executions" }).getByRole("button").filter({ hasText: "Historian" });
  await row.getByText("42 tokens").waitFor();
  await row.locator("[data-execution-status=completed]").waitFor();
  await row.click();
  await modal.getByRole("region", { name: "Execution Historian" }).getByText("Looked back at the history.").waitFor();
  await modal.getByRole("button", { name: "Back to the list" }).click();
  await row.waitFor();
});

it("model and repository configured, a run watched live, a second run cancelled, the first run's diff committed and its branch linked", async () => {
  const { a, ctx, page } = await setup();
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const repo = makeRepo();
  const [item] = await createItems(ctx.request, a, [{ name: "Greet the world" }]);
  const key = `${a.identifier}-${item.sequence_id}`;
  const branch = `stride/${key}`;

  // the model: the scripted server, in the model configuration
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/model-configuration/`);
  await page.getByRole("button", { name: "Add model" }).click();
  const model = page.getByRole("dialog", { name: "Add model configuration" });
  await model.getByRole("textbox", { name: "Name" }).fill("local");
  await model.getByRole("combobox", { name: "Provider" }).selectOption("openai");
  await model.getByRole("textbox", { name: "Base URL" }).fill(ms.openaiBaseUrl);
  await model.getByRole("textbox", { name: "Model" }).fill("test-model");
  await model.getByRole("button", { name: "Add model" }).click();
  await model.waitFor({ state: "hidden" });

  // the repository, checked out for the issue agent's runs
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/repositories/`);
  await page.getByRole("button", { name: "Add repository" }).click();
  const repoForm = page.getByRole("form", { name: "Add repository" });
  await repoForm.getByLabel("Name").fill("acme/app");
  await repoForm.getByLabel("Git URL").fill(repo);
  await repoForm.getByLabel("Branch").fill("main");
  expect(await repoForm.getByRole("switch", { name: "Use for the issue agent" }).getAttribute("aria-checked")).toBe(
    "true",
  );
  await repoForm.getByRole("button", { name: "Add repository" }).click();
  await repoForm.waitFor({ state: "hidden" });
  await page.getByRole("list", { name: "Repositories" }).getByText("acme/app").waitFor();

  // the coding agent, the project's issue agent
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/agents/`);
  await page.getByRole("button", { name: "Add agent" }).click();
  const agentForm = page.getByRole("form", { name: "Add agent" });
  await agentForm.getByLabel("Name").fill("Coder");
  await agentForm.getByLabel("Type").selectOption("coding");
  await agentForm.getByLabel("Model").selectOption("local");
  await agentForm.getByRole("button", { name: "Add agent" }).click();
  await agentForm.waitFor({ state: "hidden" });
  await page
    .getByRole("list", { name: "Agents" })
    .getByRole("listitem")
    .filter({ hasText: "Coder" })
    .getByText("Issue agent")
    .waitFor();

  // run 1: plans in a task, waits (the gate) until the test has seen the task move live, then writes a file
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  ms.script(
    {
      reasoning: "First a plan.",
      toolCalls: [
        { id: "t1", name: "create_task", args: { name: "Write hello.txt" } },
        { id: "t2", name: "update_task", args: { task_id: "Write hello.txt", status: "in_progress" } },
      ],
    },
    {
      gate,
      toolCalls: [
        { id: "w1", name: "write_file", args: { path: "hello.txt", content: "Hello from the agent\n" } },
        { id: "t3", name: "update_task", args: { task_id: "Write hello.txt", status: "completed" } },
      ],
    },
    { text: "hello.txt now greets the world." },
  );
  await page.goto(`/${a.slug}/browse/${key}/`);
  await page.getByRole("button", { name: "Run agent" }).click();
  await page.getByRole("tab", { name: "agent executions" }).click();
  const executions = async () =>
    (
      (await (await ctx.request.get(`${P}/issues/${item.id}/agent-executions/`)).json()).agent_executions as {
        execution_id: string;
        created_at: string;
      }[]
    )
      .sort((x, y) => (x.created_at < y.created_at ? -1 : 1))
      .map((x) => x.execution_id);
  await poll(async () => (await executions()).length).toBe(1);
  const [firstId] = await executions();
  const first = page.locator(`[data-execution-id="${firstId}"]`);
  const status = (panel: typeof first) =>
    panel.locator("[data-execution-status]").first().getAttribute("data-execution-status");
  const tasks = page.getByRole("list", { name: "Tasks" });
  // the run's plan shows on the work item as a person sees it: first its task (once the sandbox is ready and the model
  // answered), then, while the model holds its next answer, the task in progress and the run running, live
  await tasks.getByLabel("Status of Write hello.txt").waitFor();
  await poll(() => tasks.getByLabel("Status of Write hello.txt").inputValue()).toBe("in_progress");
  expect(await status(first)).toBe("running");
  await first.locator("[data-record-type=tool_call]").getByText('"Write hello.txt"').first().waitFor();
  release();
  await first.getByText("hello.txt now greets the world.").waitFor();
  await poll(() => status(first)).toBe("completed");
  await poll(() => tasks.getByLabel("Status of Write hello.txt").inputValue()).toBe("completed");
  const artifact = first.getByRole("group", { name: "Artifact acme-app.diff" });
  await artifact.locator("[data-diff-line=add]").getByText("Hello from the agent").waitFor();
  // the diff shows once in the panel: as its artifact, not also as the record that announced it
  expect(await first.getByTestId("diff").count()).toBe(1);

  // run 2: a long command, cancelled from its panel
  ms.script({ toolCalls: [{ id: "s1", name: "run_command", args: { command: "sleep 120" } }] });
  // the panel shows run 1 completed: Run agent starts run 2 at once, even if the live cluster has not yet heard run 1 end
  await page.getByRole("button", { name: "Run agent" }).click();
  await poll(async () => (await executions()).length).toBe(2);
  const secondId = (await executions())[1];
  const second = page.locator(`[data-execution-id="${secondId}"]`);
  await second.locator("[data-record-type=tool_call]").getByText("sleep 120").waitFor();
  expect(await status(second)).toBe("running");
  await second.getByRole("button", { name: "Cancel" }).click();
  await poll(() => status(second)).toBe("cancelled");
  expect(await status(first)).toBe("completed");

  // a follow-up to the first run adds a file: the panel shows the newest diff (issue #24 point 6)
  ms.script(
    { toolCalls: [{ id: "w2", name: "write_file", args: { path: "bye.txt", content: "Bye from the agent\n" } }] },
    { text: "bye.txt says goodbye." },
  );
  await first.getByLabel("Follow-up message").fill("Also add bye.txt");
  await first.getByRole("button", { name: "Send" }).click();
  await first.getByText("bye.txt says goodbye.").waitFor();
  await poll(() => status(first)).toBe("completed");
  await artifact.locator("[data-diff-line=add]").getByText("Bye from the agent").waitFor();

  // the commit modal: the first run's newest diff reviewed and committed on a new branch
  await artifact.getByRole("button", { name: "Commit…" }).click();
  const modal = page.getByRole("dialog", { name: "Commit the diff" });
  await modal.getByTestId("commit-branch").getByText(branch, { exact: true }).waitFor();
  await poll(() => modal.getByTestId("commit-stats").textContent()).toBe("2 files changed, +2 −0");
  await modal.locator("[data-diff-line=add]").getByText("Hello from the agent").waitFor();
  await modal.getByLabel("Commit message").fill("Greet the world from hello.txt");
  await modal.getByRole("button", { name: "Commit", exact: true }).click();
  await modal.waitFor({ state: "hidden" });
  await artifact.getByRole("status").getByText(`Committed on ${branch}`).waitFor();
  // the branch is a link on the work item
  const link = page.getByRole("region", { name: "Links" }).getByRole("link", { name: branch, exact: true });
  await link.waitFor();
  expect(await link.getAttribute("href")).toBe(`file://${repo}#${branch}`);
  // and in the repository: the change on the branch, the work item named in the message
  expect(git(repo, "show", `${branch}:hello.txt`)).toBe("Hello from the agent\n");
  expect(git(repo, "show", `${branch}:bye.txt`)).toBe("Bye from the agent\n");
  const message = git(repo, "log", "-1", "--format=%B", branch);
  expect(message).toContain("Greet the world from hello.txt");
  expect(message).toContain(`Work item: ${key}`);

  // after a reload the diff still says where it was committed, and offers no second commit
  await page.reload();
  await page.getByRole("tab", { name: "agent executions" }).click();
  // the newest run is open, the older one folded
  const again = page.locator(`[data-execution-id="${firstId}"]`);
  await again.getByRole("button", { name: "Coder", exact: true }).click();
  await again
    .getByRole("group", { name: "Artifact acme-app.diff" })
    .getByRole("status")
    .getByText(`Committed on ${branch}`)
    .waitFor();
  expect(await again.getByRole("button", { name: "Commit…" }).count()).toBe(0);
  expect(git(repo, "branch", "--list", "stride/*").trim()).toBe(branch);
  // the whole flow (three settings screens, two runs in real sandboxes, a commit, a reload) takes its time on a busy machine
}, 480_000);

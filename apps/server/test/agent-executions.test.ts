import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { AGENT_MSG, ARTIFACT_INLINE_MAX_BYTES, COMMIT_MSG } from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, roleWorld, type ProjectFixture, type RoleWorld } from "./helpers/fixtures.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { makeRepo, processesWith, removeSandboxCgroups } from "./helpers/sandbox.ts";
import { bundledMcpServer } from "./helpers/mcp.ts";
import { startMcpHttpServer } from "./helpers/mcp-http-server.ts";
import { connect, schema } from "../src/db/client.ts";
import { createAppContext } from "../src/boot.ts";
import { buildServer } from "../src/app.ts";
import { ensureBubblewrap } from "../src/agents/sandbox/bwrap.ts";
import { sandboxRuntime } from "../src/agents/sandbox/runtime.ts";
import { HANDOVER_DELAY_MS, MAX_RESUMES, reapStaleRuns } from "../src/agents/run/loop.ts";
import { AGENT_RUN_TASK } from "../src/routes/agents/executions.ts";
import { connectMcp } from "../src/agents/run/mcp.ts";

/**
 * Executions (agents.md §2, §3, §5): the agent loop against the scripted model server, a real git repository
 * and real bubblewrap — tasks, commands, files, the diff artifact, cancel, timeout, max_steps, follow-up,
 * restart, the MCP client — and the spec's errors (platform.md §5, §8).
 */

let t: TestServer;
let w: RoleWorld;
let ms: ModelServer;
let repo: { dir: string; head: string };
let sandboxTpl: string;
let coding: string;
let triage: string;
const KEY = "test-key";

const E = schema.agentExecutions;

beforeAll(async () => {
  expect(ensureBubblewrap()).toBeTruthy();
  t = await startTestServer({ outboundAllowPrivate: true });
  w = await roleWorld(t);
  ms = await startModelServer({ apiKey: KEY });
  repo = makeRepo({ "README.md": "hello\n", "tools/mcp.mjs": bundledMcpServer() });
  const p = w.project.base;
  expect(
    (
      await w.ws.admin.post(`${p}/model-configs/scripted/`, {
        provider: "openai",
        base_url: ms.openaiBaseUrl,
        model: "test-model",
        api_key: KEY,
      })
    ).status,
  ).toBe(200);
  sandboxTpl = (
    await w.ws.admin.post(`${p}/environments/templates/`, {
      type: "sandbox",
      config: { ide_configs: [{ repository: { repo_slug: "acme/app", url: repo.dir, branch: "main" } }] },
    })
  ).body.environment_template.id;
  coding = (
    await w.ws.admin.post(`${p}/agent/templates/`, {
      config: {
        type: "coding",
        name: "Coder",
        model_config: "scripted",
        max_steps: 20,
        timeout_s: 120,
        environment_template_ids: [sandboxTpl],
      },
      preset_names: ["issue_agent"],
    })
  ).body.agent_template.id;
  triage = (
    await w.ws.admin.post(`${p}/agent/templates/`, {
      config: { type: "triage", name: "Triager", model_config: "scripted", max_steps: 5, timeout_s: 60 },
    })
  ).body.agent_template.id;
});
afterAll(async () => {
  for (const s of await t.db.db.select({ id: schema.sandboxes.id }).from(schema.sandboxes))
    await sandboxRuntime(t.app).shutdown(s.id);
  removeSandboxCgroups(sandboxRuntime(t.app));
  await ms?.close();
  await t?.close();
  fs.rmSync(repo.dir, { recursive: true, force: true });
});
beforeEach(() => ms.reset());

async function workItem(name = "Add a greeting", p: ProjectFixture = w.project) {
  const r = await w.ws.admin.post(`${p.base}/issues/`, { name, description_html: "<p>Write hello.txt</p>" });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

const execute = (body: Record<string, unknown>, c = w.ws.member) => c.post(`${w.project.base}/agent/execute/`, body);
const detail = async (id: string) => (await w.ws.member.get(`${w.project.base}/agent/executions/${id}/`)).body;
const row = async (id: string) => (await t.db.db.select().from(E).where(eq(E.id, id)))[0];

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms_ = 20_000): Promise<T> {
  const end = Date.now() + ms_;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("a coding run on a work item", () => {
  let execId: string;
  let issueId: string;

  it("plans in tasks, runs commands (no network), writes a file, comments, and ends with exactly that diff", async () => {
    const host = net.createServer((s) => {
      s.on("error", () => {});
      s.end("hi\n");
    });
    await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
    const port = (host.address() as net.AddressInfo).port;
    const probe = `node -e "require('net').connect(${port},'127.0.0.1').on('connect',()=>process.exit(0)).on('error',(e)=>{console.error(e.code);process.exit(3)})"`;
    issueId = await workItem();
    ms.script(
      {
        reasoning: "I will plan first.",
        toolCalls: [
          { name: "create_task", args: { name: "Write hello.txt" } },
          { name: "create_task", args: { name: "Check the network" } },
        ],
      },
      {
        toolCalls: [
          { name: "update_task", args: { task_id: "Write hello.txt", status: "in_progress" } },
          { name: "run_command", args: { command: "ls && git status --short" } },
        ],
      },
      {
        toolCalls: [
          { name: "run_command", args: { command: probe } },
          { name: "write_file", args: { path: "hello.txt", content: "hello world\n" } },
        ],
      },
      {
        toolCalls: [
          { name: "update_task", args: { task_id: "Write hello.txt", status: "completed" } },
          { name: "add_comment", args: { comment: "I wrote hello.txt." } },
        ],
      },
      { text: "Done: hello.txt holds the greeting." },
    );
    const r = await execute({ execution_config: {}, issue_id: issueId, content: "Please do it.", tags: ["issue"] });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ execution_id: expect.any(String), status: "pending" });
    execId = r.body.execution_id;
    await t.app.jobs.drain();
    host.close();

    const d = await detail(execId);
    expect(d.execution).toMatchObject({
      id: execId,
      status: "completed",
      issue_id: issueId,
      agent_template_id: coding,
      agent: { type: "coding", name: "Coder" },
      tags: ["issue"],
      summary: "Done: hello.txt holds the greeting.",
      steps: 5,
      usage: { input_tokens: 50, output_tokens: 25 },
      created_by: w.ws.member.userId,
    });
    expect(d.execution.duration_ms).toBeGreaterThan(0);
    expect(d.execution.sandbox_ids).toHaveLength(1);
    const types = d.records.map((x: { type: string }) => x.type);
    expect(types[0]).toBe("user_input");
    expect(types).toEqual(expect.arrayContaining(["reasoning", "tool_call", "tool_call_output", "message"]));
    expect(d.records.map((x: { seq: number }) => x.seq)).toEqual(d.records.map((_: unknown, i: number) => i + 1));
    const outputs = d.records.filter(
      (x: { type: string; tool_name: string }) => x.type === "tool_call_output" && x.tool_name === "run_command",
    );
    expect(outputs[0]).toMatchObject({ format: "code" });
    expect(outputs[0].content).toMatch(/README\.md/);
    expect(outputs[1].content).toMatch(/exit code 3/);
    expect(outputs[1].content).toMatch(/ECONNREFUSED|ENETUNREACH/);
    // the run's record says what the sandbox enforced (issue #24)
    const enforced = d.records.find(
      (x: { type: string; content: string }) => x.type === "message" && x.content.startsWith("Sandbox "),
    );
    expect(enforced?.content).toMatch(/for the whole sandbox \(cgroup v[12]/);
    expect(enforced?.content).toContain("Network: off");
    expect(enforced?.content).toContain("STRIDE_EXECUTION_ID");
    const call = d.records.find(
      (x: { type: string; tool_name: string }) => x.type === "tool_call" && x.tool_name === "write_file",
    );
    expect(JSON.parse(call.content)).toEqual({ path: "hello.txt", content: "hello world\n" });

    // the diff artifact holds exactly the file the agent wrote
    expect(d.execution.artifact_ids).toHaveLength(1);
    const art = await w.ws.member.get(`${w.project.base}/artifacts/${d.execution.artifact_ids[0]}/`);
    expect(art.status).toBe(200);
    expect(art.body).toMatchObject({
      id: d.execution.artifact_ids[0],
      execution_id: execId,
      name: "acme-app.diff",
      kind: "diff",
    });
    expect(art.body.content.match(/^diff --git/gm)).toEqual(["diff --git"]);
    expect(art.body.content).toContain("diff --git a/hello.txt b/hello.txt");
    expect(art.body.content).toContain("+hello world");
    expect(d.records.at(-1)).toMatchObject({ type: "message", format: "diff" });

    // the work item: tasks moved by the agent, its comment, the activity and the executions list
    const tasks = (await w.ws.member.get(`${w.project.base}/issues/${issueId}/tasks/`)).body;
    expect(tasks.map((x: { name: string; status: string }) => [x.name, x.status]).sort()).toEqual([
      ["Check the network", "pending"],
      ["Write hello.txt", "completed"],
    ]);
    const comments = await t.db.db.select().from(schema.issueComments).where(eq(schema.issueComments.issueId, issueId));
    // the agent's comment: its bot's, on behalf of the member who started the run (issue #24 point 9)
    const [codingTpl] = await t.db.db.select().from(schema.agentTemplates).where(eq(schema.agentTemplates.id, coding));
    expect(comments.map((c) => [c.commentStripped, c.actorId, c.onBehalfOfId])).toEqual([
      ["I wrote hello.txt.", codingTpl.botUserId, w.ws.member.userId],
    ]);
    const activity = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(and(eq(schema.issueActivities.issueId, issueId), eq(schema.issueActivities.field, "agent_execution")));
    expect(activity.map((a) => [a.newValue, a.newIdentifier]).sort()).toEqual([
      ["completed", execId],
      ["pending", execId],
    ]);
    const list = await w.ws.member.get(`${w.project.base}/issues/${issueId}/agent-executions/`);
    expect(list.body.agent_executions).toEqual([
      { id: expect.any(String), execution_id: execId, created_at: expect.any(String) },
    ]);

    // what the model was sent: the work item, the user's words and the tools
    const first = ms.requests[0].body;
    expect(JSON.stringify(first.messages)).toContain("Add a greeting");
    expect(JSON.stringify(first.messages)).toContain("Please do it.");
    expect(first.tools.map((x: { function: { name: string } }) => x.function.name)).toEqual(
      expect.arrayContaining(["run_command", "write_file", "create_task", "set_state"]),
    );
  });

  it("a follow-up continues the same execution, its conversation and its checkout", async () => {
    ms.script(
      { toolCalls: [{ name: "write_file", args: { path: "bye.txt", content: "bye\n" } }] },
      { text: "Added bye.txt too." },
    );
    const r = await execute({ execution_id: execId, content: "Also add bye.txt" });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ execution_id: execId, status: "pending" });
    await t.app.jobs.drain();
    const d = await detail(execId);
    expect(d.execution).toMatchObject({ status: "completed", summary: "Added bye.txt too.", steps: 7 });
    const sent = JSON.stringify(ms.requests[0].body.messages);
    expect(sent).toContain("Done: hello.txt holds the greeting.");
    expect(sent).toContain("Also add bye.txt");
    expect(d.execution.artifact_ids).toHaveLength(1);
    const art = (await w.ws.member.get(`${w.project.base}/artifacts/${d.execution.artifact_ids[0]}/`)).body;
    expect(art.content.match(/^diff --git.*$/gm)).toEqual([
      "diff --git a/bye.txt b/bye.txt",
      "diff --git a/hello.txt b/hello.txt",
    ]);
    // a follow-up needs words
    expect((await execute({ execution_id: execId, content: "" })).body).toEqual({
      content: [AGENT_MSG.contentRequired],
    });
  });

  it("commit: the diff becomes a commit on stride/{IDENT}-{seq} in the repository, linked on the work item", async () => {
    const d = await detail(execId);
    const artifactId = d.execution.artifact_ids[0];
    // the receiving repository's hook runs as whoever pushes: the sandbox user, not the server's root (issue #24 point 4)
    const hook = `${repo.dir}/.git/hooks/pre-receive`;
    fs.writeFileSync(hook, "#!/bin/sh\nid -u > pushed-by\n", { mode: 0o755 });
    const r = await w.ws.member.post(`${w.project.base}/agent/executions/${execId}/commit/`, {
      artifact_id: artifactId,
    });
    fs.rmSync(hook);
    expect(r.status).toBe(200);
    if (process.getuid?.() === 0) expect(fs.readFileSync(`${repo.dir}/.git/pushed-by`, "utf8").trim()).toBe("65534");
    const [issue] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, issueId));
    const branch = `stride/${w.project.identifier}-${issue.sequenceId}`;
    expect(r.body).toEqual({
      branch,
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      url: `file://${repo.dir}#${branch}`,
    });
    const git = (...args: string[]) => execFileSync("git", ["-C", repo.dir, ...args], { encoding: "utf8" });
    expect(git("rev-parse", branch).trim()).toBe(r.body.commit);
    expect(git("show", `${branch}:hello.txt`)).toBe("hello world\n");
    expect(git("show", `${branch}:bye.txt`)).toBe("bye\n");
    expect(git("rev-parse", `${branch}~1`).trim()).toBe(repo.head);
    expect(git("log", "-1", "--format=%B", branch)).toContain(`Work item: ${w.project.identifier}-${issue.sequenceId}`);
    expect((await w.ws.member.get(`${w.project.base}/artifacts/${artifactId}/`)).body.committed).toEqual({
      branch,
      commit: r.body.commit,
    });
    const links = await t.db.db.select().from(schema.issueLinks).where(eq(schema.issueLinks.issueId, issueId));
    expect(links.map((l) => [l.url, l.title])).toEqual([[r.body.url, branch]]);
    // the same diff again is refused: it is on its branch already
    const again = await w.ws.member.post(`${w.project.base}/agent/executions/${execId}/commit/`, {
      artifact_id: artifactId,
    });
    expect([again.status, again.body]).toEqual([409, { error: COMMIT_MSG.committed(branch) }]);
    expect(
      (await w.ws.guest.post(`${w.project.base}/agent/executions/${execId}/commit/`, { artifact_id: artifactId }))
        .status,
    ).toBe(403);
  });

  it("commit refusals: an empty diff, another run's artifact, a run without a work item (the commit modal shows them)", async () => {
    const item = await workItem("Nothing to change");
    ms.script({ toolCalls: [{ name: "run_command", args: { command: "ls" } }] }, { text: "Nothing needed changing." });
    const quiet = (await execute({ execution_config: {}, issue_id: item, content: "Look only." })).body.execution_id;
    await t.app.jobs.drain();
    const q = await detail(quiet);
    expect(q.execution.status).toBe("completed");
    expect(q.execution.artifact_ids).toHaveLength(1);
    const commit = (id: string, artifactId: string) =>
      w.ws.member.post(`${w.project.base}/agent/executions/${id}/commit/`, { artifact_id: artifactId });
    expect(await commit(quiet, q.execution.artifact_ids[0]).then((r) => [r.status, r.body])).toEqual([
      400,
      { error: COMMIT_MSG.emptyDiff },
    ]);
    // the artifact of another execution is not this run's diff
    const other = (await detail(execId)).execution.artifact_ids[0];
    expect(await commit(quiet, other).then((r) => [r.status, r.body])).toEqual([400, { error: COMMIT_MSG.notDiff }]);
    // a run on no work item has no branch to name
    ms.script({ text: "Done." });
    const loose = (
      await execute({
        execution_config: { agent_template_id: coding, sandbox_template_ids: [sandboxTpl] },
        content: "Nothing.",
      })
    ).body.execution_id;
    await t.app.jobs.drain();
    const l = await detail(loose);
    expect(await commit(loose, l.execution.artifact_ids[0]).then((r) => [r.status, r.body])).toEqual([
      400,
      { error: COMMIT_MSG.noWorkItem },
    ]);
    // a body without an artifact is refused before anything runs
    expect((await w.ws.member.post(`${w.project.base}/agent/executions/${quiet}/commit/`, {})).status).toBe(400);
  });

  it("commit pushes exactly the diff the reviewer saw (issue #24 point 6)", async () => {
    const item = await workItem("Two files");
    const base = `${w.project.base}/agent/executions`;
    const commit = (id: string, artifactId: string) =>
      w.ws.member.post(`${base}/${id}/commit/`, { artifact_id: artifactId });
    const artifact = async (id: string) => (await w.ws.member.get(`${w.project.base}/artifacts/${id}/`)).body;
    const files = (diff: string) => diff.match(/^diff --git.*$/gm);
    ms.script(
      { toolCalls: [{ name: "write_file", args: { path: "one.txt", content: "1\n" } }] },
      { text: "One file." },
    );
    const run = (await execute({ execution_config: {}, issue_id: item, content: "one" })).body.execution_id;
    await t.app.jobs.drain();
    const [first] = (await detail(run)).execution.artifact_ids;
    expect(files((await artifact(first)).content)).toEqual(["diff --git a/one.txt b/one.txt"]);

    // a follow-up changes the checkout: a new artifact is the run's diff; the one reviewed before is unchanged
    ms.script(
      { toolCalls: [{ name: "write_file", args: { path: "two.txt", content: "2\n" } }] },
      { text: "Two files." },
    );
    await execute({ execution_id: run, content: "two" });
    await t.app.jobs.drain();
    const d = await detail(run);
    expect(d.execution.artifact_ids).toHaveLength(1);
    const [second] = d.execution.artifact_ids;
    expect(second).not.toBe(first);
    expect(files((await artifact(first)).content)).toEqual(["diff --git a/one.txt b/one.txt"]);
    expect(files((await artifact(second)).content)).toEqual([
      "diff --git a/one.txt b/one.txt",
      "diff --git a/two.txt b/two.txt",
    ]);
    // the older diff is not what the run holds now: refused
    expect(await commit(run, first).then((r) => [r.status, r.body])).toEqual([409, { error: COMMIT_MSG.superseded }]);

    // while a follow-up works, nothing is committed
    let open!: () => void;
    ms.script({
      text: "Looking again.",
      gate: new Promise<void>((r) => {
        open = r;
      }),
    });
    await execute({ execution_id: run, content: "look" });
    const drained = t.app.jobs.drain();
    await until(
      () => row(run),
      (e) => e.status === "running",
    );
    expect(await commit(run, second).then((r) => [r.status, r.body])).toEqual([409, { error: COMMIT_MSG.running }]);
    open();
    await drained;
    expect((await detail(run)).execution.artifact_ids).toEqual([second]); // the same diff: no new artifact

    // the checkout changed behind the diff's back: refused; once it matches again, exactly the diff is committed
    const rt = sandboxRuntime(t.app);
    const sandboxId = d.execution.sandbox_ids[0];
    expect((await rt.exec(sandboxId, "echo 3 > three.txt")).exitCode).toBe(0);
    expect(await commit(run, second).then((r) => [r.status, r.body])).toEqual([
      409,
      { error: COMMIT_MSG.checkoutChanged },
    ]);
    expect((await rt.exec(sandboxId, "rm three.txt")).exitCode).toBe(0);
    const ok = await commit(run, second);
    expect(ok.status).toBe(200);
    const [issue] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, item));
    const branch = `stride/${w.project.identifier}-${issue.sequenceId}`;
    expect(ok.body.branch).toBe(branch);
    const git = (...args: string[]) => execFileSync("git", ["-C", repo.dir, ...args], { encoding: "utf8" });
    expect(git("diff", "--name-only", `${branch}~1`, branch).trim().split("\n")).toEqual(["one.txt", "two.txt"]);

    // a second run on the item commits to a fresh branch, not 409
    ms.script({ toolCalls: [{ name: "write_file", args: { path: "four.txt", content: "4\n" } }] }, { text: "Four." });
    const later = (await execute({ execution_config: {}, issue_id: item, content: "again" })).body.execution_id;
    await t.app.jobs.drain();
    const fresh = await commit(later, (await detail(later)).execution.artifact_ids[0]);
    expect([fresh.status, fresh.body.branch]).toEqual([200, `${branch}-2`]);
    expect(git("diff", "--name-only", `${branch}-2~1`, `${branch}-2`).trim()).toBe("four.txt");
    expect(git("rev-parse", branch).trim()).toBe(ok.body.commit);
  });

  it("search by tags and time, newest first, with paging", async () => {
    const all = await w.ws.member.get(`${w.project.base}/agent/executions/search/?tags=issue`);
    expect(all.status).toBe(200);
    expect(all.body.executions.map((x: { id: string }) => x.id)).toEqual([execId]);
    expect(
      (await w.ws.member.get(`${w.project.base}/agent/executions/search/?tags=issue,other`)).body.executions,
    ).toEqual([]);
    const t0 = (await row(execId)).createdAt;
    const newer = new Date(t0.getTime() + 1).toISOString();
    expect(
      (
        await w.ws.member.get(
          `${w.project.base}/agent/executions/search/?newer_than=${encodeURIComponent(newer)}&tags=issue`,
        )
      ).body.executions,
    ).toEqual([]);
    const page = await w.ws.member.get(`${w.project.base}/agent/executions/search/?page_size=1`);
    expect(page.body.executions).toHaveLength(1);
    expect((await w.ws.member.get(`${w.project.base}/agent/executions/search/?page_size=0`)).status).toBe(400);
  });
});

describe("errors of execute (platform.md §5, §8)", () => {
  it("answers the spec's messages", async () => {
    const issueId = await workItem("errors");
    expect((await execute({ execution_config: { sandbox_ids: "nope" }, issue_id: issueId })).body).toEqual({
      error: AGENT_MSG.invalidConfig,
    });
    expect(
      (await execute({ execution_config: { agent_template_id: crypto.randomUUID() }, issue_id: issueId })).body,
    ).toEqual({ error: AGENT_MSG.templateNotFound });
    expect((await execute({ execution_config: {}, content: "hi" })).body).toEqual({
      error: AGENT_MSG.templateNotFound,
    });
    const bare = await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
      config: { type: "coding", name: "Bare coder", model_config: "scripted" },
    });
    const needs = await execute({
      execution_config: { agent_template_id: bare.body.agent_template.id },
      issue_id: issueId,
    });
    expect(needs.status).toBe(400);
    expect(needs.body).toEqual({
      error: 'the agent "Bare coder" requires a sandbox environment. Please select a sandbox or sandbox template.',
    });
    const other = await projectFixture(t, w.ws);
    const otherIssue = (await w.ws.admin.post(`${other.base}/issues/`, { name: "x" })).body.id;
    const noPreset = await w.ws.admin.post(`${other.base}/agent/execute/`, {
      execution_config: {},
      issue_id: otherIssue,
    });
    expect([noPreset.status, noPreset.body]).toEqual([400, { error: AGENT_MSG.noPreset }]);
    expect((await execute({ execution_config: {}, issue_id: crypto.randomUUID() })).status).toBe(404);
    expect((await execute({ execution_id: crypto.randomUUID(), content: "x" })).body).toEqual({
      error: AGENT_MSG.notFound,
    });
    expect(await t.db.db.select().from(E).where(eq(E.issueId, issueId))).toEqual([]);
  });

  it("roles: guests and outsiders cannot run, read or cancel executions", async () => {
    const issueId = await workItem("roles");
    for (const [c, status] of [
      [w.ws.guest, 403],
      [w.ws.outsider, 403],
      [w.ws.anon, 401],
    ] as const) {
      expect(
        (await c.post(`${w.project.base}/agent/execute/`, { execution_config: {}, issue_id: issueId, tags: [] }))
          .status,
      ).toBe(status);
      expect(
        (
          await c.post(`${w.project.base}/agent/execute/`, {
            execution_config: { agent_template_id: triage },
            content: "go",
          })
        ).status,
      ).toBe(status);
      expect((await c.get(`${w.project.base}/artifacts/${crypto.randomUUID()}/`)).status).toBe(status);
    }
    // a guest's search holds only their own project-assistant conversations (project-assistant.test.ts)
    expect((await w.ws.guest.get(`${w.project.base}/agent/executions/search/?tags=issue`)).body.executions).toEqual([]);
    for (const [c, status] of [
      [w.ws.outsider, 403],
      [w.ws.anon, 401],
    ] as const) {
      expect((await c.post(`${w.project.base}/agent/execute/`, { nonsense: 1 })).status).toBe(status);
      expect((await c.get(`${w.project.base}/agent/executions/search/`)).status).toBe(status);
      expect((await c.post(`${w.project.base}/agent/executions/${crypto.randomUUID()}/cancel/`)).status).toBe(status);
    }
    expect(await t.db.db.select().from(E).where(eq(E.issueId, issueId))).toEqual([]);
  });
});

describe("one run at a time, cancel, limits", () => {
  it("refuses a second run while one is pending or running; cancel stops the command's process tree", async () => {
    const issueId = await workItem("long");
    const marker = `${4000 + crypto.randomInt(1000)}.${crypto.randomInt(1e6)}`;
    ms.script({ toolCalls: [{ name: "run_command", args: { command: `sleep ${marker}` } }] });
    const r = await execute({ execution_config: {}, issue_id: issueId });
    const again = await execute({ execution_config: {}, issue_id: issueId });
    expect([again.status, again.body]).toEqual([409, { error: AGENT_MSG.starting, status: "pending" }]);
    const drained = t.app.jobs.drain();
    await until(
      async () => processesWith(marker).length,
      (n) => n > 0,
    );
    const running = await execute({ execution_config: {}, issue_id: issueId });
    expect([running.status, running.body]).toEqual([409, { error: AGENT_MSG.running, status: "running" }]);
    const c = await w.ws.member.post(`${w.project.base}/agent/executions/${r.body.execution_id}/cancel/`);
    expect(c.status).toBe(200);
    expect(c.body.execution.status).toBe("cancelled");
    // the command sleeps for over an hour: its process going away is the cancel's kill
    await until(
      async () => processesWith(marker).length,
      (n) => n === 0,
    );
    await drained;
    const d = await detail(r.body.execution_id);
    expect(d.execution.status).toBe("cancelled");
    expect(
      d.records.some(
        (x: { type: string; content: string }) => x.type === "error" && x.content === "The execution was cancelled.",
      ),
    ).toBe(true);
    // cancelling again changes nothing; a new run may start now
    expect(
      (await w.ws.member.post(`${w.project.base}/agent/executions/${r.body.execution_id}/cancel/`)).body.execution
        .status,
    ).toBe("cancelled");
    ms.script({ text: "ok" });
    expect((await execute({ execution_config: {}, issue_id: issueId })).status).toBe(202);
    await t.app.jobs.drain();
  });

  it("cancel stops a streaming model answer: the run ends and closes the model's stream", async () => {
    // the answer stalls longer than the test may take: only the cancel can end the run
    ms.script({ text: "Thinking about it at length", stallAfterMs: 120_000 });
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi", tags: ["chat"] });
    const drained = t.app.jobs.drain();
    await until(
      () => detail(r.body.execution_id),
      (d) => d.records.some((x: { type: string }) => x.type === "message"),
    );
    await w.ws.member.post(`${w.project.base}/agent/executions/${r.body.execution_id}/cancel/`);
    await drained;
    expect((await row(r.body.execution_id)).status).toBe("cancelled");
    expect(ms.requests.map((q) => q.abandoned)).toEqual([true]);
  });

  it("timeout_s ends a run as timed_out; max_steps ends it as failed", async () => {
    const quick = (
      await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
        config: { type: "triage", name: "Quick", model_config: "scripted", timeout_s: 1, max_steps: 1 },
      })
    ).body.agent_template.id;
    ms.script({ text: "slow", delayMs: 5000 });
    const a = await execute({ execution_config: { agent_template_id: quick }, content: "hi" });
    await t.app.jobs.drain();
    expect(await row(a.body.execution_id)).toMatchObject({
      status: "timed_out",
      statusReason: "The agent ran out of time (1 s).",
    });

    const issueId = await workItem("steps");
    ms.script({ toolCalls: [{ name: "read_work_item", args: {} }] }, { text: "never asked" });
    const b = await execute({ execution_config: { agent_template_id: quick }, issue_id: issueId });
    await t.app.jobs.drain();
    const d = await detail(b.body.execution_id);
    expect(d.execution).toMatchObject({
      status: "failed",
      status_reason: "The agent stopped after 1 steps (its max_steps).",
      steps: 1,
    });
    expect(
      d.records.find(
        (x: { tool_name: string; type: string }) => x.type === "tool_call_output" && x.tool_name === "read_work_item",
      ).content,
    ).toContain("steps");
  });
});

describe("the sandbox's setup obeys the run (issue #24 point 5) and its limits (point 2)", () => {
  async function slowSetup(timeout_s: number) {
    const marker = `${3000 + crypto.randomInt(1000)}.${crypto.randomInt(1e6)}`;
    const tpl = (
      await w.ws.admin.post(`${w.project.base}/environments/templates/`, {
        type: "sandbox",
        config: {
          ide_configs: [{ repository: { repo_slug: "acme/app", url: repo.dir, branch: "main" } }],
          setup_script: `sleep ${marker} & sleep ${marker}`,
        },
      })
    ).body.environment_template.id;
    const agent = (
      await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
        config: {
          type: "coding",
          name: "Slow setup",
          model_config: "scripted",
          timeout_s,
          environment_template_ids: [tpl],
        },
      })
    ).body.agent_template.id;
    return { marker, agent };
  }

  it("a run that times out while the setup script runs says so, and the script's processes are gone", async () => {
    const { marker, agent } = await slowSetup(2);
    const r = await execute({ execution_config: { agent_template_id: agent }, content: "go" });
    const drained = t.app.jobs.drain();
    await until(
      async () => processesWith(marker).length,
      (n) => n === 2,
    );
    await drained;
    expect(await row(r.body.execution_id)).toMatchObject({
      status: "timed_out",
      statusReason:
        "The agent ran out of time (2 s) while its sandbox was being prepared (the checkout or the setup script).",
    });
    expect(processesWith(marker)).toEqual([]);
    const [sb] = await t.db.db
      .select()
      .from(schema.sandboxes)
      .where(eq(schema.sandboxes.id, (await row(r.body.execution_id)).sandboxIds[0]));
    expect([sb.status, sb.statusReason]).toEqual(["error", "The setup script was stopped."]);
  });

  it("cancel stops the setup script", async () => {
    const { marker, agent } = await slowSetup(120);
    const r = await execute({ execution_config: { agent_template_id: agent }, content: "go" });
    const drained = t.app.jobs.drain();
    await until(
      async () => processesWith(marker).length,
      (n) => n === 2,
    );
    expect((await w.ws.member.post(`${w.project.base}/agent/executions/${r.body.execution_id}/cancel/`)).status).toBe(
      200,
    );
    // the script sleeps for over 50 minutes: its processes going away is the cancel's kill
    await until(
      async () => processesWith(marker).length,
      (n) => n === 0,
    );
    await drained;
    expect((await row(r.body.execution_id)).status).toBe("cancelled");
  });

  it("the model cannot lift the command time limit the template set (run_command's timeout_s)", async () => {
    const tpl = (
      await w.ws.admin.post(`${w.project.base}/environments/templates/`, {
        type: "sandbox",
        config: {
          ide_configs: [{ repository: { repo_slug: "acme/app", url: repo.dir, branch: "main" } }],
          command_timeout_s: 1,
        },
      })
    ).body.environment_template.id;
    const agent = (
      await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
        config: {
          type: "coding",
          name: "Limited",
          model_config: "scripted",
          timeout_s: 60,
          environment_template_ids: [tpl],
        },
      })
    ).body.agent_template.id;
    ms.script(
      { toolCalls: [{ name: "run_command", args: { command: "sleep 3; echo finished", timeout_s: 3600 } }] },
      { text: "ok" },
    );
    const r = await execute({ execution_config: { agent_template_id: agent }, content: "go" });
    await t.app.jobs.drain();
    const out = (await detail(r.body.execution_id)).records.find(
      (x: { type: string; tool_name: string }) => x.type === "tool_call_output" && x.tool_name === "run_command",
    );
    expect(out.content).toMatch(/\(timed out, /);
    expect(out.content).not.toMatch(/^finished$/m);
  });
});

describe("durable runs", () => {
  it("a server stopping mid-run hands the run to the next instance; nothing stays running", async () => {
    const db = connect(t.dbUrl!, { max: 4, acquireTimeoutMs: t.app.config.dbAcquireTimeoutMs });
    const app = createAppContext(t.app.config, db);
    const server = await buildServer(app, {});
    ms.script({ text: "partial", stallAfterMs: 30_000 }, { text: "Finished after the restart." });
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    const drained = app.jobs.drain();
    // the model is answering (the stalled first turn) when the instance stops
    await until(
      () => detail(r.body.execution_id),
      (d) => d.execution.status === "running" && d.records.some((x: { type: string }) => x.type === "message"),
    );
    await server.close();
    await drained;
    await app.jobs.stop();
    await db.close();
    const after = await row(r.body.execution_id);
    expect(after.status).toBe("pending");
    expect(
      (await t.app.jobs.list(t.db.db, AGENT_RUN_TASK)).filter(
        (j) => (j.payload as { executionId: string }).executionId === after.id && !j.failed,
      ),
    ).toHaveLength(1);
    // this instance takes it over once the hand-over delay has passed
    await until(
      async () => {
        await t.app.jobs.drain();
        return row(r.body.execution_id);
      },
      (e) => e.status === "completed",
      HANDOVER_DELAY_MS + 10_000,
    );
    expect(await row(r.body.execution_id)).toMatchObject({
      status: "completed",
      summary: "Finished after the restart.",
    });
    const records = (await detail(r.body.execution_id)).records.map((x: { type: string; content: string }) => [
      x.type,
      x.content,
    ]);
    expect(records.map(([type]: string[]) => type)).toEqual(["user_input", "message", "message"]);
    expect("partial".startsWith(records[1][1])).toBe(true);
    expect(records[2][1]).toBe("Finished after the restart.");
  });

  it("a run whose process died is taken over, and failed after too many take-overs", async () => {
    ms.script({ text: "ok" });
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    await t.db.db
      .update(E)
      .set({ status: "running", heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(E.id, r.body.execution_id));
    await t.db.db.execute(`DELETE FROM graphile_worker._private_jobs` as never).catch(() => {});
    expect(await reapStaleRuns(t.app)).toBe(1);
    expect((await row(r.body.execution_id)).status).toBe("pending");
    await t.app.jobs.drain();
    expect((await row(r.body.execution_id)).status).toBe("completed");

    await t.db.db
      .update(E)
      .set({ status: "running", resumes: MAX_RESUMES, heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(E.id, r.body.execution_id));
    expect(await reapStaleRuns(t.app)).toBe(1);
    expect(await row(r.body.execution_id)).toMatchObject({ status: "failed" });
  });
});

describe("agents have their own workers (issue #24 point 8)", () => {
  it("a run starts while other jobs fill the general pool; a run waiting for an agent worker reports its place", async () => {
    // an instance with one general slot and one agent slot, its workers running
    const db = connect(t.dbUrl!, { max: 6, acquireTimeoutMs: t.app.config.dbAcquireTimeoutMs });
    const app = createAppContext({ ...t.app.config, jobConcurrency: 1, agentConcurrency: 1 }, db);
    let freeMail!: () => void;
    const mailHeld = new Promise<void>((r) => {
      freeMail = r;
    });
    let mails = 0;
    app.jobs.register("test:slow-mail", async () => {
      mails++;
      await mailHeld;
    });
    await app.jobs.start();
    try {
      // a slow mail holds the general pool's only slot
      await app.jobs.enqueue(app.db, "test:slow-mail", {});
      await until(
        async () => mails,
        (n) => n === 1,
      );
      // run A starts beside it, and holds the only agent slot until its model answers
      let answerA!: () => void;
      let answerB!: () => void;
      ms.script(
        {
          text: "A done.",
          gate: new Promise<void>((r) => {
            answerA = r;
          }),
        },
        {
          text: "B done.",
          gate: new Promise<void>((r) => {
            answerB = r;
          }),
        },
        { text: "C done." },
      );
      const run = async (content: string) =>
        (await execute({ execution_config: { agent_template_id: triage }, content, tags: ["pool"] })).body
          .execution_id as string;
      const a = await run("a");
      await until(
        () => row(a),
        (e) => e.status === "running",
      );
      // B and C wait for the agent slot, and say where they are in the queue
      const b = await run("b");
      const c = await run("c");
      expect((await detail(b)).execution).toMatchObject({ status: "pending", queue_position: 1 });
      expect((await detail(c)).execution).toMatchObject({ status: "pending", queue_position: 2 });
      const listed = (await w.ws.member.get(`${w.project.base}/agent/executions/search/?tags=pool`)).body.executions;
      expect(listed.map((x: { id: string; queue_position: number | null }) => [x.id, x.queue_position])).toEqual([
        [c, 2],
        [b, 1],
        [a, null],
      ]);
      // A ends: B takes the agent slot, C is next
      answerA();
      await until(
        () => row(b),
        (e) => e.status === "running",
      );
      expect((await detail(c)).execution).toMatchObject({ status: "pending", queue_position: 1 });
      answerB();
      await until(
        () => row(c),
        (e) => e.status === "completed",
      );
      expect((await detail(b)).execution).toMatchObject({
        status: "completed",
        summary: "B done.",
        queue_position: null,
      });
      // all the while the mail held the general slot
      expect(mails).toBe(1);
    } finally {
      freeMail();
      await app.jobs.stop();
      await db.close();
    }
  });
});

describe("MCP servers of environment templates", () => {
  it("calls a tool of a local stdio MCP server started inside the sandbox", async () => {
    const mcp = (
      await w.ws.admin.post(`${w.project.base}/environments/templates/`, {
        type: "local_mcp",
        config: { command: "node", args: ["tools/mcp.mjs"] },
      })
    ).body.environment_template.id;
    ms.script({ toolCalls: [{ name: "mcp__shout", args: { text: "hello" } }] }, { text: "It shouted." });
    const r = await execute({
      execution_config: { agent_template_id: coding, sandbox_template_ids: [sandboxTpl], mcp_template_ids: [mcp] },
      content: "shout",
    });
    await t.app.jobs.drain();
    const d = await detail(r.body.execution_id);
    expect(d.execution.status).toBe("completed");
    expect(ms.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain(
      "mcp__shout",
    );
    const out = d.records.find(
      (x: { type: string; tool_name: string }) => x.type === "tool_call_output" && x.tool_name === "mcp__shout",
    );
    expect(out.content).toBe("HELLO! (from /workspace)");
  });

  it("calls a tool of a remote MCP server over streamable HTTP that the agent template names", async () => {
    const remote = await startMcpHttpServer();
    try {
      const p = w.project.base;
      const mcp = (
        await w.ws.admin.post(`${p}/environments/templates/`, {
          type: "generic_mcp",
          config: { url: remote.url, headers: { Authorization: "Bearer remote-secret" } },
        })
      ).body.environment_template.id;
      const agent = (
        await w.ws.admin.post(`${p}/agent/templates/`, {
          config: {
            type: "triage",
            name: "Remote",
            model_config: "scripted",
            max_steps: 5,
            timeout_s: 60,
            environment_template_ids: [mcp],
          },
        })
      ).body.agent_template.id;
      ms.script({ toolCalls: [{ name: "127__reverse", args: { text: "stride" } }] }, { text: "Reversed." });
      const r = await execute({
        execution_config: { agent_template_id: agent },
        content: "reverse it",
        issue_id: await workItem("Reverse a word"),
      });
      expect(r.status).toBe(202);
      await t.app.jobs.drain();
      const d = await detail(r.body.execution_id);
      expect(d.execution.status).toBe("completed");
      // the remote server's tool was offered to the model and called; its answer is the tool output record
      expect(ms.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain(
        "127__reverse",
      );
      const call = d.records.find(
        (x: { type: string; tool_name: string }) => x.type === "tool_call" && x.tool_name === "127__reverse",
      );
      expect(JSON.parse(call.content)).toEqual({ text: "stride" });
      const out = d.records.find(
        (x: { type: string; tool_name: string }) => x.type === "tool_call_output" && x.tool_name === "127__reverse",
      );
      expect(out).toMatchObject({ content: "edirts (over streamable HTTP)", tool_call_id: call.tool_call_id });
      // the template's headers (shown masked by the API) went with every request
      expect(remote.requests.filter((q) => q.method === "POST").length).toBeGreaterThanOrEqual(3);
      expect(remote.requests.every((q) => q.headers.authorization === "Bearer remote-secret")).toBe(true);
      expect(d.records.some((x: { type: string }) => x.type === "error")).toBe(false);
    } finally {
      await remote.close();
    }
  });
});

describe("remote MCP servers go through the outgoing-request guard (issue #24 point 4)", () => {
  it("on save: an internal or metadata address is a clear 400 unless the instance allows internal targets", async () => {
    const save = (url: string) =>
      w.ws.admin.post(`${w.project.base}/environments/templates/`, { type: "generic_mcp", config: { url } });
    t.app.config.outboundAllowPrivate = false;
    try {
      for (const url of [
        "http://127.0.0.1:9/mcp",
        "http://localhost:9/mcp",
        "http://[::1]:9/mcp",
        "http://10.0.0.8/mcp",
        "http://169.254.169.254/latest/",
      ]) {
        const r = await save(url);
        expect([r.status, r.body], url).toEqual([400, { "config.url": ["URL resolves to a blocked IP address."] }]);
      }
      // a name that does not resolve now is kept: every connection is checked again
      expect((await save("https://mcp.unresolvable.invalid/mcp")).status).toBe(200);
    } finally {
      t.app.config.outboundAllowPrivate = true;
    }
    expect((await save("http://127.0.0.1:9/mcp")).status).toBe(200);
    expect((await save("http://169.254.169.254/latest/")).status).toBe(400);
  });

  it("on connect: the URL (by address or by name) is checked again, and nothing is sent to a refused one", async () => {
    const remote = await startMcpHttpServer();
    try {
      const strict = { ...t.app, config: { ...t.app.config, outboundAllowPrivate: false } };
      const port = new URL(remote.url).port;
      for (const url of [remote.url, `http://localhost:${port}/mcp`]) {
        const tpl = { id: crypto.randomUUID(), type: "generic_mcp", config: { url, name: "remote" } };
        await expect(connectMcp(strict, tpl, 0, null, new AbortController().signal)).rejects.toThrow(
          /^The MCP server "remote" may not be reached: (127\.0\.0\.1|localhost) resolves to an internal address \(127\.0\.0\.1\), which outgoing requests may not reach \(OUTBOUND_ALLOW_PRIVATE=1 allows internal addresses\)\.$/,
        );
      }
      expect(remote.requests).toEqual([]);
      // allowed by the instance, the same server is reached through the guard
      const conn = await connectMcp(
        t.app,
        { id: crypto.randomUUID(), type: "generic_mcp", config: { url: remote.url, name: "remote" } },
        0,
        null,
        new AbortController().signal,
      );
      expect(conn.tools.map((x) => x.spec.name)).toContain("remote__reverse");
      await conn.close();
      expect(remote.requests.length).toBeGreaterThan(0);
    } finally {
      await remote.close();
    }
  });
});

describe("command output (issue #24 point 7)", () => {
  it("any bytes a command prints are stored and shown safely, and the run goes on to its true end", async () => {
    const issueId = await workItem("Binary output");
    ms.script(
      { toolCalls: [{ name: "run_command", args: { command: "printf 'a\\000b\\377\\001c\\033[31mred\\033[0m'" } }] },
      { text: "Saw it." },
    );
    const r = await execute({ execution_config: {}, issue_id: issueId, content: "print bytes" });
    await t.app.jobs.drain();
    const d = await detail(r.body.execution_id);
    expect(d.execution).toMatchObject({ status: "completed", summary: "Saw it.", status_reason: null });
    const out = d.records.find((x: { type: string }) => x.type === "tool_call_output");
    // NUL and other control characters as their symbols, a byte that is no UTF-8 as U+FFFD, colours dropped
    expect(out.content).toContain("a\u2400b\ufffd\u2401cred");
    // the model was told the same text
    const sent = ms.requests[1].body.messages.find((m: { role: string }) => m.role === "tool");
    expect(sent.content).toBe(out.content);
    expect(d.records.some((x: { type: string }) => x.type === "error")).toBe(false);
    expect(await t.app.jobs.list(t.db.db, AGENT_RUN_TASK)).toEqual([]);
  });
});

describe("models fail softly (issue #24 point 10)", () => {
  const errorsOf = (d: { records: { type: string; content: string }[] }) =>
    d.records.filter((x) => x.type === "error").map((x) => x.content);

  it("a server failure (5xx) or a rate limit (429, its Retry-After honoured) is tried again before the run fails", async () => {
    ms.script(
      { error: { status: 500 } },
      { error: { status: 429, headers: { "retry-after": "2" } } },
      { text: "Answered at last." },
    );
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    await t.app.jobs.drain();
    const d = await detail(r.body.execution_id);
    expect(d.execution).toMatchObject({ status: "completed", summary: "Answered at last." });
    expect(ms.requests).toHaveLength(3);
    const notes = errorsOf(d);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/HTTP 500.*Trying again in \d s \(call 2 of 5\)\.$/);
    expect(notes[1]).toMatch(/HTTP 429.*Trying again in 2 s \(call 3 of 5\)\.$/);
    // the failed calls left nothing in the conversation
    expect(ms.requests[2].body.messages).toEqual(ms.requests[0].body.messages);
  });

  it("a dropped connection, before or during the answer, is tried again; the answer that came whole is the one kept", async () => {
    ms.script(
      { drop: true },
      { text: "A partial answer that never ends", dropAfterFrames: 3 },
      { text: "The whole answer." },
    );
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    await t.app.jobs.drain();
    const d = await detail(r.body.execution_id);
    expect(d.execution).toMatchObject({ status: "completed", summary: "The whole answer." });
    expect(ms.requests).toHaveLength(3);
    expect(errorsOf(d)).toEqual([
      expect.stringMatching(/closed the connection.*Trying again/),
      expect.stringMatching(/closed the connection|ended the stream/),
    ]);
    const conversation = (await row(r.body.execution_id)).messages as { role: string; content: string }[];
    expect(conversation.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual(["The whole answer."]);
  });

  it("a failure that does not pass ends the run after the last try, with the provider's words", async () => {
    ms.script(...Array.from({ length: 5 }, () => ({ error: { status: 503, headers: { "retry-after": "0" } } })), {
      text: "never asked",
    });
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    await t.app.jobs.drain();
    const d = await detail(r.body.execution_id);
    expect(d.execution.status).toBe("failed");
    expect(d.execution.status_reason).toMatch(/failed to answer \(HTTP 503\)/);
    expect(ms.requests).toHaveLength(5);
    expect(errorsOf(d).filter((x) => x.includes("Trying again now"))).toHaveLength(4);
    // a refused key is not tried again
    ms.reset();
    await w.ws.admin.post(`${w.project.base}/model-configs/wrong-key/`, {
      provider: "openai",
      base_url: ms.openaiBaseUrl,
      model: "test-model",
      api_key: "nope",
    });
    const wrong = (
      await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
        config: { type: "triage", name: "Wrong key", model_config: "wrong-key", max_steps: 2, timeout_s: 60 },
      })
    ).body.agent_template.id;
    const k = await execute({ execution_config: { agent_template_id: wrong }, content: "hi" });
    await t.app.jobs.drain();
    expect((await row(k.body.execution_id)).status).toBe("failed");
    expect(ms.requests).toHaveLength(1);
  });

  it("a long command output goes to the model cut to a budget: its head and tail, with a note of what was cut", async () => {
    const issueId = await workItem("Loud command");
    ms.script({ toolCalls: [{ name: "run_command", args: { command: "seq 1 300000" } }] }, { text: "That was long." });
    const r = await execute({ execution_config: {}, issue_id: issueId, content: "count" });
    await t.app.jobs.drain();
    expect((await detail(r.body.execution_id)).execution.status).toBe("completed");
    const second = ms.requests[1];
    expect(JSON.stringify(second.body).length).toBeLessThan(64_000);
    const sent = second.body.messages.find((m: { role: string }) => m.role === "tool").content as string;
    expect(sent.startsWith("$ seq 1 300000\n(exit code 0")).toBe(true);
    expect(sent).toContain("\n1\n2\n3\n");
    expect(sent).toMatch(/\[… [\d,]+ characters cut from the middle of this output \([\d,]+ in all\) …\]/);
    // the tail: the last lines kept by the sandbox and its note of the bytes it did not keep
    expect(sent).toMatch(/more bytes not kept$/);
  });
});

describe("artifacts", () => {
  it("serves content over 256 KB only by download_url", async () => {
    ms.script({ text: "ok" });
    const r = await execute({ execution_config: { agent_template_id: triage }, content: "hi" });
    await t.app.jobs.drain();
    const big = "x".repeat(ARTIFACT_INLINE_MAX_BYTES + 1);
    const [a] = await t.db.db
      .insert(schema.agentArtifacts)
      .values({
        workspaceId: w.ws.id,
        projectId: w.project.id,
        executionId: r.body.execution_id,
        name: "big.log",
        kind: "log",
        content: big,
      })
      .returning();
    const got = await w.ws.member.get(`${w.project.base}/artifacts/${a.id}/`);
    expect(got.body).toEqual({
      id: a.id,
      execution_id: r.body.execution_id,
      name: "big.log",
      kind: "log",
      size: big.length,
      created_at: expect.any(String),
      committed: null,
      download_url: `${w.project.base}/artifacts/${a.id}/download/`,
    });
    const dl = await w.ws.member.get(got.body.download_url);
    expect(dl.status).toBe(200);
    expect(dl.text).toBe(big);
    expect((await w.ws.member.get(`${w.project.base}/artifacts/${crypto.randomUUID()}/`)).body).toEqual({
      error: AGENT_MSG.artifactNotFound,
    });
  });
});

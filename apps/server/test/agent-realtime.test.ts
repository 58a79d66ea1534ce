import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveServerMessage } from "@stride/shared";
import type { ClusterDocument, ExecutionDocument, SandboxDocument } from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { LiveClient } from "./helpers/live.ts";
import { makeRepo, removeSandboxCgroups } from "./helpers/sandbox.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";
import { signLiveToken } from "../src/http/live-token.ts";
import { sandboxRuntime } from "../src/agents/sandbox/runtime.ts";

/** The subscription token and the cluster / sandbox documents on the realtime channel (agents.md §4). */

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let privateProject: ProjectFixture;
let otherWs: WorkspaceFixture;
let foreign: ProjectFixture;
let repo: { dir: string; head: string };
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  // a project of the same workspace the member is not in, and one of another workspace the member is in
  privateProject = await projectFixture(t, ws, { network: 0 });
  await t.app
    .sql`UPDATE project_members SET is_active = false WHERE project = ${privateProject.id} AND member = ${ws.member.userId}`;
  otherWs = await workspaceFixture(t);
  foreign = await projectFixture(t, otherWs);
  await t.app
    .sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${otherWs.id}, ${ws.member.userId}, 15)`;
  await t.app
    .sql`INSERT INTO project_members (workspace, project, member, role) VALUES (${otherWs.id}, ${foreign.id}, ${ws.member.userId}, 15)`;
  repo = makeRepo({ "README.md": "hello\n" });
});
afterAll(async () => {
  for (const c of open) c.close();
  for (const s of await t.db.db.select({ id: schema.sandboxes.id }).from(schema.sandboxes))
    await sandboxRuntime(t.app).shutdown(s.id);
  removeSandboxCgroups(sandboxRuntime(t.app));
  await t?.close();
  fs.rmSync(repo.dir, { recursive: true, force: true });
});

const tokenUrl = (w: WorkspaceFixture) => `/api/workspaces/${w.slug}/agent/get-subscription-token/`;

async function token(
  c: Client,
  projectIds: string[],
  w = ws,
): Promise<{ token: string; expires_at: string; project_ids: string[] }> {
  const r = await c.post(tokenUrl(w), { project_ids: projectIds });
  expect(r.status).toBe(200);
  return r.body;
}

async function live(tok: string) {
  const l = await LiveClient.open(t.url, null, { token: tok });
  open.push(l);
  await l.waitFor((m) => m.type === "hello");
  return l;
}

type DocMsg<D> = { type: "doc"; topic: string; doc: D };
const docOf =
  <D>(topic: string, pred: (d: D) => boolean = () => true) =>
  (m: LiveServerMessage) =>
    m.type === "doc" && m.topic === topic && pred(m.doc as unknown as D);

describe("POST W/agent/get-subscription-token/", () => {
  it("signs a short-lived token scoped to the workspace and the caller's projects among project_ids", async () => {
    const before = Date.now();
    const body = await token(ws.member, [pr.id, privateProject.id, foreign.id]);
    expect(body.project_ids).toEqual([pr.id]);
    expect(typeof body.token).toBe("string");
    const ttl = Date.parse(body.expires_at) - before;
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    // a guest of the project gets it too
    expect((await token(ws.guest, [pr.id])).project_ids).toEqual([pr.id]);
  });

  it("refuses callers outside the workspace, anonymous callers and bad bodies", async () => {
    expect((await ws.outsider.post(tokenUrl(ws), { project_ids: [pr.id] })).status).toBe(403);
    expect((await ws.anon.post(tokenUrl(ws), { project_ids: [pr.id] })).status).toBe(401);
    const empty = await ws.member.post(tokenUrl(ws), { project_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ project_ids: ["This list may not be empty."] });
    const missing = await ws.member.post(tokenUrl(ws), {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ project_ids: ["This field is required."] });
    const garbage = await ws.member.post(tokenUrl(ws), { project_ids: ["nope"] });
    expect(garbage.status).toBe(400);
  });

  it("a socket opened with it reads its projects' topics and documents, nothing of other projects", async () => {
    const l = await live((await token(ws.member, [pr.id, privateProject.id, foreign.id])).token);
    expect(await l.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
    expect(await l.subscribe(`clusters/${pr.id}`)).toMatchObject({ type: "subscribed" });
    expect(await l.subscribe(`workspace:${ws.id}`)).toMatchObject({ type: "subscribed" });
    // a project of the same workspace the member is not in, a project of another workspace the member IS in
    for (const topic of [
      `project:${privateProject.id}`,
      `clusters/${privateProject.id}`,
      `project:${foreign.id}`,
      `clusters/${foreign.id}`,
      `workspace:${otherWs.id}`,
    ]) {
      expect(await l.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
    }
    // garbage documents
    for (const topic of ["clusters/nope", "pipelines/" + pr.id])
      expect(await l.subscribe(topic)).toMatchObject({ type: "refused", reason: "invalid" });
    // the same user's cookie socket may read the other workspace's project: only the token is scoped
    const cookie = await LiveClient.open(t.url, ws.member);
    open.push(cookie);
    expect(await cookie.subscribe(`clusters/${foreign.id}`)).toMatchObject({ type: "subscribed" });
  });

  it("an expired or forged token opens nothing", async () => {
    const expired = signLiveToken(
      t.app.secretKey,
      { u: ws.member.userId, w: ws.id, p: [pr.id] },
      1,
      Date.now() - 10_000,
    );
    await expect(LiveClient.open(t.url, null, { token: expired })).rejects.toThrow("HTTP 401");
    const { token: good } = await token(ws.member, [pr.id]);
    const [v, , mac] = good.split(".");
    const widened = Buffer.from(
      JSON.stringify({ u: ws.member.userId, exp: Math.floor(Date.now() / 1000) + 60, w: otherWs.id, p: [foreign.id] }),
    ).toString("base64url");
    await expect(LiveClient.open(t.url, null, { token: `${v}.${widened}.${mac}` })).rejects.toThrow("HTTP 401");
  });

  it("a member removed from the project loses its documents", async () => {
    const p2 = await projectFixture(t, ws);
    const l = await live((await token(ws.member, [p2.id])).token);
    const topic = `clusters/${p2.id}`;
    expect(await l.subscribe(topic)).toMatchObject({ type: "subscribed" });
    await l.waitFor(docOf(topic));
    await t.app
      .sql`UPDATE project_members SET is_active = false, updated_at = now() WHERE project = ${p2.id} AND member = ${ws.member.userId}`;
    await l.waitFor((m) => m.type === "revoked" && m.topic === topic);
  });
});

describe("documents", () => {
  const sandboxConfig = () => ({
    ide_configs: [{ repository: { repo_slug: "acme/app", url: repo.dir, branch: "main" } }],
  });

  it("clusters/<projectId>: presets and running sandboxes, sent again on every change with a newer updated_at", async () => {
    const p = await projectFixture(t, ws);
    const l = await live((await token(ws.admin, [p.id])).token);
    const topic = `clusters/${p.id}`;
    expect(await l.subscribe(topic)).toMatchObject({ type: "subscribed" });
    const first = (await l.waitFor<DocMsg<ClusterDocument>>(docOf(topic))).doc;
    expect(first).toMatchObject({
      project_id: p.id,
      config: { agent_presets: {} },
      running_executions: [],
      running_sandboxes: [],
    });
    const [cluster] = await t.app.sql<{ id: string }[]>`SELECT id FROM agent_clusters WHERE project = ${p.id}`;
    expect(first.id).toBe(cluster.id);

    // a repository set as the issue agent's environment changes the presets
    const tpl = await ws.admin.post(`${p.base}/environments/templates/`, {
      type: "sandbox",
      config: sandboxConfig(),
      preset_names: ["issue_agent"],
    });
    expect(tpl.status).toBe(200);
    const withPreset = (
      await l.waitFor<DocMsg<ClusterDocument>>(
        docOf<ClusterDocument>(topic, (d) => !!d.config.agent_presets.issue_agent),
      )
    ).doc;
    expect(withPreset.config.agent_presets.issue_agent!.environment_template_ids).toEqual([
      tpl.body.environment_template.id,
    ]);
    expect(Date.parse(withPreset.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));

    // a sandbox appears in running_sandboxes, and leaves it when shut down
    const sb = await ws.admin.post(`${p.base}/environments/sandboxes/`, {
      sandbox_template_id: tpl.body.environment_template.id,
    });
    expect(sb.status).toBe(201);
    const running = (
      await l.waitFor<DocMsg<ClusterDocument>>(
        docOf<ClusterDocument>(topic, (d) => d.running_sandboxes.some((s) => s.id === sb.body.sandbox.id)),
      )
    ).doc;
    expect(running.running_sandboxes).toEqual([
      { id: sb.body.sandbox.id, status: expect.stringMatching(/^(starting|active)$/) },
    ]);
    await t.app.jobs.drain();
    expect((await ws.admin.post(`${p.base}/environments/sandboxes/${sb.body.sandbox.id}/shutdown/`, {})).status).toBe(
      200,
    );
    const stopped = (
      await l.waitFor<DocMsg<ClusterDocument>>(
        docOf<ClusterDocument>(topic, (d) => d.running_sandboxes.length === 0 && d.updated_at > running.updated_at),
      )
    ).doc;
    expect(Date.parse(stopped.updated_at)).toBeGreaterThan(Date.parse(running.updated_at));
    // the documents came in order: never an older one after a newer one
    const docs = l.messages.flatMap((m) =>
      m.type === "doc" && m.topic === topic ? [Date.parse(m.doc.updated_at)] : [],
    );
    expect(docs).toEqual([...docs].sort((a, b) => a - b));
  });

  it("sandboxes/<id>: the sandbox as the modal shows it, live; admins only, like the modal", async () => {
    const p = await projectFixture(t, ws);
    const sb = await ws.admin.post(`${p.base}/environments/sandboxes/`, { sandbox_config: sandboxConfig() });
    expect(sb.status).toBe(201);
    const id = sb.body.sandbox.id as string;
    const topic = `sandboxes/${id}`;
    const admin = await live((await token(ws.admin, [p.id])).token);
    expect(await admin.subscribe(topic)).toMatchObject({ type: "subscribed" });
    const first = (await admin.waitFor<DocMsg<SandboxDocument>>(docOf(topic))).doc;
    expect(first).toMatchObject({ id, status: "starting", template_id: null, config: sandboxConfig() });
    await t.app.jobs.drain();
    const refreshed = await ws.admin.post(`${p.base}/environments/sandboxes/${id}/refresh/`, { extend_lifetime: 600 });
    expect(refreshed.status).toBe(200);
    const moved = (
      await admin.waitFor<DocMsg<SandboxDocument>>(
        docOf<SandboxDocument>(topic, (d) => d.expires_at === refreshed.body.sandbox.expires_at),
      )
    ).doc;
    expect(moved.status).toBe("active");
    expect(Date.parse(moved.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));

    const member = await live((await token(ws.member, [p.id])).token);
    expect(await member.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
    // the member still sees it running in the cluster document
    const cluster = `clusters/${p.id}`;
    expect(await member.subscribe(cluster)).toMatchObject({ type: "subscribed" });
    await member.waitFor(docOf<ClusterDocument>(cluster, (d) => d.running_sandboxes.some((s) => s.id === id)));
    // an unknown sandbox is refused like a forbidden one
    const unknown = `sandboxes/${crypto.randomUUID()}`;
    expect(await admin.subscribe(unknown)).toEqual({ type: "refused", topic: unknown, reason: "forbidden" });
  });
});

describe("executions/<id>", () => {
  async function issueAgent(p: ProjectFixture) {
    expect(
      (
        await ws.admin.post(`${p.base}/model-configs/local/`, {
          provider: "openai",
          base_url: "http://127.0.0.1:9/v1",
          model: "m",
        })
      ).status,
    ).toBe(200);
    const tpl = await ws.admin.post(`${p.base}/agent/templates/`, {
      config: { type: "triage", name: "Triage", model_config: "local" },
      preset_names: ["issue_agent"],
    });
    expect(tpl.status).toBe(200);
  }

  it("the execution with its records after `after`, live; members only; a cluster lists it while it runs", async () => {
    const p = await projectFixture(t, ws);
    const watcher = await live((await token(ws.member, [p.id])).token);
    expect(await watcher.subscribe(`clusters/${p.id}`)).toMatchObject({ type: "subscribed" });
    await watcher.waitFor(docOf(`clusters/${p.id}`));
    await issueAgent(p);
    // the preset the agent template set reaches the cluster document
    await watcher.waitFor(
      docOf<ClusterDocument>(`clusters/${p.id}`, (d) => !!d.config.agent_presets.issue_agent?.agent_template_id),
    );
    const item = await ws.admin.post(`${p.base}/issues/`, { name: "Fix the thing" });
    expect(item.status).toBe(201);
    const run = await ws.member.post(`${p.base}/agent/execute/`, {
      execution_config: {},
      content: "Please fix it",
      issue_id: item.body.id,
      tags: [],
    });
    expect(run.status).toBe(202);
    const id = run.body.execution_id as string;
    const topic = `executions/${id}`;
    const l = await live((await token(ws.member, [p.id])).token);
    expect(await l.subscribe(topic)).toMatchObject({ type: "subscribed" });
    const first = (await l.waitFor<DocMsg<ExecutionDocument>>(docOf(topic))).doc;
    expect(first.execution).toMatchObject({
      id,
      status: "pending",
      issue_id: item.body.id,
      agent: { type: "triage", name: "Triage" },
    });
    expect(first.records).toMatchObject([{ seq: 1, type: "user_input", content: "Please fix it", execution_id: id }]);
    expect(first.updated_at).toBe(first.execution.updated_at);
    // the cluster shows it running on the work item
    const cluster = `clusters/${p.id}`;
    expect(await l.subscribe(cluster)).toMatchObject({ type: "subscribed" });
    await l.waitFor(
      docOf<ClusterDocument>(cluster, (d) =>
        d.running_executions.some((e) => e.id === id && e.active_issue_id === item.body.id && e.status === "pending"),
      ),
    );

    // cancelling: the new status and only the new record arrive
    expect((await ws.member.post(`${p.base}/agent/executions/${id}/cancel/`, {})).status).toBe(200);
    const cancelled = (
      await l.waitFor<DocMsg<ExecutionDocument>>(
        docOf<ExecutionDocument>(topic, (d) => d.execution.status === "cancelled"),
      )
    ).doc;
    const later = l.messages
      .flatMap((m) => (m.type === "doc" && m.topic === topic ? [m.doc as ExecutionDocument] : []))
      .slice(1);
    expect(later.flatMap((d) => d.records.map((r) => r.seq))).toEqual([2]);
    expect(Date.parse(cancelled.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));
    await l.waitFor(docOf<ClusterDocument>(cluster, (d) => d.running_executions.length === 0));

    // a new socket asking for records after 1 gets only the second
    const again = await live((await token(ws.member, [p.id])).token);
    again.send({ type: "sub", topic, after: 1 });
    const tail = (await again.waitFor<DocMsg<ExecutionDocument>>(docOf(topic))).doc;
    expect(tail.records.map((r) => r.seq)).toEqual([2]);
    expect(tail.records[0].type).toBe("error");

    // a record that changes after it was sent (a message the model streams into it) comes again, changed
    await t.app
      .sql`UPDATE agent_execution_records SET content = 'Please fix it now', updated_at = now() WHERE execution = ${id} AND seq = 1`;
    const grown = (
      await l.waitFor<DocMsg<ExecutionDocument>>(
        docOf<ExecutionDocument>(topic, (d) => d.records.some((r) => r.seq === 1 && r.content === "Please fix it now")),
      )
    ).doc;
    expect(grown.records.map((r) => r.seq)).toEqual([1]);
    expect(Date.parse(grown.records[0].updated_at)).toBeGreaterThan(Date.parse(first.records[0].updated_at));

    // guests do not read executions (the executions calls are members'); nor does a token of another project
    const guest = await live((await token(ws.guest, [p.id])).token);
    expect(await guest.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
    const elsewhere = await live((await token(ws.member, [pr.id])).token);
    expect(await elsewhere.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";
import { migrationsFolder } from "../src/ops/migrate.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { roleWorld, type RoleWorld } from "./helpers/fixtures.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { apiKeyFor } from "./helpers/api-key.ts";
import { Client } from "./helpers/client.ts";

/**
 * An agent acts as itself (issue #24 point 9): every agent template has a bot user — a member of its project, never
 * listed or counted as a person, never signing in, renamed and retired with its template — and what a run writes
 * through its tools (comments, tasks, state and other changes) is the bot's, on behalf of the person who started the
 * run: in the activity, the comments, the notifications, the webhooks; with that person's rights, and only while the
 * agent is in the project.
 */

let t: TestServer;
let w: RoleWorld;
let ms: ModelServer;
let triage: { id: string; bot_user_id: string };
const KEY = "test-key";
const U = schema.users;

/** The webhook bodies a receiver on loopback got. */
let received: Buffer[] = [];
let receiver: http.Server;
let hookUrl = "";

beforeAll(async () => {
  receiver = http.createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    received.push(Buffer.concat(parts));
    res.end();
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestServer({ outboundAllowPrivate: true });
  w = await roleWorld(t);
  ms = await startModelServer({ apiKey: KEY });
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
  const made = await w.ws.admin.post(`${p}/agent/templates/`, {
    config: { type: "triage", name: "Triager", model_config: "scripted", max_steps: 10, timeout_s: 60 },
  });
  expect(made.status).toBe(200);
  triage = made.body.agent_template;
});
afterAll(async () => {
  await ms?.close();
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});
beforeEach(() => {
  ms.reset();
  received = [];
});

const bot = async (id: string) => (await t.db.db.select().from(U).where(eq(U.id, id)))[0];
const membership = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(schema.projectMembers)
      .where(and(eq(schema.projectMembers.projectId, w.project.id), eq(schema.projectMembers.memberId, id)))
  )[0];

async function workItem(name: string): Promise<string> {
  const r = await w.ws.admin.post(`${w.project.base}/issues/`, { name });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function run(issueId: string, templateId = triage.id): Promise<string> {
  const r = await w.ws.member.post(`${w.project.base}/agent/execute/`, {
    execution_config: { agent_template_id: templateId },
    issue_id: issueId,
    content: "Triage it.",
    tags: ["issue"],
  });
  expect(r.status, r.text).toBe(202);
  return r.body.execution_id as string;
}

const records = async (id: string) =>
  (await w.ws.member.get(`${w.project.base}/agent/executions/${id}/`)).body as {
    execution: { status: string };
    records: { type: string; tool_name: string | null; content: string }[];
  };

describe("an agent template's bot", () => {
  it("is made with the template: an AGENT bot named after it, an active member of the project", async () => {
    expect(triage.bot_user_id).toEqual(expect.any(String));
    expect(await bot(triage.bot_user_id)).toMatchObject({
      isBot: true,
      botType: "AGENT",
      isActive: true,
      displayName: "Triager",
      firstName: "Triager",
      password: null,
    });
    expect(await membership(triage.bot_user_id)).toMatchObject({ isActive: true, role: 15 });
    // one bot per template
    const other = await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
      config: { type: "assistant", name: "Helper", model_config: "scripted" },
    });
    expect(other.body.agent_template.bot_user_id).not.toBe(triage.bot_user_id);
    await w.ws.admin.delete(`${w.project.base}/agent/templates/${other.body.agent_template.id}/`);
  });

  it("is no member anyone sees or counts: not in the member lists, seats, project counts, mentions or the public API's lists", async () => {
    const id = triage.bot_user_id;
    const { slug } = w.ws;
    const projectMembers = await w.ws.admin.get(`${w.project.base}/members/`);
    expect(projectMembers.status).toBe(200);
    expect(projectMembers.body.map((m: { member: string }) => m.member).sort()).toEqual(
      [w.ws.admin.userId, w.ws.member.userId, w.ws.guest.userId].sort(),
    );
    const wsMembers = await w.ws.admin.get(`/api/workspaces/${slug}/members/`);
    expect(JSON.stringify(wsMembers.body)).not.toContain(id);
    const project = await w.ws.admin.get(`${w.project.base}/`);
    expect(project.body.members).not.toContain(id);
    const stats = await w.ws.admin.get(`/api/workspaces/${slug}/project-stats/?project_ids=${w.project.id}`);
    expect(stats.body[0].total_members).toBe(3);
    const workspace = (await w.ws.admin.get("/api/users/me/workspaces/")).body.find(
      (x: { slug: string }) => x.slug === slug,
    );
    expect(workspace.total_members).toBe(4); // admin, member, guest, the workspace admin outside the project
    const mention = await w.ws.admin.get(
      `/api/workspaces/${slug}/entity-search/?query=Triager&query_type=user_mention&project_id=${w.project.id}`,
    );
    expect(JSON.stringify(mention.body)).not.toContain(id);
    const v1 = await apiKeyFor(w.ws.admin, { slug });
    const v1Members = await v1.get(`/api/v1/workspaces/${slug}/projects/${w.project.id}/members/`);
    expect(v1Members.status).toBe(200);
    expect(JSON.stringify(v1Members.body)).not.toContain(id);
    const v1Project = await v1.get(`/api/v1/workspaces/${slug}/projects/${w.project.id}/`);
    expect(v1Project.body.total_members).toBe(3);
    // and no one can manage it as a member
    const membershipId = (await membership(id)).id;
    expect((await w.ws.admin.patch(`${w.project.base}/members/${membershipId}/`, { role: 20 })).status).toBe(404);
  });

  it("never signs in: no session, no sign-in code, no password reset, no god mode", async () => {
    const row = await bot(triage.bot_user_id);
    // a session row for it (however made) authenticates nothing
    const token = crypto.randomBytes(24).toString("base64url");
    await t.db.db
      .insert(schema.sessions)
      .values({ id: hashToken(token), userId: row.id, kind: "app", expiresAt: new Date(Date.now() + 86400_000) });
    const c = new Client(t.url);
    c.setCookie(t.app.config.sessionCookieName, token);
    expect((await c.get("/api/users/me/")).status).toBe(401);
    const anon = t.anon();
    const check = await anon.post("/auth/email-check/", { email: row.email });
    expect(check.status).toBe(400);
    expect(check.body).not.toMatchObject({ existing: true });
    const magic = await anon.post("/auth/magic-generate/", { email: row.email });
    expect(magic.status).toBe(400);
    const reset = await anon.post("/auth/forgot-password/", { email: row.email });
    expect(reset.status).toBe(400);
    expect(await t.db.db.select().from(schema.magicCodes).where(eq(schema.magicCodes.email, row.email))).toEqual([]);
    expect(
      await t.db.db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, row.id)),
    ).toEqual([]);
  });

  it("is renamed with its template, keeps its id", async () => {
    const r = await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
      agent_template_id: triage.id,
      config: { type: "triage", name: "Sorting hat", model_config: "scripted", max_steps: 10, timeout_s: 60 },
    });
    expect(r.status).toBe(200);
    expect(r.body.agent_template.bot_user_id).toBe(triage.bot_user_id);
    expect(await bot(triage.bot_user_id)).toMatchObject({
      displayName: "Sorting hat",
      firstName: "Sorting hat",
      isActive: true,
    });
    await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
      agent_template_id: triage.id,
      config: { type: "triage", name: "Triager", model_config: "scripted", max_steps: 10, timeout_s: 60 },
    });
    expect((await bot(triage.bot_user_id)).displayName).toBe("Triager");
  });
});

describe("a run acts as the agent's bot, on behalf of the person who started it", () => {
  it("its comment, task edits and state change are the bot's, with the starter as on_behalf_of, everywhere they show", async () => {
    const botId = triage.bot_user_id;
    const member = w.ws.member.userId;
    const hook = await w.ws.admin.post(`/api/workspaces/${w.ws.slug}/webhooks/`, {
      url: hookUrl,
      issue: true,
      issue_comment: true,
    });
    expect(hook.status).toBe(201);
    const issueId = await workItem("Sort the login bugs");
    // the starter follows the item too: an agent's change on their behalf is no news to them
    expect((await w.ws.member.post(`${w.project.base}/issues/${issueId}/subscribe/`, {})).status).toBeLessThan(300);
    ms.script(
      { toolCalls: [{ name: "create_task", args: { name: "Read the reports" } }] },
      {
        toolCalls: [
          { name: "update_task", args: { task_id: "Read the reports", status: "completed" } },
          { name: "set_state", args: { state: "In Progress" } },
        ],
      },
      { toolCalls: [{ name: "add_comment", args: { comment: "Two of the reports are the same bug." } }] },
      { text: "Triaged." },
    );
    const exec = await run(issueId);
    await t.app.jobs.drain();
    const d = await records(exec);
    expect(d.execution.status).toBe("completed");
    expect(
      d.records
        .filter((r) => r.type === "tool_call_output")
        .map((r) => r.content)
        .join("\n"),
    ).not.toMatch(/Refused/);

    // the comment: the bot's, on behalf of the member
    const comments = await w.ws.admin.get(`${w.project.base}/issues/${issueId}/comments/`);
    expect(comments.status).toBe(200);
    expect(comments.body).toHaveLength(1);
    expect(comments.body[0]).toMatchObject({
      comment_stripped: "Two of the reports are the same bug.",
      actor: botId,
      created_by: botId,
      actor_detail: { id: botId, is_bot: true, display_name: "Triager" },
      on_behalf_of: member,
      on_behalf_of_detail: { id: member, is_bot: false, display_name: expect.any(String) },
    });

    // the property history: the task rows and the state, each the bot's on behalf of the member
    const history = await w.ws.admin.get(`${w.project.base}/issues/${issueId}/history/?activity_type=issue-property`);
    const byField = (f: string) => history.body.filter((a: { field: string }) => a.field === f);
    for (const f of ["task", "state"]) {
      expect(byField(f).length, f).toBeGreaterThan(0);
      for (const a of byField(f)) {
        expect(a, f).toMatchObject({
          actor: botId,
          actor_detail: { is_bot: true, display_name: "Triager" },
          on_behalf_of: member,
          on_behalf_of_detail: { id: member },
        });
      }
    }
    expect(byField("state")[0]).toMatchObject({ new_value: "In Progress" });
    // the admin's own change stays theirs alone
    expect(
      history.body.find((a: { verb: string; field: string | null }) => a.verb === "created" && a.field === null),
    ).toMatchObject({ actor: w.ws.admin.userId, on_behalf_of: null, on_behalf_of_detail: null });
    const tasks = await t.db.db.select().from(schema.issueTasks).where(eq(schema.issueTasks.issueId, issueId));
    expect(tasks.map((x) => [x.name, x.status, x.createdById, x.updatedById])).toEqual([
      ["Read the reports", "completed", botId, botId],
    ]);
    const [item] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, issueId));
    expect(item.updatedById).toBe(botId);

    // notifications: the item's creator hears it from the bot on behalf of the member; the member and the bot hear nothing
    const inbox = await w.ws.admin.get(`/api/workspaces/${w.ws.slug}/users/notifications/`);
    // (the execution's own rows, "started" and "completed", stay the member's)
    const fromRun = inbox.body.filter(
      (n: { data: { issue: { id: string }; issue_activity: { field: string } } }) =>
        n.data.issue.id === issueId && n.data.issue_activity.field !== "agent_execution",
    );
    expect(
      [
        ...new Set(fromRun.map((n: { data: { issue_activity: { field: string } } }) => n.data.issue_activity.field)),
      ].sort(),
    ).toEqual(["comment", "state", "task"]);
    for (const n of fromRun) {
      expect(n).toMatchObject({
        triggered_by: botId,
        triggered_by_details: { id: botId, is_bot: true },
        data: { issue_activity: { actor: botId, on_behalf_of: member } },
        on_behalf_of_details: { id: member },
      });
    }
    const N = schema.notifications;
    expect(
      await t.db.db
        .select()
        .from(N)
        .where(and(eq(N.issueId, issueId), eq(N.receiverId, member))),
    ).toEqual([]);
    expect(await t.db.db.select().from(N).where(eq(N.receiverId, botId))).toEqual([]);

    // webhooks: the bot is the actor, the activity names the member
    const bodies = received.map(
      (r) =>
        JSON.parse(r.toString("utf8")) as {
          event: string;
          action: string;
          data: Record<string, unknown>;
          activity: Record<string, any>;
        },
    );
    const commentHook = bodies.find((b) => b.event === "issue_comment" && b.action === "created");
    expect(commentHook?.activity).toMatchObject({
      actor: { id: botId, is_bot: true },
      on_behalf_of: { id: member, is_bot: false },
    });
    expect(commentHook?.data).toMatchObject({ actor: botId, on_behalf_of: member });
    const stateHook = bodies.find((b) => b.event === "issue" && b.activity.field === "state");
    expect(stateHook?.activity).toMatchObject({
      new_value: "In Progress",
      actor: { id: botId },
      on_behalf_of: { id: member },
    });
    // a person's own change carries no on_behalf_of
    received = [];
    await w.ws.admin.patch(`${w.project.base}/issues/${issueId}/`, { priority: "low" });
    await t.app.jobs.drain();
    const own = received.map((r) => JSON.parse(r.toString("utf8")) as { activity: Record<string, unknown> });
    expect(own).toHaveLength(1);
    expect(own[0].activity).toMatchObject({ actor: { id: w.ws.admin.userId } });
    expect(own[0].activity).not.toHaveProperty("on_behalf_of");
    await w.ws.admin.delete(`/api/workspaces/${w.ws.slug}/webhooks/${hook.body.id}/`);
  });

  it("acts with its starter's rights: a starter who became a guest is refused what a guest may not do", async () => {
    const issueId = await workItem("Not the member's item");
    const P = schema.projects;
    await t.db.db.update(P).set({ guestViewAllFeatures: true }).where(eq(P.id, w.project.id));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    ms.script(
      { text: "", toolCalls: [{ name: "read_work_item", args: {} }] },
      {
        gate,
        toolCalls: [
          { name: "set_state", args: { state: "Done" } },
          { name: "add_comment", args: { comment: "As a guest I may still comment." } },
        ],
      },
      { text: "Done." },
    );
    const exec = await run(issueId);
    const draining = t.app.jobs.drain();
    const PM = schema.projectMembers;
    // while the model thinks, the member becomes a guest of the project
    for (let i = 0; i < 400 && ms.requests.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    await t.db.db
      .update(PM)
      .set({ role: 5 })
      .where(and(eq(PM.projectId, w.project.id), eq(PM.memberId, w.ws.member.userId)));
    release();
    await draining;
    await t.db.db
      .update(PM)
      .set({ role: 15 })
      .where(and(eq(PM.projectId, w.project.id), eq(PM.memberId, w.ws.member.userId)));
    await t.db.db.update(P).set({ guestViewAllFeatures: false }).where(eq(P.id, w.project.id));
    const outs = (await records(exec)).records.filter((r) => r.type === "tool_call_output");
    expect(outs.find((r) => r.tool_name === "set_state")?.content).toMatch(/^Refused/);
    expect(outs.find((r) => r.tool_name === "add_comment")?.content).toMatch(/^Commented/);
    const [item] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, issueId));
    expect(item.updatedById).toBe(w.ws.admin.userId);
    const comments = await t.db.db.select().from(schema.issueComments).where(eq(schema.issueComments.issueId, issueId));
    expect(comments.map((c) => [c.actorId, c.onBehalfOfId])).toEqual([[triage.bot_user_id, w.ws.member.userId]]);
  });
});

describe("a removed agent", () => {
  it("writes nothing more; its bot leaves the project, is deactivated, and its history still reads as the agent's", async () => {
    const tpl = (
      await w.ws.admin.post(`${w.project.base}/agent/templates/`, {
        config: { type: "triage", name: "Short-lived", model_config: "scripted", max_steps: 10, timeout_s: 60 },
      })
    ).body.agent_template;
    const issueId = await workItem("Item of a removed agent");
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    ms.script(
      { toolCalls: [{ name: "add_comment", args: { comment: "First look." } }] },
      { gate, toolCalls: [{ name: "add_comment", args: { comment: "After my removal." } }] },
      { text: "Bye." },
    );
    const exec = await run(issueId, tpl.id);
    const draining = t.app.jobs.drain();
    for (let i = 0; i < 400 && ms.requests.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await w.ws.admin.delete(`${w.project.base}/agent/templates/${tpl.id}/`)).status).toBe(204);
    release();
    await draining;
    const outs = (await records(exec)).records
      .filter((r) => r.type === "tool_call_output" && r.tool_name === "add_comment")
      .map((r) => r.content);
    expect(outs[0]).toMatch(/^Commented/);
    expect(outs[1]).toMatch(/^Refused/);
    expect(await bot(tpl.bot_user_id)).toMatchObject({ isActive: false, isBot: true, displayName: "Short-lived" });
    expect(await membership(tpl.bot_user_id)).toMatchObject({ isActive: false });
    const comments = await w.ws.admin.get(`${w.project.base}/issues/${issueId}/comments/`);
    expect(
      comments.body.map((c: { comment_stripped: string; actor_detail: { display_name: string; is_bot: boolean } }) => [
        c.comment_stripped,
        c.actor_detail.display_name,
        c.actor_detail.is_bot,
      ]),
    ).toEqual([["First look.", "Short-lived", true]]);
  });
});

describe("templates made before agents had bots", () => {
  it("get theirs from the migration: a bot named after the agent, a member of the project, linked from the template", async () => {
    const [cluster] = await t.db.db
      .select()
      .from(schema.agentClusters)
      .where(eq(schema.agentClusters.projectId, w.project.id));
    const [old] = await t.db.db
      .insert(schema.agentTemplates)
      .values({
        workspaceId: w.ws.id,
        projectId: w.project.id,
        clusterId: cluster.id,
        config: { type: "triage", name: "Old timer", model_config: "scripted" },
      })
      .returning();
    expect(old.botUserId).toBeNull();
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith("_agentbot_actor.sql"))!;
    const backfill = fs
      .readFileSync(path.join(migrationsFolder(), file), "utf8")
      .split("--> statement-breakpoint")
      .find((s) => s.includes("UPDATE agent_templates"))!;
    await t.db.sql.unsafe(backfill);
    const [after] = await t.db.db.select().from(schema.agentTemplates).where(eq(schema.agentTemplates.id, old.id));
    expect(after.botUserId).toEqual(expect.any(String));
    expect(await bot(after.botUserId!)).toMatchObject({
      isBot: true,
      botType: "AGENT",
      isActive: true,
      displayName: "Old timer",
      username: `agent-${old.id}`,
    });
    expect(await membership(after.botUserId!)).toMatchObject({ isActive: true, role: 15 });
    // the others kept theirs
    const [kept] = await t.db.db.select().from(schema.agentTemplates).where(eq(schema.agentTemplates.id, triage.id));
    expect(kept.botUserId).toBe(triage.bot_user_id);
    // and it acts like any other
    const issueId = await workItem("Item of an old agent");
    ms.script({ toolCalls: [{ name: "add_comment", args: { comment: "Still here." } }] }, { text: "ok" });
    await run(issueId, old.id);
    await t.app.jobs.drain();
    const comments = await w.ws.admin.get(`${w.project.base}/issues/${issueId}/comments/`);
    expect(comments.body[0]).toMatchObject({ actor: after.botUserId, on_behalf_of: w.ws.member.userId });
  });
});

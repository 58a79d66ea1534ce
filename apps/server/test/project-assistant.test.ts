import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { LiveServerMessage } from "@stride/shared";
import {
  AGENT_MSG,
  PROJECT_ASSISTANT_TAG,
  type ExecutionDocument,
  type ExecutionRecord,
} from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, roleWorld, type RoleWorld } from "./helpers/fixtures.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { LiveClient } from "./helpers/live.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

/**
 * The project assistant (agents.md §1 point 4, issue #10 point 7): conversations are executions tagged
 * `project-assistant`, without a sandbox, whose tools search, read, create, update and comment on the project's
 * work items with the asking person's permissions; answers stream into the execution's records (the realtime
 * document); the history is the search by the tag; a follow-up continues the same conversation.
 */

let t: TestServer;
let w: RoleWorld;
let ms: ModelServer;
let assistantId: string;
let assistantBot: string;
let triageId: string;
const KEY = "test-key";
const TAGS = [PROJECT_ASSISTANT_TAG];
const I = schema.issues;

beforeAll(async () => {
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
  const assistant = (
    await w.ws.admin.post(`${p}/agent/templates/`, {
      config: { type: "assistant", name: "Project assistant", model_config: "scripted", max_steps: 10, timeout_s: 60 },
    })
  ).body.agent_template;
  [assistantId, assistantBot] = [assistant.id, assistant.bot_user_id];
  triageId = (
    await w.ws.admin.post(`${p}/agent/templates/`, {
      config: { type: "triage", name: "Triager", model_config: "scripted" },
    })
  ).body.agent_template.id;
});
afterAll(async () => {
  await ms?.close();
  await t?.close();
});
beforeEach(() => ms.reset());

const ask = (c: Client, content: string, extra: Record<string, unknown> = {}) =>
  c.post(`${w.project.base}/agent/execute/`, { execution_config: {}, content, context: {}, tags: TAGS, ...extra });
const detail = async (c: Client, id: string) =>
  (await c.get(`${w.project.base}/agent/executions/${id}/`)).body as {
    execution: {
      status: string;
      tags: string[];
      summary: string;
      issue_id: string | null;
      sandbox_ids: string[];
      created_by: string;
      agent: { type: string };
    };
    records: ExecutionRecord[];
  };
const outputs = (records: ExecutionRecord[], tool: string) =>
  records.filter((r) => r.type === "tool_call_output" && r.tool_name === tool).map((r) => r.content);
const history = async (c: Client) =>
  await c.get(`${w.project.base}/agent/executions/search/?tags=${PROJECT_ASSISTANT_TAG}`);
const itemsNamed = (name: string) =>
  t.db.db
    .select()
    .from(I)
    .where(and(eq(I.projectId, w.project.id), eq(I.name, name)));

describe("a conversation with the project assistant", () => {
  let convId: string;

  it("searches the project's work items and creates one through tool calls, with the asking member's rights, as the assistant's bot", async () => {
    const seeded = await w.ws.admin.post(`${w.project.base}/issues/`, {
      name: "Login page times out",
      priority: "high",
    });
    expect(seeded.status).toBe(201);
    await w.ws.admin.post(`${w.project.base}/issues/`, { name: "Dark mode colours" });
    ms.script(
      { toolCalls: [{ name: "search_work_items", args: { query: "login" } }] },
      {
        toolCalls: [
          {
            name: "create_work_item",
            args: { name: "Add a login retry", priority: "medium", description: "Retry once after a timeout." },
          },
        ],
      },
      { text: "There is one login item; I created the retry item." },
    );
    const r = await ask(w.ws.member, "Which items are about login? File one for a retry.");
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ execution_id: expect.any(String), status: "pending" });
    convId = r.body.execution_id;
    await t.app.jobs.drain();

    const d = await detail(w.ws.member, convId);
    expect(d.execution).toMatchObject({
      status: "completed",
      tags: TAGS,
      issue_id: null,
      sandbox_ids: [],
      created_by: w.ws.member.userId,
      agent: { type: "assistant" },
      summary: "There is one login item; I created the retry item.",
    });
    expect(d.records[0]).toMatchObject({
      type: "user_input",
      content: "Which items are about login? File one for a retry.",
    });
    const found = outputs(d.records, "search_work_items")[0];
    expect(found).toContain(`${w.project.identifier}-${seeded.body.sequence_id}: Login page times out`);
    expect(found).not.toContain("Dark mode");
    const [made] = await itemsNamed("Add a login retry");
    // the assistant acts as itself (issue #24 point 9): its bot made the item, on behalf of the member
    expect(made).toMatchObject({ createdById: assistantBot, priority: "medium" });
    const [created] = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(eq(schema.issueActivities.issueId, made.id));
    expect(created).toMatchObject({ verb: "created", actorId: assistantBot, onBehalfOfId: w.ws.member.userId });
    expect(made.descriptionStripped).toContain("Retry once after a timeout.");
    expect(outputs(d.records, "create_work_item")[0]).toBe(
      `Created ${w.project.identifier}-${made.sequenceId}: Add a login retry (id ${made.id})`,
    );
    expect(d.records.at(-1)).toMatchObject({
      type: "message",
      content: "There is one login item; I created the retry item.",
    });
    // the model was given the assistant's tools only (no sandbox, no task tools) and the search result
    expect(ms.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name).sort()).toEqual([
      "add_comment",
      "create_work_item",
      "read_work_item",
      "search_work_items",
      "update_work_item",
    ]);
    expect(JSON.stringify(ms.requests[1].body.messages)).toContain("Login page times out");
    // the created item is in the project's list like any other
    const list = await w.ws.member.get(`${w.project.base}/issues/?per_page=100`);
    expect(list.body.results.map((x: { id: string }) => x.id)).toContain(made.id);
  });

  it("a follow-up continues the same conversation: reads, updates and comments on an item by its key", async () => {
    const [made] = await itemsNamed("Add a login retry");
    const key = `${w.project.identifier}-${made.sequenceId}`;
    ms.script(
      { toolCalls: [{ name: "read_work_item", args: { work_item_id: key } }] },
      {
        toolCalls: [
          { name: "update_work_item", args: { work_item_id: key, priority: "urgent", state: "In Progress" } },
          { name: "add_comment", args: { work_item_id: made.id, comment: "Raised by the assistant." } },
        ],
      },
      { text: "It is urgent now." },
    );
    const r = await ask(w.ws.member, "Make it urgent and start it.", { execution_id: convId });
    expect(r.body).toEqual({ execution_id: convId, status: "pending" });
    await t.app.jobs.drain();
    const d = await detail(w.ws.member, convId);
    expect(d.execution).toMatchObject({ status: "completed", summary: "It is urgent now." });
    expect(outputs(d.records, "read_work_item")[0]).toContain(`${key}: Add a login retry`);
    expect(outputs(d.records, "update_work_item")[0]).toBe(`Updated ${key}: Add a login retry`);
    const [after] = await t.db.db.select().from(I).where(eq(I.id, made.id));
    const [state] = await t.db.db.select().from(schema.states).where(eq(schema.states.id, after.stateId!));
    expect([after.priority, state.name]).toEqual(["urgent", "In Progress"]);
    const comments = await w.ws.member.get(`${w.project.base}/issues/${made.id}/comments/`);
    expect(JSON.stringify(comments.body)).toContain("Raised by the assistant.");
    // the model saw the whole conversation so far
    const sent = JSON.stringify(ms.requests[0].body.messages);
    expect(sent).toContain("Which items are about login?");
    expect(sent).toContain("There is one login item; I created the retry item.");
    expect(sent).toContain("Make it urgent and start it.");
    // the records of both turns are on the one execution, numbered in order
    expect(d.records.filter((x) => x.type === "user_input")).toHaveLength(2);
    expect(d.records.map((x) => x.seq)).toEqual(d.records.map((_, i) => i + 1));
  });

  it("history: the search by the tag holds the caller's own conversations only, newest first", async () => {
    ms.script({ text: "Hello." });
    const second = (await ask(w.ws.member, "Hi")).body.execution_id as string;
    await t.app.jobs.drain();
    const mine = await history(w.ws.member);
    expect(mine.status).toBe(200);
    expect(mine.body.executions.map((x: { id: string }) => x.id)).toEqual([second, convId]);
    expect(mine.body.executions[1]).toMatchObject({ tags: TAGS, status: "completed", summary: "It is urgent now." });
    // an admin sees none of them and cannot open them
    expect((await history(w.ws.admin)).body.executions).toEqual([]);
    expect((await w.ws.admin.get(`${w.project.base}/agent/executions/${convId}/`)).status).toBe(404);
    expect((await ask(w.ws.admin, "go on", { execution_id: convId })).body).toEqual({ error: AGENT_MSG.notFound });
  });
});

describe("the assistant acts with the asking person's permissions, never more", () => {
  it("a guest converses, but their create, and their update of an item they did not create, are refused by the tools", async () => {
    const other = await w.ws.member.post(`${w.project.base}/issues/`, { name: "Member's item" });
    const own = await w.ws.admin.post(`${w.project.base}/issues/`, { name: "Guest-visible?" });
    expect([other.status, own.status]).toEqual([201, 201]);
    ms.script(
      {
        toolCalls: [
          { name: "create_work_item", args: { name: "Guest wants this" } },
          { name: "search_work_items", args: {} },
        ],
      },
      {
        toolCalls: [
          { name: "update_work_item", args: { work_item_id: other.body.id, name: "Renamed by a guest" } },
          { name: "add_comment", args: { work_item_id: other.body.id, comment: "hi" } },
        ],
      },
      { text: "You may not create work items here." },
    );
    const r = await ask(w.ws.guest, "Create 'Guest wants this'.");
    expect(r.status).toBe(202);
    await t.app.jobs.drain();
    const d = await detail(w.ws.guest, r.body.execution_id);
    expect(d.execution).toMatchObject({ status: "completed", created_by: w.ws.guest.userId });
    expect(outputs(d.records, "create_work_item")).toEqual([
      "Refused: you don't have the required permissions to create work items in this project.",
    ]);
    expect(await itemsNamed("Guest wants this")).toEqual([]);
    // the project does not let guests see all items: the guest's search and reads find none of the others'
    expect(outputs(d.records, "search_work_items")).toEqual(["No work items match."]);
    expect(outputs(d.records, "update_work_item")).toEqual(["Work item not found."]);
    expect(outputs(d.records, "add_comment")).toEqual(["Work item not found."]);
    expect((await t.db.db.select().from(I).where(eq(I.id, other.body.id)))[0].name).toBe("Member's item");
    // the guest's history holds that conversation
    expect((await history(w.ws.guest)).body.executions.map((x: { id: string }) => x.id)).toEqual([r.body.execution_id]);
  });

  it("a guest's update is refused even where guests see every item; a member's own role counts at each call", async () => {
    await t.db.db
      .update(schema.projects)
      .set({ guestViewAllFeatures: true })
      .where(eq(schema.projects.id, w.project.id));
    try {
      const item = await w.ws.member.post(`${w.project.base}/issues/`, { name: "Visible to guests" });
      ms.script(
        {
          toolCalls: [
            { name: "search_work_items", args: { query: "visible to guests" } },
            { name: "update_work_item", args: { work_item_id: item.body.id, priority: "low" } },
          ],
        },
        { toolCalls: [{ name: "add_comment", args: { work_item_id: item.body.id, comment: "A guest's note." } }] },
        { text: "Commented; the change was refused." },
      );
      const r = await ask(w.ws.guest, "Lower its priority.");
      await t.app.jobs.drain();
      const d = await detail(w.ws.guest, r.body.execution_id);
      expect(outputs(d.records, "search_work_items")[0]).toContain("Visible to guests");
      expect(outputs(d.records, "update_work_item")).toEqual([
        "Refused: you don't have the required permissions to edit this work item in this project.",
      ]);
      // commenting is what guests may do (comment.create), so that goes through
      expect(outputs(d.records, "add_comment")[0]).toMatch(/^Commented/);
      expect((await t.db.db.select().from(I).where(eq(I.id, item.body.id)))[0].priority).not.toBe("low");
    } finally {
      await t.db.db
        .update(schema.projects)
        .set({ guestViewAllFeatures: false })
        .where(eq(schema.projects.id, w.project.id));
    }
  });

  it("a member demoted to guest mid-conversation is refused from then on", async () => {
    const demoted = await t.user({ firstName: "Dee", lastName: "Moted" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: w.ws.id, memberId: demoted.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: w.ws.id, projectId: w.project.id, memberId: demoted.userId, role: 15 });
    ms.script({ toolCalls: [{ name: "create_work_item", args: { name: "Made while a member" } }] }, { text: "Done." });
    const r = await ask(demoted, "Create it.");
    await t.app.jobs.drain();
    expect(await itemsNamed("Made while a member")).toHaveLength(1);
    await t.db.db
      .update(schema.projectMembers)
      .set({ role: 5 })
      .where(
        and(eq(schema.projectMembers.projectId, w.project.id), eq(schema.projectMembers.memberId, demoted.userId)),
      );
    ms.script(
      { toolCalls: [{ name: "create_work_item", args: { name: "Made while a guest" } }] },
      { text: "Refused." },
    );
    await ask(demoted, "Another one.", { execution_id: r.body.execution_id });
    await t.app.jobs.drain();
    expect(await itemsNamed("Made while a guest")).toEqual([]);
    expect(outputs((await detail(demoted, r.body.execution_id)).records, "create_work_item").at(-1)).toMatch(
      /^Refused/,
    );
  });
});

describe("answers stream live on the realtime channel", () => {
  type DocMsg = { type: "doc"; topic: string; doc: ExecutionDocument };
  const docOf = (topic: string, pred: (d: ExecutionDocument) => boolean) => (m: LiveServerMessage) =>
    m.type === "doc" && m.topic === topic && pred((m as unknown as DocMsg).doc);

  it("the asker's execution document shows the answer while it is written; no one else may subscribe", async () => {
    ms.script({ text: "The first part of a long answer, and then the rest of it.", stallAfterMs: 1500 });
    const r = await ask(w.ws.guest, "Tell me about the project.");
    const id = r.body.execution_id as string;
    const topic = `executions/${id}`;
    const tok = (
      await w.ws.guest.post(`/api/workspaces/${w.ws.slug}/agent/get-subscription-token/`, {
        project_ids: [w.project.id],
      })
    ).body.token;
    const l = await LiveClient.open(t.url, null, { token: tok });
    try {
      expect(await l.subscribe(topic)).toMatchObject({ type: "subscribed" });
      const run = t.app.jobs.drain();
      // part of the answer, while the execution still runs
      const partial = await l.waitFor<DocMsg>(
        docOf(
          topic,
          (d) =>
            d.execution.status === "running" && d.records.some((x) => x.type === "message" && x.content.length > 0),
        ),
      );
      const msg = partial.doc.records.find((x) => x.type === "message")!;
      expect("The first part of a long answer, and then the rest of it.".startsWith(msg.content)).toBe(true);
      expect(msg.content.length).toBeLessThan("The first part of a long answer, and then the rest of it.".length);
      await run;
      await l.waitFor<DocMsg>(docOf(topic, (d) => d.execution.status === "completed"));
      const whole = l.messages
        .flatMap((m) => (m.type === "doc" && m.topic === topic ? (m as unknown as DocMsg).doc.records : []))
        .filter((x) => x.type === "message")
        .at(-1)!;
      expect(whole.content).toBe("The first part of a long answer, and then the rest of it.");
      // another person (even an admin) may not read this conversation live
      const admin = await LiveClient.open(t.url, w.ws.admin);
      try {
        expect(await admin.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
      } finally {
        admin.close();
      }
    } finally {
      l.close();
    }
  });
});

describe("errors and roles", () => {
  it("answers clear 4xx: no assistant set up, a non-assistant template, no words", async () => {
    const other = await projectFixture(t, w.ws);
    const none = await w.ws.admin.post(`${other.base}/agent/execute/`, {
      execution_config: {},
      content: "hi",
      tags: TAGS,
    });
    expect([none.status, none.body]).toEqual([400, { error: AGENT_MSG.noAssistant }]);
    const wrong = await ask(w.ws.member, "hi", { execution_config: { agent_template_id: triageId } });
    expect([wrong.status, wrong.body]).toEqual([400, { error: AGENT_MSG.notAssistant }]);
    const missing = await ask(w.ws.member, "hi", { execution_config: { agent_template_id: crypto.randomUUID() } });
    expect([missing.status, missing.body]).toEqual([400, { error: AGENT_MSG.templateNotFound }]);
    expect((await ask(w.ws.member, "  ")).body).toEqual({ content: [AGENT_MSG.contentRequired] });
    const named = await ask(w.ws.member, "hi", { execution_config: { agent_template_id: assistantId } });
    expect(named.status).toBe(202);
    await t.app.jobs.drain();
  });

  it("guests hold conversations but cannot run agents on work items or read others' runs; outsiders and anonymous callers get nothing", async () => {
    const item = await w.ws.admin.post(`${w.project.base}/issues/`, { name: "Run target" });
    const run = await w.ws.guest.post(`${w.project.base}/agent/execute/`, {
      execution_config: { agent_template_id: triageId },
      issue_id: item.body.id,
      content: "go",
    });
    expect([run.status, run.body]).toEqual([403, { error: "You don't have the required permissions." }]);
    ms.script({ text: "Triaged." });
    const memberRun = await w.ws.member.post(`${w.project.base}/agent/execute/`, {
      execution_config: { agent_template_id: triageId },
      issue_id: item.body.id,
      content: "go",
      tags: ["triage"],
    });
    expect(memberRun.status).toBe(202);
    await t.app.jobs.drain();
    const runId = memberRun.body.execution_id;
    expect((await w.ws.guest.get(`${w.project.base}/agent/executions/${runId}/`)).status).toBe(403);
    expect((await w.ws.guest.post(`${w.project.base}/agent/executions/${runId}/cancel/`)).status).toBe(403);
    expect(
      (await w.ws.guest.post(`${w.project.base}/agent/execute/`, { execution_id: runId, content: "more" })).status,
    ).toBe(403);
    // a guest's search finds only their own conversations, whatever the tags
    const all = await w.ws.guest.get(`${w.project.base}/agent/executions/search/`);
    expect(all.status).toBe(200);
    expect(
      all.body.executions.every(
        (x: { tags: string[]; created_by: string }) =>
          x.tags.includes(PROJECT_ASSISTANT_TAG) && x.created_by === w.ws.guest.userId,
      ),
    ).toBe(true);
    expect(all.body.executions.length).toBeGreaterThan(0);
    expect(
      (await w.ws.member.get(`${w.project.base}/agent/executions/search/?tags=triage`)).body.executions.map(
        (x: { id: string }) => x.id,
      ),
    ).toEqual([runId]);
    for (const [c, status] of [
      [w.ws.outsider, 403],
      [w.ws.anon, 401],
    ] as const) {
      expect((await ask(c, "hi")).status).toBe(status);
      expect((await history(c)).status).toBe(status);
    }
  });
});

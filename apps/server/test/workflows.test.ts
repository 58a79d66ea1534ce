import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { LiveClient } from "./helpers/live.ts";

/**
 * Workflows (issue #29 point 5, `is_workflow_enabled`): per state, the states its work items may move to and who may
 * make each move, set by project admins; enforced by the one command every state change goes through, whichever
 * path asks (the app's PATCH, bulk changes, API v1, intake accept, an agent's tool call, an importer), with the
 * field error `{state_id|state: [reason]}`; with the feature off nothing is enforced.
 */

let t: TestServer;
let ws: WorkspaceFixture;
let ms: ModelServer;
const KEY = "test-key";

beforeAll(async () => {
  t = await startTestServer({ outboundAllowPrivate: true });
  ws = await workspaceFixture(t);
  ms = await startModelServer({ apiKey: KEY });
});
afterAll(async () => {
  await ms?.close();
  await t?.close();
});
beforeEach(() => ms.reset());

/** A project with workflows on and its work items' helpers. */
async function world(opts: { enabled?: boolean } = {}) {
  const pr = await projectFixture(t, ws);
  if (opts.enabled !== false)
    expect((await ws.admin.patch(`${pr.base}/`, { is_workflow_enabled: true })).status).toBe(200);
  const rule = (
    stateId: string,
    transitions: { transition_state_id: string; roles?: number[]; member_ids?: string[] }[],
  ) => ws.admin.put(`${pr.base}/workflow-states/${stateId}/`, { transitions });
  const item = async (name: string, state: string) => {
    const r = await ws.admin.post(`${pr.base}/issues/`, { name, state_id: pr.states[state] });
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string; sequence_id: number };
  };
  const stateOf = async (id: string) =>
    (await t.db.db.select({ s: schema.issues.stateId }).from(schema.issues).where(eq(schema.issues.id, id)))[0].s;
  return { pr, rule, item, stateOf };
}

const NOT_LISTED = (from: string, to: string, where: string) =>
  `This project's workflow doesn't allow moving work items from "${from}" to "${to}". ${where}`;

describe("workflow rules", () => {
  let pr: ProjectFixture;
  beforeAll(async () => {
    pr = (await world()).pr;
  });

  it("are read by everyone in the project, set and removed by admins, per state", async () => {
    for (const c of [ws.admin, ws.member, ws.guest])
      expect((await c.get(`${pr.base}/workflow-states/`)).body).toEqual([]);
    const put = await ws.admin.put(`${pr.base}/workflow-states/${pr.states.Backlog}/`, {
      transitions: [
        { transition_state_id: pr.states.Todo },
        { transition_state_id: pr.states.Cancelled, roles: [20, 15, 20], member_ids: [ws.guest.userId] },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({
      state_id: pr.states.Backlog,
      project_id: pr.id,
      transitions: [
        { transition_state_id: pr.states.Todo, roles: [], member_ids: [] },
        { transition_state_id: pr.states.Cancelled, roles: [20, 15], member_ids: [ws.guest.userId] },
      ],
    });
    expect((await ws.guest.get(`${pr.base}/workflow-states/`)).body).toEqual([put.body]);
    // a save replaces the state's rule; an empty list keeps its items where they are
    const again = await ws.admin.put(`${pr.base}/workflow-states/${pr.states.Backlog}/`, { transitions: [] });
    expect(again.body).toMatchObject({ id: put.body.id, transitions: [] });
    for (const c of [ws.member, ws.guest]) {
      expect((await c.put(`${pr.base}/workflow-states/${pr.states.Backlog}/`, { transitions: [] })).status).toBe(403);
      expect((await c.delete(`${pr.base}/workflow-states/${pr.states.Backlog}/`)).status).toBe(403);
    }
    expect((await ws.admin.delete(`${pr.base}/workflow-states/${pr.states.Backlog}/`)).status).toBe(204);
    expect((await ws.admin.delete(`${pr.base}/workflow-states/${pr.states.Backlog}/`)).status).toBe(404);
    expect((await ws.admin.get(`${pr.base}/workflow-states/`)).body).toEqual([]);
  });

  it("refuse targets that are not the project's other states, and people outside the project", async () => {
    const other = await projectFixture(t, ws);
    const put = (transitions: unknown) =>
      ws.admin.put(`${pr.base}/workflow-states/${pr.states.Todo}/`, { transitions });
    expect((await put([{ transition_state_id: other.states.Done }])).body).toEqual({
      transitions: [`Invalid pk "${other.states.Done}" - object does not exist.`],
    });
    expect((await put([{ transition_state_id: pr.states.Todo }])).body).toEqual({
      transitions: ["A state cannot list itself: staying in a state is not a move."],
    });
    expect(
      (await put([{ transition_state_id: pr.states.Done }, { transition_state_id: pr.states.Done }])).body,
    ).toEqual({ transitions: ["A state is listed more than once."] });
    expect((await put([{ transition_state_id: pr.states.Done, member_ids: [ws.outsider.userId] }])).body).toEqual({
      member_ids: [`Invalid pk "${ws.outsider.userId}" - not a member of the project.`],
    });
    const badRole = await put([{ transition_state_id: pr.states.Done, roles: [7] }]);
    expect(badRole.status).toBe(400);
    expect(badRole.body).toEqual({ "transitions.0.roles.0": ['"7" is not a valid choice.'] });
    // another project's state is not found here
    expect((await ws.admin.put(`${pr.base}/workflow-states/${other.states.Todo}/`, { transitions: [] })).status).toBe(
      404,
    );
    expect((await ws.admin.get(`${pr.base}/workflow-states/`)).body).toEqual([]);
  });

  it("go with their states", async () => {
    const s = await ws.admin.post(`${pr.base}/states/`, { name: "Review", color: "#123456", group: "started" });
    await ws.admin.put(`${pr.base}/workflow-states/${pr.states.Todo}/`, {
      transitions: [{ transition_state_id: s.body.id }],
    });
    await ws.admin.put(`${pr.base}/workflow-states/${s.body.id}/`, {
      transitions: [{ transition_state_id: pr.states.Done }],
    });
    expect((await ws.admin.delete(`${pr.base}/states/${s.body.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${pr.base}/workflow-states/`)).body).toMatchObject([
      { state_id: pr.states.Todo, transitions: [] },
    ]);
  });

  it("reach the project's realtime topic as they change", async () => {
    const live = await LiveClient.open(t.url, ws.guest);
    try {
      expect(await live.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
      const put = await ws.admin.put(`${pr.base}/workflow-states/${pr.states["In Progress"]}/`, {
        transitions: [{ transition_state_id: pr.states.Done }],
      });
      const heard = (table: string, op: string, id?: string) =>
        live.waitFor(
          (m) =>
            m.type === "event" &&
            m.topic === `project:${pr.id}` &&
            m.event.t === table &&
            m.event.op === op &&
            (!id || m.event.id === id),
        );
      await heard("workflow_states", "insert", put.body.id);
      await heard("workflow_transitions", "insert", put.body.transitions[0].id);
      expect((await ws.admin.delete(`${pr.base}/workflow-states/${pr.states["In Progress"]}/`)).status).toBe(204);
      await heard("workflow_states", "delete", put.body.id);
    } finally {
      live.close();
    }
  });

  it("are in API v1 too, with the same rules and roles", async () => {
    const v1 = await apiKeyFor(ws.admin, { slug: ws.slug });
    const url = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}/workflow-states/`;
    const put = await v1.put(`${url}${pr.states.Done}/`, {
      transitions: [{ transition_state_id: pr.states.Todo, roles: [20] }],
    });
    expect(put.status, put.text).toBe(200);
    expect((await v1.get(url)).body.find((r: { state_id: string }) => r.state_id === pr.states.Done)).toMatchObject({
      transitions: [{ transition_state_id: pr.states.Todo, roles: [20] }],
    });
    const memberKey = await apiKeyFor(ws.member);
    expect((await memberKey.get(url)).status).toBe(200);
    expect((await memberKey.delete(`${url}${pr.states.Done}/`)).status).toBe(403);
    expect((await v1.delete(`${url}${pr.states.Done}/`)).status).toBe(204);
    const doc = (await v1.get("/api/v1/openapi.json")).body;
    const path = `/api/v1/workspaces/{slug}/projects/{projectId}/workflow-states/`;
    expect(Object.keys(doc.paths[path])).toEqual(["get"]);
    expect(Object.keys(doc.paths[`${path}{stateId}/`]).sort()).toEqual(["delete", "put"]);
  });
});

describe("a workflow refuses a move", () => {
  it("by the app's PATCH: a move the state does not list, or one for other people; off, nothing is enforced", async () => {
    const w = await world({ enabled: false });
    await w.rule(w.pr.states.Backlog, [{ transition_state_id: w.pr.states.Todo }]);
    await w.rule(w.pr.states.Todo, [
      { transition_state_id: w.pr.states.Done, roles: [20], member_ids: [ws.guest.userId] },
    ]);
    const a = await w.item("Off", "Backlog");
    // workflows off: the rules are kept but not enforced
    expect((await ws.member.patch(`${w.pr.base}/issues/${a.id}/`, { state_id: w.pr.states.Done })).status).toBe(204);
    expect(await w.stateOf(a.id)).toBe(w.pr.states.Done);

    expect((await ws.admin.patch(`${w.pr.base}/`, { is_workflow_enabled: true })).status).toBe(200);
    const b = await w.item("On", "Backlog");
    const refused = await ws.member.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Done });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      state_id: [NOT_LISTED("Backlog", "Done", `Work items in "Backlog" can move to "Todo".`)],
    });
    expect(await w.stateOf(b.id)).toBe(w.pr.states.Backlog);
    // the listed move passes (with the item's other fields in the same call)
    expect(
      (await ws.member.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Todo, priority: "high" })).status,
    ).toBe(204);
    // Todo → Done: admins and the named guest only
    const byMember = await ws.member.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Done });
    expect(byMember.body).toEqual({
      state_id: [`Only admins and Gus Guest can move work items from "Todo" to "Done" in this project's workflow.`],
    });
    expect(await w.stateOf(b.id)).toBe(w.pr.states.Todo);
    expect((await ws.admin.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Done })).status).toBe(204);
    // a state without a rule is free
    expect((await ws.member.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Backlog })).status).toBe(204);
    // nothing refused was recorded
    const A = schema.issueActivities;
    const acts = await t.db.db
      .select()
      .from(A)
      .where(and(eq(A.issueId, b.id), eq(A.field, "state")))
      .orderBy(asc(A.createdAt));
    expect(acts.map((x) => x.newValue)).toEqual(["Todo", "Done", "Backlog"]);
    // turned off again: no enforcement
    expect((await ws.admin.patch(`${w.pr.base}/`, { is_workflow_enabled: false })).status).toBe(200);
    expect((await ws.member.patch(`${w.pr.base}/issues/${b.id}/`, { state_id: w.pr.states.Done })).status).toBe(204);
  });

  it("by a bulk operation: the whole change is refused, naming the item", async () => {
    const w = await world();
    await w.rule(w.pr.states.Todo, [{ transition_state_id: w.pr.states["In Progress"] }]);
    const free = await w.item("Free", "Backlog");
    const held = await w.item("Held", "Todo");
    const res = await ws.member.post(`${w.pr.base}/bulk-operation-issues/`, {
      issue_ids: [free.id, held.id],
      properties: { state_id: w.pr.states.Done, priority: "low" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      state_id: [
        `${w.pr.identifier}-${held.sequence_id}: ${NOT_LISTED("Todo", "Done", `Work items in "Todo" can move to "In Progress".`)}`,
      ],
    });
    expect(await w.stateOf(free.id)).toBe(w.pr.states.Backlog);
    expect(await w.stateOf(held.id)).toBe(w.pr.states.Todo);
    const ok = await ws.member.post(`${w.pr.base}/bulk-operation-issues/`, {
      issue_ids: [free.id, held.id],
      properties: { state_id: w.pr.states["In Progress"] },
    });
    expect(ok.status).toBe(204);
    expect(await w.stateOf(held.id)).toBe(w.pr.states["In Progress"]);
  });

  it("by API v1's PATCH, on its `state` field", async () => {
    const w = await world();
    await w.rule(w.pr.states.Backlog, [{ transition_state_id: w.pr.states.Todo, roles: [20] }]);
    const a = await w.item("Through v1", "Backlog");
    const member: ApiKeyClient = await apiKeyFor(ws.member);
    const url = `/api/v1/workspaces/${ws.slug}/projects/${w.pr.id}/work-items/${a.id}/`;
    const refused = await member.patch(url, { state: w.pr.states.Todo });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      state: [`Only admins can move work items from "Backlog" to "Todo" in this project's workflow.`],
    });
    expect((await member.patch(url, { state: w.pr.states.Done })).body).toEqual({
      state: [NOT_LISTED("Backlog", "Done", `Work items in "Backlog" can move to "Todo".`)],
    });
    expect(await w.stateOf(a.id)).toBe(w.pr.states.Backlog);
    const admin = await apiKeyFor(ws.admin, { slug: ws.slug });
    expect((await admin.patch(url, { state: w.pr.states.Todo })).status).toBe(200);
    expect(await w.stateOf(a.id)).toBe(w.pr.states.Todo);
  });

  it("by accepting an intake item: the triage state's rule says where accepted items may go and who accepts", async () => {
    const w = await world();
    expect((await ws.admin.patch(`${w.pr.base}/`, { intake_view: true })).status).toBe(200);
    const triage = (await ws.admin.get(`${w.pr.base}/intake-state/`)).body.id as string;
    // accepting lands in the default state (Backlog): the rule lists Todo only
    await w.rule(triage, [{ transition_state_id: w.pr.states.Todo }]);
    const made = await ws.member.post(`${w.pr.base}/intake-issues/`, { issue: { name: "Printer on fire" } });
    expect(made.status, made.text).toBe(200);
    const id = made.body.issue.id as string;
    const refused = await ws.admin.patch(`${w.pr.base}/inbox-issues/${id}/`, { status: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      state_id: [NOT_LISTED("Triage", "Backlog", `Work items in "Triage" can move to "Todo".`)],
    });
    expect((await ws.admin.get(`${w.pr.base}/inbox-issues/${id}/`)).body).toMatchObject({ status: -2 });
    expect(await w.stateOf(id)).toBe(triage);
    // allowed to land in Backlog: accepted
    await w.rule(triage, [{ transition_state_id: w.pr.states.Backlog }]);
    expect((await ws.admin.patch(`${w.pr.base}/inbox-issues/${id}/`, { status: 1 })).status).toBe(200);
    expect(await w.stateOf(id)).toBe(w.pr.states.Backlog);
  });

  it("by an agent's tool call, judging the person the agent acts for", async () => {
    const w = await world();
    const p = w.pr.base;
    expect(
      (
        await ws.admin.post(`${p}/model-configs/scripted/`, {
          provider: "openai",
          base_url: ms.openaiBaseUrl,
          model: "test-model",
          api_key: KEY,
        })
      ).status,
    ).toBe(200);
    const tpl = (
      await ws.admin.post(`${p}/agent/templates/`, {
        config: { type: "triage", name: "Triager", model_config: "scripted", max_steps: 10, timeout_s: 60 },
      })
    ).body.agent_template;
    // Backlog → In Progress: only the member (not the agent's bot, nor other members); Backlog → Done: not at all
    await w.rule(w.pr.states.Backlog, [
      { transition_state_id: w.pr.states["In Progress"], member_ids: [ws.member.userId] },
    ]);
    const a = await w.item("For the agent", "Backlog");
    ms.script(
      { toolCalls: [{ name: "set_state", args: { state: "Done" } }] },
      { toolCalls: [{ name: "set_state", args: { state: "In Progress" } }] },
      { text: "Done." },
    );
    const r = await ws.member.post(`${p}/agent/execute/`, {
      execution_config: { agent_template_id: tpl.id },
      issue_id: a.id,
      content: "Triage it.",
      tags: ["issue"],
    });
    expect(r.status, r.text).toBe(202);
    await t.app.jobs.drain();
    const recs = (await ws.member.get(`${p}/agent/executions/${r.body.execution_id}/`)).body.records as {
      type: string;
      tool_name: string | null;
      content: string;
    }[];
    const outs = recs.filter((x) => x.type === "tool_call_output" && x.tool_name === "set_state").map((x) => x.content);
    expect(outs).toEqual([
      `The change was refused: ${JSON.stringify({ state_id: [NOT_LISTED("Backlog", "Done", `Work items in "Backlog" can move to "In Progress".`)] })}`,
      "The work item is now in state In Progress.",
    ]);
    expect(await w.stateOf(a.id)).toBe(w.pr.states["In Progress"]);
  });

  it("by an importer: the item that would move is reported as failed and stays where it is", async () => {
    const w = await world();
    const csv =
      "Summary,Issue key,Issue id,Issue Type,Status,Priority\nWrite the pipeline,ACME-2,10002,Story,To Do,Medium\nShip it,ACME-5,10005,Task,To Do,Low\n";
    const base = `/api/workspaces/${ws.slug}/importers/`;
    const run = async (states: Record<string, string>) => {
      const imp = await ws.admin.post(base, { service: "jira", project_id: w.pr.id, file_name: "jira.csv", csv });
      expect(imp.status, imp.text).toBe(201);
      expect((await ws.admin.post(`${base}${imp.body.id}/start/`, { mapping: { states, users: {} } })).status).toBe(
        200,
      );
      await t.app.jobs.drain();
      return (await ws.admin.get(`${base}${imp.body.id}/`)).body;
    };
    expect((await run({ "To Do": w.pr.states.Todo })).summary).toMatchObject({ created: 2, failed: [] });
    await w.rule(w.pr.states.Todo, [{ transition_state_id: w.pr.states["In Progress"] }]);
    const second = await run({ "To Do": w.pr.states.Done });
    expect(second.summary).toMatchObject({ created: 0, updated: 0 });
    expect(second.summary.failed).toEqual([
      {
        external_id: "ACME-2",
        name: "Write the pipeline",
        reason: `state_id: ${NOT_LISTED("Todo", "Done", `Work items in "Todo" can move to "In Progress".`)}`,
      },
      {
        external_id: "ACME-5",
        name: "Ship it",
        reason: `state_id: ${NOT_LISTED("Todo", "Done", `Work items in "Todo" can move to "In Progress".`)}`,
      },
    ]);
    const rows = await t.db.db.select().from(schema.issues).where(eq(schema.issues.projectId, w.pr.id));
    expect(rows.map((r) => r.stateId)).toEqual([w.pr.states.Todo, w.pr.states.Todo]);
    expect((await run({ "To Do": w.pr.states["In Progress"] })).summary).toMatchObject({ updated: 2, failed: [] });
  });
});

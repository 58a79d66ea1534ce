import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/db/client.ts";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, expectMatrix, setCreator } from "./helpers/work-items.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
});
afterAll(async () => {
  await t?.close();
});

describe("tasks", () => {
  it("creates, lists in order, updates status (incl. in_progress) and deletes", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/tasks/`;
    const a = await ws.member.post(url, { name: "Write tests" });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      name: "Write tests",
      status: "pending",
      sort_order: 65535,
      description: "",
      assignee_id: null,
      completed_at: null,
      issue: it0.id,
      project: pr.id,
    });
    const b = await ws.member.post(url, { name: "Ship", assignee_id: ws.member.userId });
    expect(b.body.sort_order).toBe(75535);
    expect((await ws.member.get(url)).body.map((x: any) => x.name)).toEqual(["Write tests", "Ship"]);
    const running = await ws.member.patch(`${url}${a.body.id}/`, { status: "in_progress" });
    expect([running.status, running.body.status]).toEqual([200, "in_progress"]);
    const done = await ws.member.patch(`${url}${a.body.id}/`, { status: "completed" });
    expect(done.body.completed_at).not.toBeNull();
    const reopened = await ws.member.patch(`${url}${a.body.id}/`, { status: "pending" });
    expect(reopened.body.completed_at).toBeNull();
    expect((await ws.member.delete(`${url}${b.body.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${url}${b.body.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${pr.base}/issues/${it0.id}/`)).body.task_count).toBe(1);
    const acts = (await activityRows(t, it0.id)).filter((r) => r.field === "task").map((r) => [r.verb, r.newValue]);
    expect(acts).toEqual([
      ["created", "Write tests"],
      ["created", "Ship"],
      ["updated", "in_progress"],
      ["updated", "completed"],
      ["updated", "pending"],
      ["deleted", null],
    ]);
  });

  it("bulk-creates, bulk-updates, reorders and bulk-deletes", async () => {
    const it0 = await createItem(ws, pr);
    const base = `${pr.base}/issues/${it0.id}/tasks/`;
    const created = await ws.member.post(`${base}bulk-create/`, {
      tasks: [{ name: "one" }, { name: "two" }, { name: "three", status: "cancelled" }],
    });
    expect(created.status).toBe(201);
    expect(created.body.map((x: any) => [x.name, x.status])).toEqual([
      ["one", "pending"],
      ["two", "pending"],
      ["three", "cancelled"],
    ]);
    const [one, two, three] = created.body.map((x: any) => x.id);
    const updated = await ws.member.post(`${base}bulk-update/`, {
      updates: [
        { id: one, status: "in_progress" },
        { id: two, name: "deux" },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.map((x: any) => [x.name, x.status])).toEqual([
      ["one", "in_progress"],
      ["deux", "pending"],
    ]);
    const reordered = await ws.member.post(`${base}reorder/`, { task_orders: [three, one, two] });
    expect(reordered.body.map((x: any) => x.id)).toEqual([three, one, two]);
    const explicit = await ws.member.post(`${base}reorder/`, { task_orders: [{ id: two, sort_order: 1 }] });
    expect(explicit.body.map((x: any) => x.id)).toEqual([two, three, one]);
    expect((await ws.member.post(`${base}bulk-delete/`, { task_ids: [one, two] })).status).toBe(204);
    expect((await ws.member.get(base)).body.map((x: any) => x.id)).toEqual([three]);
    expect((await ws.member.post(`${base}bulk-delete/`, { task_ids: [one] })).body).toEqual({
      error: "Task not found",
    });
    expect(
      (await ws.member.post(`${base}bulk-update/`, { updates: [{ id: crypto.randomUUID(), name: "x" }] })).status,
    ).toBe(404);
    expect((await ws.member.post(`${base}reorder/`, { task_orders: [crypto.randomUUID()] })).status).toBe(404);
  });

  it("fetches the tasks of several items at once", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    await ws.member.post(`${pr.base}/issues/${a.id}/tasks/`, { name: "a1" });
    const res = await ws.member.post(`${pr.base}/tasks/bulk-fetch/`, { issue_ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([a.id, b.id].sort());
    expect(res.body[a.id].map((x: any) => x.name)).toEqual(["a1"]);
    expect(res.body[b.id]).toEqual([]);
    const foreign = await createItem(ws, other);
    expect(
      await ws.member.post(`${pr.base}/tasks/bulk-fetch/`, { issue_ids: [foreign.id] }).then((r) => [r.status, r.body]),
    ).toEqual([404, { error: "Work item not found" }]);
    await setCreator(t, b.id, ws.guest.userId);
    expect((await ws.guest.post(`${pr.base}/tasks/bulk-fetch/`, { issue_ids: [b.id] })).status).toBe(200);
    expect((await ws.guest.post(`${pr.base}/tasks/bulk-fetch/`, { issue_ids: [a.id] })).status).toBe(404);
  });

  it("refuses bad input", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/tasks/`;
    expect((await ws.member.post(url, {})).body).toEqual({ name: ["This field is required."] });
    expect((await ws.member.post(url, { name: "x", status: "paused" })).body).toEqual({
      status: ['"paused" is not a valid choice.'],
    });
    expect((await ws.member.post(url, { name: "x".repeat(256) })).body).toEqual({
      name: ["Ensure this field has no more than 255 characters."],
    });
    expect((await ws.member.post(url, { name: "x", assignee_id: ws.outsider.userId })).body).toEqual({
      assignee_id: ["Assignee must be a member of the project."],
    });
    expect((await ws.member.post(`${url}bulk-create/`, { tasks: [] })).body).toEqual({
      tasks: ["This list may not be empty."],
    });
    const otherItem = await createItem(ws, pr);
    const task = (await ws.member.post(`${pr.base}/issues/${otherItem.id}/tasks/`, { name: "elsewhere" })).body;
    expect((await ws.member.patch(`${url}${task.id}/`, { name: "hijack" })).status).toBe(404);
  });

  it("applies the role matrix", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/tasks/`;
    await expectMatrix(ws, (c) => c.post(url, { name: "m" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
    await setCreator(t, it0.id, ws.guest.userId);
    expect((await ws.guest.get(url)).status).toBe(200);
    expect((await ws.guest.post(url, { name: "guest" })).status).toBe(403);
  });
});

describe("agent executions", () => {
  it("lists the executions started on an item, newest first", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/agent-executions/`;
    expect((await ws.member.get(url)).body).toEqual({ agent_executions: [] });
    await t.db.db.insert(schema.issueAgentExecutions).values({
      issueId: it0.id,
      projectId: pr.id,
      workspaceId: ws.id,
      executionId: "exec-1",
      createdAt: new Date(Date.now() - 1000),
    });
    await t.db.db
      .insert(schema.issueAgentExecutions)
      .values({ issueId: it0.id, projectId: pr.id, workspaceId: ws.id, executionId: "exec-2" });
    const res = await ws.member.get(url);
    expect(res.body.agent_executions.map((e: any) => e.execution_id)).toEqual(["exec-2", "exec-1"]);
    expect(res.body.agent_executions[0]).toEqual({
      id: expect.any(String),
      execution_id: "exec-2",
      created_at: expect.any(String),
    });
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
  });
});

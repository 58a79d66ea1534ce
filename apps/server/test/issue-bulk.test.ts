import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, expectMatrix } from "./helpers/work-items.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let label: string;

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  label = (await ws.admin.post(`${pr.base}/issue-labels/`, { name: "bulk", color: "#00ff00" })).body.id;
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const INVALID_ARCHIVE = { error_code: 4091, error_message: "INVALID_ARCHIVE_STATE_GROUP" };

describe("archive / restore", () => {
  it("archives only completed or cancelled items (4091 otherwise) and restores them", async () => {
    const open = await createItem(ws, pr);
    const done = await createItem(ws, pr, { state_id: pr.states.Done });
    const cancelled = await createItem(ws, pr, { state_id: pr.states.Cancelled });
    const refused = await ws.member.post(`${pr.base}/issues/${open.id}/archive/`);
    expect([refused.status, refused.body]).toEqual([400, INVALID_ARCHIVE]);
    const ok = await ws.member.post(`${pr.base}/issues/${done.id}/archive/`);
    expect([ok.status, ok.body]).toEqual([200, { archived_at: today() }]);
    expect((await ws.member.post(`${pr.base}/issues/${cancelled.id}/archive/`)).status).toBe(200);
    const got = await ws.member.get(`${pr.base}/issues/${done.id}/archive/`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: done.id,
      archived_at: today(),
      description_html: "<p></p>",
      is_subscribed: false,
    });
    expect((await ws.member.get(`${pr.base}/issues/${open.id}/archive/`)).status).toBe(404);
    expect((await ws.member.get(`${pr.base}/issues/${done.id}/`)).body.archived_at).toBe(today());
    expect((await ws.member.delete(`${pr.base}/issues/${done.id}/archive/`)).status).toBe(204);
    expect((await ws.member.get(`${pr.base}/issues/${done.id}/`)).body.archived_at).toBeNull();
    expect((await ws.member.get(`${pr.base}/issues/${done.id}/archive/`)).status).toBe(404);
    const fields = (await activityRows(t, done.id))
      .filter((a) => a.field === "archived_at")
      .map((a) => [a.oldValue, a.newValue]);
    expect(fields).toEqual([
      [null, "manual_archive"],
      ["archive", "restore"],
    ]);
  });

  it("applies the role matrix", async () => {
    const done = await createItem(ws, pr, { state_id: pr.states.Done });
    await expectMatrix(ws, (c) => c.post(`${pr.base}/issues/${done.id}/archive/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/issues/${done.id}/archive/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.delete(`${pr.base}/issues/${done.id}/archive/`), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("bulk-archive-issues", () => {
  it("archives all or nothing", async () => {
    const a = await createItem(ws, pr, { state_id: pr.states.Done });
    const b = await createItem(ws, pr, { state_id: pr.states.Cancelled });
    const c = await createItem(ws, pr);
    const url = `${pr.base}/bulk-archive-issues/`;
    const refused = await ws.member.post(url, { issue_ids: [a.id, c.id] });
    expect([refused.status, refused.body]).toEqual([400, INVALID_ARCHIVE]);
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body.archived_at).toBeNull();
    const ok = await ws.member.post(url, { issue_ids: [a.id, b.id] });
    expect([ok.status, ok.body]).toEqual([200, { archived_at: today() }]);
    expect((await ws.member.get(`${pr.base}/issues/${b.id}/`)).body.archived_at).toBe(today());
    const foreign = await createItem(ws, other, { state_id: other.states.Done });
    expect(await ws.member.post(url, { issue_ids: [foreign.id] }).then((r) => [r.status, r.body])).toEqual([
      404,
      { error: "Work item not found" },
    ]);
    expect((await ws.member.post(url, { issue_ids: [] })).body).toEqual({ issue_ids: ["Issue IDs are required"] });
    expect((await ws.member.post(url, { issue_ids: "x" })).status).toBe(400);
    const d = await createItem(ws, pr, { state_id: pr.states.Done });
    await expectMatrix(ws, (cl) => cl.post(url, { issue_ids: [d.id] }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("bulk-delete-issues", () => {
  it("deletes the items (and their sub-items) for project admins", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const child = await createItem(ws, pr, { parent_id: a.id });
    const url = `${pr.base}/bulk-delete-issues/`;
    expect((await ws.member.delete(url, { issue_ids: [a.id] })).status).toBe(403);
    const res = await ws.admin.delete(url, { issue_ids: [a.id, b.id, child.id] });
    expect([res.status, res.body]).toEqual([200, { message: "3 issues were deleted" }]);
    for (const id of [a.id, b.id, child.id]) expect((await ws.admin.get(`${pr.base}/issues/${id}/`)).status).toBe(404);
    expect(await ws.admin.delete(url, { issue_ids: [a.id] }).then((r) => [r.status, r.body])).toEqual([
      404,
      { error: "Work item not found" },
    ]);
    const c = await createItem(ws, pr);
    await expectMatrix(ws, (cl) => cl.delete(url, { issue_ids: [c.id] }), {
      admin: 200,
      member: 403,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("bulk-operation-issues", () => {
  it("sets scalar properties and adds labels and assignees on every item, with activity", async () => {
    const a = await createItem(ws, pr, { assignee_ids: [ws.admin.userId] });
    const b = await createItem(ws, pr);
    const res = await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: {
        priority: "urgent",
        state_id: pr.states["In Progress"],
        label_ids: [label],
        assignee_ids: [ws.member.userId],
        target_date: "2030-01-01",
      },
    });
    expect(res.status).toBe(204);
    const da = (await ws.member.get(`${pr.base}/issues/${a.id}/`)).body;
    const db = (await ws.member.get(`${pr.base}/issues/${b.id}/`)).body;
    expect(da).toMatchObject({
      priority: "urgent",
      state_id: pr.states["In Progress"],
      label_ids: [label],
      target_date: "2030-01-01",
    });
    expect(da.assignee_ids.sort()).toEqual([ws.admin.userId, ws.member.userId].sort());
    expect(db.assignee_ids).toEqual([ws.member.userId]);
    expect((await activityRows(t, b.id)).map((r) => r.field)).toEqual(
      expect.arrayContaining(["priority", "state", "labels", "assignees", "target_date"]),
    );
  });

  it("moves items into a cycle and adds them to modules", async () => {
    const [cycle] = await t.db.db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "Sprint", ownedById: ws.admin.userId })
      .returning();
    const [mod] = await t.db.db
      .insert(schema.modules)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "Mod" })
      .returning();
    const a = await createItem(ws, pr);
    const res = await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [a.id],
      properties: { cycle_id: cycle.id, module_ids: [mod.id] },
    });
    expect(res.status).toBe(204);
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body).toMatchObject({
      cycle_id: cycle.id,
      module_ids: [mod.id],
    });
    await ws.member.post(`${pr.base}/bulk-operation-issues/`, { issue_ids: [a.id], properties: { cycle_id: null } });
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body.cycle_id).toBeNull();
    const [foreignCycle] = await t.db.db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: other.id, name: "Other", ownedById: ws.admin.userId })
      .returning();
    expect(
      (
        await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
          issue_ids: [a.id],
          properties: { cycle_id: foreignCycle.id },
        })
      ).body,
    ).toEqual({ cycle_id: ["Invalid cycle"] });
  });

  it("moves several items between cycles at once, recording one activity per item that moved", async () => {
    const [c1] = await t.db.db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "C1", ownedById: ws.admin.userId })
      .returning();
    const [c2] = await t.db.db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "C2", ownedById: ws.admin.userId })
      .returning();
    const [m1] = await t.db.db
      .insert(schema.modules)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "M-multi" })
      .returning();
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const c = await createItem(ws, pr);
    await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { cycle_id: c1.id, module_ids: [m1.id] },
    });
    // c joins c2; a moves from c1 to c2; b is asked again for the module it already has.
    const res = await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [a.id, c.id],
      properties: { cycle_id: c2.id },
    });
    expect(res.status).toBe(204);
    for (const id of [a.id, c.id]) expect((await ws.member.get(`${pr.base}/issues/${id}/`)).body.cycle_id).toBe(c2.id);
    expect((await ws.member.get(`${pr.base}/issues/${b.id}/`)).body.cycle_id).toBe(c1.id);
    const aCycles = (await activityRows(t, a.id)).filter((r) => r.field === "cycles");
    expect(aCycles.map((r) => [r.oldValue, r.newValue])).toEqual([
      ["", "C1"],
      ["C1", "C2"],
    ]);
    await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [b.id, c.id],
      properties: { module_ids: [m1.id] },
    });
    expect((await activityRows(t, b.id)).filter((r) => r.field === "modules")).toHaveLength(1);
    expect((await activityRows(t, c.id)).filter((r) => r.field === "modules").map((r) => r.newValue)).toEqual([
      "M-multi",
    ]);
  });

  it("refuses dates that would put start after target (4101 / 4102) and unknown items, changing nothing", async () => {
    const a = await createItem(ws, pr, { target_date: "2025-01-10" });
    const b = await createItem(ws, pr, { start_date: "2025-01-20" });
    const url = `${pr.base}/bulk-operation-issues/`;
    expect((await ws.member.post(url, { issue_ids: [a.id], properties: { start_date: "2025-02-01" } })).body).toEqual({
      error_code: 4101,
      error_message: "INVALID_ISSUE_START_DATE",
    });
    expect((await ws.member.post(url, { issue_ids: [b.id], properties: { target_date: "2025-01-01" } })).body).toEqual({
      error_code: 4102,
      error_message: "INVALID_ISSUE_TARGET_DATE",
    });
    const res = await ws.member.post(url, { issue_ids: [a.id, crypto.randomUUID()], properties: { priority: "low" } });
    expect([res.status, res.body]).toEqual([404, { error: "Work item not found" }]);
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body.priority).toBe("none");
    expect((await ws.member.post(url, { issue_ids: [a.id] })).body).toEqual({
      properties: ["This field is required."],
    });
    expect((await ws.member.post(url, { issue_ids: [a.id], properties: { priority: "max" } })).body).toEqual({
      "properties.priority": ['"max" is not a valid choice.'],
    });
    await expectMatrix(ws, (c) => c.post(url, { issue_ids: [a.id], properties: { priority: "medium" } }), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("issue-dates", () => {
  it("updates start and target dates of several items, with activity", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr, { start_date: "2025-01-01", target_date: "2025-01-05" });
    const res = await ws.member.post(`${pr.base}/issue-dates/`, {
      updates: [
        { id: a.id, start_date: "2025-03-01", target_date: "2025-03-10" },
        { id: b.id, target_date: null },
      ],
    });
    expect([res.status, res.body]).toEqual([200, { message: "Issues updated successfully" }]);
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body).toMatchObject({
      start_date: "2025-03-01",
      target_date: "2025-03-10",
    });
    expect((await ws.member.get(`${pr.base}/issues/${b.id}/`)).body).toMatchObject({
      start_date: "2025-01-01",
      target_date: null,
    });
    expect((await activityRows(t, a.id)).filter((r) => r.field?.endsWith("_date")).map((r) => r.field)).toEqual([
      "start_date",
      "target_date",
    ]);
  });

  it("refuses start after target, unknown or foreign items and bad dates", async () => {
    const a = await createItem(ws, pr, { target_date: "2025-01-05" });
    const url = `${pr.base}/issue-dates/`;
    const bad = await ws.member.post(url, { updates: [{ id: a.id, start_date: "2025-02-01" }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: "Start date cannot exceed target date" });
    const foreign = await createItem(ws, other);
    expect(
      await ws.member
        .post(url, { updates: [{ id: foreign.id, start_date: "2025-01-01" }] })
        .then((r) => [r.status, r.body]),
    ).toEqual([404, { error: "Work item not found" }]);
    expect((await ws.member.post(url, { updates: [{ id: a.id, start_date: "01/02/2025" }] })).status).toBe(400);
    expect((await ws.member.post(url, {})).body).toEqual({ updates: ["This field is required."] });
    await expectMatrix(ws, (c) => c.post(url, { updates: [{ id: a.id, start_date: "2025-01-01" }] }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, a.id));
    expect(row.startDate).toBe("2025-01-01");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { activityHooks } from "../src/domain/activity.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, expectMatrix, setCreator, setGuestViewAll } from "./helpers/work-items.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let labelA: string;
let labelB: string;
let otherLabel: string;

const CREATE_KEYS = [
  "id",
  "name",
  "state_id",
  "sort_order",
  "completed_at",
  "estimate_point",
  "priority",
  "start_date",
  "target_date",
  "sequence_id",
  "project_id",
  "parent_id",
  "cycle_id",
  "module_ids",
  "label_ids",
  "assignee_ids",
  "sub_issues_count",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
  "attachment_count",
  "link_count",
  "is_draft",
  "archived_at",
  "deleted_at",
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  other = await projectFixture(t, ws);
  const mk = async (p: ProjectFixture, name: string) => {
    const r = await ws.admin.post(`${p.base}/issue-labels/`, { name, color: "#ff0000" });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  labelA = await mk(pr, "bug");
  labelB = await mk(pr, "ui");
  otherLabel = await mk(other, "elsewhere");
});
afterAll(async () => {
  await t?.close();
});

describe("POST P/issues/", () => {
  it("creates with the defaults of the wire facts and answers 201 with the create shape", async () => {
    const res = await ws.admin.post(`${pr.base}/issues/`, { name: "  Write the spec  " });
    expect(res.status).toBe(201);
    for (const k of CREATE_KEYS) expect(res.body).toHaveProperty(k);
    expect(res.body).toMatchObject({
      name: "Write the spec",
      state_id: pr.states.Backlog,
      priority: "none",
      sort_order: 65535,
      sequence_id: expect.any(Number),
      project_id: pr.id,
      parent_id: null,
      cycle_id: null,
      module_ids: [],
      label_ids: [],
      assignee_ids: [],
      sub_issues_count: 0,
      attachment_count: 0,
      link_count: 0,
      is_draft: false,
      archived_at: null,
      deleted_at: null,
      completed_at: null,
      created_by: ws.admin.userId,
    });
    const detail = await ws.admin.get(`${pr.base}/issues/${res.body.id}/`);
    expect(detail.body.description_html).toBe("<p></p>");
    expect(detail.body.is_subscribed).toBe(true);
    expect(detail.body.is_intake).toBe(false);
  });

  it("numbers items per project from 1 and never reuses a number after a delete", async () => {
    const p = await projectFixture(t, ws);
    const a = await createItem(ws, p);
    const b = await createItem(ws, p);
    const c = await createItem(ws, p);
    expect([a.sequence_id, b.sequence_id, c.sequence_id]).toEqual([1, 2, 3]);
    expect((await ws.admin.delete(`${p.base}/issues/${c.id}/`)).status).toBe(204);
    const d = await createItem(ws, p);
    expect(d.sequence_id).toBe(4);
    const o = await createItem(ws, other);
    expect(o.sequence_id).toBeGreaterThanOrEqual(1);
  });

  it("puts a new item after the last one of its state (+10000) and tracks completed_at", async () => {
    const first = await createItem(ws, pr, { state_id: pr.states.Todo });
    const second = await createItem(ws, pr, { state_id: pr.states.Todo });
    expect(second.sort_order).toBe(first.sort_order + 10000);
    const done = await createItem(ws, pr, { state_id: pr.states.Done });
    expect(done.completed_at).not.toBeNull();
    const explicit = await createItem(ws, pr, { state_id: pr.states.Todo, sort_order: 12.5 });
    expect(explicit.sort_order).toBe(12.5);
  });

  it("keeps only active project members (role ≥ member) as assignees and only project labels", async () => {
    const res = await createItem(ws, pr, {
      assignee_ids: [ws.member.userId, ws.guest.userId, ws.outsider.userId],
      label_ids: [labelA, otherLabel],
    });
    expect(res.assignee_ids).toEqual([ws.member.userId]);
    expect(res.label_ids).toEqual([labelA]);
  });

  it("assigns the project's default assignee when none is given", async () => {
    const p = await projectFixture(t, ws);
    await t.db.db
      .update(schema.projects)
      .set({ defaultAssigneeId: ws.member.userId })
      .where(eq(schema.projects.id, p.id));
    const res = await createItem(ws, p);
    expect(res.assignee_ids).toEqual([ws.member.userId]);
    const explicit = await createItem(ws, p, { assignee_ids: [ws.admin.userId] });
    expect(explicit.assignee_ids).toEqual([ws.admin.userId]);
  });

  it("creates epics through P/epics/", async () => {
    const res = await ws.admin.post(`${pr.base}/epics/`, { name: "Big theme" });
    expect(res.status).toBe(201);
    expect(res.body.is_epic).toBe(true);
    expect((await ws.admin.get(`${pr.base}/epics/${res.body.id}/`)).status).toBe(200);
    const item = await createItem(ws, pr);
    expect((await ws.admin.get(`${pr.base}/epics/${item.id}/`)).body).toEqual({
      error: "The required object does not exist.",
    });
  });

  it("refuses bad input with the spec's 400 bodies", async () => {
    const base = `${pr.base}/issues/`;
    expect(
      await ws.admin
        .post(base, { name: "x", start_date: "2025-05-02", target_date: "2025-05-01" })
        .then((r) => [r.status, r.body]),
    ).toEqual([400, { non_field_errors: ["Start date cannot exceed target date"] }]);
    expect((await ws.admin.post(base, {})).body).toEqual({ name: ["This field is required."] });
    expect((await ws.admin.post(base, { name: "   " })).body).toEqual({ name: ["This field may not be blank."] });
    expect((await ws.admin.post(base, { name: "x".repeat(256) })).body).toEqual({
      name: ["Ensure this field has no more than 255 characters."],
    });
    expect((await ws.admin.post(base, { name: 42 })).body).toEqual({ name: ["Not a valid string."] });
    expect((await ws.admin.post(base, { name: "x", priority: "bogus" })).body).toEqual({
      priority: ['"bogus" is not a valid choice.'],
    });
    expect((await ws.admin.post(base, { name: "x", start_date: "2025-02-30" })).body).toEqual({
      start_date: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
    });
    expect((await ws.admin.post(base, { name: "x", label_ids: "nope" })).status).toBe(400);
    expect((await ws.admin.post(base, { name: "x", state_id: "not-a-uuid" })).body).toEqual({
      state_id: ["Must be a valid UUID."],
    });
    expect((await ws.admin.post(base, { name: "x", state_id: other.states.Todo })).body).toEqual({
      non_field_errors: ["State is not valid please pass a valid state_id"],
    });
    const foreign = await createItem(ws, other);
    expect((await ws.admin.post(base, { name: "x", parent_id: foreign.id })).body).toEqual({
      non_field_errors: ["Parent is not valid issue_id please pass a valid issue_id"],
    });
    expect((await ws.admin.post(base, { name: "x", estimate_point: crypto.randomUUID() })).body).toEqual({
      non_field_errors: ["Estimate point is not valid please pass a valid estimate_point_id"],
    });
    const malformed = await ws.admin.request("POST", base, "{not json", { "content-type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/JSON parse error/);
    expect(
      (await ws.admin.post(`/api/workspaces/${ws.slug}/projects/${crypto.randomUUID()}/issues/`, { name: "x" })).status,
    ).toBe(404);
  });

  it("lets admins and members create; guests, outsiders and anonymous callers cannot", async () => {
    await expectMatrix(ws, (c) => c.post(`${pr.base}/issues/`, { name: "matrix" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET P/issues/{id}/", () => {
  it("returns the detail shape with the requested expansions", async () => {
    const parent = await createItem(ws, pr);
    const child = await createItem(ws, pr, { parent_id: parent.id, description_html: "<p>Hello</p>" });
    await ws.admin.post(`${pr.base}/issues/${child.id}/issue-links/`, { url: "example.com", title: "Ex" });
    await ws.admin.post(`${pr.base}/issues/${child.id}/reactions/`, { reaction: "128077" });
    await ws.admin.post(`${pr.base}/issues/${child.id}/tasks/`, { name: "step" });
    const res = await ws.admin.get(
      `${pr.base}/issues/${child.id}/?expand=issue_reactions,issue_attachments,issue_link,parent,tasks,issue_relation,issue_related`,
    );
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("state__group");
    expect(res.body).toMatchObject({
      id: child.id,
      description_html: "<p>Hello</p>",
      is_subscribed: true,
      is_intake: false,
      link_count: 1,
      parent: { id: parent.id, sequence_id: parent.sequence_id, project_id: pr.id },
      issue_attachments: [],
      issue_relation: [],
      issue_related: [],
    });
    expect(res.body.issue_reactions).toEqual([
      {
        id: expect.any(String),
        actor: ws.admin.userId,
        issue: child.id,
        reaction: "128077",
        display_name: expect.any(String),
      },
    ]);
    expect(res.body.issue_link).toEqual([
      expect.objectContaining({ url: "http://example.com", title: "Ex", issue_id: child.id }),
    ]);
    expect(res.body.tasks).toEqual([expect.objectContaining({ name: "step", status: "pending" })]);
    const plain = await ws.admin.get(`${pr.base}/issues/${child.id}/`);
    expect(plain.body).not.toHaveProperty("issue_reactions");
  });

  it("answers 404 with the generic body for unknown, malformed, deleted and other projects' ids", async () => {
    const nf = { error: "The required object does not exist." };
    expect(await ws.admin.get(`${pr.base}/issues/${crypto.randomUUID()}/`).then((r) => [r.status, r.body])).toEqual([
      404,
      nf,
    ]);
    expect((await ws.admin.get(`${pr.base}/issues/not-an-id/`)).status).toBe(404);
    const foreign = await createItem(ws, other);
    expect(await ws.admin.get(`${pr.base}/issues/${foreign.id}/`).then((r) => [r.status, r.body])).toEqual([404, nf]);
    const gone = await createItem(ws, pr);
    await ws.admin.delete(`${pr.base}/issues/${gone.id}/`);
    expect((await ws.admin.get(`${pr.base}/issues/${gone.id}/`)).status).toBe(404);
  });

  it("shows guests only their own items unless the project lets guests view everything", async () => {
    const theirs = await createItem(ws, pr);
    const own = await createItem(ws, pr);
    await setCreator(t, own.id, ws.guest.userId);
    await expectMatrix(ws, (c) => c.get(`${pr.base}/issues/${theirs.id}/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.guest.get(`${pr.base}/issues/${theirs.id}/`)).body).toEqual({
      error: "You are not allowed to view this issue",
    });
    expect((await ws.guest.get(`${pr.base}/issues/${own.id}/`)).status).toBe(200);
    await setGuestViewAll(t, pr.id, true);
    try {
      expect((await ws.guest.get(`${pr.base}/issues/${theirs.id}/`)).status).toBe(200);
    } finally {
      await setGuestViewAll(t, pr.id, false);
    }
  });
});

describe("PATCH P/issues/{id}/", () => {
  it("answers 204 with no body, replaces label and assignee lists and records one activity row per change", async () => {
    const it0 = await createItem(ws, pr, { label_ids: [labelA], assignee_ids: [ws.admin.userId] });
    const res = await ws.member.patch(`${pr.base}/issues/${it0.id}/`, {
      name: "Renamed",
      priority: "high",
      state_id: pr.states["In Progress"],
      label_ids: [labelB],
      assignee_ids: [ws.member.userId],
      start_date: "2025-01-01",
      target_date: "2025-01-31",
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const d = (await ws.admin.get(`${pr.base}/issues/${it0.id}/`)).body;
    expect(d).toMatchObject({
      name: "Renamed",
      priority: "high",
      state_id: pr.states["In Progress"],
      label_ids: [labelB],
      assignee_ids: [ws.member.userId],
      start_date: "2025-01-01",
      target_date: "2025-01-31",
      updated_by: ws.member.userId,
    });
    const all = await activityRows(t, it0.id);
    // the create's own rows: "created" and its assignee (as Plane's server records a create)
    expect(all.slice(0, 2).map((a) => [a.verb, a.field, a.newIdentifier])).toEqual([
      ["created", null, null],
      ["updated", "assignees", ws.admin.userId],
    ]);
    const acts = all.slice(2).filter((a) => a.verb === "updated");
    const summary = acts.map((a) => [a.field, a.oldValue, a.newValue, a.oldIdentifier, a.newIdentifier]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ["name", it0.name, "Renamed", null, null],
        ["priority", "none", "high", null, null],
        ["state", "Backlog", "In Progress", pr.states.Backlog, pr.states["In Progress"]],
        ["labels", "", "ui", null, labelB],
        ["labels", "bug", "", labelA, null],
        ["assignees", "", expect.any(String), null, ws.member.userId],
        ["assignees", expect.any(String), "", ws.admin.userId, null],
        ["start_date", null, "2025-01-01", null, null],
        ["target_date", null, "2025-01-31", null, null],
      ]),
    );
    expect(acts).toHaveLength(9);
    expect(acts.every((a) => a.actorId === ws.member.userId)).toBe(true);
    // an unchanged PATCH records nothing
    await ws.member.patch(`${pr.base}/issues/${it0.id}/`, { name: "Renamed", priority: "high" });
    expect((await activityRows(t, it0.id)).slice(2).filter((a) => a.verb === "updated")).toHaveLength(9);
  });

  it("sets completed_at in a completed state and clears it when leaving", async () => {
    const it0 = await createItem(ws, pr);
    await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { state_id: pr.states.Done });
    expect((await ws.admin.get(`${pr.base}/issues/${it0.id}/`)).body.completed_at).not.toBeNull();
    await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { state_id: pr.states.Todo });
    expect((await ws.admin.get(`${pr.base}/issues/${it0.id}/`)).body.completed_at).toBeNull();
  });

  it("refuses start after target (also against the stored date) and parent loops", async () => {
    const it0 = await createItem(ws, pr, { target_date: "2025-03-01" });
    expect(
      await ws.admin
        .patch(`${pr.base}/issues/${it0.id}/`, { start_date: "2025-04-01" })
        .then((r) => [r.status, r.body]),
    ).toEqual([400, { non_field_errors: ["Start date cannot exceed target date"] }]);
    const child = await createItem(ws, pr, { parent_id: it0.id });
    const loop = await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { parent_id: child.id });
    expect(loop.status).toBe(400);
    expect(loop.body).toEqual({ non_field_errors: ["A work item cannot be its own parent or a parent of its parent"] });
    expect((await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { parent_id: it0.id })).status).toBe(400);
    expect((await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { priority: 3 })).body).toEqual({
      priority: ['"3" is not a valid choice.'],
    });
    expect((await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { label_ids: [otherLabel] })).status).toBe(204);
    expect((await ws.admin.get(`${pr.base}/issues/${it0.id}/`)).body.label_ids).toEqual([]);
  });

  it("lets admins, members and the creating guest edit; other guests, outsiders and anonymous callers cannot", async () => {
    const it0 = await createItem(ws, pr);
    await expectMatrix(ws, (c) => c.patch(`${pr.base}/issues/${it0.id}/`, { name: "m" }), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await setCreator(t, it0.id, ws.guest.userId);
    expect((await ws.guest.patch(`${pr.base}/issues/${it0.id}/`, { name: "mine" })).status).toBe(204);
  });
});

describe("DELETE P/issues/{id}/", () => {
  it("soft-deletes the item and its sub-items one by one", async () => {
    const parent = await createItem(ws, pr);
    const a = await createItem(ws, pr, { parent_id: parent.id });
    const b = await createItem(ws, pr, { parent_id: parent.id });
    const grand = await createItem(ws, pr, { parent_id: a.id });
    expect((await ws.admin.delete(`${pr.base}/issues/${parent.id}/`)).status).toBe(204);
    for (const id of [parent.id, a.id, b.id, grand.id]) {
      expect((await ws.admin.get(`${pr.base}/issues/${id}/`)).status).toBe(404);
      const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, id));
      expect(row.deletedAt).not.toBeNull();
    }
    const acts = await activityRows(t, parent.id);
    expect(acts.at(-1)).toMatchObject({ verb: "deleted", field: "issue" });
  });

  it("logs a failing child and still deletes the parent and the other children", async () => {
    const parent = await createItem(ws, pr);
    const bad = await createItem(ws, pr, { parent_id: parent.id });
    const good = await createItem(ws, pr, { parent_id: parent.id });
    const hook = async (_tx: unknown, rows: { issueId: string | null; verb: string }[]) => {
      if (rows.some((r) => r.issueId === bad.id && r.verb === "deleted")) throw new Error("simulated failure");
    };
    activityHooks.push(hook);
    try {
      expect((await ws.admin.delete(`${pr.base}/issues/${parent.id}/`)).status).toBe(204);
    } finally {
      activityHooks.splice(activityHooks.indexOf(hook), 1);
    }
    expect((await ws.admin.get(`${pr.base}/issues/${parent.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${pr.base}/issues/${good.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${pr.base}/issues/${bad.id}/`)).status).toBe(200);
  });

  it("is for project admins and the creator", async () => {
    const mine = await createItem(ws, pr, {}, ws.member);
    const theirs = await createItem(ws, pr);
    expect((await ws.member.delete(`${pr.base}/issues/${theirs.id}/`)).status).toBe(403);
    expect((await ws.member.delete(`${pr.base}/issues/${theirs.id}/`)).body).toEqual({
      error: "You don't have the required permissions.",
    });
    expect((await ws.member.delete(`${pr.base}/issues/${mine.id}/`)).status).toBe(204);
    await expectMatrix(ws, (c) => c.delete(`${pr.base}/issues/${theirs.id}/`), {
      admin: 204,
      member: 404,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET W/work-items/{IDENT}-{seq}/ and meta", () => {
  it("finds an item by identifier (any case) and sequence", async () => {
    const it0 = await createItem(ws, pr);
    const res = await ws.member.get(
      `/api/workspaces/${ws.slug}/work-items/${pr.identifier.toLowerCase()}-${it0.sequence_id}/?expand=issue_link`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: it0.id, sequence_id: it0.sequence_id, is_subscribed: false, issue_link: [] });
    const meta = await ws.member.get(`${pr.base}/issues/${it0.id}/meta/`);
    expect(meta.body).toEqual({ sequence_id: it0.sequence_id, project_identifier: pr.identifier });
  });

  it("answers 400 for a bad sequence and 404 'Issue not found' for unknown keys", async () => {
    const w = `/api/workspaces/${ws.slug}/work-items`;
    expect(await ws.admin.get(`${w}/${pr.identifier}-abc/`).then((r) => [r.status, r.body])).toEqual([
      400,
      { error: "Invalid issue identifier" },
    ]);
    expect((await ws.admin.get(`${w}/${pr.identifier}/`)).status).toBe(400);
    expect(await ws.admin.get(`${w}/NOPE-1/`).then((r) => [r.status, r.body])).toEqual([
      404,
      { error: "Issue not found" },
    ]);
    expect(await ws.admin.get(`${w}/${pr.identifier}-99999/`).then((r) => [r.status, r.body])).toEqual([
      404,
      { error: "Issue not found" },
    ]);
  });

  it("applies project membership and guest visibility", async () => {
    const it0 = await createItem(ws, pr);
    const key = `${pr.identifier}-${it0.sequence_id}`;
    await expectMatrix(ws, (c) => c.get(`/api/workspaces/${ws.slug}/work-items/${key}/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const loner = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: loner.userId, role: 15 });
    const res = await loner.get(`/api/workspaces/${ws.slug}/work-items/${key}/`);
    expect([res.status, res.body]).toEqual([403, { error: "You are not allowed to view this issue" }]);
    await expectMatrix(ws, (c) => c.get(`${pr.base}/issues/${it0.id}/meta/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("answers the same shape as the detail by id, finds archived items, and refuses a deactivated member", async () => {
    const it0 = await createItem(ws, pr, { name: "Looked up", state_id: pr.states.Done });
    const key = `${pr.identifier}-${it0.sequence_id}`;
    const expand = "?expand=issue_reactions,issue_attachments,issue_link,parent,tasks";
    const byKey = await ws.member.get(`/api/workspaces/${ws.slug}/work-items/${key}/${expand}`);
    const byId = await ws.member.get(`${pr.base}/issues/${it0.id}/${expand}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(byId.body);
    expect((await ws.admin.post(`${pr.base}/issues/${it0.id}/archive/`)).status).toBe(200);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/work-items/${key}/`)).body).toMatchObject({
      id: it0.id,
      archived_at: expect.any(String),
    });
    const pm = schema.projectMembers;
    await t.db.db.update(pm).set({ isActive: false }).where(eq(pm.memberId, ws.member.userId));
    try {
      const res = await ws.member.get(`/api/workspaces/${ws.slug}/work-items/${key}/`);
      expect([res.status, res.body]).toEqual([403, { error: "You are not allowed to view this issue" }]);
    } finally {
      await t.db.db.update(pm).set({ isActive: true }).where(eq(pm.memberId, ws.member.userId));
    }
  });
});

describe("another workspace's ids", () => {
  it("are never found through this workspace and never accepted in bodies", async () => {
    const ws2 = await workspaceFixture(t);
    const pr2 = await projectFixture(t, ws2);
    const foreign = await createItem(ws2, pr2);
    const mine = await createItem(ws, pr);
    // their project under our slug, their item under our project
    expect((await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${pr2.id}/issues/${foreign.id}/`)).status).toBe(
      404,
    );
    expect((await ws.admin.get(`${pr.base}/issues/${foreign.id}/`)).status).toBe(404);
    expect((await ws.admin.patch(`${pr.base}/issues/${foreign.id}/`, { name: "x" })).status).toBe(404);
    expect((await ws.admin.delete(`${pr.base}/issues/${foreign.id}/`)).status).toBe(404);
    // their workspace is not ours to read
    expect((await ws.admin.get(`${pr2.base}/issues/${foreign.id}/`)).status).toBe(403);
    expect(
      (await ws.admin.get(`/api/workspaces/${ws2.slug}/work-items/${pr2.identifier}-${foreign.sequence_id}/`)).status,
    ).toBe(403);
    // bodies naming their ids
    expect(
      (
        await ws.admin.post(`${pr.base}/issues/${mine.id}/issue-relation/`, {
          relation_type: "relates_to",
          issues: [foreign.id],
        })
      ).status,
    ).toBe(404);
    expect(
      (await ws.admin.post(`${pr.base}/issues/${mine.id}/sub-issues/`, { sub_issue_ids: [foreign.id] })).status,
    ).toBe(404);
    expect(
      (
        await ws.admin.post(`${pr.base}/bulk-operation-issues/`, {
          issue_ids: [foreign.id],
          properties: { priority: "low" },
        })
      ).status,
    ).toBe(404);
    expect((await ws.admin.delete(`${pr.base}/bulk-delete-issues/`, { issue_ids: [foreign.id] })).status).toBe(404);
    expect((await ws.admin.patch(`${pr.base}/issues/${mine.id}/`, { state_id: pr2.states.Todo })).status).toBe(400);
    expect((await ws.admin.patch(`${pr.base}/issues/${mine.id}/`, { parent_id: foreign.id })).status).toBe(400);
    expect((await ws2.admin.get(`${pr2.base}/issues/${foreign.id}/`)).body.name).toBe(foreign.name);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
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

const EMPTY = {
  blocking: [],
  blocked_by: [],
  duplicate: [],
  relates_to: [],
  start_after: [],
  start_before: [],
  finish_after: [],
  finish_before: [],
};
const rel = (id: string) => `${pr.base}/issues/${id}/issue-relation/`;

describe("relations", () => {
  it("blocked_by on one item shows as blocking on the other, stored once", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const res = await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: [b.id] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: b.id,
        relation_type: "blocked_by",
        sequence_id: b.sequence_id,
        project_id: pr.id,
        name: b.name,
      }),
    ]);
    const fromA = await ws.member.get(rel(a.id));
    expect(fromA.body).toEqual({
      ...EMPTY,
      blocked_by: [expect.objectContaining({ id: b.id, relation_type: "blocked_by", label_ids: [], assignee_ids: [] })],
    });
    const fromB = await ws.member.get(rel(b.id));
    expect(fromB.body).toEqual({
      ...EMPTY,
      blocking: [expect.objectContaining({ id: a.id, relation_type: "blocking" })],
    });
    const rows = await t.db.db.select().from(schema.issueRelations).where(eq(schema.issueRelations.issueId, a.id));
    expect(rows.map((r) => [r.issueId, r.relatedIssueId, r.relationType])).toEqual([[a.id, b.id, "blocked_by"]]);
    // both sides record activity
    expect((await activityRows(t, a.id)).at(-1)).toMatchObject({
      field: "blocked_by",
      newIdentifier: b.id,
      newValue: `${pr.identifier}-${b.sequence_id}`,
    });
    expect((await activityRows(t, b.id)).at(-1)).toMatchObject({
      field: "blocking",
      newIdentifier: a.id,
      newValue: `${pr.identifier}-${a.sequence_id}`,
    });
  });

  it("stores blocking normalized as blocked_by with the items swapped", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    await ws.member.post(rel(a.id), { relation_type: "blocking", issues: [b.id] });
    const rows = await t.db.db.select().from(schema.issueRelations).where(eq(schema.issueRelations.issueId, b.id));
    expect(rows.map((r) => [r.issueId, r.relatedIssueId, r.relationType])).toEqual([[b.id, a.id, "blocked_by"]]);
    expect((await ws.member.get(rel(a.id))).body.blocking.map((x: any) => x.id)).toEqual([b.id]);
    expect((await ws.member.get(rel(b.id))).body.blocked_by.map((x: any) => x.id)).toEqual([a.id]);
  });

  it("treats relates_to and duplicate as symmetric, and start/finish before/after as inverses", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const c = await createItem(ws, pr);
    const d = await createItem(ws, pr);
    await ws.member.post(rel(a.id), { relation_type: "relates_to", issues: [b.id] });
    await ws.member.post(rel(a.id), { relation_type: "duplicate", issues: [c.id] });
    await ws.member.post(rel(a.id), { relation_type: "start_after", issues: [d.id] });
    expect((await ws.member.get(rel(b.id))).body.relates_to.map((x: any) => x.id)).toEqual([a.id]);
    expect((await ws.member.get(rel(c.id))).body.duplicate.map((x: any) => x.id)).toEqual([a.id]);
    expect((await ws.member.get(rel(d.id))).body.start_before.map((x: any) => x.id)).toEqual([a.id]);
    const fromA = (await ws.member.get(rel(a.id))).body;
    expect([fromA.relates_to.length, fromA.duplicate.length, fromA.start_after.length]).toEqual([1, 1, 1]);
  });

  it("keeps one relation per pair: a new type replaces the old one; relating twice is a no-op", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    await ws.member.post(rel(a.id), { relation_type: "relates_to", issues: [b.id] });
    await ws.member.post(rel(a.id), { relation_type: "relates_to", issues: [b.id] });
    await ws.member.post(rel(b.id), { relation_type: "blocked_by", issues: [a.id] });
    expect((await ws.member.get(rel(a.id))).body).toEqual({
      ...EMPTY,
      blocking: [expect.objectContaining({ id: b.id })],
    });
    expect((await ws.member.get(rel(b.id))).body).toEqual({
      ...EMPTY,
      blocked_by: [expect.objectContaining({ id: a.id })],
    });
  });

  it("allows items of other projects in the workspace and expands issue_relation / issue_related", async () => {
    const a = await createItem(ws, pr);
    const x = await createItem(ws, other);
    expect((await ws.admin.post(rel(a.id), { relation_type: "blocked_by", issues: [x.id] })).status).toBe(201);
    const d = await ws.admin.get(`${pr.base}/issues/${a.id}/?expand=issue_relation,issue_related`);
    expect(d.body.issue_relation).toEqual([
      expect.objectContaining({ id: x.id, project_id: other.id, relation_type: "blocked_by" }),
    ]);
    const dx = await ws.admin.get(`${other.base}/issues/${x.id}/?expand=issue_relation,issue_related`);
    expect(dx.body.issue_related).toEqual([expect.objectContaining({ id: a.id, relation_type: "blocked_by" })]);
  });

  it("removes a relation from either side with remove-relation", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: [b.id] });
    const res = await ws.member.post(`${pr.base}/issues/${b.id}/remove-relation/`, {
      relation_type: "blocking",
      related_issue: a.id,
    });
    expect(res.status).toBe(204);
    expect((await ws.member.get(rel(a.id))).body).toEqual(EMPTY);
    expect((await ws.member.post(`${pr.base}/issues/${b.id}/remove-relation/`, { related_issue: a.id })).status).toBe(
      404,
    );
    expect((await activityRows(t, a.id)).at(-1)).toMatchObject({
      verb: "deleted",
      field: "blocked_by",
      oldIdentifier: b.id,
    });
  });

  it("refuses bad input and applies the role matrix", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    expect((await ws.member.post(rel(a.id), { relation_type: "parent_of", issues: [b.id] })).body).toEqual({
      relation_type: ['"parent_of" is not a valid choice.'],
    });
    expect((await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: [] })).body).toEqual({
      issues: ["This list may not be empty."],
    });
    expect((await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: [a.id] })).body).toEqual({
      error: "A work item cannot be related to itself",
    });
    expect(
      (await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: [crypto.randomUUID()] })).body,
    ).toEqual({ error: "Work item not found" });
    expect((await ws.member.post(rel(a.id), { relation_type: "blocked_by", issues: ["nope"] })).status).toBe(400);
    await expectMatrix(ws, (c) => c.post(rel(a.id), { relation_type: "relates_to", issues: [b.id] }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(rel(a.id)), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.post(`${pr.base}/issues/${a.id}/remove-relation/`, { related_issue: b.id }), {
      admin: 204,
      member: 404,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("links", () => {
  it("adds http:// when missing, refuses duplicates, edits and deletes", async () => {
    const a = await createItem(ws, pr);
    const url = `${pr.base}/issues/${a.id}/issue-links/`;
    const l = await ws.member.post(url, { url: "example.com/docs", title: "Docs" });
    expect(l.status).toBe(201);
    expect(l.body).toMatchObject({
      url: "http://example.com/docs",
      title: "Docs",
      issue: a.id,
      project: pr.id,
      workspace: ws.id,
      metadata: {},
      created_by_detail: { id: ws.member.userId },
    });
    const dup = await ws.member.post(url, { url: "http://example.com/docs" });
    expect([dup.status, dup.body]).toEqual([400, { error: "URL already exists for this Issue" }]);
    const second = await ws.member.post(url, { url: "https://plane.so" });
    expect(second.body.url).toBe("https://plane.so");
    expect((await ws.member.get(url)).body.map((x: any) => x.id)).toEqual([second.body.id, l.body.id]);
    const clash = await ws.member.patch(`${url}${second.body.id}/`, { url: "example.com/docs" });
    expect([clash.status, clash.body]).toEqual([400, { error: "URL already exists for this Issue" }]);
    const edited = await ws.member.patch(`${url}${second.body.id}/`, { title: "Plane", metadata: { k: 1 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "Plane", url: "https://plane.so", metadata: { k: 1 } });
    expect((await ws.member.delete(`${url}${l.body.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${url}${l.body.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${pr.base}/issues/${a.id}/`)).body.link_count).toBe(1);
    const fields = (await activityRows(t, a.id)).filter((r) => r.field === "link").map((r) => r.verb);
    expect(fields).toEqual(["created", "created", "updated", "deleted"]);
  });

  it("refuses unsafe or invalid URLs and applies the role matrix", async () => {
    const a = await createItem(ws, pr);
    const url = `${pr.base}/issues/${a.id}/issue-links/`;
    expect((await ws.member.post(url, { url: "javascript:alert(1)" })).body).toEqual({ url: ["Enter a valid URL."] });
    expect((await ws.member.post(url, { url: "ftp://files.example.com" })).body).toEqual({
      url: ["Enter a valid URL."],
    });
    expect((await ws.member.post(url, { url: "" })).body).toEqual({ url: ["This field may not be blank."] });
    expect((await ws.member.post(url, {})).body).toEqual({ url: ["This field is required."] });
    expect((await ws.member.post(url, { url: "a.com", title: "t".repeat(256) })).body).toEqual({
      title: ["Ensure this field has no more than 255 characters."],
    });
    expect((await ws.member.post(url, { url: "a.com/" + "x".repeat(2100) })).status).toBe(400);
    const otherItem = await createItem(ws, pr);
    const l = (await ws.member.post(`${pr.base}/issues/${otherItem.id}/issue-links/`, { url: "b.com" })).body;
    expect((await ws.member.patch(`${url}${l.id}/`, { title: "x" })).status).toBe(404);
    await expectMatrix(ws, (c) => c.post(url, { url: `m-${Math.random()}.example.com` }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
  });
});

describe("sub-issues", () => {
  it("lists sub-items with the state distribution and adds existing items as sub-items", async () => {
    const parent = await createItem(ws, pr);
    const a = await createItem(ws, pr, { parent_id: parent.id, state_id: pr.states.Done, priority: "high" });
    const b = await createItem(ws, pr, { state_id: pr.states.Todo });
    const c = await createItem(ws, pr, { state_id: pr.states.Todo });
    const url = `${pr.base}/issues/${parent.id}/sub-issues/`;
    const first = await ws.member.get(url);
    expect(first.status).toBe(200);
    expect(first.body.sub_issues).toEqual([
      expect.objectContaining({ id: a.id, state_group: "completed", state__group: "completed", parent_id: parent.id }),
    ]);
    expect(first.body.state_distribution).toEqual({
      backlog: [],
      unstarted: [],
      started: [],
      completed: [a.id],
      cancelled: [],
    });
    const added = await ws.member.post(url, { sub_issue_ids: [b.id, c.id] });
    expect(added.status).toBe(200);
    expect(added.body.sub_issues.map((x: any) => x.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(added.body.state_distribution.unstarted.sort()).toEqual([b.id, c.id].sort());
    expect((await ws.admin.get(`${pr.base}/issues/${parent.id}/`)).body.sub_issues_count).toBe(3);
    const grouped = await ws.member.get(`${url}?group_by=priority&order_by=-priority`);
    expect(Object.keys(grouped.body.sub_issues).sort()).toEqual(["high", "none"]);
    expect(grouped.body.sub_issues.none).toHaveLength(2);
    const ordered = await ws.member.get(`${url}?order_by=sequence_id`);
    expect(ordered.body.sub_issues.map((x: any) => x.id)).toEqual([a.id, b.id, c.id]);
    expect((await activityRows(t, b.id)).at(-1)).toMatchObject({ field: "parent", newIdentifier: parent.id });
    // detaching a sub-item is a PATCH of its parent_id
    await ws.member.patch(`${pr.base}/issues/${b.id}/`, { parent_id: null });
    expect((await ws.member.get(url)).body.sub_issues).toHaveLength(2);
  });

  it("refuses loops, unknown or foreign ids, bad grouping and applies the role matrix", async () => {
    const parent = await createItem(ws, pr);
    const child = await createItem(ws, pr, { parent_id: parent.id });
    const url = (id: string) => `${pr.base}/issues/${id}/sub-issues/`;
    expect((await ws.member.post(url(child.id), { sub_issue_ids: [parent.id] })).body).toEqual({
      non_field_errors: ["A work item cannot be its own parent or a parent of its parent"],
    });
    expect((await ws.member.post(url(parent.id), { sub_issue_ids: [parent.id] })).body).toEqual({
      error: "A work item cannot be its own sub-item",
    });
    const foreign = await createItem(ws, other);
    expect(
      await ws.member.post(url(parent.id), { sub_issue_ids: [foreign.id] }).then((r) => [r.status, r.body]),
    ).toEqual([404, { error: "Work item not found" }]);
    expect((await ws.member.post(url(parent.id), { sub_issue_ids: [] })).body).toEqual({
      sub_issue_ids: ["Sub Issue IDs are required"],
    });
    expect((await ws.member.get(`${url(parent.id)}?group_by=colour`)).status).toBe(400);
    const free = await createItem(ws, pr);
    await expectMatrix(ws, (c) => c.post(url(parent.id), { sub_issue_ids: [free.id] }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(url(parent.id)), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("shows guests only their own sub-items", async () => {
    const parent = await createItem(ws, pr);
    const mine = await createItem(ws, pr, { parent_id: parent.id });
    await createItem(ws, pr, { parent_id: parent.id });
    await setCreator(t, parent.id, ws.guest.userId);
    await setCreator(t, mine.id, ws.guest.userId);
    const res = await ws.guest.get(`${pr.base}/issues/${parent.id}/sub-issues/`);
    expect(res.body.sub_issues.map((x: any) => x.id)).toEqual([mine.id]);
  });
});

describe("subscription", () => {
  it("subscribes and unsubscribes the caller", async () => {
    const a = await createItem(ws, pr);
    const url = `${pr.base}/issues/${a.id}/subscribe/`;
    expect((await ws.member.get(url)).body).toEqual({ subscribed: false });
    const sub = await ws.member.post(url);
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ issue: a.id, subscriber: ws.member.userId, project: pr.id, workspace: ws.id });
    expect((await ws.member.post(url)).status).toBe(201);
    expect((await ws.member.get(url)).body).toEqual({ subscribed: true });
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/`)).body.is_subscribed).toBe(true);
    expect((await ws.member.delete(url)).status).toBe(204);
    expect((await ws.member.get(url)).body).toEqual({ subscribed: false });
    await expectMatrix(ws, (c) => c.post(url), { admin: 201, member: 201, guest: 403, outsider: 403, anon: 401 });
  });

  it("subscribes assignees, and bulk-subscribes the caller", async () => {
    const a = await createItem(ws, pr, { assignee_ids: [ws.member.userId] });
    expect((await ws.member.get(`${pr.base}/issues/${a.id}/subscribe/`)).body).toEqual({ subscribed: true });
    const b = await createItem(ws, pr);
    const c = await createItem(ws, pr);
    const res = await ws.guest.post(`${pr.base}/bulk-subscribe-issues/`, { issue_ids: [b.id, c.id] });
    expect([res.status, res.body]).toEqual([404, { error: "Work item not found" }]);
    const ok = await ws.member.post(`${pr.base}/bulk-subscribe-issues/`, { issue_ids: [b.id, c.id] });
    expect(ok.status).toBe(200);
    expect((await ws.member.get(`${pr.base}/issues/${c.id}/subscribe/`)).body).toEqual({ subscribed: true });
    expect(
      (await ws.member.post(`${pr.base}/bulk-subscribe-issues/`, { issue_ids: [crypto.randomUUID()] })).status,
    ).toBe(404);
    expect((await ws.member.post(`${pr.base}/bulk-subscribe-issues/`, {})).body).toEqual({
      issue_ids: ["This field is required."],
    });
    await expectMatrix(ws, (cl) => cl.post(`${pr.base}/bulk-subscribe-issues/`, { issue_ids: [b.id] }), {
      admin: 200,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
  });
});

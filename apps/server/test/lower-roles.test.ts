import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, setCreator, setGuestViewAll } from "./helpers/work-items.ts";
import type { Client, Res } from "./helpers/client.ts";

/**
 * Handlers stricter than read-only, called with real entities by callers a role below them: the policy gate
 * refuses them before validation (403 even for a bad body), and creator rules decide after load. Each refusal
 * leaves the entity as it was; the same call by a caller with the role succeeds.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
/** A second workspace and project member, who created none of the entities below. */
let member2: Client;

const FORBIDDEN = { error: "You don't have the required permissions." };
const NOT_FOUND = { error: "The required object does not exist." };

function expectRefused(res: Res, status = 403, body: unknown = FORBIDDEN) {
  expect([res.status, res.body], res.text).toEqual([status, body]);
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  member2 = await t.user({ firstName: "Mia", lastName: "Member" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: member2.userId, role: 15 });
  await t.db.db
    .insert(schema.projectMembers)
    .values({ workspaceId: ws.id, projectId: pr.id, memberId: member2.userId, role: 15 });
  // guests see every item here, so what refuses them below is their role, not visibility
  await setGuestViewAll(t, pr.id, true);
});
afterAll(async () => {
  await t?.close();
});

describe("task writes need project member", () => {
  it("refuses a guest, even the work item's creator and even with a bad body, and changes nothing", async () => {
    const item = await createItem(ws, pr);
    await setCreator(t, item.id, ws.guest.userId);
    const url = `${pr.base}/issues/${item.id}/tasks/`;
    const task = (await ws.member.post(url, { name: "Original" })).body;
    expect(task.name).toBe("Original");
    const g = ws.guest;
    expectRefused(await g.post(url, { name: "New" }));
    expectRefused(await g.post(url, { name: 42 }));
    expectRefused(await g.patch(`${url}${task.id}/`, { name: "Renamed" }));
    expectRefused(await g.patch(`${url}${task.id}/`, { status: "nonsense" }));
    expectRefused(await g.delete(`${url}${task.id}/`));
    expectRefused(await g.post(`${url}bulk-create/`, { tasks: [{ name: "A" }] }));
    expectRefused(await g.post(`${url}bulk-update/`, { updates: [{ id: task.id, name: "Renamed" }] }));
    expectRefused(await g.post(`${url}bulk-delete/`, { task_ids: [task.id] }));
    expectRefused(await g.post(`${url}reorder/`, { task_orders: [task.id] }));
    const rows = await t.db.db.select().from(schema.issueTasks).where(eq(schema.issueTasks.issueId, item.id));
    expect(rows.map((r) => [r.id, r.name, r.sortOrder])).toEqual([[task.id, "Original", task.sort_order]]);
    // and a member may do each of them
    expect((await member2.patch(`${url}${task.id}/`, { name: "Renamed" })).body.name).toBe("Renamed");
    expect((await member2.post(`${url}bulk-update/`, { updates: [{ id: task.id, status: "completed" }] })).status).toBe(
      200,
    );
    expect((await member2.post(`${url}reorder/`, { task_orders: [task.id] })).status).toBe(200);
    expect((await member2.post(`${url}bulk-create/`, { tasks: [{ name: "A" }] })).status).toBe(201);
    expect((await member2.post(`${url}bulk-delete/`, { task_ids: [task.id] })).status).toBe(204);
    const other = (await member2.post(url, { name: "B" })).body;
    expect((await member2.delete(`${url}${other.id}/`)).status).toBe(204);
  });
});

describe("issue-links/{id} PATCH and DELETE need project member", () => {
  it("refuses a guest and changes nothing; a member who did not add the link may edit and remove it", async () => {
    const item = await createItem(ws, pr);
    const url = `${pr.base}/issues/${item.id}/issue-links/`;
    const link = (await ws.admin.post(url, { url: "https://example.com/a", title: "A" })).body;
    expectRefused(await ws.guest.patch(`${url}${link.id}/`, { title: "Hijacked" }));
    expectRefused(await ws.guest.patch(`${url}${link.id}/`, { url: "" }));
    expectRefused(await ws.guest.delete(`${url}${link.id}/`));
    const [row] = await t.db.db.select().from(schema.issueLinks).where(eq(schema.issueLinks.id, link.id));
    expect([row.title, row.url]).toEqual(["A", "https://example.com/a"]);
    expect((await member2.patch(`${url}${link.id}/`, { title: "B" })).body.title).toBe("B");
    expect((await member2.delete(`${url}${link.id}/`)).status).toBe(204);
  });
});

describe("drafts by id", () => {
  it("project drafts: a guest gets 403, another member 404 (drafts are private to their author), and nothing changes", async () => {
    const url = `${pr.base}/issue-drafts/`;
    const draft = (await ws.member.post(url, { name: "Mine" })).body;
    for (const res of [
      await ws.guest.get(`${url}${draft.id}/`),
      await ws.guest.patch(`${url}${draft.id}/`, { name: "Theirs" }),
      await ws.guest.delete(`${url}${draft.id}/`),
    ])
      expectRefused(res);
    for (const res of [
      await member2.get(`${url}${draft.id}/`),
      await member2.patch(`${url}${draft.id}/`, { name: "Theirs" }),
      await member2.delete(`${url}${draft.id}/`),
    ])
      expectRefused(res, 404, NOT_FOUND);
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, draft.id));
    expect([row.name, row.isDraft, row.deletedAt]).toEqual(["Mine", true, null]);
    expect((await ws.member.patch(`${url}${draft.id}/`, { name: "Still mine" })).body.name).toBe("Still mine");
    expect((await ws.member.delete(`${url}${draft.id}/`)).status).toBe(204);
  });

  it("workspace drafts and draft-to-issue: a guest gets 403, another member 404, and nothing changes", async () => {
    const url = `/api/workspaces/${ws.slug}/draft-issues/`;
    const toIssue = `/api/workspaces/${ws.slug}/draft-to-issue/`;
    const draft = (await ws.member.post(url, { name: "Mine", project_id: pr.id })).body;
    expectRefused(await ws.guest.get(`${url}${draft.id}/`));
    expectRefused(await ws.guest.patch(`${url}${draft.id}/`, { name: "Theirs" }));
    expectRefused(await ws.guest.delete(`${url}${draft.id}/`));
    expectRefused(await ws.guest.post(`${toIssue}${draft.id}/`, {}));
    expectRefused(await ws.guest.post(`${toIssue}${draft.id}/`, { name: 42 }));
    expectRefused(await member2.get(`${url}${draft.id}/`), 404, NOT_FOUND);
    expectRefused(await member2.patch(`${url}${draft.id}/`, { name: "Theirs" }), 404, NOT_FOUND);
    expectRefused(await member2.delete(`${url}${draft.id}/`), 404, NOT_FOUND);
    expectRefused(await member2.post(`${toIssue}${draft.id}/`, {}), 404, NOT_FOUND);
    const [row] = await t.db.db.select().from(schema.draftIssues).where(eq(schema.draftIssues.id, draft.id));
    expect(row.name).toBe("Mine");
    const issue = await ws.member.post(`${toIssue}${draft.id}/`, {});
    expect([issue.status, issue.body.name]).toEqual([201, "Mine"]);
  });

  it("keeps the body-dependent rule: a draft may only name a project where its author is a member", async () => {
    const other = await projectFixture(t, ws);
    // member2 is a guest of `other`: the workspace role lets them draft, the named project does not
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: other.id, memberId: member2.userId, role: 5 });
    const url = `/api/workspaces/${ws.slug}/draft-issues/`;
    expectRefused(await member2.post(url, { name: "x", project_id: other.id }));
    const draft = (await member2.post(url, { name: "x" })).body;
    expectRefused(await member2.patch(`${url}${draft.id}/`, { project_id: other.id }));
    const [row] = await t.db.db.select().from(schema.draftIssues).where(eq(schema.draftIssues.id, draft.id));
    expect(row.projectId).toBeNull();
    expectRefused(
      await member2.post(`/api/workspaces/${ws.slug}/draft-to-issue/${draft.id}/`, { project_id: other.id }),
    );
    expect(
      (await member2.post(`/api/workspaces/${ws.slug}/draft-to-issue/${draft.id}/`, { project_id: pr.id })).status,
    ).toBe(201);
  });
});

describe("creator rules decide after load", () => {
  it("PATCH P/issues/{id}/: a guest creator may edit, a guest who did not create it may not", async () => {
    const mine = await createItem(ws, pr);
    await setCreator(t, mine.id, ws.guest.userId);
    const theirs = await createItem(ws, pr);
    expect((await ws.guest.patch(`${pr.base}/issues/${mine.id}/`, { name: "Guest edit" })).status).toBe(204);
    expectRefused(await ws.guest.patch(`${pr.base}/issues/${theirs.id}/`, { name: "Guest edit" }));
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, theirs.id));
    expect(row.name).toBe(theirs.name);
  });

  it("DELETE P/issues/{id}/: a member who did not create the item may not delete it, its creator may", async () => {
    const item = await createItem(ws, pr);
    expectRefused(await member2.delete(`${pr.base}/issues/${item.id}/`));
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, item.id));
    expect(row.deletedAt).toBeNull();
    const own = await createItem(ws, pr, {}, member2);
    expect((await member2.delete(`${pr.base}/issues/${own.id}/`)).status).toBe(204);
  });

  it("comments: another member may not edit or delete a guest's comment; the guest may", async () => {
    const item = await createItem(ws, pr);
    const url = `${pr.base}/issues/${item.id}/comments/`;
    const comment = await ws.guest.post(url, { comment_html: "<p>guest says</p>" });
    expect(comment.status).toBe(201);
    expectRefused(await member2.patch(`${url}${comment.body.id}/`, { comment_html: "<p>edited</p>" }));
    expectRefused(await member2.delete(`${url}${comment.body.id}/`));
    const [row] = await t.db.db.select().from(schema.issueComments).where(eq(schema.issueComments.id, comment.body.id));
    expect([row.commentHtml, row.deletedAt]).toEqual(["<p>guest says</p>", null]);
    expect((await ws.guest.patch(`${url}${comment.body.id}/`, { comment_html: "<p>guest edits</p>" })).status).toBe(
      200,
    );
    expect((await ws.guest.delete(`${url}${comment.body.id}/`)).status).toBe(204);
  });
});

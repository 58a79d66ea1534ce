import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { NOTIFY_TASK } from "../src/routes/notifications/jobs.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, expectMatrix, setGuestViewAll } from "./helpers/work-items.ts";
import type { TestServer } from "./helpers/server.ts";
import type { Client } from "./helpers/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let inbox: string;

beforeAll(async () => {
  ({ t, ws, pr } = await twoProjectWorld());
  inbox = `/api/workspaces/${ws.slug}/users/notifications/`;
});
afterAll(() => t.close());

const mention = (c: Client) =>
  `<p>hi <mention-component entity_identifier="${c.userId}" entity_name="user_mention"></mention-component></p>`;
const run = () => t.app.jobs.drain();
const mine = async (c: Client, query = "") => (await c.get(`${inbox}${query}`)).body as Record<string, any>[];
const ofItem = (rows: Record<string, any>[], id: string) => rows.filter((n) => n.entity_identifier === id);
const counts = async (c: Client) => (await c.get(`${inbox}unread/`)).body;

describe("notifications are made by the job from activity", () => {
  it("assigning tells the assignee (sender assigned, wire shape) and never the actor", async () => {
    const item = await createItem(ws, pr);
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { assignee_ids: [ws.member.userId] });
    expect(res.status, res.text).toBe(204);
    // not in the request: the job makes them
    expect(ofItem(await mine(ws.member), item.id)).toEqual([]);
    expect((await t.app.jobs.list(t.db.db, NOTIFY_TASK)).length).toBeGreaterThan(0);
    await run();
    const got = ofItem(await mine(ws.member), item.id);
    expect(got).toHaveLength(1);
    const n = got[0];
    expect(n).toMatchObject({
      workspace: ws.id,
      project: pr.id,
      entity_identifier: item.id,
      entity_name: "issue",
      title: item.name,
      sender: "in_app:issue_activities:assigned",
      triggered_by: ws.admin.userId,
      receiver: ws.member.userId,
      read_at: null,
      snoozed_till: null,
      archived_at: null,
      is_inbox_issue: false,
      is_intake_issue: false,
      is_mentioned_notification: false,
      triggered_by_details: { id: ws.admin.userId, first_name: "Ada", display_name: expect.any(String) },
    });
    expect(n.data).toEqual({
      issue: {
        id: item.id,
        name: item.name,
        identifier: pr.identifier,
        sequence_id: item.sequence_id,
        state_name: expect.any(String),
        state_group: expect.any(String),
      },
      issue_activity: expect.objectContaining({
        verb: "updated",
        field: "assignees",
        actor: ws.admin.userId,
        new_identifier: ws.member.userId,
      }),
    });
    for (const k of [
      "id",
      "message_html",
      "message_stripped",
      "created_at",
      "updated_at",
      "created_by",
      "updated_by",
      "message",
    ])
      expect(n).toHaveProperty(k);
    // the actor (a subscriber as creator) gets nothing
    expect(ofItem(await mine(ws.admin), item.id)).toEqual([]);
  });

  it("a change on a followed item reaches subscribers; a guest who cannot see the item gets nothing", async () => {
    await setGuestViewAll(t, pr.id, false);
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId] });
    await t.db.db
      .insert(schema.issueSubscribers)
      .values({ issueId: item.id, projectId: pr.id, workspaceId: ws.id, subscriberId: ws.guest.userId });
    await ws.member.patch(`${pr.base}/issues/${item.id}/`, { priority: "high" });
    await run();
    const admin = ofItem(await mine(ws.admin), item.id);
    expect(admin.map((n) => [n.sender, n.data.issue_activity.field])).toEqual([
      ["in_app:issue_activities:created", "priority"],
    ]);
    // the member (the actor of the change) has only the news of being assigned the new item
    expect(
      ofItem(await mine(ws.member), item.id).map((n) => [
        n.sender,
        n.data.issue_activity.verb,
        n.data.issue_activity.field,
      ]),
    ).toEqual([["in_app:issue_activities:assigned", "created", null]]);
    expect(ofItem(await mine(ws.guest), item.id)).toEqual([]);
    // once guests may see every item, the same subscriber is told
    await setGuestViewAll(t, pr.id, true);
    await ws.member.patch(`${pr.base}/issues/${item.id}/`, { priority: "low" });
    await run();
    expect(ofItem(await mine(ws.guest), item.id).map((n) => n.sender)).toEqual(["in_app:issue_activities:subscribed"]);
    await setGuestViewAll(t, pr.id, false);
  });

  it("a mention in a comment is a mention notification, listed only with `mentioned`", async () => {
    const item = await createItem(ws, pr);
    const res = await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: mention(ws.member) });
    expect(res.status, res.text).toBe(201);
    await run();
    expect(ofItem(await mine(ws.member), item.id)).toEqual([]);
    const m = ofItem(await mine(ws.member, "?mentioned=true"), item.id);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ sender: "in_app:issue_activities:mentioned", is_mentioned_notification: true });
    expect(m[0].data.issue_activity).toMatchObject({ field: "comment", issue_comment: res.body.id });
    // the actor mentioning themself is not told
    await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: mention(ws.admin) });
    await run();
    expect(ofItem(await mine(ws.admin, "?mentioned=true"), item.id)).toEqual([]);
  });

  it("a mention in a description reaches a person who already follows the item (an editing session's later save)", async () => {
    // the member follows the item (assignee) and the guest subscribes; the first save tells both as followers
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId] });
    await t.db.db
      .insert(schema.issueSubscribers)
      .values({ issueId: item.id, projectId: pr.id, workspaceId: ws.id, subscriberId: ws.guest.userId });
    await setGuestViewAll(t, pr.id, true);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { description_html: "<p>first draft</p>" });
    await run();
    expect(ofItem(await mine(ws.member), item.id).map((n) => n.data.issue_activity.field)).toContain("description");
    const before = await counts(ws.member);
    // the same person's next save (the same history entry) mentions both followers and an outsider to the item
    const three = `<p>see ${mention(ws.member)} ${mention(ws.guest)} ${mention(ws.admin)}</p>`;
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { description_html: three });
    expect(res.status, res.text).toBe(204);
    await run();
    for (const c of [ws.member, ws.guest]) {
      const m = ofItem(await mine(c, "?mentioned=true"), item.id);
      expect(m, c.userId).toHaveLength(1);
      expect(m[0]).toMatchObject({
        sender: "in_app:issue_activities:mentioned",
        is_mentioned_notification: true,
        read_at: null,
      });
      expect(m[0].message_html).toContain("mention-component");
      // the follower's notification of the session became the mention: not listed twice
      expect(ofItem(await mine(c), item.id).filter((n) => n.data.issue_activity.field === "description")).toEqual([]);
    }
    expect((await counts(ws.member)).mention_unread_notifications_count).toBe(
      before.mention_unread_notifications_count + 1,
    );
    // the actor is not told; a later save that keeps the mentions tells nobody again
    expect(ofItem(await mine(ws.admin, "?mentioned=true"), item.id)).toEqual([]);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { description_html: three + "<p>more</p>" });
    await run();
    expect(ofItem(await mine(ws.member, "?mentioned=true"), item.id)).toHaveLength(1);
    await setGuestViewAll(t, pr.id, false);
  });

  it("a mention in a new item's description or a single edit reaches a follower", async () => {
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId], description_html: mention(ws.member) });
    await run();
    expect(ofItem(await mine(ws.member, "?mentioned=true"), item.id)).toHaveLength(1);
    const other = await createItem(ws, pr, { assignee_ids: [ws.member.userId] });
    await ws.member.patch(`${pr.base}/issues/${other.id}/`, { name: "the member's edit ends the admin's session" });
    await ws.admin.patch(`${pr.base}/issues/${other.id}/`, { description_html: mention(ws.member) });
    await run();
    expect(ofItem(await mine(ws.member, "?mentioned=true"), other.id)).toHaveLength(1);
  });

  it("preferences turned off stop that kind of notification", async () => {
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId] });
    expect((await ws.member.patch("/api/users/me/notification-preferences/", { comment: false })).status).toBe(200);
    await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>plain</p>" });
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "renamed" });
    await run();
    expect(ofItem(await mine(ws.member), item.id).map((n) => n.data.issue_activity.field)).toEqual(["name", null]);
    await ws.member.patch("/api/users/me/notification-preferences/", { comment: true });
  });
});

describe("the inbox calls", () => {
  let c: Client;
  let ids: string[];
  let itemId: string;
  beforeAll(async () => {
    c = await t.user({ firstName: "Ines", lastName: "Inbox" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: c.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: c.userId, role: 15 });
    const item = await createItem(ws, pr, { assignee_ids: [c.userId] });
    itemId = item.id;
    for (const p of ["high", "low", "medium"]) await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: p });
    await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: mention(c) });
    await run();
    ids = (await mine(c)).map((n) => n.id);
  });

  it("lists newest first; the paginated form pages by per_page and cursor", async () => {
    expect(ids).toHaveLength(4); // created (assigned) + 3 priority changes
    const all = await mine(c);
    expect(all.map((n) => n.data.issue_activity.new_value)).toEqual(["medium", "low", "high", null]);
    const page = (await c.get(`${inbox}?per_page=3&cursor=3:0:0`)).body;
    expect(page).toMatchObject({
      total_count: 4,
      count: 3,
      next_page_results: true,
      next_cursor: "3:1:0",
      total_pages: 2,
    });
    expect(page.results.map((n: any) => n.id)).toEqual(ids.slice(0, 3));
    const next = (await c.get(`${inbox}?per_page=3&cursor=3:1:0`)).body;
    expect(next.results.map((n: any) => n.id)).toEqual(ids.slice(3));
    expect(next.next_page_results).toBe(false);
    expect((await c.get(`${inbox}?per_page=300&cursor=300:0:0`)).body.results).toHaveLength(4);
    expect((await c.get(`${inbox}?per_page=3&cursor=bad`)).status).toBe(400);
  });

  it("filters by type", async () => {
    expect(await mine(c, "?type=assigned")).toHaveLength(4);
    expect(await mine(c, "?type=created")).toHaveLength(0);
    expect(await mine(c, "?type=subscribed,created")).toHaveLength(4); // an assignee is subscribed
    expect(await mine(ws.admin, `?type=created`).then((r) => ofItem(r, itemId))).toHaveLength(0);
  });

  it("read / unread move the unread counts, and the read filter follows", async () => {
    expect(await counts(c)).toEqual({ total_unread_notifications_count: 4, mention_unread_notifications_count: 1 });
    const r = await c.post(`${inbox}${ids[0]}/read/`);
    expect(r.status).toBe(200);
    expect(r.body.read_at).toEqual(expect.any(String));
    expect(await counts(c)).toEqual({ total_unread_notifications_count: 3, mention_unread_notifications_count: 1 });
    expect((await mine(c, "?read=true")).map((n) => n.id)).toEqual([ids[0]]);
    expect(await mine(c, "?read=false")).toHaveLength(3);
    const u = await c.delete(`${inbox}${ids[0]}/read/`);
    expect(u.status).toBe(200);
    expect(u.body.read_at).toBeNull();
    expect((await counts(c)).total_unread_notifications_count).toBe(4);
  });

  it("archive / unarchive; archived rows leave the default list and the counts", async () => {
    const a = await c.post(`${inbox}${ids[1]}/archive/`);
    expect(a.status).toBe(200);
    expect(a.body.archived_at).toEqual(expect.any(String));
    expect((await mine(c, "?archived=false")).map((n) => n.id)).not.toContain(ids[1]);
    expect((await mine(c, "?archived=true")).map((n) => n.id)).toEqual([ids[1]]);
    expect((await counts(c)).total_unread_notifications_count).toBe(3);
    const u = await c.delete(`${inbox}${ids[1]}/archive/`);
    expect(u.body.archived_at).toBeNull();
    expect((await counts(c)).total_unread_notifications_count).toBe(4);
  });

  it("snooze is a PATCH of snoozed_till: hidden from snoozed=false until then", async () => {
    const till = new Date(Date.now() + 86400_000).toISOString();
    const s = await c.patch(`${inbox}${ids[2]}/`, { snoozed_till: till });
    expect(s.status, s.text).toBe(200);
    expect(s.body.snoozed_till).toBe(till);
    expect((await mine(c, "?snoozed=false")).map((n) => n.id)).not.toContain(ids[2]);
    expect((await mine(c, "?snoozed=true")).map((n) => n.id)).toEqual([ids[2]]);
    expect((await counts(c)).total_unread_notifications_count).toBe(3);
    // a snooze in the past has run out
    await c.patch(`${inbox}${ids[2]}/`, { snoozed_till: new Date(Date.now() - 1000).toISOString() });
    expect((await mine(c, "?snoozed=false")).map((n) => n.id)).toContain(ids[2]);
    const cleared = await c.patch(`${inbox}${ids[2]}/`, { snoozed_till: null });
    expect(cleared.body.snoozed_till).toBeNull();
    const bad = await c.patch(`${inbox}${ids[2]}/`, { snoozed_till: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ snoozed_till: [expect.stringContaining("Datetime has wrong format")] });
  });

  it("GET one; another person's notification does not exist for you", async () => {
    const one = await c.get(`${inbox}${ids[0]}/`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(ids[0]);
    for (const [m, suffix] of [
      ["get", ""],
      ["post", "read/"],
      ["post", "archive/"],
      ["patch", ""],
    ] as const) {
      const res = await (ws.member as any)[m](
        `${inbox}${ids[0]}/${suffix}`,
        m === "patch" ? { snoozed_till: null } : undefined,
      );
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "The required object does not exist." });
    }
    expect((await c.get(`${inbox}not-a-uuid/`)).status).toBe(404);
  });

  it("mark-all-read marks the tab's unread rows read and never drives a count below zero", async () => {
    const r = await c.post(`${inbox}mark-all-read/`, { archived: false, snoozed: false });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: "Successful" });
    // the All tab is read; the Mentions tab is not
    expect(await counts(c)).toEqual({ total_unread_notifications_count: 0, mention_unread_notifications_count: 1 });
    await c.post(`${inbox}mark-all-read/`, { mentioned: true });
    await c.post(`${inbox}mark-all-read/`, {});
    expect(await counts(c)).toEqual({ total_unread_notifications_count: 0, mention_unread_notifications_count: 0 });
    expect((await mine(c, "?read=false")).length).toBe(0);
  });

  it("DELETE removes one's own notification", async () => {
    expect((await c.delete(`${inbox}${ids[3]}/`)).status).toBe(204);
    expect((await c.get(`${inbox}${ids[3]}/`)).status).toBe(404);
    const rows = await t.db.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.id, ids[3])));
    expect(rows).toEqual([]);
  });

  it("every role of the workspace has an inbox; outsiders and anonymous callers do not", async () => {
    await expectMatrix(ws, (x) => x.get(`${inbox}unread/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (x) => x.get(inbox), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (x) => x.post(`${inbox}mark-all-read/`, {}), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("live", () => {
  it("a notification row is routed to its receiver's user stream only", async () => {
    const item = await createItem(ws, pr);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { assignee_ids: [ws.member.userId] });
    await run();
    const [n] = ofItem(await mine(ws.member), item.id);
    const rows = (await t.db.db.execute(
      sql`SELECT stream FROM live_events WHERE event->>'t' = 'notifications' AND event->>'id' = ${n.id}`,
    )) as unknown as { stream: string }[];
    expect(rows.map((r) => r.stream)).toEqual([`user:${ws.member.userId}`]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, expectMatrix, setCreator } from "./helpers/work-items.ts";

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

const ACTIVITY_KEYS = [
  "id",
  "verb",
  "field",
  "old_value",
  "new_value",
  "comment",
  "attachments",
  "old_identifier",
  "new_identifier",
  "epoch",
  "issue",
  "issue_comment",
  "actor",
  "project",
  "workspace",
  "actor_detail",
  "issue_detail",
  "project_detail",
  "workspace_detail",
  "source_data",
  "created_at",
  "updated_at",
  "deleted_at",
  "created_by",
  "updated_by",
];
const COMMENT_KEYS = [
  "id",
  "comment_stripped",
  "comment_json",
  "comment_html",
  "attachments",
  "access",
  "external_source",
  "external_id",
  "edited_at",
  "parent",
  "issue",
  "actor",
  "project",
  "workspace",
  "actor_detail",
  "issue_detail",
  "project_detail",
  "workspace_detail",
  "comment_reactions",
  "is_member",
  "created_at",
  "updated_at",
  "deleted_at",
  "created_by",
  "updated_by",
];

describe("GET P/issues/{id}/history/", () => {
  it("lists property changes oldest first, without comment/reaction rows, incrementally with created_at__gt", async () => {
    const it0 = await createItem(ws, pr);
    const h = (q = "") => ws.admin.get(`${pr.base}/issues/${it0.id}/history/?activity_type=issue-property${q}`);
    await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { priority: "low" });
    await ws.admin.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>hi</p>" });
    await ws.admin.post(`${pr.base}/issues/${it0.id}/reactions/`, { reaction: "128077" });
    await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { priority: "high", sort_order: 5 });
    const res = await h();
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => [a.verb, a.field, a.new_value])).toEqual([
      ["created", null, null],
      ["updated", "priority", "low"],
      ["updated", "priority", "high"],
    ]);
    for (const k of ACTIVITY_KEYS) expect(res.body[0]).toHaveProperty(k);
    expect(res.body[1]).toMatchObject({
      old_value: "none",
      actor: ws.admin.userId,
      issue: it0.id,
      project: pr.id,
      actor_detail: { id: ws.admin.userId, first_name: "Ada" },
      issue_detail: { id: it0.id, sequence_id: it0.sequence_id },
      project_detail: { id: pr.id, identifier: pr.identifier },
      workspace_detail: { slug: ws.slug },
    });
    const since = await h(`&created_at__gt=${encodeURIComponent(res.body[1].created_at)}`);
    expect(since.body.map((a: any) => a.new_value)).toEqual(["high"]);
    const nothing = await h(`&created_at__gt=${encodeURIComponent(res.body[2].created_at)}`);
    expect(nothing.body).toEqual([]);
  });

  it("lists comments for issue-comment, and both merged by time without activity_type", async () => {
    const it0 = await createItem(ws, pr);
    await ws.member.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>first</p>" });
    await ws.admin.patch(`${pr.base}/issues/${it0.id}/`, { name: "renamed" });
    await ws.member.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>second</p>" });
    const comments = await ws.admin.get(`${pr.base}/issues/${it0.id}/history/?activity_type=issue-comment`);
    expect(comments.body.map((c: any) => c.comment_html)).toEqual(["<p>first</p>", "<p>second</p>"]);
    for (const k of COMMENT_KEYS) expect(comments.body[0]).toHaveProperty(k);
    expect(comments.body[0]).toMatchObject({
      actor: ws.member.userId,
      is_member: true,
      comment_stripped: "first",
      access: "INTERNAL",
      comment_reactions: [],
    });
    const all = await ws.admin.get(`${pr.base}/issues/${it0.id}/history/`);
    expect(all.body.map((x: any) => x.comment_html ?? x.field ?? x.verb)).toEqual([
      "created",
      "<p>first</p>",
      "name",
      "<p>second</p>",
    ]);
    const both = await ws.admin.get(`${pr.base}/issues/${it0.id}/history/?activity_type=issue-property,issue-comment`);
    expect(both.body).toHaveLength(4);
  });

  it("serves epics with epic-property / epic-comment", async () => {
    const epic = (await ws.admin.post(`${pr.base}/epics/`, { name: "Epic" })).body;
    await ws.admin.patch(`${pr.base}/epics/${epic.id}/`, { priority: "urgent" });
    const res = await ws.admin.get(`${pr.base}/epics/${epic.id}/history/?activity_type=epic-property`);
    expect(res.body.map((a: any) => a.field)).toEqual([null, "priority"]);
    expect((await ws.admin.get(`${pr.base}/epics/${epic.id}/history/?activity_type=epic-comment`)).body).toEqual([]);
  });

  it("refuses bad parameters and applies the role matrix", async () => {
    const it0 = await createItem(ws, pr);
    const bad = await ws.admin.get(`${pr.base}/issues/${it0.id}/history/?activity_type=nonsense`);
    expect([bad.status, bad.body]).toEqual([400, { detail: "Invalid activity_type: nonsense" }]);
    expect((await ws.admin.get(`${pr.base}/issues/${it0.id}/history/?created_at__gt=yesterday`)).status).toBe(400);
    expect((await ws.admin.get(`${pr.base}/issues/${crypto.randomUUID()}/history/`)).status).toBe(404);
    await expectMatrix(ws, (c) => c.get(`${pr.base}/issues/${it0.id}/history/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("POST adds a comment to the feed", async () => {
    const it0 = await createItem(ws, pr);
    const res = await ws.member.post(`${pr.base}/issues/${it0.id}/history/`, { comment_html: "<p>via history</p>" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ comment_html: "<p>via history</p>", issue: it0.id, actor: ws.member.userId });
    expect((await ws.member.post(`${pr.base}/issues/${it0.id}/history/`, {})).body).toEqual({
      comment_html: ["This field is required."],
    });
  });
});

describe("comments", () => {
  it("creates (201), lists newest first, edits (edited_at on html change) and deletes", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/comments/`;
    const a = await ws.member.post(url, { comment_html: "<p>one &amp; two</p>", comment_json: { type: "doc" } });
    expect(a.status).toBe(201);
    for (const k of COMMENT_KEYS) expect(a.body).toHaveProperty(k);
    expect(a.body).toMatchObject({
      comment_stripped: "one & two",
      comment_json: { type: "doc" },
      edited_at: null,
      is_member: true,
    });
    const b = await ws.admin.post(url, { comment_html: "<p>three</p>", access: "EXTERNAL" });
    expect((await ws.admin.get(url)).body.map((c: any) => c.id)).toEqual([b.body.id, a.body.id]);

    const sameHtml = await ws.member.patch(`${url}${a.body.id}/`, { comment_json: { type: "doc2" } });
    expect(sameHtml.status).toBe(200);
    expect(sameHtml.body.edited_at).toBeNull();
    const edited = await ws.member.patch(`${url}${a.body.id}/`, { comment_html: "<p>edited</p>" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ comment_html: "<p>edited</p>", comment_stripped: "edited" });
    expect(edited.body.edited_at).not.toBeNull();

    expect((await ws.member.delete(`${url}${a.body.id}/`)).status).toBe(204);
    expect((await ws.admin.get(url)).body.map((c: any) => c.id)).toEqual([b.body.id]);
    expect((await ws.member.patch(`${url}${a.body.id}/`, { comment_html: "x" })).status).toBe(404);
    const acts = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(eq(schema.issueActivities.issueCommentId, a.body.id));
    expect(acts.map((x) => x.verb).sort()).toEqual(["created", "deleted", "updated"]);
  });

  it("records mentions of workspace members only", async () => {
    const it0 = await createItem(ws, pr);
    const html = `<p>hey <mention-component entity_identifier="${ws.member.userId}" entity_name="user_mention"></mention-component>
      and <span data-type="mention" data-id="${ws.guest.userId}">@gus</span> and <mention-component entity_identifier="${ws.outsider.userId}" entity_name="user_mention"></mention-component></p>`;
    expect((await ws.admin.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: html })).status).toBe(201);
    const rows = await t.db.db.select().from(schema.issueMentions).where(eq(schema.issueMentions.issueId, it0.id));
    expect(rows.map((r) => r.mentionId).sort()).toEqual([ws.member.userId, ws.guest.userId].sort());
    const described = await createItem(ws, pr, {
      description_html: `<p><mention-component entity_identifier="${ws.admin.userId}" entity_name="user_mention"></mention-component></p>`,
    });
    const d = await t.db.db.select().from(schema.issueMentions).where(eq(schema.issueMentions.issueId, described.id));
    expect(d.map((r) => r.mentionId)).toEqual([ws.admin.userId]);
  });

  it("lets the author or an admin edit and delete; others cannot", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/comments/`;
    const c = (await ws.member.post(url, { comment_html: "<p>m</p>" })).body;
    const other = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: other.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: other.userId, role: 15 });
    const denied = await other.patch(`${url}${c.id}/`, { comment_html: "<p>hijack</p>" });
    expect([denied.status, denied.body]).toEqual([403, { error: "You don't have the required permissions." }]);
    expect((await other.delete(`${url}${c.id}/`)).status).toBe(403);
    expect((await ws.admin.patch(`${url}${c.id}/`, { comment_html: "<p>moderated</p>" })).status).toBe(200);
    await expectMatrix(ws, (cl) => cl.patch(`${url}${c.id}/`, { comment_html: "<p>x</p>" }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("lets guests comment on their own items only, and refuses bad input", async () => {
    const it0 = await createItem(ws, pr);
    await expectMatrix(ws, (c) => c.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>m</p>" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await setCreator(t, it0.id, ws.guest.userId);
    const g = await ws.guest.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>mine</p>" });
    expect(g.status).toBe(201);
    expect(g.body.is_member).toBe(true);
    expect(
      (await ws.guest.patch(`${pr.base}/issues/${it0.id}/comments/${g.body.id}/`, { comment_html: "<p>again</p>" }))
        .status,
    ).toBe(200);
    expect((await ws.admin.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: 5 })).body).toEqual({
      comment_html: ["Not a valid string."],
    });
    expect(
      (await ws.admin.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p/>", access: "PUBLIC" })).body,
    ).toEqual({ access: ['"PUBLIC" is not a valid choice.'] });
    const foreign = await createItem(ws, other);
    const fc = (await ws.admin.post(`${other.base}/issues/${foreign.id}/comments/`, { comment_html: "<p>f</p>" })).body;
    expect((await ws.admin.patch(`${pr.base}/issues/${it0.id}/comments/${fc.id}/`, { comment_html: "x" })).status).toBe(
      404,
    );
  });
});

describe("reactions", () => {
  it("adds, lists, refuses duplicates and removes reactions on work items", async () => {
    const it0 = await createItem(ws, pr);
    const url = `${pr.base}/issues/${it0.id}/reactions/`;
    const r = await ws.member.post(url, { reaction: "128077" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      actor: ws.member.userId,
      issue: it0.id,
      reaction: "128077",
      project: pr.id,
      actor_detail: { id: ws.member.userId },
    });
    const dup = await ws.member.post(url, { reaction: "128077" });
    expect([dup.status, dup.body]).toEqual([400, { error: "Reaction already exists" }]);
    expect((await ws.admin.post(url, { reaction: "128077" })).status).toBe(201);
    expect((await ws.admin.get(url)).body).toHaveLength(2);
    expect((await ws.member.delete(`${url}128077/`)).status).toBe(204);
    expect((await ws.member.delete(`${url}128077/`)).status).toBe(404);
    expect((await ws.admin.get(url)).body.map((x: any) => x.actor)).toEqual([ws.admin.userId]);
    expect((await ws.admin.post(url, { reaction: "" })).body).toEqual({ reaction: ["This field may not be blank."] });
    expect((await ws.admin.post(url, { reaction: "1".repeat(21) })).status).toBe(400);
    await expectMatrix(ws, (c) => c.post(url, { reaction: "128512" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
  });

  it("adds, lists, refuses duplicates and removes reactions on comments", async () => {
    const it0 = await createItem(ws, pr);
    const c = (await ws.member.post(`${pr.base}/issues/${it0.id}/comments/`, { comment_html: "<p>c</p>" })).body;
    const url = `${pr.base}/comments/${c.id}/reactions/`;
    const r = await ws.admin.post(url, { reaction: "128640" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      actor: ws.admin.userId,
      comment: c.id,
      reaction: "128640",
      display_name: expect.any(String),
    });
    expect((await ws.admin.post(url, { reaction: "128640" })).status).toBe(400);
    expect((await ws.member.get(url)).body).toHaveLength(1);
    const listed = await ws.member.get(`${pr.base}/issues/${it0.id}/comments/`);
    expect(listed.body[0].comment_reactions).toEqual([
      expect.objectContaining({ reaction: "128640", actor: ws.admin.userId }),
    ]);
    expect((await ws.admin.delete(`${url}128640/`)).status).toBe(204);
    expect((await ws.member.get(url)).body).toEqual([]);
    expect((await ws.admin.post(`${other.base}/comments/${c.id}/reactions/`, { reaction: "1" })).status).toBe(404);
    expect(
      (await ws.admin.post(`${pr.base}/comments/${crypto.randomUUID()}/reactions/`, { reaction: "1" })).status,
    ).toBe(404);
    await expectMatrix(ws, (cl) => cl.post(url, { reaction: "9" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const hidden = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(and(eq(schema.issueActivities.issueId, it0.id), eq(schema.issueActivities.field, "comment_reaction")));
    expect(hidden.length).toBeGreaterThan(0);
  });
});

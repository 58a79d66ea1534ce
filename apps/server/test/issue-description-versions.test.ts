import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { DESCRIPTION_VERSION_WINDOW_MS } from "../src/routes/issues/versions.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, setCreator, setGuestViewAll } from "./helpers/work-items.ts";

/** Description versions (issue #6 point 14): kept with every description change, coalesced per editing session. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

const V = schema.issueDescriptionVersions;
const versionsUrl = (id: string, kind = "work-items") => `${pr.base}/${kind}/${id}/description-versions/`;
const LITE_KEYS = [
  "id",
  "workspace",
  "project",
  "issue",
  "last_saved_at",
  "owned_by",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
].sort();
const DETAIL_KEYS = [
  ...LITE_KEYS,
  "description_binary",
  "description_html",
  "description_stripped",
  "description_json",
].sort();

async function list(id: string, query = "") {
  const res = await ws.admin.get(versionsUrl(id) + query);
  expect(res.status, res.text).toBe(200);
  return res.body as { results: Array<Record<string, any>>; total_results: number } & Record<string, any>;
}

async function setDescription(c = ws.member, id: string, html: string) {
  const res = await c.patch(`${pr.base}/issues/${id}/`, { description_html: html });
  expect(res.status, res.text).toBe(204);
}

/** Move the item's versions back in time, as if the last save happened `ms` ago (no sleeping in tests). */
async function age(id: string, ms: number) {
  for (const v of await t.db.db.select().from(V).where(eq(V.issueId, id))) {
    await t.db.db
      .update(V)
      .set({ lastSavedAt: new Date(v.lastSavedAt.getTime() - ms), createdAt: new Date(v.createdAt.getTime() - ms) })
      .where(eq(V.id, v.id));
  }
}

async function htmlOf(versionId: string, id: string) {
  const res = await ws.admin.get(`${versionsUrl(id)}${versionId}/`);
  expect(res.status, res.text).toBe(200);
  return res.body.description_html as string;
}

describe("keeping versions", () => {
  it("an item nobody edited has none; the first edit keeps the text it replaced and the new one", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>as created</p>" });
    expect((await list(item.id)).results).toEqual([]);

    await setDescription(ws.member, item.id, "<p>first edit</p>");
    const { results } = await list(item.id);
    expect(results.map((r) => r.owned_by)).toEqual([ws.member.userId, ws.admin.userId]);
    expect(await htmlOf(results[0].id, item.id)).toBe("<p>first edit</p>");
    expect(await htmlOf(results[1].id, item.id)).toBe("<p>as created</p>");
  });

  it("an empty description is not kept as the first version", async () => {
    const item = await createItem(ws, pr);
    await setDescription(ws.member, item.id, "<p>written</p>");
    const { results } = await list(item.id);
    expect(results).toHaveLength(1);
    expect(results[0].owned_by).toBe(ws.member.userId);
  });

  it("coalesces the same user's edits within the window, and starts a new version after it", async () => {
    const item = await createItem(ws, pr);
    await setDescription(ws.member, item.id, "<p>one</p>");
    const [first] = (await list(item.id)).results;
    await setDescription(ws.member, item.id, "<p>one two</p>");
    await setDescription(ws.member, item.id, "<p>one two three</p>");
    let { results } = await list(item.id);
    expect(results).toHaveLength(1);
    expect(results[0].id).toBe(first.id);
    expect(Date.parse(results[0].last_saved_at)).toBeGreaterThanOrEqual(Date.parse(first.last_saved_at));
    expect(await htmlOf(first.id, item.id)).toBe("<p>one two three</p>");

    await age(item.id, DESCRIPTION_VERSION_WINDOW_MS - 60_000);
    await setDescription(ws.member, item.id, "<p>still the same session</p>");
    expect((await list(item.id)).results).toHaveLength(1);

    await age(item.id, DESCRIPTION_VERSION_WINDOW_MS + 1_000);
    await setDescription(ws.member, item.id, "<p>after a quiet period</p>");
    ({ results } = await list(item.id));
    expect(results).toHaveLength(2);
    expect(await htmlOf(results[0].id, item.id)).toBe("<p>after a quiet period</p>");
    expect(await htmlOf(results[1].id, item.id)).toBe("<p>still the same session</p>");
  });

  it("another user's edit within the window is a version of its own", async () => {
    const item = await createItem(ws, pr);
    await setDescription(ws.member, item.id, "<p>member</p>");
    await setDescription(ws.admin, item.id, "<p>admin</p>");
    const { results } = await list(item.id);
    expect(results.map((r) => r.owned_by)).toEqual([ws.admin.userId, ws.member.userId]);
  });

  it("a change to other fields, or to the same text, keeps no version", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>same</p>" });
    await ws.member.patch(`${pr.base}/issues/${item.id}/`, { priority: "high", name: "Renamed" });
    await setDescription(ws.member, item.id, "<p>same</p>");
    expect((await list(item.id)).results).toEqual([]);
  });

  it("is written in the transaction of the change: a refused update keeps no version", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>kept</p>" });
    const res = await ws.member.patch(`${pr.base}/issues/${item.id}/`, {
      description_html: "<p>never saved</p>",
      state_id: crypto.randomUUID(),
    });
    expect(res.status).toBe(400);
    expect((await list(item.id)).results).toEqual([]);
    expect((await ws.admin.get(`${pr.base}/issues/${item.id}/`)).body.description_html).toBe("<p>kept</p>");
  });
});

describe("reading versions", () => {
  it("lists in the paginated envelope, newest first, under work-items/, issues/ and epics/ paths", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>v0</p>" });
    await setDescription(ws.member, item.id, "<p>v1</p>");
    await age(item.id, DESCRIPTION_VERSION_WINDOW_MS + 1_000);
    await setDescription(ws.member, item.id, "<p>v2</p>");

    const all = await list(item.id);
    expect(all).toMatchObject({
      total_results: 3,
      total_count: 3,
      total_pages: 1,
      count: 3,
      page_count: 3,
      cursor: "1000:0:0",
      next_page_results: false,
      prev_page_results: false,
      extra_stats: null,
    });
    for (const r of all.results) expect(Object.keys(r).sort()).toEqual(LITE_KEYS);
    expect(all.results[0]).toMatchObject({
      issue: item.id,
      project: pr.id,
      workspace: ws.id,
      owned_by: ws.member.userId,
      created_by: ws.member.userId,
    });
    const saved = all.results.map((r) => Date.parse(r.last_saved_at));
    expect([...saved].sort((a, b) => b - a)).toEqual(saved);

    const first = await list(item.id, "?per_page=2");
    expect(first).toMatchObject({
      count: 2,
      total_results: 3,
      total_pages: 2,
      next_page_results: true,
      next_cursor: "2:1:0",
    });
    const second = await list(item.id, `?cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ count: 1, prev_page_results: true, next_page_results: false });
    expect([...first.results, ...second.results].map((r) => r.id)).toEqual(all.results.map((r) => r.id));

    const viaIssues = await ws.member.get(versionsUrl(item.id, "issues"));
    expect(viaIssues.status).toBe(200);
    expect(viaIssues.body.results.map((r: { id: string }) => r.id)).toEqual(all.results.map((r) => r.id));
    expect((await ws.member.get(versionsUrl(item.id, "epics"))).status).toBe(404);
  });

  it("fetches one version with its content", async () => {
    const item = await createItem(ws, pr);
    await setDescription(ws.member, item.id, "<p>Hello <strong>world</strong></p>");
    const [v] = (await list(item.id)).results;
    const res = await ws.member.get(`${versionsUrl(item.id)}${v.id}/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(DETAIL_KEYS);
    expect(res.body).toMatchObject({
      id: v.id,
      issue: item.id,
      description_html: "<p>Hello <strong>world</strong></p>",
      description_stripped: "Hello world",
      owned_by: ws.member.userId,
    });
    expect((await ws.member.get(`${pr.base}/issues/${item.id}/description-versions/${v.id}/`)).body.id).toBe(v.id);
  });

  it("answers 404 for unknown items and versions, and for another item's version", async () => {
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    await setDescription(ws.member, b.id, "<p>b</p>");
    const [vb] = (await list(b.id)).results;
    expect((await ws.member.get(versionsUrl(crypto.randomUUID()))).status).toBe(404);
    expect((await ws.member.get(`${versionsUrl(a.id)}${crypto.randomUUID()}/`)).status).toBe(404);
    expect((await ws.member.get(`${versionsUrl(a.id)}${vb.id}/`)).status).toBe(404);
    expect((await ws.member.get(`${versionsUrl(a.id)}not-a-uuid/`)).status).toBe(404);
  });

  it("a guest who may not see the item gets 404; one who may (its creator) reads; outsiders get 403", async () => {
    await setGuestViewAll(t, pr.id, false);
    const hidden = await createItem(ws, pr);
    await setDescription(ws.member, hidden.id, "<p>secret</p>");
    const [v] = (await list(hidden.id)).results;
    expect((await ws.guest.get(versionsUrl(hidden.id))).status).toBe(404);
    expect((await ws.guest.get(`${versionsUrl(hidden.id)}${v.id}/`)).status).toBe(404);

    const own = await createItem(ws, pr);
    await setCreator(t, own.id, ws.guest.userId);
    await setDescription(ws.member, own.id, "<p>the guest's</p>");
    const res = await ws.guest.get(versionsUrl(own.id));
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(1);

    expect((await ws.outsider.get(versionsUrl(own.id))).status).toBe(403);
    expect((await ws.anon.get(versionsUrl(own.id))).status).toBe(401);
  });
});

describe("restoring and deleting", () => {
  it("restoring is a PATCH of an older version's text: recorded as activity and as a version", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>original</p>" });
    await setDescription(ws.member, item.id, "<p>rewritten</p>");
    const before = (await list(item.id)).results;
    const original = before.at(-1)!;
    const html = await htmlOf(original.id, item.id);
    expect(html).toBe("<p>original</p>");

    await setDescription(ws.admin, item.id, html);
    expect((await ws.admin.get(`${pr.base}/issues/${item.id}/`)).body.description_html).toBe("<p>original</p>");
    const after = (await list(item.id)).results;
    expect(after).toHaveLength(before.length + 1);
    expect(await htmlOf(after[0].id, item.id)).toBe("<p>original</p>");
    const acts = (await activityRows(t, item.id)).filter((a) => a.field === "description");
    expect(acts.at(-1)).toMatchObject({
      oldValue: "<p>rewritten</p>",
      newValue: "<p>original</p>",
      actorId: ws.admin.userId,
    });
  });

  it("versions go with their work item", async () => {
    const parent = await createItem(ws, pr);
    const child = await createItem(ws, pr, { parent_id: parent.id });
    await setDescription(ws.member, parent.id, "<p>parent</p>");
    await setDescription(ws.member, child.id, "<p>child</p>");
    const res = await ws.admin.delete(`${pr.base}/issues/${parent.id}/`);
    expect(res.status).toBe(204);
    for (const id of [parent.id, child.id]) {
      expect(await t.db.db.select().from(V).where(eq(V.issueId, id))).toEqual([]);
      expect((await ws.admin.get(versionsUrl(id))).status).toBe(404);
    }
  });
});

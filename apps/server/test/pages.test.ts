import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as Y from "yjs";
import { schema } from "../src/db/client.ts";
import { docFromState, docToNode, htmlToNode, replaceContent } from "../src/collab/document.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { expectMatrix } from "./helpers/work-items.ts";
import type { Client } from "./helpers/client.ts";

/**
 * Project pages (wire-facts §9, platform.md §3–§9): CRUD, the own + public list, access, lock, archive, favourites,
 * duplicate, move, summary, the content in three forms (description/) and its versions, and every page rule of §6.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;

const PAGE_KEYS = [
  "access",
  "archived_at",
  "color",
  "created_at",
  "created_by",
  "deleted_at",
  "id",
  "is_favorite",
  "is_locked",
  "label_ids",
  "logo_props",
  "name",
  "owned_by",
  "parent",
  "project_ids",
  "sort_order",
  "updated_at",
  "updated_by",
  "view_props",
  "workspace",
];
const FORBIDDEN = { error: "You don't have the required permissions." };
const NOT_FOUND = { error: "The required object does not exist." };
const LOCKED = { error_code: 4701, error_message: "PAGE_LOCKED" };
const ARCHIVED = { error_code: 4702, error_message: "PAGE_ARCHIVED" };
const MISSING = { error: "Missing required fields." };
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  other = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

const pagesUrl = (p = pr) => `${p.base}/pages/`;
const pageUrl = (id: string, p = pr) => `${p.base}/pages/${id}/`;

async function mkPage(c: Client, body: Record<string, unknown> = {}, p = pr) {
  const r = await c.post(pagesUrl(p), { name: "Page " + Math.random().toString(36).slice(2, 8), ...body });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: string; name: string; owned_by: string };
}
const listIds = async (c: Client, query = "", p = pr) => {
  const r = await c.get(`${pagesUrl(p)}${query}`);
  expect(r.status, r.text).toBe(200);
  return (r.body as { id: string }[]).map((x) => x.id);
};
const patchDescription = (c: Client, id: string, body: Record<string, unknown>, p = pr) =>
  c.request("PATCH", `${pageUrl(id, p)}description/`, body);

describe("POST P/pages/", () => {
  it("creates a page owned by its creator: 201, the page shape with its HTML, public and unlocked by default", async () => {
    const res = await ws.member.post(pagesUrl(), {
      name: " Plan ",
      description_html: "<p>Hello<script>alert(1)</script></p>",
      unknown: 1,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...PAGE_KEYS, "description_html", "issue_ids"].sort());
    expect(res.body).toMatchObject({
      name: "Plan",
      access: 0,
      owned_by: ws.member.userId,
      is_locked: false,
      is_favorite: false,
      archived_at: null,
      parent: null,
      workspace: ws.id,
      project_ids: [pr.id],
      label_ids: [],
      color: "",
      logo_props: {},
      view_props: {},
      description_html: "<p>Hello</p>",
      issue_ids: [],
      created_by: ws.member.userId,
    });
    const priv = await ws.member.post(pagesUrl(), { access: 1 });
    expect([priv.status, priv.body.access, priv.body.name]).toEqual([201, 1, ""]);
  });

  it("lets admins and members create; guests and outsiders are refused", async () => {
    await expectMatrix(ws, (c) => c.post(pagesUrl(), { name: "x" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("refuses bad bodies with field errors", async () => {
    expect((await ws.admin.post(pagesUrl(), { access: 3 })).body).toEqual({ access: ['"3" is not a valid choice.'] });
    expect((await ws.admin.post(pagesUrl(), { name: "x".repeat(256) })).body).toEqual({
      name: ["Ensure this field has no more than 255 characters."],
    });
    expect((await ws.admin.post(pagesUrl(), { description_binary: "not base64!" })).body).toEqual({
      description_binary: ["Invalid binary data"],
    });
    const parent = crypto.randomUUID();
    expect((await ws.admin.post(pagesUrl(), { parent })).body).toEqual({
      parent: [`Invalid pk "${parent}" - object does not exist.`],
    });
    // another user's private page cannot be a parent
    const hidden = await mkPage(ws.admin, { access: 1 });
    expect((await ws.member.post(pagesUrl(), { parent: hidden.id })).status).toBe(400);
  });
});

describe("GET P/pages/", () => {
  it("lists the caller's own and the public top-level pages, newest change first; others' private pages and sub-pages stay out", async () => {
    const p = await projectFixture(t, ws);
    const pub = await mkPage(ws.admin, {}, p);
    const mine = await mkPage(ws.member, { access: 1 }, p);
    const theirs = await mkPage(ws.admin, { access: 1 }, p);
    const child = await mkPage(ws.admin, { parent: pub.id }, p);
    expect(await listIds(ws.member, "", p)).toEqual([mine.id, pub.id]);
    expect(await listIds(ws.admin, "", p)).toEqual([theirs.id, pub.id]);
    expect(await listIds(ws.guest, "", p)).toEqual([pub.id]);
    expect(await listIds(ws.admin, "", p)).not.toContain(child.id);
    // an edit moves a page to the top
    expect((await ws.admin.request("PATCH", pageUrl(pub.id, p), { name: "Renamed" })).status).toBe(200);
    expect(await listIds(ws.member, "", p)).toEqual([pub.id, mine.id]);
    // the other project's pages are not here
    expect(await listIds(ws.admin, "", other)).not.toContain(pub.id);
  });

  it("filters public / private / archived, searches names, and sorts as asked", async () => {
    const p = await projectFixture(t, ws);
    const a = await mkPage(ws.member, { name: "Alpha notes" }, p);
    const b = await mkPage(ws.member, { name: "beta plan", access: 1 }, p);
    const c = await mkPage(ws.member, { name: "Gamma notes" }, p);
    expect((await ws.member.post(`${pageUrl(c.id, p)}archive/`)).status).toBe(200);
    expect(await listIds(ws.member, "", p)).toEqual([c.id, b.id, a.id]);
    expect(await listIds(ws.member, "?type=public", p)).toEqual([a.id]);
    expect(await listIds(ws.member, "?type=private", p)).toEqual([b.id]);
    expect(await listIds(ws.member, "?type=archived", p)).toEqual([c.id]);
    expect(await listIds(ws.member, "?search=NOTES", p)).toEqual([c.id, a.id]);
    expect(await listIds(ws.member, "?order_by=name", p)).toEqual([a.id, b.id, c.id]);
    expect(await listIds(ws.member, "?order_by=-name", p)).toEqual([c.id, b.id, a.id]);
    expect((await ws.member.get(`${pagesUrl(p)}?type=secret`)).status).toBe(400);
    const archived = await ws.member.get(`${p.base}/archived-pages/`);
    expect([archived.status, archived.body.map((x: { id: string }) => x.id)]).toEqual([200, [c.id]]);
    expect(archived.body[0].archived_at).toBe(today());
    const summary = await ws.member.get(`${p.base}/pages-summary/`);
    expect([summary.status, summary.body]).toEqual([200, { public_pages: 1, private_pages: 1, archived_pages: 1 }]);
    // the admin does not count the member's private page
    expect((await ws.admin.get(`${p.base}/pages-summary/`)).body).toEqual({
      public_pages: 1,
      private_pages: 0,
      archived_pages: 1,
    });
  });

  it("is open to everyone in the project", async () => {
    await expectMatrix(ws, (c) => c.get(pagesUrl()), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/archived-pages/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/pages-summary/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET/PATCH/DELETE P/pages/{id}/", () => {
  it("shows a public page to everyone in the project, a private one only to its owner (404 to admins too)", async () => {
    const pub = await mkPage(ws.member);
    await expectMatrix(ws, (c) => c.get(pageUrl(pub.id)), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    const priv = await mkPage(ws.member, { access: 1 });
    await expectMatrix(ws, (c) => c.get(pageUrl(priv.id)), {
      admin: 404,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(pageUrl(priv.id))).body).toEqual(NOT_FOUND);
    expect((await ws.admin.get(pageUrl(pub.id, other))).status).toBe(404);
  });

  it("names the work items the page mentions in issue_ids", async () => {
    const item = await ws.admin.post(`${pr.base}/issues/`, { name: "Mentioned" });
    const html = `<p><mention-component entity_name="issue" entity_identifier="${item.body.id}" label="x"></mention-component></p>`;
    const page = await mkPage(ws.admin, { description_html: html });
    expect((await ws.admin.get(pageUrl(page.id))).body.issue_ids).toEqual([item.body.id]);
  });

  it("edits: members on public pages, the owner on a private one; guests never", async () => {
    const pub = await mkPage(ws.admin);
    await expectMatrix(ws, (c) => c.request("PATCH", pageUrl(pub.id), { name: "n" }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const res = await ws.member.request("PATCH", pageUrl(pub.id), {
      name: " New name ",
      logo_props: { in_use: "emoji" },
      color: "#fff",
      view_props: { full_width: true },
    });
    expect(res.body).toMatchObject({
      name: "New name",
      logo_props: { in_use: "emoji" },
      color: "#fff",
      view_props: { full_width: true },
      updated_by: ws.member.userId,
    });
    const priv = await mkPage(ws.member, { access: 1 });
    expect((await ws.member.request("PATCH", pageUrl(priv.id), { name: "mine" })).status).toBe(200);
    expect((await ws.admin.request("PATCH", pageUrl(priv.id), { name: "theirs" })).status).toBe(404);
    // a page cannot sit under itself or its own sub-page
    const child = await mkPage(ws.admin, { parent: pub.id });
    expect((await ws.admin.request("PATCH", pageUrl(pub.id), { parent: child.id })).body).toEqual({
      parent: ["A page cannot be nested under itself."],
    });
    expect((await ws.admin.request("PATCH", pageUrl(child.id), { parent: null })).body.parent).toBeNull();
  });

  it("refuses changes to a locked page (4701) and to an archived one (4702)", async () => {
    const page = await mkPage(ws.member);
    expect((await ws.member.post(`${pageUrl(page.id)}lock/`)).status).toBe(204);
    const locked = await ws.admin.request("PATCH", pageUrl(page.id), { name: "x" });
    expect([locked.status, locked.body]).toEqual([400, LOCKED]);
    expect((await ws.member.request("DELETE", `${pageUrl(page.id)}lock/`)).status).toBe(204);
    expect((await ws.member.post(`${pageUrl(page.id)}archive/`)).status).toBe(200);
    const archived = await ws.admin.request("PATCH", pageUrl(page.id), { name: "x" });
    expect([archived.status, archived.body]).toEqual([400, ARCHIVED]);
  });

  it("deletes: the owner or an admin; the page's favourites go and its sub-pages move to the top level", async () => {
    const page = await mkPage(ws.member);
    const child = await mkPage(ws.member, { parent: page.id });
    expect((await ws.admin.post(`${pr.base}/favorite-pages/${page.id}/`)).status).toBe(204);
    const adminsPage = await mkPage(ws.admin);
    expect((await ws.member.request("DELETE", pageUrl(adminsPage.id))).body).toEqual(FORBIDDEN);
    expect((await ws.guest.request("DELETE", pageUrl(page.id))).status).toBe(403);
    expect((await ws.member.request("DELETE", pageUrl(page.id))).status).toBe(204);
    expect((await ws.member.get(pageUrl(page.id))).status).toBe(404);
    expect((await ws.member.get(pageUrl(child.id))).body.parent).toBeNull();
    const favs = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.entityIdentifier, page.id));
    expect(favs).toEqual([]);
    expect((await ws.admin.request("DELETE", pageUrl(adminsPage.id))).status).toBe(204);
  });

  it("lets a guest who owns a page administer it (lock, archive) but not edit a public one", async () => {
    const page = await mkPage(ws.admin);
    await t.db.db.update(schema.pages).set({ ownedById: ws.guest.userId }).where(eq(schema.pages.id, page.id));
    expect((await ws.guest.post(`${pageUrl(page.id)}lock/`)).status).toBe(204);
    expect((await ws.guest.request("DELETE", `${pageUrl(page.id)}lock/`)).status).toBe(204);
    expect((await ws.guest.request("PATCH", pageUrl(page.id), { name: "x" })).body).toEqual(FORBIDDEN);
    // the owner writes the content (platform §6: content editable for the owner)
    expect((await patchDescription(ws.guest, page.id, { description_html: "<p>guest text</p>" })).status).toBe(200);
    expect((await ws.guest.post(`${pageUrl(page.id)}duplicate/`)).status).toBe(403);
  });
});

describe("access, lock, archive", () => {
  it("changes access: owner or admin only (204); an archived page keeps its access (4702)", async () => {
    const page = await mkPage(ws.member);
    await expectMatrix(ws, (c) => c.post(`${pageUrl(page.id)}access/`, { access: 0 }), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const adminsPage = await mkPage(ws.admin);
    expect((await ws.member.post(`${pageUrl(adminsPage.id)}access/`, { access: 1 })).body).toEqual(FORBIDDEN);
    expect((await ws.admin.post(`${pageUrl(adminsPage.id)}access/`, {})).body).toEqual({
      access: ["This field is required."],
    });
    expect((await ws.member.post(`${pageUrl(page.id)}access/`, { access: 1 })).status).toBe(204);
    expect((await ws.member.get(pageUrl(page.id))).body.access).toBe(1);
    expect((await ws.admin.get(pageUrl(page.id))).status).toBe(404);
    expect((await ws.member.post(`${pageUrl(page.id)}archive/`)).status).toBe(200);
    expect((await ws.member.post(`${pageUrl(page.id)}access/`, { access: 0 })).body).toEqual(ARCHIVED);
  });

  it("locks and unlocks: owner or admin only", async () => {
    const page = await mkPage(ws.admin);
    await expectMatrix(ws, (c) => c.post(`${pageUrl(page.id)}lock/`), {
      admin: 204,
      member: 403,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(pageUrl(page.id))).body.is_locked).toBe(true);
    await expectMatrix(ws, (c) => c.request("DELETE", `${pageUrl(page.id)}lock/`), {
      admin: 204,
      member: 403,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(pageUrl(page.id))).body.is_locked).toBe(false);
  });

  it("archives (200 {archived_at}) with its sub-pages and drops everyone's favourites; restore brings them back (204)", async () => {
    const page = await mkPage(ws.member);
    const child = await mkPage(ws.member, { parent: page.id });
    for (const c of [ws.admin, ws.member])
      expect((await c.post(`${pr.base}/favorite-pages/${page.id}/`)).status).toBe(204);
    expect((await ws.member.post(`${pr.base}/favorite-pages/${child.id}/`)).status).toBe(204);
    expect((await ws.guest.post(`${pageUrl(page.id)}archive/`)).status).toBe(403);
    const adminsPage = await mkPage(ws.admin);
    expect((await ws.member.post(`${pageUrl(adminsPage.id)}archive/`)).body).toEqual(FORBIDDEN);
    const res = await ws.member.post(`${pageUrl(page.id)}archive/`);
    expect([res.status, res.body]).toEqual([200, { archived_at: today() }]);
    expect((await ws.member.get(pageUrl(child.id))).body.archived_at).toBe(today());
    const favs = await t.db.db.select().from(schema.userFavorites).where(eq(schema.userFavorites.entityType, "page"));
    expect(favs.filter((f) => f.entityIdentifier === page.id || f.entityIdentifier === child.id)).toEqual([]);
    expect((await ws.member.post(`${pr.base}/favorite-pages/${page.id}/`)).body).toEqual(ARCHIVED);
    expect((await ws.guest.request("DELETE", `${pageUrl(page.id)}archive/`)).status).toBe(403);
    expect((await ws.member.request("DELETE", `${pageUrl(page.id)}archive/`)).status).toBe(204);
    expect((await ws.member.get(pageUrl(page.id))).body.archived_at).toBeNull();
    expect((await ws.member.get(pageUrl(child.id))).body.archived_at).toBeNull();
  });

  it("restoring a sub-page whose parent stays archived moves it to the top level", async () => {
    const page = await mkPage(ws.member);
    const child = await mkPage(ws.member, { parent: page.id });
    await ws.member.post(`${pageUrl(page.id)}archive/`);
    expect((await ws.member.request("DELETE", `${pageUrl(child.id)}archive/`)).status).toBe(204);
    expect((await ws.member.get(pageUrl(child.id))).body).toMatchObject({ archived_at: null, parent: null });
  });
});

describe("favourites", () => {
  it("POST/DELETE P/favorite-pages/{id}/: members and admins; the page shows in W/user-favorites/ with its name", async () => {
    const page = await mkPage(ws.admin, { name: "Fav page", logo_props: { in_use: "emoji" } });
    await expectMatrix(ws, (c) => c.post(`${pr.base}/favorite-pages/${page.id}/`), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.member.get(pageUrl(page.id))).body.is_favorite).toBe(true);
    expect((await ws.member.get(pagesUrl())).body.find((p: { id: string }) => p.id === page.id).is_favorite).toBe(true);
    const favs = await ws.member.get(`/api/workspaces/${ws.slug}/user-favorites/`);
    expect(favs.body.find((f: { entity_identifier: string }) => f.entity_identifier === page.id)).toMatchObject({
      entity_type: "page",
      project_id: pr.id,
      entity_data: { id: page.id, name: "Fav page", logo_props: { in_use: "emoji" }, project_id: pr.id },
    });
    expect((await ws.member.request("DELETE", `${pr.base}/favorite-pages/${page.id}/`)).status).toBe(204);
    expect((await ws.member.request("DELETE", `${pr.base}/favorite-pages/${page.id}/`)).status).toBe(404);
    expect((await ws.member.get(pageUrl(page.id))).body.is_favorite).toBe(false);
    // another user's private page is not found
    const priv = await mkPage(ws.admin, { access: 1 });
    expect((await ws.member.post(`${pr.base}/favorite-pages/${priv.id}/`)).status).toBe(404);
  });

  it("W/user-favorites/ takes pages and leaves out a page that turned private to someone else", async () => {
    const page = await mkPage(ws.admin, { name: "Shared" });
    const fav = await ws.member.post(`/api/workspaces/${ws.slug}/user-favorites/`, {
      entity_type: "page",
      entity_identifier: page.id,
      project_id: pr.id,
    });
    expect(fav.status, fav.text).toBe(200);
    expect(fav.body.entity_data).toMatchObject({ id: page.id, name: "Shared" });
    await ws.admin.post(`${pageUrl(page.id)}access/`, { access: 1 });
    const favs = await ws.member.get(`/api/workspaces/${ws.slug}/user-favorites/`);
    expect(favs.body.map((f: { entity_identifier: string }) => f.entity_identifier)).not.toContain(page.id);
  });
});

describe("description/ and versions/", () => {
  /** A real Yjs state of the editor's document holding `html`. */
  const yjsOf = (html: string) => {
    const doc = docFromState(null);
    replaceContent(doc, htmlToNode(html), null);
    return Buffer.from(Y.encodeStateAsUpdate(doc));
  };
  const yjs = yjsOf("<p>admin</p>");
  const textOf = (state: Uint8Array | null) => docToNode(docFromState(state)).textContent;
  const rowOf = async (id: string) => (await t.db.db.select().from(schema.pages).where(eq(schema.pages.id, id)))[0]!;

  it("GET answers the Yjs state as application/octet-stream (empty while there is none); PATCH stores a state in its three forms", async () => {
    const page = await mkPage(ws.member);
    const empty = await ws.guest.get(`${pageUrl(page.id)}description/`);
    expect([empty.status, empty.headers.get("content-type"), empty.text]).toEqual([
      200,
      "application/octet-stream",
      "",
    ]);
    expect(empty.headers.get("content-disposition")).toBe('attachment; filename="page_description.bin"');
    const res = await patchDescription(ws.member, page.id, {
      description_binary: yjsOf("<p>Hi <strong>there</strong></p>").toString("base64"),
      description_html: "<p>Hi <b>there</b><script>x</script></p>",
      description_json: { type: "doc", content: [] },
    });
    expect([res.status, res.body]).toEqual([200, { message: "Updated successfully" }]);
    const raw = await fetch(`${t.url}${pageUrl(page.id)}description/`, {
      headers: { cookie: [...ws.guest.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(textOf(new Uint8Array(await raw.arrayBuffer()))).toBe("Hi there");
    // the HTML and JSON are the state's (written by the editor's schema, sanitised)
    expect((await ws.guest.get(pageUrl(page.id))).body.description_html).toBe("<p>Hi <strong>there</strong></p>");
    const row = await rowOf(page.id);
    expect(row.descriptionStripped).toBe("Hi there");
    expect(row.descriptionJson).toMatchObject({ type: "doc", content: [{ type: "paragraph" }] });
    // bytes Yjs cannot read are refused
    const bad = await patchDescription(ws.member, page.id, {
      description_binary: Buffer.from([1, 2, 3, 250, 0, 7]).toString("base64"),
      description_html: "<p>x</p>",
    });
    expect([bad.status, bad.body]).toEqual([400, { description_binary: ["Not a valid Yjs document state."] }]);
  });

  it("keeps the three forms in step: new HTML alone changes the stored document; a state continuing the stored one is merged", async () => {
    const page = await mkPage(ws.member);
    await patchDescription(ws.member, page.id, {
      description_binary: yjsOf("<p>a</p>").toString("base64"),
      description_html: "<p>a</p>",
    });
    const before = (await rowOf(page.id)).descriptionBinary!;
    expect((await patchDescription(ws.member, page.id, { description_html: "<p>b</p>" })).status).toBe(200);
    const row = await rowOf(page.id);
    expect(row.descriptionHtml).toBe("<p>b</p>");
    expect(textOf(row.descriptionBinary)).toBe("b");
    expect(JSON.stringify(row.descriptionJson)).toContain('"text":"b"');
    // the new state continues the old one (open editors receive the change as an update)
    const sv = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(row.descriptionBinary!));
    for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVectorFromUpdate(before)))
      expect(sv.get(client)).toBeGreaterThanOrEqual(clock);
    // a client's later state of the same document keeps what it did not change
    const doc = docFromState(row.descriptionBinary);
    const p = new Y.XmlElement("paragraph");
    p.insert(0, [new Y.XmlText("c")]);
    doc.getXmlFragment("default").insert(1, [p]);
    await patchDescription(ws.member, page.id, {
      description_binary: Buffer.from(Y.encodeStateAsUpdate(doc)).toString("base64"),
      description_html: "<p>b</p><p>c</p>",
    });
    expect((await rowOf(page.id)).descriptionHtml).toBe("<p>b</p><p>c</p>");
  });

  it("refuses: no HTML (Missing required fields.), locked (4701), archived (4702), and callers who may not edit (403)", async () => {
    const page = await mkPage(ws.member);
    expect((await patchDescription(ws.member, page.id, { description_json: {} })).body).toEqual(MISSING);
    await expectMatrix(ws, (c) => patchDescription(c, page.id, { description_html: "<p>x</p>" }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await ws.member.post(`${pageUrl(page.id)}lock/`);
    const locked = await patchDescription(ws.admin, page.id, { description_html: "<p>y</p>" });
    expect([locked.status, locked.body]).toEqual([400, LOCKED]);
    // a guest is refused for their role, not told about the lock
    expect((await patchDescription(ws.guest, page.id, { description_html: "<p>y</p>" })).body).toEqual(FORBIDDEN);
    await ws.member.request("DELETE", `${pageUrl(page.id)}lock/`);
    await ws.member.post(`${pageUrl(page.id)}archive/`);
    expect((await patchDescription(ws.member, page.id, { description_html: "<p>y</p>" })).body).toEqual(ARCHIVED);
    expect(
      (await patchDescription(ws.member, page.id, { description_html: "<p>y</p>", description_binary: "%%%" })).status,
    ).toBe(400);
  });

  it("keeps versions: one per editing session of one person; list newest first and fetch one with its content", async () => {
    const page = await mkPage(ws.member);
    expect((await ws.member.get(`${pageUrl(page.id)}versions/`)).body).toEqual([]);
    await patchDescription(ws.member, page.id, { description_html: "<p>one</p>" });
    await patchDescription(ws.member, page.id, { description_html: "<p>one two</p>" });
    await patchDescription(ws.admin, page.id, {
      description_html: "<p>admin</p>",
      description_binary: yjs.toString("base64"),
      description_json: { v: 2 },
    });
    // an unchanged save keeps no version
    await patchDescription(ws.admin, page.id, { description_html: "<p>admin</p>" });
    const list = await ws.guest.get(`${pageUrl(page.id)}versions/`);
    expect(list.status).toBe(200);
    expect(list.body.map((v: { owned_by: string }) => v.owned_by)).toEqual([ws.admin.userId, ws.member.userId]);
    expect(Object.keys(list.body[0]).sort()).toEqual([
      "created_at",
      "created_by",
      "id",
      "last_saved_at",
      "owned_by",
      "page",
      "project",
      "updated_at",
      "updated_by",
      "workspace",
    ]);
    const first = await ws.guest.get(`${pageUrl(page.id)}versions/${list.body[1].id}/`);
    expect(first.body).toMatchObject({
      description_html: "<p>one two</p>",
      description_stripped: "one two",
      page: page.id,
    });
    expect(textOf(Buffer.from(first.body.description_binary, "base64"))).toBe("one two");
    const latest = await ws.guest.get(`${pageUrl(page.id)}versions/${list.body[0].id}/`);
    expect(latest.body).toMatchObject({ description_html: "<p>admin</p>", description_json: { type: "doc" } });
    expect(textOf(Buffer.from(latest.body.description_binary, "base64"))).toBe("admin");
    expect((await ws.guest.get(`${pageUrl(page.id)}versions/${crypto.randomUUID()}/`)).status).toBe(404);
    // a page created with content keeps that content as its first version when it is first changed
    const drafted = await mkPage(ws.admin, { description_html: "<p>as created</p>" });
    await patchDescription(ws.member, drafted.id, { description_html: "<p>changed</p>" });
    const kept = (await ws.member.get(`${pageUrl(drafted.id)}versions/`)).body as { id: string; owned_by: string }[];
    expect(kept.map((v) => v.owned_by)).toEqual([ws.member.userId, ws.admin.userId]);
    expect((await ws.member.get(`${pageUrl(drafted.id)}versions/${kept[1]!.id}/`)).body.description_html).toBe(
      "<p>as created</p>",
    );
    await expectMatrix(ws, (c) => c.get(`${pageUrl(page.id)}versions/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    // a private page's versions are its owner's alone
    const priv = await mkPage(ws.member, { access: 1 });
    expect((await ws.admin.get(`${pageUrl(priv.id)}versions/`)).status).toBe(404);
  });
});

describe("duplicate and move", () => {
  it("duplicates for members: a copy owned by the caller with the content, unlocked", async () => {
    const page = await mkPage(ws.admin, { name: "Spec", description_html: "<p>body</p>" });
    await ws.admin.post(`${pageUrl(page.id)}lock/`);
    await expectMatrix(ws, (c) => c.post(`${pageUrl(page.id)}duplicate/`), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const copy = await ws.member.post(`${pageUrl(page.id)}duplicate/`);
    expect(copy.body).toMatchObject({
      name: "Spec (Copy)",
      owned_by: ws.member.userId,
      is_locked: false,
      description_html: "<p>body</p>",
      access: 0,
    });
    expect(copy.body.id).not.toBe(page.id);
  });

  it("moves to another project of the workspace (owner or admin, a member there); favourites follow; missing target is refused", async () => {
    const page = await mkPage(ws.member, { name: "Mover" });
    const child = await mkPage(ws.member, { parent: page.id });
    await ws.member.post(`${pr.base}/favorite-pages/${page.id}/`);
    expect((await ws.member.post(`${pageUrl(page.id)}move/`, {})).body).toEqual(MISSING);
    expect((await ws.guest.post(`${pageUrl(page.id)}move/`, { new_project_id: other.id })).status).toBe(403);
    const adminsPage = await mkPage(ws.admin);
    expect((await ws.member.post(`${pageUrl(adminsPage.id)}move/`, { new_project_id: other.id })).body).toEqual(
      FORBIDDEN,
    );
    expect((await ws.member.post(`${pageUrl(page.id)}move/`, { new_project_id: pr.id })).status).toBe(400);
    expect((await ws.member.post(`${pageUrl(page.id)}move/`, { new_project_id: crypto.randomUUID() })).status).toBe(
      404,
    );
    // a project where the caller is not a member (the admin's private project): named like a project of nothing (issue #24)
    const mine = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: "Solo",
      identifier: "SOLO" + Math.floor(Math.random() * 90 + 10),
      network: 0,
    });
    expect((await ws.member.post(`${pageUrl(page.id)}move/`, { new_project_id: mine.body.id })).body).toEqual({
      error: "Project not found",
    });
    expect((await ws.member.post(`${pageUrl(page.id)}move/`, { new_project_id: other.id })).status).toBe(204);
    expect(await listIds(ws.member)).not.toContain(page.id);
    expect(await listIds(ws.member, "", other)).toContain(page.id);
    expect((await ws.member.get(pageUrl(child.id, other))).body.parent).toBe(page.id);
    const favs = await ws.member.get(`/api/workspaces/${ws.slug}/user-favorites/`);
    expect(favs.body.find((f: { entity_identifier: string }) => f.entity_identifier === page.id)).toMatchObject({
      project_id: other.id,
    });
  });
});

describe("the page tree (Stride: pages-tree/, sub-pages/, PATCH parent and sort_order)", () => {
  type TreePage = { id: string; parent: string | null; sort_order: number; name: string };
  const tree = async (c: Client, p: ProjectFixture) => {
    const r = await c.get(`${p.base}/pages-tree/`);
    expect(r.status, r.text).toBe(200);
    return r.body as TreePage[];
  };

  it("lists every page the caller may read that is not archived, with its parent, siblings in their order; sub-pages/ lists a page's children", async () => {
    const p = await projectFixture(t, ws);
    const a = await mkPage(ws.member, { name: "A" }, p);
    const b = await mkPage(ws.member, { name: "B" }, p);
    const a1 = await mkPage(ws.member, { name: "A1", parent: a.id }, p);
    const a2 = await mkPage(ws.member, { name: "A2", parent: a.id }, p);
    const mine = await mkPage(ws.member, { name: "Mine", parent: a.id, access: 1 }, p);
    const hidden = await mkPage(ws.admin, { name: "Hidden", access: 1 }, p);
    const underHidden = await mkPage(ws.admin, { name: "Under hidden", parent: hidden.id }, p);
    const gone = await mkPage(ws.member, { name: "Gone", parent: b.id }, p);
    await ws.member.post(`${pageUrl(gone.id, p)}archive/`);

    const seen = await tree(ws.member, p);
    expect(seen.map((x) => x.name).sort()).toEqual(["A", "A1", "A2", "B", "Mine", "Under hidden"]);
    // a new page goes last among its siblings
    const byName = new Map(seen.map((x) => [x.name, x]));
    expect(byName.get("A1")!.sort_order).toBeLessThan(byName.get("A2")!.sort_order);
    expect(byName.get("A2")!.sort_order).toBeLessThan(byName.get("Mine")!.sort_order);
    expect(byName.get("Under hidden")!.parent).toBe(hidden.id);
    expect(Object.keys(seen[0]!).sort()).toEqual(PAGE_KEYS);
    // the owner of the private pages sees them; the member's private one stays hers
    expect((await tree(ws.admin, p)).map((x) => x.name).sort()).toEqual([
      "A",
      "A1",
      "A2",
      "B",
      "Hidden",
      "Under hidden",
    ]);

    const subs = await ws.member.get(`${pageUrl(a.id, p)}sub-pages/`);
    expect([subs.status, subs.body.map((x: TreePage) => x.id)]).toEqual([200, [a1.id, a2.id, mine.id]]);
    expect((await ws.admin.get(`${pageUrl(a.id, p)}sub-pages/`)).body.map((x: TreePage) => x.id)).toEqual([
      a1.id,
      a2.id,
    ]);
    // an archived page's sub-pages are its archived children
    expect((await ws.member.get(`${pageUrl(b.id, p)}sub-pages/`)).body).toEqual([]);
    expect((await ws.member.get(`${pageUrl(gone.id, p)}sub-pages/`)).body).toEqual([]);
    expect((await ws.member.get(`${pageUrl(hidden.id, p)}sub-pages/`)).status).toBe(404);
    void underHidden;

    await expectMatrix(ws, (c) => c.get(`${p.base}/pages-tree/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pageUrl(a.id, p)}sub-pages/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });

  it("nests and reorders by PATCH: a new parent puts the page last among its new siblings; its own subtree and archived pages cannot hold it", async () => {
    const p = await projectFixture(t, ws);
    const a = await mkPage(ws.member, { name: "A" }, p);
    const b = await mkPage(ws.member, { name: "B" }, p);
    const b1 = await mkPage(ws.member, { name: "B1", parent: b.id }, p);
    const a1 = await mkPage(ws.member, { name: "A1", parent: a.id }, p);

    const nested = await ws.member.patch(pageUrl(a1.id, p), { parent: b.id });
    expect(nested.status, nested.text).toBe(200);
    expect(nested.body.parent).toBe(b.id);
    expect(nested.body.sort_order).toBeGreaterThan((await ws.member.get(pageUrl(b1.id, p))).body.sort_order);
    // before B1
    const first = await ws.member.patch(pageUrl(a1.id, p), { sort_order: 1 });
    expect(first.body.sort_order).toBe(1);
    expect((await ws.member.get(`${pageUrl(b.id, p)}sub-pages/`)).body.map((x: TreePage) => x.name)).toEqual([
      "A1",
      "B1",
    ]);
    // back to the top level, at a given place
    const top = await ws.member.patch(pageUrl(a1.id, p), { parent: null, sort_order: 0 });
    expect([top.body.parent, top.body.sort_order]).toEqual([null, 0]);
    expect((await tree(ws.member, p)).filter((x) => x.parent === null).map((x) => x.name)).toEqual(["A1", "A", "B"]);

    // never under itself or below itself
    expect((await ws.member.patch(pageUrl(b.id, p), { parent: b1.id })).body).toEqual({
      parent: ["A page cannot be nested under itself."],
    });
    expect((await ws.member.patch(pageUrl(b.id, p), { parent: b.id })).body).toEqual({
      parent: ["A page cannot be nested under itself."],
    });
    // an archived page cannot take sub-pages; a bad sort order is a field error
    await ws.member.post(`${pageUrl(a.id, p)}archive/`);
    expect((await ws.member.patch(pageUrl(b.id, p), { parent: a.id })).body).toEqual(ARCHIVED);
    expect((await ws.member.patch(pageUrl(b.id, p), { sort_order: "x" })).status).toBe(400);
    // a guest cannot move a public page
    expect((await ws.guest.patch(pageUrl(b1.id, p), { parent: null })).status).toBe(403);
  });

  it("a moved page keeps its text (embedded and mentioned work items) and its images follow it to the new project", async () => {
    const p = await projectFixture(t, ws);
    const to = await projectFixture(t, ws);
    const item = await ws.member.post(`${p.base}/issues/`, { name: "Embedded item" });
    expect(item.status, item.text).toBe(201);
    const embed = `<issue-embed-component entity_identifier="${item.body.id}" project_identifier="${p.id}" workspace_identifier="${ws.slug}" entity_name="issue"></issue-embed-component>`;
    const page = await mkPage(ws.member, { name: "Report", description_html: `<p>See</p>${embed}` }, p);
    const slot = await ws.member.post(`/api/assets/v2/workspaces/${ws.slug}/projects/${p.id}/`, {
      name: "p.png",
      type: "image/png",
      size: 10,
      entity_type: "PAGE_DESCRIPTION",
      entity_identifier: page.id,
    });
    expect(slot.status, slot.text).toBe(200);
    const before = (await ws.member.get(pageUrl(page.id, p))).body;

    expect((await ws.member.post(`${pageUrl(page.id, p)}move/`, { new_project_id: to.id })).status).toBe(204);
    const after = (await ws.member.get(pageUrl(page.id, to))).body;
    expect(after.description_html).toBe(before.description_html);
    expect(after.issue_ids).toEqual([item.body.id]);
    // the embedded item is still read where it lives
    expect((await ws.member.get(`${p.base}/issues/${item.body.id}/?expand=state`)).body.state).toMatchObject({
      name: expect.any(String),
    });
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.body.asset_id));
    expect([row!.pageId, row!.projectId]).toEqual([page.id, to.id]);
    // the moved page is last at the top level of its new project
    const other2 = await mkPage(ws.member, { name: "Later" }, to);
    const top = (await tree(ws.member, to)).filter((x) => x.parent === null).map((x) => x.id);
    expect(top).toEqual([page.id, other2.id]);
  });
});

describe("page images (assets)", () => {
  it("takes PAGE_DESCRIPTION images for a page the caller can read, linked to the page and its project", async () => {
    const page = await mkPage(ws.member);
    const url = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/`;
    const slot = await ws.member.post(url, {
      name: "p.png",
      type: "image/png",
      size: 10,
      entity_type: "PAGE_DESCRIPTION",
      entity_identifier: page.id,
    });
    expect(slot.status, slot.text).toBe(200);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.body.asset_id));
    expect([row!.pageId, row!.projectId]).toEqual([page.id, pr.id]);
    const invalid = { error: "Invalid entity identifier." };
    expect(
      (
        await ws.member.post(url, {
          name: "p.png",
          type: "image/png",
          size: 10,
          entity_type: "PAGE_DESCRIPTION",
          entity_identifier: crypto.randomUUID(),
        })
      ).body,
    ).toMatchObject(invalid);
    const priv = await mkPage(ws.admin, { access: 1 });
    expect(
      (
        await ws.member.post(url, {
          name: "p.png",
          type: "image/png",
          size: 10,
          entity_type: "PAGE_DESCRIPTION",
          entity_identifier: priv.id,
        })
      ).status,
    ).toBe(400);
    const elsewhere = `/api/assets/v2/workspaces/${ws.slug}/projects/${other.id}/`;
    expect(
      (
        await ws.member.post(elsewhere, {
          name: "p.png",
          type: "image/png",
          size: 10,
          entity_type: "PAGE_DESCRIPTION",
          entity_identifier: page.id,
        })
      ).status,
    ).toBe(400);
  });
});

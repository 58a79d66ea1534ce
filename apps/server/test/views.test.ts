import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { listCacheOf } from "../src/domain/work-item-list/index.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertIssues } from "./helpers/issue-fixtures.ts";
import { expectMatrix } from "./helpers/work-items.ts";
import type { Client } from "./helpers/client.ts";

/**
 * Saved views (wire-facts §7 IssueView; work-tracking §3–4): project views P/views/ with their work items and
 * favourites, workspace (global) views W/views/, W/issues/?global_view_id= and W/workspace-views/.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let I: Record<string, string>;

const VIEW_KEYS = [
  "access",
  "archived_at",
  "created_at",
  "created_by",
  "deleted_at",
  "description",
  "display_filters",
  "display_properties",
  "filters",
  "id",
  "is_favorite",
  "is_locked",
  "logo_props",
  "name",
  "owned_by",
  "project",
  "query",
  "rich_filters",
  "sort_order",
  "updated_at",
  "updated_by",
  "workspace",
];
const FORBIDDEN = { error: "You don't have the required permissions." };
const NOT_FOUND = { error: "The required object does not exist." };
const LOCKED = { error: "view is locked" };

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  I = await insertIssues({ t, ws, pr }, [
    { name: "urgent-todo", priority: "urgent", state: "Todo", assignees: [ws.member.userId] },
    { name: "high-backlog", priority: "high", state: "Backlog", createdBy: ws.member.userId },
    { name: "high-todo", priority: "high", state: "Todo", subscribers: [ws.member.userId] },
    { name: "low-done", priority: "low", state: "Done" },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const views = (p = pr) => `${p.base}/views/`;
const ids = (res: { body: { results: { id: string }[] } }) => res.body.results.map((r) => r.id).sort();
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

async function mkView(c: Client, body: Record<string, unknown>, url = views()) {
  const r = await c.post(url, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; name: string };
}

describe("POST P/views/", () => {
  it("creates a view owned by its creator (201, the IssueView shape, public and unlocked by default)", async () => {
    const res = await ws.member.post(views(), {
      name: "  High priority ",
      filters: { priority: ["high"], labels: null },
      display_filters: { layout: "kanban", group_by: "state", order_by: "-created_at" },
      display_properties: { assignee: false },
      unknown: "ignored",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(VIEW_KEYS);
    expect(res.body).toMatchObject({
      name: "High priority",
      description: "",
      access: 1,
      is_locked: false,
      is_favorite: false,
      owned_by: ws.member.userId,
      project: pr.id,
      workspace: ws.id,
      filters: { priority: ["high"], labels: null },
      rich_filters: {},
      archived_at: null,
      display_filters: { layout: "kanban", group_by: "state", order_by: "-created_at" },
      display_properties: { assignee: false },
      created_by: ws.member.userId,
      sort_order: 65535,
      logo_props: {},
      query: {},
    });
  });

  it("refuses bad bodies with DRF field errors", async () => {
    expect((await ws.admin.post(views(), {})).body).toEqual({ name: ["This field is required."] });
    expect((await ws.admin.post(views(), { name: " " })).body).toEqual({ name: ["This field may not be blank."] });
    const bad = await ws.admin.post(views(), { name: "x", access: 3, is_locked: "maybe" });
    expect([bad.status, bad.body]).toEqual([
      400,
      { access: ['"3" is not a valid choice.'], is_locked: ["Must be a valid boolean."] },
    ]);
    const filters = await ws.admin.post(views(), { name: "x", filters: { priority: ["sometimes"] } });
    expect(filters.status).toBe(400);
    expect(filters.body.filters[0]).toMatch(/priority/);
    const ids = await ws.admin.post(views(), { name: "x", filters: { state: ["nope"] } });
    expect(ids.status).toBe(400);
    expect(Object.keys(ids.body)).toEqual(["filters"]);
    const display = await ws.admin.post(views(), { name: "x", display_filters: { group_by: "colour" } });
    expect([display.status, Object.keys(display.body)]).toEqual([400, ["display_filters.group_by"]]);
  });

  it("role matrix: members create, guests and outsiders are refused", async () => {
    await expectMatrix(ws, (c) => c.post(views(), { name: "matrix" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET P/views/ and P/views/{id}/", () => {
  it("lists own and public views, hides other people's private views (404 on detail), favourites first then by name", async () => {
    const p = await projectFixture(t, ws);
    const b = await mkView(ws.admin, { name: "b public" }, views(p));
    const a = await mkView(ws.member, { name: "A public" }, views(p));
    const secret = await mkView(ws.member, { name: "c private", access: 0 }, views(p));
    const fav = await mkView(ws.admin, { name: "z favourite" }, views(p));
    expect((await ws.admin.post(`${p.base}/user-favorite-views/`, { view: fav.id })).status).toBe(204);

    const admin = await ws.admin.get(views(p));
    expect(admin.status).toBe(200);
    expect(names(admin.body)).toEqual(["z favourite", "A public", "b public"]);
    expect(admin.body.map((v: { is_favorite: boolean }) => v.is_favorite)).toEqual([true, false, false]);
    expect(names((await ws.member.get(views(p))).body)).toEqual(["A public", "b public", "c private", "z favourite"]);
    expect(names((await ws.guest.get(views(p))).body)).toEqual(["A public", "b public", "z favourite"]);

    expect((await ws.member.get(`${views(p)}${secret.id}/`)).body).toMatchObject({ id: secret.id, access: 0 });
    const hidden = await ws.admin.get(`${views(p)}${secret.id}/`);
    expect([hidden.status, hidden.body]).toEqual([404, NOT_FOUND]);
    expect((await ws.admin.get(`${views(p)}${fav.id}/`)).body).toMatchObject({ id: fav.id, is_favorite: true });
    // a view of another project is not found here
    expect((await ws.admin.get(`${views()}${b.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${views(p)}${a.id}/`)).body.name).toBe("A public");
  });

  it("sorts by name, created_at and updated_at on request; refuses other orders", async () => {
    const p = await projectFixture(t, ws);
    const first = await mkView(ws.admin, { name: "beta" }, views(p));
    await mkView(ws.admin, { name: "Alpha" }, views(p));
    await mkView(ws.admin, { name: "gamma" }, views(p));
    expect(names((await ws.admin.get(`${views(p)}?order_by=-name`)).body)).toEqual(["gamma", "beta", "Alpha"]);
    expect(names((await ws.admin.get(`${views(p)}?order_by=created_at`)).body)).toEqual(["beta", "Alpha", "gamma"]);
    expect(names((await ws.admin.get(`${views(p)}?order_by=-created_at`)).body)).toEqual(["gamma", "Alpha", "beta"]);
    await ws.admin.patch(`${views(p)}${first.id}/`, { description: "touched" });
    expect(names((await ws.admin.get(`${views(p)}?order_by=-updated_at`)).body)[0]).toBe("beta");
    const bad = await ws.admin.get(`${views(p)}?order_by=sequence`);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("detail");
  });

  it("role matrix: everyone in the project reads", async () => {
    const v = await mkView(ws.admin, { name: "readable" });
    await expectMatrix(ws, (c) => c.get(views()), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.get(`${views()}${v.id}/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("PATCH and DELETE P/views/{id}/", () => {
  it("owners and admins change a view; other members and guests are refused", async () => {
    const v = await mkView(ws.member, { name: "mine", filters: { priority: ["high"] } });
    const other = await t.user({ firstName: "Other" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: other.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: other.userId, role: 15 });
    expect([
      (await other.patch(`${views()}${v.id}/`, { name: "theirs" })).status,
      (await other.patch(`${views()}${v.id}/`, { name: "theirs" })).body,
    ]).toEqual([403, FORBIDDEN]);
    expect((await ws.guest.patch(`${views()}${v.id}/`, { name: "guest" })).status).toBe(403);
    const own = await ws.member.patch(`${views()}${v.id}/`, {
      name: "renamed",
      filters: { priority: ["urgent"] },
      access: 0,
    });
    expect(own.status).toBe(200);
    expect(Object.keys(own.body).sort()).toEqual(VIEW_KEYS);
    expect(own.body).toMatchObject({
      name: "renamed",
      filters: { priority: ["urgent"] },
      access: 0,
      updated_by: ws.member.userId,
    });
    // now private: other people cannot even find it
    expect((await ws.admin.patch(`${views()}${v.id}/`, { name: "admin" })).status).toBe(404);
    await ws.member.patch(`${views()}${v.id}/`, { access: 1 });
    expect((await ws.admin.patch(`${views()}${v.id}/`, { name: "by admin" })).body.name).toBe("by admin");
    expect((await ws.admin.patch(`${views()}${v.id}/`, { filters: { priority: ["never"] } })).status).toBe(400);
  });

  it("a locked view refuses every change but the lock toggle itself (400 view is locked)", async () => {
    const v = await mkView(ws.member, { name: "to lock" });
    const lock = await ws.member.patch(`${views()}${v.id}/`, { is_locked: true });
    expect([lock.status, lock.body.is_locked]).toEqual([200, true]);
    for (const body of [
      { name: "changed" },
      { filters: { priority: ["low"] } },
      { is_locked: false, name: "sneaky" },
      { display_filters: { layout: "list" } },
    ]) {
      const r = await ws.member.patch(`${views()}${v.id}/`, body);
      expect([r.status, r.body]).toEqual([400, LOCKED]);
    }
    // admins too; and the lock does not hide the view or its favourite
    expect((await ws.admin.patch(`${views()}${v.id}/`, { name: "admin" })).body).toEqual(LOCKED);
    expect((await ws.member.get(`${views()}${v.id}/`)).body).toMatchObject({ name: "to lock", is_locked: true });
    const unlock = await ws.member.patch(`${views()}${v.id}/`, { is_locked: false });
    expect([unlock.status, unlock.body.is_locked]).toEqual([200, false]);
    expect((await ws.member.patch(`${views()}${v.id}/`, { name: "changed" })).body).toMatchObject({
      name: "changed",
      is_locked: false,
    });
    // a view created locked is locked from the start
    const born = await mkView(ws.member, { name: "born locked", is_locked: true });
    expect((await ws.member.patch(`${views()}${born.id}/`, { name: "x" })).body).toEqual(LOCKED);
  });

  it("deletes (owner or admin) and drops every favourite of the view", async () => {
    const v = await mkView(ws.member, { name: "doomed" });
    expect((await ws.member.post(`${pr.base}/user-favorite-views/`, { view: v.id })).status).toBe(204);
    expect((await ws.admin.post(`${pr.base}/user-favorite-views/`, { view: v.id })).status).toBe(204);
    expect((await ws.guest.delete(`${views()}${v.id}/`)).status).toBe(403);
    expect((await ws.member.delete(`${views()}${v.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${views()}${v.id}/`)).status).toBe(404);
    const left = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(and(eq(schema.userFavorites.entityType, "view"), eq(schema.userFavorites.entityIdentifier, v.id)));
    expect(left).toEqual([]);
    const byAdmin = await mkView(ws.member, { name: "admin deletes" });
    expect((await ws.admin.delete(`${views()}${byAdmin.id}/`)).status).toBe(204);
    expect((await ws.admin.delete(`${views()}${byAdmin.id}/`)).status).toBe(404);
  });
});

describe("P/user-favorite-views/", () => {
  it("favourites a visible view (204, idempotent) and removes it (204, then 404)", async () => {
    const v = await mkView(ws.admin, { name: "fav me" });
    const url = `${pr.base}/user-favorite-views/`;
    expect((await ws.member.post(url, { view: v.id })).status).toBe(204);
    expect((await ws.member.post(url, { view: v.id })).status).toBe(204);
    const rows = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(and(eq(schema.userFavorites.userId, ws.member.userId), eq(schema.userFavorites.entityIdentifier, v.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: "view", projectId: pr.id, workspaceId: ws.id });
    expect((await ws.member.get(`${views()}${v.id}/`)).body.is_favorite).toBe(true);
    expect((await ws.admin.get(`${views()}${v.id}/`)).body.is_favorite).toBe(false);
    expect((await ws.member.delete(`${url}${v.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${url}${v.id}/`)).status).toBe(404);
    expect((await ws.member.get(`${views()}${v.id}/`)).body.is_favorite).toBe(false);
  });

  it("refuses bad bodies, hidden views and guests", async () => {
    const url = `${pr.base}/user-favorite-views/`;
    expect((await ws.member.post(url, {})).body).toEqual({ view: ["This field is required."] });
    expect((await ws.member.post(url, { view: "nope" })).body).toEqual({ view: ["Must be a valid UUID."] });
    const secret = await mkView(ws.admin, { name: "secret", access: 0 });
    expect((await ws.member.post(url, { view: secret.id })).status).toBe(404);
    const v = await mkView(ws.admin, { name: "for guests" });
    await expectMatrix(ws, (c) => c.post(url, { view: v.id }), {
      admin: 204,
      member: 204,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET P/views/{id}/issues/", () => {
  it("lists the project's items with the view's filters ANDed with the request's", async () => {
    const v = await mkView(ws.member, { name: "high", filters: { priority: ["high", "urgent"] } });
    const url = `${views()}${v.id}/issues/`;
    const res = await ws.member.get(url);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([I["urgent-todo"], I["high-backlog"], I["high-todo"]].sort());
    expect(res.body).toMatchObject({ total_count: 3, grouped_by: null });
    // the request narrows the view, it never widens it
    expect(ids(await ws.member.get(`${url}?state=${pr.states.Todo}`))).toEqual(
      [I["urgent-todo"], I["high-todo"]].sort(),
    );
    expect(ids(await ws.member.get(`${url}?priority=low`))).toEqual([]);
    // grouped like the project list
    const grouped = await ws.member.get(`${url}?group_by=priority`);
    expect(grouped.body.grouped_by).toBe("priority");
    expect(grouped.body.results.high.results.map((r: { id: string }) => r.id).sort()).toEqual(
      [I["high-backlog"], I["high-todo"]].sort(),
    );
    expect(grouped.body.results.low.results).toEqual([]);
    // rich filters of the view apply too
    await ws.member.patch(`${views()}${v.id}/`, { rich_filters: { state_group__in: "backlog" } });
    expect(ids(await ws.member.get(url))).toEqual([I["high-backlog"]]);
    // bad request filters answer the list's own error
    const bad = await ws.member.get(`${url}?priority=sometimes`);
    expect([bad.status, bad.body.code]).toEqual([400, "invalid_filter_value"]);
  });

  it("serves from the list cache and a change of the view's filters answers fresh", async () => {
    const v = await mkView(ws.admin, { name: "cached", filters: { priority: ["low"] } });
    const url = `${views()}${v.id}/issues/`;
    const cache = listCacheOf(t.app);
    const first = await ws.admin.get(url);
    expect(ids(first)).toEqual([I["low-done"]]);
    const hitsBefore = cache.hits;
    expect((await ws.admin.get(url)).text).toBe(first.text);
    expect(cache.hits).toBe(hitsBefore + 1);
    await ws.admin.patch(`${views()}${v.id}/`, { filters: { priority: ["urgent"] } });
    expect(ids(await ws.admin.get(url))).toEqual([I["urgent-todo"]]);
    // a new item matching the view shows at once (the project's list version moved)
    const created = await ws.admin.post(`${pr.base}/issues/`, { name: "fresh urgent", priority: "urgent" });
    expect(created.status).toBe(201);
    expect(ids(await ws.admin.get(url))).toEqual([I["urgent-todo"], created.body.id].sort());
    await ws.admin.delete(`${pr.base}/issues/${created.body.id}/`);
    expect(ids(await ws.admin.get(url))).toEqual([I["urgent-todo"]]);
  });

  it("guests who see only their own items see only those in a view; hidden views are 404", async () => {
    const p = await projectFixture(t, ws);
    const own = await insertIssues({ t, ws, pr: p }, [
      { name: "guest item", priority: "high", createdBy: ws.guest.userId },
      { name: "admin item", priority: "high" },
    ]);
    const v = await mkView(ws.admin, { name: "all high", filters: { priority: ["high"] } }, views(p));
    expect(ids(await ws.admin.get(`${views(p)}${v.id}/issues/`))).toEqual(
      [own["guest item"], own["admin item"]].sort(),
    );
    expect(ids(await ws.guest.get(`${views(p)}${v.id}/issues/`))).toEqual([own["guest item"]]);
    const secret = await mkView(ws.admin, { name: "secret", access: 0 }, views(p));
    expect((await ws.member.get(`${views(p)}${secret.id}/issues/`)).status).toBe(404);
    await expectMatrix(ws, (c) => c.get(`${views(p)}${v.id}/issues/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("W/views/ (workspace global views)", () => {
  it("CRUD with the IssueView shape (project null), own + public, lock, roles", async () => {
    const url = `/api/workspaces/${ws.slug}/views/`;
    const created = await ws.member.post(url, {
      name: "Everything urgent",
      filters: { priority: ["urgent"] },
      display_filters: { layout: "spreadsheet" },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(VIEW_KEYS);
    expect(created.body).toMatchObject({
      project: null,
      workspace: ws.id,
      owned_by: ws.member.userId,
      access: 1,
      is_favorite: false,
    });
    const secret = await mkView(ws.member, { name: "mine only", access: 0 }, url);
    await expectMatrix(ws, (c) => c.post(url, { name: "m" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });

    const listed = names((await ws.guest.get(url)).body);
    expect(listed).toContain("Everything urgent");
    expect(listed).not.toContain("mine only");
    expect(names((await ws.member.get(url)).body)).toContain("mine only");
    // project views are not global views, and the other way round
    const pv = await mkView(ws.admin, { name: "project only" });
    expect(names((await ws.admin.get(url)).body)).not.toContain("project only");
    expect((await ws.admin.get(`${url}${pv.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${views()}${created.body.id}/`)).status).toBe(404);

    expect((await ws.admin.get(`${url}${secret.id}/`)).status).toBe(404);
    expect((await ws.guest.get(`${url}${created.body.id}/`)).body.name).toBe("Everything urgent");
    expect((await ws.guest.patch(`${url}${created.body.id}/`, { name: "guest" })).body).toEqual(FORBIDDEN);
    expect((await ws.member.patch(`${url}${created.body.id}/`, { is_locked: true })).body.is_locked).toBe(true);
    expect((await ws.admin.patch(`${url}${created.body.id}/`, { name: "nope" })).body).toEqual(LOCKED);
    expect((await ws.admin.patch(`${url}${created.body.id}/`, { is_locked: false })).body.is_locked).toBe(false);
    expect((await ws.admin.patch(`${url}${created.body.id}/`, { name: "Urgent everywhere" })).body.name).toBe(
      "Urgent everywhere",
    );
    expect((await ws.guest.delete(`${url}${created.body.id}/`)).status).toBe(403);
    expect((await ws.member.delete(`${url}${created.body.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${url}${created.body.id}/`)).status).toBe(404);
  });
});

describe("GET W/issues/?global_view_id=", () => {
  it("applies the four default views for the caller and custom views' filters", async () => {
    const url = `/api/workspaces/${ws.slug}/issues/`;
    const p2 = await projectFixture(t, ws);
    const other = await insertIssues({ t, ws, pr: p2 }, [
      { name: "elsewhere urgent", priority: "urgent", assignees: [ws.member.userId] },
    ]);
    const of = async (q: string, c: Client = ws.member) => {
      const r = await c.get(`${url}?${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return ids(r);
    };
    expect(await of("global_view_id=assigned")).toEqual([I["urgent-todo"], other["elsewhere urgent"]].sort());
    expect(await of("global_view_id=created")).toEqual([I["high-backlog"]]);
    expect(await of("global_view_id=subscribed")).toEqual([I["high-todo"]]);
    const all = await of("global_view_id=all-issues");
    expect(all).toEqual(expect.arrayContaining([I["low-done"], other["elsewhere urgent"]]));
    expect(await of("global_view_id=assigned&priority=high")).toEqual([]);

    const v = await mkView(
      ws.admin,
      { name: "urgent everywhere", filters: { priority: ["urgent"] } },
      `/api/workspaces/${ws.slug}/views/`,
    );
    expect(await of(`global_view_id=${v.id}`)).toEqual(
      expect.arrayContaining([I["urgent-todo"], other["elsewhere urgent"]]),
    );
    expect((await of(`global_view_id=${v.id}`)).every((id) => all.includes(id))).toBe(true);
    expect(await of(`global_view_id=${v.id}&project=${p2.id}`)).toEqual([other["elsewhere urgent"]]);

    const secret = await mkView(ws.admin, { name: "secret", access: 0 }, `/api/workspaces/${ws.slug}/views/`);
    expect((await ws.member.get(`${url}?global_view_id=${secret.id}`)).status).toBe(404);
    const pv = await mkView(ws.admin, { name: "a project view" });
    expect((await ws.member.get(`${url}?global_view_id=${pv.id}`)).status).toBe(404);
    expect((await ws.member.get(`${url}?global_view_id=mine`)).status).toBe(404);
  });
});

describe("POST W/workspace-views/", () => {
  it("keeps the caller's view_props on their membership (204)", async () => {
    const url = `/api/workspaces/${ws.slug}/workspace-views/`;
    const res = await ws.guest.post(url, { view_props: { display_filters: { layout: "spreadsheet" } } });
    expect(res.status).toBe(204);
    const me = await ws.guest.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(me.body.view_props).toEqual({ display_filters: { layout: "spreadsheet" } });
    expect((await ws.guest.post(url, {})).body).toEqual({ view_props: ["This field is required."] });
    expect((await ws.guest.post(url, { view_props: [1] })).body).toEqual({
      view_props: ["Expected a dictionary of items."],
    });
    await expectMatrix(ws, (c) => c.post(url, { view_props: {} }), {
      admin: 204,
      member: 204,
      guest: 204,
      outsider: 403,
      anon: 401,
    });
  });
});

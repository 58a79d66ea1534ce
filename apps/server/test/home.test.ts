import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { sortOrderNextTo } from "@stride/shared";
import { schema } from "../src/db/client.ts";
import { recordVisit } from "../src/domain/recent-visits.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, expectMatrix, setCreator, setGuestViewAll } from "./helpers/work-items.ts";
import type { TestServer } from "./helpers/server.ts";
import { statementsByConnection } from "./helpers/statements.ts";
import type { Client } from "./helpers/client.ts";

/**
 * The home of issue #9 points 10: stickies, quick links, home and sidebar preferences, the home dashboard and its
 * widgets, recent visits (wire-facts §9, platform.md §4, §5, §7). Everything is the caller's own: others' rows are 404.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let W: string;

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  W = `/api/workspaces/${ws.slug}`;
});
afterAll(() => t.close());

const inWs = { admin: 0, member: 0, guest: 0, outsider: 403, anon: 401 };
const ok = (status: number) => ({ ...inWs, admin: status, member: status, guest: status });

async function sticky(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.post(`${W}/stickies/`, { name: "note", description_html: "<p>hello</p>", ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}

describe("stickies", () => {
  it("create answers 201 with the wire shape; a new sticky goes first (highest + 10000)", async () => {
    const a = await sticky(ws.member, {
      background_color: "peach",
      description_html: "<p>Buy <strong>milk</strong><script>x()</script></p>",
    });
    expect(a).toMatchObject({
      name: "note",
      description_html: "<p>Buy <strong>milk</strong></p>",
      description_stripped: "Buy milk",
      description_binary: null,
      background_color: "peach",
      color: null,
      logo_props: {},
      description: {},
      sort_order: 65535,
      workspace: ws.id,
      owner: ws.member.userId,
      created_by: ws.member.userId,
      deleted_at: null,
    });
    for (const k of ["id", "created_at", "updated_at", "updated_by"]) expect(a).toHaveProperty(k);
    const b = await sticky(ws.member, { sort_order: 5 });
    expect(b.sort_order).toBe(75535);
    const list = (await ws.member.get(`${W}/stickies/`)).body;
    expect(list.results.map((s: any) => s.id)).toEqual([b.id, a.id]);
  });

  it("the list is the envelope, 20 a page, -sort_order, searchable by `query`", async () => {
    const c = ws.admin;
    for (let i = 0; i < 22; i++) await sticky(c, { description_html: `<p>${i === 3 ? "needle" : "hay"} ${i}</p>` });
    const page = (await c.get(`${W}/stickies/`)).body;
    expect(page).toMatchObject({
      total_count: 22,
      count: 20,
      next_page_results: true,
      next_cursor: "20:1:0",
      total_pages: 2,
    });
    const orders = page.results.map((s: any) => s.sort_order);
    expect(orders).toEqual([...orders].sort((x: number, y: number) => y - x));
    const second = (await c.get(`${W}/stickies/?cursor=20:1:0`)).body;
    expect(second.results).toHaveLength(2);
    const found = (await c.get(`${W}/stickies/?query=NEEDLE`)).body;
    expect(found.results.map((s: any) => s.description_stripped)).toEqual(["needle 3"]);
    expect((await c.get(`${W}/stickies/?query=%25`)).body.results).toEqual([]);
    expect((await c.get(`${W}/stickies/?per_page=1001`)).status).toBe(400);
  });

  it("reorder: a PATCH of sort_order computed with the midpoint rule moves it", async () => {
    const c = ws.guest;
    const s1 = await sticky(c);
    const s2 = await sticky(c);
    const s3 = await sticky(c);
    // shown: s3, s2, s1 — move s3 below s2
    const items = (await c.get(`${W}/stickies/`)).body.results;
    const next = sortOrderNextTo(items, s3.id, s2.id, "below")!;
    const res = await c.patch(`${W}/stickies/${s3.id}/`, { sort_order: next });
    expect(res.status, res.text).toBe(200);
    expect(res.body.sort_order).toBe(next);
    expect((await c.get(`${W}/stickies/`)).body.results.map((s: any) => s.id)).toEqual([s2.id, s3.id, s1.id]);
  });

  it("PATCH changes colour and text; DELETE answers 204", async () => {
    const s = await sticky(ws.member);
    const res = await ws.member.patch(`${W}/stickies/${s.id}/`, {
      background_color: "green",
      description_html: "<p>new text</p>",
      name: null,
    });
    expect(res.body).toMatchObject({
      background_color: "green",
      description_html: "<p>new text</p>",
      description_stripped: "new text",
      name: null,
    });
    expect((await ws.member.get(`${W}/stickies/${s.id}/`)).body.background_color).toBe("green");
    expect((await ws.member.delete(`${W}/stickies/${s.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${W}/stickies/${s.id}/`)).status).toBe(404);
  });

  it("owner-only: nobody else reads, changes or deletes a sticky (404), not even an admin", async () => {
    const s = await sticky(ws.member);
    expect((await ws.admin.get(`${W}/stickies/`)).body.results.map((x: any) => x.id)).not.toContain(s.id);
    await expectMatrix(ws, (c) => c.get(`${W}/stickies/${s.id}/`), {
      admin: 404,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.patch(`${W}/stickies/${s.id}/`, { name: "x" }), {
      admin: 404,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(
      ws,
      (c, role) => (role === "member" ? c.get(`${W}/stickies/${s.id}/`) : c.delete(`${W}/stickies/${s.id}/`)),
      { admin: 404, member: 200, guest: 404, outsider: 403, anon: 401 },
    );
  });

  it("roles: every workspace role keeps stickies; outsiders and anonymous callers are refused before the body", async () => {
    await expectMatrix(ws, (c) => c.get(`${W}/stickies/`), ok(200));
    await expectMatrix(ws, (c) => c.post(`${W}/stickies/`, { name: 7 }), { ...ok(400) });
  });

  it("changes go live to the owner's stream only (never the workspace's)", async () => {
    const s = await sticky(ws.admin);
    const link = (await ws.admin.post(`${W}/quick-links/`, { url: "https://live.example" })).body;
    for (const id of [s.id, link.id]) {
      const streams = (
        await t.app.sql<
          { stream: string }[]
        >`SELECT DISTINCT stream FROM live_events WHERE event::text LIKE ${"%" + id + "%"}`
      ).map((r) => r.stream);
      expect(streams).toEqual([`user:${ws.admin.userId}`]);
    }
  });

  it("bad input is a 400 field error", async () => {
    expect((await ws.member.post(`${W}/stickies/`, { sort_order: "x" })).body).toEqual({
      sort_order: ["A valid number is required."],
    });
    expect((await ws.member.post(`${W}/stickies/`, { description: [1] })).status).toBe(400);
    expect((await ws.member.get(`${W}/stickies/not-a-uuid/`)).status).toBe(404);
  });
});

describe("quick links", () => {
  it("CRUD of one's own links; the URL gets http:// when it has no scheme; the title is the typed one", async () => {
    const res = await ws.member.post(`${W}/quick-links/`, { url: "example.com/docs", title: " Docs " });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      url: "http://example.com/docs",
      title: "Docs",
      metadata: {},
      owner: ws.member.userId,
      workspace: ws.id,
      project: null,
    });
    const untitled = (await ws.member.post(`${W}/quick-links/`, { url: "https://stride.dev" })).body;
    expect(untitled.title).toBeNull();
    expect((await ws.member.get(`${W}/quick-links/`)).body.map((l: any) => l.id)).toEqual([untitled.id, res.body.id]);
    const patched = await ws.member.patch(`${W}/quick-links/${res.body.id}/`, {
      title: "Handbook",
      url: "https://example.com/h",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Handbook", url: "https://example.com/h" });
    expect((await ws.member.delete(`${W}/quick-links/${untitled.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${W}/quick-links/`)).body.map((l: any) => l.id)).toEqual([res.body.id]);
  });

  it("refuses URLs that are not http(s) and projects of other workspaces", async () => {
    expect((await ws.member.post(`${W}/quick-links/`, { url: "javascript:alert(1)" })).body).toEqual({
      url: ["Enter a valid URL."],
    });
    expect((await ws.member.post(`${W}/quick-links/`, { url: "" })).body).toEqual({
      url: ["This field may not be blank."],
    });
    expect((await ws.member.post(`${W}/quick-links/`, {})).body).toEqual({ url: ["This field is required."] });
    const bad = "00000000-0000-4000-8000-000000000000";
    expect((await ws.member.post(`${W}/quick-links/`, { url: "https://a.b", project: bad })).body).toEqual({
      project: [`Invalid pk "${bad}" - object does not exist.`],
    });
    expect((await ws.member.post(`${W}/quick-links/`, { url: "https://a.b", project: pr.id })).body.project).toBe(
      pr.id,
    );
  });

  it("owner-only and roles", async () => {
    const l = (await ws.guest.post(`${W}/quick-links/`, { url: "https://guest.example" })).body;
    await expectMatrix(ws, (c) => c.patch(`${W}/quick-links/${l.id}/`, { title: "t" }), {
      admin: 404,
      member: 404,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${W}/quick-links/`), ok(200));
    await expectMatrix(ws, (c) => c.post(`${W}/quick-links/`, { url: 5 }), ok(400));
    await expectMatrix(
      ws,
      (c, role) => (role === "guest" ? c.get(`${W}/quick-links/`) : c.delete(`${W}/quick-links/${l.id}/`)),
      { admin: 404, member: 404, guest: 200, outsider: 403, anon: 401 },
    );
  });
});

describe("home preferences", () => {
  it("GET creates quick_links 999, recents 998, my_stickies 997 (and assigned work 996) once", async () => {
    const res = await ws.member.get(`${W}/home-preferences/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { key: "quick_links", is_enabled: true, config: {}, sort_order: 999 },
      { key: "recents", is_enabled: true, config: {}, sort_order: 998 },
      { key: "my_stickies", is_enabled: true, config: {}, sort_order: 997 },
      { key: "assigned_issues", is_enabled: true, config: {}, sort_order: 996 },
    ]);
    await ws.member.get(`${W}/home-preferences/`);
    const rows = await t.db.db
      .select()
      .from(schema.workspaceHomePreferences)
      .where(
        and(
          eq(schema.workspaceHomePreferences.userId, ws.member.userId),
          eq(schema.workspaceHomePreferences.workspaceId, ws.id),
        ),
      );
    expect(rows).toHaveLength(4);
  });

  it("PATCH by key turns a widget off and moves it; answers {key, is_enabled, sort_order}", async () => {
    const res = await ws.admin.patch(`${W}/home-preferences/recents/`, { is_enabled: false, sort_order: 1000 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ key: "recents", is_enabled: false, sort_order: 1000 });
    expect((await ws.admin.get(`${W}/home-preferences/`)).body[0]).toMatchObject({ key: "recents", is_enabled: false });
    // another person's preferences are untouched
    expect((await ws.guest.get(`${W}/home-preferences/`)).body[1]).toMatchObject({ key: "recents", is_enabled: true });
  });

  it("unknown key 404, bad body 400, roles", async () => {
    expect((await ws.admin.patch(`${W}/home-preferences/nope/`, { is_enabled: true })).body).toEqual({
      detail: "Preference not found",
    });
    expect((await ws.admin.patch(`${W}/home-preferences/recents/`, { is_enabled: "maybe" })).status).toBe(400);
    await expectMatrix(ws, (c) => c.get(`${W}/home-preferences/`), ok(200));
    await expectMatrix(ws, (c) => c.patch(`${W}/home-preferences/my_stickies/`, { sort_order: 5 }), ok(200));
  });
});

describe("sidebar preferences", () => {
  it("GET creates the defaults: 65535 then +10000; drafts, your_work, stickies pinned", async () => {
    const res = await ws.member.get(`${W}/sidebar-preferences/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      views: { is_pinned: false, sort_order: 65535 },
      active_cycles: { is_pinned: false, sort_order: 75535 },
      analytics: { is_pinned: false, sort_order: 85535 },
      drafts: { is_pinned: true, sort_order: 95535 },
      your_work: { is_pinned: true, sort_order: 105535 },
      archives: { is_pinned: false, sort_order: 115535 },
      stickies: { is_pinned: true, sort_order: 125535 },
    });
  });

  it("PATCH of the list form answers {message}; PATCH of one key answers the entry", async () => {
    const res = await ws.guest.patch(`${W}/sidebar-preferences/`, [
      { key: "views", is_pinned: true },
      { key: "stickies", is_pinned: false, sort_order: 1 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: "Successfully updated" });
    const one = await ws.guest.patch(`${W}/sidebar-preferences/archives/`, { is_pinned: true });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ key: "archives", is_pinned: true, sort_order: 115535 });
    const now = (await ws.guest.get(`${W}/sidebar-preferences/`)).body;
    expect(now).toMatchObject({
      views: { is_pinned: true },
      stickies: { is_pinned: false, sort_order: 1 },
      archives: { is_pinned: true },
    });
    expect((await ws.member.get(`${W}/sidebar-preferences/`)).body.views.is_pinned).toBe(false);
  });

  it("unknown keys and bad bodies", async () => {
    expect((await ws.guest.patch(`${W}/sidebar-preferences/nope/`, { is_pinned: true })).body).toEqual({
      detail: "Preference not found",
    });
    expect((await ws.guest.patch(`${W}/sidebar-preferences/`, [{ key: "nope" }])).status).toBe(400);
    expect((await ws.guest.patch(`${W}/sidebar-preferences/`, { key: "views" })).status).toBe(400);
    await expectMatrix(ws, (c) => c.get(`${W}/sidebar-preferences/`), ok(200));
    await expectMatrix(ws, (c) => c.patch(`${W}/sidebar-preferences/`, [{ key: "drafts", is_pinned: true }]), ok(200));
  });
});

describe("recent visits", () => {
  it("opening a work item or a project records it; newest first with the entity data", async () => {
    const c = ws.member;
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId], priority: "high" });
    expect((await c.get(`${W}/projects/${other.id}/`)).status).toBe(200);
    expect((await c.get(`${pr.base}/issues/${item.id}/`)).status).toBe(200);
    const res = await c.get(`${W}/recent-visits/`);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        entity_name: "issue",
        entity_identifier: item.id,
        visited_at: expect.any(String),
        entity_data: {
          id: item.id,
          name: item.name,
          state: item.state_id ?? expect.any(String),
          priority: "high",
          assignees: [ws.member.userId],
          type: null,
          sequence_id: item.sequence_id,
          project_id: pr.id,
          project_identifier: pr.identifier,
        },
      },
      {
        id: expect.any(String),
        entity_name: "project",
        entity_identifier: other.id,
        visited_at: expect.any(String),
        entity_data: {
          id: other.id,
          name: expect.any(String),
          logo_props: expect.any(Object),
          project_members: expect.arrayContaining([ws.admin.userId, ws.member.userId]),
          identifier: other.identifier,
        },
      },
    ]);
    expect(
      (await c.get(`${W}/recent-visits/?entity_name=project`)).body.every((v: any) => v.entity_name === "project"),
    ).toBe(true);
    // the work item page by key records too; going back to an earlier visit moves it to the top
    const item2 = await createItem(ws, pr);
    expect((await c.get(`${W}/work-items/${pr.identifier}-${item2.sequence_id}/`)).status).toBe(200);
    expect((await c.get(`${W}/recent-visits/`)).body[0].entity_identifier).toBe(item2.id);
    await c.get(`${pr.base}/issues/${item.id}/`);
    expect((await c.get(`${W}/recent-visits/`)).body.slice(0, 2).map((v: any) => v.entity_identifier)).toEqual([
      item.id,
      item2.id,
    ]);
    // only one's own visits
    expect((await ws.admin.get(`${W}/recent-visits/`)).body.map((v: any) => v.entity_identifier)).not.toContain(
      item2.id,
    );
  });

  it("keeps at most 20 per person and workspace: the newest, with a revisited one back on top", async () => {
    const c = ws.admin;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const it2 = await createItem(ws, other);
      ids.push(it2.id);
      await recordVisit(t.db.db, {
        userId: c.userId,
        workspaceId: ws.id,
        entity: "issue",
        id: it2.id,
        projectId: other.id,
      });
    }
    const kept = async () =>
      (
        await t.db.db
          .select()
          .from(schema.userRecentVisits)
          .where(and(eq(schema.userRecentVisits.userId, c.userId), eq(schema.userRecentVisits.workspaceId, ws.id)))
      )
        .sort((a, b) => b.visitedAt.getTime() - a.visitedAt.getTime())
        .map((r) => r.entityIdentifier);
    expect(await kept()).toEqual(ids.slice(3).reverse());
    expect((await c.get(`${W}/recent-visits/`)).body).toHaveLength(20);
    // an older kept visit opened again moves to the top; nothing else is dropped for it
    await recordVisit(t.db.db, {
      userId: c.userId,
      workspaceId: ws.id,
      entity: "issue",
      id: ids[5],
      projectId: other.id,
    });
    expect(await kept()).toEqual([
      ids[5],
      ...ids
        .slice(3)
        .reverse()
        .filter((id) => id !== ids[5]),
    ]);
    // a new one drops exactly the oldest
    const fresh = await createItem(ws, other);
    await recordVisit(t.db.db, {
      userId: c.userId,
      workspaceId: ws.id,
      entity: "issue",
      id: fresh.id,
      projectId: other.id,
    });
    expect(await kept()).toEqual([
      fresh.id,
      ids[5],
      ...ids
        .slice(4)
        .reverse()
        .filter((id) => id !== ids[5]),
    ]);
  });

  it("a read records its visit in one transaction sent at once: BEGIN, the settings, the visit and COMMIT", async () => {
    const c = ws.member;
    const item = await createItem(ws, pr);
    const all = await statementsByConnection(t, () => c.get(`${pr.base}/issues/${item.id}/`));
    // the visit's own connection, in the order its statements went out
    const on = all.find((s) => s.text.includes("INSERT INTO user_recent_visits"))!.conn;
    const sent = all.filter((s) => s.conn === on).map((s) => s.text);
    const visit = sent.findIndex((q) => q.includes("INSERT INTO user_recent_visits"));
    expect(visit).toBeGreaterThan(1);
    expect(sent[visit - 1]).toContain("set_config('synchronous_commit', 'off', true)");
    expect(sent[visit - 2]).toBe("begin");
    expect(sent[visit + 1]).toBe("commit");
    // the prune is in the same statement (was a second statement after the insert's answer)
    expect(sent[visit]).toContain("DELETE FROM user_recent_visits");
    expect(all.filter((s) => s.text.includes("user_recent_visits"))).toHaveLength(1);
    expect((await c.get(`${W}/recent-visits/`)).body[0].entity_identifier).toBe(item.id);
  });

  it("leaves out what the person can no longer see; refuses unknown kinds; roles", async () => {
    await setGuestViewAll(t, pr.id, true);
    const item = await createItem(ws, pr);
    expect((await ws.guest.get(`${pr.base}/issues/${item.id}/`)).status).toBe(200);
    expect((await ws.guest.get(`${W}/recent-visits/`)).body.map((v: any) => v.entity_identifier)).toContain(item.id);
    await setGuestViewAll(t, pr.id, false);
    expect((await ws.guest.get(`${W}/recent-visits/`)).body.map((v: any) => v.entity_identifier)).not.toContain(
      item.id,
    );
    await setCreator(t, item.id, ws.guest.userId);
    expect((await ws.guest.get(`${W}/recent-visits/`)).body.map((v: any) => v.entity_identifier)).toContain(item.id);
    expect((await ws.guest.get(`${W}/recent-visits/?entity_name=cycle`)).status).toBe(400);
    await expectMatrix(ws, (c) => c.get(`${W}/recent-visits/`), ok(200));
  });
});

describe("home dashboard and widgets", () => {
  async function dashboard(c: Client) {
    const res = await c.get(`${W}/dashboard/?dashboard_type=home`);
    expect(res.status, res.text).toBe(200);
    return res.body as { dashboard: Record<string, any>; widgets: Record<string, any>[] };
  }

  it("W/dashboard/?dashboard_type=home creates the person's dashboard and widgets once", async () => {
    const d = await dashboard(ws.member);
    expect(d.dashboard).toMatchObject({ owned_by: ws.member.userId, is_default: true, type_identifier: "home" });
    expect(d.widgets.map((w) => w.key).slice(0, 3)).toEqual(["overview_stats", "assigned_issues", "created_issues"]);
    expect(d.widgets[1]).toEqual({
      id: expect.any(String),
      key: "assigned_issues",
      is_visible: true,
      sort_order: expect.any(Number),
      widget_filters: { duration: "none", tab: "pending" },
    });
    expect((await dashboard(ws.member)).dashboard.id).toBe(d.dashboard.id);
    expect((await dashboard(ws.admin)).dashboard.id).not.toBe(d.dashboard.id);
    expect((await ws.member.get(`${W}/dashboard/`)).body).toEqual({ error: "Please specify a valid dashboard type" });
    expect((await ws.member.get(`/api/dashboard/${d.dashboard.id}/`)).body).toEqual(d);
  });

  it("widget stats: overview counts and assigned / created lists by tab, following the lists' visibility", async () => {
    const c = ws.member;
    const d = (await dashboard(c)).dashboard;
    const stats = async (q: string) => await c.get(`${W}/dashboard/${d.id}/?${q}`);
    const before = (await stats("widget_key=overview_stats")).body;
    expect(Object.keys(before).sort()).toEqual([
      "assigned_issues_count",
      "completed_issues_count",
      "created_issues_count",
      "pending_issues_count",
    ]);
    const yesterday = new Date(Date.now() - 86400_000 * 2).toISOString().slice(0, 10);
    const a = await createItem(ws, pr, { assignee_ids: [c.userId] });
    const late = await createItem(ws, pr, { assignee_ids: [c.userId], target_date: yesterday });
    const done = await createItem(ws, pr, { assignee_ids: [c.userId], state_id: pr.states.Done });
    const mine = await createItem(ws, pr, {}, c);
    const after = (await stats("widget_key=overview_stats")).body;
    expect(after).toEqual({
      assigned_issues_count: before.assigned_issues_count + 3,
      pending_issues_count: before.pending_issues_count + 2,
      completed_issues_count: before.completed_issues_count + 1,
      created_issues_count: before.created_issues_count + 1,
    });
    const pending = (await stats("widget_key=assigned_issues&issue_type=pending")).body;
    expect(pending.issues.map((i: any) => i.id)).toEqual(expect.arrayContaining([a.id, late.id]));
    expect(pending.issues.map((i: any) => i.id)).not.toContain(done.id);
    expect(pending.count).toBeGreaterThanOrEqual(2);
    expect((await stats("widget_key=assigned_issues&issue_type=overdue")).body.issues.map((i: any) => i.id)).toContain(
      late.id,
    );
    expect(
      (await stats("widget_key=assigned_issues&issue_type=overdue")).body.issues.map((i: any) => i.id),
    ).not.toContain(a.id);
    expect((await stats("widget_key=assigned_issues&issue_type=completed")).body.issues.map((i: any) => i.id)).toEqual([
      done.id,
    ]);
    expect((await stats("widget_key=created_issues&issue_type=pending")).body.issues.map((i: any) => i.id)).toEqual([
      mine.id,
    ]);
    expect((await stats("widget_key=nope")).body).toEqual({ error: "Please specify a valid widget key" });
    expect((await stats("widget_key=assigned_issues&issue_type=nope")).status).toBe(400);
    // a guest sees only items they may see: one assigned to them in a project where guests see only their own
    await setGuestViewAll(t, pr.id, false);
    const g = ws.guest;
    const gd = (await dashboard(g)).dashboard;
    const hidden = await createItem(ws, pr, { assignee_ids: [] });
    await t.db.db
      .insert(schema.issueAssignees)
      .values({ issueId: hidden.id, assigneeId: g.userId, projectId: pr.id, workspaceId: ws.id })
      .onConflictDoNothing();
    const gl = (await g.get(`${W}/dashboard/${gd.id}/?widget_key=assigned_issues&issue_type=pending`)).body;
    expect(gl.issues.map((i: any) => i.id)).not.toContain(hidden.id);
    await setCreator(t, hidden.id, g.userId);
    const gl2 = (await g.get(`${W}/dashboard/${gd.id}/?widget_key=assigned_issues&issue_type=pending`)).body;
    expect(gl2.issues.map((i: any) => i.id)).toContain(hidden.id);
  });

  it("PATCH a widget: visibility, order and filters; the stored tab is the default of the list", async () => {
    const c = ws.admin;
    const { dashboard: d, widgets } = await dashboard(c);
    const w = widgets.find((x) => x.key === "assigned_issues")!;
    const res = await c.patch(`/api/dashboard/${d.id}/widgets/${w.id}/`, {
      is_visible: false,
      filters: { duration: "none", tab: "completed" },
      sort_order: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: "successfully updated" });
    const again = (await c.get(`/api/dashboard/${d.id}/`)).body.widgets.find((x: any) => x.id === w.id);
    expect(again).toMatchObject({ is_visible: false, sort_order: 1, widget_filters: { tab: "completed" } });
    const done = await createItem(ws, pr, { assignee_ids: [c.userId], state_id: pr.states.Done });
    expect(
      (await c.get(`${W}/dashboard/${d.id}/?widget_key=assigned_issues`)).body.issues.map((i: any) => i.id),
    ).toContain(done.id);
    expect((await c.patch(`/api/dashboard/${d.id}/widgets/${w.id}/`, { is_visible: "x" })).status).toBe(400);
  });

  it("another person's dashboard does not exist for the caller", async () => {
    const { dashboard: d, widgets } = await dashboard(ws.member);
    expect((await ws.admin.get(`/api/dashboard/${d.id}/`)).status).toBe(404);
    expect(
      (await ws.admin.patch(`/api/dashboard/${d.id}/widgets/${widgets[0].id}/`, { is_visible: false })).status,
    ).toBe(404);
    expect((await ws.admin.get(`${W}/dashboard/${d.id}/?widget_key=overview_stats`)).status).toBe(404);
    expect((await ws.anon.get(`/api/dashboard/${d.id}/`)).status).toBe(401);
    await expectMatrix(ws, (c) => c.get(`${W}/dashboard/?dashboard_type=home`), ok(200));
  });
});

describe("page visits in recents", () => {
  it("records a page when it is opened, shows its data, and hides it from those who may not read it", async () => {
    const made = await ws.admin.post(`${pr.base}/pages/`, { name: "Launch plan", access: 0 });
    expect(made.status, made.text).toBe(201);
    const secret = await ws.admin.post(`${pr.base}/pages/`, { name: "Admin notes", access: 1 });
    expect((await ws.member.get(`${pr.base}/pages/${made.body.id}/`)).status).toBe(200);
    expect((await ws.admin.get(`${pr.base}/pages/${secret.body.id}/`)).status).toBe(200);
    const mine = (await ws.member.get(`${W}/recent-visits/?entity_name=page`)).body;
    expect(mine).toEqual([
      expect.objectContaining({
        entity_name: "page",
        entity_identifier: made.body.id,
        entity_data: {
          id: made.body.id,
          name: "Launch plan",
          logo_props: expect.any(Object),
          project_id: pr.id,
          owned_by: ws.admin.userId,
          project_identifier: pr.identifier,
        },
      }),
    ]);
    // the owner opened only their private page
    expect(
      (await ws.admin.get(`${W}/recent-visits/?entity_name=page`)).body.map((v: any) => v.entity_identifier),
    ).toEqual([secret.body.id]);
    // made private by its owner: the member's recent page is no longer listed
    expect((await ws.admin.post(`${pr.base}/pages/${made.body.id}/access/`, { access: 1 })).status).toBeLessThan(300);
    expect((await ws.member.get(`${W}/recent-visits/?entity_name=page`)).body).toEqual([]);
  });
});

describe("quick-link titles", () => {
  it("a link saved without a title gets its page's title from a job, only where outgoing requests may go", async () => {
    const http = await import("node:http");
    const server = http.createServer((_q, r) => {
      r.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      r.end("<html><head><title>Team &amp; handbook</title></head></html>");
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const port = (server.address() as { port: number }).port;
    const allowed = t.app.config.outboundAllowPrivate;
    try {
      // loopback is internal: refused while the instance does not allow internal targets
      t.app.config.outboundAllowPrivate = false;
      const refused = (await ws.member.post(`${W}/quick-links/`, { url: `http://127.0.0.1:${port}/a` })).body;
      await t.app.jobs.drain();
      expect((await ws.member.get(`${W}/quick-links/`)).body.find((l: any) => l.id === refused.id).title).toBeNull();

      t.app.config.outboundAllowPrivate = true;
      const made = await ws.member.post(`${W}/quick-links/`, { url: `http://127.0.0.1:${port}/b` });
      expect(made.status).toBe(201);
      expect(made.body.title).toBeNull();
      const typed = (await ws.member.post(`${W}/quick-links/`, { url: `http://127.0.0.1:${port}/c`, title: "Mine" }))
        .body;
      await t.app.jobs.drain();
      const links = (await ws.member.get(`${W}/quick-links/`)).body;
      expect(links.find((l: any) => l.id === made.body.id).title).toBe("Team & handbook");
      expect(links.find((l: any) => l.id === typed.id).title).toBe("Mine");
    } finally {
      t.app.config.outboundAllowPrivate = allowed;
      server.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { projectFixture, twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, expectMatrix, setCreator, setGuestViewAll } from "./helpers/work-items.ts";
import type { TestServer } from "./helpers/server.ts";
import type { Client } from "./helpers/client.ts";

/**
 * The home dashboard's summary widgets (issue #9 point 10; platform.md §3 Widget/Dashboard, §7 home dashboard):
 * `W/dashboard/{id}/?widget_key=issues_by_state_groups|issues_by_priority|recent_activity|recent_projects|
 * recent_collaborators`, in Plane's wire shapes, with the duration filter (`target_date`) and the lists' visibility.
 * Each describe seeds its own workspace so the numbers are exact.
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

async function dashboardId(c: Client): Promise<string> {
  const res = await c.get(`${W}/dashboard/?dashboard_type=home`);
  expect(res.status, res.text).toBe(200);
  return res.body.dashboard.id;
}

async function widget(c: Client, key: string, extra = "") {
  const res = await c.get(`${W}/dashboard/${await dashboardId(c)}/?widget_key=${key}${extra}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Assign items to a guest (the API's assignee choices are project members above guest). */
async function assign(t: TestServer, ws: WorkspaceFixture, p: ProjectFixture, ids: string[], userId: string) {
  for (const issueId of ids)
    await t.db.db
      .insert(schema.issueAssignees)
      .values({ issueId, assigneeId: userId, projectId: p.id, workspaceId: ws.id })
      .onConflictDoNothing();
}

const ymd = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10);

describe("the dashboard's widget list", () => {
  it("carries the eight widgets of Plane's home dashboard with their default filters", async () => {
    const res = (await ws.member.get(`${W}/dashboard/?dashboard_type=home`)).body;
    expect(res.widgets.map((w: any) => w.key)).toEqual([
      "overview_stats",
      "assigned_issues",
      "created_issues",
      "issues_by_state_groups",
      "issues_by_priority",
      "recent_activity",
      "recent_projects",
      "recent_collaborators",
    ]);
    const byKey = Object.fromEntries(res.widgets.map((w: any) => [w.key, w]));
    expect(byKey.issues_by_state_groups.widget_filters).toEqual({ duration: "none" });
    expect(byKey.issues_by_priority.widget_filters).toEqual({ duration: "none" });
    expect(byKey.recent_activity).toMatchObject({ is_visible: true, widget_filters: {} });
    const orders = res.widgets.map((w: any) => w.sort_order);
    expect(orders).toEqual([...orders].sort((a: number, b: number) => b - a));
  });

  it("every widget answers each workspace role; outsiders 403, anonymous 401", async () => {
    const memberDash = await dashboardId(ws.member);
    for (const key of [
      "issues_by_state_groups",
      "issues_by_priority",
      "recent_activity",
      "recent_projects",
      "recent_collaborators",
    ]) {
      await expectMatrix(
        ws,
        async (c) => {
          const own = await c.get(`${W}/dashboard/?dashboard_type=home`);
          return c.get(`${W}/dashboard/${own.status === 200 ? own.body.dashboard.id : memberDash}/?widget_key=${key}`);
        },
        { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 },
      );
    }
    // another person's dashboard does not exist for the caller
    expect((await ws.admin.get(`${W}/dashboard/${memberDash}/?widget_key=recent_projects`)).status).toBe(404);
  });
});

describe("issues_by_state_groups and issues_by_priority", () => {
  it("count the caller's assigned items per state group / priority, every bucket in Plane's order", async () => {
    const me = ws.member;
    const today = ymd(0);
    await createItem(ws, pr, { assignee_ids: [me.userId], state_id: pr.states.Backlog, priority: "urgent" });
    await createItem(ws, pr, {
      assignee_ids: [me.userId],
      state_id: pr.states.Todo,
      priority: "high",
      target_date: today,
    });
    await createItem(ws, other, { assignee_ids: [me.userId], state_id: other.states.Todo, priority: "high" });
    await createItem(ws, pr, {
      assignee_ids: [me.userId, ws.admin.userId],
      state_id: pr.states["In Progress"],
      priority: "low",
      target_date: today,
    });
    await createItem(ws, pr, { assignee_ids: [me.userId], state_id: pr.states.Done, target_date: ymd(-40) });
    // not the caller's: assigned to someone else, or to nobody
    await createItem(ws, pr, { assignee_ids: [ws.admin.userId], state_id: pr.states.Cancelled, priority: "urgent" });
    await createItem(ws, pr, { state_id: pr.states.Todo, priority: "medium" });

    expect(await widget(me, "issues_by_state_groups")).toEqual([
      { state: "backlog", count: 1 },
      { state: "unstarted", count: 2 },
      { state: "started", count: 1 },
      { state: "completed", count: 1 },
      { state: "cancelled", count: 0 },
    ]);
    expect(await widget(me, "issues_by_priority")).toEqual([
      { priority: "urgent", count: 1 },
      { priority: "high", count: 2 },
      { priority: "medium", count: 0 },
      { priority: "low", count: 1 },
      { priority: "none", count: 1 },
    ]);
    // the duration filter: Plane's client sends the range as target_date
    const range = `&target_date=${today};after,${today};before`;
    expect(await widget(me, "issues_by_state_groups", range)).toEqual([
      { state: "backlog", count: 0 },
      { state: "unstarted", count: 1 },
      { state: "started", count: 1 },
      { state: "completed", count: 0 },
      { state: "cancelled", count: 0 },
    ]);
    expect(await widget(me, "issues_by_priority", range)).toEqual([
      { priority: "urgent", count: 0 },
      { priority: "high", count: 1 },
      { priority: "medium", count: 0 },
      { priority: "low", count: 1 },
      { priority: "none", count: 0 },
    ]);
    // the admin's own numbers are theirs: the shared started item and the cancelled one
    expect(await widget(ws.admin, "issues_by_state_groups")).toEqual([
      { state: "backlog", count: 0 },
      { state: "unstarted", count: 0 },
      { state: "started", count: 1 },
      { state: "completed", count: 0 },
      { state: "cancelled", count: 1 },
    ]);
    const bad = await me.get(`${W}/dashboard/${await dashboardId(me)}/?widget_key=issues_by_priority&target_date=nope`);
    expect(bad.status).toBe(400);

    // the duration by name (`?duration=`), or the one stored in the widget's filters; an explicit target_date wins
    const todayOnly = [
      { state: "backlog", count: 0 },
      { state: "unstarted", count: 1 },
      { state: "started", count: 1 },
      { state: "completed", count: 0 },
      { state: "cancelled", count: 0 },
    ];
    expect(await widget(me, "issues_by_state_groups", "&duration=today")).toEqual(todayOnly);
    expect(await widget(me, "issues_by_state_groups", "&duration=none")).toEqual(
      await widget(me, "issues_by_state_groups"),
    );
    const { dashboard: d, widgets } = (await me.get(`${W}/dashboard/?dashboard_type=home`)).body;
    const w = widgets.find((x: any) => x.key === "issues_by_state_groups");
    expect((await me.patch(`/api/dashboard/${d.id}/widgets/${w.id}/`, { filters: { duration: "today" } })).status).toBe(
      200,
    );
    expect(await widget(me, "issues_by_state_groups")).toEqual(todayOnly);
    const all = await widget(me, "issues_by_state_groups", `&target_date=${ymd(-400)};after`);
    expect(all.find((x: any) => x.state === "completed").count).toBe(1);
    expect((await me.get(`${W}/dashboard/${d.id}/?widget_key=issues_by_state_groups&duration=someday`)).body).toEqual({
      detail: "Please specify a valid duration",
    });
    await me.patch(`/api/dashboard/${d.id}/widgets/${w.id}/`, { filters: { duration: "none" } });
  });

  it("a guest counts only the items their lists show them", async () => {
    const g = ws.guest;
    const p = await projectFixture(t, ws);
    await setGuestViewAll(t, p.id, false);
    const hidden = await createItem(ws, p, { state_id: p.states.Todo, priority: "low" });
    const own = await createItem(ws, p, { state_id: p.states["In Progress"], priority: "urgent" });
    await assign(t, ws, p, [hidden.id, own.id], g.userId);
    await setCreator(t, own.id, g.userId);
    const groups = await widget(g, "issues_by_state_groups");
    expect(groups.find((x: any) => x.state === "started").count).toBe(1);
    expect(groups.find((x: any) => x.state === "unstarted").count).toBe(0);
    await setGuestViewAll(t, p.id, true);
    expect((await widget(g, "issues_by_state_groups")).find((x: any) => x.state === "unstarted").count).toBe(1);
    expect((await widget(g, "issues_by_priority")).find((x: any) => x.priority === "low").count).toBe(1);
  });
});

describe("recent_activity", () => {
  it("is the caller's last 8 work-item activities, newest first, in the history's wire shape, without comments", async () => {
    const me = ws.admin;
    const a = await createItem(ws, pr, { name: "Activity A" }, me);
    for (const priority of ["urgent", "high", "medium", "low", "none", "high", "urgent", "low", "medium"]) {
      const res = await me.patch(`${pr.base}/issues/${a.id}/`, { priority });
      expect(res.status, res.text).toBeLessThan(300);
    }
    const c = await me.post(`${pr.base}/issues/${a.id}/comments/`, {
      comment_html: "<p>not an activity of the widget</p>",
    });
    expect(c.status, c.text).toBe(201);
    // someone else's activity is not the caller's
    await me.patch(`${pr.base}/issues/${a.id}/`, { name: "Activity A renamed" });
    await ws.member.patch(`${pr.base}/issues/${a.id}/`, { priority: "high" });

    const list = await widget(me, "recent_activity");
    expect(list).toHaveLength(8);
    expect(list.every((x: any) => x.actor === me.userId)).toBe(true);
    expect(list.map((x: any) => x.field)).not.toContain("comment");
    expect(list[0]).toMatchObject({
      field: "name",
      new_value: "Activity A renamed",
      old_value: "Activity A",
      verb: "updated",
      issue: a.id,
      project: pr.id,
      workspace: ws.id,
    });
    expect(list[0].actor_detail).toMatchObject({ id: me.userId });
    expect(list[0].issue_detail).toMatchObject({ id: a.id, sequence_id: a.sequence_id });
    expect(list[0].project_detail).toMatchObject({ id: pr.id, identifier: pr.identifier });
    expect(list[0].workspace_detail).toMatchObject({ id: ws.id, slug: ws.slug });
    const times = list.map((x: any) => Date.parse(x.created_at));
    expect(times).toEqual([...times].sort((x: number, y: number) => y - x));
    expect(list[1]).toMatchObject({ field: "priority", new_value: "medium", old_value: "low" });
  });

  it("leaves out projects the caller no longer belongs to", async () => {
    const p = await projectFixture(t, ws);
    const item = await createItem(ws, p, { name: "Soon hidden" }, ws.member);
    expect((await widget(ws.member, "recent_activity")).map((x: any) => x.issue)).toContain(item.id);
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(eq(schema.projectMembers.projectId, p.id));
    expect((await widget(ws.member, "recent_activity")).map((x: any) => x.issue)).not.toContain(item.id);
  });
});

describe("recent_projects and recent_collaborators", () => {
  let w: Awaited<ReturnType<typeof twoProjectWorld>>;
  let WS: string;
  beforeAll(async () => {
    w = await twoProjectWorld();
    WS = `/api/workspaces/${w.ws.slug}`;
  });
  afterAll(() => w.t.close());
  const get = async (c: Client, key: string, extra = "") => {
    const d = (await c.get(`${WS}/dashboard/?dashboard_type=home`)).body.dashboard.id;
    const res = await c.get(`${WS}/dashboard/${d}/?widget_key=${key}${extra}`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it("recent_projects: at most 4 ids of the caller's projects, where they acted last first, then the others by name", async () => {
    const { ws: x, pr: a, other: b } = w;
    const c = await projectFixture(w.t, x, { name: "Charlie" });
    const d = await projectFixture(w.t, x, { name: "Delta" });
    const e = await projectFixture(w.t, x, { name: "Echo" });
    // the member acts in Echo, then in Delta: Delta is the most recent
    await createItem(x, e, {}, x.member);
    await createItem(x, d, {}, x.member);
    const ids = await get(x.member, "recent_projects");
    expect(ids).toHaveLength(4);
    expect(ids.slice(0, 2)).toEqual([d.id, e.id]);
    const names = new Map([
      [a.id, "a"],
      [b.id, "b"],
      [c.id, "Charlie"],
    ]);
    for (const id of ids.slice(2)) expect(names.has(id)).toBe(true);
    // archived projects and projects the caller left are not offered
    expect((await x.admin.post(`${WS}/projects/${d.id}/archive/`, {})).status).toBeLessThan(300);
    await w.t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(eq(schema.projectMembers.projectId, e.id));
    const after = await get(x.member, "recent_projects");
    expect(after).not.toContain(d.id);
    expect(after).not.toContain(e.id);
    expect(after).toHaveLength(3);
  });

  it("recent_collaborators: the people of the caller's projects with their open (unstarted / started) items, most loaded first", async () => {
    const { ws: x, pr: a } = w;
    const outsiderProject = await projectFixture(w.t, x, { name: "Zulu" });
    // the admin has three open items the member can see; the guest one; done items do not count
    await createItem(x, a, { assignee_ids: [x.admin.userId], state_id: a.states.Todo });
    await createItem(x, a, { assignee_ids: [x.admin.userId], state_id: a.states["In Progress"] });
    const shared = await createItem(x, a, { assignee_ids: [x.admin.userId], state_id: a.states.Todo });
    await assign(w.t, x, a, [shared.id], x.guest.userId);
    await createItem(x, a, { assignee_ids: [x.admin.userId], state_id: a.states.Done });
    await createItem(x, a, { assignee_ids: [x.admin.userId], state_id: a.states.Backlog });
    // an item in a project the member is not in does not count for them
    await w.t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(
        and(
          eq(schema.projectMembers.projectId, outsiderProject.id),
          eq(schema.projectMembers.memberId, x.member.userId),
        ),
      );
    await createItem(x, outsiderProject, { assignee_ids: [x.admin.userId], state_id: outsiderProject.states.Todo });

    const list = await get(x.member, "recent_collaborators");
    expect(list).toEqual([
      { user_id: x.admin.userId, active_issue_count: 3 },
      { user_id: x.guest.userId, active_issue_count: 1 },
    ]);
    // search by name, and the paginated form
    expect(await get(x.member, "recent_collaborators", "&search=gus")).toEqual([
      { user_id: x.guest.userId, active_issue_count: 1 },
    ]);
    const page = await get(x.member, "recent_collaborators", "&per_page=1&cursor=1:0:0");
    expect(page).toMatchObject({
      total_count: 2,
      count: 1,
      next_page_results: true,
      next_cursor: "1:1:0",
      results: [{ user_id: x.admin.userId, active_issue_count: 3 }],
    });
    const second = await get(x.member, "recent_collaborators", "&per_page=1&cursor=1:1:0");
    expect(second.results).toEqual([{ user_id: x.guest.userId, active_issue_count: 1 }]);
    // the admin sees the items of every project they are in
    expect((await get(x.admin, "recent_collaborators")).find((r: any) => r.user_id === x.member.userId)).toEqual({
      user_id: x.member.userId,
      active_issue_count: 0,
    });
    // a guest who sees only their own items counts only those
    await setGuestViewAll(w.t, a.id, false);
    await setGuestViewAll(w.t, w.other.id, false);
    expect((await get(x.guest, "recent_collaborators")).find((r: any) => r.user_id === x.admin.userId)).toEqual({
      user_id: x.admin.userId,
      active_issue_count: 0,
    });
    const bad = await x.member.get(
      `${WS}/dashboard/${(await x.member.get(`${WS}/dashboard/?dashboard_type=home`)).body.dashboard.id}/?widget_key=recent_collaborators&per_page=0`,
    );
    expect(bad.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, expectMatrix } from "./helpers/work-items.ts";

/** Cycles end to end (wire-facts §7, wire-facts-2 §4): every call of endpoints.txt "cycles", errors and roles. */
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

/** A UTC calendar day `offset` days from today. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function newProject(tz = "UTC") {
  const p = await projectFixture(t, ws);
  await t.db.db.update(schema.projects).set({ timezone: tz }).where(eq(schema.projects.id, p.id));
  return p;
}

async function mkCycle(p: ProjectFixture, body: Record<string, unknown> = {}) {
  const res = await ws.admin.post(`${p.base}/cycles/`, {
    name: "C " + Math.random().toString(36).slice(2, 7),
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any> & { id: string };
}
const current = (p: ProjectFixture, name?: string) =>
  mkCycle(p, { start_date: day(-3), end_date: day(3), ...(name ? { name } : {}) });
const ended = (p: ProjectFixture) => mkCycle(p, { start_date: "2020-01-01", end_date: "2020-01-31" });

describe("create, detail, update, delete", () => {
  it("creates a draft and a dated cycle in the wire shape, dates in the project's zone", async () => {
    const p = await newProject("Asia/Kolkata");
    const draft = await mkCycle(p, { name: "Draft one", description: "d" });
    expect(draft).toMatchObject({
      name: "Draft one",
      description: "d",
      start_date: null,
      end_date: null,
      status: "DRAFT",
      project_id: p.id,
      workspace_id: ws.id,
      owned_by_id: ws.admin.userId,
      sort_order: 65535,
      is_favorite: false,
      total_issues: 0,
      completed_issues: 0,
      cancelled_issues: 0,
      assignee_ids: [],
      version: 1,
      progress_snapshot: {},
      view_props: {},
      logo_props: {},
      external_id: null,
      external_source: null,
      created_by: ws.admin.userId,
    });
    const dated = await mkCycle(p, { start_date: "2031-03-01", end_date: "2031-03-14" });
    expect(dated.start_date).toBe("2031-03-01T00:00:00+05:30");
    expect(dated.end_date).toBe("2031-03-14T23:59:59+05:30");
    expect(dated.status).toBe("UPCOMING");
    const [row] = await t.db.db.select().from(schema.cycles).where(eq(schema.cycles.id, dated.id));
    expect(row.startDate!.toISOString()).toBe("2031-02-28T18:30:00.000Z");
    const got = await ws.guest.get(`${p.base}/cycles/${dated.id}/`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: dated.id, sub_issues: 0, status: "UPCOMING" });
  });

  it("refuses one date without the other, start after end, a blank name", async () => {
    let res = await ws.admin.post(`${pr.base}/cycles/`, { name: "X", start_date: day(1) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Both start date and end date are either required or are to be null" });
    res = await ws.admin.post(`${pr.base}/cycles/`, { name: "X", start_date: day(5), end_date: day(1) });
    expect(res.body).toEqual({ non_field_errors: ["Start date cannot exceed end date"] });
    res = await ws.admin.post(`${pr.base}/cycles/`, { name: "" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["name"]);
    res = await ws.admin.post(`${pr.base}/cycles/`, { name: "X", start_date: "31-12-2020", end_date: "2021-01-01" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["start_date"]);
  });

  it("role matrix: members create, guests read", async () => {
    await expectMatrix(ws, (c) => c.post(`${pr.base}/cycles/`, { name: "Roles" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const c = await mkCycle(pr);
    await expectMatrix(ws, (cl) => cl.get(`${pr.base}/cycles/${c.id}/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (cl) => cl.patch(`${pr.base}/cycles/${c.id}/`, { name: "R2" }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(`${pr.base}/cycles/00000000-0000-4000-8000-000000000000/`)).status).toBe(404);
  });

  it("PATCH changes a running cycle; an ended one takes only sort_order", async () => {
    const c = await current(pr);
    const res = await ws.member.patch(`${pr.base}/cycles/${c.id}/`, { name: "Renamed", end_date: day(10) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", end_date: `${day(10)}T23:59:59Z`, status: "CURRENT" });
    expect((await ws.member.patch(`${pr.base}/cycles/${c.id}/`, { end_date: null })).body).toEqual({
      error: "Both start date and end date are either required or are to be null",
    });
    const e = await ended(pr);
    const refused = await ws.admin.patch(`${pr.base}/cycles/${e.id}/`, { name: "Nope" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "The Cycle has already been completed so it cannot be edited" });
    const sorted = await ws.admin.patch(`${pr.base}/cycles/${e.id}/`, { name: "Ignored", sort_order: 12 });
    expect(sorted.status).toBe(200);
    expect(sorted.body).toMatchObject({ sort_order: 12, name: e.name, status: "COMPLETED" });
  });

  it("DELETE: admin or creator; items leave the cycle with activity", async () => {
    const c = await mkCycle(pr, { name: "To delete" });
    const item = await createItem(ws, pr, { cycle_id: c.id });
    expect(item.cycle_id).toBe(c.id);
    expect((await ws.member.delete(`${pr.base}/cycles/${c.id}/`)).status).toBe(403);
    expect((await ws.guest.delete(`${pr.base}/cycles/${c.id}/`)).status).toBe(403);
    const own = (await ws.member.post(`${pr.base}/cycles/`, { name: "Mine" })).body;
    expect((await ws.member.delete(`${pr.base}/cycles/${own.id}/`)).status).toBe(204);
    expect((await ws.admin.delete(`${pr.base}/cycles/${c.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${pr.base}/cycles/${c.id}/`)).status).toBe(404);
    const got = await ws.admin.get(`${pr.base}/issues/${item.id}/`);
    expect(got.body.cycle_id).toBeNull();
    const acts = (await activityRows(t, item.id)).filter((a) => a.field === "cycles");
    expect(acts.map((a) => [a.oldValue, a.newValue])).toEqual([
      ["", "To delete"],
      ["To delete", ""],
    ]);
  });
});

describe("list and cycle_view", () => {
  it("filters by view, puts favourites first, falls back to all for current", async () => {
    const p = await newProject();
    const draft = await mkCycle(p, { name: "D" });
    const up = await mkCycle(p, { name: "U", start_date: day(10), end_date: day(20) });
    const done = await ended(p);
    const ids = async (view?: string) =>
      (await ws.member.get(`${p.base}/cycles/${view ? `?cycle_view=${view}` : ""}`)).body.map(
        (c: { id: string }) => c.id,
      );
    expect(await ids()).toEqual([done.id, up.id, draft.id]);
    expect(await ids("current")).toEqual([done.id, up.id, draft.id]);
    const cur = await current(p);
    expect(await ids("current")).toEqual([cur.id]);
    expect(await ids("upcoming")).toEqual([up.id]);
    expect(await ids("completed")).toEqual([done.id]);
    expect(await ids("draft")).toEqual([draft.id]);
    expect(await ids("incomplete")).toEqual([cur.id, up.id, draft.id]);
    expect((await ws.member.post(`${p.base}/user-favorite-cycles/`, { cycle: draft.id })).status).toBe(201);
    const all = (await ws.member.get(`${p.base}/cycles/`)).body;
    expect(all.map((c: { id: string }) => c.id)).toEqual([draft.id, cur.id, done.id, up.id]);
    expect(all[0].is_favorite).toBe(true);
    expect((await ws.admin.get(`${p.base}/cycles/`)).body[0].is_favorite).toBe(false);
    const bad = await ws.member.get(`${p.base}/cycles/?cycle_view=bogus`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/cycle_view/);
  });

  it("counts the items of each cycle by state group with their assignees", async () => {
    const p = await newProject();
    const c = await current(p);
    await createItem(ws, p, { cycle_id: c.id, state_id: p.states.Done, assignee_ids: [ws.member.userId] });
    await createItem(ws, p, { cycle_id: c.id, state_id: p.states.Cancelled });
    await createItem(ws, p, {
      cycle_id: c.id,
      state_id: p.states["In Progress"],
      assignee_ids: [ws.member.userId, ws.admin.userId],
    });
    const [got] = (await ws.admin.get(`${p.base}/cycles/`)).body;
    expect(got).toMatchObject({ total_issues: 3, completed_issues: 1, cancelled_issues: 1, started_issues: 1 });
    expect([...got.assignee_ids].sort()).toEqual([ws.member.userId, ws.admin.userId].sort());
  });
});

describe("date-check", () => {
  it("answers status false on an overlap, true otherwise; the cycle itself is excluded", async () => {
    const p = await newProject();
    const c = await mkCycle(p, { start_date: "2032-05-01", end_date: "2032-05-14" });
    const check = (b: Record<string, unknown>) => ws.member.post(`${p.base}/cycles/date-check/`, b);
    const overlap = await check({ start_date: "2032-05-14", end_date: "2032-05-20" });
    expect(overlap.status).toBe(200);
    expect(overlap.body).toEqual({
      error:
        "You have a cycle already on the given dates, if you want to create a draft cycle you can do that by removing dates",
      status: false,
    });
    expect((await check({ start_date: "2032-04-01", end_date: "2032-06-01" })).body.status).toBe(false);
    expect((await check({ start_date: "2032-05-15", end_date: "2032-05-20" })).body).toEqual({ status: true });
    expect((await check({ start_date: "2032-05-02", end_date: "2032-05-03", cycle_id: c.id })).body).toEqual({
      status: true,
    });
    const missing = await check({ start_date: "2032-05-02" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "Start date and end date both are required" });
    expect(
      (await ws.guest.post(`${p.base}/cycles/date-check/`, { start_date: "2032-05-02", end_date: "2032-05-03" }))
        .status,
    ).toBe(403);
  });
});

describe("cycle work items", () => {
  it("adds, moves between cycles, lists through the list engine, removes", async () => {
    const p = await newProject();
    const a = await current(p, "Alpha");
    const b = await mkCycle(p, { name: "Beta" });
    const i1 = await createItem(ws, p, { name: "one" });
    const i2 = await createItem(ws, p, { name: "two" });
    const add = await ws.member.post(`${p.base}/cycles/${a.id}/cycle-issues/`, { issues: [i1.id, i2.id] });
    expect(add.status).toBe(201);
    expect(add.body).toEqual({ message: "success" });
    const list = await ws.member.get(`${p.base}/cycles/${a.id}/cycle-issues/?per_page=50`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_count: 2, grouped_by: null, next_cursor: "50:1:0", count: 2 });
    expect(list.body.results.map((r: { name: string }) => r.name).sort()).toEqual(["one", "two"]);
    expect(list.body.results[0].cycle_id).toBe(a.id);
    const grouped = await ws.admin.get(`${p.base}/cycles/${a.id}/cycle-issues/?group_by=state&per_page=50`);
    expect(grouped.body.grouped_by).toBe("state_id");
    expect(grouped.body.results[p.states.Backlog].total_results).toBe(2);
    // adding to another cycle moves the item
    await ws.member.post(`${p.base}/cycles/${b.id}/cycle-issues/`, { issues: [i1.id] });
    expect((await ws.admin.get(`${p.base}/cycles/${a.id}/cycle-issues/`)).body.total_count).toBe(1);
    expect((await ws.admin.get(`${p.base}/issues/${i1.id}/`)).body.cycle_id).toBe(b.id);
    const acts = (await activityRows(t, i1.id)).filter((x) => x.field === "cycles");
    expect(acts.map((x) => [x.oldValue, x.newValue, x.newIdentifier])).toEqual([
      ["", "Alpha", a.id],
      ["Alpha", "Beta", b.id],
    ]);
    // remove
    expect((await ws.member.delete(`${p.base}/cycles/${b.id}/cycle-issues/${i1.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${p.base}/cycles/${b.id}/cycle-issues/${i1.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${p.base}/issues/${i1.id}/`)).body.cycle_id).toBeNull();
  });

  it("errors and roles", async () => {
    const p = await newProject();
    const c = await current(p);
    const e = await ended(p);
    const item = await createItem(ws, p);
    const empty = await ws.admin.post(`${p.base}/cycles/${c.id}/cycle-issues/`, { issues: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ issues: ["Issues are required"] });
    const unknown = await ws.admin.post(`${p.base}/cycles/${c.id}/cycle-issues/`, {
      issues: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(unknown.status).toBe(404);
    const closed = await ws.admin.post(`${p.base}/cycles/${e.id}/cycle-issues/`, { issues: [item.id] });
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ error: "The Cycle has already been completed so no new issues can be added" });
    await expectMatrix(ws, (cl) => cl.post(`${p.base}/cycles/${c.id}/cycle-issues/`, { issues: [item.id] }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("work item create, PATCH and bulk change set the cycle through the same command", async () => {
    const p = await newProject();
    const c = await current(p, "Gamma");
    const e = await ended(p);
    const item = await createItem(ws, p, { cycle_id: c.id });
    expect(item.cycle_id).toBe(c.id);
    expect((await ws.admin.patch(`${p.base}/issues/${item.id}/`, { cycle_id: null })).status).toBe(204);
    expect((await ws.admin.get(`${p.base}/issues/${item.id}/`)).body.cycle_id).toBeNull();
    expect((await ws.admin.patch(`${p.base}/issues/${item.id}/`, { cycle_id: c.id, priority: "high" })).status).toBe(
      204,
    );
    expect((await ws.admin.get(`${p.base}/issues/${item.id}/`)).body).toMatchObject({
      cycle_id: c.id,
      priority: "high",
    });
    const refused = await ws.admin.patch(`${p.base}/issues/${item.id}/`, { cycle_id: e.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "The Cycle has already been completed so no new issues can be added" });
    const bulk = await ws.admin.post(`${p.base}/bulk-operation-issues/`, {
      issue_ids: [item.id],
      properties: { cycle_id: e.id },
    });
    expect(bulk.status).toBe(400);
    const bad = await ws.admin.post(`${p.base}/issues/`, {
      name: "x",
      cycle_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ cycle_id: ["Invalid cycle"] });
    const acts = (await activityRows(t, item.id)).filter((x) => x.field === "cycles");
    expect(acts.map((x) => [x.oldValue, x.newValue])).toEqual([
      ["", "Gamma"],
      ["Gamma", ""],
      ["", "Gamma"],
    ]);
  });
});

describe("progress and analytics", () => {
  async function pointsEstimate(p: ProjectFixture) {
    const [est] = await t.db.db
      .insert(schema.estimates)
      .values({ workspaceId: ws.id, projectId: p.id, name: "Fib", type: "points" })
      .returning();
    const pts = await t.db.db
      .insert(schema.estimatePoints)
      .values(
        ["1", "2", "3", "5"].map((value, key) => ({
          workspaceId: ws.id,
          projectId: p.id,
          estimateId: est.id,
          key,
          value,
        })),
      )
      .returning();
    await t.db.db.update(schema.projects).set({ estimateId: est.id }).where(eq(schema.projects.id, p.id));
    return Object.fromEntries(pts.map((x) => [x.value, x.id]));
  }

  it("progress/ counts and points by state group; cycle-progress/ the same; unknown cycle 404", async () => {
    const p = await newProject();
    const pts = await pointsEstimate(p);
    const c = await current(p);
    await createItem(ws, p, { cycle_id: c.id, state_id: p.states.Done, estimate_point: pts["5"] });
    await createItem(ws, p, { cycle_id: c.id, state_id: p.states.Todo, estimate_point: pts["3"] });
    await createItem(ws, p, { cycle_id: c.id });
    const res = await ws.member.get(`${p.base}/cycles/${c.id}/progress/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      backlog_estimate_points: 0,
      unstarted_estimate_points: 3,
      started_estimate_points: 0,
      cancelled_estimate_points: 0,
      completed_estimate_points: 5,
      total_estimate_points: 8,
      backlog_issues: 1,
      total_issues: 3,
      completed_issues: 1,
      cancelled_issues: 0,
      started_issues: 0,
      unstarted_issues: 1,
    });
    expect((await ws.member.get(`${p.base}/cycles/${c.id}/cycle-progress/`)).body).toEqual(res.body);
    const missing = await ws.admin.get(`${p.base}/cycles/00000000-0000-4000-8000-000000000000/progress/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Cycle not found" });
  });

  it("analytics: assignee and label rows and the burndown by day (future days null)", async () => {
    const p = await newProject();
    const pts = await pointsEstimate(p);
    const c = await current(p);
    const label = (await ws.admin.post(`${p.base}/issue-labels/`, { name: "bug", color: "#ff0000" })).body;
    const a = await createItem(ws, p, {
      cycle_id: c.id,
      assignee_ids: [ws.member.userId],
      label_ids: [label.id],
      estimate_point: pts["2"],
    });
    const b = await createItem(ws, p, { cycle_id: c.id, estimate_point: pts["3"] });
    await createItem(ws, p, { cycle_id: c.id, assignee_ids: [ws.member.userId] });
    // b was completed two days ago, a completes now
    await ws.admin.patch(`${p.base}/issues/${b.id}/`, { state_id: p.states.Done });
    await t.db.db
      .update(schema.issues)
      .set({ completedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(schema.issues.id, b.id));
    await ws.admin.patch(`${p.base}/issues/${a.id}/`, { state_id: p.states.Done });

    const res = await ws.member.get(`${p.base}/cycles/${c.id}/analytics?type=issues`);
    expect(res.status).toBe(200);
    expect(res.body.completion_chart).toEqual({
      [day(-3)]: 3,
      [day(-2)]: 2,
      [day(-1)]: 2,
      [day(0)]: 1,
      [day(1)]: null,
      [day(2)]: null,
      [day(3)]: null,
    });
    const member = await ws.member.get(`/api/users/me/`);
    expect(res.body.assignees).toEqual([
      {
        display_name: member.body.display_name,
        assignee_id: ws.member.userId,
        avatar_url: null,
        total_issues: 2,
        completed_issues: 1,
        pending_issues: 1,
      },
      {
        display_name: null,
        assignee_id: null,
        avatar_url: null,
        total_issues: 1,
        completed_issues: 1,
        pending_issues: 0,
      },
    ]);
    expect(res.body.labels).toEqual([
      {
        label_name: "bug",
        color: "#ff0000",
        label_id: label.id,
        total_issues: 1,
        completed_issues: 1,
        pending_issues: 0,
      },
      { label_name: null, color: null, label_id: null, total_issues: 2, completed_issues: 1, pending_issues: 1 },
    ]);
    const points = await ws.member.get(`${p.base}/cycles/${c.id}/analytics/?type=points`);
    expect(points.body.completion_chart[day(-3)]).toBe(5);
    expect(points.body.completion_chart[day(-2)]).toBe(2);
    expect(points.body.completion_chart[day(0)]).toBe(0);
    expect(points.body.labels).toEqual([
      {
        label_name: "bug",
        color: "#ff0000",
        label_id: label.id,
        total_estimates: 2,
        completed_estimates: 2,
        pending_estimates: 0,
      },
      {
        label_name: null,
        color: null,
        label_id: null,
        total_estimates: 3,
        completed_estimates: 3,
        pending_estimates: 0,
      },
    ]);
    // default type is points
    expect((await ws.member.get(`${p.base}/cycles/${c.id}/analytics/`)).body).toEqual(points.body);
  });

  it("leaves cancelled items out of the rows and the burndown, in work items and in points (issue #27 point 5)", async () => {
    const p = await newProject();
    const pts = await pointsEstimate(p);
    const c = await current(p);
    const done = await createItem(ws, p, {
      cycle_id: c.id,
      assignee_ids: [ws.member.userId],
      estimate_point: pts["2"],
    });
    await createItem(ws, p, { cycle_id: c.id, assignee_ids: [ws.member.userId], estimate_point: pts["3"] });
    const dropped = await createItem(ws, p, {
      cycle_id: c.id,
      assignee_ids: [ws.member.userId],
      estimate_point: pts["5"],
    });
    await ws.admin.patch(`${p.base}/issues/${done.id}/`, { state_id: p.states.Done });
    await ws.admin.patch(`${p.base}/issues/${dropped.id}/`, { state_id: p.states.Cancelled });
    // progress keeps every group, the cancelled one too (read by a member: a guest counts only what they may see)
    expect((await ws.member.get(`${p.base}/cycles/${c.id}/progress/`)).body).toMatchObject({
      total_issues: 3,
      completed_issues: 1,
      cancelled_issues: 1,
      total_estimate_points: 10,
      cancelled_estimate_points: 5,
    });
    const issues = (await ws.member.get(`${p.base}/cycles/${c.id}/analytics/?type=issues`)).body;
    expect(issues.assignees).toEqual([
      expect.objectContaining({
        assignee_id: ws.member.userId,
        total_issues: 2,
        completed_issues: 1,
        pending_issues: 1,
      }),
    ]);
    expect(issues.completion_chart[day(0)]).toBe(1);
    expect(issues.completion_chart[day(-3)]).toBe(2);
    const points = (await ws.member.get(`${p.base}/cycles/${c.id}/analytics/?type=points`)).body;
    expect(points.assignees).toEqual([
      expect.objectContaining({ total_estimates: 5, completed_estimates: 2, pending_estimates: 3 }),
    ]);
    expect(points.completion_chart[day(-3)]).toBe(5);
    expect(points.completion_chart[day(0)]).toBe(3);
  });

  it("points without a points estimate are empty; a cycle without dates is refused; bad type is a bad param", async () => {
    const p = await newProject();
    const c = await current(p);
    expect((await ws.admin.get(`${p.base}/cycles/${c.id}/analytics/?type=points`)).body).toEqual({
      assignees: [],
      labels: [],
      completion_chart: {},
    });
    const d = await mkCycle(p);
    const res = await ws.admin.get(`${p.base}/cycles/${d.id}/analytics/?type=issues`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Cycle has no start or end date" });
    expect((await ws.admin.get(`${p.base}/cycles/${c.id}/analytics/?type=other`)).status).toBe(400);
    expect((await ws.outsider.get(`${p.base}/cycles/${c.id}/analytics/?type=issues`)).status).toBe(403);
  });
});

describe("transfer-issues", () => {
  it("moves the unfinished items of an ended cycle and freezes its progress", async () => {
    const p = await newProject();
    const old = await mkCycle(p, { name: "Old", start_date: day(-20), end_date: day(-2) });
    const next = await current(p, "Next");
    const done = await createItem(ws, p, { state_id: p.states.Done });
    const open1 = await createItem(ws, p, { state_id: p.states["In Progress"] });
    const open2 = await createItem(ws, p);
    await t.db.db
      .insert(schema.cycleIssues)
      .values(
        [done, open1, open2].map((i) => ({ issueId: i.id, cycleId: old.id, projectId: p.id, workspaceId: ws.id })),
      );
    const before = (await ws.admin.get(`${p.base}/cycles/${old.id}/analytics/?type=issues`)).body;

    const notEnded = await ws.admin.post(`${p.base}/cycles/${next.id}/transfer-issues/`, { new_cycle_id: old.id });
    expect(notEnded.status).toBe(400);
    const toEnded = await ws.admin.post(`${p.base}/cycles/${old.id}/transfer-issues/`, {
      new_cycle_id: (await ended(p)).id,
    });
    expect(toEnded.body).toEqual({ error: "The cycle where the issues are transferred is already completed" });
    expect((await ws.admin.post(`${p.base}/cycles/${old.id}/transfer-issues/`, {})).body).toEqual({
      new_cycle_id: ["This field is required."],
    });
    expect((await ws.guest.post(`${p.base}/cycles/${old.id}/transfer-issues/`, { new_cycle_id: next.id })).status).toBe(
      403,
    );

    // warm the list cache of both cycles and the project: the transfer must reach each of them
    const projectCycles = async () =>
      Object.fromEntries(
        (
          (await ws.admin.get(`${p.base}/issues/?per_page=50`)).body.results as {
            id: string;
            cycle_id: string | null;
          }[]
        ).map((r) => [r.id, r.cycle_id]),
      );
    expect((await ws.admin.get(`${p.base}/cycles/${next.id}/cycle-issues/`)).body.total_count).toBe(0);
    expect((await ws.admin.get(`${p.base}/cycles/${old.id}/cycle-issues/`)).body.total_count).toBe(3);
    expect(await projectCycles()).toEqual({ [done.id]: old.id, [open1.id]: old.id, [open2.id]: old.id });

    const res = await ws.member.post(`${p.base}/cycles/${old.id}/transfer-issues/`, { new_cycle_id: next.id });
    expect(res.status).toBe(200);
    expect(await projectCycles()).toEqual({ [done.id]: old.id, [open1.id]: next.id, [open2.id]: next.id });
    expect(res.body).toEqual({ message: "Success" });
    const nextItems = (await ws.admin.get(`${p.base}/cycles/${next.id}/cycle-issues/`)).body.results
      .map((r: { id: string }) => r.id)
      .sort();
    expect(nextItems).toEqual([open1.id, open2.id].sort());
    expect((await ws.admin.get(`${p.base}/cycles/${old.id}/cycle-issues/`)).body.total_count).toBe(1);
    const detail = (await ws.admin.get(`${p.base}/cycles/${old.id}/`)).body;
    expect(detail.progress_snapshot).toMatchObject({
      total_issues: 3,
      completed_issues: 1,
      started_issues: 1,
      backlog_issues: 1,
    });
    expect((await ws.admin.get(`${p.base}/cycles/${old.id}/progress/`)).body).toMatchObject({
      total_issues: 3,
      completed_issues: 1,
    });
    expect((await ws.admin.get(`${p.base}/cycles/${old.id}/analytics/?type=issues`)).body).toEqual(before);
    expect(
      (await activityRows(t, open1.id)).filter((a) => a.field === "cycles").map((a) => [a.oldValue, a.newValue]),
    ).toEqual([["Old", "Next"]]);
  });
});

describe("archive, restore, favourites", () => {
  it("archives ended cycles only, drops favourites, lists and restores them", async () => {
    const p = await newProject();
    const c = await current(p);
    const e = await ended(p);
    const refused = await ws.admin.post(`${p.base}/cycles/${c.id}/archive/`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "Only completed cycles can be archived" });
    await ws.member.post(`${p.base}/user-favorite-cycles/`, { cycle: e.id });
    expect((await ws.guest.post(`${p.base}/cycles/${e.id}/archive/`)).status).toBe(403);
    const res = await ws.member.post(`${p.base}/cycles/${e.id}/archive/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["archived_at"]);
    const favs = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.entityIdentifier, e.id));
    expect(favs).toEqual([]);
    expect((await ws.admin.get(`${p.base}/cycles/`)).body.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const archived = await ws.guest.get(`${p.base}/archived-cycles/`);
    expect(archived.body.map((x: { id: string }) => x.id)).toEqual([e.id]);
    expect(archived.body[0].archived_at).toBe(res.body.archived_at);
    expect((await ws.guest.get(`${p.base}/archived-cycles/${e.id}/`)).body.id).toBe(e.id);
    expect((await ws.guest.get(`${p.base}/archived-cycles/${c.id}/`)).status).toBe(404);
    expect((await ws.member.delete(`${p.base}/cycles/${c.id}/archive/`)).status).toBe(404);
    expect((await ws.member.delete(`${p.base}/cycles/${e.id}/archive/`)).status).toBe(204);
    expect((await ws.admin.get(`${p.base}/archived-cycles/`)).body).toEqual([]);
    expect((await ws.admin.get(`${p.base}/cycles/`)).body).toHaveLength(2);
  });

  it("favourite and unfavourite; guests refused", async () => {
    const p = await newProject();
    const c = await mkCycle(p);
    await expectMatrix(ws, (cl) => cl.post(`${p.base}/user-favorite-cycles/`, { cycle: c.id }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const again = await ws.member.post(`${p.base}/user-favorite-cycles/`, { cycle: c.id });
    expect(again.body).toMatchObject({ entity_type: "cycle", entity_identifier: c.id, project_id: p.id, cycle: c.id });
    expect((await ws.member.get(`${p.base}/cycles/${c.id}/`)).body.is_favorite).toBe(true);
    expect((await ws.member.delete(`${p.base}/user-favorite-cycles/${c.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${p.base}/cycles/${c.id}/`)).body.is_favorite).toBe(false);
    expect(
      (await ws.member.post(`${p.base}/user-favorite-cycles/`, { cycle: "00000000-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(404);
  });
});

describe("user properties of a cycle", () => {
  it("GET creates the defaults, PATCH answers 201 and keeps them per cycle", async () => {
    const c = await mkCycle(pr);
    const got = await ws.guest.get(`${pr.base}/cycles/${c.id}/user-properties/`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      display_filters: {
        group_by: null,
        order_by: "sort_order",
        layout: "list",
        sub_issue: true,
        show_empty_groups: true,
      },
      display_properties: { assignee: true, estimate: true },
      filters: { priority: null, state: null },
      user: ws.guest.userId,
      project: pr.id,
    });
    const patched = await ws.guest.patch(`${pr.base}/cycles/${c.id}/user-properties/`, {
      display_filters: { layout: "kanban" },
    });
    expect(patched.status).toBe(201);
    expect(patched.body.display_filters).toMatchObject({ layout: "kanban", group_by: "state" });
    expect((await ws.guest.get(`${pr.base}/cycles/${c.id}/user-properties/`)).body.display_filters.layout).toBe(
      "kanban",
    );
    expect((await ws.guest.get(`${pr.base}/user-properties/`)).body.display_filters.layout).toBe("list");
    expect((await ws.outsider.get(`${pr.base}/cycles/${c.id}/user-properties/`)).status).toBe(403);
    expect(
      (await ws.guest.patch(`${pr.base}/cycles/${c.id}/user-properties/`, { display_filters: { layout: "nope" } }))
        .status,
    ).toBe(400);
  });
});

describe("workspace lists", () => {
  it("W/cycles/ lists the caller's projects' cycles; W/active-cycles/ the current ones, paginated with progress", async () => {
    const w2 = await workspaceFixture(t);
    const p1 = await projectFixture(t, w2);
    const p2 = await projectFixture(t, w2);
    const c1 = (await w2.admin.post(`${p1.base}/cycles/`, { name: "A1", start_date: day(-1), end_date: day(1) })).body;
    const c2 = (await w2.admin.post(`${p2.base}/cycles/`, { name: "A2", start_date: day(-1), end_date: day(1) })).body;
    const d = (await w2.admin.post(`${p1.base}/cycles/`, { name: "Draft" })).body;
    await w2.admin.post(`${p1.base}/issues/`, { name: "x", cycle_id: c1.id, state_id: p1.states.Done });
    const all = await w2.member.get(`/api/workspaces/${w2.slug}/cycles/`);
    expect(all.status).toBe(200);
    expect(all.body.map((c: { id: string }) => c.id)).toEqual([d.id, c2.id, c1.id]);
    const page1 = await w2.member.get(`/api/workspaces/${w2.slug}/active-cycles/?per_page=1`);
    expect(page1.body).toMatchObject({ total_count: 2, count: 1, next_page_results: true, next_cursor: "1:1:0" });
    const page2 = await w2.member.get(`/api/workspaces/${w2.slug}/active-cycles/?cursor=1:1:0`);
    expect(page2.body.results[0]).toMatchObject({
      id: c1.id,
      status: "CURRENT",
      project_detail: { id: p1.id },
      progress: { total_issues: 1, completed_issues: 1 },
    });
    expect((await w2.outsider.get(`/api/workspaces/${w2.slug}/active-cycles/`)).status).toBe(403);
    // a member outside the project does not see its cycles
    await t.db.sql`DELETE FROM project_members WHERE project = ${p2.id} AND member = ${w2.member.userId}`;
    expect((await w2.member.get(`/api/workspaces/${w2.slug}/cycles/`)).body.map((c: { id: string }) => c.id)).toEqual([
      d.id,
      c1.id,
    ]);
  });
});

describe("list cache", () => {
  it("cycle writes reach cached project and cycle lists", async () => {
    const p = await newProject();
    const a = await current(p);
    const b = await mkCycle(p);
    const item = await createItem(ws, p);
    const projectList = async () =>
      (await ws.admin.get(`${p.base}/issues/?per_page=50`)).body.results.find((r: { id: string }) => r.id === item.id)
        .cycle_id;
    const cycleList = async (id: string) =>
      (await ws.admin.get(`${p.base}/cycles/${id}/cycle-issues/?per_page=50`)).body.total_count;
    expect(await projectList()).toBeNull();
    expect(await cycleList(a.id)).toBe(0);
    await ws.admin.post(`${p.base}/cycles/${a.id}/cycle-issues/`, { issues: [item.id] });
    expect(await projectList()).toBe(a.id);
    expect(await cycleList(a.id)).toBe(1);
    await ws.admin.patch(`${p.base}/issues/${item.id}/`, { cycle_id: b.id });
    expect(await projectList()).toBe(b.id);
    expect(await cycleList(a.id)).toBe(0);
    expect(await cycleList(b.id)).toBe(1);
    await ws.admin.delete(`${p.base}/cycles/${b.id}/cycle-issues/${item.id}/`);
    expect(await projectList()).toBeNull();
    expect(await cycleList(b.id)).toBe(0);
    await ws.admin.post(`${p.base}/cycles/${b.id}/cycle-issues/`, { issues: [item.id] });
    await ws.admin.delete(`${p.base}/cycles/${b.id}/`);
    expect(await projectList()).toBeNull();
    // group by cycle lists the project's real cycles
    const grouped = await ws.admin.get(`${p.base}/issues/?group_by=cycle&per_page=50`);
    expect(Object.keys(grouped.body.results).sort()).toEqual([a.id, "None"].sort());
    // archiving a cycle takes its group away from the cached grouped list; restoring brings it back
    const old = await ended(p);
    const groups = async () =>
      Object.keys((await ws.admin.get(`${p.base}/issues/?group_by=cycle&per_page=50`)).body.results).sort();
    expect(await groups()).toEqual([a.id, old.id, "None"].sort());
    await ws.admin.post(`${p.base}/cycles/${old.id}/archive/`);
    expect(await groups()).toEqual([a.id, "None"].sort());
    await ws.admin.delete(`${p.base}/cycles/${old.id}/archive/`);
    expect(await groups()).toEqual([a.id, old.id, "None"].sort());
  });
});

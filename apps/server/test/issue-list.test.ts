import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { seedStandardDataset, type ProjectCtx } from "./helpers/issue-fixtures.ts";

/**
 * GET P/issues/: ungrouped, grouped and sub-grouped shapes, per-group pagination, every order_by
 * (wire-facts §6.1, work-tracking.md §9).
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let c: ProjectCtx;
const L: Record<string, string> = {};
const C: Record<string, string> = {};
const M: Record<string, string> = {};
const E: Record<string, string> = {};
let I: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  c = { t, ws, pr };
  const d = await seedStandardDataset(c);
  Object.assign(L, d.L);
  Object.assign(C, d.C);
  Object.assign(M, d.M);
  Object.assign(E, d.E);
  I = d.I;
});
afterAll(async () => {
  await t?.close();
});

const names = (items: { name: string }[]) => items.map((i) => i.name);
const list = (q = "", who = () => ws.admin) => who().get(`${pr.base}/issues/${q}`);

describe("ungrouped list", () => {
  it("lists live work items newest first in the paginated envelope", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect({ ...res.body, results: undefined }).toEqual({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: 5,
      next_cursor: "1000:1:0",
      prev_cursor: "1000:0:1",
      next_page_results: false,
      prev_page_results: false,
      count: 5,
      total_pages: 1,
      total_results: 5,
      extra_stats: null,
      results: undefined,
    });
    // archived, draft, triage, deleted items and epics are excluded; Delta was created between Gamma and Epsilon
    expect(names(res.body.results)).toEqual(["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
  });

  it("presents each item with the wire fields", async () => {
    const res = await list();
    const alpha = res.body.results.find((i: { name: string }) => i.name === "Alpha");
    expect(alpha).toEqual({
      id: I.Alpha,
      name: "Alpha",
      state_id: pr.states.Todo,
      sort_order: 1000,
      completed_at: null,
      estimate_point: E.big,
      priority: "high",
      start_date: "2025-01-01",
      target_date: "2025-01-10",
      sequence_id: 1,
      project_id: pr.id,
      parent_id: null,
      cycle_id: C.sprint1,
      sub_issues_count: 1,
      created_at: "2025-01-01T00:00:01.000000Z",
      updated_at: "2025-01-01T00:00:01.000000Z",
      created_by: ws.admin.userId,
      updated_by: ws.admin.userId,
      attachment_count: 0,
      link_count: 0,
      is_draft: false,
      archived_at: null,
      type_id: null,
      property_values: {},
      state__group: "unstarted",
      assignee_ids: [ws.admin.userId],
      label_ids: [L.bug],
      module_ids: [M.core],
    });
    const beta = res.body.results.find((i: { name: string }) => i.name === "Beta");
    expect(beta.assignee_ids).toEqual([ws.admin.userId, ws.member.userId]);
    expect(beta.label_ids).toEqual([L.bug, L.feature]);
    expect(beta.module_ids).toEqual([M.core, M.api]);
    expect(beta.link_count).toBe(1);
    const eps = res.body.results.find((i: { name: string }) => i.name === "Epsilon");
    expect(eps).toMatchObject({
      link_count: 2,
      attachment_count: 1,
      cycle_id: null,
      label_ids: [],
      assignee_ids: [],
      module_ids: [],
    });
    const delta = res.body.results.find((i: { name: string }) => i.name === "Delta");
    expect(delta).toMatchObject({
      parent_id: I.Alpha,
      completed_at: "2025-01-05T10:00:00.000000Z",
      state__group: "completed",
    });
  });

  it("renders datetimes in the caller's time zone", async () => {
    const u = await t.user();
    await t.db.sql`UPDATE users SET user_timezone = 'Asia/Kolkata' WHERE id = ${u.userId}`;
    await t.db.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${u.userId}, 15)`;
    await t.db
      .sql`INSERT INTO project_members (workspace, project, member, role) VALUES (${ws.id}, ${pr.id}, ${u.userId}, 15)`;
    const res = await u.get(`${pr.base}/issues/?order_by=sequence_id&per_page=1`);
    expect(res.status).toBe(200);
    expect(res.body.results[0].created_at).toBe("2025-01-01T05:30:01.000000+05:30");
  });

  it("paginates with cursor and per_page", async () => {
    const p0 = await list("?per_page=2");
    expect(names(p0.body.results)).toEqual(["Epsilon", "Delta"]);
    expect(p0.body).toMatchObject({
      count: 2,
      total_count: 5,
      total_pages: 3,
      next_cursor: "2:1:0",
      next_page_results: true,
      prev_page_results: false,
    });
    const p1 = await list(`?cursor=${p0.body.next_cursor}`);
    expect(names(p1.body.results)).toEqual(["Gamma", "Beta"]);
    expect(p1.body).toMatchObject({ prev_cursor: "2:0:1", prev_page_results: true, next_page_results: true });
    const p2 = await list("?per_page=2&cursor=2:2:0");
    expect(names(p2.body.results)).toEqual(["Alpha"]);
    expect(p2.body.next_page_results).toBe(false);
    const beyond = await list("?per_page=2&cursor=2:9:0");
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.count).toBe(0);
  });

  it("sub_issue=false keeps only items without a parent", async () => {
    const res = await list("?sub_issue=false");
    expect(names(res.body.results)).toEqual(["Epsilon", "Gamma", "Beta", "Alpha"]);
  });
});

describe("order_by", () => {
  const cases: [string, string[]][] = [
    ["sort_order", ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]],
    ["-sort_order", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["created_at", ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]],
    ["-created_at", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["updated_at", ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]],
    ["-updated_at", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    // nulls last in both directions, ties by -created_at
    ["start_date", ["Alpha", "Gamma", "Epsilon", "Delta", "Beta"]],
    ["-start_date", ["Gamma", "Alpha", "Epsilon", "Delta", "Beta"]],
    ["target_date", ["Alpha", "Beta", "Epsilon", "Delta", "Gamma"]],
    ["-target_date", ["Beta", "Alpha", "Epsilon", "Delta", "Gamma"]],
    ["-priority", ["Beta", "Alpha", "Epsilon", "Delta", "Gamma"]],
    ["priority", ["Gamma", "Delta", "Epsilon", "Alpha", "Beta"]],
    ["state__group", ["Epsilon", "Beta", "Alpha", "Gamma", "Delta"]],
    ["-state__group", ["Delta", "Gamma", "Beta", "Alpha", "Epsilon"]],
    ["state__name", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["-state__name", ["Beta", "Alpha", "Gamma", "Delta", "Epsilon"]],
    ["assignees__first_name", ["Beta", "Alpha", "Delta", "Epsilon", "Gamma"]],
    ["-assignees__first_name", ["Delta", "Beta", "Alpha", "Epsilon", "Gamma"]],
    ["labels__name", ["Beta", "Alpha", "Delta", "Epsilon", "Gamma"]],
    ["-labels__name", ["Delta", "Beta", "Alpha", "Epsilon", "Gamma"]],
    ["issue_module__module__name", ["Beta", "Alpha", "Epsilon", "Delta", "Gamma"]],
    ["-issue_module__module__name", ["Alpha", "Beta", "Epsilon", "Delta", "Gamma"]],
    ["issue_cycle__cycle__name", ["Delta", "Alpha", "Epsilon", "Gamma", "Beta"]],
    ["estimate_point__key", ["Beta", "Alpha", "Epsilon", "Delta", "Gamma"]],
    ["-estimate_point__key", ["Alpha", "Beta", "Epsilon", "Delta", "Gamma"]],
    ["link_count", ["Delta", "Gamma", "Alpha", "Beta", "Epsilon"]],
    ["-link_count", ["Epsilon", "Beta", "Delta", "Gamma", "Alpha"]],
    ["attachment_count", ["Delta", "Gamma", "Beta", "Alpha", "Epsilon"]],
    ["-attachment_count", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["sub_issues_count", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["-sub_issues_count", ["Alpha", "Epsilon", "Delta", "Gamma", "Beta"]],
    // the spec's short names
    ["state", ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]],
    ["-labels", ["Delta", "Beta", "Alpha", "Epsilon", "Gamma"]],
  ];
  for (const [order, expected] of cases) {
    it(`order_by=${order}`, async () => {
      const res = await list(`?order_by=${order}`);
      expect(res.status).toBe(200);
      expect(names(res.body.results)).toEqual(expected);
    });
  }

  it("rejects an unknown order_by with 400 {detail}", async () => {
    const res = await list("?order_by=colour");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Invalid order_by value 'colour'" });
  });
});

type Bucket = { results: { name: string }[]; total_results: number };
const groupNames = (results: Record<string, Bucket>) =>
  Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { names: names(v.results), total: v.total_results }]));

describe("grouped lists", () => {
  it("groups by state with every non-triage state pre-filled, in state order", async () => {
    const res = await list("?group_by=state_id");
    expect(res.status).toBe(200);
    expect({ ...res.body, results: undefined }).toEqual({
      grouped_by: "state_id",
      sub_grouped_by: null,
      total_count: 5,
      next_cursor: "1000:1:0",
      prev_cursor: "1000:0:1",
      next_page_results: false,
      prev_page_results: false,
      count: 5,
      total_pages: 1,
      total_results: 5,
      extra_stats: null,
      results: undefined,
    });
    expect(Object.keys(res.body.results)).toEqual([
      pr.states.Backlog,
      pr.states.Todo,
      pr.states["In Progress"],
      pr.states.Done,
      pr.states.Cancelled,
    ]);
    expect(groupNames(res.body.results)).toEqual({
      [pr.states.Backlog]: { names: ["Epsilon"], total: 1 },
      [pr.states.Todo]: { names: ["Beta", "Alpha"], total: 2 },
      [pr.states["In Progress"]]: { names: ["Gamma"], total: 1 },
      [pr.states.Done]: { names: ["Delta"], total: 1 },
      [pr.states.Cancelled]: { names: [], total: 0 },
    });
    // the display name of the grouping is accepted too
    const short = await list("?group_by=state");
    expect(short.body.grouped_by).toBe("state_id");
    expect(Object.keys(short.body.results)).toEqual(Object.keys(res.body.results));
  });

  it("groups by priority with all five keys, urgent first", async () => {
    const res = await list("?group_by=priority");
    expect(groupNames(res.body.results)).toEqual({
      urgent: { names: ["Beta"], total: 1 },
      high: { names: ["Alpha"], total: 1 },
      medium: { names: ["Epsilon"], total: 1 },
      low: { names: ["Delta"], total: 1 },
      none: { names: ["Gamma"], total: 1 },
    });
    expect(Object.keys(res.body.results)).toEqual(["urgent", "high", "medium", "low", "none"]);
  });

  it("groups by state group, backlog to cancelled", async () => {
    const res = await list("?group_by=state__group&order_by=sort_order");
    expect(res.body.grouped_by).toBe("state__group");
    expect(groupNames(res.body.results)).toEqual({
      backlog: { names: ["Epsilon"], total: 1 },
      unstarted: { names: ["Alpha", "Beta"], total: 2 },
      started: { names: ["Gamma"], total: 1 },
      completed: { names: ["Delta"], total: 1 },
      cancelled: { names: [], total: 0 },
    });
    expect(Object.keys(res.body.results)).toEqual(["backlog", "unstarted", "started", "completed", "cancelled"]);
  });

  it("groups by cycle with every open cycle and None pre-filled", async () => {
    const res = await list("?group_by=cycle_id");
    expect(res.body.grouped_by).toBe("cycle_id");
    expect(Object.keys(res.body.results)).toEqual([C.sprint2, C.sprint1, "None"]);
    expect(groupNames(res.body.results)).toEqual({
      [C.sprint2]: { names: [], total: 0 },
      [C.sprint1]: { names: ["Delta", "Alpha"], total: 2 },
      None: { names: ["Epsilon", "Gamma", "Beta"], total: 3 },
    });
  });

  it("groups by labels repeating an item under each of its labels, only keys present", async () => {
    const res = await list("?group_by=labels__id");
    expect(res.body.grouped_by).toBe("labels__id");
    expect(res.body.total_count).toBe(6);
    expect(res.body.count).toBe(6);
    expect(groupNames(res.body.results)).toEqual({
      [L.bug]: { names: ["Beta", "Alpha"], total: 2 },
      [L.feature]: { names: ["Delta", "Beta"], total: 2 },
      None: { names: ["Epsilon", "Gamma"], total: 2 },
    });
    expect(Object.keys(res.body.results).at(-1)).toBe("None");
    expect(res.body.results).not.toHaveProperty(L.unused);
    // each copy carries its group's raw key; label_ids stay complete
    const betaInFeature = res.body.results[L.feature].results.find((i: { name: string }) => i.name === "Beta");
    expect(betaInFeature.labels__id).toBe(L.feature);
    expect(betaInFeature.label_ids).toEqual([L.bug, L.feature]);
    expect(res.body.results.None.results[0].labels__id).toBeNull();
  });

  it("groups by assignees and by modules", async () => {
    const a = await list("?group_by=assignees");
    expect(a.body.grouped_by).toBe("assignees__id");
    expect(groupNames(a.body.results)).toEqual({
      [ws.admin.userId]: { names: ["Beta", "Alpha"], total: 2 },
      [ws.member.userId]: { names: ["Delta", "Beta"], total: 2 },
      None: { names: ["Epsilon", "Gamma"], total: 2 },
    });
    const m = await list("?group_by=issue_module__module_id");
    expect(groupNames(m.body.results)).toEqual({
      [M.core]: { names: ["Beta", "Alpha"], total: 2 },
      [M.api]: { names: ["Beta"], total: 1 },
      None: { names: ["Epsilon", "Delta", "Gamma"], total: 3 },
    });
    expect(m.body.total_count).toBe(6);
  });

  it("groups by created_by, project and target date", async () => {
    const cb = await list("?group_by=created_by");
    expect(groupNames(cb.body.results)).toEqual({
      [ws.admin.userId]: { names: ["Epsilon", "Delta", "Alpha"], total: 3 },
      [ws.member.userId]: { names: ["Beta"], total: 1 },
      [ws.guest.userId]: { names: ["Gamma"], total: 1 },
    });
    const p = await list("?group_by=project");
    expect(p.body.grouped_by).toBe("project_id");
    expect(groupNames(p.body.results)).toEqual({
      [pr.id]: { names: ["Epsilon", "Delta", "Gamma", "Beta", "Alpha"], total: 5 },
    });
    const td = await list("?group_by=target_date");
    expect(Object.keys(td.body.results)).toEqual(["2025-01-10", "2025-02-01", "None"]);
    expect(groupNames(td.body.results)).toEqual({
      "2025-01-10": { names: ["Alpha"], total: 1 },
      "2025-02-01": { names: ["Beta"], total: 1 },
      None: { names: ["Epsilon", "Delta", "Gamma"], total: 3 },
    });
  });

  it("paginates per group and keeps pre-filled groups on later pages", async () => {
    const p0 = await list("?group_by=state_id&per_page=1");
    expect(p0.body).toMatchObject({
      count: 4,
      total_count: 5,
      total_pages: 2,
      next_page_results: true,
      next_cursor: "1:1:0",
    });
    expect(groupNames(p0.body.results)[pr.states.Todo]).toEqual({ names: ["Beta"], total: 2 });
    const p1 = await list("?group_by=state_id&cursor=1:1:0");
    expect(p1.body).toMatchObject({ count: 1, next_page_results: false, prev_page_results: true });
    expect(groupNames(p1.body.results)).toEqual({
      [pr.states.Backlog]: { names: [], total: 1 },
      [pr.states.Todo]: { names: ["Alpha"], total: 2 },
      [pr.states["In Progress"]]: { names: [], total: 1 },
      [pr.states.Done]: { names: [], total: 1 },
      [pr.states.Cancelled]: { names: [], total: 0 },
    });
    const empty = await list("?group_by=state_id&cursor=1:5:0");
    expect(empty.status).toBe(200);
    expect(empty.body.results).toEqual({});
    expect(empty.body.count).toBe(0);
  });

  it("loads more of one group with the group as a flat filter (client convention)", async () => {
    const res = await list(`?state=${pr.states.Todo}&cursor=1:1:0&per_page=1`);
    expect(names(res.body.results)).toEqual(["Alpha"]);
    const none = await list(`?labels=None&cursor=1:1:0&per_page=1`);
    expect(names(none.body.results)).toEqual(["Gamma"]);
  });

  it("sub-groups single-valued groupings with every sub-key pre-filled", async () => {
    const res = await list("?group_by=state_id&sub_group_by=priority");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ grouped_by: "state_id", sub_grouped_by: "priority", total_count: 5, count: 5 });
    const todo = res.body.results[pr.states.Todo];
    expect(todo.total_results).toBe(2);
    expect(Object.keys(todo.results)).toEqual(["urgent", "high", "medium", "low", "none"]);
    expect(groupNames(todo.results)).toEqual({
      urgent: { names: ["Beta"], total: 1 },
      high: { names: ["Alpha"], total: 1 },
      medium: { names: [], total: 0 },
      low: { names: [], total: 0 },
      none: { names: [], total: 0 },
    });
    expect(res.body.results[pr.states.Cancelled]).toEqual({
      results: {
        urgent: { results: [], total_results: 0 },
        high: { results: [], total_results: 0 },
        medium: { results: [], total_results: 0 },
        low: { results: [], total_results: 0 },
        none: { results: [], total_results: 0 },
      },
      total_results: 0,
    });
  });

  it("sub-groups two multi-valued groupings with distinct group totals", async () => {
    const res = await list("?group_by=labels__id&sub_group_by=assignees__id");
    expect(res.body.total_count).toBe(8);
    const shape = Object.fromEntries(
      Object.entries(
        res.body.results as Record<string, { results: Record<string, Bucket>; total_results: number }>,
      ).map(([k, v]) => [k, { total: v.total_results, subs: groupNames(v.results) }]),
    );
    expect(shape).toEqual({
      [L.bug]: {
        total: 2,
        subs: {
          [ws.admin.userId]: { names: ["Beta", "Alpha"], total: 2 },
          [ws.member.userId]: { names: ["Beta"], total: 1 },
        },
      },
      [L.feature]: {
        total: 2,
        subs: {
          [ws.admin.userId]: { names: ["Beta"], total: 1 },
          [ws.member.userId]: { names: ["Delta", "Beta"], total: 2 },
        },
      },
      None: { total: 2, subs: { None: { names: ["Epsilon", "Gamma"], total: 2 } } },
    });
    const item = res.body.results[L.feature].results[ws.member.userId].results[0];
    expect(item).toMatchObject({ name: "Delta", labels__id: L.feature, assignees__id: ws.member.userId });
  });

  it("paginates sub-groups per (group, sub-group)", async () => {
    const res = await list("?group_by=labels__id&sub_group_by=assignees__id&per_page=1");
    expect(res.body.next_page_results).toBe(true);
    expect(names(res.body.results[L.bug].results[ws.admin.userId].results)).toEqual(["Beta"]);
    expect(res.body.results[L.bug].results[ws.admin.userId].total_results).toBe(2);
    const p1 = await list("?group_by=labels__id&sub_group_by=assignees__id&cursor=1:1:0");
    expect(names(p1.body.results[L.bug].results[ws.admin.userId].results)).toEqual(["Alpha"]);
    expect(p1.body.next_page_results).toBe(false);
  });

  it("rejects equal groupings and unknown groupings", async () => {
    const same = await list("?group_by=state_id&sub_group_by=state");
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ error: "Group by and sub group by cannot have same parameters" });
    const bad = await list("?group_by=colour");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: "Invalid group_by value 'colour'" });
    const badSub = await list("?group_by=state&sub_group_by=colour");
    expect(badSub.status).toBe(400);
    expect(badSub.body).toEqual({ detail: "Invalid sub_group_by value 'colour'" });
  });

  it("ignores a sub-grouping without a grouping", async () => {
    const res = await list("?sub_group_by=priority");
    expect(res.body).toMatchObject({ grouped_by: null, sub_grouped_by: null });
    expect(Array.isArray(res.body.results)).toBe(true);
  });
});

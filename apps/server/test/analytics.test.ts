import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activePoints, insertCycle, insertIssues, insertLabel, insertModule } from "./helpers/issue-fixtures.ts";

/** Analytics (wire-facts-2 §4): advance-analytics, -stats, -charts for the workspace and a project. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let I: Record<string, string>;
let bug: string;
let cycleId: string;
let datedCycle: string;
let moduleId: string;

const W = () => `/api/workspaces/${ws.slug}`;
const displayName = async (id: string) =>
  (await t.db.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!.displayName;
const byKey = (rows: any[]): Record<string, any> => Object.fromEntries(rows.map((r) => [r.key, r]));

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Web", identifier: "WEB" });
  other = await projectFixture(t, ws, { name: "Mobile", identifier: "MOB" });
  // in Mobile the workspace member is only a project guest (without the view-all switch): they count their own items there
  await t.db.db
    .update(schema.projectMembers)
    .set({ role: 5 })
    .where(and(eq(schema.projectMembers.projectId, other.id), eq(schema.projectMembers.memberId, ws.member.userId)));
  // a project only its admin belongs to
  const secret = await ws.admin.post(`${W()}/projects/`, { name: "Secret", identifier: "SEC", network: 0 });
  bug = await insertLabel({ t, ws, pr }, "bug");
  cycleId = await insertCycle({ t, ws, pr }, "Undated");
  datedCycle = await insertCycle({ t, ws, pr }, "Sprint");
  await t.db.db
    .update(schema.cycles)
    .set({ startDate: new Date("2025-01-01T00:00:00Z"), endDate: new Date("2025-01-05T00:00:00Z") })
    .where(eq(schema.cycles.id, datedCycle));
  moduleId = await insertModule({ t, ws, pr }, "Checkout");
  const a = ws.admin.userId;
  const m = ws.member.userId;
  I = await insertIssues({ t, ws, pr }, [
    { name: "Backlog urgent", priority: "urgent", labels: [bug], assignees: [m], cycle: cycleId },
    { name: "Todo high", state: "Todo", priority: "high", assignees: [m, a], modules: [moduleId] },
    { name: "Started high", state: "In Progress", priority: "high", labels: [bug] },
    {
      name: "Done",
      state: "Done",
      priority: "low",
      completedAt: new Date("2025-02-10T12:00:00Z"),
      assignees: [a],
      cycle: datedCycle,
    },
    { name: "Cancelled", state: "Cancelled" },
    { name: "Archived", archivedAt: "2025-01-05" },
    { name: "Draft", isDraft: true },
    { name: "Triage", state: "Triage" },
  ]);
  await insertIssues({ t, ws, pr: other }, [
    { name: "Mobile by admin", priority: "medium" },
    {
      name: "Mobile by member",
      priority: "medium",
      createdBy: m,
      state: "Done",
      completedAt: new Date("2025-01-20T00:00:00Z"),
    },
  ]);
  await insertIssues({ t, ws, pr: { ...pr, id: secret.body.id } }, [{ name: "Secret item" }]);
});
afterAll(async () => {
  await t?.close();
});

describe("GET W/advance-analytics/", () => {
  it("overview counts people, the caller's projects, their items, cycles and intake", async () => {
    const res = await ws.member.get(`${W()}/advance-analytics/?tab=overview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_users: { count: 3 },
      total_admins: { count: 1 },
      total_members: { count: 1 },
      total_guests: { count: 1 },
      total_projects: { count: 2 },
      // Web's five live items (not archived, draft or triage) + the member's own Mobile item
      total_work_items: { count: 6 },
      total_cycles: { count: 2 },
      total_intake: { count: 1 },
    });
    const admin = await ws.admin.get(`${W()}/advance-analytics/?tab=overview`);
    expect(admin.body.total_projects).toEqual({ count: 3 });
    expect(admin.body.total_work_items).toEqual({ count: 8 });
  });

  it("work-items tab counts by state group, narrowed by project_ids", async () => {
    const res = await ws.admin.get(`${W()}/advance-analytics/?tab=work-items&project_ids=${pr.id}`);
    expect(res.body).toEqual({
      total_work_items: { count: 5 },
      started_work_items: { count: 1 },
      backlog_work_items: { count: 1 },
      un_started_work_items: { count: 1 },
      completed_work_items: { count: 1 },
    });
  });

  it("refuses an unknown tab, bad project ids, guests and outsiders", async () => {
    expect(await ws.admin.get(`${W()}/advance-analytics/?tab=nope`)).toMatchObject({
      status: 400,
      body: { message: "Invalid tab" },
    });
    expect((await ws.admin.get(`${W()}/advance-analytics/?project_ids=abc`)).status).toBe(400);
    expect((await ws.guest.get(`${W()}/advance-analytics/?tab=overview`)).status).toBe(403);
    expect((await ws.outsider.get(`${W()}/advance-analytics/?tab=overview`)).status).toBe(403);
    expect((await ws.anon.get(`${W()}/advance-analytics/?tab=overview`)).status).toBe(401);
  });
});

describe("GET W/advance-analytics-stats/", () => {
  it("gives every project of the caller with its items by state group", async () => {
    const res = await ws.member.get(`${W()}/advance-analytics-stats/?type=work-items`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        project_id: pr.id,
        project__name: "Web",
        cancelled_work_items: 1,
        completed_work_items: 1,
        backlog_work_items: 1,
        un_started_work_items: 1,
        started_work_items: 1,
      },
      {
        project_id: other.id,
        project__name: "Mobile",
        cancelled_work_items: 0,
        completed_work_items: 1,
        backlog_work_items: 0,
        un_started_work_items: 0,
        started_work_items: 0,
      },
    ]);
    expect(await ws.member.get(`${W()}/advance-analytics-stats/?type=other`)).toMatchObject({
      status: 400,
      body: { message: "Invalid type" },
    });
  });
});

describe("GET W/advance-analytics-charts/", () => {
  it("projects: counts of each entity with title-cased names", async () => {
    const res = await ws.member.get(`${W()}/advance-analytics-charts/?type=projects`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { key: string }) => r.key)).toEqual([
      "work_items",
      "cycles",
      "modules",
      "intake",
      "members",
      "pages",
      "views",
    ]);
    expect(byKey(res.body).work_items).toEqual({ key: "work_items", name: "Work Items", count: 6 });
    expect(byKey(res.body).modules.count).toBe(1);
    expect(byKey(res.body).members.count).toBe(3);
    // pages: those the caller may read (a public one, not someone else's private one, not archived)
    expect(byKey(res.body).pages.count).toBe(0);
    expect((await ws.admin.post(`${pr.base}/pages/`, { name: "Roadmap", access: 0 })).status).toBe(201);
    expect((await ws.admin.post(`${pr.base}/pages/`, { name: "Admin notes", access: 1 })).status).toBe(201);
    const again = await ws.member.get(`${W()}/advance-analytics-charts/?type=projects`);
    expect(byKey(again.body).pages.count).toBe(1);
  });

  it("work-items: one row per month from the first month to now, created and completed", async () => {
    const res = await ws.member.get(`${W()}/advance-analytics-charts/?type=work-items`);
    expect(res.status).toBe(200);
    expect(res.body.schema).toEqual({ completed_issues: "completed_issues", created_issues: "created_issues" });
    const rows = byKey(res.body.data);
    expect(res.body.data[0].key).toBe("2025-01-01");
    expect(rows["2025-01-01"]).toEqual({
      key: "2025-01-01",
      name: "Jan 2025",
      count: 7,
      created_issues: 6,
      completed_issues: 1,
    });
    expect(rows["2025-02-01"]).toMatchObject({ created_issues: 0, completed_issues: 1, count: 1 });
    const thisMonth = new Date().toISOString().slice(0, 7) + "-01";
    expect(res.body.data.at(-1).key).toBe(thisMonth);
  });

  it("custom-work-items: distinct items by x-axis, and by x-axis and group", async () => {
    const plain = await ws.admin.get(
      `${W()}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY&project_ids=${pr.id}`,
    );
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({
      data: [
        { key: "high", name: "high", count: 2 },
        { key: "low", name: "low", count: 1 },
        { key: "none", name: "none", count: 1 },
        { key: "urgent", name: "urgent", count: 1 },
      ],
      schema: {},
    });
    const labels = await ws.admin.get(
      `${W()}/advance-analytics-charts/?type=custom-work-items&x_axis=LABELS&project_ids=${pr.id}`,
    );
    expect(labels.body.data).toEqual(
      [
        { key: "None", name: "None", count: 3 },
        { key: bug, name: "bug", count: 2 },
      ].sort((x, y) => (x.key < y.key ? -1 : 1)),
    );
    const grouped = await ws.admin.get(
      `${W()}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY&group_by=ASSIGNEES&project_ids=${pr.id}`,
    );
    const high = byKey(grouped.body.data).high;
    // "Todo high" has two assignees: it counts once in the total and once in each assignee's column
    expect(high).toMatchObject({ count: 2, [ws.member.userId]: 1, [ws.admin.userId]: 1, none: 1 });
    expect(grouped.body.schema).toMatchObject({
      [ws.member.userId]: await displayName(ws.member.userId),
      none: "None",
    });
  });

  it("custom-work-items with y_axis=ESTIMATE_POINT_COUNT sums estimate points, each item once per value (issue #27 point 5)", async () => {
    const sized = await projectFixture(t, ws, { name: "Sized", identifier: "SIZ" });
    const c = { t, ws, pr: sized };
    const { "3": three, "5": five } = await activePoints(c, ["3", "5"]);
    const ux = await insertLabel(c, "ux");
    const api = await insertLabel(c, "api");
    await insertIssues(c, [
      { name: "Both labels", priority: "high", labels: [ux, api], estimatePoint: five },
      { name: "One label", priority: "high", labels: [ux], estimatePoint: three },
      { name: "Unsized", priority: "low", labels: [api] },
    ]);
    const url = (q: string) => `${W()}/advance-analytics-charts/?type=custom-work-items&project_ids=${sized.id}&${q}`;
    const plain = await ws.admin.get(url("x_axis=PRIORITY&y_axis=ESTIMATE_POINT_COUNT"));
    expect(plain.body).toEqual({
      data: [
        { key: "high", name: "high", count: 8 },
        { key: "low", name: "low", count: 0 },
      ],
      schema: {},
    });
    // grouped by label: an item with two labels adds its points to both, and once to the total
    const grouped = await ws.admin.get(url("x_axis=PRIORITY&group_by=LABELS&y_axis=ESTIMATE_POINT_COUNT"));
    expect(byKey(grouped.body.data).high).toMatchObject({ count: 8, [ux]: 8, [api]: 5 });
    expect(byKey(grouped.body.data).low).toMatchObject({ count: 0, [api]: 0 });
    // any other y_axis counts work items, as before
    expect((await ws.admin.get(url("x_axis=PRIORITY&y_axis=WORK_ITEM_COUNT"))).body.data).toEqual([
      { key: "high", name: "high", count: 2 },
      { key: "low", name: "low", count: 1 },
    ]);
    // the project's own chart (a cycle's or a module's panel) sums the same way
    expect(
      (
        await ws.admin.get(
          `${sized.base}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY&y_axis=ESTIMATE_POINT_COUNT`,
        )
      ).body.data,
    ).toEqual(plain.body.data);
  });

  it("refuses the axes the client knows but the server does not chart", async () => {
    for (const bad of ["x_axis=PROJECTS", "x_axis=WORK_ITEM_TYPES", "group_by=EPICS", "x_axis=nonsense"]) {
      const res = await ws.admin.get(`${W()}/advance-analytics-charts/?type=custom-work-items&${bad}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await ws.admin.get(`${W()}/advance-analytics-charts/?type=bogus`)).status).toBe(400);
  });

  it("counts only a project guest's own items", async () => {
    const res = await ws.member.get(
      `${W()}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY&project_ids=${other.id}`,
    );
    expect(res.body.data).toEqual([{ key: "medium", name: "medium", count: 1 }]);
    const admin = await ws.admin.get(
      `${W()}/advance-analytics-charts/?type=custom-work-items&x_axis=PRIORITY&project_ids=${other.id}`,
    );
    expect(admin.body.data).toEqual([{ key: "medium", name: "medium", count: 2 }]);
  });

  it("changes when a work item is completed through the API", async () => {
    const before = await ws.admin.get(`${W()}/advance-analytics/?tab=work-items`);
    const patch = await ws.admin.patch(`${pr.base}/issues/${I["Started high"]}/`, { state_id: pr.states.Done });
    expect(patch.status).toBe(204);
    const after = await ws.admin.get(`${W()}/advance-analytics/?tab=work-items`);
    expect(after.body.completed_work_items.count).toBe(before.body.completed_work_items.count + 1);
    expect(after.body.started_work_items.count).toBe(before.body.started_work_items.count - 1);
    const chart = await ws.admin.get(`${W()}/advance-analytics-charts/?type=work-items`);
    const thisMonth = new Date().toISOString().slice(0, 7) + "-01";
    expect(byKey(chart.body.data)[thisMonth].completed_issues).toBeGreaterThanOrEqual(1);
    await ws.admin.patch(`${pr.base}/issues/${I["Started high"]}/`, { state_id: pr.states["In Progress"] });
  });
});

describe("project analytics", () => {
  it("advance-analytics gives the work-items totals, narrowed by a cycle or a module", async () => {
    const all = await ws.member.get(`${pr.base}/advance-analytics/`);
    expect(all.status).toBe(200);
    expect(all.body.total_work_items).toEqual({ count: 5 });
    expect((await ws.member.get(`${pr.base}/advance-analytics/?cycle_id=${cycleId}`)).body.total_work_items).toEqual({
      count: 1,
    });
    expect((await ws.member.get(`${pr.base}/advance-analytics/?module_id=${moduleId}`)).body.total_work_items).toEqual({
      count: 1,
    });
    expect((await ws.member.get(`${pr.base}/advance-analytics/?cycle_id=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await ws.member.get(`${pr.base}/advance-analytics/?cycle_id=nope`)).status).toBe(400);
  });

  it("advance-analytics-stats gives one row per assignee, unassigned items as a null row", async () => {
    const res = await ws.member.get(`${pr.base}/advance-analytics-stats/`);
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.map((r: { assignee_id: string | null }) => [r.assignee_id ?? "none", r]));
    expect(rows[ws.member.userId]).toMatchObject({
      display_name: await displayName(ws.member.userId),
      backlog_work_items: 1,
      un_started_work_items: 1,
      completed_work_items: 0,
    });
    expect(rows[ws.admin.userId]).toMatchObject({ un_started_work_items: 1, completed_work_items: 1 });
    expect(rows.none).toMatchObject({
      display_name: null,
      avatar_url: null,
      started_work_items: 1,
      cancelled_work_items: 1,
    });
  });

  it("advance-analytics-charts gives daily rows over a dated cycle, nothing for an undated one", async () => {
    const dated = await ws.member.get(`${pr.base}/advance-analytics-charts/?type=work-items&cycle_id=${datedCycle}`);
    expect(dated.status).toBe(200);
    expect(dated.body.data.map((r: { key: string }) => r.key)).toEqual([
      "2025-01-01",
      "2025-01-02",
      "2025-01-03",
      "2025-01-04",
      "2025-01-05",
    ]);
    expect(byKey(dated.body.data)["2025-01-01"]).toMatchObject({ created_issues: 1, completed_issues: 0, count: 1 });
    const undated = await ws.member.get(`${pr.base}/advance-analytics-charts/?type=work-items&cycle_id=${cycleId}`);
    expect(undated.body).toEqual({ data: [], schema: {} });
    const custom = await ws.member.get(
      `${pr.base}/advance-analytics-charts/?type=custom-work-items&x_axis=STATE_GROUPS&module_id=${moduleId}`,
    );
    expect(custom.body.data).toEqual([{ key: "unstarted", name: "unstarted", count: 1 }]);
  });

  it("is for the project's admins and members", async () => {
    expect((await ws.guest.get(`${pr.base}/advance-analytics/`)).status).toBe(403);
    expect((await ws.outsider.get(`${pr.base}/advance-analytics-charts/?type=work-items`)).status).toBe(403);
    // the member is a guest of Mobile
    expect((await ws.member.get(`${other.base}/advance-analytics-stats/`)).status).toBe(403);
  });
});

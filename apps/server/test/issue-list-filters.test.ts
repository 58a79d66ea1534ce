import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { seedStandardDataset, setProject, type ProjectCtx, type StandardDataset } from "./helpers/issue-fixtures.ts";

/** Filters of GET P/issues/: legacy flat params and the JSON `filters` grammar; guest visibility; bad input. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let c: ProjectCtx;
let d: StandardDataset;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  c = { t, ws, pr };
  d = await seedStandardDataset(c);
});
afterAll(async () => {
  await t?.close();
});

const names = (items: { name: string }[]) => items.map((i) => i.name);
async function listNames(q: string, who = () => ws.admin): Promise<string[]> {
  const res = await who().get(`${pr.base}/issues/${q}`);
  expect(res.status, res.text).toBe(200);
  return names(res.body.results);
}
const enc = (o: unknown) => encodeURIComponent(JSON.stringify(o));

describe("legacy flat filters", () => {
  it("state and state_group", async () => {
    expect(await listNames(`?state=${pr.states.Todo}`)).toEqual(["Beta", "Alpha"]);
    expect(await listNames(`?state=${pr.states.Todo},${pr.states.Done}`)).toEqual(["Delta", "Beta", "Alpha"]);
    expect(await listNames(`?state_group=backlog,started`)).toEqual(["Epsilon", "Gamma"]);
  });
  it("priority", async () => {
    expect(await listNames(`?priority=urgent,none`)).toEqual(["Gamma", "Beta"]);
  });
  it("labels, with None for items without labels", async () => {
    expect(await listNames(`?labels=${d.L.bug}`)).toEqual(["Beta", "Alpha"]);
    expect(await listNames(`?labels=None`)).toEqual(["Epsilon", "Gamma"]);
    expect(await listNames(`?labels=${d.L.feature},None`)).toEqual(["Epsilon", "Delta", "Gamma", "Beta"]);
  });
  it("assignees, mentions, subscriber, created_by", async () => {
    expect(await listNames(`?assignees=${ws.member.userId}`)).toEqual(["Delta", "Beta"]);
    expect(await listNames(`?assignees=None`)).toEqual(["Epsilon", "Gamma"]);
    expect(await listNames(`?mentions=${ws.guest.userId}`)).toEqual(["Epsilon"]);
    expect(await listNames(`?subscriber=${ws.member.userId}`)).toEqual(["Epsilon"]);
    expect(await listNames(`?created_by=${ws.member.userId}`)).toEqual(["Beta"]);
    expect(await listNames(`?created_by=${ws.admin.userId},${ws.guest.userId}`)).toEqual([
      "Epsilon",
      "Delta",
      "Gamma",
      "Alpha",
    ]);
  });
  it("cycle, module, parent, estimate_point, project", async () => {
    expect(await listNames(`?cycle=${d.C.sprint1}`)).toEqual(["Delta", "Alpha"]);
    expect(await listNames(`?cycle=None`)).toEqual(["Epsilon", "Gamma", "Beta"]);
    expect(await listNames(`?module=${d.M.api}`)).toEqual(["Beta"]);
    expect(await listNames(`?module=None`)).toEqual(["Epsilon", "Delta", "Gamma"]);
    expect(await listNames(`?parent=${d.I.Alpha}`)).toEqual(["Delta"]);
    expect(await listNames(`?parent=None`)).toEqual(["Epsilon", "Gamma", "Beta", "Alpha"]);
    expect(await listNames(`?estimate_point=${d.E.small}`)).toEqual(["Beta"]);
    expect(await listNames(`?project=${pr.id}`)).toEqual(["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
  });
  it("name (case-insensitive contains, wildcards escaped), type and start_target_date", async () => {
    expect(await listNames(`?name=ALP`)).toEqual(["Alpha"]);
    expect(await listNames(`?name=ta`)).toEqual(["Delta", "Beta"]);
    expect(await listNames(`?name=%25`)).toEqual([]);
    expect(await listNames(`?type=active`)).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(await listNames(`?type=backlog`)).toEqual(["Epsilon"]);
    expect(await listNames(`?start_target_date=true`)).toEqual(["Alpha"]);
  });
  it("dates: absolute, ranges, relative and presets", async () => {
    expect(await listNames(`?target_date=2025-01-15;after`)).toEqual(["Beta"]);
    expect(await listNames(`?target_date=2025-01-01;after,2025-01-31;before`)).toEqual(["Alpha"]);
    expect(await listNames(`?start_date=2025-02-01;before`)).toEqual(["Alpha"]);
    // every dated item is more than a week in the past
    expect(await listNames(`?target_date=1_weeks;before;ago`)).toEqual(["Beta", "Alpha"]);
    expect(await listNames(`?target_date=1_weeks;after;fromnow`)).toEqual([]);
    expect(await listNames(`?completed_at=2025-01-05`)).toEqual(["Delta"]);
    expect(await listNames(`?completed_at=2025-01-06;after`)).toEqual([]);
    expect(await listNames(`?created_at=2025-01-01;after`)).toEqual(["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
    expect(await listNames(`?created_at=last_30_days`)).toEqual([]);
  });
  it("updated_at__gt", async () => {
    expect(await listNames(`?updated_at__gt=2025-01-01T00:00:03Z`)).toEqual(["Epsilon", "Delta"]);
  });
  it("combines filters with AND and ignores empty and null values", async () => {
    expect(await listNames(`?labels=${d.L.bug}&assignees=${ws.member.userId}`)).toEqual(["Beta"]);
    expect(await listNames(`?labels=&state=null&priority=`)).toEqual(["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
  });
  it("an id from elsewhere simply matches nothing", async () => {
    expect(await listNames(`?labels=00000000-0000-4000-8000-000000000000`)).toEqual([]);
  });
});

describe("JSON filters grammar", () => {
  it("and of in-lists (the client's shape)", async () => {
    const f = { and: [{ state_id__in: `${pr.states.Todo},${pr.states.Done}` }, { priority__in: "high" }] };
    expect(await listNames(`?filters=${enc(f)}`)).toEqual(["Alpha"]);
  });
  it("or, not and exact", async () => {
    expect(await listNames(`?filters=${enc({ or: [{ label_id: d.L.bug }, { priority: "none" }] })}`)).toEqual([
      "Gamma",
      "Beta",
      "Alpha",
    ]);
    expect(await listNames(`?filters=${enc({ not: { state_group__in: "unstarted" } })}`)).toEqual([
      "Epsilon",
      "Delta",
      "Gamma",
    ]);
    expect(await listNames(`?filters=${enc({ not: { state_id: pr.states.Todo } })}`)).toEqual([
      "Epsilon",
      "Delta",
      "Gamma",
    ]);
    expect(await listNames(`?filters=${enc({ state_id__exact: pr.states.Backlog })}`)).toEqual(["Epsilon"]);
  });
  it("null and None mean no value", async () => {
    expect(await listNames(`?filters=${enc({ cycle_id: null })}`)).toEqual(["Epsilon", "Gamma", "Beta"]);
    expect(await listNames(`?filters=${enc({ label_id__in: "None" })}`)).toEqual(["Epsilon", "Gamma"]);
  });
  it("ranges on dates and timestamps", async () => {
    expect(await listNames(`?filters=${enc({ target_date__range: "2025-01-01,2025-01-31" })}`)).toEqual(["Alpha"]);
    expect(
      await listNames(`?filters=${enc({ created_at__range: "2025-01-01T00:00:02Z,2025-01-01T00:00:03Z" })}`),
    ).toEqual(["Gamma", "Beta"]);
    expect(await listNames(`?filters=${enc({ start_date: "2025-03-01" })}`)).toEqual(["Gamma"]);
    expect(await listNames(`?filters=${enc({ updated_at__range: ["2025-01-01", "2025-01-01"] })}`)).toEqual([
      "Epsilon",
      "Delta",
      "Gamma",
      "Beta",
      "Alpha",
    ]);
  });
  it("every relation field", async () => {
    expect(await listNames(`?filters=${enc({ assignee_id__in: [ws.member.userId] })}`)).toEqual(["Delta", "Beta"]);
    expect(await listNames(`?filters=${enc({ subscriber_id: ws.member.userId })}`)).toEqual(["Epsilon"]);
    expect(await listNames(`?filters=${enc({ mention_id: ws.guest.userId })}`)).toEqual(["Epsilon"]);
    expect(await listNames(`?filters=${enc({ module_id__in: d.M.core })}`)).toEqual(["Beta", "Alpha"]);
    expect(await listNames(`?filters=${enc({ cycle_id: d.C.sprint1 })}`)).toEqual(["Delta", "Alpha"]);
    expect(await listNames(`?filters=${enc({ created_by_id: ws.member.userId })}`)).toEqual(["Beta"]);
    expect(await listNames(`?filters=${enc({ project_id: pr.id })}`)).toHaveLength(5);
    expect(await listNames(`?filters=${enc({ state_group: "completed" })}`)).toEqual(["Delta"]);
  });
  it("is_draft and is_archived within the list's context", async () => {
    expect(await listNames(`?filters=${enc({ is_draft: false })}`)).toHaveLength(5);
    expect(await listNames(`?filters=${enc({ is_archived: true })}`)).toEqual([]);
  });
  it("ANDs the grammar with legacy params", async () => {
    expect(await listNames(`?filters=${enc({ priority__in: "urgent,high" })}&labels=${d.L.feature}`)).toEqual(["Beta"]);
  });
  it("works with grouping", async () => {
    const res = await ws.admin.get(`${pr.base}/issues/?group_by=priority&filters=${enc({ label_id: d.L.bug })}`);
    expect(res.body.total_count).toBe(2);
    expect(res.body.results.urgent.total_results).toBe(1);
    expect(res.body.results.low).toEqual({ results: [], total_results: 0 });
  });
});

describe("bad filters and parameters", () => {
  async function bad(q: string) {
    const res = await ws.admin.get(`${pr.base}/issues/${q}`);
    expect(res.status, res.text).toBe(400);
    return res.body;
  }
  it("answers 400 {message, code} for bad JSON filters", async () => {
    expect(await bad(`?filters=${encodeURIComponent("{not json")}`)).toEqual({
      message: "Invalid JSON for 'filters'. Expected a valid JSON object.",
      code: "invalid_json",
    });
    expect(await bad(`?filters=${enc({ colour: "red" })}`)).toEqual({
      message: "Filtering on field 'colour' is not allowed",
      code: "invalid_filter_field",
    });
    let node: object = { priority: "high" };
    for (let i = 0; i < 5; i++) node = { and: [node] };
    expect(await bad(`?filters=${enc(node)}`)).toEqual({
      message: "Filter nesting is too deep (max 5); found depth 6",
      code: "max_depth_exceeded",
    });
    expect(await bad(`?filters=${enc({ state_id: "abc" })}`)).toEqual({
      message: "Invalid value \"abc\" for 'state_id'",
      code: "invalid_filterset",
    });
    expect((await bad(`?filters=${enc({ and: [] })}`)).code).toBe("invalid_operator_children");
    expect((await bad(`?filters=${enc([1])}`)).code).toBe("invalid_filter_node");
    expect((await bad(`?filters=${enc({ and: [{ priority: "low" }], priority: "low" })}`)).code).toBe(
      "mixed_operator_and_fields",
    );
    expect((await bad(`?filters=${enc({ target_date__range: "x,y" })}`)).code).toBe("invalid_filterset");
  });
  it("answers 400 {message, code} for bad legacy filter values", async () => {
    expect(await bad(`?labels=abc`)).toEqual({
      message: "Invalid value 'abc' for filter 'labels'",
      code: "invalid_filter_value",
    });
    expect(await bad(`?priority=critical`)).toEqual({
      message: "Invalid value 'critical' for filter 'priority'",
      code: "invalid_filter_value",
    });
    expect(await bad(`?target_date=soon`)).toEqual({
      message: "Invalid target_date filter value 'soon'",
      code: "invalid_filter_value",
    });
    expect(await bad(`?name=${"x".repeat(256)}`)).toEqual({
      message: "Filter 'name' is too long",
      code: "invalid_filter_value",
    });
    expect((await bad(`?updated_at__gt=yesterday`)).code).toBe("invalid_filter_value");
    expect((await bad(`?type=weird`)).code).toBe("invalid_filter_value");
  });
  it("answers 400 {detail} for bad pagination", async () => {
    expect(await bad(`?per_page=1001`)).toEqual({ detail: "Invalid per_page value. Cannot exceed 1000." });
    expect(await bad(`?per_page=0`)).toEqual({ detail: "Invalid per_page value." });
    expect(await bad(`?per_page=abc`)).toEqual({ detail: "Invalid per_page value." });
    expect(await bad(`?cursor=bad`)).toEqual({ detail: "Invalid cursor parameter." });
    expect(await bad(`?cursor=10:-1:0`)).toEqual({ detail: "Invalid cursor parameter." });
    expect(await bad(`?cursor=1001:0:0`)).toEqual({ detail: "Invalid cursor parameter." });
    expect(await bad(`?group_by=state&per_page=5000`)).toEqual({
      detail: "Invalid per_page value. Cannot exceed 1000.",
    });
  });
  it("answers 404 for unknown or foreign projects and malformed ids", async () => {
    const missing = await ws.admin.get(
      `/api/workspaces/${ws.slug}/projects/00000000-0000-4000-8000-000000000000/issues/`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "The required object does not exist." });
    const malformed = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/not-a-uuid/issues/`);
    expect(malformed.status).toBe(404);
    const other = await workspaceFixture(t);
    const otherProject = await projectFixture(t, other);
    const foreign = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${otherProject.id}/issues/`);
    expect(foreign.status).toBe(404);
    const notMine = await ws.admin.get(`/api/workspaces/${other.slug}/projects/${otherProject.id}/issues/`);
    expect(notMine.status).toBe(403);
    expect(notMine.body).toEqual({ detail: "You do not have permission to perform this action." });
  });
});

describe("visibility and roles", () => {
  it("admin, member and guest may list; outsiders 403; anonymous 401", async () => {
    for (const who of [ws.admin, ws.member, ws.guest]) expect((await who.get(`${pr.base}/issues/`)).status).toBe(200);
    const outsider = await ws.outsider.get(`${pr.base}/issues/`);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual({ detail: "You do not have permission to perform this action." });
    const anon = await ws.anon.get(`${pr.base}/issues/`);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: "Authentication credentials were not provided." });
  });
  it("a workspace member who is not a project member gets 403", async () => {
    const u = await t.user();
    await t.db.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${u.userId}, 15)`;
    const res = await u.get(`${pr.base}/issues/`);
    expect(res.status).toBe(403);
  });
  it("guests without guest_view_all_features see only their own items, also in counts", async () => {
    expect(await listNames("", () => ws.guest)).toEqual(["Gamma"]);
    const grouped = await ws.guest.get(`${pr.base}/issues/?group_by=state_id`);
    expect(grouped.body.total_count).toBe(1);
    expect(grouped.body.results[pr.states.Todo]).toEqual({ results: [], total_results: 0 });
    expect(names(grouped.body.results[pr.states["In Progress"]].results)).toEqual(["Gamma"]);
    expect(await listNames("", () => ws.member)).toHaveLength(5);
  });
  it("guests see everything when the project allows it", async () => {
    await setProject(c, { guestViewAllFeatures: true });
    try {
      expect(await listNames("", () => ws.guest)).toEqual(["Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
    } finally {
      await setProject(c, { guestViewAllFeatures: false });
    }
  });
  it("an archived project lists nothing", async () => {
    await setProject(c, { archivedAt: new Date() });
    try {
      const res = await ws.admin.get(`${pr.base}/issues/`);
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([]);
      expect(res.body.total_count).toBe(0);
    } finally {
      await setProject(c, { archivedAt: null });
    }
  });
});

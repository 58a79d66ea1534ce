import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import {
  insertIssues,
  insertRelation,
  seedStandardDataset,
  type ProjectCtx,
  type StandardDataset,
} from "./helpers/issue-fixtures.ts";
import { listWorkItems, type ListContext } from "../src/domain/work-item-list/index.ts";
import { parsePage } from "../src/http/pagination.ts";

/**
 * The other list contexts on the same engine: epics, archived, issues-detail, list by ids, v2 sync,
 * deleted ids, workspace global views (W/issues/) and profile tabs (W/user-issues/{userId}/).
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let p2: ProjectFixture;
let p3: ProjectFixture;
let c: ProjectCtx;
let d: StandardDataset;
const X: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Alpha project" });
  p2 = await projectFixture(t, ws, { name: "Beta project" });
  p3 = await projectFixture(t, ws, { name: "Gamma project" });
  c = { t, ws, pr };
  d = await seedStandardDataset(c);
  await insertRelation(c, d.I.Alpha, d.I.Beta, "blocked_by");
  Object.assign(
    X,
    await insertIssues({ t, ws, pr: p2 }, [
      { name: "P2-One", state: "Todo", assignees: [ws.member.userId], createdAtOffset: 100, priority: "high" },
      { name: "P2-Two", createdBy: ws.guest.userId, createdAtOffset: 101 },
    ]),
  );
  Object.assign(X, await insertIssues({ t, ws, pr: p3 }, [{ name: "P3-Secret", createdAtOffset: 102 }]));
  // only the admin belongs to the third project
  await t.db.sql`DELETE FROM project_members WHERE project = ${p3.id} AND member <> ${ws.admin.userId}`;
});
afterAll(async () => {
  await t?.close();
});

const names = (items: { name: string }[]) => items.map((i) => i.name);
const W = () => `/api/workspaces/${ws.slug}`;

describe("role matrix of every list endpoint", () => {
  const endpoints = () => [
    `${pr.base}/issues/`,
    `${pr.base}/epics/`,
    `${pr.base}/archived-issues/`,
    `${pr.base}/issues-detail/`,
    `${pr.base}/issues/list/?issues=${d.I.Alpha}`,
    `/api/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/`,
    `${pr.base}/deleted-issues/`,
    `${W()}/issues/`,
    `${W()}/user-issues/${ws.member.userId}/`,
  ];
  it("admin, member and guest get 200", async () => {
    for (const url of endpoints()) {
      for (const who of [ws.admin, ws.member, ws.guest]) {
        const res = await who.get(url);
        expect(res.status, `${url} ${res.text}`).toBe(200);
      }
    }
  });
  it("non-members get 403 and anonymous callers 401", async () => {
    for (const url of endpoints()) {
      const out = await ws.outsider.get(url);
      expect(out.status, url).toBe(403);
      expect(out.body).toEqual({ detail: "You do not have permission to perform this action." });
      const anon = await ws.anon.get(url);
      expect(anon.status, url).toBe(401);
      expect(anon.body).toEqual({ detail: "Authentication credentials were not provided." });
    }
  });
});

describe("epics and archived", () => {
  it("P/epics/ lists only epics", async () => {
    const res = await ws.admin.get(`${pr.base}/epics/`);
    expect(names(res.body.results)).toEqual(["Epic"]);
    expect(res.body.total_count).toBe(1);
  });
  it("P/archived-issues/ lists only archived items, groupable", async () => {
    const res = await ws.admin.get(`${pr.base}/archived-issues/`);
    expect(names(res.body.results)).toEqual(["Archived"]);
    expect(res.body.results[0].archived_at).toBe("2025-01-20");
    const grouped = await ws.admin.get(`${pr.base}/archived-issues/?group_by=state_id`);
    expect(names(grouped.body.results[pr.states.Done].results)).toEqual(["Archived"]);
    expect(grouped.body.results[pr.states.Todo]).toEqual({ results: [], total_results: 0 });
  });
  it("guests see only their own archived items", async () => {
    const res = await ws.guest.get(`${pr.base}/archived-issues/`);
    expect(res.body.results).toEqual([]);
  });
});

describe("P/issues-detail/", () => {
  it("adds issue_relation and issue_related and drops state__group", async () => {
    const res = await ws.admin.get(`${pr.base}/issues-detail/?order_by=sequence_id`);
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(5);
    const alpha = res.body.results.find((i: { name: string }) => i.name === "Alpha");
    const beta = res.body.results.find((i: { name: string }) => i.name === "Beta");
    expect(alpha).not.toHaveProperty("state__group");
    expect(alpha.issue_relation).toEqual([
      {
        id: d.I.Beta,
        project_id: pr.id,
        sequence_id: 2,
        name: "Beta",
        relation_type: "blocked_by",
        state_id: pr.states.Todo,
        priority: "urgent",
        created_by: ws.admin.userId,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        updated_by: ws.admin.userId,
      },
    ]);
    expect(alpha.issue_related).toEqual([]);
    expect(beta.issue_related).toEqual([
      expect.objectContaining({ id: d.I.Alpha, name: "Alpha", relation_type: "blocked_by", sequence_id: 1 }),
    ]);
    expect(beta.issue_relation).toEqual([]);
  });
});

describe("P/issues/list/", () => {
  it("returns the named items as a plain array (archived ones too), with create-response fields", async () => {
    const res = await ws.admin.get(`${pr.base}/issues/list/?issues=${d.I.Alpha},${d.I.Beta},${d.I.Archived}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Archived", "Beta", "Alpha"]);
    expect(res.body[2]).toMatchObject({
      id: d.I.Alpha,
      deleted_at: null,
      label_ids: [d.L.bug],
      module_ids: [d.M.core],
      assignee_ids: [ws.admin.userId],
      cycle_id: d.C.sprint1,
    });
  });
  it("leaves out deleted items and items of other projects", async () => {
    const res = await ws.admin.get(`${pr.base}/issues/list/?issues=${d.I.Deleted},${X["P2-One"]}`);
    expect(res.body).toEqual([]);
  });
  it("answers 400 without ids or with a malformed id", async () => {
    const none = await ws.admin.get(`${pr.base}/issues/list/`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: "Issues are required" });
    const bad = await ws.admin.get(`${pr.base}/issues/list/?issues=${d.I.Alpha},nope`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: "Invalid issue id 'nope'." });
  });
  it("applies guest visibility", async () => {
    const res = await ws.guest.get(`${pr.base}/issues/list/?issues=${d.I.Alpha},${d.I.Gamma}`);
    expect(names(res.body)).toEqual(["Gamma"]);
  });
});

describe("v2 sync list", () => {
  const v2 = (q = "") => ws.admin.get(`/api/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${q}`);
  it("orders by updated_at ascending in the sync envelope", async () => {
    const res = await v2();
    expect(res.status).toBe(200);
    expect({ ...res.body, results: undefined }).toEqual({
      prev_cursor: null,
      cursor: "1000:0:0",
      next_cursor: null,
      prev_page_results: false,
      next_page_results: false,
      page_count: 5,
      total_results: 5,
      total_pages: 1,
      results: undefined,
    });
    expect(names(res.body.results)).toEqual(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]);
    expect(res.body.results[0]).not.toHaveProperty("description_html");
    expect(res.body.results[0].state__group).toBe("unstarted");
  });
  it("pages with the cursor; next_cursor is null at the end", async () => {
    const p0 = await v2("?cursor=2:0:0");
    expect(names(p0.body.results)).toEqual(["Alpha", "Beta"]);
    expect(p0.body).toMatchObject({
      cursor: "2:0:0",
      next_cursor: "2:1:0",
      next_page_results: true,
      total_pages: 3,
      page_count: 2,
    });
    const p2page = await v2("?cursor=2:2:0");
    expect(names(p2page.body.results)).toEqual(["Epsilon"]);
    expect(p2page.body).toMatchObject({
      prev_cursor: "2:1:0",
      next_cursor: null,
      next_page_results: false,
      prev_page_results: true,
    });
  });
  it("reads updated_at__gt and description=true", async () => {
    const res = await v2("?updated_at__gt=2025-01-01T00:00:03Z&description=true");
    expect(names(res.body.results)).toEqual(["Delta", "Epsilon"]);
    expect(res.body.results[0].description_html).toBe("<p></p>");
  });
  it("is also served under P/v2/issues/ and rejects bad cursors", async () => {
    const alias = await ws.admin.get(`${pr.base}/v2/issues/`);
    expect(alias.body.total_results).toBe(5);
    const bad = await v2("?cursor=x");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: "Invalid cursor parameter." });
  });
});

describe("P/deleted-issues/", () => {
  it("lists ids of archived and deleted items, optionally since a time", async () => {
    const all = await ws.admin.get(`${pr.base}/deleted-issues/`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([d.I.Archived, d.I.Deleted]);
    const since = await ws.admin.get(`${pr.base}/deleted-issues/?updated_at__gt=2025-01-01T00:00:20Z`);
    expect(since.body).toEqual([d.I.Deleted]);
    const none = await ws.admin.get(`${pr.base}/deleted-issues/?updated_at__gt=2030-01-01T00:00:00Z`);
    expect(none.body).toEqual([]);
  });
  it("rejects a malformed time", async () => {
    const res = await ws.admin.get(`${pr.base}/deleted-issues/?updated_at__gt=soon`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Invalid value 'soon' for filter 'updated_at__gt'",
      code: "invalid_filter_value",
    });
  });
});

describe("W/issues/ (global views)", () => {
  it("lists live items of every project the caller belongs to", async () => {
    const res = await ws.admin.get(`${W()}/issues/`);
    expect(res.status).toBe(200);
    expect(names(res.body.results)).toEqual([
      "P3-Secret",
      "P2-Two",
      "P2-One",
      "Epsilon",
      "Delta",
      "Gamma",
      "Beta",
      "Alpha",
    ]);
    expect(res.body).toMatchObject({ grouped_by: null, total_count: 8 });
    const member = await ws.member.get(`${W()}/issues/`);
    expect(names(member.body.results)).toEqual(["P2-Two", "P2-One", "Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
  });
  it("guests see only their own items in projects without guest_view_all_features", async () => {
    const res = await ws.guest.get(`${W()}/issues/`);
    expect(names(res.body.results)).toEqual(["P2-Two", "Gamma"]);
  });
  it("assigned / created / subscribed views are filters", async () => {
    const assigned = await ws.member.get(`${W()}/issues/?assignees=${ws.member.userId}`);
    expect(names(assigned.body.results)).toEqual(["P2-One", "Delta", "Beta"]);
    const created = await ws.member.get(`${W()}/issues/?created_by=${ws.member.userId}`);
    expect(names(created.body.results)).toEqual(["Beta"]);
    const subscribed = await ws.member.get(`${W()}/issues/?subscriber=${ws.member.userId}`);
    expect(names(subscribed.body.results)).toEqual(["Epsilon"]);
  });
  it("turns order_by sort_order into -created_at", async () => {
    const res = await ws.member.get(`${W()}/issues/?order_by=sort_order`);
    expect(names(res.body.results)).toEqual(["P2-Two", "P2-One", "Epsilon", "Delta", "Gamma", "Beta", "Alpha"]);
  });
  it("groups by project with every member project pre-filled", async () => {
    const res = await ws.member.get(`${W()}/issues/?group_by=project_id`);
    expect(Object.keys(res.body.results)).toEqual([pr.id, p2.id]);
    expect(res.body.results[p2.id].total_results).toBe(2);
    const byState = await ws.member.get(`${W()}/issues/?group_by=state_id&per_page=1`);
    expect(byState.body.results[p2.states.Todo].total_results).toBe(1);
    expect(byState.body.results[pr.states.Todo].total_results).toBe(2);
    expect(byState.body.results).not.toHaveProperty(p3.states.Todo);
  });
  it("rejects bad filters like the project list", async () => {
    const res = await ws.member.get(`${W()}/issues/?filters=${encodeURIComponent("{")}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });
});

describe("W/user-issues/{userId}/ (profile tabs)", () => {
  const profile = (userId: string, q = "", who = () => ws.admin) => who().get(`${W()}/user-issues/${userId}/${q}`);
  it("lists items the user is assigned to, created or subscribed to", async () => {
    const res = await profile(ws.member.userId);
    expect(res.status).toBe(200);
    expect(names(res.body.results)).toEqual(["P2-One", "Epsilon", "Delta", "Beta"]);
  });
  it("narrows to a tab by filter params", async () => {
    expect(names((await profile(ws.member.userId, `?assignees=${ws.member.userId}`)).body.results)).toEqual([
      "P2-One",
      "Delta",
      "Beta",
    ]);
    expect(names((await profile(ws.member.userId, `?created_by=${ws.member.userId}`)).body.results)).toEqual(["Beta"]);
    expect(names((await profile(ws.member.userId, `?subscriber=${ws.member.userId}`)).body.results)).toEqual([
      "Epsilon",
    ]);
  });
  it("groups like the project list", async () => {
    const res = await profile(ws.member.userId, "?group_by=priority");
    expect(names(res.body.results.high.results)).toEqual(["P2-One"]);
    expect(res.body.results.urgent.total_results).toBe(1);
  });
  it("shows only what the viewer may see", async () => {
    const res = await profile(ws.member.userId, "", () => ws.guest);
    expect(res.body.results).toEqual([]);
    const admins = await profile(ws.admin.userId, "", () => ws.member);
    expect(names(admins.body.results)).not.toContain("P3-Secret");
  });
  it("answers 404 for unknown or malformed user ids", async () => {
    const unknown = await profile("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "The required object does not exist." });
    expect((await profile("nope")).status).toBe(404);
    expect((await profile(ws.outsider.userId)).status).toBe(404);
  });
});

describe("engine contexts used by cycles, modules and drafts", () => {
  const run = async (context: ListContext, groupBy: "state_id" | null = null) =>
    listWorkItems(t.app, {
      context,
      viewer: { userId: ws.admin.userId, timezone: "UTC" },
      filter: null,
      order: { field: "created_at", desc: true },
      groupBy,
      page: parsePage({ per_page: "50" }),
    });
  it("lists a cycle's and a module's live items", async () => {
    const cycle = await run({ kind: "cycle", workspaceId: ws.id, projectId: pr.id, cycleId: d.C.sprint1 });
    expect(names(cycle.results as unknown as { name: string }[])).toEqual(["Delta", "Alpha"]);
    const module = await run({ kind: "module", workspaceId: ws.id, projectId: pr.id, moduleId: d.M.core }, "state_id");
    expect(module.totalCount).toBe(2);
    const groups = module.results as unknown as Record<string, { results: { name: string }[] }>;
    expect(names(groups[pr.states.Todo].results)).toEqual(["Beta", "Alpha"]);
  });
  it("lists project drafts", async () => {
    const drafts = await run({ kind: "drafts", workspaceId: ws.id, projectId: pr.id });
    expect(names(drafts.results as unknown as { name: string }[])).toEqual(["Draft"]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertIssues } from "./helpers/issue-fixtures.ts";
import { apiKeyFor } from "./helpers/api-key.ts";
import type { Client } from "./helpers/client.ts";

/**
 * Teamspaces (issue #29 point 1; work-tracking.md §2 `teamspaceId`, the "team" and "team view" contexts, §3
 * `team_project`): workspace admins build them; their members read them; what a teamspace shows of work items (its
 * list, counts, views, overview, search) follows project membership. The world: a public project A and a private
 * project B in one teamspace. Max (member) is in both; Nora (member) is in the teamspace and A but not in B.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let a: ProjectFixture;
let b: ProjectFixture;
let nora: Client;
let ola: Client;
let team: { id: string };

const W = () => `/api/workspaces/${ws.slug}`;
const TS = () => `${W()}/teamspaces/`;
const one = (id = team.id) => `${TS()}${id}/`;
const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
const NOT_FOUND = { error: "Teamspace not found" };
const FORBIDDEN = { error: "You don't have the required permissions." };

async function member(firstName: string): Promise<Client> {
  const c = await t.user({ firstName, lastName: "Teammate" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: c.userId, role: 15 });
  return c;
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  a = await projectFixture(t, ws, { name: "Apollo", identifier: "APO", network: 2 });
  b = await projectFixture(t, ws, { name: "Borealis", identifier: "BOR", network: 0 });
  nora = await member("Nora");
  ola = await member("Ola");
  await t.db.db
    .insert(schema.projectMembers)
    .values({ workspaceId: ws.id, projectId: a.id, memberId: nora.userId, role: 15 });
  await insertIssues({ t, ws, pr: a }, [
    { name: "apollo-open", state: "Todo", assignees: [ws.member.userId, nora.userId] },
    { name: "apollo-done", state: "Done", assignees: [nora.userId] },
  ]);
  await insertIssues({ t, ws, pr: b }, [
    { name: "borealis-secret", state: "Todo", assignees: [ws.member.userId] },
    { name: "borealis-secret-done", state: "Done", assignees: [ws.member.userId, nora.userId] },
  ]);
  const res = await ws.admin.post(TS(), {
    name: " Platform team ",
    description_html: "<p>We build the <b>platform</b><script>alert(1)</script></p>",
    logo_props: { in_use: "emoji", emoji: { value: "128640" } },
    lead: ws.member.userId,
    member_ids: [nora.userId],
    project_ids: [a.id, b.id],
  });
  expect(res.status, res.text).toBe(201);
  team = res.body;
});
afterAll(async () => {
  await t?.close();
});

describe("POST / GET / PATCH / DELETE W/teamspaces/", () => {
  it("an admin creates a teamspace: lead (also a member), members, projects, sanitised description", async () => {
    const res = await ws.admin.get(one());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Platform team",
      workspace: ws.id,
      lead: ws.member.userId,
      lead_id: ws.member.userId,
      is_member: false,
      description_html: "<p>We build the <b>platform</b></p>",
      description_stripped: "We build the platform",
      logo_props: { in_use: "emoji", emoji: { value: "128640" } },
      created_by: ws.admin.userId,
      deleted_at: null,
    });
    expect([...res.body.member_ids].sort()).toEqual([ws.member.userId, nora.userId].sort());
    expect([...res.body.project_ids].sort()).toEqual([a.id, b.id].sort());
  });

  it("only workspace admins create, change or delete teamspaces; guests and outsiders have none", async () => {
    expect(await ws.member.post(TS(), { name: "x" }).then((r) => [r.status, r.body])).toEqual([403, FORBIDDEN]);
    expect((await ws.member.patch(one(), { name: "x" })).status).toBe(403);
    expect((await ws.member.delete(one())).status).toBe(403);
    expect((await ws.guest.get(TS())).status).toBe(403);
    expect((await ws.outsider.get(TS())).status).toBe(403);
    expect((await ws.anon.get(TS())).status).toBe(401);
  });

  it("members see the teamspaces they belong to; others find none (404)", async () => {
    expect((await nora.get(TS())).body.map((x: { id: string }) => x.id)).toEqual([team.id]);
    expect((await nora.get(one())).body.is_member).toBe(true);
    expect((await ola.get(TS())).body).toEqual([]);
    expect(await ola.get(one()).then((r) => [r.status, r.body])).toEqual([404, NOT_FOUND]);
    expect((await ola.get(`${one()}issues/`)).status).toBe(404);
    expect((await ola.get(`${one()}progress/`)).status).toBe(404);
    // the admin manages every teamspace of the workspace
    expect((await ws.admin.get(TS())).body.map((x: { id: string }) => x.id)).toEqual([team.id]);
  });

  it("names a private project only to the people in it", async () => {
    expect([...(await ws.member.get(one())).body.project_ids].sort()).toEqual([a.id, b.id].sort());
    expect((await nora.get(one())).body.project_ids).toEqual([a.id]);
    expect((await nora.get(`${one()}projects/`)).body.map((p: { identifier: string }) => p.identifier)).toEqual([
      "APO",
    ]);
    const people = (await nora.get(`${one()}members/`)).body.map((u: { id: string }) => u.id).sort();
    expect(people).toEqual([ws.member.userId, nora.userId].sort());
  });

  it("refuses people who are not workspace members or admins, and projects the caller may not name", async () => {
    expect((await ws.admin.post(TS(), { name: "x", member_ids: [ws.guest.userId] })).body).toEqual({
      member_ids: [`Invalid pk "${ws.guest.userId}" - object does not exist.`],
    });
    expect((await ws.admin.post(TS(), { name: "x", lead: ws.outsider.userId })).body).toEqual({
      lead: [`Invalid pk "${ws.outsider.userId}" - object does not exist.`],
    });
    expect((await ws.admin.post(TS(), { name: "x", project_ids: [crypto.randomUUID()] })).body).toEqual({
      error: "Project not found",
    });
    // a private project the admin is not in
    const c = await projectFixture(t, ws, { name: "Cassini", identifier: "CAS", network: 0 });
    await t.db.sql`DELETE FROM project_members WHERE project = ${c.id} AND member = ${ws.admin.userId}`;
    const refused = await ws.admin.post(TS(), { name: "x", project_ids: [c.id] });
    expect([refused.status, refused.body]).toEqual([404, { error: "Project not found" }]);
    expect((await ws.admin.post(TS(), {})).body).toEqual({ name: ["This field is required."] });
    expect((await ws.admin.get(TS())).body).toHaveLength(1);
  });

  it("PATCH replaces people and projects; a lead who leaves stops being the lead; DELETE removes it with its team views", async () => {
    const made = await ws.admin.post(TS(), {
      name: "Temp",
      member_ids: [nora.userId, ola.userId],
      project_ids: [a.id],
    });
    expect(made.status).toBe(201);
    const url = one(made.body.id);
    let res = await ws.admin.patch(url, { lead_id: ola.userId, member_ids: [nora.userId] });
    expect(res.status).toBe(200);
    // the new lead is kept among the members
    expect([...res.body.member_ids].sort()).toEqual([nora.userId, ola.userId].sort());
    res = await ws.admin.delete(`${url}members/`, { member_ids: [ola.userId] });
    expect(res.status).toBe(204);
    res = await ws.admin.get(url);
    expect(res.body).toMatchObject({ lead: null, member_ids: [nora.userId] });
    res = await ws.admin.post(`${url}projects/`, { project_ids: [b.id] });
    expect([res.status, res.body.project_ids]).toEqual([201, [a.id, b.id]]);
    res = await ws.admin.delete(`${url}projects/`, { project_ids: [a.id] });
    expect(res.status).toBe(204);
    expect((await ws.admin.get(url)).body.project_ids).toEqual([b.id]);
    const view = await nora.post(`${url}views/`, { name: "Mine" });
    expect(view.status).toBe(201);
    expect((await ws.admin.delete(url)).status).toBe(204);
    expect((await ws.admin.get(url)).status).toBe(404);
    expect(await t.db.sql`SELECT 1 FROM issue_views WHERE id = ${view.body.id}`).toHaveLength(0);
  });
});

describe("GET W/teamspaces/{id}/issues/ (the team list context)", () => {
  it("spans the teamspace's projects, each person seeing only the projects they are in", async () => {
    const max = await ws.member.get(`${one()}issues/`);
    expect(max.status).toBe(200);
    expect(names(max.body.results)).toEqual(["apollo-done", "apollo-open", "borealis-secret", "borealis-secret-done"]);
    expect(max.body.total_count).toBe(4);
    const n = await nora.get(`${one()}issues/`);
    expect(names(n.body.results)).toEqual(["apollo-done", "apollo-open"]);
    expect(n.body.total_count).toBe(2);
  });

  it("filters by team_project (and every other list filter), never widening past membership", async () => {
    expect(names((await ws.member.get(`${one()}issues/?team_project=${b.id}`)).body.results)).toEqual([
      "borealis-secret",
      "borealis-secret-done",
    ]);
    expect((await nora.get(`${one()}issues/?team_project=${b.id}`)).body).toMatchObject({
      total_count: 0,
      results: [],
    });
    expect((await nora.get(`${one()}issues/?name=secret`)).body.total_count).toBe(0);
    expect(names((await nora.get(`${one()}issues/?state_group=completed`)).body.results)).toEqual(["apollo-done"]);
    expect(names((await nora.get(`${one()}issues/?assignees=${ws.member.userId}`)).body.results)).toEqual([
      "apollo-open",
    ]);
    expect((await nora.get(`${one()}issues/?team_project=nope`)).body).toEqual({
      message: "Invalid value 'nope' for filter 'team_project'",
      code: "invalid_filter_value",
    });
  });

  it("groups by project, state and assignee with counts of what the person may see", async () => {
    const n = await nora.get(`${one()}issues/?group_by=project_id`);
    expect(Object.keys(n.body.results)).toEqual([a.id]);
    expect(n.body.results[a.id].total_results).toBe(2);
    const m = await ws.member.get(`${one()}issues/?group_by=project_id`);
    expect(Object.keys(m.body.results).sort()).toEqual([a.id, b.id].sort());
    const byAssignee = await nora.get(`${one()}issues/?group_by=assignees__id`);
    expect(byAssignee.body.results[ws.member.userId].total_results).toBe(1);
    expect(byAssignee.body.results[nora.userId].total_results).toBe(2);
  });

  it("a project leaving the teamspace leaves its list", async () => {
    const made = await ws.admin.post(TS(), {
      name: "Narrow",
      member_ids: [ws.member.userId],
      project_ids: [a.id, b.id],
    });
    const list = () => ws.member.get(`${one(made.body.id)}issues/`).then((r) => names(r.body.results));
    expect(await list()).toHaveLength(4);
    expect((await ws.admin.delete(`${one(made.body.id)}projects/`, { project_ids: [b.id] })).status).toBe(204);
    expect(await list()).toEqual(["apollo-done", "apollo-open"]);
    await ws.admin.delete(one(made.body.id));
  });
});

describe("GET W/teamspaces/{id}/progress/ (the overview)", () => {
  it("counts by project and by member only what the person may read", async () => {
    const n = (await nora.get(`${one()}progress/`)).body;
    expect(n.totals).toMatchObject({ total_issues: 2, completed_issues: 1, unstarted_issues: 1 });
    expect(n.projects).toEqual([expect.objectContaining({ project_id: a.id, total_issues: 2, completed_issues: 1 })]);
    const byMember = Object.fromEntries(
      n.members.map((m: { member_id: string; total_issues: number }) => [m.member_id, m.total_issues]),
    );
    expect(byMember).toEqual({ [nora.userId]: 2, [ws.member.userId]: 1 });
    const m = (await ws.member.get(`${one()}progress/`)).body;
    expect(m.totals).toMatchObject({ total_issues: 4, completed_issues: 2 });
    expect(m.projects.map((p: { project_id: string }) => p.project_id).sort()).toEqual([a.id, b.id].sort());
    expect(
      Object.fromEntries(
        m.members.map((x: { member_id: string; total_issues: number }) => [x.member_id, x.total_issues]),
      ),
    ).toEqual({ [nora.userId]: 3, [ws.member.userId]: 3 });
  });
});

describe("team views: W/teamspaces/{id}/views/", () => {
  let view: { id: string };
  it("members save views of their teamspace; the view's filters apply to what each person may see", async () => {
    const res = await ws.member.post(`${one()}views/`, {
      name: "Borealis only",
      filters: { team_project: [b.id] },
      display_filters: { layout: "kanban", group_by: "state" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ teamspace: team.id, project: null, owned_by: ws.member.userId });
    view = res.body;
    expect((await nora.get(`${one()}views/`)).body.map((v: { id: string }) => v.id)).toEqual([view.id]);
    expect(names((await ws.member.get(`${one()}views/${view.id}/issues/`)).body.results)).toEqual([
      "borealis-secret",
      "borealis-secret-done",
    ]);
    expect((await nora.get(`${one()}views/${view.id}/issues/`)).body.total_count).toBe(0);
  });

  it("owners and admins change them; other members may not; outsiders to the teamspace find nothing", async () => {
    expect((await nora.patch(`${one()}views/${view.id}/`, { name: "x" })).status).toBe(403);
    expect((await ws.admin.patch(`${one()}views/${view.id}/`, { name: "Borealis" })).body.name).toBe("Borealis");
    expect((await ola.get(`${one()}views/`)).status).toBe(404);
    expect((await ola.get(`${one()}views/${view.id}/issues/`)).status).toBe(404);
    expect((await ws.guest.get(`${one()}views/`)).status).toBe(403);
  });

  it("are neither global views nor found by search", async () => {
    expect((await ws.member.get(`${W()}/views/`)).body.map((v: { id: string }) => v.id)).not.toContain(view.id);
    expect((await ws.member.get(`${W()}/issues/?global_view_id=${view.id}`)).status).toBe(404);
    expect((await ws.member.get(`${W()}/views/${view.id}/`)).status).toBe(404);
    const found = await ws.member.get(`${W()}/search/?search=Borealis&entities=issue_view`);
    expect(found.body.results.issue_view).toEqual([]);
  });
});

describe("search", () => {
  it("a teamspace member does not find the items of a project they are not in", async () => {
    const n = await nora.get(`${W()}/search/?search=secret&entities=issue`);
    expect(n.body.results.issue).toEqual([]);
    const m = await ws.member.get(`${W()}/search/?search=secret&entities=issue`);
    expect(m.body.results.issue.length).toBe(2);
  });
});

describe("realtime", () => {
  it("teamspace writes publish events: the teamspace and its people on the workspace's stream, its projects on theirs", async () => {
    const made = await ws.admin.post(TS(), { name: "Live", member_ids: [nora.userId], project_ids: [a.id] });
    const events = await t.db.sql<{ stream: string; t: string }[]>`
      SELECT stream, event->>'t' AS t FROM live_events WHERE event->>'t' LIKE 'teamspace%' AND stream IN (${`workspace:${ws.id}`}, ${`project:${a.id}`})`;
    expect(events).toContainEqual({ stream: `workspace:${ws.id}`, t: "teamspaces" });
    expect(events.map((e) => `${e.stream} ${e.t}`)).toEqual(
      expect.arrayContaining([`workspace:${ws.id} teamspace_members`, `project:${a.id} teamspace_projects`]),
    );
    await ws.admin.delete(one(made.body.id));
  });
});

describe("public API v1: /api/v1/workspaces/{slug}/teamspaces/", () => {
  it("lists, creates, changes and deletes teamspaces with their members and projects, by the same rules", async () => {
    const admin = await apiKeyFor(ws.admin, { slug: ws.slug });
    const base = `/api/v1/workspaces/${ws.slug}/teamspaces/`;
    const made = await admin.post(base, { name: "API team", lead: ws.member.userId });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ name: "API team", lead: ws.member.userId, workspace: ws.id });
    const id = made.body.id as string;
    expect((await admin.post(`${base}${id}/members/`, { member_ids: [nora.userId] })).status).toBe(201);
    expect((await admin.post(`${base}${id}/projects/`, { project_ids: [a.id] })).status).toBe(201);
    const members = await admin.get(`${base}${id}/members/`);
    expect(members.body.results.map((u: { id: string }) => u.id).sort()).toEqual(
      [ws.member.userId, nora.userId].sort(),
    );
    expect(
      (await admin.get(`${base}${id}/projects/`)).body.results.map((p: { identifier: string }) => p.identifier),
    ).toEqual(["APO"]);
    expect((await admin.delete(`${base}${id}/members/`, { member_ids: [nora.userId] })).status).toBe(204);
    expect((await admin.patch(`${base}${id}/`, { name: "API team 2" })).body.name).toBe("API team 2");
    const list = await admin.get(base);
    expect(list.body.results.map((x: { name: string }) => x.name)).toContain("API team 2");
    const memberKey = await apiKeyFor(ws.member);
    expect((await memberKey.post(base, { name: "nope" })).status).toBe(403);
    expect((await memberKey.get(`${base}${id}/`)).status).toBe(200);
    expect((await admin.delete(`${base}${id}/`)).status).toBe(204);
    expect((await admin.get(`${base}${id}/`)).status).toBe(404);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await ws.admin.get("/api/v1/openapi.json");
    const paths = Object.keys(doc.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/workspaces/{slug}/teamspaces/",
        "/api/v1/workspaces/{slug}/teamspaces/{teamspaceId}/",
        "/api/v1/workspaces/{slug}/teamspaces/{teamspaceId}/members/",
        "/api/v1/workspaces/{slug}/teamspaces/{teamspaceId}/projects/",
      ]),
    );
    expect(Object.keys(doc.body.paths["/api/v1/workspaces/{slug}/teamspaces/{teamspaceId}/projects/"]).sort()).toEqual([
      "delete",
      "get",
      "post",
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activePoints } from "./helpers/issue-fixtures.ts";
import { activityRows, createItem, expectMatrix } from "./helpers/work-items.ts";

/** Modules (wire-facts §7, work-tracking.md §3–§5): every endpoint of endpoints.txt "modules". */
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

const LIST_KEYS = [
  "archived_at",
  "backlog_issues",
  "cancelled_issues",
  "completed_estimate_points",
  "completed_issues",
  "created_at",
  "created_by",
  "description",
  "description_html",
  "description_text",
  "external_id",
  "external_source",
  "id",
  "is_favorite",
  "lead_id",
  "logo_props",
  "member_ids",
  "name",
  "project_id",
  "sort_order",
  "start_date",
  "started_issues",
  "status",
  "target_date",
  "total_estimate_points",
  "total_issues",
  "unstarted_issues",
  "updated_at",
  "view_props",
  "workspace_id",
];
const DETAIL_EXTRA = [
  "backlog_estimate_points",
  "cancelled_estimate_points",
  "distribution",
  "estimate_distribution",
  "link_module",
  "started_estimate_points",
  "sub_issues",
  "unstarted_estimate_points",
];
let seq = 0;
const uniq = (p = "Mod") => `${p} ${++seq}`;

async function mkModule(body: Record<string, unknown> = {}, p: ProjectFixture = pr) {
  const res = await ws.admin.post(`${p.base}/modules/`, { name: uniq(), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any> & { id: string };
}

describe("POST/GET P/modules/", () => {
  it("creates a planned module with lead and members (201, the list shape) and lists it", async () => {
    const res = await ws.member.post(`${pr.base}/modules/`, {
      name: "Onboarding",
      description: "First run",
      start_date: "2026-01-05",
      target_date: "2026-02-05",
      lead_id: ws.member.userId,
      member_ids: [ws.admin.userId, ws.member.userId],
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(LIST_KEYS);
    expect(res.body).toMatchObject({
      name: "Onboarding",
      status: "planned",
      lead_id: ws.member.userId,
      project_id: pr.id,
      workspace_id: ws.id,
      start_date: "2026-01-05",
      target_date: "2026-02-05",
      total_issues: 0,
      completed_issues: 0,
      is_favorite: false,
      archived_at: null,
      sort_order: 65535,
      created_by: ws.member.userId,
    });
    expect([...res.body.member_ids].sort()).toEqual([ws.admin.userId, ws.member.userId].sort());
    const list = await ws.guest.get(`${pr.base}/modules/`);
    expect(list.status).toBe(200);
    expect(list.body.find((m: { id: string }) => m.id === res.body.id)).toEqual(res.body);
  });

  it("refuses duplicates, bad status, reversed dates, strangers as lead and a blank name", async () => {
    const m = await mkModule();
    expect(await ws.admin.post(`${pr.base}/modules/`, { name: m.name })).toMatchObject({
      status: 400,
      body: { error: "Module with this name already exists" },
    });
    expect(await ws.admin.post(`${pr.base}/modules/`, { name: uniq(), status: "done" })).toMatchObject({
      status: 400,
      body: { status: ['"done" is not a valid choice.'] },
    });
    expect(
      await ws.admin.post(`${pr.base}/modules/`, { name: uniq(), start_date: "2026-03-01", target_date: "2026-02-01" }),
    ).toMatchObject({
      status: 400,
      body: { non_field_errors: ["Start date cannot exceed target date"] },
    });
    const bad = await ws.admin.post(`${pr.base}/modules/`, { name: uniq(), lead_id: ws.outsider.userId });
    expect(bad).toMatchObject({
      status: 400,
      body: { lead_id: [`Invalid pk "${ws.outsider.userId}" - object does not exist.`] },
    });
    expect(await ws.admin.post(`${pr.base}/modules/`, { name: "  " })).toMatchObject({
      status: 400,
      body: { name: ["This field may not be blank."] },
    });
    expect(await ws.admin.post(`${pr.base}/modules/`, {})).toMatchObject({
      status: 400,
      body: { name: ["This field is required."] },
    });
  });

  it("roles: members create, guests read; outsiders and anonymous are refused", async () => {
    await expectMatrix(ws, (c) => c.post(`${pr.base}/modules/`, { name: uniq("Role") }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/modules/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("GET/PUT/PATCH/DELETE P/modules/{id}/", () => {
  it("detail adds links, estimate sums, distribution and a burndown from start to target date", async () => {
    const p = await projectFixture(t, ws);
    const { "3": three, "5": five } = await activePoints({ t, ws, pr: p }, ["3", "5"]);
    const label = (await ws.admin.post(`${p.base}/issue-labels/`, { name: "bug", color: "#ff0000" })).body;
    const today = new Date().toISOString().slice(0, 10);
    const dayMs = 86400_000;
    const start = new Date(Date.now() - 2 * dayMs).toISOString().slice(0, 10);
    const target = new Date(Date.now() + 2 * dayMs).toISOString().slice(0, 10);
    const m = await mkModule({ start_date: start, target_date: target }, p);
    const a = await createItem(ws, p, {
      assignee_ids: [ws.member.userId],
      label_ids: [label.id],
      estimate_point: three,
      module_ids: [m.id],
    });
    const b = await createItem(ws, p, { estimate_point: five, state_id: p.states.Done, module_ids: [m.id] });
    await createItem(ws, p, { parent_id: a.id, module_ids: [m.id] });
    const link = await ws.member.post(`${p.base}/modules/${m.id}/module-links/`, {
      url: "example.com/spec",
      title: "Spec",
    });
    expect(link.status).toBe(201);

    const res = await ws.member.get(`${p.base}/modules/${m.id}/`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...LIST_KEYS, ...DETAIL_EXTRA].sort());
    expect(res.body).toMatchObject({
      total_issues: 3,
      completed_issues: 1,
      backlog_issues: 2,
      sub_issues: 1,
      total_estimate_points: 8,
      completed_estimate_points: 5,
      backlog_estimate_points: 3,
      started_estimate_points: 0,
      link_module: [{ id: link.body.id, url: "http://example.com/spec", title: "Spec", module: m.id }],
    });
    const d = res.body.distribution;
    const member = d.assignees.find((r: { assignee_id: string }) => r.assignee_id === ws.member.userId);
    expect(member).toMatchObject({
      display_name: expect.any(String),
      first_name: "Max",
      last_name: "Member",
      total_issues: 1,
      completed_issues: 0,
      pending_issues: 1,
    });
    expect(d.assignees.find((r: { assignee_id: string | null }) => r.assignee_id === null)).toMatchObject({
      total_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
    });
    expect(d.labels.find((r: { label_id: string }) => r.label_id === label.id)).toEqual({
      label_id: label.id,
      label_name: "bug",
      color: "#ff0000",
      total_issues: 1,
      completed_issues: 0,
      pending_issues: 1,
    });
    // five days: two past days before the completion, today after it, two future days null
    expect(Object.keys(d.completion_chart)).toHaveLength(5);
    expect(d.completion_chart[start]).toBe(3);
    expect(d.completion_chart[today]).toBe(2);
    expect(d.completion_chart[target]).toBeNull();
    expect(res.body.estimate_distribution.completion_chart[today]).toBe(3);
    expect(
      res.body.estimate_distribution.assignees.find((r: { assignee_id: string }) => r.assignee_id === ws.member.userId),
    ).toMatchObject({
      total_estimates: 3,
      completed_estimates: 0,
      pending_estimates: 3,
    });
    void b;
  });

  it("leaves cancelled items out of the breakdown and the burndown, in work items and in points (issue #27 point 5)", async () => {
    const p = await projectFixture(t, ws);
    const { "3": three, "5": five } = await activePoints({ t, ws, pr: p }, ["3", "5"]);
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 2 * 86400_000).toISOString().slice(0, 10);
    const m = await mkModule(
      { start_date: start, target_date: new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10) },
      p,
    );
    await createItem(ws, p, { assignee_ids: [ws.member.userId], estimate_point: three, module_ids: [m.id] });
    await createItem(ws, p, {
      assignee_ids: [ws.member.userId],
      estimate_point: five,
      state_id: p.states.Cancelled,
      module_ids: [m.id],
    });
    const res = await ws.member.get(`${p.base}/modules/${m.id}/`);
    // the counts keep the cancelled item (the web leaves it out of the scope: "0 of 1 done · 0%")
    expect(res.body).toMatchObject({
      total_issues: 2,
      completed_issues: 0,
      cancelled_issues: 1,
      total_estimate_points: 8,
      cancelled_estimate_points: 5,
    });
    expect(res.body.distribution.assignees).toEqual([
      expect.objectContaining({
        assignee_id: ws.member.userId,
        total_issues: 1,
        completed_issues: 0,
        pending_issues: 1,
      }),
    ]);
    expect(res.body.distribution.completion_chart[start]).toBe(1);
    expect(res.body.distribution.completion_chart[today]).toBe(1);
    expect(res.body.estimate_distribution.assignees).toEqual([
      expect.objectContaining({ total_estimates: 3, completed_estimates: 0, pending_estimates: 3 }),
    ]);
    expect(res.body.estimate_distribution.completion_chart[today]).toBe(3);
  });

  it("a module without dates has an empty chart; estimate distribution is empty without a points estimate", async () => {
    const m = await mkModule();
    const res = await ws.admin.get(`${pr.base}/modules/${m.id}/`);
    expect(res.body.distribution).toEqual({ assignees: [], labels: [], completion_chart: {} });
    expect(res.body.estimate_distribution).toEqual({});
    expect(await ws.admin.get(`${pr.base}/modules/00000000-0000-4000-8000-000000000000/`)).toMatchObject({
      status: 404,
      body: { error: "Module does not exist" },
    });
  });

  it("PATCH changes fields, status, lead and members; PUT needs a whole module", async () => {
    const m = await mkModule({ member_ids: [ws.admin.userId] });
    const res = await ws.member.patch(`${pr.base}/modules/${m.id}/`, {
      status: "in-progress",
      lead_id: ws.admin.userId,
      member_ids: [ws.member.userId],
      description_html: "<p>Hello <b>x</b></p>",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: "in-progress",
      lead_id: ws.admin.userId,
      member_ids: [ws.member.userId],
      description_html: "<p>Hello <b>x</b></p>",
      description: "Hello x",
    });
    expect(await ws.member.patch(`${pr.base}/modules/${m.id}/`, { lead_id: "" })).toMatchObject({
      status: 200,
      body: { lead_id: null },
    });
    expect(await ws.member.put(`${pr.base}/modules/${m.id}/`, { status: "paused" })).toMatchObject({
      status: 400,
      body: { name: ["This field is required."] },
    });
    expect(
      await ws.member.put(`${pr.base}/modules/${m.id}/`, { name: "Renamed " + m.id, status: "paused" }),
    ).toMatchObject({ status: 200, body: { status: "paused" } });
    const other = await mkModule();
    expect(await ws.member.patch(`${pr.base}/modules/${m.id}/`, { name: other.name })).toMatchObject({
      status: 400,
      body: { error: "Module with this name already exists" },
    });
    expect(
      await ws.member.patch(`${pr.base}/modules/${m.id}/`, { target_date: "2000-01-01", start_date: "2001-01-01" }),
    ).toMatchObject({ status: 400 });
    expect(await ws.member.patch(`${pr.base}/modules/${m.id}/`, { member_ids: ["nope"] })).toMatchObject({
      status: 400,
      body: { "member_ids.0": ["Must be a valid UUID."] },
    });
    await expectMatrix(ws, (c) => c.patch(`${pr.base}/modules/${m.id}/`, { sort_order: 5 }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });

  it("DELETE: admins or the creator; items leave with activity, favourites go", async () => {
    const m = await mkModule({}, pr);
    const mine = (await ws.member.post(`${pr.base}/modules/`, { name: uniq() })).body;
    const item = await createItem(ws, pr, { module_ids: [m.id] });
    await ws.member.post(`${pr.base}/user-favorite-modules/`, { module: m.id });
    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/`)).status).toBe(403);
    expect((await ws.guest.delete(`${pr.base}/modules/${m.id}/`)).status).toBe(403);
    expect((await ws.member.delete(`${pr.base}/modules/${mine.id}/`)).status).toBe(204);
    expect((await ws.admin.delete(`${pr.base}/modules/${m.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${pr.base}/modules/${m.id}/`)).status).toBe(404);
    const rows = (await activityRows(t, item.id)).filter((r) => r.field === "modules");
    expect(rows.map((r) => [r.oldValue, r.newValue])).toEqual([
      ["", m.name],
      [m.name, ""],
    ]);
    expect(
      await t.db.db.select().from(schema.userFavorites).where(eq(schema.userFavorites.entityIdentifier, m.id)),
    ).toEqual([]);
  });
});

describe("module work items", () => {
  it("POST {issues} adds (201), GET lists through the list engine, DELETE removes (204), with activity", async () => {
    const m = await mkModule();
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const add = await ws.member.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [a.id, b.id] });
    expect(add).toMatchObject({ status: 201, body: { message: "success" } });
    // again: nothing new, no second activity row
    expect((await ws.member.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [a.id] })).status).toBe(201);
    // (guests of this project see only the items they created)
    expect((await ws.guest.get(`${pr.base}/modules/${m.id}/issues/`)).body.total_count).toBe(0);
    const list = await ws.member.get(`${pr.base}/modules/${m.id}/issues/?per_page=10`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_count: 2, grouped_by: null, next_cursor: "10:1:0" });
    expect(list.body.results.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.body.results[0].module_ids).toEqual([m.id]);
    const grouped = await ws.admin.get(`${pr.base}/modules/${m.id}/issues/?group_by=state_id&per_page=10`);
    expect(grouped.body.grouped_by).toBe("state_id");
    expect(grouped.body.results[pr.states.Backlog].total_results).toBe(2);

    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/issues/${a.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${pr.base}/modules/${m.id}/issues/`)).body.total_count).toBe(1);
    const rows = (await activityRows(t, a.id)).filter((r) => r.field === "modules");
    expect(rows.map((r) => ({ o: r.oldValue, n: r.newValue, oi: r.oldIdentifier, ni: r.newIdentifier }))).toEqual([
      { o: "", n: m.name, oi: null, ni: m.id },
      { o: m.name, n: "", oi: m.id, ni: null },
    ]);
    expect((await ws.member.get(`${pr.base}/modules/${m.id}/`)).body.total_issues).toBe(1);
  });

  it("refuses unknown items, an empty list and items of other projects; roles", async () => {
    const m = await mkModule();
    const other = await projectFixture(t, ws);
    const foreign = await createItem(ws, other);
    expect(await ws.admin.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [foreign.id] })).toMatchObject({
      status: 400,
      body: { issues: ["Invalid issue"] },
    });
    expect(await ws.admin.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [] })).toMatchObject({
      status: 400,
      body: { issues: ["Issues are required"] },
    });
    expect((await ws.admin.delete(`${pr.base}/modules/${m.id}/issues/${foreign.id}/`)).status).toBe(404);
    const it1 = await createItem(ws, pr);
    await expectMatrix(ws, (c) => c.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [it1.id] }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/modules/${m.id}/issues/`), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
  });

  it("POST P/issues/{id}/modules/ joins and leaves many modules at once (201)", async () => {
    const m1 = await mkModule();
    const m2 = await mkModule();
    const m3 = await mkModule();
    const item = await createItem(ws, pr, { module_ids: [m1.id] });
    const res = await ws.member.post(`${pr.base}/issues/${item.id}/modules/`, {
      modules: [m2.id, m3.id],
      removed_modules: [m1.id],
    });
    expect(res).toMatchObject({ status: 201, body: { message: "success" } });
    const detail = await ws.member.get(`${pr.base}/issues/${item.id}/`);
    expect([...detail.body.module_ids].sort()).toEqual([m2.id, m3.id].sort());
    expect(
      await ws.member.post(`${pr.base}/issues/${item.id}/modules/`, {
        modules: ["00000000-0000-4000-8000-000000000000"],
      }),
    ).toMatchObject({ status: 400, body: { modules: ["Invalid module"] } });
    const rows = (await activityRows(t, item.id)).filter((r) => r.field === "modules");
    expect(rows).toHaveLength(4);
  });

  it("work-item create, patch and bulk module_ids go through the same command", async () => {
    const m1 = await mkModule();
    const m2 = await mkModule();
    const item = await createItem(ws, pr, { module_ids: [m1.id] });
    expect(item.module_ids).toEqual([m1.id]);
    expect((await ws.member.patch(`${pr.base}/issues/${item.id}/`, { module_ids: [m2.id] })).status).toBe(204);
    expect((await ws.member.get(`${pr.base}/issues/${item.id}/`)).body.module_ids).toEqual([m2.id]);
    const bad = await ws.member.post(`${pr.base}/issues/`, {
      name: "x",
      module_ids: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(bad).toMatchObject({ status: 400, body: { module_ids: ["Invalid module"] } });
    const other = await createItem(ws, pr);
    expect(
      (
        await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
          issue_ids: [other.id],
          properties: { module_ids: [m1.id] },
        })
      ).status,
    ).toBe(204);
    expect((await ws.member.get(`${pr.base}/issues/${other.id}/`)).body.module_ids).toEqual([m1.id]);
    const acts = (await activityRows(t, item.id))
      .filter((r) => r.field === "modules")
      .map((r) => [r.oldIdentifier, r.newIdentifier]);
    expect(acts).toEqual([
      [null, m1.id],
      [null, m2.id],
      [m1.id, null],
    ]);
  });

  it("group by module lists every live module (by name), then None", async () => {
    const p = await projectFixture(t, ws);
    const zeta = await mkModule({ name: "Zeta" }, p);
    const alpha = await mkModule({ name: "Alpha" }, p);
    const gone = await mkModule({ name: "Gone", status: "completed" }, p);
    const item = await createItem(ws, p, { module_ids: [zeta.id, gone.id] });
    await createItem(ws, p);
    await ws.admin.post(`${p.base}/modules/${gone.id}/archive/`);
    const res = await ws.admin.get(`${p.base}/issues/?group_by=issue_module__module_id&per_page=50`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.results)).toEqual([alpha.id, zeta.id, "None"]);
    expect(res.body.results[zeta.id].results.map((r: { id: string }) => r.id)).toEqual([item.id]);
    expect(res.body.results[alpha.id].total_results).toBe(0);
    expect(res.body.results.None.total_results).toBe(1);
  });
});

describe("module links", () => {
  it("CRUD with the link shape; bad URLs refused; members only", async () => {
    const m = await mkModule();
    const res = await ws.member.post(`${pr.base}/modules/${m.id}/module-links/`, {
      url: "https://docs.example.com",
      title: "Docs",
      metadata: { a: 1 },
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at",
      "created_by",
      "id",
      "metadata",
      "module",
      "module_id",
      "project",
      "title",
      "updated_at",
      "updated_by",
      "url",
      "workspace",
    ]);
    expect(res.body).toMatchObject({
      url: "https://docs.example.com",
      title: "Docs",
      metadata: { a: 1 },
      module: m.id,
      project: pr.id,
      workspace: ws.id,
    });
    expect((await ws.guest.get(`${pr.base}/modules/${m.id}/module-links/`)).body).toEqual([res.body]);
    const upd = await ws.member.patch(`${pr.base}/modules/${m.id}/module-links/${res.body.id}/`, { title: "Handbook" });
    expect(upd).toMatchObject({ status: 200, body: { title: "Handbook", url: "https://docs.example.com" } });
    expect(
      await ws.member.post(`${pr.base}/modules/${m.id}/module-links/`, { url: "javascript:alert(1)" }),
    ).toMatchObject({ status: 400, body: { url: ["Enter a valid URL."] } });
    expect(await ws.member.post(`${pr.base}/modules/${m.id}/module-links/`, {})).toMatchObject({
      status: 400,
      body: { url: ["This field is required."] },
    });
    expect((await ws.guest.post(`${pr.base}/modules/${m.id}/module-links/`, { url: "https://x.example" })).status).toBe(
      403,
    );
    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/module-links/${res.body.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/module-links/${res.body.id}/`)).status).toBe(404);
  });
});

describe("archive, restore, archived list", () => {
  it("only completed or cancelled modules archive; archiving drops favourites; restore brings it back", async () => {
    const m = await mkModule();
    expect(await ws.member.post(`${pr.base}/modules/${m.id}/archive/`)).toMatchObject({
      status: 400,
      body: { error: "Only completed or cancelled modules can be archived" },
    });
    await ws.member.patch(`${pr.base}/modules/${m.id}/`, { status: "cancelled" });
    await ws.member.post(`${pr.base}/user-favorite-modules/`, { module: m.id });
    const res = await ws.member.post(`${pr.base}/modules/${m.id}/archive/`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["archived_at"]);
    expect(Date.parse(res.body.archived_at)).not.toBeNaN();
    expect((await ws.member.get(`${pr.base}/modules/`)).body.map((x: { id: string }) => x.id)).not.toContain(m.id);
    expect((await ws.member.get(`${pr.base}/modules/${m.id}/`)).status).toBe(404);
    const archived = await ws.guest.get(`${pr.base}/archived-modules/`);
    expect(archived.body.find((x: { id: string }) => x.id === m.id)).toMatchObject({
      archived_at: res.body.archived_at,
      is_favorite: false,
    });
    const detail = await ws.guest.get(`${pr.base}/archived-modules/${m.id}/`);
    expect(detail).toMatchObject({ status: 200, body: { id: m.id, link_module: [] } });
    expect(
      await t.db.db
        .select()
        .from(schema.userFavorites)
        .where(and(eq(schema.userFavorites.entityType, "module"), eq(schema.userFavorites.entityIdentifier, m.id))),
    ).toEqual([]);
    expect((await ws.guest.delete(`${pr.base}/modules/${m.id}/archive/`)).status).toBe(403);
    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/archive/`)).status).toBe(204);
    expect((await ws.member.delete(`${pr.base}/modules/${m.id}/archive/`)).status).toBe(404);
    expect((await ws.member.get(`${pr.base}/modules/${m.id}/`)).body.archived_at).toBeNull();
    expect((await ws.member.get(`${pr.base}/archived-modules/${m.id}/`)).status).toBe(404);
  });
});

describe("favourites", () => {
  it("POST {module} 204, favourites first with is_favorite; DELETE 204 then 404; guests refused", async () => {
    const p = await projectFixture(t, ws);
    const older = await mkModule({}, p);
    await mkModule({}, p);
    expect((await ws.member.post(`${p.base}/user-favorite-modules/`, { module: older.id })).status).toBe(204);
    expect((await ws.member.post(`${p.base}/user-favorite-modules/`, { module: older.id })).status).toBe(204);
    const mine = await ws.member.get(`${p.base}/modules/`);
    expect(mine.body[0]).toMatchObject({ id: older.id, is_favorite: true });
    expect(
      (await ws.admin.get(`${p.base}/modules/`)).body.find((x: { id: string }) => x.id === older.id).is_favorite,
    ).toBe(false);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/user-favorites/`)).status).not.toBe(500);
    expect((await ws.member.delete(`${p.base}/user-favorite-modules/${older.id}/`)).status).toBe(204);
    expect((await ws.member.delete(`${p.base}/user-favorite-modules/${older.id}/`)).status).toBe(404);
    expect((await ws.guest.post(`${p.base}/user-favorite-modules/`, { module: older.id })).status).toBe(403);
    expect(
      await ws.member.post(`${p.base}/user-favorite-modules/`, { module: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ status: 404 });
    expect(await ws.member.post(`${p.base}/user-favorite-modules/`, {})).toMatchObject({
      status: 400,
      body: { module: ["This field is required."] },
    });
  });
});

describe("P/modules/{id}/user-properties/", () => {
  it("GET creates the defaults; PATCH is partial (200) and kept per module and per user", async () => {
    const m = await mkModule();
    const m2 = await mkModule();
    const first = await ws.guest.get(`${pr.base}/modules/${m.id}/user-properties/`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      display_filters: { layout: "list", order_by: "sort_order" },
      user: ws.guest.userId,
      project: pr.id,
    });
    const res = await ws.guest.patch(`${pr.base}/modules/${m.id}/user-properties/`, {
      display_filters: { layout: "kanban", group_by: "priority" },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { display_filters: { layout: "kanban", group_by: "priority", order_by: "sort_order" } },
    });
    expect((await ws.guest.get(`${pr.base}/modules/${m2.id}/user-properties/`)).body.display_filters.layout).toBe(
      "list",
    );
    expect((await ws.admin.get(`${pr.base}/modules/${m.id}/user-properties/`)).body.display_filters.layout).toBe(
      "list",
    );
    expect((await ws.guest.get(`${pr.base}/modules/${m.id}/user-properties/`)).body.display_filters.layout).toBe(
      "kanban",
    );
    expect(
      await ws.guest.patch(`${pr.base}/modules/${m.id}/user-properties/`, { display_filters: { layout: "bogus" } }),
    ).toMatchObject({ status: 400 });
    expect(
      (await ws.guest.get(`${pr.base}/modules/00000000-0000-4000-8000-000000000000/user-properties/`)).status,
    ).toBe(404);
  });
});

describe("GET W/modules/", () => {
  it("lists live modules of the caller's projects", async () => {
    const w2 = await workspaceFixture(t);
    const p1 = await projectFixture(t, w2);
    const p2 = await projectFixture(t, w2);
    const a = (await w2.admin.post(`${p1.base}/modules/`, { name: "A" })).body;
    const b = (await w2.admin.post(`${p2.base}/modules/`, { name: "B" })).body;
    // the member leaves p2
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(and(eq(schema.projectMembers.projectId, p2.id), eq(schema.projectMembers.memberId, w2.member.userId)));
    const all = await w2.admin.get(`/api/workspaces/${w2.slug}/modules/`);
    expect(all.status).toBe(200);
    expect(all.body.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(Object.keys(all.body[0]).sort()).toEqual(LIST_KEYS);
    expect((await w2.member.get(`/api/workspaces/${w2.slug}/modules/`)).body.map((x: { id: string }) => x.id)).toEqual([
      a.id,
    ]);
    expect((await w2.outsider.get(`/api/workspaces/${w2.slug}/modules/`)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ESTIMATE_MSG, templatePoints } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { error: "The required object does not exist." };
const BAD_POINT = { non_field_errors: ["Estimate point is not valid please pass a valid estimate_point_id"] };
const ESTIMATE_KEYS = [
  "created_at",
  "created_by",
  "deleted_at",
  "description",
  "id",
  "last_used",
  "name",
  "points",
  "project",
  "type",
  "updated_at",
  "updated_by",
  "workspace",
];
const POINT_KEYS = [
  "created_at",
  "created_by",
  "deleted_at",
  "description",
  "estimate",
  "id",
  "key",
  "project",
  "updated_at",
  "updated_by",
  "value",
  "workspace",
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => {
  await t?.close();
});

/** Create an estimate from a template through the API, as Plane's client does (`last_used: true`). */
async function fromTemplate(
  pr: ProjectFixture,
  type: "points" | "categories",
  template: string,
  extra: Record<string, unknown> = {},
) {
  const res = await ws.admin.post(`${pr.base}/estimates/`, {
    estimate: { name: template, type, last_used: true, ...extra },
    estimate_points: templatePoints(type, template),
  });
  expect(res.status).toBe(200);
  return res.body;
}

const values = (e: { points: { key: number; value: string }[] }) => e.points.map((p) => `${p.key}:${p.value}`);
const projectEstimate = async (pr: ProjectFixture) => (await ws.admin.get(`${pr.base}/`)).body.estimate;
const history = async (pr: ProjectFixture, issueId: string) =>
  ((await ws.admin.get(`${pr.base}/issues/${issueId}/history/?activity_type=issue-property`)).body as any[]).filter(
    (a) => a.field === "estimate_point",
  );

describe("POST P/estimates/", () => {
  it("creates an estimate from a template (200) with its points in key order and makes it the project's active one", async () => {
    const pr = await projectFixture(t, ws);
    const res = await ws.admin.post(`${pr.base}/estimates/`, {
      estimate: { name: "Fibonacci", type: "points", last_used: true },
      estimate_points: templatePoints("points", "fibonacci"),
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ESTIMATE_KEYS);
    expect(res.body).toMatchObject({
      name: "Fibonacci",
      type: "points",
      last_used: true,
      project: pr.id,
      workspace: ws.id,
      description: "",
      created_by: ws.admin.userId,
      deleted_at: null,
    });
    expect(values(res.body)).toEqual(["1:1", "2:2", "3:3", "4:5", "5:8", "6:13"]);
    expect(Object.keys(res.body.points[0]).sort()).toEqual(POINT_KEYS);
    expect(res.body.points[0]).toMatchObject({
      estimate: res.body.id,
      project: pr.id,
      workspace: ws.id,
      description: "",
    });
    expect(await projectEstimate(pr)).toBe(res.body.id);
  });

  it("keys points by the keys sent (1..n), names an unnamed system after its type, and leaves a not-last_used one inactive", async () => {
    const pr = await projectFixture(t, ws);
    const res = await ws.admin.post(`${pr.base}/estimates/`, {
      estimate: { type: "categories" },
      estimate_points: [
        { key: 3, value: " L " },
        { key: 1, value: "S" },
        { key: 2, value: "M" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Categories", type: "categories", last_used: false });
    expect(values(res.body)).toEqual(["1:S", "2:M", "3:L"]);
    expect(await projectEstimate(pr)).toBeNull();
  });

  it("enforces 2 to 6 points, values valid for the type and distinct, and the body's shape", async () => {
    const pr = await projectFixture(t, ws);
    const post = (body: unknown) => ws.admin.post(`${pr.base}/estimates/`, body);
    const pts = (...v: string[]) => v.map((value, i) => ({ key: i + 1, value }));
    expect((await post({ estimate: { type: "points" }, estimate_points: pts("1") })).body).toEqual({
      estimate_points: [ESTIMATE_MSG.count],
    });
    expect(
      (await post({ estimate: { type: "points" }, estimate_points: pts("1", "2", "3", "4", "5", "6", "7") })).body,
    ).toEqual({ estimate_points: [ESTIMATE_MSG.count] });
    expect((await post({ estimate: { type: "points" }, estimate_points: pts("1", "two") })).body).toEqual({
      "estimate_points.1.value": [ESTIMATE_MSG.notNumber],
    });
    expect((await post({ estimate: { type: "points" }, estimate_points: pts("0", "2") })).body).toEqual({
      "estimate_points.0.value": [ESTIMATE_MSG.notPositive],
    });
    expect((await post({ estimate: { type: "points" }, estimate_points: pts("1", "1.0") })).body).toEqual({
      "estimate_points.1.value": [ESTIMATE_MSG.duplicate],
    });
    expect((await post({ estimate: { type: "categories" }, estimate_points: pts("Easy", "easy") })).body).toEqual({
      "estimate_points.1.value": [ESTIMATE_MSG.duplicate],
    });
    expect((await post({ estimate: { type: "categories" }, estimate_points: pts("x".repeat(21), "S") })).body).toEqual({
      "estimate_points.0.value": [ESTIMATE_MSG.tooLong],
    });
    expect((await post({ estimate: { type: "categories" }, estimate_points: pts("  ", "S") })).body).toEqual({
      "estimate_points.0.value": [ESTIMATE_MSG.blank],
    });
    // time estimates are minutes (issue #29): numbers above 0
    expect((await post({ estimate: { type: "time" }, estimate_points: pts("30", "1h") })).body).toEqual({
      "estimate_points.1.value": [ESTIMATE_MSG.notNumber],
    });
    const bad = await post({ estimate: { type: "hours" }, estimate_points: pts("1", "2") });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ["estimate.type"]]);
    expect((await post({ estimate_points: pts("1", "2") })).body).toEqual({ estimate: ["This field is required."] });
    expect((await post({ estimate: {}, estimate_points: "1,2" })).body).toEqual({
      estimate_points: ["Expected a list of items."],
    });
    expect((await ws.admin.get(`${pr.base}/estimates/`)).body).toEqual([]);
  });

  it("is for project admins: members and guests get 403 before their body is read; outsiders and anonymous callers are refused", async () => {
    const pr = await projectFixture(t, ws);
    const body = { estimate: { type: "points" }, estimate_points: templatePoints("points", "linear") };
    expect((await ws.member.post(`${pr.base}/estimates/`, body)).body).toEqual(FORBIDDEN);
    expect((await ws.guest.post(`${pr.base}/estimates/`, { nonsense: true })).body).toEqual(FORBIDDEN);
    expect((await ws.outsider.post(`${pr.base}/estimates/`, body)).body).toEqual(DENIED);
    expect((await ws.anon.post(`${pr.base}/estimates/`, body)).body).toEqual(UNAUTH);
  });
});

describe("GET P/estimates/ and P/estimates/{id}/", () => {
  it("lists the project's estimates (oldest first) to everyone in it, and answers one by id", async () => {
    const pr = await projectFixture(t, ws);
    const other = await projectFixture(t, ws);
    const a = await fromTemplate(pr, "points", "linear");
    const b = await fromTemplate(pr, "categories", "t_shirt_sizes");
    const foreign = await fromTemplate(other, "points", "squares");
    for (const c of [ws.admin, ws.member, ws.guest]) {
      const res = await c.get(`${pr.base}/estimates/`);
      expect(res.status).toBe(200);
      expect(res.body.map((e: any) => [e.id, e.last_used])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
    }
    const one = await ws.guest.get(`${pr.base}/estimates/${b.id}/`);
    expect(one.status).toBe(200);
    expect(values(one.body)).toEqual(["1:XS", "2:S", "3:M", "4:L", "5:XL", "6:XXL"]);
    expect((await ws.admin.get(`${pr.base}/estimates/${foreign.id}/`)).body).toEqual(NOT_FOUND);
    expect((await ws.admin.get(`${pr.base}/estimates/not-a-uuid/`)).status).toBe(404);
    expect((await ws.outsider.get(`${pr.base}/estimates/`)).body).toEqual(DENIED);
    expect((await ws.anon.get(`${pr.base}/estimates/${a.id}/`)).body).toEqual(UNAUTH);
  });
});

describe("switching the active estimate", () => {
  it("a new last_used estimate takes over; PATCH P/ {estimate} switches back or turns estimates off", async () => {
    const pr = await projectFixture(t, ws);
    const a = await fromTemplate(pr, "points", "fibonacci");
    const b = await fromTemplate(pr, "categories", "easy_to_hard");
    expect(await projectEstimate(pr)).toBe(b.id);
    const lastUsed = async () => (await ws.admin.get(`${pr.base}/estimates/`)).body.map((e: any) => e.last_used);
    expect(await lastUsed()).toEqual([false, true]);

    expect((await ws.admin.patch(`${pr.base}/`, { estimate: a.id })).status).toBe(200);
    expect(await projectEstimate(pr)).toBe(a.id);
    expect(await lastUsed()).toEqual([true, false]);

    expect((await ws.admin.patch(`${pr.base}/`, { estimate: null })).status).toBe(200);
    expect(await projectEstimate(pr)).toBeNull();
    expect(await lastUsed()).toEqual([true, false]); // the current one stays, to turn estimates on again
    expect((await ws.member.patch(`${pr.base}/`, { estimate: a.id })).body).toEqual(FORBIDDEN);
  });

  it("a work item's estimate_point must belong to the active estimate (create, update, bulk, drafts)", async () => {
    const pr = await projectFixture(t, ws);
    const old = await fromTemplate(pr, "points", "linear");
    const cur = await fromTemplate(pr, "categories", "t_shirt_sizes");
    const oldPoint = old.points[0].id;
    const curPoint = cur.points[2].id;

    const created = await ws.member.post(`${pr.base}/issues/`, { name: "Sized", estimate_point: curPoint });
    expect([created.status, created.body.estimate_point]).toEqual([201, curPoint]);
    expect((await ws.member.post(`${pr.base}/issues/`, { name: "Stale", estimate_point: oldPoint })).body).toEqual(
      BAD_POINT,
    );
    expect((await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, { estimate_point: oldPoint })).body).toEqual(
      BAD_POINT,
    );
    const bulk = await ws.member.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [created.body.id],
      properties: { estimate_point: oldPoint },
    });
    expect([bulk.status, bulk.body]).toEqual([400, BAD_POINT]);
    expect(
      (await ws.member.post(`${pr.base}/issue-drafts/`, { name: "Draft", estimate_point: oldPoint })).body,
    ).toEqual(BAD_POINT);
    const wsDraft = await ws.member.post(`/api/workspaces/${ws.slug}/draft-issues/`, {
      name: "Draft",
      project_id: pr.id,
      estimate_point: oldPoint,
    });
    expect([wsDraft.status, wsDraft.body]).toEqual([400, BAD_POINT]);
    const okDraft = await ws.member.post(`/api/workspaces/${ws.slug}/draft-issues/`, {
      name: "Draft",
      project_id: pr.id,
      estimate_point: curPoint,
    });
    expect([okDraft.status, okDraft.body.estimate_point]).toEqual([201, curPoint]);

    // with estimates turned off no point is accepted; a draft sized before converts without its stale point
    await ws.admin.patch(`${pr.base}/`, { estimate: null });
    expect((await ws.member.post(`${pr.base}/issues/`, { name: "Off", estimate_point: curPoint })).body).toEqual(
      BAD_POINT,
    );
    const conv = await ws.member.post(`/api/workspaces/${ws.slug}/draft-to-issue/${okDraft.body.id}/`, {});
    expect(conv.status).toBeLessThan(300);
    const [converted] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.name, "Draft"));
    expect(converted.estimatePointId).toBeNull();
    // clearing is always allowed
    const cleared = await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, { estimate_point: null });
    expect(cleared.status).toBe(204);
    expect((await ws.member.get(`${pr.base}/issues/${created.body.id}/`)).body.estimate_point).toBeNull();
  });
});

describe("PATCH P/estimates/{id}/", () => {
  it("renames, edits values and reorders points in one go; the result must stay a valid system", async () => {
    const pr = await projectFixture(t, ws);
    const e = await fromTemplate(pr, "categories", "easy_to_hard");
    const [easy, medium, hard, veryHard] = e.points.map((p: any) => p.id);
    const url = `${pr.base}/estimates/${e.id}/`;
    const res = await ws.admin.patch(url, {
      estimate: { name: "Effort" },
      estimate_points: [
        { id: veryHard, key: 1 },
        { id: easy, value: "Trivial" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Effort");
    expect(values(res.body)).toEqual(["1:Very Hard", "2:Trivial", "3:Medium", "4:Hard"]);
    const swap = await ws.admin.patch(url, {
      estimate_points: [
        { id: medium, key: 4 },
        { id: hard, key: 3 },
      ],
    });
    expect(values(swap.body)).toEqual(["1:Very Hard", "2:Trivial", "3:Hard", "4:Medium"]);

    expect((await ws.admin.patch(url, {})).body).toEqual({ error: "Estimate points are required" });
    expect((await ws.admin.patch(url, { estimate_points: [{ id: easy, value: "Hard" }] })).body).toEqual({
      estimate_points: [ESTIMATE_MSG.duplicate],
    });
    expect(
      (await ws.admin.patch(url, { estimate: { type: "points" }, estimate_points: [{ id: easy, value: "1" }] })).body,
    ).toEqual({ estimate_points: [ESTIMATE_MSG.notNumber] });
    expect(
      (
        await ws.admin.patch(url, {
          estimate_points: [
            { id: easy, key: 2 },
            { id: hard, key: 2 },
          ],
        })
      ).status,
    ).toBe(400);
    const stranger = crypto.randomUUID();
    expect((await ws.admin.patch(url, { estimate_points: [{ id: stranger, value: "x" }] })).body).toEqual({
      estimate_points: [`Invalid pk "${stranger}" - object does not exist.`],
    });
    expect((await ws.member.patch(url, { estimate: { name: "Mine" } })).body).toEqual(FORBIDDEN);
    expect(values((await ws.admin.get(url)).body)).toEqual(["1:Very Hard", "2:Trivial", "3:Hard", "4:Medium"]);
  });
});

describe("estimate points", () => {
  it("POST adds a point (200) last or at a key, up to 6; values are checked against the system", async () => {
    const pr = await projectFixture(t, ws);
    const e = await ws.admin
      .post(`${pr.base}/estimates/`, {
        estimate: { type: "points", last_used: true },
        estimate_points: [
          { key: 1, value: "2" },
          { key: 2, value: "4" },
        ],
      })
      .then((r) => r.body);
    const url = `${pr.base}/estimates/${e.id}/estimate-points/`;
    const last = await ws.admin.post(url, { value: "8" });
    expect(last.status).toBe(200);
    expect(Object.keys(last.body).sort()).toEqual(POINT_KEYS);
    expect(last.body).toMatchObject({
      key: 3,
      value: "8",
      estimate: e.id,
      project: pr.id,
      workspace: ws.id,
      created_by: ws.admin.userId,
    });
    expect((await ws.admin.post(url, { key: 1, value: "1" })).body.key).toBe(1);
    expect(values((await ws.admin.get(`${pr.base}/estimates/${e.id}/`)).body)).toEqual(["1:1", "2:2", "3:4", "4:8"]);

    expect((await ws.admin.post(url, { value: "4" })).body).toEqual({ value: [ESTIMATE_MSG.duplicate] });
    expect((await ws.admin.post(url, { value: "big" })).body).toEqual({ value: [ESTIMATE_MSG.notNumber] });
    expect((await ws.admin.post(url, { key: 9, value: "16" })).status).toBe(400);
    expect((await ws.admin.post(url, {})).body).toEqual({ value: ["This field is required."] });
    await ws.admin.post(url, { value: "16" });
    await ws.admin.post(url, { value: "32" });
    expect((await ws.admin.post(url, { value: "64" })).body).toEqual({ error: ESTIMATE_MSG.count });
    expect((await ws.member.post(url, { value: "3" })).body).toEqual(FORBIDDEN);
    expect(
      (await ws.admin.post(`${pr.base}/estimates/${crypto.randomUUID()}/estimate-points/`, { value: "3" })).body,
    ).toEqual(NOT_FOUND);
  });

  it("PATCH changes a point's value or moves it to another key", async () => {
    const pr = await projectFixture(t, ws);
    const e = await fromTemplate(pr, "categories", "t_shirt_sizes");
    const [xs, , m] = e.points;
    const url = (id: string) => `${pr.base}/estimates/${e.id}/estimate-points/${id}/`;
    const res = await ws.admin.patch(url(xs.id), { value: "Tiny", description: "an hour" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: xs.id, key: 1, value: "Tiny", description: "an hour" });
    expect((await ws.admin.patch(url(m.id), { key: 6 })).body.key).toBe(6);
    expect(values((await ws.admin.get(`${pr.base}/estimates/${e.id}/`)).body)).toEqual([
      "1:Tiny",
      "2:S",
      "3:L",
      "4:XL",
      "5:XXL",
      "6:M",
    ]);
    expect((await ws.admin.patch(url(m.id), { key: 1 })).body.key).toBe(1);
    expect(values((await ws.admin.get(`${pr.base}/estimates/${e.id}/`)).body)).toEqual([
      "1:M",
      "2:Tiny",
      "3:S",
      "4:L",
      "5:XL",
      "6:XXL",
    ]);

    expect((await ws.admin.patch(url(m.id), { value: "s" })).body).toEqual({ value: [ESTIMATE_MSG.duplicate] });
    expect((await ws.admin.patch(url(m.id), { value: "" })).body).toEqual({ value: [ESTIMATE_MSG.blank] });
    expect((await ws.admin.patch(url(m.id), { key: 0 })).status).toBe(400);
    expect((await ws.admin.patch(url(crypto.randomUUID()), { value: "Q" })).body).toEqual(NOT_FOUND);
    expect((await ws.guest.patch(url(m.id), { value: "Q" })).body).toEqual(FORBIDDEN);
  });

  it("DELETE removes a point (200, remaining points re-keyed), moving its items to new_estimate_id or clearing them, recorded on each", async () => {
    const pr = await projectFixture(t, ws);
    const e = await fromTemplate(pr, "points", "linear");
    const [p1, p2, p3] = e.points;
    const a = (await ws.admin.post(`${pr.base}/issues/`, { name: "A", estimate_point: p2.id })).body;
    const b = (await ws.admin.post(`${pr.base}/issues/`, { name: "B", estimate_point: p3.id })).body;
    const url = (id: string) => `${pr.base}/estimates/${e.id}/estimate-points/${id}/`;
    const list = async () =>
      Object.fromEntries(
        ((await ws.admin.get(`${pr.base}/issues/`)).body.results as any[]).map((i) => [i.name, i.estimate_point]),
      );
    expect(await list()).toEqual({ A: p2.id, B: p3.id }); // warms the list cache

    const moved = await ws.admin.delete(url(p2.id), { new_estimate_id: p1.id });
    expect(moved.status).toBe(200);
    expect(moved.body.map((p: any) => `${p.key}:${p.value}`)).toEqual(["1:1", "2:3", "3:4", "4:5", "5:6"]);
    expect(Object.keys(moved.body[0]).sort()).toEqual(POINT_KEYS);
    expect(await list()).toEqual({ A: p1.id, B: p3.id });
    expect(
      (await history(pr, a.id)).map((h) => [h.old_value, h.new_value, h.old_identifier, h.new_identifier]).at(-1),
    ).toEqual(["2", "1", p2.id, p1.id]);

    const cleared = await ws.admin.delete(`${url(p3.id)}?`);
    expect(cleared.status).toBe(200);
    expect(await list()).toEqual({ A: p1.id, B: null });
    expect((await history(pr, b.id)).at(-1)).toMatchObject({ old_value: "3", new_value: null, actor: ws.admin.userId });

    expect((await ws.admin.delete(url(e.points[3].id), { new_estimate_id: e.points[3].id })).status).toBe(400);
    await ws.admin.delete(url(e.points[3].id));
    await ws.admin.delete(url(e.points[4].id));
    expect((await ws.admin.delete(url(e.points[5].id))).body).toEqual({ error: ESTIMATE_MSG.count });
    expect((await ws.member.delete(url(p1.id))).body).toEqual(FORBIDDEN);
  });
});

describe("DELETE P/estimates/{id}/", () => {
  it("deletes the estimate (204): its items lose their estimate with activity, the project's estimates turn off, lists follow", async () => {
    const pr = await projectFixture(t, ws);
    const keep = await fromTemplate(pr, "points", "squares");
    const keptItem = (await ws.admin.post(`${pr.base}/issues/`, { name: "Kept", estimate_point: keep.points[0].id }))
      .body;
    const e = await fromTemplate(pr, "categories", "t_shirt_sizes");
    const item = (await ws.admin.post(`${pr.base}/issues/`, { name: "Sized", estimate_point: e.points[4].id })).body;
    const list = async () =>
      Object.fromEntries(
        ((await ws.admin.get(`${pr.base}/issues/`)).body.results as any[]).map((i) => [i.name, i.estimate_point]),
      );
    expect(await list()).toEqual({ Kept: keep.points[0].id, Sized: e.points[4].id });

    expect((await ws.member.delete(`${pr.base}/estimates/${e.id}/`)).body).toEqual(FORBIDDEN);
    const res = await ws.admin.delete(`${pr.base}/estimates/${e.id}/`);
    expect(res.status).toBe(204);
    expect(await list()).toEqual({ Kept: keep.points[0].id, Sized: null });
    expect((await history(pr, item.id)).at(-1)).toMatchObject({
      verb: "updated",
      old_value: "XL",
      new_value: null,
      old_identifier: e.points[4].id,
      new_identifier: null,
    });
    expect(await history(pr, keptItem.id)).toEqual([]);
    expect(await projectEstimate(pr)).toBeNull();
    expect((await ws.admin.get(`${pr.base}/estimates/`)).body.map((x: any) => x.id)).toEqual([keep.id]);
    expect((await ws.admin.get(`${pr.base}/estimates/${e.id}/`)).body).toEqual(NOT_FOUND);
    expect((await ws.admin.delete(`${pr.base}/estimates/${e.id}/`)).status).toBe(404);
  });

  it("deleting an inactive estimate leaves the active one in place", async () => {
    const pr = await projectFixture(t, ws);
    const old = await fromTemplate(pr, "points", "fibonacci");
    const cur = await fromTemplate(pr, "points", "linear");
    expect((await ws.admin.delete(`${pr.base}/estimates/${old.id}/`)).status).toBe(204);
    expect(await projectEstimate(pr)).toBe(cur.id);
  });
});

describe("GET W/estimates/", () => {
  it("lists the estimates of the caller's non-archived projects", async () => {
    const w = await workspaceFixture(t);
    const mine = await projectFixture(t, w);
    const archived = await projectFixture(t, w);
    const adminOnly = await projectFixture(t, w);
    const post = (pr: ProjectFixture) =>
      w.admin
        .post(`${pr.base}/estimates/`, {
          estimate: { type: "points", last_used: true },
          estimate_points: templatePoints("points", "linear"),
        })
        .then((r) => r.body.id);
    const a = await post(mine);
    const b = await post(archived);
    const c = await post(adminOnly);
    await t.db.db.delete(schema.projectMembers).where(eq(schema.projectMembers.projectId, adminOnly.id));
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: w.id, projectId: adminOnly.id, memberId: w.admin.userId, role: 20 });
    expect((await w.admin.post(`${archived.base}/archive/`, {})).status).toBe(200);

    const adminList = await w.admin.get(`/api/workspaces/${w.slug}/estimates/`);
    expect(adminList.status).toBe(200);
    expect(adminList.body.map((e: any) => e.id).sort()).toEqual([a, c].sort());
    expect(adminList.body.find((e: any) => e.id === a).points).toHaveLength(6);
    expect((await w.member.get(`/api/workspaces/${w.slug}/estimates/`)).body.map((e: any) => e.id)).toEqual([a]);
    expect((await w.guest.get(`/api/workspaces/${w.slug}/estimates/`)).body.map((e: any) => e.id)).toEqual([a]);
    expect((await w.outsider.get(`/api/workspaces/${w.slug}/estimates/`)).body).toEqual(DENIED);
    expect((await w.anon.get(`/api/workspaces/${w.slug}/estimates/`)).body).toEqual(UNAUTH);
    void b;
  });
});

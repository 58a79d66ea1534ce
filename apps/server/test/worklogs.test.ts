import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { PlaneClient } from "@makeplane/plane-node-sdk";
import { templatePoints } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, setCreator, setGuestViewAll } from "./helpers/work-items.ts";
import { apiKeyFor } from "./helpers/api-key.ts";
import { LiveClient } from "./helpers/live.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

/**
 * Time tracking (issue #29 point 3): work logs on items, their totals with sub-items and against time estimates,
 * the project's report, its CSV/XLSX export, the v1 API, the feature switch and the roles.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

const OFF = { error: "Time tracking is not enabled for this project." };
const FORBIDDEN = { error: "You don't have the required permissions." };
const NOT_MEMBER = { detail: "You do not have permission to perform this action." };

const tracking = (p: ProjectFixture, on: boolean) => ws.admin.patch(`${p.base}/`, { is_time_tracking_enabled: on });
const logs = (p: ProjectFixture, id: string) => `${p.base}/issues/${id}/worklogs/`;
async function log(c: Client, id: string, body: Record<string, unknown>, p = pr) {
  const res = await c.post(logs(p, id), body);
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(() => t?.close());

describe("the feature switch", () => {
  it("off (the default): every time-tracking call is refused with the spec's body, after the role check; on: they answer", async () => {
    const p = await projectFixture(t, ws);
    const item = await createItem(ws, p);
    expect((await ws.admin.get(`${p.base}/`)).body.is_time_tracking_enabled).toBe(false);
    const calls: [Client, string, string, unknown?][] = [
      [ws.member, "GET", logs(p, item.id)],
      [ws.member, "POST", logs(p, item.id), { duration: 30 }],
      [ws.member, "GET", `${logs(p, item.id)}summary/`],
      [ws.member, "GET", `${p.base}/worklogs/`],
      [ws.member, "GET", `${p.base}/worklogs/summary/`],
      [ws.member, "GET", `${p.base}/worklogs/export/?format=csv`],
      // a bad body gets the feature's answer, not a field error: nothing of the feature is read while it is off
      [ws.member, "POST", logs(p, item.id), { duration: "x" }],
    ];
    for (const [c, method, path, body] of calls)
      expect(await c.request(method, path, body), `${method} ${path}`).toMatchObject({ status: 400, body: OFF });
    // the role gate still comes first: a guest asking for the member-only report learns nothing about the feature
    expect(await ws.guest.get(`${p.base}/worklogs/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    const v1 = await apiKeyFor(ws.member);
    expect(
      await v1.get(`/api/v1/workspaces/${ws.slug}/projects/${p.id}/work-items/${item.id}/worklogs/`),
    ).toMatchObject({ status: 400, body: OFF });

    // only project admins switch it (project settings → Features)
    expect((await ws.member.patch(`${p.base}/`, { is_time_tracking_enabled: true })).status).toBe(403);
    expect((await tracking(p, true)).status).toBe(200);
    expect((await ws.member.get(logs(p, item.id))).body).toEqual([]);
    await log(ws.member, item.id, { duration: 30 }, p);
    expect((await ws.member.get(`${p.base}/worklogs/`)).body.total_count).toBe(1);
    // off again: the logs stay, but nothing answers until it is back on
    await tracking(p, false);
    expect(await ws.member.get(logs(p, item.id))).toMatchObject({ status: 400, body: OFF });
    await tracking(p, true);
    expect((await ws.member.get(logs(p, item.id))).body).toHaveLength(1);
  });
});

describe("work logs on an item", () => {
  beforeAll(async () => {
    await tracking(pr, true);
  });

  it("log, list, change and remove, with Plane's fields and the item's activity", async () => {
    const item = await createItem(ws, pr);
    const made = await log(ws.member, item.id, {
      duration: 90,
      description: "Pairing on the parser",
      logged_on: "2026-03-02",
    });
    expect(made).toMatchObject({
      issue_id: item.id,
      project_id: pr.id,
      workspace_id: ws.id,
      duration: 90,
      description: "Pairing on the parser",
      logged_on: "2026-03-02",
      logged_by: ws.member.userId,
      logged_by_detail: { id: ws.member.userId, first_name: "Max" },
      created_by: ws.member.userId,
      deleted_at: null,
    });
    // without a day, today (the caller's)
    const today = await log(ws.admin, item.id, { duration: 15 });
    expect(today.logged_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.description).toBe("");

    const list = (await ws.member.get(logs(pr, item.id))).body as Record<string, any>[];
    expect(list.map((w) => w.id)).toEqual([today.id, made.id]); // latest day first
    expect((await ws.member.get(`${logs(pr, item.id)}${made.id}/`)).body).toMatchObject({ id: made.id, duration: 90 });

    const changed = await ws.member.patch(`${logs(pr, item.id)}${made.id}/`, {
      duration: 120,
      description: "Pairing, then review",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      duration: 120,
      description: "Pairing, then review",
      logged_on: "2026-03-02",
      updated_by: ws.member.userId,
    });
    expect((await ws.member.delete(`${logs(pr, item.id)}${today.id}/`)).status).toBe(403); // the admin's log
    expect((await ws.admin.delete(`${logs(pr, item.id)}${made.id}/`)).status).toBe(204); // an admin removes anyone's
    expect((await ws.member.get(logs(pr, item.id))).body.map((w: { id: string }) => w.id)).toEqual([today.id]);

    const acts = (await activityRows(t, item.id)).filter((a) => a.field === "worklog");
    expect(acts.map((a) => [a.verb, a.oldValue, a.newValue, a.comment])).toEqual([
      ["created", null, "90", "logged 1h 30m"],
      ["created", null, "15", "logged 15m"],
      ["updated", "90", "120", "changed a time log from 1h 30m to 2h"],
      ["deleted", "120", null, "removed a time log of 2h"],
    ]);
    // in the item's history, as its property changes are
    const history = (await ws.member.get(`${pr.base}/issues/${item.id}/history/`)).body as {
      field: string | null;
      verb: string;
    }[];
    expect(history.filter((h) => h.field === "worklog").map((h) => h.verb)).toEqual([
      "created",
      "created",
      "updated",
      "deleted",
    ]);
  });

  it("logging time is nobody's notification", async () => {
    const item = await createItem(ws, pr, { assignee_ids: [ws.admin.userId] });
    await log(ws.member, item.id, { duration: 10 });
    await t.app.jobs.drain();
    const inbox = (await ws.admin.get(`/api/workspaces/${ws.slug}/users/notifications/`)).body as {
      entity_identifier: string;
      data: any;
    }[];
    expect(inbox.filter((n) => n.entity_identifier === item.id && n.data.issue_activity?.field === "worklog")).toEqual(
      [],
    );
  });

  it("checks the body: minutes from 1 to a week, a real day, a note of at most 2000 characters", async () => {
    const item = await createItem(ws, pr);
    const bad = async (body: unknown) => await ws.member.post(logs(pr, item.id), body);
    expect(await bad({})).toMatchObject({ status: 400, body: { duration: ["This field is required."] } });
    expect(await bad({ duration: 0 })).toMatchObject({
      status: 400,
      body: { duration: ["Ensure this value is greater than or equal to 1."] },
    });
    expect(await bad({ duration: 1.5 })).toMatchObject({
      status: 400,
      body: { duration: ["A valid integer is required."] },
    });
    expect(await bad({ duration: 7 * 24 * 60 + 1 })).toMatchObject({ status: 400 });
    expect(await bad({ duration: 5, logged_on: "2026-02-30" })).toMatchObject({
      status: 400,
      body: { logged_on: [expect.stringContaining("Date has wrong format")] },
    });
    expect(await bad({ duration: 5, description: "x".repeat(2001) })).toMatchObject({
      status: 400,
      body: { description: ["Ensure this field has no more than 2000 characters."] },
    });
    expect((await ws.member.get(logs(pr, item.id))).body).toEqual([]);
  });

  it("roles: guests read the logs of items they see but log nothing; only the logger or an admin changes a log", async () => {
    await setGuestViewAll(t, pr.id, true);
    const item = await createItem(ws, pr);
    const mine = await log(ws.member, item.id, { duration: 20 });
    expect(await ws.guest.post(logs(pr, item.id), { duration: 5 })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await ws.guest.get(logs(pr, item.id))).status).toBe(200);
    expect(await ws.guest.patch(`${logs(pr, item.id)}${mine.id}/`, { duration: 1 })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    // a workspace member outside the project
    const other = await t.user({ firstName: "Mo", lastName: "Other" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: other.userId, role: 15 });
    expect(await other.get(logs(pr, item.id))).toMatchObject({ status: 403, body: NOT_MEMBER });
    expect(await ws.outsider.get(logs(pr, item.id))).toMatchObject({ status: 403, body: NOT_MEMBER });
    expect((await ws.admin.patch(`${logs(pr, item.id)}${mine.id}/`, { duration: 25 })).body.duration).toBe(25);

    // a guest who sees only the items they created sees no logs of the others
    await setGuestViewAll(t, pr.id, false);
    expect((await ws.guest.get(logs(pr, item.id))).status).toBe(403);
    const own = await createItem(ws, pr);
    await setCreator(t, own.id, ws.guest.userId);
    expect((await ws.guest.get(logs(pr, own.id))).status).toBe(200);
  });

  it("archived items keep their logs readable but take no new ones", async () => {
    const item = await createItem(ws, pr, { state_id: pr.states.Done });
    await log(ws.member, item.id, { duration: 30 });
    expect((await ws.admin.post(`${pr.base}/issues/${item.id}/archive/`, {})).status).toBe(200);
    expect((await ws.member.get(logs(pr, item.id))).body).toHaveLength(1);
    expect((await ws.member.post(logs(pr, item.id), { duration: 5 })).status).toBe(404);
  });
});

describe("totals", () => {
  beforeAll(async () => {
    await tracking(pr, true);
  });

  it("an item's time counts its sub-items at every depth, per person, and against a time estimate", async () => {
    const est = await ws.admin.post(`${pr.base}/estimates/`, {
      estimate: { name: "Hours", type: "time", last_used: true },
      estimate_points: templatePoints("time", "hours"),
    });
    expect(est.status, est.text).toBe(200);
    const twoHours = (est.body.points as { id: string; value: string }[]).find((p) => p.value === "120")!;
    const parent = await createItem(ws, pr, { estimate_point: twoHours.id });
    const child = await createItem(ws, pr, { parent_id: parent.id });
    const grandchild = await createItem(ws, pr, { parent_id: child.id });
    await log(ws.member, parent.id, { duration: 60 });
    await log(ws.admin, parent.id, { duration: 45 });
    await log(ws.member, child.id, { duration: 30 });
    await log(ws.member, grandchild.id, { duration: 20 });
    const s = (await ws.member.get(`${logs(pr, parent.id)}summary/`)).body;
    expect(s).toEqual({
      issue_id: parent.id,
      duration: 105,
      sub_issues_duration: 50,
      total_duration: 155,
      estimate_minutes: 120,
      by_member: [
        { logged_by: ws.member.userId, duration: 60 },
        { logged_by: ws.admin.userId, duration: 45 },
      ],
    });
    // a points estimate is not time: nothing to measure against
    const pts = await ws.admin.post(`${pr.base}/estimates/`, {
      estimate: { name: "Points", type: "points", last_used: true },
      estimate_points: templatePoints("points", "linear"),
    });
    expect(pts.status).toBe(200);
    expect((await ws.member.get(`${logs(pr, parent.id)}summary/`)).body.estimate_minutes).toBeNull();
    expect((await ws.member.get(`${logs(pr, grandchild.id)}summary/`)).body).toMatchObject({
      duration: 20,
      sub_issues_duration: 0,
      total_duration: 20,
    });
  });
});

describe("the worklog report", () => {
  let p: ProjectFixture;
  let a: Record<string, any>;
  let b: Record<string, any>;
  let cycleId: string;
  let moduleId: string;

  beforeAll(async () => {
    p = await projectFixture(t, ws, { network: 0 }); // a private project
    await tracking(p, true);
    cycleId = (await ws.admin.post(`${p.base}/cycles/`, { name: "Sprint 7" })).body.id;
    moduleId = (await ws.admin.post(`${p.base}/modules/`, { name: "Parser" })).body.id;
    a = await createItem(ws, p, { name: "Write the lexer", cycle_id: cycleId, module_ids: [moduleId] });
    b = await createItem(ws, p, { name: 'Fix, "quote" =SUM(1)' });
    await log(ws.member, a.id, { duration: 120, logged_on: "2026-03-02", description: "lexer, day one" }, p);
    await log(ws.admin, a.id, { duration: 30, logged_on: "2026-03-03" }, p);
    await log(ws.member, b.id, { duration: 45, logged_on: "2026-03-04", description: "line one\nline two" }, p);
  });

  it("lists the logs with their items, latest day first, filtered by person, item, cycle, module and days", async () => {
    const page = (await ws.member.get(`${p.base}/worklogs/`)).body;
    expect(page.total_count).toBe(3);
    expect(page.results.map((r: any) => [r.logged_on, r.duration, r.issue_detail.sequence_id])).toEqual([
      ["2026-03-04", 45, b.sequence_id],
      ["2026-03-03", 30, a.sequence_id],
      ["2026-03-02", 120, a.sequence_id],
    ]);
    expect(page.results[0].issue_detail).toEqual({
      id: b.id,
      sequence_id: b.sequence_id,
      name: b.name,
      project_identifier: p.identifier,
    });
    const count = async (q: string) => (await ws.member.get(`${p.base}/worklogs/?${q}`)).body.total_count;
    expect(await count(`logged_by=${ws.admin.userId}`)).toBe(1);
    expect(await count(`logged_by=${ws.admin.userId},${ws.member.userId}`)).toBe(3);
    expect(await count(`issue=${a.id}`)).toBe(2);
    expect(await count(`cycle=${cycleId}`)).toBe(2);
    expect(await count("cycle=None")).toBe(1);
    expect(await count(`module=${moduleId}`)).toBe(2);
    expect(await count("module=None")).toBe(1);
    expect(await count("from=2026-03-03&to=2026-03-03")).toBe(1);
    expect((await ws.member.get(`${p.base}/worklogs/?per_page=2`)).body).toMatchObject({
      count: 2,
      next_page_results: true,
    });
    expect(await ws.member.get(`${p.base}/worklogs/?cycle=nope`)).toMatchObject({
      status: 400,
      body: { detail: "Invalid cycle value: nope." },
    });
    expect(await ws.member.get(`${p.base}/worklogs/?from=03/03/2026`)).toMatchObject({ status: 400 });
  });

  it("totals per work item, member, cycle, module and day", async () => {
    const sum = async (g: string, q = "") =>
      (await ws.member.get(`${p.base}/worklogs/summary/?group_by=${g}${q}`)).body as any[];
    expect((await sum("issue")).map((r) => [r.key, r.duration, r.count])).toEqual([
      [a.id, 150, 2],
      [b.id, 45, 1],
    ]);
    expect((await sum("issue"))[0].name).toBe(`${p.identifier}-${a.sequence_id} Write the lexer`);
    expect((await sum("member")).map((r) => [r.key, r.name, r.duration])).toEqual([
      [ws.member.userId, "Max Member", 165],
      [ws.admin.userId, "Ada Admin", 30],
    ]);
    expect((await sum("cycle")).map((r) => [r.key, r.name, r.duration])).toEqual([
      [cycleId, "Sprint 7", 150],
      [null, "No cycle", 45],
    ]);
    expect((await sum("module")).map((r) => [r.key, r.name, r.duration])).toEqual([
      [moduleId, "Parser", 150],
      [null, "No module", 45],
    ]);
    expect((await sum("date")).map((r) => [r.key, r.duration])).toEqual([
      ["2026-03-04", 45],
      ["2026-03-03", 30],
      ["2026-03-02", 120],
    ]);
    expect((await sum("member", `&cycle=${cycleId}`)).map((r) => [r.key, r.duration])).toEqual([
      [ws.member.userId, 120],
      [ws.admin.userId, 30],
    ]);
    expect(await ws.member.get(`${p.base}/worklogs/summary/?group_by=label`)).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining("Invalid group_by") },
    });
  });

  it("exports the filtered logs as CSV and as XLSX", async () => {
    const csv = await ws.member.get(`${p.base}/worklogs/export/?format=csv&logged_by=${ws.member.userId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(
      new RegExp(`attachment; filename="worklogs-${p.identifier}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Work item,Title,Member,Minutes,Hours,Note,Cycle,Modules");
    expect(lines[1]).toBe(
      `2026-03-04,${p.identifier}-${b.sequence_id},"${b.name.replace(/"/g, '""')}",Max Member,45,0.75,"line one\nline two",,`,
    );
    expect(lines[2]).toBe(
      `2026-03-02,${p.identifier}-${a.sequence_id},Write the lexer,Max Member,120,2,"lexer, day one",Sprint 7,Parser`,
    );

    const xlsx = await fetch(`${t.url}${p.base}/worklogs/export/?format=xlsx`, {
      headers: { cookie: [...ws.member.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const rows = book
      .getWorksheet("Worklogs")!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(["Date", "Work item", "Title", "Member", "Minutes", "Hours", "Note", "Cycle", "Modules"]);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([
      ["2026-03-04", 45, 0.75],
      ["2026-03-03", 30, 0.5],
      ["2026-03-02", 120, 2],
    ]);
    expect(await ws.member.get(`${p.base}/worklogs/export/?format=pdf`)).toMatchObject({ status: 400 });
  });

  it("is for the project's members: guests and workspace members outside the private project are refused", async () => {
    expect(await ws.guest.get(`${p.base}/worklogs/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await ws.guest.get(`${p.base}/worklogs/export/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    const wsMember = await t.user({ firstName: "Wes", lastName: "Outside" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: wsMember.userId, role: 15 });
    expect(await wsMember.get(`${p.base}/worklogs/`)).toMatchObject({ status: 403, body: NOT_MEMBER });
    expect(await wsMember.get(`${p.base}/worklogs/summary/`)).toMatchObject({ status: 403, body: NOT_MEMBER });
  });
});

describe("API v1 and realtime", () => {
  beforeAll(async () => {
    await tracking(pr, true);
  });

  it("Plane's SDK logs, lists, changes and removes work logs; the project's totals per item; OpenAPI describes them", async () => {
    const key = await apiKeyFor(ws.member);
    const client = new PlaneClient({ baseUrl: t.url, apiKey: key.key });
    const item = await createItem(ws, pr);
    const made = await client.workItems.workLogs.create(ws.slug, pr.id, item.id, { duration: 50, description: "SDK" });
    expect(made).toMatchObject({
      duration: 50,
      description: "SDK",
      project_id: pr.id,
      workspace_id: ws.id,
      logged_by: ws.member.userId,
    });
    expect((await client.workItems.workLogs.list(ws.slug, pr.id, item.id)).map((w) => w.id)).toEqual([made.id]);
    expect(await client.workItems.workLogs.update(ws.slug, pr.id, item.id, made.id, { duration: 55 })).toMatchObject({
      duration: 55,
    });
    const totals = (await client.projects.getTotalWorkLogs(ws.slug, pr.id)) as { key: string; duration: number }[];
    expect(totals.find((r) => r.key === item.id)?.duration).toBe(55);
    await client.workItems.workLogs.delete(ws.slug, pr.id, item.id, made.id);
    expect(await client.workItems.workLogs.list(ws.slug, pr.id, item.id)).toEqual([]);
    // the issues/ spelling too, and v1's own 404 text
    const V1 = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}`;
    expect((await key.post(`${V1}/issues/${item.id}/worklogs/`, { duration: 5 })).status).toBe(201);
    expect(await key.get(`${V1}/issues/${item.id}/worklogs/00000000-0000-4000-8000-000000000000/`)).toMatchObject({
      status: 404,
      body: { error: "The requested resource does not exist." },
    });
    const doc = (await t.anon().get("/api/v1/openapi.json")).body;
    for (const path of [
      "/work-items/{issueId}/worklogs/",
      "/work-items/{issueId}/worklogs/{worklogId}/",
      "/work-items/{issueId}/worklogs/summary/",
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1/workspaces/{slug}/projects/{projectId}${path}`);
    }
    expect(
      doc.paths["/api/v1/workspaces/{slug}/projects/{projectId}/work-items/{issueId}/worklogs/"].post.requestBody,
    ).toBeTruthy();
    expect(Object.keys(doc.paths)).toContain("/api/v1/workspaces/{slug}/projects/{projectId}/worklogs/summary/");
  });

  it("a log published live on the project's stream with its item", async () => {
    const item = await createItem(ws, pr);
    const l = await LiveClient.open(t.url, ws.member);
    try {
      expect(await l.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
      const made = await log(ws.admin, item.id, { duration: 7 });
      const ev = await l.waitFor((m) => m.type === "event" && (m as any).event?.t === "issue_worklogs");
      expect((ev as any).event).toMatchObject({ t: "issue_worklogs", id: made.id, op: "insert", p: pr.id, i: item.id });
    } finally {
      l.close();
    }
  });
});

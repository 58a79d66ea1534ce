import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlaneClient } from "@makeplane/plane-node-sdk";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let member: ApiKeyClient;
let guest: ApiKeyClient;
let P: string;

const FORBIDDEN = { error: "You don't have the required permissions." };
const V1_NOT_FOUND = { error: "The requested resource does not exist." };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  [member, guest] = await Promise.all([apiKeyFor(ws.member), apiKeyFor(ws.guest)]);
  P = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}`;
});
afterAll(async () => {
  await t?.close();
});

async function item(name: string): Promise<string> {
  const r = await member.post(`${P}/work-items/`, { name });
  expect(r.status).toBe(201);
  return r.body.id;
}

describe("v1 cycles", () => {
  it("create (201, all columns + counts), list by cycle_view, get, patch, cycle issues, transfer, delete", async () => {
    const made = await member.post(`${P}/cycles/`, { name: "Sprint 1", start_date: day(-3), end_date: day(3) });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Sprint 1",
      project: pr.id,
      workspace: ws.id,
      total_issues: 0,
      archived_at: null,
    });
    const id = made.body.id;
    expect((await member.get(`${P}/cycles/?cycle_view=current`)).body.results.map((c: { id: string }) => c.id)).toEqual(
      [id],
    );
    expect((await member.get(`${P}/cycles/?cycle_view=upcoming`)).body.results).toEqual([]);
    expect((await member.patch(`${P}/cycles/${id}/`, { name: "Sprint One" })).body.name).toBe("Sprint One");

    const [a, b] = [await item("in cycle A"), await item("in cycle B")];
    const added = await member.post(`${P}/cycles/${id}/cycle-issues/`, { issues: [a, b] });
    expect(added.status).toBe(200);
    expect(added.body.map((r: { issue: string }) => r.issue).sort()).toEqual([a, b].sort());
    expect(added.body[0]).toMatchObject({ cycle: id });
    const listed = await member.get(`${P}/cycles/${id}/cycle-issues/`);
    expect(listed.body.total_count).toBe(2);
    expect(listed.body.results.map((r: { name: string }) => r.name).sort()).toEqual(["in cycle A", "in cycle B"]);
    expect((await member.get(`${P}/cycles/${id}/`)).body.total_issues).toBe(2);
    expect(await guest.post(`${P}/cycles/${id}/cycle-issues/`, { issues: [a] })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });

    expect((await member.delete(`${P}/cycles/${id}/cycle-issues/${a}/`)).status).toBe(204);
    expect((await member.get(`${P}/cycles/${id}/cycle-issues/`)).body.total_count).toBe(1);

    // an ended cycle transfers its open items, then archives and comes back
    const ended = (await member.post(`${P}/cycles/`, { name: "Old", start_date: day(-20), end_date: day(-10) })).body
      .id;
    const c = await item("carried over");
    await t.db.db.execute(
      `INSERT INTO cycle_issues (cycle, issue, project, workspace) VALUES ('${ended}', '${c}', '${pr.id}', '${ws.id}')`,
    );
    const moved = await member.post(`${P}/cycles/${ended}/transfer-issues/`, { new_cycle_id: id });
    expect(moved.status).toBe(200);
    expect((await member.get(`${P}/cycles/${id}/cycle-issues/`)).body.total_count).toBe(2);
    expect((await member.post(`${P}/cycles/${ended}/archive/`)).status).toBe(204);
    expect((await member.get(`${P}/archived-cycles/`)).body.results.map((x: { id: string }) => x.id)).toEqual([ended]);
    expect((await member.delete(`${P}/archived-cycles/${ended}/unarchive/`)).status).toBe(204);
    expect((await member.get(`${P}/archived-cycles/`)).body.results).toEqual([]);

    expect((await member.delete(`${P}/cycles/${ended}/`)).status).toBe(204);
    expect(await member.get(`${P}/cycles/${ended}/`)).toMatchObject({ status: 404, body: V1_NOT_FOUND });
  });
});

describe("v1 modules", () => {
  it("create (201, members + counts), list, get, patch, module issues, archive and restore, delete", async () => {
    const made = await member.post(`${P}/modules/`, {
      name: "Payments",
      members: [ws.member.userId],
      status: "in-progress",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Payments",
      members: [ws.member.userId],
      status: "in-progress",
      project: pr.id,
      total_issues: 0,
    });
    const id = made.body.id;
    expect((await member.get(`${P}/modules/`)).body.results.map((m: { id: string }) => m.id)).toContain(id);
    expect((await member.patch(`${P}/modules/${id}/`, { name: "Billing" })).body.name).toBe("Billing");

    const a = await item("module item");
    const added = await member.post(`${P}/modules/${id}/module-issues/`, { issues: [a] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject([{ module: id, issue: a }]);
    expect(
      (await member.get(`${P}/modules/${id}/module-issues/`)).body.results.map((r: { id: string }) => r.id),
    ).toEqual([a]);
    expect((await member.get(`${P}/modules/${id}/`)).body.total_issues).toBe(1);
    expect((await member.delete(`${P}/modules/${id}/module-issues/${a}/`)).status).toBe(204);
    expect((await member.get(`${P}/modules/${id}/module-issues/`)).body.total_count).toBe(0);

    await member.patch(`${P}/modules/${id}/`, { status: "completed" });
    expect((await member.post(`${P}/modules/${id}/archive/`)).status).toBe(204);
    expect((await member.get(`${P}/archived-modules/`)).body.results.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await member.delete(`${P}/archived-modules/${id}/unarchive/`)).status).toBe(204);
    expect(await guest.delete(`${P}/modules/${id}/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await member.delete(`${P}/modules/${id}/`)).status).toBe(204);
  });

  it("works through Plane's Node SDK", async () => {
    const client = new PlaneClient({ baseUrl: t.url, apiKey: member.key });
    const cycle = await client.cycles.create(ws.slug, pr.id, {
      name: "SDK sprint",
      start_date: day(1),
      end_date: day(8),
      project_id: pr.id,
      owned_by: ws.member.userId,
    });
    const wi = await item("sdk planned");
    await client.cycles.addWorkItemsToCycle(ws.slug, pr.id, cycle.id, [wi]);
    const inCycle = await client.cycles.listWorkItemsInCycle(ws.slug, pr.id, cycle.id);
    expect(inCycle.results.map((w) => w.id)).toEqual([wi]);
    const mod = await client.modules.create(ws.slug, pr.id, { name: "SDK module" });
    await client.modules.addWorkItemsToModule(ws.slug, pr.id, mod.id, [wi]);
    const inModule = await client.modules.listWorkItemsInModule(ws.slug, pr.id, mod.id);
    expect(inModule.results.map((w) => w.id)).toEqual([wi]);
    await client.modules.removeWorkItemFromModule(ws.slug, pr.id, mod.id, wi);
    await client.cycles.removeWorkItemFromCycle(ws.slug, pr.id, cycle.id, wi);
    expect((await client.cycles.listWorkItemsInCycle(ws.slug, pr.id, cycle.id)).results).toEqual([]);
  });
});

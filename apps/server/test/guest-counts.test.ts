import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

/**
 * Guests see counts only of what they may see (issue #24 point 17): in a project whose guests see only the items they
 * created, every count a guest reads — project stats, the cycle list and detail, cycle progress and analytics, the
 * workspace's cycle lists, the v1 cycles and project summary, the project list's intake count — counts their items
 * alone, as their lists show them; members count everything.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let cycleId: string;
let moduleId: string;
let guestKey: ApiKeyClient;
let memberKey: ApiKeyClient;
/** A workspace member who is not in the (public) project. */
let bystander: Client;

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
  cycleId = (await ws.admin.post(`${pr.base}/cycles/`, { name: "Now", start_date: day(-3), end_date: day(3) })).body.id;
  const ids: string[] = [];
  for (const [name, state] of [
    ["Admin A", "Todo"],
    ["Admin B", "Done"],
    ["Admin C", "In Progress"],
    ["Guest's", "Done"],
  ] as const) {
    const r = await ws.admin.post(`${pr.base}/issues/`, {
      name,
      state_id: pr.states[state],
      assignee_ids: [ws.admin.userId],
    });
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  // the last item is the guest's (as if they made it while a member): it is the one item they see
  await t.db.db.update(schema.issues).set({ createdById: ws.guest.userId }).where(eq(schema.issues.id, ids[3]));
  expect((await ws.admin.post(`${pr.base}/cycles/${cycleId}/cycle-issues/`, { issues: ids })).status).toBe(201);
  moduleId = (await ws.admin.post(`${pr.base}/modules/`, { name: "Mod", start_date: day(-3), target_date: day(3) }))
    .body.id;
  expect((await ws.admin.post(`${pr.base}/modules/${moduleId}/issues/`, { issues: ids })).status).toBeLessThan(300);
  // intake: two requests of the member, one of the guest
  for (const [c, name] of [
    [ws.member, "m1"],
    [ws.member, "m2"],
    [ws.guest, "g1"],
  ] as const) {
    expect((await c.post(`${pr.base}/inbox-issues/`, { issue: { name } })).status).toBe(200);
  }
  guestKey = await apiKeyFor(ws.guest);
  memberKey = await apiKeyFor(ws.member);
  bystander = await t.user();
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: bystander.userId, role: 15 });
});
afterAll(async () => {
  await t?.close();
});

/** What `c` reads of the cycle everywhere it is counted: list, detail, archived-free workspace lists, progress, analytics. */
async function cycleTotals(c: Client): Promise<number[]> {
  const W = `/api/workspaces/${ws.slug}`;
  const list = (await c.get(`${pr.base}/cycles/`)).body.find((x: { id: string }) => x.id === cycleId);
  const detail = (await c.get(`${pr.base}/cycles/${cycleId}/`)).body;
  const wsList = (await c.get(`${W}/cycles/`)).body.find((x: { id: string }) => x.id === cycleId);
  const active = (await c.get(`${W}/active-cycles/?per_page=10&cursor=10:0:0`)).body.results.find(
    (x: { id: string }) => x.id === cycleId,
  );
  const progress = (await c.get(`${pr.base}/cycles/${cycleId}/progress/`)).body;
  const analytics = (await c.get(`${pr.base}/cycles/${cycleId}/analytics/?type=issues`)).body;
  const byAssignee = analytics.assignees.reduce((s: number, a: { total_issues: number }) => s + a.total_issues, 0);
  return [
    list.total_issues,
    list.completed_issues,
    detail.total_issues,
    wsList.total_issues,
    active.total_issues,
    active.progress.total_issues,
    progress.total_issues,
    progress.completed_issues,
    byAssignee,
  ];
}

describe("counts follow what the caller may see", () => {
  it("cycle counts: a guest counts only their own item, a member every item", async () => {
    expect(await cycleTotals(ws.member)).toEqual([4, 2, 4, 4, 4, 4, 4, 2, 4]);
    expect(await cycleTotals(ws.guest)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it("module counts and distributions", async () => {
    const totals = async (c: Client) => {
      const list = (await c.get(`${pr.base}/modules/`)).body.find((x: { id: string }) => x.id === moduleId);
      const detail = (await c.get(`${pr.base}/modules/${moduleId}/`)).body;
      const wsList = (await c.get(`/api/workspaces/${ws.slug}/modules/`)).body.find(
        (x: { id: string }) => x.id === moduleId,
      );
      const byAssignee = detail.distribution.assignees.reduce(
        (n: number, a: { total_issues: number }) => n + a.total_issues,
        0,
      );
      return [list.total_issues, list.completed_issues, detail.total_issues, wsList.total_issues, byAssignee];
    };
    expect(await totals(ws.member)).toEqual([4, 2, 4, 4, 4]);
    expect(await totals(ws.guest)).toEqual([1, 1, 1, 1, 1]);
    const v1 = async (k: ApiKeyClient) =>
      (await k.get(`/api/v1/workspaces/${ws.slug}/projects/${pr.id}/modules/${moduleId}/`)).body.total_issues;
    expect([await v1(memberKey), await v1(guestKey)]).toEqual([4, 1]);
  });

  it("v1 cycles and the v1 project summary", async () => {
    const V1 = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}`;
    const total = async (k: ApiKeyClient) => [
      (await k.get(`${V1}/cycles/`)).body.results.find((x: { id: string }) => x.id === cycleId).total_issues,
      (await k.get(`${V1}/cycles/${cycleId}/`)).body.total_issues,
      (await k.get(`${V1}/summary/`)).body.counts.issues,
    ];
    // the summary's `issues` counts the intake requests too (3, one the guest's)
    expect(await total(memberKey)).toEqual([4, 4, 7]);
    expect(await total(guestKey)).toEqual([1, 1, 2]);
  });

  it("project stats", async () => {
    const stats = async (c: Client) =>
      (await c.get(`/api/workspaces/${ws.slug}/project-stats/?project_ids=${pr.id}`)).body[0];
    // project stats count the intake requests as items too (3, one the guest's)
    expect(await stats(ws.member)).toMatchObject({ total_issues: 7, completed_issues: 2 });
    expect(await stats(ws.guest)).toMatchObject({ total_issues: 2, completed_issues: 1 });
  });

  it("intake counts: all for members, a guest's own requests, none for who is not in the project", async () => {
    const count = async (c: Client) =>
      (await c.get(`/api/workspaces/${ws.slug}/projects/`)).body.find((p: { id: string }) => p.id === pr.id)
        ?.intake_count;
    expect(await count(ws.member)).toBe(3);
    expect(await count(ws.guest)).toBe(1);
    expect(await count(bystander)).toBe(0);
    // and the intake's own pending count
    expect((await ws.member.get(`${pr.base}/intakes/`)).body.pending_issue_count).toBe(3);
    expect((await ws.guest.get(`${pr.base}/intakes/`)).body.pending_issue_count).toBe(1);
  });

  it("a guest whose project lets guests see every item counts every item", async () => {
    await t.db.db
      .update(schema.projects)
      .set({ guestViewAllFeatures: true })
      .where(inArray(schema.projects.id, [pr.id]));
    try {
      expect(await cycleTotals(ws.guest)).toEqual([4, 2, 4, 4, 4, 4, 4, 2, 4]);
    } finally {
      await t.db.db.update(schema.projects).set({ guestViewAllFeatures: false }).where(eq(schema.projects.id, pr.id));
    }
  });
});

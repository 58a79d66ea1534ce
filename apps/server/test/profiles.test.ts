import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertCycle, insertIssues } from "./helpers/issue-fixtures.ts";

/** People's profiles (platform.md §7): user-stats, user-profile, user-activity (+ export), user-issues tabs. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;

let current: string;

const W = () => `/api/workspaces/${ws.slug}`;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Web", identifier: "WEB" });
  other = await projectFixture(t, ws, { name: "Mobile", identifier: "MOB" });
  // the guest sees only their own items in Web; Mobile lets guests see everything
  await t.db.db.update(schema.projects).set({ guestViewAllFeatures: true }).where(eq(schema.projects.id, other.id));
  current = await insertCycle({ t, ws, pr }, "Current sprint");
  await t.db.db
    .update(schema.cycles)
    .set({ startDate: new Date(Date.now() - 86400_000), endDate: new Date(Date.now() + 86400_000) })
    .where(eq(schema.cycles.id, current));
  const m = ws.member.userId;
  await insertIssues({ t, ws, pr }, [
    { name: "Assigned backlog", priority: "high", assignees: [m], cycle: current },
    { name: "Assigned done", state: "Done", priority: "low", assignees: [m] },
    { name: "Created by member", createdBy: m, priority: "urgent" },
    { name: "Subscribed only", subscribers: [m] },
    { name: "Someone else's" },
    { name: "Archived assigned", assignees: [m], archivedAt: "2025-01-05" },
    { name: "Triage assigned", assignees: [m], state: "Triage" },
  ]);
  await insertIssues({ t, ws, pr: other }, [
    { name: "Mobile assigned", assignees: [m], state: "In Progress", priority: "medium" },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("GET W/user-stats/{userId}/", () => {
  it("counts the person's created, assigned, completed, pending and subscribed items, with distributions and cycles", async () => {
    const res = await ws.admin.get(`${W()}/user-stats/${ws.member.userId}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created_issues: 1,
      assigned_issues: 3,
      completed_issues: 1,
      pending_issues: 2,
      subscribed_issues: 1,
      state_distribution: [
        { state_group: "backlog", state_count: 1 },
        { state_group: "completed", state_count: 1 },
        { state_group: "started", state_count: 1 },
      ],
      priority_distribution: [
        { priority: "high", priority_count: 1 },
        { priority: "low", priority_count: 1 },
        { priority: "medium", priority_count: 1 },
      ],
      upcoming_cycles: [],
    });
    expect(res.body.present_cycles).toEqual([
      { cycle__name: "Current sprint", cycle__id: current, cycle__project_id: pr.id },
    ]);
  });

  it("counts for a guest only what the guest may see", async () => {
    const res = await ws.guest.get(`${W()}/user-stats/${ws.member.userId}/`);
    expect(res.status).toBe(200);
    // Web shows the guest only their own items: only Mobile's item is left
    expect(res.body).toMatchObject({ assigned_issues: 1, created_issues: 0, subscribed_issues: 0, pending_issues: 1 });
  });

  it("404s for someone outside the workspace, 403s for outsiders", async () => {
    expect((await ws.admin.get(`${W()}/user-stats/${ws.outsider.userId}/`)).status).toBe(404);
    expect((await ws.admin.get(`${W()}/user-stats/not-a-uuid/`)).status).toBe(404);
    expect((await ws.outsider.get(`${W()}/user-stats/${ws.member.userId}/`)).status).toBe(403);
    expect((await ws.anon.get(`${W()}/user-stats/${ws.member.userId}/`)).status).toBe(401);
  });
});

describe("GET W/user-profile/{userId}/", () => {
  it("gives the person's details and their counts in each of the caller's projects", async () => {
    const res = await ws.admin.get(`${W()}/user-profile/${ws.member.userId}/`);
    expect(res.status).toBe(200);
    expect(res.body.user_data).toMatchObject({
      id: ws.member.userId,
      first_name: "Max",
      last_name: "Member",
      role: 15,
    });
    expect(res.body.user_data.email).toContain("@");
    const byName = Object.fromEntries(res.body.project_data.map((p: { name: string }) => [p.name, p]));
    expect(byName.Web).toMatchObject({
      id: pr.id,
      identifier: "WEB",
      created_issues: 1,
      assigned_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
    });
    expect(byName.Mobile).toMatchObject({ assigned_issues: 1, pending_issues: 1, completed_issues: 0 });
  });

  it("hides the email from guests", async () => {
    const res = await ws.guest.get(`${W()}/user-profile/${ws.member.userId}/`);
    expect(res.status).toBe(200);
    expect(res.body.user_data.email).toBeNull();
  });
});

describe("GET W/user-activity/{userId}/", () => {
  let mobileItem: string;
  beforeAll(async () => {
    // the member changes things through the API: that is their activity
    const created = await ws.member.post(`${pr.base}/issues/`, { name: "Made by the member" });
    expect(created.status).toBe(201);
    expect((await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, { priority: "high" })).status).toBe(204);
    const mob = await ws.member.post(`${other.base}/issues/`, { name: "Mobile by the member" });
    mobileItem = mob.body.id;
    // the guest is taken out of Mobile: they no longer see its activity
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(and(eq(schema.projectMembers.projectId, other.id), eq(schema.projectMembers.memberId, ws.guest.userId)));
  });

  it("pages the person's activity newest first in the activity shape", async () => {
    const res = await ws.admin.get(`${W()}/user-activity/${ws.member.userId}/?per_page=2`);
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(3);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.next_page_results).toBe(true);
    const [first] = res.body.results;
    expect(first).toMatchObject({ actor: ws.member.userId, issue: mobileItem, verb: "created", project: other.id });
    expect(first.actor_detail.id).toBe(ws.member.userId);
    expect(first.issue_detail.name).toBe("Mobile by the member");
    expect(first.project_detail.identifier).toBe("MOB");
    expect(first.workspace_detail.slug).toBe(ws.slug);
    const next = await ws.admin.get(
      `${W()}/user-activity/${ws.member.userId}/?per_page=2&cursor=${res.body.next_cursor}`,
    );
    expect(next.body.results).toHaveLength(1);
    expect(next.body.results[0]).toMatchObject({ verb: "created", issue_detail: { name: "Made by the member" } });
  });

  it("shows a caller only activity in their projects, on items they may see", async () => {
    const guest = await ws.guest.get(`${W()}/user-activity/${ws.member.userId}/`);
    expect(guest.status).toBe(200);
    // Web shows the guest only their own items; they left Mobile
    expect(guest.body.results).toEqual([]);
    expect((await ws.admin.get(`${W()}/user-activity/${ws.member.userId}/?cursor=bad`)).status).toBe(400);
  });

  it("exports the activity as CSV", async () => {
    const res = await ws.admin.post(`${W()}/user-activity/${ws.member.userId}/export/`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe("Date,Work item,Name,Project,Action,Property,Old value,New value");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("MOB-");
    expect(lines.some((l: string) => l.includes("priority") && l.includes("high"))).toBe(true);
    const day = await ws.admin.post(`${W()}/user-activity/${ws.member.userId}/export/`, { date: "2000-01-01" });
    expect(day.text.trim().split("\r\n")).toHaveLength(1);
    expect(
      (await ws.admin.post(`${W()}/user-activity/${ws.member.userId}/export/`, { date: "yesterday" })).status,
    ).toBe(400);
  });
});

describe("GET W/user-issues/{userId}/ (the profile tabs)", () => {
  it("lists the assigned, created and subscribed items through the list engine", async () => {
    const assigned = await ws.admin.get(
      `${W()}/user-issues/${ws.member.userId}/?assignees=${ws.member.userId}&per_page=50&cursor=50:0:0`,
    );
    expect(assigned.status).toBe(200);
    const names = (r: { body: { results: { name: string }[] } }) => r.body.results.map((i) => i.name).sort();
    expect(names(assigned)).toEqual(["Assigned backlog", "Assigned done", "Mobile assigned"]);
    const created = await ws.admin.get(
      `${W()}/user-issues/${ws.member.userId}/?created_by=${ws.member.userId}&per_page=50&cursor=50:0:0`,
    );
    expect(names(created)).toEqual(["Created by member", "Made by the member", "Mobile by the member"]);
    const subscribed = await ws.admin.get(
      `${W()}/user-issues/${ws.member.userId}/?subscriber=${ws.member.userId}&per_page=50&cursor=50:0:0`,
    );
    expect(names(subscribed)).toContain("Subscribed only");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_MEMBER = { detail: "You do not have permission to perform this action." };
const WORKSPACE_KEYS = [
  "background_color",
  "created_at",
  "created_by",
  "deleted_at",
  "id",
  "logo",
  "logo_asset",
  "logo_url",
  "name",
  "organization_size",
  "owner",
  "slug",
  "timezone",
  "total_members",
  "updated_at",
  "updated_by",
];

async function invite(
  ws: { id: string },
  email: string,
  role = 5,
  extra: Partial<typeof schema.workspaceInvitations.$inferInsert> = {},
) {
  const [inv] = await t.db.db
    .insert(schema.workspaceInvitations)
    .values({ workspaceId: ws.id, email, role, token: "tok-" + Math.random(), ...extra })
    .returning();
  return inv;
}

describe("GET /api/users/me/workspaces/", () => {
  it("lists the caller's active workspaces sorted by name with role and total_members", async () => {
    const ws = await workspaceFixture(t, "zz-" + Date.now());
    const [other] = await t.db.db
      .insert(schema.workspaces)
      .values({ name: "Aardvark", slug: "aa-" + Date.now(), ownerId: ws.member.userId })
      .returning();
    await t.db.db
      .insert(schema.workspaceMembers)
      .values({ workspaceId: other.id, memberId: ws.member.userId, role: 20 });
    const res = await ws.member.get("/api/users/me/workspaces/");
    expect(res.status).toBe(200);
    expect(res.body.map((w: any) => w.slug)).toEqual([other.slug, ws.slug]);
    expect(Object.keys(res.body[0]).sort()).toEqual([...WORKSPACE_KEYS, "role"].sort());
    expect(res.body[0]).toMatchObject({ role: 20, total_members: 1, name: "Aardvark" });
    expect(res.body[1]).toMatchObject({ role: 15, total_members: 3 });
  });

  it("omits workspaces the caller left; outsiders see none", async () => {
    const ws = await workspaceFixture(t);
    await ws.guest.post(`/api/workspaces/${ws.slug}/members/leave/`);
    expect((await ws.guest.get("/api/users/me/workspaces/")).body).toEqual([]);
    expect((await ws.outsider.get("/api/users/me/workspaces/")).body).toEqual([]);
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/users/me/workspaces/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("/api/users/me/workspaces/invitations/", () => {
  it("GET lists unanswered invitations addressed to the caller with the workspace nested", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const inv = await invite(ws, invitee.email, 15);
    await invite(ws, "someone-else@example.com", 5);
    const res = await invitee.get("/api/users/me/workspaces/invitations/");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      id: inv.id,
      email: invitee.email,
      accepted: false,
      role: 15,
      responded_at: null,
      token: inv.token,
      workspace: { id: ws.id, slug: ws.slug, name: ws.slug.toUpperCase(), logo_url: null, total_members: 3 },
      invite_link: `/workspace-invitations/?invitation_id=${inv.id}&slug=${ws.slug}&token=${encodeURIComponent(inv.token)}`,
    });
  });

  it("POST accepts invitations: memberships with the invited role, invitations removed, 204", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const inv = await invite(ws, invitee.email, 15);
    const res = await invitee.post("/api/users/me/workspaces/invitations/", { invitations: [inv.id] });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const [m] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, invitee.userId)));
    expect(m).toMatchObject({ role: 15, isActive: true });
    expect((await invitee.get("/api/users/me/workspaces/invitations/")).body).toEqual([]);
    const mine = await invitee.get("/api/users/me/workspaces/");
    expect(mine.body.map((w: any) => w.slug)).toEqual([ws.slug]);
    // The first joined workspace becomes the last workspace when none was set.
    expect((await invitee.get("/api/users/me/settings/")).body.workspace.last_workspace_slug).toBe(ws.slug);
  });

  it("POST reactivates a former member with the invited role", async () => {
    const ws = await workspaceFixture(t);
    await ws.member.post(`/api/workspaces/${ws.slug}/members/leave/`);
    const inv = await invite(ws, ws.member.email, 5);
    const res = await ws.member.post("/api/users/me/workspaces/invitations/", { invitations: [inv.id] });
    expect(res.status).toBe(204);
    const me = await ws.member.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 5, is_active: true });
  });

  it("POST ignores unknown ids and invitations addressed to someone else", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const notMine = await invite(ws, "third@example.com", 20);
    const res = await invitee.post("/api/users/me/workspaces/invitations/", {
      invitations: [notMine.id, "00000000-0000-4000-8000-000000000000"],
    });
    expect(res.status).toBe(204);
    expect((await invitee.get("/api/users/me/workspaces/")).body).toEqual([]);
    const still = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.id, notMine.id));
    expect(still).toHaveLength(1);
  });

  it("POST rejects malformed ids and bodies", async () => {
    const c = await t.user();
    const bad = await c.post("/api/users/me/workspaces/invitations/", { invitations: ["nope"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ "invitations.0": ["Must be a valid UUID."] });
    const notList = await c.post("/api/users/me/workspaces/invitations/", { invitations: "abc" });
    expect(notList.status).toBe(400);
    expect(notList.body).toEqual({ invitations: ["Expected a list of invitation ids."] });
    const json = await c.request("POST", "/api/users/me/workspaces/invitations/", "{", {
      "content-type": "application/json",
    });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
  });

  it("refuses anonymous callers", async () => {
    const a = t.anon();
    for (const res of [
      await a.get("/api/users/me/workspaces/invitations/"),
      await a.post("/api/users/me/workspaces/invitations/", { invitations: [] }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTH);
    }
  });
});

describe("GET /api/users/me/workspaces/:slug/project-roles/", () => {
  let ws: WorkspaceFixture;
  let projectId: string;
  beforeAll(async () => {
    ws = await workspaceFixture(t);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Roles", identifier: "ROLE" })
      .returning();
    const [p2] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Other", identifier: "OTH" })
      .returning();
    projectId = p.id;
    await t.db.db.insert(schema.projectMembers).values([
      { workspaceId: ws.id, projectId: p.id, memberId: ws.admin.userId, role: 20 },
      { workspaceId: ws.id, projectId: p.id, memberId: ws.member.userId, role: 15 },
      { workspaceId: ws.id, projectId: p.id, memberId: ws.guest.userId, role: 5 },
      { workspaceId: ws.id, projectId: p2.id, memberId: ws.member.userId, role: 15, isActive: false },
    ]);
  });

  it("maps each project the caller is an active member of to their role (role matrix)", async () => {
    const cases: [Client, number, unknown][] = [
      [ws.admin, 200, { [projectId]: 20 }],
      [ws.member, 200, { [projectId]: 15 }],
      [ws.guest, 200, { [projectId]: 5 }],
      [ws.outsider, 403, NOT_MEMBER],
      [ws.anon, 401, UNAUTH],
    ];
    for (const [c, status, body] of cases) {
      const res = await c.get(`/api/users/me/workspaces/${ws.slug}/project-roles/`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    }
  });

  it("404s for an unknown workspace", async () => {
    const res = await ws.admin.get("/api/users/me/workspaces/no-such-ws/project-roles/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "The required object does not exist." });
  });
});

describe("GET /api/users/last-visited-workspace/", () => {
  it("is empty without a last workspace", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/last-visited-workspace/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workspace_details: {}, project_details: [] });
  });

  it("follows the profile's last_workspace_id and lists the caller's project memberships", async () => {
    const ws = await workspaceFixture(t);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Visited", identifier: "VIS" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: ws.member.userId, role: 15 });
    await ws.member.patch("/api/users/me/profile/", { last_workspace_id: ws.id });
    const res = await ws.member.get("/api/users/last-visited-workspace/");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.workspace_details).sort()).toEqual(WORKSPACE_KEYS);
    expect(res.body.workspace_details).toMatchObject({ id: ws.id, slug: ws.slug, total_members: 3 });
    expect(res.body.project_details).toHaveLength(1);
    expect(res.body.project_details[0]).toMatchObject({
      role: 15,
      member: { id: ws.member.userId },
      workspace: { id: ws.id, slug: ws.slug },
      project: { id: p.id, identifier: "VIS", name: "Visited" },
    });
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/users/last-visited-workspace/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

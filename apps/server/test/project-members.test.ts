import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let other: WorkspaceFixture;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const MEMBER_NOT_FOUND = { error: "Member not found" };
const ROLE_KEYS = ["created_at", "id", "member", "original_role", "project", "role"];
const FULL_KEYS = [
  "comment",
  "created_at",
  "created_by",
  "default_props",
  "deleted_at",
  "id",
  "is_active",
  "member",
  "preferences",
  "project",
  "role",
  "sort_order",
  "updated_at",
  "updated_by",
  "view_props",
  "workspace",
];

async function addWsMember(w: WorkspaceFixture, role: number, firstName = "Extra"): Promise<Client> {
  const c = await t.user({ firstName });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: w.id, memberId: c.userId, role });
  return c;
}

async function membership(projectId: string, userId: string) {
  const [m] = await t.db.db
    .select()
    .from(schema.projectMembers)
    .where(and(eq(schema.projectMembers.projectId, projectId), eq(schema.projectMembers.memberId, userId)));
  return m;
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  other = await workspaceFixture(t);
});
afterAll(async () => {
  await t?.close();
});

describe("GET P/members/", () => {
  it("lists active, non-bot members still active in the workspace", async () => {
    const p = await projectFixture(t, ws);
    const bot = await t.user({ isBot: true });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: bot.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: bot.userId, role: 15 });
    const gone = await addWsMember(ws, 15, "Gone");
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: gone.userId, role: 15, isActive: false });
    const res = await ws.guest.get(`${p.base}/members/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(ROLE_KEYS);
    expect(res.body.map((m: any) => [m.member, m.role, m.original_role, m.project]).sort()).toEqual(
      [
        [ws.admin.userId, 20, 20, p.id],
        [ws.member.userId, 15, 15, p.id],
        [ws.guest.userId, 5, 5, p.id],
      ].sort(),
    );
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const loner = await addWsMember(ws, 15, "Lone");
    for (const c of [ws.admin, ws.member, ws.guest]) expect((await c.get(`${p.base}/members/`)).status).toBe(200);
    for (const [c, status, body] of [
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.get(`${p.base}/members/`);
      expect([r.status, r.body]).toEqual([status, body]);
    }
  });
});

describe("POST P/members/", () => {
  it("adds workspace members with roles (201) and re-activates a removed member", async () => {
    const p = await projectFixture(t, ws);
    const a = await addWsMember(ws, 15, "Anna");
    const b = await addWsMember(ws, 5, "Ben");
    const res = await ws.admin.post(`${p.base}/members/`, {
      members: [
        { member_id: a.userId, role: 20 },
        { member_id: b.userId, role: 5 },
      ],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body[0]).sort()).toEqual(ROLE_KEYS);
    expect(res.body.map((m: any) => [m.member, m.role])).toEqual([
      [a.userId, 20],
      [b.userId, 5],
    ]);
    expect((await a.get(`${p.base}/`)).body.member_role).toBe(20);
    // Remove then re-add: the same membership row comes back active with the new role.
    const before = await membership(p.id, b.userId);
    expect((await ws.admin.delete(`${p.base}/members/${before.id}/`)).status).toBe(204);
    expect((await b.get(`${p.base}/members/`)).status).toBe(403);
    const again = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: b.userId }] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual([
      { id: before.id, role: 5, member: b.userId, project: p.id, original_role: 5, created_at: expect.any(String) },
    ]);
    expect((await membership(p.id, b.userId)).isActive).toBe(true);
  });

  it("a workspace guest can only be a project guest", async () => {
    const p = await projectFixture(t, ws);
    const g = await addWsMember(ws, 5, "Gia");
    for (const role of [15, 20]) {
      const res = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: g.userId, role }] });
      expect([res.status, res.body]).toEqual([
        400,
        { error: "You cannot add a user with role higher than the workspace role", member_id: g.userId },
      ]);
    }
    expect(await membership(p.id, g.userId)).toBeUndefined();
    // Promoting the existing project guest (a workspace guest) is refused too.
    const promote = await ws.admin.patch(`${p.base}/members/${ws.guest.userId}/`, { role: 15 });
    expect([promote.status, promote.body]).toEqual([
      400,
      { error: "You cannot add a user with role higher than the workspace role" },
    ]);
  });

  it("refuses non-members of the workspace, an empty list, bad roles and ids, and demoting the last admin", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: other.member.userId, role: 15 }] });
    expect([res.status, res.body]).toEqual([
      400,
      { error: "The user is not an active member of this workspace", member_id: other.member.userId },
    ]);
    const empty = await ws.admin.post(`${p.base}/members/`, { members: [] });
    expect([empty.status, empty.body]).toEqual([400, { error: "At least one member is required" }]);
    const missing = await ws.admin.post(`${p.base}/members/`, {});
    expect([missing.status, missing.body]).toEqual([400, { members: ["This field is required."] }]);
    const bad = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: "x", role: 7 }] });
    expect([bad.status, bad.body]).toEqual([
      400,
      { "members.0.member_id": ["Must be a valid UUID."], "members.0.role": ['"7" is not a valid choice.'] },
    ]);
    const last = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: ws.admin.userId, role: 15 }] });
    expect([last.status, last.body]).toEqual([400, { error: "The project must keep at least one admin" }]);
    const malformed = await ws.admin.request("POST", `${p.base}/members/`, "{", { "content-type": "application/json" });
    expect(malformed.status).toBe(400);
  });

  it("role matrix: project admins and workspace admins add members", async () => {
    const p = await projectFixture(t, ws);
    const wsAdmin = await addWsMember(ws, 20, "Boss");
    const loner = await addWsMember(ws, 15, "Lone");
    const target = await addWsMember(ws, 15, "Target");
    const body = { members: [{ member_id: target.userId, role: 15 }] };
    expect((await ws.admin.post(`${p.base}/members/`, body)).status).toBe(201);
    expect((await wsAdmin.post(`${p.base}/members/`, body)).status).toBe(201);
    for (const [c, status, b] of [
      [ws.member, 403, FORBIDDEN],
      [ws.guest, 403, FORBIDDEN],
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.post(`${p.base}/members/`, body);
      expect([r.status, r.body]).toEqual([status, b]);
    }
  });
});

describe("PATCH P/members/:id/", () => {
  it("changes a role by membership id or user id and returns the full member", async () => {
    const p = await projectFixture(t, ws);
    const m = await membership(p.id, ws.member.userId);
    const res = await ws.admin.patch(`${p.base}/members/${m.id}/`, { role: 20 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      id: m.id,
      role: 20,
      is_active: true,
      member: { id: ws.member.userId },
      project: { id: p.id },
      workspace: { id: ws.id, slug: ws.slug },
    });
    const byUser = await ws.admin.patch(`${p.base}/members/${ws.member.userId}/`, { role: 15 });
    expect([byUser.status, byUser.body.role]).toEqual([200, 15]);
  });

  it("never demotes the last admin; members cannot change their own role unless workspace admin", async () => {
    const p = await projectFixture(t, ws);
    const wsAdmin = await addWsMember(ws, 20, "Chief");
    const self = await ws.admin.patch(`${p.base}/members/${ws.admin.userId}/`, { role: 15 });
    // ws.admin is a workspace admin: own role allowed, but it is the last project admin.
    expect([self.status, self.body]).toEqual([400, { error: "The project must keep at least one admin" }]);
    const lead = await addWsMember(ws, 15, "Lead");
    await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: lead.userId, role: 20 }] });
    const own = await lead.patch(`${p.base}/members/${lead.userId}/`, { role: 15 });
    expect([own.status, own.body]).toEqual([400, { error: "You cannot update your own role" }]);
    // With a second admin, demoting the first is fine.
    expect((await wsAdmin.patch(`${p.base}/members/${ws.admin.userId}/`, { role: 15 })).status).toBe(200);
    const last = await wsAdmin.patch(`${p.base}/members/${lead.userId}/`, { role: 5 });
    expect([last.status, last.body]).toEqual([400, { error: "The project must keep at least one admin" }]);
  });

  it("answers Member not found for unknown, removed, foreign and malformed ids; validates the role", async () => {
    const p = await projectFixture(t, ws);
    const q = await projectFixture(t, ws);
    const foreign = await membership(q.id, ws.member.userId);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", foreign.id, ws.outsider.userId]) {
      const r = await ws.admin.patch(`${p.base}/members/${id}/`, { role: 15 });
      expect([r.status, r.body]).toEqual([404, MEMBER_NOT_FOUND]);
    }
    const bad = await ws.admin.patch(`${p.base}/members/${ws.member.userId}/`, { role: "admin" });
    expect([bad.status, bad.body]).toEqual([400, { role: ['"admin" is not a valid choice.'] }]);
    const none = await ws.admin.patch(`${p.base}/members/${ws.member.userId}/`, {});
    expect([none.status, none.body]).toEqual([400, { role: ["This field is required."] }]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const loner = await addWsMember(ws, 15, "Lone");
    expect((await ws.admin.patch(`${p.base}/members/${ws.member.userId}/`, { role: 15 })).status).toBe(200);
    for (const [c, status, b] of [
      [ws.member, 403, FORBIDDEN],
      [ws.guest, 403, FORBIDDEN],
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.patch(`${p.base}/members/${ws.guest.userId}/`, { role: 5 });
      expect([r.status, r.body]).toEqual([status, b]);
    }
  });
});

describe("DELETE P/members/:id/", () => {
  it("deactivates a member (204); refuses removing oneself and the last admin", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.admin.delete(`${p.base}/members/${ws.member.userId}/`);
    expect([res.status, res.text]).toEqual([204, ""]);
    expect((await membership(p.id, ws.member.userId)).isActive).toBe(false);
    const again = await ws.admin.delete(`${p.base}/members/${ws.member.userId}/`);
    expect([again.status, again.body]).toEqual([404, MEMBER_NOT_FOUND]);
    const self = await ws.admin.delete(`${p.base}/members/${ws.admin.userId}/`);
    expect([self.status, self.body]).toEqual([
      400,
      { error: "You cannot remove yourself from the project. Please use leave project" },
    ]);
    const wsAdmin = await addWsMember(ws, 20, "Root");
    const last = await wsAdmin.delete(`${p.base}/members/${ws.admin.userId}/`);
    expect([last.status, last.body]).toEqual([400, { error: "The project must keep at least one admin" }]);
    const bad = await ws.admin.delete(`${p.base}/members/xyz/`);
    expect([bad.status, bad.body]).toEqual([404, MEMBER_NOT_FOUND]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const loner = await addWsMember(ws, 15, "Lone");
    for (const [c, status, b] of [
      [ws.member, 403, FORBIDDEN],
      [ws.guest, 403, FORBIDDEN],
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.delete(`${p.base}/members/${ws.guest.userId}/`);
      expect([r.status, r.body]).toEqual([status, b]);
    }
    expect((await ws.admin.delete(`${p.base}/members/${ws.guest.userId}/`)).status).toBe(204);
  });
});

describe("POST P/members/leave/", () => {
  it("lets members leave (204) but not the only admin", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.post(`${p.base}/members/leave/`);
    expect([res.status, res.text]).toEqual([204, ""]);
    expect((await ws.member.get(`${p.base}/members/`)).status).toBe(403);
    const guest = await ws.guest.post(`${p.base}/members/leave/`);
    expect(guest.status).toBe(204);
    const admin = await ws.admin.post(`${p.base}/members/leave/`);
    expect([admin.status, admin.body]).toEqual([
      400,
      {
        error:
          "You cannot leave the project as you are the only admin of the project. Please delete the project or make another member an admin first",
      },
    ]);
    const again = await ws.member.post(`${p.base}/members/leave/`);
    expect([again.status, again.body]).toEqual([403, DENIED]);
    const o = await ws.outsider.post(`${p.base}/members/leave/`);
    expect([o.status, o.body]).toEqual([403, DENIED]);
    const a = await ws.anon.post(`${p.base}/members/leave/`);
    expect([a.status, a.body]).toEqual([401, UNAUTH]);
  });
});

describe("GET P/project-members/me/", () => {
  it("returns the caller's membership with nested workspace, project and member", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.get(`${p.base}/project-members/me/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      role: 15,
      is_active: true,
      comment: null,
      view_props: {},
      default_props: {},
      sort_order: 65535,
      deleted_at: null,
      preferences: { pages: { block_display: true }, navigation: { default_tab: "work_items", hide_in_more_menu: [] } },
    });
    expect(res.body.workspace).toEqual({ id: ws.id, name: ws.slug.toUpperCase(), slug: ws.slug, logo_url: null });
    expect(res.body.project).toEqual({
      id: p.id,
      identifier: p.identifier,
      name: `Project ${p.identifier}`,
      cover_image: null,
      cover_image_url: null,
      logo_props: {},
      description: "",
    });
    expect(res.body.member).toEqual({
      id: ws.member.userId,
      first_name: "Max",
      last_name: "Member",
      avatar: "",
      avatar_url: null,
      is_bot: false,
      display_name: expect.any(String),
    });
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const loner = await addWsMember(ws, 20, "WsAdminNotInProject");
    for (const [c, role] of [
      [ws.admin, 20],
      [ws.member, 15],
      [ws.guest, 5],
    ] as const) {
      const r = await c.get(`${p.base}/project-members/me/`);
      expect([r.status, r.body.role]).toEqual([200, role]);
    }
    for (const [c, status, b] of [
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.get(`${p.base}/project-members/me/`);
      expect([r.status, r.body]).toEqual([status, b]);
    }
  });
});

describe("project roles follow workspace roles", () => {
  it("demoting a workspace member to guest makes them a guest in every project", async () => {
    const w = await workspaceFixture(t);
    const p1 = await projectFixture(t, w);
    const p2 = await projectFixture(t, w);
    await w.admin.patch(`${p2.base}/members/${w.member.userId}/`, { role: 20 });
    const [wm] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(and(eq(schema.workspaceMembers.workspaceId, w.id), eq(schema.workspaceMembers.memberId, w.member.userId)));
    const demote = await w.admin.patch(`/api/workspaces/${w.slug}/members/${wm.id}/`, { role: 5 });
    expect(demote.status).toBe(200);
    expect((await w.member.get(`${p1.base}/project-members/me/`)).body.role).toBe(5);
    expect((await w.member.get(`${p2.base}/project-members/me/`)).body.role).toBe(5);
    // And they can no longer write states.
    const write = await w.member.post(`${p1.base}/states/`, { name: "Nope", color: "#000000" });
    expect([write.status, write.body]).toEqual([403, FORBIDDEN]);
    const promote = await w.admin.patch(`${p1.base}/members/${w.member.userId}/`, { role: 15 });
    expect([promote.status, promote.body]).toEqual([
      400,
      { error: "You cannot add a user with role higher than the workspace role" },
    ]);
  });
});

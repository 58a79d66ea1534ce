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
const ROLE_DENIED = { error: "You don't have the required permissions." };
const MEMBER_NOT_FOUND = { error: "Member not found" };
const ROW_KEYS = [
  "company_role",
  "created_at",
  "created_by",
  "default_props",
  "deleted_at",
  "explored_features",
  "getting_started_checklist",
  "id",
  "is_active",
  "issue_props",
  "member",
  "role",
  "tips",
  "updated_at",
  "updated_by",
  "view_props",
  "workspace",
];
const LITE_KEYS = ["avatar", "avatar_url", "display_name", "first_name", "id", "is_bot", "last_name"];
const ADMIN_LITE_KEYS = [...LITE_KEYS, "email", "last_login_medium"].sort();

async function memberRowId(ws: WorkspaceFixture, c: Client): Promise<string> {
  const [row] = await t.db.db
    .select()
    .from(schema.workspaceMembers)
    .where(and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, c.userId)));
  return row.id;
}

async function addMember(
  ws: WorkspaceFixture,
  role: number,
  names: { firstName?: string; lastName?: string; displayName?: string; email?: string; isBot?: boolean } = {},
) {
  const c = await t.user(names);
  const [row] = await t.db.db
    .insert(schema.workspaceMembers)
    .values({ workspaceId: ws.id, memberId: c.userId, role })
    .returning();
  return { c, rowId: row.id };
}

async function expectStatus(
  c: Client,
  method: string,
  path: string,
  body: unknown,
  status: number,
  expected?: unknown,
) {
  const res = await c.request(method, path, body);
  expect({ path, method, status: res.status }).toEqual({ path, method, status });
  if (expected !== undefined) expect(res.body).toEqual(expected);
  return res;
}

describe("GET W/members/", () => {
  it("role matrix: every member reads; outsiders 403; anonymous 401", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/members/`;
    for (const c of [ws.admin, ws.member, ws.guest]) await expectStatus(c, "GET", url, undefined, 200);
    await expectStatus(ws.outsider, "GET", url, undefined, 403, NOT_MEMBER);
    await expectStatus(ws.anon, "GET", url, undefined, 401, UNAUTH);
  });

  it("excludes bots, lists the caller first, then by display name", async () => {
    const ws = await workspaceFixture(t);
    await addMember(ws, 15, { displayName: "aaron" });
    await addMember(ws, 15, { displayName: "Zoe" });
    await addMember(ws, 15, { displayName: "bot", isBot: true });
    const res = await ws.member.get(`/api/workspaces/${ws.slug}/members/`);
    expect(res.status).toBe(200);
    const names = res.body.map((m: any) => m.member.display_name);
    const all = [ws.admin, ws.guest].map((c) => c.email.split("@")[0]);
    expect(names[0]).toBe(ws.member.email.split("@")[0]);
    expect(names).not.toContain("bot");
    expect(names.slice(1)).toEqual(
      ["aaron", ...all, "Zoe"].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(res.body).toHaveLength(5);
  });

  it("nests admin-lite (with email) for admins and members, user-lite for guests", async () => {
    const ws = await workspaceFixture(t);
    const forMember = await ws.member.get(`/api/workspaces/${ws.slug}/members/`);
    expect(Object.keys(forMember.body[0]).sort()).toEqual(ROW_KEYS);
    expect(Object.keys(forMember.body[0].member).sort()).toEqual(ADMIN_LITE_KEYS);
    const forGuest = await ws.guest.get(`/api/workspaces/${ws.slug}/members/`);
    expect(Object.keys(forGuest.body[0].member).sort()).toEqual(LITE_KEYS);
    expect(forGuest.body[0]).toMatchObject({ workspace: ws.id, role: 5, is_active: true });
  });

  it("searches first name, last name, display name and email (case-insensitive)", async () => {
    const ws = await workspaceFixture(t);
    const { c: zed } = await addMember(ws, 15, {
      firstName: "Zedekiah",
      lastName: "Quint",
      displayName: "zq",
      email: `findme-${Date.now()}@corp.example`,
    });
    const url = (q: string) => `/api/workspaces/${ws.slug}/members/?search=${encodeURIComponent(q)}`;
    for (const q of ["zedek", "QUINT", "zq", "findme-"]) {
      const res = await ws.admin.get(url(q));
      expect(res.status).toBe(200);
      expect(res.body.map((m: any) => m.member.id)).toEqual([zed.userId]);
    }
    expect((await ws.admin.get(url("no-such-person"))).body).toEqual([]);
    // Wildcards are literal.
    expect((await ws.admin.get(url("%"))).body).toEqual([]);
    // Guests do not see emails, so they cannot search by them.
    expect((await ws.guest.get(url("findme-"))).body).toEqual([]);
    expect((await ws.guest.get(url("zedek"))).body).toHaveLength(1);
  });

  it("rejects an over-long search", async () => {
    const ws = await workspaceFixture(t);
    const res = await ws.admin.get(`/api/workspaces/${ws.slug}/members/?search=${"x".repeat(256)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "search: at most 255 characters" });
  });
});

describe("GET W/members/:memberId/", () => {
  it("role matrix and body", async () => {
    const ws = await workspaceFixture(t);
    const id = await memberRowId(ws, ws.member);
    const url = `/api/workspaces/${ws.slug}/members/${id}/`;
    for (const c of [ws.admin, ws.member, ws.guest]) await expectStatus(c, "GET", url, undefined, 200);
    await expectStatus(ws.outsider, "GET", url, undefined, 403, NOT_MEMBER);
    await expectStatus(ws.anon, "GET", url, undefined, 401, UNAUTH);
    const res = await ws.admin.get(url);
    expect(Object.keys(res.body).sort()).toEqual(ROW_KEYS);
    expect(res.body).toMatchObject({ id, role: 15, member: { id: ws.member.userId, email: ws.member.email } });
  });

  it("404 'Member not found' for unknown, malformed and other workspaces' ids", async () => {
    const ws = await workspaceFixture(t);
    const other = await workspaceFixture(t);
    const foreign = await memberRowId(other, other.member);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", foreign]) {
      await expectStatus(
        ws.admin,
        "GET",
        `/api/workspaces/${ws.slug}/members/${id}/`,
        undefined,
        404,
        MEMBER_NOT_FOUND,
      );
    }
  });
});

describe("PATCH W/members/:memberId/", () => {
  it("role matrix: admin only", async () => {
    const ws = await workspaceFixture(t);
    const { rowId } = await addMember(ws, 5);
    const url = `/api/workspaces/${ws.slug}/members/${rowId}/`;
    await expectStatus(ws.anon, "PATCH", url, { role: 15 }, 401, UNAUTH);
    await expectStatus(ws.outsider, "PATCH", url, { role: 15 }, 403, NOT_MEMBER);
    await expectStatus(ws.guest, "PATCH", url, { role: 15 }, 403, ROLE_DENIED);
    await expectStatus(ws.member, "PATCH", url, { role: 15 }, 403, ROLE_DENIED);
    const res = await expectStatus(ws.admin, "PATCH", url, { role: 15 }, 200);
    expect(Object.keys(res.body).sort()).toEqual(ROW_KEYS);
    expect(res.body).toMatchObject({ id: rowId, role: 15, updated_by: ws.admin.userId });
  });

  it("accepts only 5, 15 or 20 and rejects bad bodies", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/members/${await memberRowId(ws, ws.member)}/`;
    for (const role of [10, 0, 25, -5]) {
      await expectStatus(ws.admin, "PATCH", url, { role }, 400, {
        role: ["Role must be 5 (guest), 15 (member) or 20 (admin)."],
      });
    }
    await expectStatus(ws.admin, "PATCH", url, { role: "admin" }, 400, { role: ["A valid integer is required."] });
    await expectStatus(ws.admin, "PATCH", url, {}, 400, { role: ["A valid integer is required."] });
    const json = await ws.admin.request("PATCH", url, "{role:", { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
    // A numeric string is accepted, as DRF does.
    const ok = await expectStatus(ws.admin, "PATCH", url, { role: "5" }, 200);
    expect(ok.body.role).toBe(5);
  });

  it("refuses changing one's own role", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/members/${await memberRowId(ws, ws.admin)}/`;
    await expectStatus(ws.admin, "PATCH", url, { role: 15 }, 400, { error: "You cannot update your own role" });
  });

  it("lets an admin demote another admin, and caps their project roles", async () => {
    const ws = await workspaceFixture(t);
    const { c: second, rowId } = await addMember(ws, 20);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Cap", identifier: "CAP" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: second.userId, role: 20 });
    await expectStatus(ws.admin, "PATCH", `/api/workspaces/${ws.slug}/members/${rowId}/`, { role: 5 }, 200);
    const [pm] = await t.db.db
      .select()
      .from(schema.projectMembers)
      .where(eq(schema.projectMembers.memberId, second.userId));
    expect(pm.role).toBe(5);
    const roles = await second.get(`/api/users/me/workspaces/${ws.slug}/project-roles/`);
    expect(roles.body).toEqual({ [p.id]: 5 });
  });

  it("demoting an admin to member keeps project admin roles (only guests are capped)", async () => {
    const ws = await workspaceFixture(t);
    const { c: second, rowId } = await addMember(ws, 20);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Keep", identifier: "KEEP" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: second.userId, role: 20 });
    await expectStatus(ws.admin, "PATCH", `/api/workspaces/${ws.slug}/members/${rowId}/`, { role: 15 }, 200);
    const roles = await second.get(`/api/users/me/workspaces/${ws.slug}/project-roles/`);
    expect(roles.body).toEqual({ [p.id]: 20 });
  });

  it("404 for unknown, former and other workspaces' members", async () => {
    const ws = await workspaceFixture(t);
    const other = await workspaceFixture(t);
    const { rowId: formerId, c: former } = await addMember(ws, 15);
    await former.post(`/api/workspaces/${ws.slug}/members/leave/`);
    for (const id of ["00000000-0000-4000-8000-000000000000", "x", formerId, await memberRowId(other, other.guest)]) {
      await expectStatus(
        ws.admin,
        "PATCH",
        `/api/workspaces/${ws.slug}/members/${id}/`,
        { role: 15 },
        404,
        MEMBER_NOT_FOUND,
      );
    }
  });
});

describe("DELETE W/members/:memberId/", () => {
  it("role matrix: admin only; deactivates workspace and project memberships", async () => {
    const ws = await workspaceFixture(t);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Rm", identifier: "RM" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: ws.guest.userId, role: 5 });
    const id = await memberRowId(ws, ws.guest);
    const url = `/api/workspaces/${ws.slug}/members/${id}/`;
    await expectStatus(ws.anon, "DELETE", url, undefined, 401, UNAUTH);
    await expectStatus(ws.outsider, "DELETE", url, undefined, 403, NOT_MEMBER);
    await expectStatus(ws.guest, "DELETE", url, undefined, 403, ROLE_DENIED);
    await expectStatus(ws.member, "DELETE", url, undefined, 403, ROLE_DENIED);
    const res = await expectStatus(ws.admin, "DELETE", url, undefined, 204);
    expect(res.text).toBe("");
    const [wm] = await t.db.db.select().from(schema.workspaceMembers).where(eq(schema.workspaceMembers.id, id));
    expect(wm.isActive).toBe(false);
    const [pm] = await t.db.db
      .select()
      .from(schema.projectMembers)
      .where(eq(schema.projectMembers.memberId, ws.guest.userId));
    expect(pm.isActive).toBe(false);
    // The removed member loses access; the row stays listed as inactive.
    expect((await ws.guest.get(`/api/workspaces/${ws.slug}/`)).status).toBe(403);
    const list = await ws.admin.get(`/api/workspaces/${ws.slug}/members/`);
    expect(list.body.find((m: any) => m.id === id).is_active).toBe(false);
    // Removing again: no longer an active member.
    await expectStatus(ws.admin, "DELETE", url, undefined, 404, MEMBER_NOT_FOUND);
  });

  it("refuses removing oneself", async () => {
    const ws = await workspaceFixture(t);
    await expectStatus(
      ws.admin,
      "DELETE",
      `/api/workspaces/${ws.slug}/members/${await memberRowId(ws, ws.admin)}/`,
      undefined,
      400,
      {
        error: "You cannot remove yourself from the workspace. Please use leave workspace",
      },
    );
  });

  it("404 for unknown and other workspaces' ids", async () => {
    const ws = await workspaceFixture(t);
    const other = await workspaceFixture(t);
    for (const id of ["00000000-0000-4000-8000-000000000000", "1", await memberRowId(other, other.member)]) {
      await expectStatus(
        ws.admin,
        "DELETE",
        `/api/workspaces/${ws.slug}/members/${id}/`,
        undefined,
        404,
        MEMBER_NOT_FOUND,
      );
    }
  });
});

describe("POST W/members/leave/", () => {
  it("members and guests leave (204); outsiders 403; anonymous 401", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/members/leave/`;
    await expectStatus(ws.anon, "POST", url, {}, 401, UNAUTH);
    await expectStatus(ws.outsider, "POST", url, {}, 403, NOT_MEMBER);
    for (const c of [ws.guest, ws.member]) {
      const res = await expectStatus(c, "POST", url, {}, 204);
      expect(res.text).toBe("");
      expect((await c.get(`/api/workspaces/${ws.slug}/`)).status).toBe(403);
    }
  });

  it("the last admin cannot leave; another admin makes it possible", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/members/leave/`;
    await expectStatus(ws.admin, "POST", url, {}, 400, {
      error:
        "You cannot leave the workspace as you are the only admin of the workspace you will have to either delete the workspace or promote another user to admin.",
    });
    await ws.admin.patch(`/api/workspaces/${ws.slug}/members/${await memberRowId(ws, ws.member)}/`, { role: 20 });
    await expectStatus(ws.admin, "POST", url, {}, 204);
    // Now the promoted member is the only admin.
    await expectStatus(ws.member, "POST", url, {}, 400);
  });

  it("deactivates the leaver's project memberships", async () => {
    const ws = await workspaceFixture(t);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Lv", identifier: "LV" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: ws.member.userId, role: 15 });
    await ws.member.post(`/api/workspaces/${ws.slug}/members/leave/`);
    const [pm] = await t.db.db
      .select()
      .from(schema.projectMembers)
      .where(eq(schema.projectMembers.memberId, ws.member.userId));
    expect(pm.isActive).toBe(false);
  });
});

describe("GET W/project-members/", () => {
  it("maps each of the caller's projects to its active members (role matrix)", async () => {
    const ws = await workspaceFixture(t);
    const [p1] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "P1", identifier: "PA" })
      .returning();
    const [p2] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "P2", identifier: "PB" })
      .returning();
    await t.db.db.insert(schema.projectMembers).values([
      { workspaceId: ws.id, projectId: p1.id, memberId: ws.admin.userId, role: 20 },
      { workspaceId: ws.id, projectId: p1.id, memberId: ws.member.userId, role: 15 },
      { workspaceId: ws.id, projectId: p1.id, memberId: ws.guest.userId, role: 5 },
      { workspaceId: ws.id, projectId: p2.id, memberId: ws.admin.userId, role: 20 },
    ]);
    const url = `/api/workspaces/${ws.slug}/project-members/`;
    await expectStatus(ws.anon, "GET", url, undefined, 401, UNAUTH);
    await expectStatus(ws.outsider, "GET", url, undefined, 403, NOT_MEMBER);
    const admin = await expectStatus(ws.admin, "GET", url, undefined, 200);
    expect(Object.keys(admin.body).sort()).toEqual([p1.id, p2.id].sort());
    expect(admin.body[p1.id]).toHaveLength(3);
    expect(Object.keys(admin.body[p1.id][0]).sort()).toEqual(["created_at", "id", "member", "original_role", "role"]);
    expect(admin.body[p2.id]).toEqual([
      expect.objectContaining({ member: ws.admin.userId, role: 20, original_role: 20 }),
    ]);
    const guest = await expectStatus(ws.guest, "GET", url, undefined, 200);
    expect(Object.keys(guest.body)).toEqual([p1.id]);
    const member = await expectStatus(ws.member, "GET", url, undefined, 200);
    expect(member.body[p1.id].map((m: any) => m.member).sort()).toEqual(
      [ws.admin.userId, ws.member.userId, ws.guest.userId].sort(),
    );
  });
});

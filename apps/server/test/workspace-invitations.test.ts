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
const NOT_FOUND = { error: "The required object does not exist." };
const INVITATION_KEYS = [
  "accepted",
  "created_at",
  "created_by",
  "deleted_at",
  "email",
  "id",
  "invite_link",
  "message",
  "responded_at",
  "role",
  "token",
  "updated_at",
  "updated_by",
  "workspace",
];

let n = 0;
const email = (p = "inv") => `${p}-${Date.now().toString(36)}-${++n}@example.com`;

async function invite(ws: WorkspaceFixture, addr: string, role = 5) {
  const res = await ws.admin.post(`/api/workspaces/${ws.slug}/invitations/`, { emails: [{ email: addr, role }] });
  expect(res.status).toBe(200);
  const [inv] = await t.db.db
    .select()
    .from(schema.workspaceInvitations)
    .where(
      and(
        eq(schema.workspaceInvitations.workspaceId, ws.id),
        eq(schema.workspaceInvitations.email, addr.toLowerCase()),
      ),
    );
  return inv;
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

describe("POST W/invitations/", () => {
  it("role matrix: admin only", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/invitations/`;
    const body = { emails: [{ email: email(), role: 5 }] };
    await expectStatus(ws.anon, "POST", url, body, 401, UNAUTH);
    await expectStatus(ws.outsider, "POST", url, body, 403, NOT_MEMBER);
    await expectStatus(ws.guest, "POST", url, body, 403, ROLE_DENIED);
    await expectStatus(ws.member, "POST", url, body, 403, ROLE_DENIED);
    await expectStatus(ws.admin, "POST", url, body, 200, { message: "Emails sent successfully" });
  });

  it("creates one invitation per email with a random token and queues an email with the invite link", async () => {
    const ws = await workspaceFixture(t);
    const a = email("a").toUpperCase();
    const b = email("b");
    const res = await ws.admin.post(`/api/workspaces/${ws.slug}/invitations/`, {
      emails: [{ email: a, role: 15 }, { email: b }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Emails sent successfully" });
    const rows = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.workspaceId, ws.id));
    expect(rows.map((r) => [r.email, r.role]).sort()).toEqual(
      [
        [a.toLowerCase(), 15],
        [b, 5],
      ].sort(),
    );
    expect(rows[0].token.length).toBeGreaterThanOrEqual(32);
    expect(rows[0].token).not.toBe(rows[1].token);
    const jobs = await t.app.jobs.list(t.db.db, "mail");
    for (const inv of rows) {
      const job = jobs.find((j) => (j.payload as any).to === inv.email);
      expect(job).toBeDefined();
      const payload = job!.payload as { to: string; subject: string; text: string; html: string };
      const link = `http://web.test/workspace-invitations/?invitation_id=${inv.id}&slug=${ws.slug}&token=${inv.token}`;
      expect(payload.text).toContain(link);
      expect(payload.html).toContain(link.replace(/&/g, "&amp;"));
      expect(payload.subject).toContain(ws.slug.toUpperCase());
    }
  });

  it("re-inviting refreshes the invitation (new token and role, unanswered)", async () => {
    const ws = await workspaceFixture(t);
    const addr = email();
    const first = await invite(ws, addr, 5);
    await t.db.db
      .update(schema.workspaceInvitations)
      .set({ respondedAt: new Date() })
      .where(eq(schema.workspaceInvitations.id, first.id));
    const second = await invite(ws, addr, 15);
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect(second.role).toBe(15);
    expect(second.respondedAt).toBeNull();
  });

  it("refuses emails of active members, listing them", async () => {
    const ws = await workspaceFixture(t);
    const res = await ws.admin.post(`/api/workspaces/${ws.slug}/invitations/`, {
      emails: [{ email: ws.member.email.toUpperCase(), role: 5 }, { email: email() }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Some users are already member of workspace");
    expect(res.body.workspace_users.map((m: any) => m.member.id)).toEqual([ws.member.userId]);
    const rows = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.workspaceId, ws.id));
    expect(rows).toHaveLength(0);
  });

  it("rejects bad input", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/invitations/`;
    await expectStatus(ws.admin, "POST", url, { emails: [] }, 400, { error: "Emails are required" });
    await expectStatus(ws.admin, "POST", url, {}, 400, { error: "Emails are required" });
    await expectStatus(ws.admin, "POST", url, { emails: [{ email: "not-an-email", role: 5 }] }, 400, {
      error: "Invalid email - not-an-email provided a valid email address is required to send the invite",
    });
    await expectStatus(ws.admin, "POST", url, { emails: [{ email: "a@example.com", role: 10 }] }, 400, {
      "emails.0.role": ["Role must be 5 (guest), 15 (member) or 20 (admin)."],
    });
    await expectStatus(ws.admin, "POST", url, { emails: "a@example.com" }, 400, {
      emails: ["Expected a list of {email, role}."],
    });
    await expectStatus(ws.admin, "POST", url, { emails: [{ email: "x".repeat(250) + "@example.com" }] }, 400, {
      "emails.0.email": ["Ensure this field has no more than 254 characters."],
    });
    const json = await ws.admin.request("POST", url, "{emails", { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
  });
});

describe("GET W/invitations/ and W/invitations/:id/", () => {
  it("role matrix: admin only; body in the wire-facts shape", async () => {
    const ws = await workspaceFixture(t);
    const inv = await invite(ws, email(), 15);
    for (const url of [
      `/api/workspaces/${ws.slug}/invitations/`,
      `/api/workspaces/${ws.slug}/invitations/${inv.id}/`,
    ]) {
      await expectStatus(ws.anon, "GET", url, undefined, 401, UNAUTH);
      await expectStatus(ws.outsider, "GET", url, undefined, 403, NOT_MEMBER);
      await expectStatus(ws.guest, "GET", url, undefined, 403, ROLE_DENIED);
      await expectStatus(ws.member, "GET", url, undefined, 403, ROLE_DENIED);
    }
    const list = await expectStatus(ws.admin, "GET", `/api/workspaces/${ws.slug}/invitations/`, undefined, 200);
    expect(list.body).toHaveLength(1);
    const one = await expectStatus(
      ws.admin,
      "GET",
      `/api/workspaces/${ws.slug}/invitations/${inv.id}/`,
      undefined,
      200,
    );
    expect(one.body).toEqual(list.body[0]);
    expect(Object.keys(one.body).sort()).toEqual(INVITATION_KEYS);
    expect(one.body).toMatchObject({
      id: inv.id,
      email: inv.email,
      accepted: false,
      token: inv.token,
      responded_at: null,
      role: 15,
      message: null,
      created_by: ws.admin.userId,
      workspace: { id: ws.id, slug: ws.slug, name: ws.slug.toUpperCase(), logo_url: null },
      invite_link: `/workspace-invitations/?invitation_id=${inv.id}&slug=${ws.slug}&token=${inv.token}`,
    });
  });

  it("404 for unknown, malformed and other workspaces' invitation ids", async () => {
    const ws = await workspaceFixture(t);
    const other = await workspaceFixture(t);
    const foreign = await invite(other, email());
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc", foreign.id]) {
      for (const method of ["GET", "PATCH", "DELETE"]) {
        await expectStatus(
          ws.admin,
          method,
          `/api/workspaces/${ws.slug}/invitations/${id}/`,
          method === "PATCH" ? { role: 5 } : undefined,
          404,
          NOT_FOUND,
        );
      }
    }
  });
});

describe("PATCH / DELETE W/invitations/:id/", () => {
  it("PATCH: admin only; updates role and message", async () => {
    const ws = await workspaceFixture(t);
    const inv = await invite(ws, email(), 5);
    const url = `/api/workspaces/${ws.slug}/invitations/${inv.id}/`;
    await expectStatus(ws.anon, "PATCH", url, { role: 15 }, 401, UNAUTH);
    await expectStatus(ws.outsider, "PATCH", url, { role: 15 }, 403, NOT_MEMBER);
    await expectStatus(ws.guest, "PATCH", url, { role: 15 }, 403, ROLE_DENIED);
    await expectStatus(ws.member, "PATCH", url, { role: 15 }, 403, ROLE_DENIED);
    const res = await expectStatus(ws.admin, "PATCH", url, { role: 15, message: "Welcome!" }, 200);
    expect(Object.keys(res.body).sort()).toEqual(INVITATION_KEYS);
    expect(res.body).toMatchObject({ id: inv.id, role: 15, message: "Welcome!", updated_by: ws.admin.userId });
    await expectStatus(ws.admin, "PATCH", url, { role: 7 }, 400, {
      role: ["Role must be 5 (guest), 15 (member) or 20 (admin)."],
    });
    await expectStatus(ws.admin, "PATCH", url, { message: "m".repeat(1001) }, 400, {
      message: ["Ensure this field has no more than 1000 characters."],
    });
  });

  it("DELETE: admin only; removes the invitation", async () => {
    const ws = await workspaceFixture(t);
    const inv = await invite(ws, email(), 5);
    const url = `/api/workspaces/${ws.slug}/invitations/${inv.id}/`;
    await expectStatus(ws.anon, "DELETE", url, undefined, 401, UNAUTH);
    await expectStatus(ws.outsider, "DELETE", url, undefined, 403, NOT_MEMBER);
    await expectStatus(ws.guest, "DELETE", url, undefined, 403, ROLE_DENIED);
    await expectStatus(ws.member, "DELETE", url, undefined, 403, ROLE_DENIED);
    const res = await expectStatus(ws.admin, "DELETE", url, undefined, 204);
    expect(res.text).toBe("");
    await expectStatus(ws.admin, "GET", url, undefined, 404, NOT_FOUND);
  });
});

describe("W/invitations/:id/join/", () => {
  it("GET with the right token shows the invitation without token and link; otherwise 403", async () => {
    const ws = await workspaceFixture(t);
    const inv = await invite(ws, email(), 15);
    const base = `/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`;
    const res = await t.anon().get(`${base}?token=${encodeURIComponent(inv.token)}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(INVITATION_KEYS.filter((k) => k !== "token" && k !== "invite_link"));
    expect(res.body).toMatchObject({ id: inv.id, email: inv.email, role: 15, workspace: { slug: ws.slug } });
    const denied = { error: "You do not have permission to access this invitation" };
    for (const path of [
      base,
      `${base}?token=wrong`,
      `/api/workspaces/${ws.slug}/invitations/00000000-0000-4000-8000-000000000000/join/?token=x`,
      `/api/workspaces/${ws.slug}/invitations/zzz/join/?token=x`,
    ]) {
      const r = await t.anon().get(path);
      expect(r.status).toBe(403);
      expect(r.body).toEqual(denied);
    }
  });

  it("accepting as an existing user (even anonymously) creates the membership with the invited role", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const inv = await invite(ws, invitee.email, 15);
    const res = await t
      .anon()
      .post(`/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`, { token: inv.token, accepted: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Workspace Invitation Accepted" });
    const me = await invitee.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe(15);
    expect((await invitee.get("/api/users/me/settings/")).body.workspace.last_workspace_slug).toBe(ws.slug);
    // The invitation has become the membership.
    expect(
      await t.db.db.select().from(schema.workspaceInvitations).where(eq(schema.workspaceInvitations.id, inv.id)),
    ).toHaveLength(0);
  });

  it("declining records the answer; answering twice is 400", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const inv = await invite(ws, invitee.email, 5);
    const url = `/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`;
    const res = await invitee.post(url, { token: inv.token, accepted: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Workspace Invitation was not accepted" });
    expect((await invitee.get(`/api/workspaces/${ws.slug}/`)).status).toBe(403);
    const again = await invitee.post(url, { token: inv.token, accepted: true });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "You have already responded to the invitation request" });
    const admin = await ws.admin.get(`/api/workspaces/${ws.slug}/invitations/${inv.id}/`);
    expect(admin.body).toMatchObject({ accepted: false });
    expect(admin.body.responded_at).not.toBeNull();
  });

  it("accepting for an email without an account keeps the acceptance until sign-up", async () => {
    const ws = await workspaceFixture(t);
    const addr = email("future");
    const inv = await invite(ws, addr, 15);
    const res = await t
      .anon()
      .post(`/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`, { token: inv.token, accepted: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Workspace Invitation Accepted" });
    const [kept] = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.id, inv.id));
    expect(kept).toMatchObject({ accepted: true });
    // It no longer counts as pending; signing up turns it into the membership (auth's convertAcceptedInvitations).
    const again = await t
      .anon()
      .post(`/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`, { token: inv.token, accepted: true });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "You have already responded to the invitation request" });
  });

  it("a wrong or missing token is 403; unknown invitations 404; bad bodies 400", async () => {
    const ws = await workspaceFixture(t);
    const other = await workspaceFixture(t);
    const inv = await invite(ws, email(), 5);
    const url = `/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`;
    const denied = { error: "You do not have permission to join the workspace" };
    await expectStatus(t.anon(), "POST", url, { token: "wrong", accepted: true }, 403, denied);
    await expectStatus(t.anon(), "POST", url, { accepted: true }, 403, denied);
    await expectStatus(
      t.anon(),
      "POST",
      `/api/workspaces/${ws.slug}/invitations/00000000-0000-4000-8000-000000000000/join/`,
      { token: inv.token, accepted: true },
      404,
      NOT_FOUND,
    );
    await expectStatus(
      t.anon(),
      "POST",
      `/api/workspaces/${ws.slug}/invitations/nope/join/`,
      { token: inv.token, accepted: true },
      404,
      NOT_FOUND,
    );
    // The invitation belongs to another workspace than the slug says.
    await expectStatus(
      t.anon(),
      "POST",
      `/api/workspaces/${other.slug}/invitations/${inv.id}/join/`,
      { token: inv.token, accepted: true },
      404,
      NOT_FOUND,
    );
    await expectStatus(t.anon(), "POST", url, { token: inv.token, accepted: "yes" }, 400, {
      accepted: ["Must be a valid boolean."],
    });
    await expectStatus(t.anon(), "POST", url, { token: 5, accepted: true }, 400, { token: ["Not a valid string."] });
    const json = await t.anon().request("POST", url, "{", { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
    // Still unanswered after all that.
    const [row] = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.id, inv.id));
    expect(row.respondedAt).toBeNull();
  });

  it("concurrent answers: exactly one succeeds", async () => {
    const ws = await workspaceFixture(t);
    const invitee = await t.user();
    const inv = await invite(ws, invitee.email, 5);
    const url = `/api/workspaces/${ws.slug}/invitations/${inv.id}/join/`;
    const results = await Promise.all([1, 2, 3].map(() => t.anon().post(url, { token: inv.token, accepted: false })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });
});

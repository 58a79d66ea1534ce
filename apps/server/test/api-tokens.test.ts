import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";

let t: TestServer;
let ws: WorkspaceFixture;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { error: "The required object does not exist." };
const TOKEN_KEYS = [
  "allowed_rate_limit",
  "created_at",
  "created_by",
  "deleted_at",
  "description",
  "expired_at",
  "id",
  "is_active",
  "is_service",
  "label",
  "last_used",
  "updated_at",
  "updated_by",
  "user",
  "user_type",
  "workspace",
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => {
  await t?.close();
});

describe("user-level API tokens /api/users/api-tokens/", () => {
  it("creates a token shown once, lists it without the token, stores only its hash", async () => {
    const c = await t.user();
    const made = await c.post("/api/users/api-tokens/", { label: "CI", description: "for scripts" });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^plane_api_[0-9a-f]{32}$/);
    expect(Object.keys(made.body).sort()).toEqual([...TOKEN_KEYS, "token"].sort());
    expect(made.body).toMatchObject({
      label: "CI",
      description: "for scripts",
      is_active: true,
      last_used: null,
      user: c.userId,
      user_type: 0,
      workspace: null,
      expired_at: null,
      is_service: false,
      allowed_rate_limit: "60/min",
    });

    const [row] = await t.db.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, made.body.id));
    expect(row.tokenHash).toBe(hashToken(made.body.token));
    expect(JSON.stringify(row)).not.toContain(made.body.token);

    const list = await c.get("/api/users/api-tokens/");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(Object.keys(list.body[0]).sort()).toEqual(TOKEN_KEYS.sort());
    expect(list.text).not.toContain(made.body.token);

    const one = await c.get(`/api/users/api-tokens/${made.body.id}`); // the client omits the trailing slash
    expect(one.status).toBe(200);
    expect(one.body.token).toBeUndefined();
    expect(one.body.label).toBe("CI");
  });

  it("patches label and description, deletes (204), and never shows another user's token", async () => {
    const c = await t.user();
    const other = await t.user();
    const made = await c.post("/api/users/api-tokens/", { label: "a" });
    const patched = await c.patch(`/api/users/api-tokens/${made.body.id}/`, { label: "renamed", description: "d" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: "renamed", description: "d" });
    expect(patched.body.token).toBeUndefined();

    expect(await other.get(`/api/users/api-tokens/${made.body.id}/`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await other.delete(`/api/users/api-tokens/${made.body.id}/`)).status).toBe(404);
    expect((await other.get("/api/users/api-tokens/")).body).toEqual([]);

    expect((await c.delete(`/api/users/api-tokens/${made.body.id}/`)).status).toBe(204);
    expect((await c.get(`/api/users/api-tokens/${made.body.id}/`)).status).toBe(404);
    expect((await c.get("/api/users/api-tokens/")).body).toEqual([]);
  });

  it("takes an expiry in the future; an expired token lists as inactive", async () => {
    const c = await t.user();
    const future = new Date(Date.now() + 86400_000).toISOString();
    const made = await c.post("/api/users/api-tokens/", { label: "exp", expired_at: future });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ expired_at: future, is_active: true });

    const past = await c.post("/api/users/api-tokens/", { expired_at: "2020-01-01T00:00:00Z" });
    expect(past).toMatchObject({ status: 400, body: { expired_at: ["The expiry must be in the future."] } });
    const bad = await c.post("/api/users/api-tokens/", { expired_at: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["expired_at"]);
    expect((await c.post("/api/users/api-tokens/", { label: 5 })).body).toEqual({ label: ["Not a valid string."] });

    await t.db.db
      .update(schema.apiTokens)
      .set({ expiredAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiTokens.id, made.body.id));
    expect((await c.get(`/api/users/api-tokens/${made.body.id}/`)).body.is_active).toBe(false);
  });

  it("needs a session", async () => {
    expect(await ws.anon.get("/api/users/api-tokens/")).toMatchObject({ status: 401, body: UNAUTH });
    expect(await ws.anon.post("/api/users/api-tokens/", {})).toMatchObject({ status: 401, body: UNAUTH });
  });
});

describe("workspace API tokens W/api-tokens/ (admin only)", () => {
  const base = () => `/api/workspaces/${ws.slug}/api-tokens/`;

  it("lets the admin create, list, read and delete tokens bound to the workspace", async () => {
    const made = await ws.admin.post(base(), { label: "ws token" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ workspace: ws.id, user: ws.admin.userId, label: "ws token" });
    expect(made.body.token).toMatch(/^plane_api_[0-9a-f]{32}$/);
    // a user-level token is not one of the workspace's
    await ws.admin.post("/api/users/api-tokens/", { label: "user level" });

    const list = await ws.admin.get(base());
    expect(list.status).toBe(200);
    expect(list.body.map((x: { label: string }) => x.label)).toEqual(["ws token"]);
    expect(list.text).not.toContain(made.body.token);
    // the user-level list shows every token of the user
    expect((await ws.admin.get("/api/users/api-tokens/")).body.map((x: { label: string }) => x.label).sort()).toEqual([
      "user level",
      "ws token",
    ]);

    const one = await ws.admin.get(`${base()}${made.body.id}/`);
    expect(one.status).toBe(200);
    expect(one.body.token).toBeUndefined();
    expect((await ws.admin.delete(`${base()}${made.body.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${base()}${made.body.id}/`)).status).toBe(404);
  });

  it("refuses members, guests, outsiders and anonymous callers", async () => {
    const made = await ws.admin.post(base(), { label: "x" });
    for (const c of [ws.member, ws.guest]) {
      expect(await c.get(base())).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(await c.post(base(), { label: 1 })).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(await c.get(`${base()}${made.body.id}/`)).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(await c.delete(`${base()}${made.body.id}/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    expect(await ws.outsider.get(base())).toMatchObject({ status: 403, body: DENIED });
    expect(await ws.anon.get(base())).toMatchObject({ status: 401, body: UNAUTH });
    expect((await ws.admin.get(`${base()}${made.body.id}/`)).status).toBe(200);
  });

  it("does not show another admin's token of the same workspace", async () => {
    const second = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: second.userId, role: 20 });
    const made = await ws.admin.post(base(), { label: "mine" });
    expect((await second.get(`${base()}${made.body.id}/`)).status).toBe(404);
    expect((await second.get(base())).body).toEqual([]);
  });
});

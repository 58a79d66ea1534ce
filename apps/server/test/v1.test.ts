import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { ApiKeyClient, apiKeyFor } from "./helpers/api-key.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let admin: ApiKeyClient;
let member: ApiKeyClient;
let guest: ApiKeyClient;
let outsider: ApiKeyClient;
let W: string;
let P: string;

const UNAUTH = { detail: "Authentication credentials were not provided." };
const BAD_KEY = { detail: "Given API token is not valid" };
const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const V1_NOT_FOUND = { error: "The requested resource does not exist." };
const ENVELOPE_KEYS = [
  "count",
  "cursor",
  "extra_stats",
  "grouped_by",
  "next_cursor",
  "next_page_results",
  "prev_cursor",
  "prev_page_results",
  "results",
  "sub_grouped_by",
  "total_count",
  "total_pages",
  "total_results",
].filter((k) => k !== "cursor");

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  [admin, member, guest, outsider] = await Promise.all([
    apiKeyFor(ws.admin),
    apiKeyFor(ws.member),
    apiKeyFor(ws.guest),
    apiKeyFor(ws.outsider),
  ]);
  W = `/api/v1/workspaces/${ws.slug}`;
  P = `${W}/projects/${pr.id}`;
});
afterAll(async () => {
  await t?.close();
});

describe("v1 authentication", () => {
  it("answers the caller with a key; 401 without one, 403 for an unknown, expired or revoked key", async () => {
    const me = await admin.get("/api/v1/users/me/");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: ws.admin.userId,
      first_name: "Ada",
      last_name: "Admin",
      email: ws.admin.email,
      avatar: "",
      avatar_url: null,
      display_name: expect.any(String),
    });
    // the session cookie is not an API key
    expect(await ws.admin.get("/api/v1/users/me/")).toMatchObject({ status: 401, body: UNAUTH });
    expect(await t.anon().get("/api/v1/users/me/")).toMatchObject({ status: 401, body: UNAUTH });
    expect(await new ApiKeyClient(t.url, "plane_api_" + "0".repeat(32)).get("/api/v1/users/me/")).toMatchObject({
      status: 403,
      body: BAD_KEY,
    });

    const expiring = await apiKeyFor(ws.member);
    expect((await expiring.get("/api/v1/users/me/")).status).toBe(200);
    await t.db.db
      .update(schema.apiTokens)
      .set({ expiredAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiTokens.id, expiring.tokenId));
    expect(await expiring.get("/api/v1/users/me/")).toMatchObject({ status: 403, body: BAD_KEY });

    const revoked = await apiKeyFor(ws.member);
    expect((await revoked.get(`${W}/projects/`)).status).toBe(200);
    expect((await ws.member.delete(`/api/users/api-tokens/${revoked.tokenId}/`)).status).toBe(204);
    expect(await revoked.get(`${W}/projects/`)).toMatchObject({ status: 403, body: BAD_KEY });
  });

  it("records last_used on the token", async () => {
    const key = await apiKeyFor(ws.guest);
    expect((await ws.guest.get(`/api/users/api-tokens/${key.tokenId}/`)).body.last_used).toBeNull();
    const before = Date.now();
    await key.get("/api/v1/users/me/");
    const used = (await ws.guest.get(`/api/users/api-tokens/${key.tokenId}/`)).body.last_used;
    expect(Date.parse(used)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("a key bound to a workspace acts only in it; the key acts with its user's roles", async () => {
    const other = await workspaceFixture(t);
    await t.db.db
      .insert(schema.workspaceMembers)
      .values({ workspaceId: other.id, memberId: ws.admin.userId, role: 20 });
    const bound = await apiKeyFor(ws.admin, { slug: ws.slug });
    expect((await bound.get(`${W}/members/`)).status).toBe(200);
    expect(await bound.get(`/api/v1/workspaces/${other.slug}/members/`)).toMatchObject({ status: 403, body: DENIED });
    // a user-level key works in both
    expect((await admin.get(`/api/v1/workspaces/${other.slug}/members/`)).status).toBe(200);
    // outsiders and guests get the app's refusals
    expect(await outsider.get(`${W}/members/`)).toMatchObject({ status: 403, body: DENIED });
    expect(await guest.post(`${P}/labels/`, { name: "nope" })).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it("counts requests per key: X-RateLimit-* headers on every answer, 429 over the limit", async () => {
    const key = await apiKeyFor(ws.member);
    const first = await key.get("/api/v1/users/me/");
    expect(first.headers.get("x-ratelimit-limit")).toBe("60");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("59");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    expect((await key.get("/api/v1/users/me/")).headers.get("x-ratelimit-remaining")).toBe("58");

    await t.db.db
      .update(schema.apiTokens)
      .set({ allowedRateLimit: "3/min" })
      .where(eq(schema.apiTokens.id, key.tokenId));
    const third = await key.get("/api/v1/users/me/");
    expect(third.status).toBe(200);
    expect(third.headers.get("x-ratelimit-remaining")).toBe("0");
    const over = await key.get("/api/v1/users/me/");
    expect(over).toMatchObject({ status: 429, body: { error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" } });
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // other keys have their own windows
    expect((await member.get("/api/v1/users/me/")).status).toBe(200);
  });
});

describe("v1 envelope, fields and expand", () => {
  it("pages lists with the §0 envelope and honours fields", async () => {
    for (const name of ["L1", "L2", "L3"]) expect((await member.post(`${P}/labels/`, { name })).status).toBe(201);
    const page1 = await member.get(`${P}/labels/?per_page=2`);
    expect(page1.status).toBe(200);
    expect(Object.keys(page1.body).sort()).toEqual(ENVELOPE_KEYS.sort());
    expect(page1.body).toMatchObject({
      total_count: 3,
      count: 2,
      total_pages: 2,
      next_page_results: true,
      prev_page_results: false,
      next_cursor: "2:1:0",
      grouped_by: null,
    });
    const page2 = await member.get(`${P}/labels/?per_page=2&cursor=2:1:0`);
    expect(page2.body).toMatchObject({ count: 1, next_page_results: false, prev_page_results: true });
    expect(await member.get(`${P}/labels/?per_page=1001`)).toMatchObject({
      status: 400,
      body: { detail: "Invalid per_page value. Cannot exceed 1000." },
    });
    expect(await member.get(`${P}/labels/?cursor=x`)).toMatchObject({
      status: 400,
      body: { detail: "Invalid cursor parameter." },
    });

    const narrow = await member.get(`${P}/labels/?fields=name,color`);
    expect(Object.keys(narrow.body.results[0]).sort()).toEqual(["color", "id", "name"]);
  });

  it("answers v1's 404 text", async () => {
    expect(await member.get(`${P}/labels/${crypto.randomUUID()}/`)).toMatchObject({ status: 404, body: V1_NOT_FOUND });
    expect(await member.get(`${W}/projects/${crypto.randomUUID()}/`)).toMatchObject({
      status: 404,
      body: V1_NOT_FOUND,
    });
  });
});

describe("v1 resources", () => {
  it("members: the workspace's people with their roles", async () => {
    const res = await guest.get(`${W}/members/`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((m: { id: string; role: number }) => [m.id, m.role]));
    expect(byId.get(ws.admin.userId)).toBe(20);
    expect(byId.get(ws.member.userId)).toBe(15);
    expect(byId.get(ws.guest.userId)).toBe(5);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "avatar",
      "avatar_url",
      "display_name",
      "first_name",
      "id",
      "is_bot",
      "last_name",
      "role",
    ]);
  });

  it("projects: list, create (default states, 409 on duplicates), get, patch, summary, archive and restore, delete", async () => {
    const made = await member.post(`${W}/projects/`, { name: "Via API", identifier: "VAPI" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Via API",
      identifier: "VAPI",
      workspace: ws.id,
      is_member: true,
      member_role: 20,
      total_members: 1,
      archived_at: null,
      deleted_at: null,
    });
    const id = made.body.id as string;
    expect((await member.get(`${W}/projects/${id}/states/`)).body.total_count).toBe(5);
    expect(await member.post(`${W}/projects/`, { name: "via api", identifier: "OTHER" })).toMatchObject({
      status: 409,
      body: { id },
    });
    expect(await member.post(`${W}/projects/`, { name: "Else", identifier: "VAPI" })).toMatchObject({
      status: 409,
      body: { id },
    });

    const list = await member.get(`${W}/projects/`);
    expect(list.body.results.map((p: { id: string }) => p.id)).toContain(id);
    expect((await member.patch(`${W}/projects/${id}/`, { name: "Renamed" })).body.name).toBe("Renamed");
    const summary = await member.get(`${W}/projects/${id}/summary/`);
    expect(summary.body).toEqual({
      id,
      name: "Renamed",
      identifier: "VAPI",
      counts: { members: 1, states: 5, labels: 0, cycles: 0, modules: 0, issues: 0, intakes: 0, pages: 0 },
    });

    expect((await member.post(`${W}/projects/${id}/archive/`)).status).toBe(204);
    expect((await member.get(`${W}/projects/`)).body.results.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await member.delete(`${W}/projects/${id}/archive/`)).status).toBe(204);
    expect((await member.get(`${W}/projects/`)).body.results.map((p: { id: string }) => p.id)).toContain(id);
    expect(await guest.post(`${W}/projects/`, { name: "G", identifier: "GG" })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    expect((await member.delete(`${W}/projects/${id}/`)).status).toBe(204);
    expect((await member.get(`${W}/projects/${id}/`)).status).toBe(404);
  });

  it("states: list, create (200, default unsets the others, 409 duplicate), get, patch, delete", async () => {
    const made = await member.post(`${P}/states/`, {
      name: "Review",
      color: "#112233",
      group: "started",
      default: true,
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      name: "Review",
      color: "#112233",
      group: "started",
      default: true,
      project: pr.id,
      workspace: ws.id,
    });
    const all = (await member.get(`${P}/states/`)).body.results as { id: string; default: boolean }[];
    expect(all.filter((s) => s.default).map((s) => s.id)).toEqual([made.body.id]);
    expect(await member.post(`${P}/states/`, { name: "review", color: "#112233", group: "started" })).toMatchObject({
      status: 409,
      body: { id: made.body.id },
    });
    expect((await member.get(`${P}/states/${made.body.id}/`)).body.name).toBe("Review");
    expect((await member.patch(`${P}/states/${made.body.id}/`, { name: "Reviewing" })).body.name).toBe("Reviewing");
    await member.patch(`${P}/states/${pr.states["Backlog"]}/`, { default: true });
    expect((await member.delete(`${P}/states/${made.body.id}/`)).status).toBe(204);
  });

  it("labels: create 201, 409 duplicate, get, patch, delete, external lookup", async () => {
    const made = await member.post(`${P}/labels/`, { name: "bug", color: "#ff0000" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "bug", color: "#ff0000", project: pr.id, parent: null });
    expect(await member.post(`${P}/labels/`, { name: "BUG" })).toMatchObject({
      status: 409,
      body: { id: made.body.id },
    });
    expect((await member.patch(`${P}/labels/${made.body.id}/`, { color: "#00ff00" })).body.color).toBe("#00ff00");
    await t.db.db
      .update(schema.labels)
      .set({ externalId: "7", externalSource: "github" })
      .where(eq(schema.labels.id, made.body.id));
    expect((await member.get(`${P}/labels/?external_id=7&external_source=github`)).body.id).toBe(made.body.id);
    expect(await member.get(`${P}/labels/?external_id=8&external_source=github`)).toMatchObject({
      status: 404,
      body: V1_NOT_FOUND,
    });
    expect((await member.delete(`${P}/labels/${made.body.id}/`)).status).toBe(204);
  });

  it("project members: list, add and remove", async () => {
    const extra = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: extra.userId, role: 15 });
    const added = await admin.post(`${P}/members/`, { member: extra.userId, role: 15 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ member: extra.userId, role: 15 });
    const list = await member.get(`${P}/project-members/`);
    expect(list.body.map((u: { id: string }) => u.id)).toContain(extra.userId);
    expect(await member.post(`${P}/members/`, { member: extra.userId })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    expect((await admin.delete(`${P}/members/${extra.userId}/`)).status).toBe(204);
    expect((await member.get(`${P}/members/`)).body.map((u: { id: string }) => u.id)).not.toContain(extra.userId);
  });
});

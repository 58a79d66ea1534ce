import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";
import { setInstanceConfig } from "../src/core/instance-config.ts";

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
const MEMBER_ME_KEYS = [
  "company_role",
  "created_at",
  "created_by",
  "default_props",
  "deleted_at",
  "draft_issue_count",
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

let n = 0;
const uniq = (p = "ws") => `${p}-${Date.now().toString(36)}-${++n}`;

async function matrix(
  ws: WorkspaceFixture,
  call: (c: Client) => Promise<{ status: number; body: any }>,
  expected: Record<"admin" | "member" | "guest" | "outsider" | "anon", [number, unknown?]>,
) {
  for (const who of ["outsider", "anon", "guest", "member", "admin"] as const) {
    const res = await call(ws[who]);
    const [status, body] = expected[who];
    expect({ who, status: res.status }).toEqual({ who, status });
    if (body !== undefined) expect(res.body).toEqual(body);
  }
}

describe("POST /api/workspaces/", () => {
  it("creates the workspace with the creator as admin member (201, role 20, total_members 1)", async () => {
    const c = await t.user();
    const slug = uniq();
    const res = await c.post("/api/workspaces/", {
      name: "Acme Inc",
      slug,
      organization_size: "2-10",
      company_role: "CTO",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...WORKSPACE_KEYS, "role"].sort());
    expect(res.body).toMatchObject({
      name: "Acme Inc",
      slug,
      owner: c.userId,
      organization_size: "2-10",
      timezone: "UTC",
      role: 20,
      total_members: 1,
      logo_url: null,
      created_by: c.userId,
    });
    const [m] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.workspaceId, res.body.id));
    expect(m).toMatchObject({ memberId: c.userId, role: 20, isActive: true, companyRole: "CTO" });
    const detail = await c.get(`/api/workspaces/${slug}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe(res.body.id);
  });

  it("requires name and slug", async () => {
    const c = await t.user();
    for (const body of [{ name: "X" }, { slug: uniq() }, { name: "  ", slug: uniq() }, {}]) {
      const res = await c.post("/api/workspaces/", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Both name and slug are required" });
    }
  });

  it("limits name to 80 and slug to 48 characters", async () => {
    const c = await t.user();
    const longName = await c.post("/api/workspaces/", { name: "n".repeat(81), slug: uniq() });
    expect(longName.status).toBe(400);
    expect(longName.body).toEqual({ error: "The maximum length for name is 80 and for slug is 48" });
    const longSlug = await c.post("/api/workspaces/", { name: "ok", slug: "s".repeat(49) });
    expect(longSlug.status).toBe(400);
    expect(longSlug.body).toEqual({ error: "The maximum length for name is 80 and for slug is 48" });
    const exact = await c.post("/api/workspaces/", { name: "n".repeat(80), slug: "s".repeat(47) + "x" });
    expect(exact.status).toBe(201);
  });

  it("rejects reserved and malformed slugs", async () => {
    const c = await t.user();
    for (const slug of ["god-mode", "api", "Settings", "create-workspace"]) {
      const res = await c.post("/api/workspaces/", { name: "Reserved", slug });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ slug: ["Slug is not valid"] });
    }
    for (const slug of ["has space", "dots.not.ok", "ümlaut", "a/b"]) {
      const res = await c.post("/api/workspaces/", { name: "Bad", slug });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ slug: ["Slug can only contain letters, numbers, hyphens (-), and underscores (_)"] });
    }
  });

  it("rejects names without letters or with URLs", async () => {
    const c = await t.user();
    const symbols = await c.post("/api/workspaces/", { name: "-___-", slug: uniq() });
    expect(symbols.status).toBe(400);
    expect(symbols.body).toEqual({ name: ["Name must contain at least one letter or number"] });
    const url = await c.post("/api/workspaces/", { name: "see https://evil.example", slug: uniq() });
    expect(url.status).toBe(400);
    expect(url.body).toEqual({ name: ["Name must not contain URLs"] });
  });

  it("answers a duplicate slug (any case) with 409", async () => {
    const c = await t.user();
    const slug = uniq("dup");
    expect((await c.post("/api/workspaces/", { name: "One", slug })).status).toBe(201);
    for (const again of [slug, slug.toUpperCase()]) {
      const res = await c.post("/api/workspaces/", { name: "Two", slug: again });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ slug: "The workspace with the slug already exists" });
    }
  });

  it("creates only one workspace when the same slug is posted concurrently", async () => {
    const c = await t.user();
    const slug = uniq("race");
    const results = await Promise.all([1, 2, 3, 4].map(() => c.post("/api/workspaces/", { name: "Race", slug })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.db.db.select().from(schema.workspaces).where(eq(schema.workspaces.slug, slug));
    expect(rows).toHaveLength(1);
  });

  it("validates organization size against the spec's list", async () => {
    const c = await t.user();
    const res = await c.post("/api/workspaces/", { name: "Org", slug: uniq(), organization_size: "1000" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      organization_size: ["Must be one of: Just myself, 2-10, 11-50, 51-200, 201-500, 500+."],
    });
    for (const size of ["Just myself", "2-10", "11-50", "51-200", "201-500", "500+"]) {
      const ok = await c.post("/api/workspaces/", { name: "Org", slug: uniq(), organization_size: size });
      expect(ok.status).toBe(201);
      expect(ok.body.organization_size).toBe(size);
    }
  });

  it("rejects wrong types and malformed JSON", async () => {
    const c = await t.user();
    const type = await c.post("/api/workspaces/", { name: 12, slug: uniq() });
    expect(type.status).toBe(400);
    expect(type.body).toEqual({ name: ["Not a valid string."] });
    const tz = await c.post("/api/workspaces/", { name: "Tz", slug: uniq(), timezone: "Nowhere/City" });
    expect(tz.status).toBe(400);
    expect(tz.body).toEqual({ timezone: ["Not a valid timezone."] });
    const json = await c.request("POST", "/api/workspaces/", '{"name":', { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
  });

  it("is refused with 403 when workspace creation is disabled, except for instance admins", async () => {
    const c = await t.user();
    const admin = await t.user();
    const [instance] = await t.db.db.select().from(schema.instances).limit(1);
    await t.db.db.insert(schema.instanceAdmins).values({ userId: admin.userId, instanceId: instance.id, role: 20 });
    await setInstanceConfig(t.db.db, t.app.secretKey, { DISABLE_WORKSPACE_CREATION: "1" });
    try {
      const res = await c.post("/api/workspaces/", { name: "Nope", slug: uniq() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Workspace creation is not allowed" });
      const ok = await admin.post("/api/workspaces/", { name: "Yes", slug: uniq() });
      expect(ok.status).toBe(201);
    } finally {
      await setInstanceConfig(t.db.db, t.app.secretKey, { DISABLE_WORKSPACE_CREATION: "0" });
    }
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().post("/api/workspaces/", { name: "A", slug: uniq() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("GET /api/workspaces/", () => {
  it("lists the caller's workspaces sorted by name, without role", async () => {
    const c = await t.user();
    await c.post("/api/workspaces/", { name: "beta", slug: uniq() });
    await c.post("/api/workspaces/", { name: "Alpha", slug: uniq() });
    const res = await c.get("/api/workspaces/");
    expect(res.status).toBe(200);
    expect(res.body.map((w: any) => w.name)).toEqual(["Alpha", "beta"]);
    expect(Object.keys(res.body[0]).sort()).toEqual(WORKSPACE_KEYS);
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/workspaces/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("GET /api/workspace-slug-check/", () => {
  it("reports availability; taken (any case), reserved and malformed slugs are unavailable", async () => {
    const c = await t.user();
    const slug = uniq("chk");
    expect((await c.get(`/api/workspace-slug-check/?slug=${slug}`)).body).toEqual({ status: true });
    await c.post("/api/workspaces/", { name: "Taken", slug });
    expect((await c.get(`/api/workspace-slug-check/?slug=${slug}`)).body).toEqual({ status: false });
    expect((await c.get(`/api/workspace-slug-check/?slug=${slug.toUpperCase()}`)).body).toEqual({ status: false });
    for (const s of ["god-mode", "profile", "has%20space", "x".repeat(49)]) {
      const res = await c.get(`/api/workspace-slug-check/?slug=${s}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: false });
    }
  });

  it("requires the slug parameter", async () => {
    const c = await t.user();
    for (const q of ["", "?slug="]) {
      const res = await c.get(`/api/workspace-slug-check/${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Workspace Slug is required" });
    }
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/workspace-slug-check/?slug=abc");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("workspace detail, update, delete", () => {
  it("GET: members of any role read it; outsiders 403; anonymous 401", async () => {
    const ws = await workspaceFixture(t);
    await matrix(ws, (c) => c.get(`/api/workspaces/${ws.slug}/`), {
      admin: [200],
      member: [200],
      guest: [200],
      outsider: [403, NOT_MEMBER],
      anon: [401, UNAUTH],
    });
    const res = await ws.guest.get(`/api/workspaces/${ws.slug}/`);
    expect(Object.keys(res.body).sort()).toEqual(WORKSPACE_KEYS);
    expect(res.body).toMatchObject({ id: ws.id, slug: ws.slug, total_members: 3, owner: ws.admin.userId });
  });

  it("GET of an unknown slug is 404", async () => {
    const c = await t.user();
    const res = await c.get("/api/workspaces/does-not-exist/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("PATCH: admin only", async () => {
    const ws = await workspaceFixture(t);
    await matrix(ws, (c) => c.patch(`/api/workspaces/${ws.slug}/`, { name: "Renamed" }), {
      admin: [200],
      member: [403, ROLE_DENIED],
      guest: [403, ROLE_DENIED],
      outsider: [403, NOT_MEMBER],
      anon: [401, UNAUTH],
    });
    const res = await ws.admin.patch(`/api/workspaces/${ws.slug}/`, {
      name: " New name ",
      organization_size: "51-200",
      timezone: "Asia/Tokyo",
      slug: "ignored-slug",
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(WORKSPACE_KEYS);
    expect(res.body).toMatchObject({
      name: "New name",
      organization_size: "51-200",
      timezone: "Asia/Tokyo",
      slug: ws.slug,
      updated_by: ws.admin.userId,
      total_members: 3,
    });
  });

  it("PATCH validates input", async () => {
    const ws = await workspaceFixture(t);
    const url = `/api/workspaces/${ws.slug}/`;
    const cases: [unknown, unknown][] = [
      [{ name: "x".repeat(81) }, { name: ["Ensure this field has no more than 80 characters."] }],
      [{ name: "" }, { name: ["This field may not be blank."] }],
      [{ name: 5 }, { name: ["Not a valid string."] }],
      [
        { organization_size: "huge" },
        { organization_size: ["Must be one of: Just myself, 2-10, 11-50, 51-200, 201-500, 500+."] },
      ],
      [{ timezone: "Bad/Zone" }, { timezone: ["Not a valid timezone."] }],
      [{ logo: "javascript:alert(1)" }, { logo: ["Enter a valid URL."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await ws.admin.patch(url, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const json = await ws.admin.request("PATCH", url, "nope", { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^JSON parse error/);
  });

  it("DELETE: admin only; removes the workspace and its memberships", async () => {
    const ws = await workspaceFixture(t);
    await ws.admin.patch("/api/users/me/profile/", { last_workspace_id: ws.id });
    for (const [c, status, body] of [
      [ws.outsider, 403, NOT_MEMBER],
      [ws.anon, 401, UNAUTH],
      [ws.guest, 403, ROLE_DENIED],
      [ws.member, 403, ROLE_DENIED],
    ] as const) {
      const res = await c.delete(`/api/workspaces/${ws.slug}/`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    }
    const res = await ws.admin.delete(`/api/workspaces/${ws.slug}/`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await ws.admin.get(`/api/workspaces/${ws.slug}/`)).status).toBe(404);
    const members = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.workspaceId, ws.id));
    expect(members).toHaveLength(0);
    const settings = await ws.admin.get("/api/users/me/settings/");
    expect(settings.body.workspace.last_workspace_id).toBeNull();
  });
});

describe("GET W/workspace-members/me/", () => {
  it("returns the caller's membership with draft_issue_count (role matrix)", async () => {
    const ws = await workspaceFixture(t);
    await matrix(ws, (c) => c.get(`/api/workspaces/${ws.slug}/workspace-members/me/`), {
      admin: [200],
      member: [200],
      guest: [200],
      outsider: [403, NOT_MEMBER],
      anon: [401, UNAUTH],
    });
    const res = await ws.member.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(Object.keys(res.body).sort()).toEqual(MEMBER_ME_KEYS);
    expect(res.body).toMatchObject({
      role: 15,
      member: ws.member.userId,
      workspace: ws.id,
      is_active: true,
      draft_issue_count: 0,
    });
  });

  it("counts the caller's draft work items in the workspace", async () => {
    const ws = await workspaceFixture(t);
    const [p] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Drafts", identifier: "DRF" })
      .returning();
    await t.db.db.insert(schema.issues).values([
      { workspaceId: ws.id, projectId: p.id, name: "d1", sequenceId: 1, isDraft: true, createdById: ws.member.userId },
      { workspaceId: ws.id, projectId: p.id, name: "d2", sequenceId: 2, isDraft: true, createdById: ws.member.userId },
      {
        workspaceId: ws.id,
        projectId: p.id,
        name: "real",
        sequenceId: 3,
        isDraft: false,
        createdById: ws.member.userId,
      },
      {
        workspaceId: ws.id,
        projectId: p.id,
        name: "other",
        sequenceId: 4,
        isDraft: true,
        createdById: ws.admin.userId,
      },
    ]);
    const res = await ws.member.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(res.body.draft_issue_count).toBe(2);
  });

  it("403s a former member", async () => {
    const ws = await workspaceFixture(t);
    await t.db.db
      .update(schema.workspaceMembers)
      .set({ isActive: false })
      .where(
        and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, ws.guest.userId)),
      );
    const res = await ws.guest.get(`/api/workspaces/${ws.slug}/workspace-members/me/`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NOT_MEMBER);
  });
});

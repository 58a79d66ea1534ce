import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import rootPackage from "../../../package.json" with { type: "json" };
import {
  STRONG_PASSWORD,
  WEAK_PASSWORD,
  WEB,
  adminSessionFor,
  configure,
  formPost,
  passwordUser,
  query,
  setupInstance,
  type AdminSetup,
} from "./auth-helpers.ts";
import type { Client } from "./helpers/client.ts";

const NOT_ADMIN = { detail: "You do not have permission to perform this action." };
const NO_AUTH = { detail: "Authentication credentials were not provided." };

describe("before setup", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("seeds the instance row at first boot, not set up, with every configuration key", async () => {
    const res = await t.anon().get("/api/instances/");
    expect(res.status).toBe(200);
    const { instance, config } = res.body;
    expect(instance.instance_id).toMatch(/^[0-9a-f]{24}$/);
    expect(instance).toMatchObject({
      edition: "PLANE_COMMUNITY",
      current_version: rootPackage.version,
      is_setup_done: false,
      is_signup_screen_visited: false,
      is_telemetry_enabled: false,
      is_current_version_deprecated: false,
      workspaces_exist: false,
      deleted_at: null,
      instance_name: "Plane Community Edition",
    });
    expect(Object.keys(instance).sort()).toEqual([
      "created_at",
      "created_by",
      "current_version",
      "deleted_at",
      "domain",
      "edition",
      "id",
      "instance_id",
      "instance_name",
      "is_current_version_deprecated",
      "is_setup_done",
      "is_signup_screen_visited",
      "is_support_required",
      "is_telemetry_enabled",
      "is_test",
      "is_verified",
      "last_checked_at",
      "latest_version",
      "namespace",
      "updated_at",
      "updated_by",
      "whitelist_emails",
      "workspaces_exist",
    ]);
    expect(config).toEqual({
      enable_signup: true,
      is_workspace_creation_disabled: false,
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_gitea_enabled: false,
      is_oidc_enabled: false,
      oidc_button_label: "",
      is_magic_login_enabled: false,
      is_email_password_enabled: true,
      github_app_name: "",
      slack_client_id: null,
      posthog_api_key: null,
      posthog_host: null,
      has_unsplash_configured: false,
      has_llm_configured: false,
      file_size_limit: 5242880,
      local_db_enabled: true,
      is_smtp_configured: false,
      admin_base_url: WEB,
      space_base_url: WEB,
      app_base_url: WEB,
      instance_changelog_url: null,
      is_self_managed: true,
    });
    const rows = await t.db.db.select().from(schema.instanceConfigurations);
    expect(rows.length).toBe(42);
  });

  it("boot seeding is idempotent (a second start keeps the same instance)", async () => {
    const before = await t.db.db.select().from(schema.instances);
    const { bootTasks } = await import("../src/startup.ts");
    for (const task of bootTasks) await task(t.app);
    const after = await t.db.db.select().from(schema.instances);
    expect(after.length).toBe(1);
    expect(after[0].instanceId).toBe(before[0].instanceId);
    expect((await t.db.db.select().from(schema.instanceConfigurations)).length).toBe(42);
  });

  it("refuses app sign-up and email-check until setup is done (5000)", async () => {
    const c = t.anon();
    const res = await formPost(c, "/auth/sign-up/", { email: "a@example.com", password: STRONG_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
    const check = await c.post("/auth/email-check/", { email: "a@example.com" });
    expect(check.status).toBe(400);
    expect(check.body).toEqual({ error_code: 5000, error_message: "INSTANCE_NOT_CONFIGURED" });
  });

  it("records the sign-up screen visit (204)", async () => {
    const res = await t.anon().post("/api/instances/admins/sign-up-screen-visited/");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const info = await t.anon().get("/api/instances/");
    expect(info.body.instance.is_signup_screen_visited).toBe(true);
  });

  it("admin sign-up failures redirect in order with the echoed fields", async () => {
    const c = t.anon();
    const base = `${WEB}/god-mode/`;
    let res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "",
      password: STRONG_PASSWORD,
      first_name: "Ann",
      last_name: "Lee",
      company_name: "Co",
    });
    expect(res.status).toBe(302);
    expect(res.location!.startsWith(base + "?")).toBe(true);
    expect(query(res.location)).toEqual({
      error_code: "5155",
      error_message: "REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME",
      email: "",
      first_name: "Ann",
      last_name: "Lee",
      company_name: "Co",
      is_telemetry_enabled: "True",
    });
    res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "x@example.com",
      password: STRONG_PASSWORD,
      first_name: "",
    });
    expect(query(res.location).error_code).toBe("5155");
    res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "x@example.com",
      password: "",
      first_name: "Ann",
    });
    expect(query(res.location).error_code).toBe("5155");
    res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "not-an-email",
      password: STRONG_PASSWORD,
      first_name: "Ann",
    });
    expect(query(res.location)).toMatchObject({
      error_code: "5160",
      error_message: "INVALID_ADMIN_EMAIL",
      email: "not-an-email",
    });
    const existing = await passwordUser(t);
    res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: existing.email.toUpperCase(),
      password: STRONG_PASSWORD,
      first_name: "Ann",
    });
    expect(query(res.location)).toMatchObject({
      error_code: "5180",
      error_message: "ADMIN_USER_ALREADY_EXIST",
      email: existing.email,
    });
    res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "new-admin@example.com",
      password: WEAK_PASSWORD,
      first_name: "Ann",
    });
    expect(query(res.location)).toMatchObject({
      error_code: "5021",
      error_message: "PASSWORD_TOO_WEAK",
      email: "new-admin@example.com",
    });
    expect(c.cookies.has("admin-session-id")).toBe(false);
  });

  it("admin sign-in before any admin exists reports the user as not existing (5185)", async () => {
    const res = await formPost(t.anon(), "/api/instances/admins/sign-in/", {
      email: "nobody@example.com",
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(
      `${WEB}/god-mode/?error_code=5185&error_message=ADMIN_USER_DOES_NOT_EXIST&email=nobody%40example.com`,
    );
  });

  it("refuses form posts without a valid CSRF token (403)", async () => {
    const c = t.anon();
    let res = await c.form("/api/instances/admins/sign-up/", {
      email: "a@example.com",
      password: STRONG_PASSWORD,
      first_name: "A",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("CSRF verification failed");
    await formPost(c, "/api/instances/admins/sign-in/", { email: "", password: "" }); // gets a cookie
    res = await c.form("/api/instances/admins/sign-in/", {
      csrfmiddlewaretoken: "x".repeat(43),
      email: "a@example.com",
      password: "p",
    });
    expect(res.status).toBe(403);
  });

  it("first admin sign-up creates user, profile and admin, finishes setup and logs in under admin-session-id", async () => {
    const c = t.anon();
    const res = await formPost(c, "/api/instances/admins/sign-up/", {
      email: "  Root@Example.COM ",
      password: STRONG_PASSWORD,
      first_name: "Root",
      last_name: "Admin",
      company_name: "Acme Inc",
      is_telemetry_enabled: "False",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/god-mode/general/`);
    const setCookie = res.headers.getSetCookie().find((s) => s.startsWith("admin-session-id="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=3600/);
    expect(res.headers.getSetCookie().some((s) => s.startsWith("session-id="))).toBe(false);

    const me = await c.get("/api/instances/admins/me/");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: "root@example.com",
      first_name: "Root",
      last_name: "Admin",
      display_name: "root",
      is_active: true,
      is_password_autoset: false,
      user_timezone: "UTC",
    });
    expect(Object.keys(me.body).sort()).toEqual([
      "avatar",
      "avatar_url",
      "cover_image",
      "date_joined",
      "display_name",
      "email",
      "first_name",
      "id",
      "is_active",
      "is_bot",
      "is_email_verified",
      "is_password_autoset",
      "last_name",
      "user_timezone",
      "username",
    ]);
    expect(me.body.username).toMatch(/^[0-9a-f]{32}$/);

    const info = await t.anon().get("/api/instances/");
    expect(info.body.instance).toMatchObject({
      is_setup_done: true,
      instance_name: "Acme Inc",
      is_telemetry_enabled: false,
    });
    const [profile] = await t.db.db.select().from(schema.profiles).where(eq(schema.profiles.userId, me.body.id));
    expect(profile.companyName).toBe("Acme Inc");
    const [u] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, me.body.id));
    expect(u.password).toMatch(/^scrypt\$/);

    // a second sign-up is refused: an admin exists (5150), echoing the fields
    const again = await formPost(t.anon(), "/api/instances/admins/sign-up/", {
      email: "other@example.com",
      password: STRONG_PASSWORD,
      first_name: "O",
    });
    expect(query(again.location)).toEqual({
      error_code: "5150",
      error_message: "ADMIN_ALREADY_EXIST",
      email: "other@example.com",
      first_name: "O",
      last_name: "",
      company_name: "",
      is_telemetry_enabled: "True",
    });
  });
});

describe("instance without a row", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await t.db.db.delete(schema.instances);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /api/instances/ says not activated", async () => {
    const res = await t.anon().get("/api/instances/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_activated: false, is_setup_done: false });
  });
  it("admin sign-up and sign-in give 5000", async () => {
    let res = await formPost(t.anon(), "/api/instances/admins/sign-up/", {
      email: "a@example.com",
      password: STRONG_PASSWORD,
      first_name: "A",
    });
    expect(res.location).toBe(`${WEB}/god-mode/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
    res = await formPost(t.anon(), "/api/instances/admins/sign-in/", {
      email: "a@example.com",
      password: STRONG_PASSWORD,
    });
    expect(res.location).toBe(`${WEB}/god-mode/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
  });
});

describe("god mode after setup", () => {
  let t: TestServer;
  let root: AdminSetup;
  let nonAdmin: Client;
  let appUser: Client;
  beforeAll(async () => {
    t = await startTestServer();
    root = await setupInstance(t, { email: "root@example.com" });
    appUser = await t.user();
    nonAdmin = await adminSessionFor(t, appUser.userId);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every admin endpoint: anonymous 401, app session only 401, non-admin god-mode session 403. */
  const adminEndpoints: [string, string, unknown?][] = [
    ["PATCH", "/api/instances/", { instance_name: "X" }],
    ["GET", "/api/instances/admins/me/"],
    ["GET", "/api/instances/admins/"],
    ["POST", "/api/instances/admins/", { email: "root@example.com" }],
    ["DELETE", "/api/instances/admins/00000000-0000-4000-8000-000000000000/"],
    ["GET", "/api/instances/configurations/"],
    ["PATCH", "/api/instances/configurations/", { ENABLE_SIGNUP: "0" }],
    ["DELETE", "/api/instances/configurations/disable-email-feature/"],
    ["POST", "/api/instances/email-credentials-check/", { receiver_email: "a@example.com" }],
    ["GET", "/api/instances/workspaces/"],
    ["POST", "/api/instances/workspaces/", { name: "W", slug: "w-role" }],
    ["GET", "/api/instances/workspace-slug-check/?slug=abc"],
  ];
  for (const [method, path, body] of adminEndpoints) {
    it(`${method} ${path}: anonymous 401, app session 401, non-admin 403`, async () => {
      const anon = await t.anon().request(method, path, body);
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual(NO_AUTH);
      const app = await appUser.request(method, path, body);
      expect(app.status).toBe(401);
      const na = await nonAdmin.request(method, path, body);
      expect(na.status).toBe(403);
      expect(na.body).toEqual(NOT_ADMIN);
    });
  }

  it("admin session endpoint reports the signed-in admin, or not", async () => {
    const yes = await root.admin.get("/api/instances/admins/session/");
    expect(yes.status).toBe(200);
    expect(yes.body.is_authenticated).toBe(true);
    expect(yes.body.user.email).toBe("root@example.com");
    const no = await t.anon().get("/api/instances/admins/session/");
    expect(no.body).toEqual({ is_authenticated: false });
    // an app session is not a god-mode session
    expect((await appUser.get("/api/instances/admins/session/")).body).toEqual({ is_authenticated: false });
  });

  it("PATCH /api/instances/ updates writable fields and ignores read-only ones", async () => {
    const before = (await t.anon().get("/api/instances/")).body.instance;
    const res = await root.admin.patch("/api/instances/", {
      instance_name: "Stride HQ",
      is_telemetry_enabled: true,
      is_setup_done: false,
      instance_id: "hack",
      id: "x",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      instance_name: "Stride HQ",
      is_telemetry_enabled: true,
      is_setup_done: true,
      instance_id: before.instance_id,
      id: before.id,
    });
    const bad = await root.admin.patch("/api/instances/", { instance_name: 12 });
    expect(bad.status).toBe(400);
    expect(bad.body.instance_name).toBeDefined();
    const long = await root.admin.patch("/api/instances/", { instance_name: "x".repeat(256) });
    expect(long.status).toBe(400);
    const malformed = await root.admin.request("PATCH", "/api/instances/", "{not json", {
      "content-type": "application/json",
    });
    expect(malformed.status).toBe(400);
  });

  it("admin sign-in failures in order: 5170, 5160, 5185, 5190, 5175", async () => {
    const c = t.anon();
    const go = (fields: Record<string, string>) =>
      formPost(c, "/api/instances/admins/sign-in/", fields).then((r) => query(r.location));
    expect(await go({ email: "", password: "x" })).toEqual({
      error_code: "5170",
      error_message: "REQUIRED_ADMIN_EMAIL_PASSWORD",
      email: "",
    });
    expect(await go({ email: "root@example.com", password: "" })).toMatchObject({ error_code: "5170" });
    expect(await go({ email: "bad@", password: "x" })).toMatchObject({
      error_code: "5160",
      error_message: "INVALID_ADMIN_EMAIL",
    });
    expect(await go({ email: "ghost@example.com", password: "x" })).toMatchObject({
      error_code: "5185",
      error_message: "ADMIN_USER_DOES_NOT_EXIST",
    });
    const inactive = await passwordUser(t, { isActive: false });
    expect(await go({ email: inactive.email, password: inactive.password })).toMatchObject({
      error_code: "5190",
      error_message: "ADMIN_USER_DEACTIVATED",
    });
    expect(await go({ email: "root@example.com", password: "wrong-password" })).toMatchObject({
      error_code: "5175",
      error_message: "ADMIN_AUTHENTICATION_FAILED",
    });
    const plain = await passwordUser(t);
    expect(await go({ email: plain.email, password: plain.password })).toMatchObject({ error_code: "5175" });
    expect(c.cookies.has("admin-session-id")).toBe(false);
  });

  it("admin sign-in succeeds, sign-out clears the session and redirects to the admin base", async () => {
    const c = t.anon();
    const res = await formPost(c, "/api/instances/admins/sign-in/", {
      email: " ROOT@example.com",
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/god-mode/general/`);
    expect((await c.get("/api/instances/admins/me/")).status).toBe(200);
    const token = c.cookies.get("admin-session-id")!;
    const out = await formPost(c, "/api/instances/admins/sign-out/", {});
    expect(out.status).toBe(302);
    expect(out.location).toBe(`${WEB}/god-mode`);
    expect(c.cookies.has("admin-session-id")).toBe(false);
    // the old cookie no longer works: the session row is gone
    c.setCookie("admin-session-id", token);
    expect((await c.get("/api/instances/admins/me/")).status).toBe(401);
  });

  it("lists, adds and removes instance admins; the last admin cannot be removed", async () => {
    const list = await root.admin.get("/api/instances/admins/");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(Object.keys(list.body[0]).sort()).toEqual([
      "created_at",
      "created_by",
      "deleted_at",
      "id",
      "instance",
      "is_verified",
      "role",
      "updated_at",
      "updated_by",
      "user",
      "user_detail",
    ]);
    expect(list.body[0].user_detail).toMatchObject({
      email: "root@example.com",
      first_name: "Root",
      display_name: "root",
      last_login_medium: "email",
      is_bot: false,
    });
    expect(list.body[0].role).toBe(20);

    expect((await root.admin.post("/api/instances/admins/", {})).body).toEqual({ error: "Email is required" });
    const unknown = await root.admin.post("/api/instances/admins/", { email: "ghost@example.com" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "The required object does not exist." });
    const badRole = await root.admin.post("/api/instances/admins/", { email: "root@example.com", role: 99 });
    expect(badRole.status).toBe(400);
    expect(badRole.body.role).toBeDefined();

    const second = await passwordUser(t);
    const added = await root.admin.post("/api/instances/admins/", { email: second.email.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ user: second.id, role: 20, user_detail: { email: second.email } });
    const dup = await root.admin.post("/api/instances/admins/", { email: second.email });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ error: "User is already an instance admin" });

    // the new admin can sign in to god mode
    const c = t.anon();
    const signIn = await formPost(c, "/api/instances/admins/sign-in/", {
      email: second.email,
      password: second.password,
    });
    expect(signIn.location).toBe(`${WEB}/god-mode/general/`);
    expect((await c.get("/api/instances/admins/")).body).toHaveLength(2);

    expect((await root.admin.delete("/api/instances/admins/not-a-uuid/")).status).toBe(404);
    expect((await root.admin.delete("/api/instances/admins/00000000-0000-4000-8000-000000000000/")).status).toBe(404);
    const del = await root.admin.delete(`/api/instances/admins/${added.body.id}/`);
    expect(del.status).toBe(204);
    // the removed admin's god-mode session ends
    expect((await c.get("/api/instances/admins/me/")).status).toBe(401);

    const rootRow = (await root.admin.get("/api/instances/admins/")).body[0];
    const last = await root.admin.delete(`/api/instances/admins/${rootRow.id}/`);
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ error: "The last instance admin cannot be removed." });
  });

  it('configurations: GET lists every key decrypted; PATCH changes only existing keys, stringified and trimmed, null → ""', async () => {
    const list = await root.admin.get("/api/instances/configurations/");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(42);
    const row = list.body.find((r: { key: string }) => r.key === "EMAIL_PORT");
    expect(row).toMatchObject({
      key: "EMAIL_PORT",
      value: "587",
      category: "SMTP",
      is_encrypted: false,
      set_by_environment: false,
      deleted_at: null,
    });
    expect(Object.keys(row).sort()).toEqual([
      "category",
      "created_at",
      "created_by",
      "deleted_at",
      "id",
      "is_encrypted",
      "key",
      "set_by_environment",
      "updated_at",
      "updated_by",
      "value",
    ]);
    expect(list.body.find((r: { key: string }) => r.key === "EMAIL_HOST_PASSWORD").is_encrypted).toBe(true);

    const res = await root.admin.patch("/api/instances/configurations/", {
      EMAIL_PORT: 2525,
      EMAIL_HOST: "  smtp.example.com  ",
      EMAIL_FROM: null,
      NOT_A_KEY: "x",
      ENABLE_SIGNUP: "0",
    });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.map((r: { key: string; value: string }) => [r.key, r.value]));
    expect(byKey).toEqual({ EMAIL_PORT: "2525", EMAIL_HOST: "smtp.example.com", EMAIL_FROM: "", ENABLE_SIGNUP: "0" });
    const info = (await t.anon().get("/api/instances/")).body.config;
    expect(info.enable_signup).toBe(false);
    expect(info.is_smtp_configured).toBe(true);
    await configure(root.admin, { ENABLE_SIGNUP: "1" });

    const badType = await root.admin.patch("/api/instances/configurations/", { EMAIL_HOST: { nested: true } });
    expect(badType.status).toBe(400);
    expect(badType.body.EMAIL_HOST).toBeDefined();
    const notObject = await root.admin.patch("/api/instances/configurations/", ["x"]);
    expect(notObject.status).toBe(400);
  });

  it("secrets are encrypted at rest and returned decrypted", async () => {
    const secret = "smtp-pass-Z9!q";
    await configure(root.admin, {
      EMAIL_HOST_PASSWORD: secret,
      GOOGLE_CLIENT_SECRET: "g-secret-123",
      LLM_API_KEY: "sk-test-abc",
      UNSPLASH_ACCESS_KEY: "unsplash-1",
    });
    const raw = await t.db.db.execute<{ key: string; value: string }>(
      sql`SELECT key, value FROM instance_configurations WHERE key IN ('EMAIL_HOST_PASSWORD','GOOGLE_CLIENT_SECRET','LLM_API_KEY')`,
    );
    const rows = raw as unknown as { key: string; value: string }[];
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.value).not.toContain(secret);
      expect(r.value).not.toContain("g-secret-123");
      expect(r.value).not.toContain("sk-test-abc");
      expect(r.value.startsWith("enc:v1:")).toBe(true);
    }
    const list = await root.admin.get("/api/instances/configurations/");
    const byKey = Object.fromEntries(list.body.map((r: { key: string; value: string }) => [r.key, r.value]));
    expect(byKey.EMAIL_HOST_PASSWORD).toBe(secret);
    expect(byKey.GOOGLE_CLIENT_SECRET).toBe("g-secret-123");
    const info = (await t.anon().get("/api/instances/")).body.config;
    expect(info.has_llm_configured).toBe(true);
    expect(info.has_unsplash_configured).toBe(true);
  });

  it("a sign-in provider cannot be switched on without its credentials, nor lose them while on (field errors)", async () => {
    await configure(root.admin, { IS_GOOGLE_ENABLED: "0", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" });
    const refused = await root.admin.patch("/api/instances/configurations/", { IS_GOOGLE_ENABLED: "1" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      GOOGLE_CLIENT_ID: ["Required while Google sign-in is on."],
      GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."],
    });
    // a boolean counts as the flag, and a whitespace-only credential as empty; nothing of the change is kept
    const partly = await root.admin.patch("/api/instances/configurations/", {
      IS_GOOGLE_ENABLED: true,
      GOOGLE_CLIENT_ID: "client-1",
      GOOGLE_CLIENT_SECRET: "   ",
    });
    expect(partly.status).toBe(400);
    expect(partly.body).toEqual({ GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."] });
    expect((await t.anon().get("/api/instances/")).body.config.is_google_enabled).toBe(false);
    const cfg = Object.fromEntries(
      (await root.admin.get("/api/instances/configurations/")).body.map((r: { key: string; value: string }) => [
        r.key,
        r.value,
      ]),
    );
    expect(cfg.GOOGLE_CLIENT_ID).toBe("");

    const on = await root.admin.patch("/api/instances/configurations/", {
      IS_GOOGLE_ENABLED: "1",
      GOOGLE_CLIENT_ID: "client-1",
      GOOGLE_CLIENT_SECRET: "secret-1",
    });
    expect(on.status).toBe(200);
    expect((await t.anon().get("/api/instances/")).body.config.is_google_enabled).toBe(true);
    const emptied = await root.admin.patch("/api/instances/configurations/", { GOOGLE_CLIENT_SECRET: "" });
    expect(emptied.status).toBe(400);
    expect(emptied.body).toEqual({ GOOGLE_CLIENT_SECRET: ["Required while Google sign-in is on."] });
    // self-hosted providers need their host too
    const gitlab = await root.admin.patch("/api/instances/configurations/", {
      IS_GITLAB_ENABLED: "1",
      GITLAB_CLIENT_ID: "a",
      GITLAB_CLIENT_SECRET: "b",
    });
    expect(gitlab.status).toBe(400);
    expect(gitlab.body).toEqual({ GITLAB_HOST: ["Required while GitLab sign-in is on."] });
    // switching off and clearing together is fine
    await configure(root.admin, { IS_GOOGLE_ENABLED: "0", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" });
    expect((await t.anon().get("/api/instances/")).body.config.is_google_enabled).toBe(false);
  });

  it("disable-email-feature clears the SMTP settings (200, empty body)", async () => {
    await configure(root.admin, {
      EMAIL_HOST: "smtp.example.com",
      EMAIL_HOST_USER: "u",
      EMAIL_HOST_PASSWORD: "p",
      EMAIL_PORT: "25",
      EMAIL_FROM: "a@example.com",
      ENABLE_SMTP: "1",
    });
    const res = await root.admin.delete("/api/instances/configurations/disable-email-feature/");
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    const list = await root.admin.get("/api/instances/configurations/");
    const byKey = Object.fromEntries(list.body.map((r: { key: string; value: string }) => [r.key, r.value]));
    expect(byKey).toMatchObject({
      EMAIL_HOST: "",
      EMAIL_HOST_USER: "",
      EMAIL_HOST_PASSWORD: "",
      EMAIL_PORT: "",
      EMAIL_FROM: "",
      ENABLE_SMTP: "0",
    });
    expect((await t.anon().get("/api/instances/")).body.config.is_smtp_configured).toBe(false);
  });

  it("email-credentials-check validates its input", async () => {
    expect((await root.admin.post("/api/instances/email-credentials-check/", {})).body).toEqual({
      error: "Receiver email is required",
    });
    const bad = await root.admin.post("/api/instances/email-credentials-check/", { receiver_email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "Receiver email is not valid" });
    const noHost = await root.admin.post("/api/instances/email-credentials-check/", {
      receiver_email: "a@example.com",
    });
    expect(noHost.status).toBe(400);
    expect(noHost.body).toEqual({ error: "Email host is not configured." });
  });

  it("workspaces: create, slug check, paginated list with search", async () => {
    const slugFree = await root.admin.get("/api/instances/workspace-slug-check/?slug=acme");
    expect(slugFree.body).toEqual({ status: true });
    expect((await root.admin.get("/api/instances/workspace-slug-check/?slug=god-mode")).body).toEqual({
      status: false,
    });
    const noSlug = await root.admin.get("/api/instances/workspace-slug-check/");
    expect(noSlug.status).toBe(400);
    expect(noSlug.body).toEqual({ error: "Workspace Slug is required" });

    const created = await root.admin.post("/api/instances/workspaces/", {
      name: "Acme",
      slug: "acme",
      organization_size: "2-10",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Acme",
      slug: "acme",
      organization_size: "2-10",
      total_members: 1,
      role: 20,
      timezone: "UTC",
      logo_url: null,
    });
    expect((await root.admin.get("/api/instances/workspace-slug-check/?slug=ACME")).body).toEqual({ status: false });
    expect((await t.anon().get("/api/instances/")).body.instance.workspaces_exist).toBe(true);

    const dup = await root.admin.post("/api/instances/workspaces/", { name: "Acme 2", slug: "acme" });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ slug: "The workspace with the slug already exists" });
    expect((await root.admin.post("/api/instances/workspaces/", { name: "A" })).body).toEqual({
      error: "Both name and slug are required",
    });
    expect((await root.admin.post("/api/instances/workspaces/", { name: "x".repeat(81), slug: "long" })).body).toEqual({
      error: "The maximum length for name is 80 and for slug is 48",
    });
    expect((await root.admin.post("/api/instances/workspaces/", { name: "x", slug: "s".repeat(49) })).status).toBe(400);
    expect((await root.admin.post("/api/instances/workspaces/", { name: "x", slug: "god-mode" })).body).toEqual({
      slug: ["Slug is not valid"],
    });
    expect((await root.admin.post("/api/instances/workspaces/", { name: "x", slug: "bad slug!" })).body).toEqual({
      slug: ["Slug is not valid"],
    });
    expect((await root.admin.post("/api/instances/workspaces/", { name: 5, slug: "five" })).status).toBe(400);
    expect(
      (await root.admin.post("/api/instances/workspaces/", { name: "x", slug: "orgs", organization_size: "huge" }))
        .status,
    ).toBe(400);

    for (let i = 0; i < 11; i++) {
      const r = await root.admin.post("/api/instances/workspaces/", {
        name: `Team ${String(i).padStart(2, "0")}`,
        slug: `team-${i}`,
      });
      expect(r.status).toBe(201);
    }
    const page1 = await root.admin.get("/api/instances/workspaces/");
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({
      total_count: 12,
      count: 10,
      total_pages: 2,
      next_page_results: true,
      prev_page_results: false,
      next_cursor: "10:1:0",
      grouped_by: null,
      extra_stats: null,
    });
    expect(page1.body.results).toHaveLength(10);
    const first = page1.body.results[0];
    expect(first.owner).toEqual({
      id: expect.any(String),
      email: "root@example.com",
      first_name: "Root",
      last_name: "Admin",
    });
    expect(first).toMatchObject({ total_projects: 0, total_members: 1 });
    const page2 = await root.admin.get("/api/instances/workspaces/?cursor=10:1:0");
    expect(page2.body).toMatchObject({ count: 2, next_page_results: false, prev_page_results: true });
    const found = await root.admin.get("/api/instances/workspaces/?search=ACM");
    expect(found.body.total_count).toBe(1);
    expect(found.body.results[0].slug).toBe("acme");
    const tooMany = await root.admin.get("/api/instances/workspaces/?per_page=11");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ detail: "Invalid per_page value. Cannot exceed 10." });
    const badCursor = await root.admin.get("/api/instances/workspaces/?cursor=zzz");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toEqual({ detail: "Invalid cursor parameter." });
  });
});

import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  WEAK_PASSWORD,
  WEB,
  configure,
  csrfToken,
  formPost,
  passwordUser,
  query,
  setupInstance,
  userRow,
  type AdminSetup,
} from "./auth-helpers.ts";

let t: TestServer;
let root: AdminSetup;
beforeAll(async () => {
  t = await startTestServer();
  root = await setupInstance(t);
});
afterAll(async () => {
  await t?.close();
});

const uniq = (p = "u") => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;

async function workspaceWithInvite(email: string, opts: { accepted: boolean; role: number }) {
  const owner = await passwordUser(t);
  const slug = "ws-" + crypto.randomBytes(4).toString("hex");
  const [ws] = await t.db.db.insert(schema.workspaces).values({ name: slug, slug, ownerId: owner.id }).returning();
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: owner.id, role: 20 });
  const [inv] = await t.db.db
    .insert(schema.workspaceInvitations)
    .values({
      workspaceId: ws.id,
      email,
      accepted: opts.accepted,
      role: opts.role,
      token: crypto.randomBytes(16).toString("hex"),
      createdById: owner.id,
    })
    .returning();
  return { ws, inv };
}

describe("CSRF token", () => {
  it("GET /auth/get-csrf-token/ returns the token and sets the csrftoken cookie (HttpOnly, Lax, Path=/)", async () => {
    const c = t.anon();
    const res = await c.get("/auth/get-csrf-token/");
    expect(res.status).toBe(200);
    expect(res.body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith("csrftoken="))!;
    expect(cookie).toContain(`csrftoken=${res.body.csrf_token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    // a second call keeps the same token
    expect((await c.get("/auth/get-csrf-token/")).body.csrf_token).toBe(res.body.csrf_token);
  });

  it("form endpoints refuse a missing or wrong token with 403 HTML; the header form is accepted", async () => {
    const c = t.anon();
    for (const path of [
      "/auth/sign-in/",
      "/auth/sign-up/",
      "/auth/magic-sign-in/",
      "/auth/magic-sign-up/",
      "/auth/sign-out/",
      "/auth/reset-password/abc/def/",
    ]) {
      const res = await c.form(path, { email: "a@example.com", password: "x" });
      expect(res.status).toBe(403);
      expect(res.text).toContain("CSRF verification failed");
    }
    const token = await csrfToken(c);
    const wrong = await c.form("/auth/sign-in/", {
      csrfmiddlewaretoken: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
      email: "a@example.com",
      password: "x",
    });
    expect(wrong.status).toBe(403);
    // a token without the cookie is refused too
    const fresh = t.anon();
    expect(
      (await fresh.form("/auth/sign-in/", { csrfmiddlewaretoken: token, email: "a@example.com", password: "x" }))
        .status,
    ).toBe(403);
    // header X-CSRFToken works for forms
    const viaHeader = await c.request(
      "POST",
      "/auth/sign-in/",
      new URLSearchParams({ email: "ghost@example.com", password: "x" }).toString(),
      {
        "content-type": "application/x-www-form-urlencoded",
        "x-csrftoken": token,
      },
    );
    expect(viaHeader.status).toBe(302);
  });
});

describe("email-check", () => {
  it("validates: 5010 missing, 5005 invalid (emails trimmed and lower-cased)", async () => {
    const c = t.anon();
    let res = await c.post("/auth/email-check/", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5010, error_message: "EMAIL_REQUIRED" });
    res = await c.post("/auth/email-check/", { email: "   " });
    expect(res.body).toEqual({ error_code: 5010, error_message: "EMAIL_REQUIRED" });
    res = await c.post("/auth/email-check/", { email: " Not An Email " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5005, error_message: "INVALID_EMAIL", email: "not an email" });
    res = await c.post("/auth/email-check/", { email: 42 });
    expect(res.body.error_code).toBe(5005);
    res = await c.post("/auth/email-check/", { email: "a".repeat(250) + "@example.com" });
    expect(res.body.error_code).toBe(5005);
    res = await c.request("POST", "/auth/email-check/", "{bad json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/JSON parse error/);
  });

  it("new users get CREDENTIAL (MAGIC_CODE only when SMTP and magic login are on)", async () => {
    const res = await t.anon().post("/auth/email-check/", { email: uniq() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing: false, status: "CREDENTIAL" });
    await configure(root.admin, { EMAIL_HOST: "127.0.0.1", ENABLE_MAGIC_LINK_LOGIN: "1" });
    try {
      expect((await t.anon().post("/auth/email-check/", { email: uniq() })).body).toEqual({
        existing: false,
        status: "MAGIC_CODE",
      });
      const pw = await passwordUser(t);
      expect((await t.anon().post("/auth/email-check/", { email: pw.email.toUpperCase() })).body).toEqual({
        existing: true,
        status: "CREDENTIAL",
      });
      const auto = await passwordUser(t, { isPasswordAutoset: true });
      expect((await t.anon().post("/auth/email-check/", { email: auto.email })).body).toEqual({
        existing: true,
        status: "MAGIC_CODE",
      });
    } finally {
      await configure(root.admin, { EMAIL_HOST: "", ENABLE_MAGIC_LINK_LOGIN: "0" });
    }
    const auto = await passwordUser(t, { isPasswordAutoset: true });
    expect((await t.anon().post("/auth/email-check/", { email: auto.email })).body).toEqual({
      existing: true,
      status: "CREDENTIAL",
    });
  });

  it("a deactivated account gets 5019", async () => {
    const u = await passwordUser(t, { isActive: false });
    const res = await t.anon().post("/auth/email-check/", { email: u.email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5019, error_message: "USER_ACCOUNT_DEACTIVATED", email: u.email });
  });
});

describe("sign-up", () => {
  it("errors in order: 5040, 5045, 5030, 5021 — each a 302 with error_code, error_message and email", async () => {
    const c = t.anon();
    let res = await formPost(c, "/auth/sign-up/", { email: "", password: STRONG_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?error_code=5040&error_message=REQUIRED_EMAIL_PASSWORD_SIGN_UP`);
    res = await formPost(c, "/auth/sign-up/", { email: "x@example.com", password: "" });
    expect(res.location).toBe(
      `${WEB}/?error_code=5040&error_message=REQUIRED_EMAIL_PASSWORD_SIGN_UP&email=x%40example.com`,
    );
    res = await formPost(c, "/auth/sign-up/", { email: "bad", password: STRONG_PASSWORD, next_path: "/ws/projects/" });
    expect(res.location).toBe(
      `${WEB}/?next_path=%2Fws%2Fprojects%2F&error_code=5045&error_message=INVALID_EMAIL_SIGN_UP&email=bad`,
    );
    const existing = await passwordUser(t);
    res = await formPost(c, "/auth/sign-up/", { email: existing.email, password: STRONG_PASSWORD });
    expect(query(res.location)).toEqual({
      error_code: "5030",
      error_message: "USER_ALREADY_EXIST",
      email: existing.email,
    });
    const email = uniq();
    res = await formPost(c, "/auth/sign-up/", { email, password: WEAK_PASSWORD });
    expect(query(res.location)).toEqual({ error_code: "5021", error_message: "PASSWORD_TOO_WEAK", email });
    res = await formPost(c, "/auth/sign-up/", { email, password: "Sh0rt!" });
    expect(query(res.location).error_code).toBe("5021");
    expect(await userRow(t, email)).toBeUndefined();
    expect(c.cookies.has("session-id")).toBe(false);
  });

  it("a deactivated account cannot sign up again (5019)", async () => {
    const u = await passwordUser(t, { isActive: false });
    const res = await formPost(t.anon(), "/auth/sign-up/", { email: u.email, password: STRONG_PASSWORD });
    expect(query(res.location)).toEqual({
      error_code: "5019",
      error_message: "USER_ACCOUNT_DEACTIVATED",
      email: u.email,
    });
  });

  it("creates the user with a profile, signs in (session-id HttpOnly, Lax, Path=/), redirects to base", async () => {
    const c = t.anon();
    const email = uniq("New.User");
    const res = await formPost(c, "/auth/sign-up/", { email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.location).toBe(WEB);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith("session-id="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);
    const u = await userRow(t, email.toLowerCase());
    expect(u).toMatchObject({
      email: email.toLowerCase(),
      displayName: email.toLowerCase().split("@")[0],
      isPasswordAutoset: false,
      lastLoginMedium: "email",
      isActive: true,
      userTimezone: "UTC",
    });
    expect(u.password).toMatch(/^scrypt\$/);
    expect(u.lastLoginTime).toBeInstanceOf(Date);
    expect(u.lastLoginIp).toBe("127.0.0.1");
    const [profile] = await t.db.db.select().from(schema.profiles).where(eq(schema.profiles.userId, u.id));
    expect(profile.isOnboarded).toBe(false);
    const [session] = await t.db.db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, u.id), eq(schema.sessions.kind, "app")));
    expect(session).toBeDefined();
  });

  it("two simultaneous sign-ups of one email: one account, the other told it exists (5030)", async () => {
    const email = uniq("race");
    const [a, b] = await Promise.all([
      formPost(t.anon(), "/auth/sign-up/", { email, password: STRONG_PASSWORD }),
      formPost(t.anon(), "/auth/sign-up/", { email, password: STRONG_PASSWORD }),
    ]);
    const locations = [a.location, b.location].sort();
    expect(locations).toEqual(
      [WEB, `${WEB}/?error_code=5030&error_message=USER_ALREADY_EXIST&email=${encodeURIComponent(email)}`].sort(),
    );
    const rows = await t.db.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(rows).toHaveLength(1);
  });

  it("keeps a valid next_path and drops unsafe ones", async () => {
    const ok = await formPost(t.anon(), "/auth/sign-up/", {
      email: uniq(),
      password: STRONG_PASSWORD,
      next_path: "/acme/projects/?x=1",
    });
    expect(ok.location).toBe(`${WEB}/?next_path=%2Facme%2Fprojects%2F%3Fx%3D1`);
    for (const bad of [
      "https://evil.example.com/",
      "//evil.example.com",
      "/../etc/passwd",
      "javascript:alert(1)",
      "/x/%2e%2e/y",
      "relative/path",
      "/" + "a".repeat(500),
      "/\\evil.com",
    ]) {
      const res = await formPost(t.anon(), "/auth/sign-up/", {
        email: uniq(),
        password: STRONG_PASSWORD,
        next_path: bad,
      });
      expect(res.location).toBe(WEB);
    }
  });

  it("sign-up disabled gives 5015 unless the email was invited", async () => {
    await configure(root.admin, { ENABLE_SIGNUP: "0" });
    try {
      const email = uniq();
      let res = await formPost(t.anon(), "/auth/sign-up/", { email, password: STRONG_PASSWORD });
      expect(query(res.location)).toEqual({ error_code: "5015", error_message: "SIGNUP_DISABLED", email });
      // email-check says so at once, before a password is chosen (issue #24)
      expect(await t.anon().post("/auth/email-check/", { email })).toMatchObject({
        status: 400,
        body: { error_code: 5015, error_message: "SIGNUP_DISABLED", email },
      });
      const invited = uniq();
      await workspaceWithInvite(invited, { accepted: false, role: 15 });
      expect(await t.anon().post("/auth/email-check/", { email: invited })).toMatchObject({
        status: 200,
        body: { existing: false },
      });
      res = await formPost(t.anon(), "/auth/sign-up/", { email: invited, password: STRONG_PASSWORD });
      expect(res.location).toBe(WEB);
    } finally {
      await configure(root.admin, { ENABLE_SIGNUP: "1" });
    }
  });

  it("password authentication disabled gives 5056", async () => {
    await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "0" });
    try {
      const email = uniq();
      const res = await formPost(t.anon(), "/auth/sign-up/", { email, password: STRONG_PASSWORD });
      expect(query(res.location)).toEqual({
        error_code: "5056",
        error_message: "EMAIL_PASSWORD_AUTHENTICATION_DISABLED",
        email,
      });
    } finally {
      await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "1" });
    }
  });

  it("turns accepted invitations into memberships with the invited role and deletes them; pending ones stay", async () => {
    const email = uniq();
    const a = await workspaceWithInvite(email, { accepted: true, role: 5 });
    const b = await workspaceWithInvite(email, { accepted: false, role: 15 });
    const c = t.anon();
    await formPost(c, "/auth/sign-up/", { email, password: STRONG_PASSWORD });
    const u = await userRow(t, email);
    const members = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.memberId, u.id));
    expect(members.map((m) => [m.workspaceId, m.role])).toEqual([[a.ws.id, 5]]);
    const left = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.email, email));
    expect(left.map((i) => i.id)).toEqual([b.inv.id]);
  });
});

describe("sign-in", () => {
  it("errors in order: 5070, 5075, 5060, 5065", async () => {
    const c = t.anon();
    const go = (f: Record<string, string>) => formPost(c, "/auth/sign-in/", f);
    let res = await go({ email: "", password: "" });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?error_code=5070&error_message=REQUIRED_EMAIL_PASSWORD_SIGN_IN`);
    res = await go({ email: "a@b.co", password: "" });
    expect(query(res.location)).toEqual({
      error_code: "5070",
      error_message: "REQUIRED_EMAIL_PASSWORD_SIGN_IN",
      email: "a@b.co",
    });
    res = await go({ email: "nope", password: "x" });
    expect(query(res.location)).toEqual({ error_code: "5075", error_message: "INVALID_EMAIL_SIGN_IN", email: "nope" });
    res = await go({ email: "ghost@example.com", password: "x", next_path: "/acme/" });
    expect(res.location).toBe(
      `${WEB}/?next_path=%2Facme%2F&error_code=5060&error_message=USER_DOES_NOT_EXIST&email=ghost%40example.com`,
    );
    const u = await passwordUser(t);
    res = await go({ email: u.email, password: OTHER_STRONG_PASSWORD });
    expect(query(res.location)).toEqual({
      error_code: "5065",
      error_message: "AUTHENTICATION_FAILED_SIGN_IN",
      email: u.email,
    });
    expect(c.cookies.has("session-id")).toBe(false);
  });

  it("signs in, records the login, honours next_path; the session works on /api", async () => {
    const u = await passwordUser(t);
    const c = t.anon();
    const res = await formPost(c, "/auth/sign-in/", {
      email: u.email.toUpperCase(),
      password: u.password,
      next_path: "/acme/projects/",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?next_path=%2Facme%2Fprojects%2F`);
    expect(c.cookies.has("session-id")).toBe(true);
    const row = await userRow(t, u.email);
    expect(row.lastLoginMedium).toBe("email");
    expect(row.lastLoginTime).toBeInstanceOf(Date);
    // the app session authenticates the set-password endpoint (which refuses: password already set)
    const sp = await c.post(
      "/auth/set-password/",
      { password: STRONG_PASSWORD },
      { "x-csrftoken": await csrfToken(c) },
    );
    expect(sp.body).toEqual({ error_code: 5145, error_message: "PASSWORD_ALREADY_SET" });
  });

  it("signing in again in the same browser replaces the previous session", async () => {
    const u = await passwordUser(t);
    const c = t.anon();
    await formPost(c, "/auth/sign-in/", { email: u.email, password: u.password });
    await formPost(c, "/auth/sign-in/", { email: u.email, password: u.password });
    const rows = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it("password authentication disabled gives 5056", async () => {
    const u = await passwordUser(t);
    await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "0" });
    try {
      const res = await formPost(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password });
      expect(query(res.location)).toEqual({
        error_code: "5056",
        error_message: "EMAIL_PASSWORD_AUTHENTICATION_DISABLED",
        email: u.email,
      });
    } finally {
      await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "1" });
    }
  });

  it("a deactivated account gets 5019 after the password check; an invitation reactivates it", async () => {
    const u = await passwordUser(t, { isActive: false });
    let res = await formPost(t.anon(), "/auth/sign-in/", { email: u.email, password: OTHER_STRONG_PASSWORD });
    expect(query(res.location).error_code).toBe("5065");
    res = await formPost(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password });
    expect(query(res.location)).toEqual({
      error_code: "5019",
      error_message: "USER_ACCOUNT_DEACTIVATED",
      email: u.email,
    });
    const { ws } = await workspaceWithInvite(u.email, { accepted: true, role: 15 });
    res = await formPost(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password });
    expect(res.location).toBe(WEB);
    expect((await userRow(t, u.email)).isActive).toBe(true);
    const [m] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, u.id)));
    expect(m.role).toBe(15);
  });

  it("an accepted invitation reactivates a left membership with the invited role", async () => {
    const u = await passwordUser(t);
    const { ws } = await workspaceWithInvite(u.email, { accepted: true, role: 20 });
    await t.db.db
      .insert(schema.workspaceMembers)
      .values({ workspaceId: ws.id, memberId: u.id, role: 5, isActive: false });
    await formPost(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password });
    const [m] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, u.id)));
    expect(m).toMatchObject({ role: 20, isActive: true });
  });

  it("form endpoints never 500 on odd bodies", async () => {
    const c = t.anon();
    const token = await csrfToken(c);
    const json = await c.post("/auth/sign-in/", { csrfmiddlewaretoken: token, email: ["a", "b"], password: { x: 1 } });
    expect(json.status).toBe(302);
    expect(query(json.location).error_code).toBe("5070");
    const repeated = await c.request(
      "POST",
      "/auth/sign-in/",
      `csrfmiddlewaretoken=${token}&email=a%40b.co&email=c%40d.co&password=x`,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(repeated.status).toBe(302);
    expect(query(repeated.location).error_code).toBe("5060");
    const big = await formPost(c, "/auth/sign-in/", {
      email: "a".repeat(5000) + "@example.com",
      password: "p".repeat(5000),
    });
    expect(query(big.location).error_code).toBe("5075");
  });
});

describe("sign-out", () => {
  it("clears the session and redirects to the app base", async () => {
    const u = await passwordUser(t);
    const c = t.anon();
    await formPost(c, "/auth/sign-in/", { email: u.email, password: u.password });
    const token = c.cookies.get("session-id")!;
    const res = await formPost(c, "/auth/sign-out/", {});
    expect(res.status).toBe(302);
    expect(res.location).toBe(WEB);
    expect(c.cookies.has("session-id")).toBe(false);
    const row = await userRow(t, u.email);
    expect(row.lastLogoutTime).toBeInstanceOf(Date);
    c.setCookie("session-id", token);
    const sp = await c.post("/auth/set-password/", { password: STRONG_PASSWORD });
    expect(sp.status).toBe(401);
    expect(sp.body).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("without a session still redirects to the base", async () => {
    const res = await formPost(t.anon(), "/auth/sign-out/", {});
    expect(res.status).toBe(302);
    expect(res.location).toBe(WEB);
  });
});

describe("OAuth providers not configured", () => {
  it("GET /auth/{provider}/ redirects with the provider's code", async () => {
    const expected: [string, number, string][] = [
      ["google", 5105, "GOOGLE_NOT_CONFIGURED"],
      ["github", 5110, "GITHUB_NOT_CONFIGURED"],
      ["gitlab", 5111, "GITLAB_NOT_CONFIGURED"],
      ["gitea", 5112, "GITEA_NOT_CONFIGURED"],
      ["oidc", 5113, "OIDC_NOT_CONFIGURED"],
    ];
    for (const [p, code, name] of expected) {
      const res = await t.anon().get(`/auth/${p}/?next_path=/acme/`);
      expect(res.status).toBe(302);
      expect(res.location).toBe(`${WEB}/?next_path=%2Facme%2F&error_code=${code}&error_message=${name}`);
      const plain = await t.anon().get(`/auth/${p}/`);
      expect(plain.location).toBe(`${WEB}/?error_code=${code}&error_message=${name}`);
    }
  });
});

describe("redirect base without WEB_URL", () => {
  let t2: TestServer;
  beforeAll(async () => {
    t2 = await startTestServer({ webUrl: undefined });
  });
  afterAll(async () => {
    await t2?.close();
  });
  it("uses the request's own origin", async () => {
    const res = await formPost(t2.anon(), "/auth/sign-in/", { email: "", password: "" });
    expect(res.location).toBe(`${t2.url}/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
    // Without a trusted proxy (TRUST_PROXY), forwarded headers cannot redirect users elsewhere.
    const fwd = await t2
      .anon()
      .get("/auth/google/", { "x-forwarded-proto": "https", "x-forwarded-host": "stride.example.org" });
    expect(fwd.location).toBe(`${t2.url}/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
  });
});

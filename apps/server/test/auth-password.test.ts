import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  WEAK_PASSWORD,
  WEB,
  configure,
  csrfJson,
  csrfToken,
  formPost,
  passwordUser,
  query,
  mailWorld,
  smtpSettings,
  userRow,
  type AdminSetup,
  type SmtpCapture,
} from "./auth-helpers.ts";
import { Client } from "./helpers/client.ts";

let t: TestServer;
let root: AdminSetup;
let smtp: SmtpCapture;
let close: () => Promise<void>;
beforeAll(async () => ({ t, root, smtp, close } = await mailWorld()));
afterAll(async () => {
  await close?.();
});

const uniq = (p = "p") => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** A signed-in client for a password user (through the real sign-in form). */
async function signedIn(opts: { isPasswordAutoset?: boolean } = {}) {
  const u = await passwordUser(t, opts);
  const c = t.anon();
  if (opts.isPasswordAutoset) {
    // arrange a session directly: such users have no password to sign in with
    const token = crypto.randomBytes(24).toString("base64url");
    await t.db.db
      .insert(schema.sessions)
      .values({ id: hashToken(token), userId: u.id, kind: "app", expiresAt: new Date(Date.now() + 3600_000) });
    c.setCookie("session-id", token);
  } else {
    const res = await formPost(c, "/auth/sign-in/", { email: u.email, password: u.password });
    expect(res.location).toBe(WEB);
  }
  return { ...u, c };
}

/** The reset link of the latest mail to `email`. */
async function resetLink(email: string): Promise<URL> {
  await t.app.jobs.drain();
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(email));
  expect(mail).toBeDefined();
  const m = /(http:\/\/web\.test\/accounts\/reset-password\/\?[^\s"<]+)/.exec(mail!.body);
  expect(m).not.toBeNull();
  return new URL(m![1].replace(/&amp;/g, "&"));
}

describe("forgot password", () => {
  it("refuses without SMTP (5025), and validates the email (5010, 5005, 5060)", async () => {
    const c = t.anon();
    let res = await c.post("/auth/forgot-password/", { email: uniq() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5025, error_message: "SMTP_NOT_CONFIGURED" });
    await configure(root.admin, smtpSettings(smtp.port));
    res = await c.post("/auth/forgot-password/", {});
    expect(res.body).toEqual({ error_code: 5010, error_message: "EMAIL_REQUIRED" });
    res = await c.post("/auth/forgot-password/", { email: "nope" });
    expect(res.body).toEqual({ error_code: 5005, error_message: "INVALID_EMAIL", email: "nope" });
    const ghost = uniq();
    res = await c.post("/auth/forgot-password/", { email: ghost });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5060, error_message: "USER_DOES_NOT_EXIST", email: ghost });
  });

  it("password login disabled gives 5018", async () => {
    await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "0" });
    try {
      const u = await passwordUser(t);
      const res = await t.anon().post("/auth/forgot-password/", { email: u.email });
      expect(res.body).toEqual({ error_code: 5018, error_message: "PASSWORD_LOGIN_DISABLED" });
    } finally {
      await configure(root.admin, { ENABLE_EMAIL_PASSWORD: "1" });
    }
  });

  it("forgot → mailed link → reset → sign in with the new password (end to end through SMTP)", async () => {
    const { email, password, c: oldBrowser } = await signedIn();
    const res = await t.anon().post("/auth/forgot-password/", { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Check your email to reset your password" });
    const link = await resetLink(email);
    expect(link.origin + link.pathname).toBe(`${WEB}/accounts/reset-password/`);
    const uidb64 = link.searchParams.get("uidb64")!;
    const token = link.searchParams.get("token")!;
    expect(link.searchParams.get("email")).toBe(email);
    // only a hash of the token is stored
    const rows = await t.db.db.select().from(schema.passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const browser = t.anon();
    const weak = await formPost(browser, `/auth/reset-password/${uidb64}/${token}/`, { password: WEAK_PASSWORD });
    expect(weak.status).toBe(302);
    expect(weak.location).toBe(`${WEB}/accounts/reset-password?error_code=5021&error_message=PASSWORD_TOO_WEAK`);
    const empty = await formPost(browser, `/auth/reset-password/${uidb64}/${token}/`, { password: "" });
    expect(empty.location).toBe(`${WEB}/accounts/reset-password?error_code=5020&error_message=INVALID_PASSWORD`);

    const ok = await formPost(browser, `/auth/reset-password/${uidb64}/${token}/`, { password: OTHER_STRONG_PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`${WEB}/sign-in?success=True`);
    // the link is single-use
    const reuse = await formPost(browser, `/auth/reset-password/${uidb64}/${token}/`, {
      password: OTHER_STRONG_PASSWORD,
    });
    expect(reuse.location).toBe(`${WEB}/accounts/reset-password?error_code=5125&error_message=INVALID_PASSWORD_TOKEN`);
    // every session of the user ended
    expect(
      (await csrfJson(oldBrowser, "/auth/change-password/", { old_password: password, new_password: STRONG_PASSWORD }))
        .status,
    ).toBe(401);
    // old password refused, new one works
    expect(query((await formPost(t.anon(), "/auth/sign-in/", { email, password })).location).error_code).toBe("5065");
    expect((await formPost(t.anon(), "/auth/sign-in/", { email, password: OTHER_STRONG_PASSWORD })).location).toBe(WEB);
  });

  it("reset errors: unknown token 5125, expired token 5130", async () => {
    const u = await passwordUser(t);
    await t.anon().post("/auth/forgot-password/", { email: u.email });
    const link = await resetLink(u.email);
    const uidb64 = link.searchParams.get("uidb64")!;
    const token = link.searchParams.get("token")!;
    const c = t.anon();
    const bad = await formPost(c, `/auth/reset-password/${uidb64}/not-the-token/`, { password: OTHER_STRONG_PASSWORD });
    expect(bad.location).toBe(`${WEB}/accounts/reset-password?error_code=5125&error_message=INVALID_PASSWORD_TOKEN`);
    const notAUser = await formPost(c, `/auth/reset-password/YWJj/${token}/`, { password: OTHER_STRONG_PASSWORD });
    expect(notAUser.location).toBe(
      `${WEB}/accounts/reset-password?error_code=5125&error_message=INVALID_PASSWORD_TOKEN`,
    );
    const badUrl = await formPost(c, `/auth/reset-password/%%%/${token}/`, { password: OTHER_STRONG_PASSWORD });
    expect(badUrl.status).toBe(400);
    const otherUser = await passwordUser(t);
    const wrongUid = await formPost(
      c,
      `/auth/reset-password/${Buffer.from(otherUser.id).toString("base64url")}/${token}/`,
      { password: OTHER_STRONG_PASSWORD },
    );
    expect(query(wrongUid.location).error_code).toBe("5125");
    await t.db.db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResetTokens.userId, u.id));
    const expired = await formPost(c, `/auth/reset-password/${uidb64}/${token}/`, { password: OTHER_STRONG_PASSWORD });
    expect(expired.location).toBe(
      `${WEB}/accounts/reset-password?error_code=5130&error_message=EXPIRED_PASSWORD_TOKEN`,
    );
  });
});

describe("set password", () => {
  it("anonymous 401; CSRF header required (403)", async () => {
    const anon = await t.anon().post("/auth/set-password/", { password: STRONG_PASSWORD });
    expect(anon.status).toBe(401);
    const { c } = await signedIn({ isPasswordAutoset: true });
    const noCsrf = await c.post("/auth/set-password/", { password: STRONG_PASSWORD });
    expect(noCsrf.status).toBe(403);
    // a form field does not count for this endpoint: the header is needed
    const token = await csrfToken(c);
    const field = await c.post("/auth/set-password/", { password: STRONG_PASSWORD, csrfmiddlewaretoken: token });
    expect(field.status).toBe(403);
  });

  it("sets the password of an auto-password user and returns the full user", async () => {
    const { c, email } = await signedIn({ isPasswordAutoset: true });
    const weak = await csrfJson(c, "/auth/set-password/", { password: WEAK_PASSWORD });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ error_code: 5020, error_message: "INVALID_PASSWORD" });
    expect((await csrfJson(c, "/auth/set-password/", {})).body).toEqual({
      error_code: 5020,
      error_message: "INVALID_PASSWORD",
    });
    expect((await csrfJson(c, "/auth/set-password/", { password: 12345678 })).body.error_code).toBe(5020);
    const res = await csrfJson(c, "/auth/set-password/", { password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, is_password_autoset: false, is_active: true });
    expect(res.body.password).toBeUndefined();
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining([
        "id",
        "username",
        "first_name",
        "last_name",
        "display_name",
        "avatar_url",
        "date_joined",
        "last_login_medium",
        "user_timezone",
      ]),
    );
    // now signing in with it works, and a second set is refused
    expect((await formPost(t.anon(), "/auth/sign-in/", { email, password: STRONG_PASSWORD })).location).toBe(WEB);
    const again = await csrfJson(c, "/auth/set-password/", { password: OTHER_STRONG_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error_code: 5145, error_message: "PASSWORD_ALREADY_SET" });
  });
});

describe("change password", () => {
  it("anonymous 401; CSRF header required", async () => {
    expect((await t.anon().post("/auth/change-password/", { old_password: "a", new_password: "b" })).status).toBe(401);
    const { c, password } = await signedIn();
    expect(
      (await c.post("/auth/change-password/", { old_password: password, new_password: OTHER_STRONG_PASSWORD })).status,
    ).toBe(403);
  });

  it("errors: 5138 missing, 5135 wrong old password, 5021 weak", async () => {
    const { c, password } = await signedIn();
    expect((await csrfJson(c, "/auth/change-password/", { old_password: password })).body).toEqual({
      error_code: 5138,
      error_message: "MISSING_PASSWORD",
    });
    expect((await csrfJson(c, "/auth/change-password/", { new_password: OTHER_STRONG_PASSWORD })).body).toEqual({
      error_code: 5138,
      error_message: "MISSING_PASSWORD",
    });
    const wrong = await csrfJson(c, "/auth/change-password/", {
      old_password: "not-it",
      new_password: OTHER_STRONG_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error_code: 5135, error_message: "INCORRECT_OLD_PASSWORD" });
    expect(
      (await csrfJson(c, "/auth/change-password/", { old_password: password, new_password: WEAK_PASSWORD })).body,
    ).toEqual({ error_code: 5021, error_message: "PASSWORD_TOO_WEAK" });
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const { c, email, password } = await signedIn();
    const other = t.anon();
    await formPost(other, "/auth/sign-in/", { email, password });
    const res = await csrfJson(c, "/auth/change-password/", {
      old_password: password,
      new_password: OTHER_STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password updated successfully" });
    // this session still works (a wrong old password is now 5135, not 401)
    expect(
      (await csrfJson(c, "/auth/change-password/", { old_password: password, new_password: STRONG_PASSWORD })).body
        .error_code,
    ).toBe(5135);
    expect(
      (
        await csrfJson(other, "/auth/change-password/", {
          old_password: OTHER_STRONG_PASSWORD,
          new_password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(401);
    expect((await formPost(t.anon(), "/auth/sign-in/", { email, password: OTHER_STRONG_PASSWORD })).location).toBe(WEB);
    const row = await userRow(t, email);
    expect(row.isPasswordAutoset).toBe(false);
  });

  it("a user without a password of their own needs no old password", async () => {
    const { c, email } = await signedIn({ isPasswordAutoset: true });
    const res = await csrfJson(c, "/auth/change-password/", { new_password: OTHER_STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect((await userRow(t, email)).isPasswordAutoset).toBe(false);
  });
});

describe("instance not set up", () => {
  let t2: TestServer;
  beforeAll(async () => {
    t2 = await startTestServer();
  });
  afterAll(async () => {
    await t2?.close();
  });
  it("forgot-password and magic-generate give 5000; reset redirects with 5000", async () => {
    expect((await t2.anon().post("/auth/forgot-password/", { email: "a@example.com" })).body).toEqual({
      error_code: 5000,
      error_message: "INSTANCE_NOT_CONFIGURED",
    });
    expect((await t2.anon().post("/auth/magic-generate/", { email: "a@example.com" })).body).toEqual({
      error_code: 5000,
      error_message: "INSTANCE_NOT_CONFIGURED",
    });
    const c = new Client(t2.url);
    const res = await formPost(c, "/auth/reset-password/abc/def/", { password: STRONG_PASSWORD });
    expect(res.location).toBe(`${WEB}/accounts/reset-password?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
    const magic = await formPost(c, "/auth/magic-sign-in/", { email: "a@example.com", code: "123456" });
    expect(magic.location).toBe(`${WEB}/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED`);
  });
});

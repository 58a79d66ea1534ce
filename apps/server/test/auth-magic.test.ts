import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import {
  WEB,
  configure,
  formPost,
  passwordUser,
  query,
  mailWorld,
  smtpSettings,
  userRow,
  type AdminSetup,
  type SmtpCapture,
} from "./auth-helpers.ts";

let t: TestServer;
let root: AdminSetup;
let smtp: SmtpCapture;
let close: () => Promise<void>;
beforeAll(async () => ({ t, root, smtp, close } = await mailWorld()));
afterAll(async () => {
  await close?.();
});

const uniq = (p = "m") => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** Deliver queued mail and return the code of the latest mail to `email`. */
async function codeFor(email: string): Promise<string> {
  await t.app.jobs.drain();
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(email));
  expect(mail, `a mail to ${email}`).toBeDefined();
  const m = /sign-in code is (\d{6})/.exec(mail!.subject);
  expect(m).not.toBeNull();
  expect(mail!.body).toContain(m![1]);
  return m![1];
}

describe("magic code before SMTP is configured", () => {
  it("magic-generate gives 5025 SMTP_NOT_CONFIGURED", async () => {
    const res = await t.anon().post("/auth/magic-generate/", { email: uniq() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5025, error_message: "SMTP_NOT_CONFIGURED" });
  });
  it("magic sign-in gives 5025 too", async () => {
    const u = await passwordUser(t);
    const res = await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code: "123456" });
    expect(query(res.location)).toEqual({ error_code: "5025", error_message: "SMTP_NOT_CONFIGURED", email: u.email });
  });
});

describe("magic code with a real SMTP server on loopback", () => {
  beforeAll(async () => {
    await configure(root.admin, smtpSettings(smtp.port));
  });

  it("magic login disabled gives 5016", async () => {
    const res = await t.anon().post("/auth/magic-generate/", { email: uniq() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5016, error_message: "MAGIC_LINK_LOGIN_DISABLED" });
    const u = await passwordUser(t);
    const form = await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code: "123456" });
    expect(query(form.location).error_code).toBe("5016");
    await configure(root.admin, { ENABLE_MAGIC_LINK_LOGIN: "1" });
  });

  it("validates the email: 5010 missing, 5005 invalid", async () => {
    expect((await t.anon().post("/auth/magic-generate/", {})).body).toEqual({
      error_code: 5010,
      error_message: "EMAIL_REQUIRED",
    });
    expect((await t.anon().post("/auth/magic-generate/", { email: "x@" })).body).toEqual({
      error_code: 5005,
      error_message: "INVALID_EMAIL",
      email: "x@",
    });
  });

  it("signs up a new user end to end: code mailed through SMTP, magic-sign-up creates and signs in", async () => {
    const email = uniq("Fresh");
    const gen = await t.anon().post("/auth/magic-generate/", { email: ` ${email.toUpperCase()} ` });
    expect(gen.status).toBe(200);
    expect(gen.body).toEqual({ key: `magic_${email.toLowerCase()}` });
    const code = await codeFor(email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    const mail = smtp.mails.find((m) => m.to.includes(email.toLowerCase()))!;
    expect(mail.from).toBe("stride@example.com");
    // the code is stored only as a keyed hash
    const [row] = await t.db.db
      .select()
      .from(schema.magicCodes)
      .where(eq(schema.magicCodes.email, email.toLowerCase()));
    expect(row.codeHash).not.toContain(code);

    const c = t.anon();
    const res = await formPost(c, "/auth/magic-sign-up/", {
      email: email.toLowerCase(),
      code,
      next_path: "/onboarding/",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?next_path=%2Fonboarding%2F`);
    expect(c.cookies.has("session-id")).toBe(true);
    const u = await userRow(t, email.toLowerCase());
    expect(u).toMatchObject({
      isPasswordAutoset: true,
      isEmailVerified: true,
      lastLoginMedium: "magic-code",
      password: null,
    });
    const [profile] = await t.db.db.select().from(schema.profiles).where(eq(schema.profiles.userId, u.id));
    expect(profile).toBeDefined();
    // the code is single-use
    const again = await formPost(t.anon(), "/auth/magic-sign-in/", { email: email.toLowerCase(), code });
    expect(query(again.location)).toEqual({
      error_code: "5095",
      error_message: "EXPIRED_MAGIC_CODE_SIGN_IN",
      email: email.toLowerCase(),
    });
  });

  it("signs in an existing user end to end", async () => {
    const u = await passwordUser(t);
    await t.anon().post("/auth/magic-generate/", { email: u.email });
    const code = await codeFor(u.email);
    const c = t.anon();
    const res = await formPost(c, "/auth/magic-sign-in/", { email: u.email, code, next_path: "/acme/" });
    expect(res.location).toBe(`${WEB}/?next_path=%2Facme%2F`);
    expect((await userRow(t, u.email)).lastLoginMedium).toBe("magic-code");
    expect(c.cookies.has("session-id")).toBe(true);
  });

  it("an onboarded user without a password of their own lands on next_path=/", async () => {
    const u = await passwordUser(t, { isPasswordAutoset: true });
    await t.db.db.update(schema.profiles).set({ isOnboarded: true }).where(eq(schema.profiles.userId, u.id));
    await t.anon().post("/auth/magic-generate/", { email: u.email });
    const code = await codeFor(u.email);
    const res = await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code, next_path: "/acme/" });
    expect(res.location).toBe(`${WEB}/?next_path=%2F`);
  });

  it("form errors: 5085/5055 code required, 5080/5050 invalid email, 5060 unknown user, 5030 existing user", async () => {
    const c = t.anon();
    const u = await passwordUser(t);
    expect(query((await formPost(c, "/auth/magic-sign-in/", { email: u.email, code: "" })).location)).toEqual({
      error_code: "5085",
      error_message: "MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED",
      email: u.email,
    });
    expect((await formPost(c, "/auth/magic-sign-in/", { email: "", code: "123456" })).location).toBe(
      `${WEB}/?error_code=5085&error_message=MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED`,
    );
    expect(query((await formPost(c, "/auth/magic-sign-up/", { email: "", code: "" })).location)).toEqual({
      error_code: "5055",
      error_message: "MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED",
    });
    expect(query((await formPost(c, "/auth/magic-sign-in/", { email: "bad", code: "1" })).location)).toEqual({
      error_code: "5080",
      error_message: "INVALID_EMAIL_MAGIC_SIGN_IN",
      email: "bad",
    });
    expect(query((await formPost(c, "/auth/magic-sign-up/", { email: "bad", code: "1" })).location)).toEqual({
      error_code: "5050",
      error_message: "INVALID_EMAIL_MAGIC_SIGN_UP",
      email: "bad",
    });
    const ghost = uniq();
    expect(query((await formPost(c, "/auth/magic-sign-in/", { email: ghost, code: "123456" })).location)).toEqual({
      error_code: "5060",
      error_message: "USER_DOES_NOT_EXIST",
      email: ghost,
    });
    expect(query((await formPost(c, "/auth/magic-sign-up/", { email: u.email, code: "123456" })).location)).toEqual({
      error_code: "5030",
      error_message: "USER_ALREADY_EXIST",
      email: u.email,
    });
  });

  it("wrong codes give 5090/5092; expired codes 5095/5097", async () => {
    const u = await passwordUser(t);
    await t.anon().post("/auth/magic-generate/", { email: u.email });
    const code = await codeFor(u.email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(query((await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code: wrong })).location)).toEqual(
      { error_code: "5090", error_message: "INVALID_MAGIC_CODE_SIGN_IN", email: u.email },
    );
    const fresh = uniq();
    await t.anon().post("/auth/magic-generate/", { email: fresh });
    await codeFor(fresh);
    expect(query((await formPost(t.anon(), "/auth/magic-sign-up/", { email: fresh, code: "abc" })).location)).toEqual({
      error_code: "5092",
      error_message: "INVALID_MAGIC_CODE_SIGN_UP",
      email: fresh,
    });

    // past its 600 s validity the code is expired
    await t.db.db
      .update(schema.magicCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.magicCodes.email, u.email));
    expect(
      query((await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code })).location).error_code,
    ).toBe("5095");
    await t.db.db
      .update(schema.magicCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.magicCodes.email, fresh));
    expect(
      query((await formPost(t.anon(), "/auth/magic-sign-up/", { email: fresh, code: "123456" })).location),
    ).toEqual({ error_code: "5097", error_message: "EXPIRED_MAGIC_CODE_SIGN_UP", email: fresh });
    // a code never generated is expired as well
    const never = await passwordUser(t);
    expect(
      query((await formPost(t.anon(), "/auth/magic-sign-in/", { email: never.email, code: "123456" })).location)
        .error_code,
    ).toBe("5095");
  });

  it("the code lives 600 s", async () => {
    const email = uniq();
    await t.anon().post("/auth/magic-generate/", { email });
    const [row] = await t.db.db.select().from(schema.magicCodes).where(eq(schema.magicCodes.email, email));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(600_000);
  });

  it("at most three regenerations: the fifth request gives 5100 (existing user) or 5102 (new email)", async () => {
    const u = await passwordUser(t);
    for (let i = 0; i < 4; i++)
      expect((await t.anon().post("/auth/magic-generate/", { email: u.email })).status).toBe(200);
    const res = await t.anon().post("/auth/magic-generate/", { email: u.email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error_code: 5100,
      error_message: "EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN",
      email: u.email,
    });
    // the latest code still signs in
    const code = await codeFor(u.email);
    expect((await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code })).location).toBe(WEB);

    const fresh = uniq();
    for (let i = 0; i < 4; i++) await t.anon().post("/auth/magic-generate/", { email: fresh });
    expect((await t.anon().post("/auth/magic-generate/", { email: fresh })).body).toEqual({
      error_code: 5102,
      error_message: "EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP",
      email: fresh,
    });
    // once the window has passed, a new code may be requested
    await t.db.db
      .update(schema.magicCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.magicCodes.email, fresh));
    expect((await t.anon().post("/auth/magic-generate/", { email: fresh })).status).toBe(200);
  });

  it("wrong attempts are limited: after five misses even the right code is refused (5100/5102)", async () => {
    const u = await passwordUser(t);
    await t.anon().post("/auth/magic-generate/", { email: u.email });
    const code = await codeFor(u.email);
    const wrong = code === "999999" ? "888888" : "999999";
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        query((await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code: wrong })).location).error_code,
      );
    expect(codes).toEqual(["5090", "5090", "5090", "5090", "5100"]);
    expect(query((await formPost(t.anon(), "/auth/magic-sign-in/", { email: u.email, code })).location)).toEqual({
      error_code: "5100",
      error_message: "EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN",
      email: u.email,
    });

    const fresh = uniq();
    await t.anon().post("/auth/magic-generate/", { email: fresh });
    for (let i = 0; i < 5; i++) await formPost(t.anon(), "/auth/magic-sign-up/", { email: fresh, code: "abcdef" });
    expect(
      query((await formPost(t.anon(), "/auth/magic-sign-up/", { email: fresh, code: "abcdef" })).location).error_code,
    ).toBe("5102");
  });

  it("sign-up disabled: an unknown address gets 5015 at once from email-check and magic-generate, and no mail (issue #24)", async () => {
    await configure(root.admin, { ENABLE_SIGNUP: "0" });
    try {
      const email = uniq();
      await t.app.jobs.drain();
      const mailsBefore = smtp.mails.length;
      const check = await t.anon().post("/auth/email-check/", { email });
      expect(check.status).toBe(400);
      expect(check.body).toEqual({ error_code: 5015, error_message: "SIGNUP_DISABLED", email });
      const generate = await t.anon().post("/auth/magic-generate/", { email });
      expect(generate.status).toBe(400);
      expect(generate.body).toEqual({ error_code: 5015, error_message: "SIGNUP_DISABLED", email });
      await t.app.jobs.drain();
      expect(smtp.mails.length).toBe(mailsBefore);
      expect(await t.db.db.select().from(schema.magicCodes).where(eq(schema.magicCodes.email, email))).toEqual([]);
      const res = await formPost(t.anon(), "/auth/magic-sign-up/", { email, code: "123456" });
      expect(query(res.location)).toEqual({ error_code: "5015", error_message: "SIGNUP_DISABLED", email });
      expect(await userRow(t, email)).toBeUndefined();
      // people with an account are not concerned
      const u = await passwordUser(t);
      expect((await t.anon().post("/auth/email-check/", { email: u.email })).body).toMatchObject({ existing: true });
      expect((await t.anon().post("/auth/magic-generate/", { email: u.email })).status).toBe(200);
    } finally {
      await configure(root.admin, { ENABLE_SIGNUP: "1" });
    }
  });

  it("a deactivated account cannot request a code (5019)", async () => {
    const u = await passwordUser(t, { isActive: false });
    const res = await t.anon().post("/auth/magic-generate/", { email: u.email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 5019, error_message: "USER_ACCOUNT_DEACTIVATED", email: u.email });
  });
});

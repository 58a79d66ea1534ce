import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { accountKey, accountLimits, type AccountLimit } from "../src/core/rate-limit.ts";
import { createResetToken } from "../src/routes/auth/commands.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import type { Client } from "./helpers/client.ts";
import {
  OTHER_STRONG_PASSWORD, STRONG_PASSWORD, WEB, configure, csrfToken, passwordUser, query, setupInstance, smtpSettings, startSmtpCapture,
  type AdminSetup, type SmtpCapture,
} from "./auth-helpers.ts";

/**
 * Per-account throttling of every endpoint that checks an account's secret (core/rate-limit.ts): failures
 * add up per account whatever IP they come from (each request here speaks from a new client IP, through the
 * trusted proxy header), successes clear them, and the per-IP limit still stops one IP hammering many accounts.
 */
let t: TestServer;
let root: AdminSetup;
let smtp: SmtpCapture;
let limits: ReturnType<typeof accountLimits>;
const PER_IP = 5;
beforeAll(async () => {
  t = await startTestServer({ trustProxy: "loopback", rateLimitPerMinute: PER_IP });
  root = await setupInstance(t);
  smtp = await startSmtpCapture();
  await configure(root.admin, { ...smtpSettings(smtp.port), ENABLE_MAGIC_LINK_LOGIN: "1" });
  limits = accountLimits(t.app.config);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const RATE = { error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" };
const uniq = () => `th-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** A fresh client IP for every request (198.18.0.0/15), so only the per-account limit can stop them. */
let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return { "x-forwarded-for": `198.18.${ipCounter >> 8}.${ipCounter & 255}` };
};

/** A browser form post from a fresh IP (one client, so one CSRF cookie). */
async function form(c: Client, path: string, fields: Record<string, string>, headers = freshIp()) {
  const token = await csrfToken(c);
  return c.request("POST", path, new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }).toString(), { "content-type": "application/x-www-form-urlencoded", ...headers });
}
const codeOf = async (c: Client, path: string, fields: Record<string, string>) => query((await form(c, path, fields)).location).error_code ?? "ok";

/** End an account's window as if its time had passed (no sleeping). */
async function windowPassed(limit: AccountLimit, account: string) {
  const rows = await t.db.db.execute(sql`UPDATE rate_limits SET window_start = now() - make_interval(secs => ${limit.windowSeconds + 1}) WHERE key = ${accountKey(limit, account)} RETURNING key`);
  expect(rows.length).toBe(1);
}

/** Deliver queued mail and return the code of the latest mail to `email`. */
async function mailedCode(email: string): Promise<string> {
  await t.app.jobs.drain();
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(email));
  const m = /sign-in code is (\d{6})/.exec(mail?.subject ?? "");
  expect(m).not.toBeNull();
  return m![1];
}

describe("password sign-in: per account, across IPs", () => {
  it("N wrong passwords from N IPs lock the account (even the right password), not other accounts; the lock ends with the window", async () => {
    const max = limits.password.max;
    expect(max).toBe(10);
    const a = await passwordUser(t);
    const b = await passwordUser(t);
    const c = t.anon();
    const codes: string[] = [];
    for (let i = 0; i < max; i++) codes.push(await codeOf(c, "/auth/sign-in/", { email: a.email, password: "wrong-" + i }));
    expect(codes).toEqual(Array(max).fill("5065"));
    const locked = await form(c, "/auth/sign-in/", { email: a.email, password: "another-guess", next_path: "/w/" });
    expect(locked.location).toBe(`${WEB}/?next_path=%2Fw%2F&error_code=5900&error_message=RATE_LIMIT_EXCEEDED&email=${encodeURIComponent(a.email)}`);
    const right = await form(c, "/auth/sign-in/", { email: a.email, password: a.password });
    expect(query(right.location)).toEqual({ ...stringify(RATE), email: a.email });
    expect(right.headers.getSetCookie().some((s) => s.startsWith("session-id="))).toBe(false);
    // god mode checks the same password: locked there too
    expect(await codeOf(c, "/api/instances/admins/sign-in/", { email: a.email, password: a.password })).toBe("5900");

    // another account signs in meanwhile
    expect((await form(t.anon(), "/auth/sign-in/", { email: b.email, password: b.password })).location).toBe(WEB);

    await windowPassed(limits.password, a.email);
    const after = t.anon();
    expect((await form(after, "/auth/sign-in/", { email: a.email, password: a.password })).location).toBe(WEB);
    expect((await after.get("/api/users/me/")).body.email).toBe(a.email);
  });

  it("counts failures only: a user who mistypes now and then is never locked out by their own sign-ins", async () => {
    const max = limits.password.max;
    const u = await passwordUser(t);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < max - 1; i++) expect(await codeOf(t.anon(), "/auth/sign-in/", { email: u.email, password: "typo" })).toBe("5065");
      expect((await form(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password })).location).toBe(WEB);
    }
    const [row] = await t.db.db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, accountKey(limits.password, u.email)));
    expect(row).toBeUndefined();
  });

  it("god-mode sign-in failures count against the same account, and it answers 5900 on the admin page", async () => {
    const max = limits.password.max;
    const c = t.anon();
    for (let i = 0; i < max / 2; i++) expect(await codeOf(c, "/api/instances/admins/sign-in/", { email: root.email, password: "x" + i })).toBe("5175");
    for (let i = 0; i < max / 2; i++) expect(await codeOf(c, "/auth/sign-in/", { email: root.email, password: "y" + i })).toBe("5065");
    const res = await form(c, "/api/instances/admins/sign-in/", { email: root.email, password: root.password });
    expect(res.location).toBe(`${WEB}/god-mode/?error_code=5900&error_message=RATE_LIMIT_EXCEEDED&email=${encodeURIComponent(root.email)}`);
    await windowPassed(limits.password, root.email);
    const ok = await form(c, "/api/instances/admins/sign-in/", { email: root.email, password: root.password });
    expect(ok.location).toBe(`${WEB}/god-mode/general/`);
  });

  it("change-password: wrong old passwords count against the account (429 5900)", async () => {
    const u = await passwordUser(t);
    const c = t.anon();
    expect((await form(c, "/auth/sign-in/", { email: u.email, password: u.password })).location).toBe(WEB);
    const change = async (old: string) => c.post("/auth/change-password/", { old_password: old, new_password: OTHER_STRONG_PASSWORD }, { "x-csrftoken": await csrfToken(c), ...freshIp() });
    for (let i = 0; i < limits.password.max; i++) expect((await change("nope" + i)).body.error_code).toBe(5135);
    const res = await change(STRONG_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(RATE);
  });
});

describe("magic codes: guesses per email, across IPs and regenerated codes", () => {
  it("stops at the per-email cap (well below the 20 of four codes × five tries); the lock ends with the window", async () => {
    const max = limits.magicCode.max;
    expect(max).toBe(8);
    const u = await passwordUser(t);
    const c = t.anon();
    const generate = async () => expect((await c.post("/auth/magic-generate/", { email: u.email }, freshIp())).status).toBe(200);
    await generate();
    let code = await mailedCode(u.email);
    const wrong = () => (code === "000000" ? "111111" : "000000");
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) seen.push(await codeOf(c, "/auth/magic-sign-in/", { email: u.email, code: wrong() }));
    expect(seen).toEqual(["5090", "5090", "5090", "5090", "5100"]);
    // a burned code answers without counting: it is not a guess
    expect(await codeOf(c, "/auth/magic-sign-in/", { email: u.email, code: wrong() })).toBe("5100");
    await generate();
    code = await mailedCode(u.email);
    for (let i = 5; i < max; i++) expect(await codeOf(c, "/auth/magic-sign-in/", { email: u.email, code: wrong() })).toBe("5090");
    expect(await codeOf(c, "/auth/magic-sign-in/", { email: u.email, code: wrong() })).toBe("5900");
    // the right code is not even compared while the email is locked, and stays valid
    const locked = await form(c, "/auth/magic-sign-in/", { email: u.email, code });
    expect(query(locked.location)).toEqual({ ...stringify(RATE), email: u.email });
    const [row] = await t.db.db.select().from(schema.magicCodes).where(eq(schema.magicCodes.email, u.email));
    expect(row.failedAttempts).toBe(max - 5);

    await windowPassed(limits.magicCode, u.email);
    expect((await form(c, "/auth/magic-sign-in/", { email: u.email, code })).location).toBe(WEB);
  });

  it("magic sign-up of a new email is capped the same way", async () => {
    const email = uniq();
    const c = t.anon();
    let tries = 0;
    for (let gen = 0; tries < limits.magicCode.max; gen++) {
      expect((await c.post("/auth/magic-generate/", { email }, freshIp())).status).toBe(200);
      for (let i = 0; i < 4 && tries < limits.magicCode.max; i++, tries++) expect(await codeOf(c, "/auth/magic-sign-up/", { email, code: "abcdef" })).toBe("5092");
    }
    expect(await codeOf(c, "/auth/magic-sign-up/", { email, code: "abcdef" })).toBe("5900");
  });
});

describe("mails per address (magic-generate and forgot-password share the count)", () => {
  it("caps the mails to one address per hour whatever the IP; other addresses are unaffected", async () => {
    const max = limits.mail.max;
    const u = await passwordUser(t);
    const expire = () => t.db.db.update(schema.magicCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.magicCodes.email, u.email));
    for (let i = 0; i < max / 2; i++) {
      expect((await t.anon().post("/auth/magic-generate/", { email: u.email }, freshIp())).status).toBe(200);
      await expire(); // so the code's own regeneration cap is not what stops us
    }
    for (let i = 0; i < max / 2; i++) expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, freshIp())).status).toBe(200);
    for (const path of ["/auth/forgot-password/", "/auth/magic-generate/"]) {
      const res = await t.anon().post(path, { email: u.email }, freshIp());
      expect(res.status).toBe(429);
      expect(res.body).toEqual(RATE);
    }
    expect((await t.anon().post("/auth/magic-generate/", { email: uniq() }, freshIp())).status).toBe(200);
    await windowPassed(limits.mail, u.email);
    expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, freshIp())).status).toBe(200);
  });
});

describe("reset-password tokens: guesses per account", () => {
  it("wrong tokens for one account lock its reset links for the window", async () => {
    const u = await passwordUser(t);
    const { uidb64, token } = await createResetToken(t.db.db, u.id);
    const c = t.anon();
    const reset = async (tok: string) => query((await form(c, `/auth/reset-password/${uidb64}/${tok}/`, { password: OTHER_STRONG_PASSWORD })).location);
    for (let i = 0; i < limits.resetToken.max; i++) expect((await reset(crypto.randomBytes(32).toString("base64url"))).error_code).toBe("5125");
    expect(await reset(token)).toEqual(stringify(RATE));
    await windowPassed(limits.resetToken, u.id);
    const done = await form(c, `/auth/reset-password/${uidb64}/${token}/`, { password: OTHER_STRONG_PASSWORD });
    expect(done.location).toBe(`${WEB}/sign-in?success=True`);
  });
});

describe("the per-IP limit still applies", () => {
  it("one IP trying many accounts is stopped per IP", async () => {
    const c = t.anon();
    const ip = freshIp();
    const codes: string[] = [];
    for (let i = 0; i <= PER_IP; i++) codes.push(query((await form(c, "/auth/sign-in/", { email: uniq(), password: "x" }, ip)).location).error_code);
    expect(codes).toEqual([...Array(PER_IP).fill("5060"), "5900"]);
  });
});

function stringify(o: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

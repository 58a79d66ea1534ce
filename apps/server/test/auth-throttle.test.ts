import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import {
  accountKey,
  accountLimits,
  accountWideKey,
  BACKOFF_SECONDS,
  type AccountLimit,
} from "../src/core/rate-limit.ts";
import { createResetToken } from "../src/routes/auth/commands.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import type { Client } from "./helpers/client.ts";
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  WEB,
  configure,
  csrfToken,
  passwordUser,
  query,
  setupInstance,
  smtpSettings,
  startSmtpCapture,
  type AdminSetup,
  type SmtpCapture,
} from "./auth-helpers.ts";

/**
 * Per-account throttling of every endpoint that checks an account's secret or mails an address (core/rate-limit.ts),
 * counted per account AND client address (issue #24 point 15): an attacker's failures slow the attacker's address
 * down, with a wait that grows, while the owner signs in from another address with the right password or a fresh
 * code; successes forget the failures; many addresses at once shrink each address's allowance to one attempt; the
 * per-IP limit still stops one IP hammering many accounts. Addresses come through the trusted proxy header.
 */
let t: TestServer;
let root: AdminSetup;
let smtp: SmtpCapture;
let limits: ReturnType<typeof accountLimits>;
const PER_IP = 40;
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

const RATE = { error_code: "5900", error_message: "RATE_LIMIT_EXCEEDED" };
const uniq = () => `th-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** A client address (198.18.0.0/15) of its own, sent through the trusted proxy header. */
let ipCounter = 0;
const newAddress = () => {
  ipCounter++;
  return `198.18.${ipCounter >> 8}.${ipCounter & 255}`;
};
const from = (ip: string) => ({ "x-forwarded-for": ip });

/** A browser form post from `ip` (one client, so one CSRF cookie). */
async function form(c: Client, path: string, fields: Record<string, string>, ip = newAddress()) {
  const token = await csrfToken(c);
  return c.request("POST", path, new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }).toString(), {
    "content-type": "application/x-www-form-urlencoded",
    ...from(ip),
  });
}
const codeOf = async (c: Client, path: string, fields: Record<string, string>, ip?: string) =>
  query((await form(c, path, fields, ip)).location).error_code ?? "ok";
const signedIn = (res: { headers: Headers }) =>
  res.headers.getSetCookie().some((s) => s.startsWith("session-id=") && !/max-age=0/i.test(s));

/** End an address's wait as if its time had passed (no sleeping). */
async function waitOver(limit: AccountLimit, account: string, ip: string) {
  const rows = await t.db.db.execute(
    sql`UPDATE rate_limits SET blocked_until = now() - interval '1 second' WHERE key = ${accountKey(limit, account, ip)} RETURNING key`,
  );
  expect(rows.length).toBe(1);
}

/** The account's count from every address together, as if `n` attempts had been made in the window. */
async function wideCount(limit: AccountLimit, account: string, n: number) {
  await t.db.db
    .execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${accountWideKey(limit, account)}, now(), ${n})
    ON CONFLICT (key) DO UPDATE SET window_start = now(), count = ${n}`);
}

/** Deliver queued mail and return the code of the latest mail to `email`. */
async function mailedCode(email: string): Promise<string> {
  await t.app.jobs.drain();
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(email));
  const m = /sign-in code is (\d{6})/.exec(mail?.subject ?? "");
  expect(m).not.toBeNull();
  return m![1];
}

describe("password sign-in: per account and address", () => {
  it("an attacker's wrong passwords slow their own address down; the owner signs in from another address", async () => {
    const max = limits.password.max;
    expect(max).toBe(10);
    const owner = await passwordUser(t);
    const attacker = t.anon();
    const evil = newAddress();
    const codes: string[] = [];
    for (let i = 0; i < max; i++)
      codes.push(await codeOf(attacker, "/auth/sign-in/", { email: owner.email, password: "wrong-" + i }, evil));
    expect(codes).toEqual(Array(max).fill("5065"));
    // the attacker's address now waits, even with the right password, and is told for how long
    const slowed = await form(
      attacker,
      "/auth/sign-in/",
      { email: owner.email, password: owner.password, next_path: "/w/" },
      evil,
    );
    expect(slowed.location).toBe(
      `${WEB}/?next_path=%2Fw%2F&error_code=5900&error_message=RATE_LIMIT_EXCEEDED&email=${encodeURIComponent(owner.email)}`,
    );
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get("retry-after"))).toBeLessThanOrEqual(BACKOFF_SECONDS);
    expect(signedIn(slowed)).toBe(false);
    // god mode checks the same password from the same address: slowed there too
    expect(
      await codeOf(attacker, "/api/instances/admins/sign-in/", { email: owner.email, password: "guess" }, evil),
    ).toBe("5900");

    // the owner, from their own address, with the right password
    const home = t.anon();
    const res = await form(home, "/auth/sign-in/", { email: owner.email, password: owner.password }, newAddress());
    expect(res.location).toBe(WEB);
    expect((await home.get("/api/users/me/")).body.email).toBe(owner.email);
  });

  it("the attacker's wait doubles with every further failure, up to the window", async () => {
    const owner = await passwordUser(t);
    const c = t.anon();
    const evil = newAddress();
    for (let i = 0; i < limits.password.max; i++)
      expect(await codeOf(c, "/auth/sign-in/", { email: owner.email, password: "x" + i }, evil)).toBe("5065");
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const refused = await form(c, "/auth/sign-in/", { email: owner.email, password: "again" }, evil);
      expect(query(refused.location)).toMatchObject(RATE);
      waits.push(Number(refused.headers.get("retry-after")));
      await waitOver(limits.password, owner.email, evil);
      // once the wait is over the next guess is checked (and fails), and the wait after it is twice as long
      expect(await codeOf(c, "/auth/sign-in/", { email: owner.email, password: "again" }, evil)).toBe("5065");
    }
    const expected = [1, 2, 4, 8, 16, 32, 64, 128].map((k) =>
      Math.min(BACKOFF_SECONDS * k, limits.password.windowSeconds),
    );
    // (each answer counts the wait from a moment before it; at most a second has gone by)
    waits.forEach((w, i) => expect(expected[i] - w).toBeLessThanOrEqual(1));
    expect(waits.at(-1)).toBeLessThanOrEqual(limits.password.windowSeconds);
  });

  it("counts failures only: a user who mistypes now and then is never slowed down by their own sign-ins", async () => {
    const max = limits.password.max;
    const u = await passwordUser(t);
    const ip = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < max - 1; i++)
        expect(await codeOf(t.anon(), "/auth/sign-in/", { email: u.email, password: "typo" }, ip)).toBe("5065");
      expect((await form(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password }, ip)).location).toBe(WEB);
    }
    const [row] = await t.db.db
      .select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, accountKey(limits.password, u.email, ip)));
    expect(row).toBeUndefined();
  });

  it("many addresses guessing at once: past the account's count each new address gets one attempt; the owner's right password still signs in", async () => {
    const owner = await passwordUser(t);
    await wideCount(limits.password, owner.email, limits.password.max * limits.password.wideFactor);
    const c = t.anon();
    const bot = newAddress();
    expect(await codeOf(c, "/auth/sign-in/", { email: owner.email, password: "guess" }, bot)).toBe("5065");
    expect(await codeOf(c, "/auth/sign-in/", { email: owner.email, password: "guess2" }, bot)).toBe("5900");
    // a new address with the right password: its one attempt is checked
    const ownerIp = newAddress();
    expect(
      (await form(t.anon(), "/auth/sign-in/", { email: owner.email, password: owner.password }, ownerIp)).location,
    ).toBe(WEB);
    // and the address the account last signed in from keeps its full allowance
    for (let i = 0; i < 3; i++)
      expect(await codeOf(t.anon(), "/auth/sign-in/", { email: owner.email, password: "typo" + i }, ownerIp)).toBe(
        "5065",
      );
  });

  it("god-mode and app sign-in failures count together per address, and god mode answers 5900 on the admin page", async () => {
    const max = limits.password.max;
    const c = t.anon();
    const evil = newAddress();
    for (let i = 0; i < max / 2; i++)
      expect(await codeOf(c, "/api/instances/admins/sign-in/", { email: root.email, password: "x" + i }, evil)).toBe(
        "5175",
      );
    for (let i = 0; i < max / 2; i++)
      expect(await codeOf(c, "/auth/sign-in/", { email: root.email, password: "y" + i }, evil)).toBe("5065");
    const res = await form(c, "/api/instances/admins/sign-in/", { email: root.email, password: root.password }, evil);
    expect(res.location).toBe(
      `${WEB}/god-mode/?error_code=5900&error_message=RATE_LIMIT_EXCEEDED&email=${encodeURIComponent(root.email)}`,
    );
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const ok = await form(
      t.anon(),
      "/api/instances/admins/sign-in/",
      { email: root.email, password: root.password },
      newAddress(),
    );
    expect(ok.location).toBe(`${WEB}/god-mode/general/`);
  });

  it("change-password: wrong old passwords count against the account from that address (429 5900 with Retry-After)", async () => {
    const u = await passwordUser(t);
    const c = t.anon();
    const ip = newAddress();
    expect((await form(c, "/auth/sign-in/", { email: u.email, password: u.password }, ip)).location).toBe(WEB);
    const change = async (old: string) =>
      c.post(
        "/auth/change-password/",
        { old_password: old, new_password: OTHER_STRONG_PASSWORD },
        { "x-csrftoken": await csrfToken(c), ...from(ip) },
      );
    for (let i = 0; i < limits.password.max; i++) expect((await change("nope" + i)).body.error_code).toBe(5135);
    const res = await change(STRONG_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("magic codes: guesses per email and address", () => {
  it("an attacker's wrong codes slow their address down; the owner gets a fresh code from another address and signs in", async () => {
    const max = limits.magicCode.max;
    expect(max).toBe(8);
    const u = await passwordUser(t);
    const attacker = t.anon();
    const evil = newAddress();
    const generate = async (c: Client, ip: string) =>
      expect((await c.post("/auth/magic-generate/", { email: u.email }, from(ip))).status).toBe(200);
    await generate(attacker, evil);
    let code = await mailedCode(u.email);
    const wrong = () => (code === "000000" ? "111111" : "000000");
    const seen: string[] = [];
    for (let i = 0; i < 5; i++)
      seen.push(await codeOf(attacker, "/auth/magic-sign-in/", { email: u.email, code: wrong() }, evil));
    expect(seen).toEqual(["5090", "5090", "5090", "5090", "5100"]);
    await generate(attacker, evil);
    code = await mailedCode(u.email);
    for (let i = 5; i < max; i++)
      expect(await codeOf(attacker, "/auth/magic-sign-in/", { email: u.email, code: wrong() }, evil)).toBe("5090");
    const slowed = await form(attacker, "/auth/magic-sign-in/", { email: u.email, code: wrong() }, evil);
    expect(query(slowed.location)).toEqual({ ...RATE, email: u.email });
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    // the owner, elsewhere: a fresh code, and in
    const owner = t.anon();
    const home = newAddress();
    await generate(owner, home);
    const fresh = await mailedCode(u.email);
    const res = await form(owner, "/auth/magic-sign-in/", { email: u.email, code: fresh }, home);
    expect(res.location).toBe(WEB);
    expect((await owner.get("/api/users/me/")).body.email).toBe(u.email);
  });

  it("an attacker asking for codes over and over does not use up the owner's codes", async () => {
    const u = await passwordUser(t);
    const evil = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await t.anon().post("/auth/magic-generate/", { email: u.email }, from(evil))).status);
    expect(answers).toEqual([200, 200, 200, 200, 400]);
    const owner = t.anon();
    const home = newAddress();
    expect((await owner.post("/auth/magic-generate/", { email: u.email }, from(home))).status).toBe(200);
    const code = await mailedCode(u.email);
    expect((await form(owner, "/auth/magic-sign-in/", { email: u.email, code }, home)).location).toBe(WEB);
  });

  it("magic sign-up of a new email is slowed down the same way", async () => {
    const email = uniq();
    const c = t.anon();
    const ip = newAddress();
    let tries = 0;
    for (let gen = 0; tries < limits.magicCode.max; gen++) {
      expect((await c.post("/auth/magic-generate/", { email }, from(ip))).status).toBe(200);
      for (let i = 0; i < 4 && tries < limits.magicCode.max; i++, tries++)
        expect(await codeOf(c, "/auth/magic-sign-up/", { email, code: "abcdef" }, ip)).toBe("5092");
    }
    expect(await codeOf(c, "/auth/magic-sign-up/", { email, code: "abcdef" }, ip)).toBe("5900");
  });
});

describe("mails per address and source (magic-generate and forgot-password share the count)", () => {
  it("caps the mails one address asks for; the owner still gets their reset and code mails from another address", async () => {
    const max = limits.mail.max;
    const u = await passwordUser(t);
    const evil = newAddress();
    for (let i = 0; i < max; i++)
      expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, from(evil))).status).toBe(200);
    for (const path of ["/auth/forgot-password/", "/auth/magic-generate/"]) {
      const res = await t.anon().post(path, { email: u.email }, from(evil));
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const home = newAddress();
    await t.app.jobs.drain();
    const before = smtp.mails.filter((m) => m.to.includes(u.email)).length;
    expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, from(home))).status).toBe(200);
    expect((await t.anon().post("/auth/magic-generate/", { email: u.email }, from(home))).status).toBe(200);
    await t.app.jobs.drain();
    expect(smtp.mails.filter((m) => m.to.includes(u.email)).length).toBe(before + 2);
  });

  it("past the address's count from every source together, only the account's last sign-in address is served", async () => {
    const u = await passwordUser(t);
    const usual = newAddress();
    expect((await form(t.anon(), "/auth/sign-in/", { email: u.email, password: u.password }, usual)).location).toBe(
      WEB,
    );
    await wideCount(limits.mail, u.email, limits.mail.max * limits.mail.wideFactor);
    expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, from(newAddress()))).status).toBe(429);
    expect((await t.anon().post("/auth/forgot-password/", { email: u.email }, from(usual))).status).toBe(200);
  });
});

describe("reset-password tokens: guesses per account and address", () => {
  it("wrong tokens slow the guessing address down; the real link works from another address", async () => {
    const u = await passwordUser(t);
    const { uidb64, token } = await createResetToken(t.db.db, u.id);
    const c = t.anon();
    const evil = newAddress();
    const reset = async (tok: string, ip: string) =>
      form(c, `/auth/reset-password/${uidb64}/${tok}/`, { password: OTHER_STRONG_PASSWORD }, ip);
    for (let i = 0; i < limits.resetToken.max; i++)
      expect(query((await reset(crypto.randomBytes(32).toString("base64url"), evil)).location).error_code).toBe("5125");
    const slowed = await reset(token, evil);
    expect(query(slowed.location)).toEqual(RATE);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    const done = await reset(token, newAddress());
    expect(done.location).toBe(`${WEB}/sign-in?success=True`);
  });
});

describe("the per-IP limit still applies", () => {
  it("one IP trying many accounts is stopped per IP", async () => {
    const c = t.anon();
    const ip = newAddress();
    const codes: string[] = [];
    for (let i = 0; i <= PER_IP; i++)
      codes.push(await codeOf(c, "/auth/sign-in/", { email: uniq(), password: "x" }, ip));
    expect(codes).toEqual([...Array(PER_IP).fill("5060"), "5900"]);
  });
});

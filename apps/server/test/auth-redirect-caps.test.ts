import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { STRONG_PASSWORD, WEB, formPost, query, setupInstance } from "./auth-helpers.ts";

/**
 * What the browser auth forms echo into their redirect `Location` is capped (routes/auth/flow.ts capEcho):
 * a 100 KB email answers a normal-sized redirect with the form's invalid-email code, instead of a 100 KB
 * header that HTTP clients refuse; an oversized next_path is dropped.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const HUGE_EMAIL = "a".repeat(100 * 1024) + "@example.com";
/** Multi-byte characters: the cap is in bytes, so the percent-encoded echo stays small too. */
const HUGE_UNICODE = "é".repeat(50 * 1024) + "@example.com";
const MAX_LOCATION = 2048;

/** A form post whose answer must be a small 302; returns its query. */
async function smallRedirect(path: string, fields: Record<string, string>, base = `${WEB}/`) {
  const res = await formPost(t.anon(), path, fields);
  expect(res.status).toBe(302);
  expect(res.location!.startsWith(base + "?")).toBe(true);
  expect(Buffer.byteLength(res.location!)).toBeLessThan(MAX_LOCATION);
  const q = query(res.location);
  if (q.email !== undefined) expect(Buffer.byteLength(q.email)).toBeLessThanOrEqual(254);
  return q;
}

const GOD = `${WEB}/god-mode/`;

describe("before setup: god-mode sign-up", () => {
  it("a 100 KB email gives 5160 INVALID_ADMIN_EMAIL in a small redirect; oversized names are capped too", async () => {
    for (const email of [HUGE_EMAIL, HUGE_UNICODE]) {
      const q = await smallRedirect(
        "/api/instances/admins/sign-up/",
        { email, password: STRONG_PASSWORD, first_name: "Ann" },
        GOD,
      );
      expect(q).toMatchObject({ error_code: "5160", error_message: "INVALID_ADMIN_EMAIL" });
    }
    const q = await smallRedirect(
      "/api/instances/admins/sign-up/",
      { email: "ann@example.com", password: STRONG_PASSWORD, first_name: "N".repeat(100_000) },
      GOD,
    );
    expect(q.error_code).toBe("5155");
    expect(q.first_name).toBe("N".repeat(254));
  });
});

describe("after setup", () => {
  beforeAll(async () => {
    await setupInstance(t);
  });

  const FORMS: [string, Record<string, string>, string, string][] = [
    ["/auth/sign-in/", { password: "whatever" }, "5075", "INVALID_EMAIL_SIGN_IN"],
    ["/auth/sign-up/", { password: STRONG_PASSWORD }, "5045", "INVALID_EMAIL_SIGN_UP"],
    ["/auth/magic-sign-in/", { code: "123456" }, "5080", "INVALID_EMAIL_MAGIC_SIGN_IN"],
    ["/auth/magic-sign-up/", { code: "123456" }, "5050", "INVALID_EMAIL_MAGIC_SIGN_UP"],
  ];
  for (const [path, fields, code, name] of FORMS) {
    it(`${path}: a 100 KB email gives ${code} in a redirect under 2 KB`, async () => {
      for (const email of [HUGE_EMAIL, HUGE_UNICODE]) {
        const q = await smallRedirect(path, { ...fields, email, next_path: "/acme/" });
        expect(q).toMatchObject({ next_path: "/acme/", error_code: code, error_message: name });
        expect(q.email.length).toBeGreaterThan(0);
      }
    });
  }

  it("god-mode sign-in: a 100 KB email gives 5160; god-mode sign-up (admin exists) echoes it capped", async () => {
    expect(
      await smallRedirect("/api/instances/admins/sign-in/", { email: HUGE_EMAIL, password: "x" }, GOD),
    ).toMatchObject({ error_code: "5160", error_message: "INVALID_ADMIN_EMAIL" });
    expect(
      await smallRedirect("/api/instances/admins/sign-in/", { email: HUGE_EMAIL, password: "" }, GOD),
    ).toMatchObject({ error_code: "5170" });
    expect(
      await smallRedirect(
        "/api/instances/admins/sign-up/",
        { email: HUGE_EMAIL, password: STRONG_PASSWORD, first_name: "A" },
        GOD,
      ),
    ).toMatchObject({ error_code: "5150" });
  });

  it("missing password with a 100 KB email: the required-fields code, echo capped", async () => {
    const q = await smallRedirect("/auth/sign-in/", { email: HUGE_EMAIL, password: "" });
    expect(q).toMatchObject({ error_code: "5070", email: HUGE_EMAIL.slice(0, 254) });
  });

  it("an oversized or non-relative next_path is dropped; a valid one is kept", async () => {
    for (const next_path of [
      "/" + "x".repeat(100_000),
      "/" + "é".repeat(400),
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
    ]) {
      const q = await smallRedirect("/auth/sign-in/", { email: "nobody@example.com", password: "x", next_path });
      expect(q).toEqual({ error_code: "5060", error_message: "USER_DOES_NOT_EXIST", email: "nobody@example.com" });
    }
  });

  it("JSON endpoints answer 5005 with the echoed email capped", async () => {
    for (const path of ["/auth/email-check/", "/auth/magic-generate/"]) {
      const res = await t.anon().post(path, { email: HUGE_EMAIL });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error_code: 5005, error_message: "INVALID_EMAIL", email: HUGE_EMAIL.slice(0, 254) });
    }
  });
});

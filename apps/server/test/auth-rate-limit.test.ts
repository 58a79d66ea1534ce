import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { STRONG_PASSWORD, WEB, query, setupInstance } from "./auth-helpers.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 3, trustProxy: "loopback" });
  await setupInstance(t);
});
afterAll(async () => {
  await t?.close();
});

const RATE = { error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" };
/** Each test speaks from its own client IP (trusted proxy header) so limits do not interfere. */
const ip = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });

describe("rate limits on anonymous auth endpoints (per IP per minute, stored in Postgres)", () => {
  for (const [n, path] of [
    [1, "/auth/email-check/"],
    [2, "/auth/magic-generate/"],
    [3, "/auth/forgot-password/"],
  ] as const) {
    it(`${path}: the 4th call in a minute gets 429`, async () => {
      const c = t.anon();
      for (let i = 0; i < 3; i++) {
        const res = await c.post(path, { email: "someone@example.com" }, ip(n));
        expect(res.status).not.toBe(429);
      }
      const res = await c.post(path, { email: "someone@example.com" }, ip(n));
      expect(res.status).toBe(429);
      expect(res.body).toEqual(RATE);
      // another IP is not affected
      expect((await c.post(path, { email: "someone@example.com" }, ip(100 + n))).status).not.toBe(429);
    });
  }

  it("sign-in form: the 4th post redirects with error_code=5900", async () => {
    const c = t.anon();
    const token = (await c.get("/auth/get-csrf-token/")).body.csrf_token as string;
    const post = () =>
      c.request(
        "POST",
        "/auth/sign-in/",
        new URLSearchParams({
          csrfmiddlewaretoken: token,
          email: "x@example.com",
          password: "p",
          next_path: "/w/",
        }).toString(),
        { "content-type": "application/x-www-form-urlencoded", ...ip(10) },
      );
    for (let i = 0; i < 3; i++) expect(query((await post()).location).error_code).toBe("5060");
    const res = await post();
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${WEB}/?next_path=%2Fw%2F&error_code=5900&error_message=RATE_LIMIT_EXCEEDED`);
  });

  it("sign-up and magic forms are limited too", async () => {
    const c = t.anon();
    const token = (await c.get("/auth/get-csrf-token/")).body.csrf_token as string;
    for (const [path, n] of [
      ["/auth/sign-up/", 11],
      ["/auth/magic-sign-in/", 12],
      ["/auth/magic-sign-up/", 13],
    ] as const) {
      const post = () =>
        c.request(
          "POST",
          path,
          new URLSearchParams({
            csrfmiddlewaretoken: token,
            email: "bad",
            password: STRONG_PASSWORD,
            code: "1",
          }).toString(),
          { "content-type": "application/x-www-form-urlencoded", ...ip(n) },
        );
      for (let i = 0; i < 3; i++) expect(query((await post()).location).error_code).not.toBe("5900");
      expect(query((await post()).location).error_code).toBe("5900");
    }
  });

  it("god-mode sign-in is limited (redirect to the admin base with 5900)", async () => {
    const c = t.anon();
    const token = (await c.get("/auth/get-csrf-token/")).body.csrf_token as string;
    const post = () =>
      c.request(
        "POST",
        "/api/instances/admins/sign-in/",
        new URLSearchParams({ csrfmiddlewaretoken: token, email: "x@example.com", password: "p" }).toString(),
        { "content-type": "application/x-www-form-urlencoded", ...ip(20) },
      );
    for (let i = 0; i < 3; i++) expect(query((await post()).location).error_code).toBe("5185");
    const res = await post();
    expect(res.location).toBe(
      `${WEB}/god-mode/?error_code=5900&error_message=RATE_LIMIT_EXCEEDED&email=x%40example.com`,
    );
  });

  it("the window resets after a minute", async () => {
    const c = t.anon();
    for (let i = 0; i < 4; i++) await c.post("/auth/email-check/", { email: "a@example.com" }, ip(30));
    expect((await c.post("/auth/email-check/", { email: "a@example.com" }, ip(30))).status).toBe(429);
    // move the window into the past instead of waiting
    await t.db.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key LIKE ${"%203.0.113.30"}`,
    );
    const res = await c.post("/auth/email-check/", { email: "a@example.com" }, ip(30));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing: false, status: "CREDENTIAL" });
  });

  it("a client cannot dodge the limit by prepending forged X-Forwarded-For hops", async () => {
    const c = t.anon();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await c.post(
            "/auth/email-check/",
            { email: "a@example.com" },
            { "x-forwarded-for": `198.51.100.${i}, 203.0.113.40` },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counters live in the rate_limits table", async () => {
    const rows = (await t.db.db.execute(
      sql`SELECT key, count FROM rate_limits WHERE key = ${"auth-email-check:203.0.113.1"}`,
    )) as unknown as { key: string; count: number }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].count).toBe(4);
  });
});

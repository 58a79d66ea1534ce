import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { setupInstance } from "./auth-helpers.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 2, trustProxy: "" });
  await setupInstance(t);
});
afterAll(async () => {
  await t?.close();
});

describe("rate limit without a trusted proxy", () => {
  it("ignores X-Forwarded-For entirely, so rotating it does not reset the limit", async () => {
    const c = t.anon();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await c.post("/auth/email-check/", { email: "a@example.com" }, { "x-forwarded-for": `198.51.100.${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    const last = await c.post("/auth/email-check/", { email: "a@example.com" }, { "x-forwarded-for": "192.0.2.77" });
    expect(last.body).toEqual({ error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" });
  });
});

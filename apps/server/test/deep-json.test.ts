import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor } from "./helpers/api-key.ts";
import { LiveClient } from "./helpers/live.ts";
import { MAX_JSON_DEPTH } from "../src/http/json-depth.ts";

/**
 * Issue #24 point 13: a JSON body nested 100,000 levels deep overflowed the stack into a 500 on any route, signed out
 * too, and a few in parallel stalled the process. It is refused as a 400 before it is parsed, and the server goes on.
 */

let t: TestServer;
let ws: WorkspaceFixture;
beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => {
  await t?.close();
});

const arrays = (n: number) => "[".repeat(n) + "]".repeat(n);
const objects = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const TOO_DEEP = { detail: `JSON parse error - nesting deeper than ${MAX_JSON_DEPTH} levels.` };
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  t.anon().request("POST", path, body, { "content-type": "application/json", ...headers });

describe("deeply nested JSON bodies", () => {
  it("answers 400 with the parse error body on signed-out routes, then health answers normally", async () => {
    for (const path of [
      "/auth/email-check/",
      "/api/public/intake/0123456789abcdef0123456789abcdef/",
      "/auth/magic-generate/",
    ]) {
      for (const body of [arrays(100_000), objects(100_000)]) {
        const res = await post(path, body);
        expect(res.status, path).toBe(400);
        expect(res.body).toEqual(TOO_DEEP);
      }
    }
    const health = await t.anon().get("/api/health");
    expect(health.status).toBe(200);
  });

  it("answers 400 on signed-in routes and on /mcp", async () => {
    const res = await ws.member.request("PATCH", "/api/users/me/", objects(100_000), {
      "content-type": "application/json; charset=utf-8",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(TOO_DEEP);
    const key = await apiKeyFor(ws.member);
    const mcp = await key.request("POST", "/mcp", arrays(100_000), {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    });
    expect(mcp.status).toBe(400);
    expect(mcp.body).toEqual(TOO_DEEP);
  });

  it("keeps answering while several such bodies arrive at once", async () => {
    const body = arrays(100_000);
    const results = await Promise.all([...Array(4)].map(() => post("/auth/email-check/", body)));
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect((await t.anon().get("/api/health")).status).toBe(200);
    // a body at the limit is parsed and validated as usual
    const atLimit = await post("/auth/email-check/", `{"email":"a@b.co","x":${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.status).not.toBe(500);
    expect(atLimit.body).not.toEqual(TOO_DEEP);
  });

  it("drops a deeply nested realtime message and the socket keeps working", async () => {
    const live = await LiveClient.open(t.url, ws.member);
    try {
      live.ws.send(arrays(5_000));
      live.send({ type: "ping" });
      await live.waitFor((m) => m.type === "pong");
      expect(live.closed).toBeNull();
    } finally {
      live.ws.close();
    }
  });
});

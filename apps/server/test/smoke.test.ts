import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe("server basics", () => {
  it("answers unknown API paths with the spec's 404 body", async () => {
    const res = await t.anon().get("/api/no-such-thing/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Page not found." });
  });
  it("answers a malformed URL with a clear 400", async () => {
    const res = await t.anon().get("/api/workspaces/%E0%A4%A/");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Malformed request URL." });
  });
  it("answers malformed JSON with a 400 detail", async () => {
    const res = await t
      .anon()
      .request("POST", "/auth/email-check/", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(String(res.body.detail)).toMatch(/^JSON parse error/);
  });
  it("answers CORS with credentials for the app's own origin (WEB_URL)", async () => {
    const res = await t.anon().request("OPTIONS", "/api/users/me/", undefined, {
      origin: "http://web.test",
      "access-control-request-method": "GET",
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://web.test");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
  });
});

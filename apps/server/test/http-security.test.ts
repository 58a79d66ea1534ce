import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { adminSessionFor, formPost, setupInstance, WEB } from "./auth-helpers.ts";
import { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";
import { buildServer } from "../src/app.ts";

/**
 * Issue #6 points 2, 4 and 10: credentialed CORS and cookie-authenticated writes only from trusted origins,
 * JSON-only API bodies, security headers (CSP, HSTS only with COOKIE_SECURE), request ids and 5xx logging.
 */

const EXTRA = "http://extra.test:8080";
const EVIL = "http://127.0.0.1:1";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
beforeAll(async () => {
  t = await startTestServer({ corsAllowedOrigins: [EXTRA] });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

const itemNames = async () =>
  (
    await t.db.db.select({ name: schema.issues.name }).from(schema.issues).where(eq(schema.issues.projectId, pr.id))
  ).map((r) => r.name);

const preflight = (origin: string) =>
  t.anon().request("OPTIONS", "/api/users/me/", undefined, {
    origin,
    "access-control-request-method": "PATCH",
    "access-control-request-headers": "content-type",
  });

describe("credentialed CORS", () => {
  it("answers a preflight from a foreign origin without any Access-Control-Allow-* header", async () => {
    const res = await preflight("http://evil.test");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
    // and a simple cross-origin read is not shared with that origin either
    const read = await ws.member.get("/api/users/me/", { origin: "http://evil.test" });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows WEB_URL's origin and every CORS_ALLOWED_ORIGINS entry, with credentials", async () => {
    for (const origin of [WEB, EXTRA]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-methods")).toContain("PATCH");
      expect(res.headers.get("access-control-allow-headers")).toContain("x-csrftoken");
      expect(res.headers.get("vary")).toMatch(/origin/i);
    }
    const read = await ws.member.get("/api/users/me/", { origin: EXTRA });
    expect(read.headers.get("access-control-allow-origin")).toBe(EXTRA);
    expect(read.headers.get("access-control-expose-headers")).toMatch(/x-request-id/i);
  });
});

describe("cookie-authenticated writes", () => {
  it("refuses a form-encoded POST to P/issues/ with the session cookie and creates nothing", async () => {
    const body = new URLSearchParams({ name: "forged by a form" }).toString();
    const sameSite = await ws.member.request("POST", `${pr.base}/issues/`, body, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(sameSite.status).toBe(415);
    expect(sameSite.body).toEqual({ detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.' });
    // what a page on another port of the same host sends: its Origin and Sec-Fetch-Site: same-site
    const crossPort = await ws.member.request("POST", `${pr.base}/issues/`, body, {
      "content-type": "application/x-www-form-urlencoded",
      origin: EVIL,
      "sec-fetch-site": "same-site",
    });
    expect(crossPort.status).toBe(403);
    expect(crossPort.body).toEqual({
      detail: `CSRF Failed: Origin checking failed - ${EVIL} does not match any trusted origins.`,
    });
    expect(await itemNames()).not.toContain("forged by a form");
  });

  it("refuses a JSON write from a foreign origin, or a cross-site one without an Origin", async () => {
    const forged: Record<string, string>[] = [
      { origin: EVIL },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of forged) {
      const res = await ws.member.post(`${pr.base}/issues/`, { name: "forged json" }, headers);
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/^CSRF Failed: Origin checking failed/);
    }
    const patch = await ws.member.patch("/api/users/me/", { first_name: "Hijacked" }, { origin: "http://evil.test" });
    expect(patch.status).toBe(403);
    expect(await itemNames()).not.toContain("forged json");
    expect((await ws.member.get("/api/users/me/")).body.first_name).not.toBe("Hijacked");
  });

  it("refuses god-mode changes from a foreign origin (admin session cookie)", async () => {
    const { admin } = await setupInstance(t);
    const before = (await admin.get("/api/instances/")).body.instance.instance_name;
    const res = await admin.patch("/api/instances/", { instance_name: "Forged" }, { origin: "http://evil.test" });
    expect(res.status).toBe(403);
    expect((await admin.get("/api/instances/")).body.instance.instance_name).toBe(before);
    const other = await adminSessionFor(t, ws.admin.userId);
    expect(
      (await other.patch("/api/instances/", { instance_name: "Forged" }, { origin: "http://evil.test" })).status,
    ).toBe(403);
  });

  it("accepts same-origin, WEB_URL, CORS_ALLOWED_ORIGINS and non-browser JSON writes", async () => {
    const cases: [string, Record<string, string>][] = [
      ["same origin", { origin: t.url, "sec-fetch-site": "same-origin" }],
      // Behind a TLS-terminating proxy the browser's origin is https while Stride itself serves http.
      ["same host over https", { origin: t.url.replace("http://", "https://"), "sec-fetch-site": "same-origin" }],
      ["web url", { origin: WEB, "sec-fetch-site": "cross-site" }],
      ["extra origin", { origin: EXTRA }],
      ["no origin", {}],
    ];
    for (const [name, headers] of cases) {
      const res = await ws.member.post(`${pr.base}/issues/`, { name }, headers);
      expect(res.status, name).toBe(201);
    }
    expect(await itemNames()).toEqual(expect.arrayContaining(cases.map(([n]) => n)));
  });

  it("takes JSON bodies only: text/plain and forms are a 415 on JSON endpoints, also under /auth/", async () => {
    const json = JSON.stringify({ name: "plain text json" });
    const res = await ws.member.request("POST", `${pr.base}/issues/`, json, {
      "content-type": "text/plain;charset=UTF-8",
      origin: t.url,
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Unsupported media type "text/plain;charset=UTF-8" in request.' });
    const noType = await ws.member.request("POST", `${pr.base}/issues/`, new TextEncoder().encode(json));
    expect(noType.status).toBe(415);
    expect(await itemNames()).not.toContain("plain text json");
    const emailCheck = await t.anon().form("/auth/email-check/", { email: "someone@example.com" });
    expect(emailCheck.status).toBe(415);
    const magic = await t
      .anon()
      .request("POST", "/auth/magic-generate/", JSON.stringify({ email: "someone@example.com" }), {
        "content-type": "text/plain",
      });
    expect(magic.status).toBe(415);
  });

  it("keeps the browser form endpoints (CSRF token) working, anonymous or signed in, from our own pages", async () => {
    const anon = t.anon();
    const signIn = await formPost(anon, "/auth/sign-in/", { email: "nobody@example.com", password: "x" });
    expect(signIn.status).toBe(302);
    expect(signIn.location).toMatch(/error_code=/);
    const out = await formPost(ws.guest, "/auth/sign-out/", {});
    expect(out.status).toBe(302);
    // with the session cookie, a form from another origin never reaches the handler
    const member = await t.user();
    const forged = await member.request("POST", "/auth/sign-out/", "csrfmiddlewaretoken=x", {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://evil.test",
    });
    expect(forged.status).toBe(403);
    expect((await member.get("/api/users/me/")).status).toBe(200);
  });
});

describe("security headers", () => {
  const expectCommonHeaders = (h: Headers) => {
    const csp = h.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(csp).not.toContain("unsafe-inline");
    // WebAssembly compiles (the web's local database), nothing is eval'd
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(h.get("referrer-policy")).toBe("same-origin");
  };

  it("serves API answers, errors and the SPA shell with CSP, nosniff, Referrer-Policy and X-Frame-Options; no HSTS on plain HTTP", async () => {
    const ok = await ws.member.get("/api/users/me/");
    expectCommonHeaders(ok.headers);
    const notFound = await t.anon().get("/api/no-such-thing/");
    expectCommonHeaders(notFound.headers);
    const refused = await ws.member.post(`${pr.base}/issues/`, { name: "x" }, { origin: "http://evil.test" });
    expectCommonHeaders(refused.headers);
    for (const h of [ok.headers, notFound.headers, refused.headers])
      expect(h.get("strict-transport-security")).toBeNull();
    expect(ok.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");

    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "stride-web-"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Stride</title>");
    const web = await buildServer(t.app, { webDist: dist });
    try {
      const shell = await web.inject({ method: "GET", url: "/some/spa/route" });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers["content-type"]).toMatch(/text\/html/);
      expectCommonHeaders(new Headers(shell.headers as Record<string, string>));
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("adds HSTS and upgrade-insecure-requests only when COOKIE_SECURE=1", async () => {
    const secure = await startTestServer({ cookieSecure: true });
    try {
      const res = await secure.anon().get("/api/instances/");
      expectCommonHeaders(res.headers);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });
});

describe("request ids and server errors", () => {
  it("answers X-Request-Id on every response; keeps a safe incoming id, replaces an unsafe one", async () => {
    const a = await t.anon().get("/api/instances/");
    const b = await t.anon().get("/api/no-such-thing/");
    const c = await t.anon().get("/api/workspaces/%E0%A4%A/");
    const ids = [a, b, c].map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect((await t.anon().get("/api/instances/", { "x-request-id": "lb-7f3a.9_Z" })).headers.get("x-request-id")).toBe(
      "lb-7f3a.9_Z",
    );
    for (const bad of ["a b", "x".repeat(65), "<script>", "id,other"]) {
      const res = await t.anon().get("/api/instances/", { "x-request-id": bad });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  /** A second server on the same app context with a captured log stream and one route that throws. */
  async function crashingServer(
    logLevel: "warn" | "silent",
  ): Promise<{ server: FastifyInstance; url: string; lines: () => Record<string, unknown>[] }> {
    const out: string[] = [];
    const server = await buildServer(
      { ...t.app, config: { ...t.app.config, logLevel } },
      {
        logStream: {
          write: (line) => {
            out.push(line);
          },
        },
      },
    );
    server.get("/api/test-only/crash/", async () => {
      throw new Error("kaboom in the handler");
    });
    // What a query gives when the database is out of reach: drizzle's wrapper (query text and parameters)
    // around the driver's connection error.
    server.get("/api/test-only/db-down/", async () => {
      const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      throw Object.assign(
        new Error("Failed query: select * from sessions where id = $1\nparams: secret-session-hash"),
        { cause },
      );
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    const addr = server.server.address();
    const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    return { server, url, lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  for (const level of ["warn", "silent"] as const) {
    it(`logs a 500 at error with its stack, method, URL and request id (LOG_LEVEL=${level}) and answers the id`, async () => {
      const s = await crashingServer(level);
      try {
        const res = await new Client(s.url).get("/api/test-only/crash/?q=1", { "x-request-id": "trace-500-check" });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: "Something went wrong please try again later" });
        expect(res.headers.get("x-request-id")).toBe("trace-500-check");
        const ok = await new Client(s.url).get("/api/instances/");
        expect(ok.status).toBe(200);
        const errorsLogged = s.lines().filter((l) => l.level === "error" || l.level === "fatal");
        expect(errorsLogged).toHaveLength(1);
        const line = errorsLogged[0] as {
          level: string;
          reqId: string;
          method: string;
          url: string;
          statusCode: number;
          err: { message: string; stack: string };
        };
        expect(line.level).toBe("error");
        expect(line.reqId).toBe("trace-500-check");
        expect(line.method).toBe("GET");
        expect(line.url).toBe("/api/test-only/crash/?q=1");
        expect(line.statusCode).toBe(500);
        expect(line.err.message).toBe("kaboom in the handler");
        expect(line.err.stack).toMatch(/kaboom in the handler\n\s+at /);
        // nothing else is written at the default level (no per-request chatter)
        expect(s.lines().filter((l) => !["warn", "error", "fatal"].includes(l.level as string))).toEqual([]);
      } finally {
        await s.server.close();
      }
    });
  }

  it("logs a database outage's 503 as a one-line warning with its cause, without the query or its parameters", async () => {
    const s = await crashingServer("warn");
    try {
      const res = await new Client(s.url).get("/api/test-only/db-down/", { "x-request-id": "trace-503-check" });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      const lines = s.lines().filter((l) => l.reqId === "trace-503-check");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: "warn",
        statusCode: 503,
        method: "GET",
        cause: "connect ECONNREFUSED 127.0.0.1:5432",
      });
      expect(JSON.stringify(lines[0])).not.toContain("secret-session-hash");
    } finally {
      await s.server.close();
    }
  });
});

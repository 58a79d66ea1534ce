import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { registeredRoutes, type RegisteredRoute } from "../src/core/route.ts";

/**
 * A guard over EVERY registered endpoint, so a new route cannot forget its checks:
 * - anonymous callers get 401 with the spec's body on every route that is not anonymous by design;
 * - a signed-in user who is not a member of the workspace gets 403 on every workspace/project-scoped route;
 * - no route answers 500 to these calls.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let routes: RegisteredRoute[];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  const seen = new Set<string>();
  routes = registeredRoutes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key) || r.method === "HEAD" || r.method === "OPTIONS") return false;
    seen.add(key);
    return true;
  });
});
afterAll(async () => { await t?.close(); });

function concretePath(url: string, slug: string): string {
  return url
    .replace(/:slug\b/g, slug)
    .replace(/:([A-Za-z_]+)-:([A-Za-z_]+)/g, "ABC-1")
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => (/id$|Id$|^uid$/.test(name) ? crypto.randomUUID() : "x"));
}

const UNAUTH = { detail: "Authentication credentials were not provided." };

describe("every endpoint checks its caller", () => {
  it("registers a meaningful number of routes", () => {
    expect(routes.length).toBeGreaterThan(150);
  });

  it("answers anonymous callers 401 on every non-anonymous route", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.auth === "session" || x.auth === "admin")) {
      const path = concretePath(r.url, ws.slug);
      const res = await ws.anon.request(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {});
      if (res.status !== 401 || JSON.stringify(res.body) !== JSON.stringify(UNAUTH)) failures.push(`${r.method} ${r.url} → ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers non-members 403 on every workspace- and project-scoped route (or a field-level 400 for an empty body)", async () => {
    const failures: string[] = [];
    const scoped = routes.filter((x) => x.scope && x.auth === "session");
    expect(scoped.length).toBeGreaterThan(100);
    for (const r of scoped) {
      const path = concretePath(r.url, ws.slug);
      const res = await ws.outsider.request(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {});
      // The pipeline validates the body before loading the scope, so an empty body may first get a field-level 400.
      const bodyValidation = res.status === 400 && r.method !== "GET" && res.body && typeof res.body === "object" && !("error" in res.body) && !("detail" in res.body);
      if (res.status !== 403 && !bodyValidation) failures.push(`${r.method} ${r.url} → ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });

  it("declares a policy on every route that is not anonymous", () => {
    const missing = routes.filter((r) => (r.auth === "session" || r.auth === "admin") && !r.policy).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});

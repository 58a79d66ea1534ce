import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { roleWorld, type RoleWorld } from "./helpers/fixtures.ts";
import type { RegisteredRoute } from "../src/http/route.ts";
import { NUL_MESSAGE } from "../src/http/nul.ts";
import { concretePath, everyRoute } from "./helpers/routes.ts";
import { pgErrorToHttp } from "../src/http/errors.ts";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";

/**
 * NUL characters cannot be stored and name nothing: every route refuses them with a 400 in the validation layer
 * (body strings at any depth, query strings, path params), never a 500. Called as a caller every policy lets
 * through (workspace, project and instance admin), so the validation layer is reached on every route.
 */
let t: TestServer;
let w: RoleWorld;
let routes: RegisteredRoute[];
const NUL = "a\u0000b";

/** The admin's API key, for the public API v1's `apiKey` routes. */
let keyHeader: (r: RegisteredRoute) => Record<string, string>;

beforeAll(async () => {
  t = await startTestServer();
  w = await roleWorld(t);
  // the project's switchable features on, so their routes reach the body check (off, they answer "not enabled" first)
  const on = await w.ws.admin.patch(`/api/workspaces/${w.ws.slug}/projects/${w.project.id}/`, {
    is_time_tracking_enabled: true,
    is_project_updates_enabled: true,
    is_workflow_enabled: true,
  });
  expect(on.status).toBe(200);
  routes = everyRoute();
  const key = `plane_api_${crypto.randomBytes(16).toString("hex")}`;
  await t.db.db
    .insert(schema.apiTokens)
    .values({ tokenHash: hashToken(key), userId: w.ws.admin.userId, allowedRateLimit: "1000000/min" });
  keyHeader = (r): Record<string, string> => (r.auth === "apiKey" ? { "x-api-key": key } : {});
});
afterAll(async () => {
  await t?.close();
});

/** Strip optional/nullable/default wrappers to the schema that judges the value. */
function core(s: z.ZodType): z.ZodType {
  let cur: any = s;
  for (let i = 0; i < 10; i++) {
    const d = cur?.def;
    if (!d) break;
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(d.type))
      cur = d.innerType;
    else if (d.type === "pipe") cur = d.in;
    else break;
  }
  return cur;
}

/**
 * A well-shaped body with a NUL in one string field of the route's body schema: a top-level string field,
 * else a string field of an object inside a list or object field; `name` when the schema says nothing.
 * Returns the body and the field path the 400 must name.
 */
function nulBody(schema: z.ZodType | null): { body: Record<string, unknown>; field: string } {
  const top = schema ? core(schema) : null;
  if (top instanceof z.ZodObject) {
    const shape = top.shape as Record<string, z.ZodType>;
    for (const [k, v] of Object.entries(shape))
      if (core(v) instanceof z.ZodString) return { body: { [k]: NUL }, field: k };
    for (const [k, v] of Object.entries(shape)) {
      const c = core(v);
      const inner = c instanceof z.ZodArray ? core(c.element as z.ZodType) : c;
      if (inner instanceof z.ZodObject) {
        for (const [k2, v2] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
          if (core(v2) instanceof z.ZodString) {
            return c instanceof z.ZodArray
              ? { body: { [k]: [{ [k2]: NUL }] }, field: `${k}.0.${k2}` }
              : { body: { [k]: { [k2]: NUL } }, field: `${k}.${k2}` };
          }
        }
      }
    }
  }
  return { body: { name: NUL }, field: "name" };
}

describe("NUL characters are refused with a 400 on every route", () => {
  it("refuses a NUL in one string field of every write route's body", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes.filter((x) => x.method !== "GET")) {
      const { body, field } = nulBody(r.body);
      const res = await w.ws.admin.request(r.method, concretePath(r.url, w), body, keyHeader(r));
      sent++;
      if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify({ [field]: [NUL_MESSAGE] }))
        failures.push(`${r.method} ${r.url} ${JSON.stringify(body)} → ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  it("refuses a NUL in a path segment of every route, before it reaches SQL", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes) {
      for (const [, param] of r.url.matchAll(/:([A-Za-z_]+)/g)) {
        const res = await w.ws.admin.request(
          r.method,
          concretePath(r.url, w, { [param]: "a%00b" }),
          r.method === "GET" || r.method === "DELETE" ? undefined : {},
          keyHeader(r),
        );
        sent++;
        if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify({ error: NUL_MESSAGE }))
          failures.push(`${r.method} ${r.url} (:${param}) → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(150);
  });

  it("refuses a NUL in a query string of every GET route", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method === "GET")) {
      const res = await w.ws.admin.get(`${concretePath(r.url, w)}?search=a%00b`, keyHeader(r));
      if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify({ detail: `search: ${NUL_MESSAGE}` }))
        failures.push(`${r.method} ${r.url} → ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers the measured cases with a 400 and still accepts the same requests without the NUL", async () => {
    const base = w.project.base;
    expect(await w.ws.admin.post(`${base}/issues/`, { name: NUL }).then((r) => [r.status, r.body])).toEqual([
      400,
      { name: [NUL_MESSAGE] },
    ]);
    const issue = await w.ws.admin.post(`${base}/issues/`, { name: "ab" });
    expect(issue.status).toBe(201);
    const comment = await w.ws.admin.post(`${base}/issues/${issue.body.id}/comments/`, {
      comment_html: `<p>${NUL}</p>`,
    });
    expect([comment.status, comment.body]).toEqual([400, { comment_html: [NUL_MESSAGE] }]);
    // nested at any depth, keys too
    const nested = await w.ws.admin.patch(`${base}/user-properties/`, { display_filters: { group_by: NUL } });
    expect([nested.status, nested.body]).toEqual([400, { "display_filters.group_by": [NUL_MESSAGE] }]);
    const key = await w.ws.admin.patch(`${base}/user-properties/`, { filters: { [NUL]: ["x"] } });
    expect([key.status, key.body]).toEqual([400, { filters: [NUL_MESSAGE] }]);
    const instance = await w.ws.admin.patch("/api/instances/", { instance_name: NUL });
    expect([instance.status, instance.body]).toEqual([400, { instance_name: [NUL_MESSAGE] }]);
    expect(await w.ws.admin.get("/api/workspaces/a%00b/").then((r) => [r.status, r.body])).toEqual([
      400,
      { error: NUL_MESSAGE },
    ]);
    expect((await w.ws.admin.get(`/api/workspaces/${w.ws.slug}/`)).status).toBe(200);
  });

  it("maps PostgreSQL's refusal of a NUL (22021) to a 400 as defence in depth", async () => {
    const err = await t.db.sql`select ${NUL}::text as v`.then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as { code?: string })?.code).toBe("22021");
    const mapped = pgErrorToHttp(err);
    expect([mapped?.status, mapped?.body]).toEqual([400, { error: "Please provide valid detail" }]);
  });
});

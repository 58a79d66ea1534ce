import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { registeredRoutes } from "../src/http/route.ts";
import { v1WorkItemCreateBody } from "../src/routes/v1/work-items.ts";

let t: TestServer;
let doc: any;

beforeAll(async () => {
  t = await startTestServer();
  const res = await t.anon().get("/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await t?.close();
});

describe("the OpenAPI document of API v1", () => {
  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const res = await validator.validate(structuredClone(doc));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toBe("3.1.0");
  });

  it("describes every apiKey route, and only those, with the X-API-Key scheme", () => {
    const want = new Set(
      registeredRoutes
        .filter((r) => r.auth === "apiKey" && r.url.startsWith("/api/v1/"))
        .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:([A-Za-z_]+)/g, "{$1}")}`),
    );
    const got = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>))
      for (const m of Object.keys(ops)) got.add(`${m} ${path}`);
    expect([...got].sort()).toEqual([...want].sort());
    expect(got.has("post /api/v1/workspaces/{slug}/projects/{projectId}/work-items/")).toBe(true);
    expect(got.has("get /api/v1/users/me/")).toBe(true);
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: "apiKey", in: "header", name: "X-API-Key" });
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes its schemas from the zod schemas the routes validate with", () => {
    const op = doc.paths["/api/v1/workspaces/{slug}/projects/{projectId}/work-items/"].post;
    const body = op.requestBody.content["application/json"].schema;
    const direct = z.toJSONSchema(v1WorkItemCreateBody, { io: "input", unrepresentable: "any" }) as Record<
      string,
      unknown
    >;
    delete direct.$schema;
    expect(body).toEqual(direct);
    expect(body.required).toEqual(["name"]);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["name", "state", "assignees", "labels", "external_id", "external_source"]),
    );
    expect(op.responses["201"]).toBeTruthy();
    const list = doc.paths["/api/v1/workspaces/{slug}/projects/{projectId}/work-items/"].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining([
        "path:slug",
        "path:projectId",
        "query:per_page",
        "query:cursor",
        "query:fields",
        "query:expand",
        "query:external_id",
      ]),
    );
    expect(list.parameters.find((p: { name: string }) => p.name === "projectId").schema).toMatchObject({
      type: "string",
      format: "uuid",
    });
  });

  it("has a docs page that lists the endpoints and links the document", async () => {
    const res = await t.anon().get("/api/v1/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain('href="/api/v1/openapi.json"');
    expect(res.text).toContain("POST /api/v1/workspaces/{slug}/projects/{projectId}/work-items/");
  });
});

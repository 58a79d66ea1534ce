import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { escapeHtml } from "@stride/shared";
import { v1DocEndpoints } from "@stride/shared/endpoints";
import { route, registeredRoutes, type RegisteredRoute } from "../../http/route.ts";
import type { AppContext } from "../../core/context.ts";
import { V1 } from "./paths.ts";

/**
 * The OpenAPI 3.1 document of the public API v1 (`/api/v1/openapi.json`), built from the routes as registered:
 * every `apiKey` route with the very zod schemas `route()` validates its path params, query and body with
 * (`z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses). Nothing here lists endpoints by hand.
 */
type Json = Record<string, unknown>;

/** Input-side JSON Schema of a zod schema; checks and transforms without a JSON Schema form are left open. */
export function jsonSchema(s: z.ZodType): Json {
  const out = z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

const ERROR_RESPONSES: Record<string, string> = {
  "400": 'Invalid input: `{"field": ["message"]}`, `{"error"}` or `{"detail"}`',
  "401": 'No API key: `{"detail": "Authentication credentials were not provided."}`',
  "403": 'Invalid, expired or revoked key, or not allowed: `{"detail"}` or `{"error"}`',
  "404": '`{"error": "The requested resource does not exist."}`',
  "429": 'Over the key\'s rate limit: `{"error_code": 5900, "error_message": "RATE_LIMIT_EXCEEDED"}`',
};

export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, "{$1}");

/** The resource a path acts on: its last fixed segment ("work-items", "comments", "me", …). */
function tagOf(url: string): string {
  const fixed = url
    .replace(/^\/api\/v1\//, "")
    .split("/")
    .filter((p) => p && !p.startsWith(":"));
  const last = fixed[fixed.length - 1] ?? "api";
  return ["archive", "summary", "search"].includes(last) && fixed.length > 1 ? fixed[fixed.length - 2] : last;
}

function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, "")
    .split("/")
    .filter(Boolean)
    .map((p) => (p.startsWith(":") ? `by_${p.slice(1)}` : p.replace(/-/g, "_")));
  return `${method.toLowerCase()}_${words.join("_")}`;
}

function parameters(r: RegisteredRoute): Json[] {
  const out: Json[] = [];
  const names = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const params = r.params ? jsonSchema(r.params) : null;
  const pprops = (params?.properties ?? {}) as Record<string, Json>;
  for (const name of names) out.push({ name, in: "path", required: true, schema: pprops[name] ?? { type: "string" } });
  if (r.query) {
    const q = jsonSchema(r.query);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>))
      out.push({ name, in: "query", required: required.has(name), schema });
  }
  return out;
}

/** The document for the routes registered so far (built once, after start-up registered them all). */
export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const seen = new Set<string>();
  for (const r of registeredRoutes) {
    // the MCP endpoint (`/mcp`) takes API keys too, but is not part of the REST API
    if (r.auth !== "apiKey" || !r.url.startsWith(`${V1}/`)) continue;
    const path = openApiPath(r.url.endsWith("/") ? r.url : `${r.url}/`);
    const method = r.method.toLowerCase();
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    const responses: Json = {
      [String(r.status)]:
        r.status === 204
          ? { description: "Done, no content" }
          : { description: "Success", content: { "application/json": { schema: { type: "object" } } } },
    };
    for (const [code, description] of Object.entries(ERROR_RESPONSES))
      responses[code] = { $ref: `#/components/responses/E${code}`, description };
    const op: Json = {
      operationId: operationId(r.method, r.url),
      summary: `${r.method} ${path}`,
      tags: [tagOf(r.url)],
      parameters: parameters(r),
      responses,
    };
    if (r.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(r.body) } } };
    (paths[path] ??= {})[method] = op;
  }
  const responses: Record<string, Json> = {};
  for (const [code, description] of Object.entries(ERROR_RESPONSES)) {
    responses[`E${code}`] = { description, content: { "application/json": { schema: { type: "object" } } } };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stride public API",
      version: "v1",
      description:
        "The public API v1 of Stride, compatible with Plane's API v1. Authenticate with an API token (`X-API-Key`), created in workspace settings → API tokens. Lists are paginated with `per_page` and `cursor`; objects honour `fields` and `expand`. Each key may make 60 requests a minute (`X-RateLimit-*` headers).",
    },
    servers: [{ url: "/" }],
    security: [{ ApiKey: [] }],
    components: { securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" } }, responses },
    paths,
  };
}

/** `/api/v1/openapi.json` and the docs page `/api/v1/docs/` (anonymous: they describe the API, not its data). */
export function registerV1Docs(fastify: FastifyInstance, app: AppContext) {
  let doc: Json | null = null;
  const documentOf = () => (doc ??= buildOpenApi());

  route(fastify, app, {
    endpoint: v1DocEndpoints.openapi,
    auth: "none",
    policy: null,
    handler: async () => documentOf(),
  });

  route(fastify, app, {
    endpoint: v1DocEndpoints.docs,
    auth: "none",
    policy: null,
    handler: async (ctx) => {
      const paths = documentOf().paths as Record<string, Record<string, { summary: string; tags: string[] }>>;
      const byTag = new Map<string, string[]>();
      for (const [path, ops] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(ops)) {
          const list = byTag.get(op.tags[0]) ?? [];
          list.push(`<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code></li>`);
          byTag.set(op.tags[0], list);
        }
      }
      const sections = [...byTag]
        .map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2><ul>${items.join("")}</ul>`)
        .join("");
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stride API v1</title></head><body><h1>Stride API v1</h1>` +
        `<p>Send an API token (workspace settings → API tokens) in the <code>X-API-Key</code> header. Machine-readable description: <a href="${V1}/openapi.json">OpenAPI 3.1 document</a>.</p>` +
        `${sections}</body></html>`;
      return ctx.reply.type("text/html; charset=utf-8").send(html);
    },
  });
}

import { registeredRoutes, type RegisteredRoute } from "../../http/route.ts";
import { jsonSchema, openApiPath } from "../v1/openapi.ts";
import { V1 } from "../v1/paths.ts";

/**
 * The MCP server's tools, generated from the public API v1 as registered: one tool per `apiKey` route (its
 * `work-items/` spelling where `issues/` is an alias), whose input schema is the route's own zod schemas (path
 * params, query, and the body as `body`) and whose call is that very route, run in-process with the caller's
 * token (`fastify.inject`). So a tool does exactly what the v1 endpoint does, with the same roles and errors.
 */
type Json = Record<string, unknown>;

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Json & { type: "object" };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  route: RegisteredRoute;
  pathParams: string[];
  queryParams: string[];
}

const ACTIONS = new Set(["archive", "unarchive", "search", "summary", "transfer-issues"]);

function singular(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** `list_work_item_comments`, `create_work_item`, `archive_project`, … from the route's method and path. */
export function toolName(method: string, url: string): string {
  const parts = url.slice(V1.length).split("/").filter(Boolean);
  const endsWithParam = parts[parts.length - 1]?.startsWith(":") ?? false;
  let words = parts.filter((p) => !p.startsWith(":") && p !== "workspaces");
  let verb: string;
  const last = words[words.length - 1];
  if (ACTIONS.has(last) && words.length > 1) {
    words = words.slice(0, -1);
    verb = last === "archive" && method === "DELETE" ? "unarchive" : last === "transfer-issues" ? "transfer" : last;
    if (verb === "unarchive") words = words.map((w) => w.replace(/^archived-/, ""));
    if (verb === "summary") verb = "get";
    if (verb === "transfer") words = [...words, "issues"];
  } else if (method === "GET") verb = endsWithParam || last === "me" ? "get" : "list";
  else verb = { POST: "create", PATCH: "update", PUT: "update", DELETE: "delete" }[method] ?? method.toLowerCase();
  words = words.filter((p, i) => !(p === "projects" && i < words.length - 1));
  // `cycles/:id/cycle-issues/` → cycle issues
  words = words.map((w, i) =>
    i > 0 && w.startsWith(`${singular(words[i - 1])}-`) ? w.slice(singular(words[i - 1]).length + 1) : w,
  );
  const plural = verb === "list" || verb === "search" || verb === "transfer";
  const named = words.map((w, i) =>
    i === words.length - 1 && (plural || (verb === "create" && !endsWithParam && w.endsWith("-issues")))
      ? w
      : singular(w),
  );
  // a lookup by something other than an id (`work-items/:key/`)
  const lastParam = parts[parts.length - 1].slice(1);
  const suffix = url.endsWith("/summary/")
    ? "_summary"
    : endsWithParam && !/Id$/.test(lastParam)
      ? `_by_${lastParam}`
      : "";
  return `${verb}_${named.join("_")}${suffix}`.replace(/-/g, "_");
}

const VERB_TEXT: Record<string, string> = {
  list: "List",
  get: "Get",
  create: "Create",
  update: "Update",
  delete: "Delete",
  archive: "Archive",
  unarchive: "Restore from the archive:",
  search: "Search",
  transfer: "Transfer",
};

function describe(name: string, r: RegisteredRoute): string {
  const [verb, ...rest] = name.split("_");
  const what = rest.join(" ");
  const lead = `${VERB_TEXT[verb] ?? verb} ${what}`.trim();
  const path = openApiPath(r.url);
  const body = r.body ? " The request body goes in `body`." : "";
  return `${lead} — ${r.method} ${path} of Stride's public API v1, acting as the token's owner with their roles.${body}`;
}

function objectProps(schema: Json | null): { props: Record<string, Json>; required: string[] } {
  if (!schema) return { props: {}, required: [] };
  return {
    props: (schema.properties ?? {}) as Record<string, Json>,
    required: (schema.required as string[] | undefined) ?? [],
  };
}

function toolOf(name: string, r: RegisteredRoute): McpTool {
  const pathParams = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const params = objectProps(r.params ? jsonSchema(r.params) : null);
  const query = objectProps(r.query ? jsonSchema(r.query) : null);
  const properties: Record<string, Json> = {};
  for (const p of pathParams) properties[p] = params.props[p] ?? { type: "string" };
  for (const [k, v] of Object.entries(query.props)) if (!(k in properties)) properties[k] = v;
  const required = [...pathParams, ...query.required.filter((k) => !pathParams.includes(k))];
  if (r.body) {
    properties.body = jsonSchema(r.body);
    required.push("body");
  }
  return {
    name,
    description: describe(name, r),
    inputSchema: { type: "object", properties, required, additionalProperties: false },
    annotations: {
      title: name.replace(/_/g, " "),
      readOnlyHint: r.method === "GET",
      destructiveHint: r.method === "DELETE",
      idempotentHint: r.method !== "POST",
    },
    route: r,
    pathParams,
    queryParams: Object.keys(query.props).filter((k) => !pathParams.includes(k)),
  };
}

/** Every v1 route as a tool (built once, after start-up registered them all). */
export function buildTools(routes: readonly RegisteredRoute[] = registeredRoutes): McpTool[] {
  const v1 = routes.filter((r) => r.auth === "apiKey" && r.url.startsWith(`${V1}/`));
  const known = new Set(v1.map((r) => `${r.method} ${r.url}`));
  const tools = new Map<string, McpTool>();
  for (const r of v1) {
    // `issues/` paths are aliases of the `work-items/` ones, a project's `members/` of its `project-members/`
    const alias = r.url
      .replace(/(^|\/|-)issues\//g, "$1work-items/")
      .replace(/(\/:projectId\/)members\//, "$1project-members/");
    if (alias !== r.url && known.has(`${r.method} ${alias}`)) continue;
    const name = toolName(r.method, r.url);
    if (!tools.has(name)) tools.set(name, toolOf(name, r));
  }
  return [...tools.values()];
}

/** The route's URL for the tool's arguments: path params filled in, query params as the query string. */
export function requestOf(tool: McpTool, args: Record<string, unknown>): { url: string; body: unknown } {
  let url = tool.route.url;
  for (const p of tool.pathParams) {
    const v = args[p];
    if (typeof v !== "string" && typeof v !== "number") throw new Error(`Missing the path parameter "${p}".`);
    url = url.replace(`:${p}`, encodeURIComponent(String(v)));
  }
  const qs = new URLSearchParams();
  for (const k of tool.queryParams) {
    const v = args[k];
    if (v === undefined || v === null) continue;
    qs.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  const q = qs.toString();
  return { url: q ? `${url}?${q}` : url, body: tool.route.body ? (args.body ?? {}) : undefined };
}

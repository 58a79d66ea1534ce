import type { FastifyInstance } from "fastify";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RouteModule } from "../../http/route.ts";
import { mcpEndpoints } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { apiKeyOf } from "../../http/api-key.ts";
import { buildTools, requestOf, type McpTool } from "./tools.ts";

/**
 * The built-in MCP server at `/mcp` (streamable HTTP, stateless: each POST carries one JSON-RPC exchange).
 * Authenticated like the public API v1 by an API token, as `X-API-Key` or `Authorization: Bearer <token>`.
 * Its tools are the v1 routes themselves (`tools.ts`): a call runs the route in-process with the caller's token,
 * so roles, validation, errors and rate limits are the API's.
 */
export const MCP_PATH = mcpEndpoints.call.path;
const SERVER_INFO = { name: "stride", version: "1.0.0" };

async function callTool(
  fastify: FastifyInstance,
  tool: McpTool,
  args: Record<string, unknown>,
  apiKey: string,
): Promise<CallToolResult> {
  let request: ReturnType<typeof requestOf>;
  try {
    request = requestOf(tool, args);
  } catch (err) {
    return { isError: true, content: [{ type: "text", text: (err as Error).message }] };
  }
  const res = await fastify.inject({
    method: tool.route.method as "GET",
    url: request.url,
    headers: { "x-api-key": apiKey, ...(request.body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
  const text = res.statusCode === 204 ? `Done (${res.statusCode}).` : res.body;
  const isError = res.statusCode >= 400;
  return { isError, content: [{ type: "text", text: isError ? `HTTP ${res.statusCode}: ${text}` : text }] };
}

/** The MCP SDK's server side, loaded at the first call: a server nobody reaches over MCP never holds it in memory. */
async function loadSdk() {
  const [server, http, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Server: server.Server,
    StreamableHTTPServerTransport: http.StreamableHTTPServerTransport,
    CallToolRequestSchema: types.CallToolRequestSchema,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
  };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function mcpServer(sdk: Sdk, fastify: FastifyInstance, tools: McpTool[], apiKey: string): Server {
  const { CallToolRequestSchema, ListToolsRequestSchema } = sdk;
  const server = new sdk.Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      "Stride work tracking: workspaces (by slug) hold projects, whose work items have states, labels, cycles, modules and comments. Start with list_projects for a workspace slug.",
  });
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = byName.get(req.params.name);
    if (!tool) return { isError: true, content: [{ type: "text", text: `Unknown tool "${req.params.name}".` }] };
    return callTool(fastify, tool, (req.params.arguments ?? {}) as Record<string, unknown>, apiKey);
  });
  return server;
}

export const mcpRoutes: RouteModule = (fastify, app) => {
  let tools: McpTool[] | null = null;
  let sdk: Promise<Sdk> | null = null;

  // `Authorization: Bearer <token>` is the MCP clients' usual spelling of the API token
  fastify.addHook("onRequest", async (req) => {
    if (!req.url.startsWith(MCP_PATH) || req.headers["x-api-key"]) return;
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    if (m) req.headers["x-api-key"] = m[1];
  });

  route(fastify, app, {
    endpoint: mcpEndpoints.call,
    auth: "apiKey",
    policy: POLICIES.user.any,
    handler: async (ctx) => {
      const loaded = await (sdk ??= loadSdk().catch((err: unknown) => {
        sdk = null;
        throw err;
      }));
      const server = mcpServer(loaded, fastify, (tools ??= buildTools()), apiKeyOf(ctx.req)!);
      const transport = new loaded.StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      // the rate-limit headers set so far go out with the transport's own answer
      for (const [k, v] of Object.entries(ctx.reply.getHeaders()))
        if (v !== undefined) ctx.reply.raw.setHeader(k, v as string);
      ctx.reply.hijack();
      ctx.reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(ctx.req.raw, ctx.reply.raw, ctx.req.body);
      return ctx.reply;
    },
  });

  // stateless: no server-initiated stream and no session to end
  for (const endpoint of [mcpEndpoints.stream, mcpEndpoints.end])
    route(fastify, app, {
      endpoint,
      auth: "apiKey",
      policy: POLICIES.user.any,
      status: 405,
      handler: async (ctx) => {
        ctx.reply.header("allow", "POST");
        return {
          jsonrpc: "2.0" as const,
          error: { code: -32000, message: "Method not allowed: this MCP server is stateless, use POST." },
          id: null,
        };
      },
    });
};

import { endpoint } from "./endpoint.ts";

/** A JSON-RPC error answer (MCP's transport). */
export interface McpRpcError {
  jsonrpc: "2.0";
  error: { code: number; message: string };
  id: null;
}

/**
 * The MCP server (agents.md; `X-API-Key` or `Authorization: Bearer <token>`): stateless Streamable HTTP. POST carries
 * the JSON-RPC exchange (the MCP transport writes its own answer); GET and DELETE answer 405 with a JSON-RPC error.
 */
export const mcpEndpoints = {
  call: endpoint("POST", "/mcp").sends<unknown>().answers<void>(),
  stream: endpoint("GET", "/mcp").answers<McpRpcError>(),
  end: endpoint("DELETE", "/mcp").answers<McpRpcError>(),
};

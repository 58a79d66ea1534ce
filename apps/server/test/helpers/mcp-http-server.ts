import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface McpHttpServer {
  /** The MCP endpoint, `http://127.0.0.1:{port}/mcp`. */
  url: string;
  /** The headers of every request it answered. */
  requests: { method: string; headers: http.IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

/**
 * A real remote MCP server over streamable HTTP on loopback for the agent tests, built with the SDK (stateless:
 * a server and a transport per request). Its one tool `reverse` reverses a text.
 */
export async function startMcpHttpServer(): Promise<McpHttpServer> {
  const requests: McpHttpServer["requests"] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? "", headers: req.headers });
    if (!req.url?.startsWith("/mcp")) {
      res.writeHead(404).end();
      return;
    }
    const mcp = new McpServer({ name: "remote-tools", version: "1.0.0" });
    mcp.registerTool(
      "reverse",
      { description: "Reverses a text.", inputSchema: { text: z.string() } },
      async ({ text }) => ({
        content: [{ type: "text", text: `${[...text].reverse().join("")} (over streamable HTTP)` }],
      }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

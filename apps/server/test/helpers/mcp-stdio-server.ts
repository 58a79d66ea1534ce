import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

/**
 * A tiny stdio MCP server for the agent tests, built with the SDK. mcp.ts bundles it into one file that is
 * committed into the test repository, so that it runs inside the sandbox (which sees only the checkout and /usr).
 */
const server = new McpServer({ name: "test-tools", version: "1.0.0" });
server.registerTool(
  "shout",
  { description: "Upper-cases a text and adds an exclamation mark.", inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: "text", text: `${text.toUpperCase()}! (from ${process.cwd()})` }] }),
);
await server.connect(new StdioServerTransport());

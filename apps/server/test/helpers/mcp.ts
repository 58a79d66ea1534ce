import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

/** The stdio MCP server of mcp-stdio-server.ts bundled into one ES module (SDK and zod included). */
export function bundledMcpServer(): string {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "mcp-stdio-server.ts");
  const out = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

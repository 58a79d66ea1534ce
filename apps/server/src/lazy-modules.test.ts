import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { bundleSharedPlugin } from "../esbuild-shared.mjs";

/**
 * Libraries most servers never use stay out of the server's memory until first used (issue #13 target 4: idle RSS):
 * the AWS SDK (only with STORAGE=s3, from the first file), the MCP SDK's server (the first call to /mcp) and its client
 * (the first agent run with an MCP server). Measured with every other start-up package loaded, the two SDKs added
 * ~15 MB of RSS at idle. The server's bundle (as build.mjs makes it) must reach them through `import()` only.
 */
const LAZY = [/^@aws-sdk\//, /^@modelcontextprotocol\/sdk\//];

describe("the server bundle's start-up imports", () => {
  it("reach the AWS and MCP SDKs only through import()", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    const out = await build({
      entryPoints: [path.join(root, "apps/server/src/main.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [bundleSharedPlugin(root)],
    });
    const edges = Object.entries(out.metafile.inputs).flatMap(([file, input]) =>
      input.imports.map((i) => ({ file, path: i.path, kind: i.kind })),
    );
    const sdk = edges.filter((e) => LAZY.some((re) => re.test(e.path)));
    // the modules that use them are in the bundle, so this looks at real imports
    expect(sdk.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        "@aws-sdk/client-s3",
        "@modelcontextprotocol/sdk/server/index.js",
        "@modelcontextprotocol/sdk/client/index.js",
      ]),
    );
    expect(sdk.filter((e) => e.kind !== "dynamic-import")).toEqual([]);
  });
});

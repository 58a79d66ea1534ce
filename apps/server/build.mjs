// Bundles the server into dist/main.js with esbuild (dependencies stay external in node_modules).
import { build } from "esbuild";
import { bundleSharedPlugin } from "./esbuild-shared.mjs";
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: "dist/main.js",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  // @stride/shared is TypeScript source: bundle it in.
  alias: {},
  external: [],
  plugins: [bundleSharedPlugin(new URL("../..", import.meta.url).pathname)],
});

// Bundles the server with esbuild (dependencies stay external in node_modules): dist/main.js, the server that
// `stride start` runs, and dist/cli.js, the database commands (`stride migrate | backup | restore`, src/cli/stride.ts).
import { build } from "esbuild";
import { bundleSharedPlugin } from "./esbuild-shared.mjs";
await build({
  entryPoints: { main: "src/main.ts", cli: "src/cli/stride.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outdir: "dist",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  // @stride/shared is TypeScript source: bundle it in.
  alias: {},
  external: [],
  plugins: [bundleSharedPlugin(new URL("../..", import.meta.url).pathname)],
});

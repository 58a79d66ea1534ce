// Bundles the server into dist/main.js with esbuild (dependencies stay external in node_modules).
import { build } from "esbuild";
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
  plugins: [{
    name: "bundle-shared",
    setup(b) {
      b.onResolve({ filter: /^@stride\/shared$/ }, () => ({ path: new URL("../../packages/shared/src/index.ts", import.meta.url).pathname }));
      b.onResolve({ filter: /^@stride\/shared\/editor$/ }, () => ({ path: new URL("../../packages/shared/src/editor/index.ts", import.meta.url).pathname }));
      b.onResolve({ filter: /^@stride\/shared\/contract$/ }, () => ({ path: new URL("../../packages/shared/src/contract/index.ts", import.meta.url).pathname }));
    },
  }],
});

// The esbuild plugin that bundles @stride/shared (TypeScript source) into a server build: every subpath of the
// package's `exports` map resolves to its source file. Used by build.mjs and the benches' server bundle.
import fs from "node:fs";
import path from "node:path";

/** @param {string} root the repository root */
export function bundleSharedPlugin(root) {
  const dir = path.join(root, "packages/shared");
  const exportsMap = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).exports;
  return {
    name: "bundle-shared",
    setup(b) {
      b.onResolve({ filter: /^@stride\/shared(\/.*)?$/ }, (args) => {
        const sub = "." + args.path.slice("@stride/shared".length);
        const target = exportsMap[sub];
        if (!target) return { errors: [{ text: `@stride/shared has no export "${sub}"` }] };
        return { path: path.join(dir, target) };
      });
    },
  };
}

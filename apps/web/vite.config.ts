import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The web app loads the zxcvbn password scorer on demand (components/auth/PasswordStrength.tsx).
 * `@stride/shared` re-exports it for the server's synchronous use; that static edge would pull the
 * dictionaries into the main chunk, so the web build drops that one re-export.
 */
function sharedWithoutPasswordScorer(): Plugin {
  return {
    name: "stride-shared-without-password-scorer",
    enforce: "pre",
    transform(code, id) {
      if (!/packages[\\/]shared[\\/]src[\\/]index\.ts$/.test(id.split("?")[0]!)) return null;
      const out = code.replace(/^export \* from "\.\/password-score\.ts";[^\S\n]*$/m, "");
      if (out === code) this.warn("password-score re-export not found in @stride/shared; the scorer may land in the main chunk");
      return { code: out, map: null };
    },
  };
}

/**
 * Lucide's icons drawn in two elements (`src/lib/icon-node.ts`): lucide's `Icon`, which every icon renders
 * through, takes the icon's children with their geometry-only shapes joined into one path.
 */
const ICON_NODE = fileURLToPath(new URL("./src/lib/icon-node.ts", import.meta.url));
export function compactLucideIcons(): Plugin {
  return {
    name: "stride-compact-lucide-icons",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]Icon\.mjs$/.test(id.split("?")[0]!)) return null;
      const out = code.replace(/^(\s*)const hasAccessibleProp\b/m, "$1icon = __compactLucideIcon(icon);\n$&");
      if (out === code) {
        this.warn("lucide's Icon has changed: its icons are drawn with one element per shape");
        return null;
      }
      return { code: `import { compactLucideIcon as __compactLucideIcon } from ${JSON.stringify(ICON_NODE)};\n${out}`, map: null };
    },
  };
}

/**
 * The first render's modules, grouped into two chunks. Left to itself, the bundler splits the code the screens share
 * into ~45 small chunks by which lazy chunks use them, and a page opened from its URL then loads ~48 module scripts
 * before its first render: each one a request the page's head issues, a cache read, a compile and an instantiation
 * on the main thread (bench/screen-trace.ts: issuing the preloads alone took ~45 ms of the main thread).
 *
 * `START_ROOTS` are the modules a screen's first render starts from: the entry, the start-up chunk, and the route
 * chunks the measured screens use (every screen but a page's, a cycle's, analytics and god mode). Their static
 * imports, transitively, are the start set: its node_modules go to one chunk ("vendor"), the app's own modules to
 * another ("app"). Dynamic imports are not followed, so what loads on use (the editor, charts, highlighting, the
 * collaboration client, the password scorer, the other route chunks and list layouts) stays in its own chunks,
 * and modules that only those use stay out of the start. Modules the public space (spaces.html) shares with the
 * start set stay out of the groups too, so the space does not load the app's screens.
 */
const START_ROOTS = ["src/main.tsx", "src/app/render.tsx", "src/app/chunks/screens.ts", "src/app/chunks/work-item-detail.ts"].map((f) =>
  fileURLToPath(new URL(`./${f}`, import.meta.url)),
);
const SPACES_ROOT = fileURLToPath(new URL("./src/spaces-main.tsx", import.meta.url));

/** The module ids statically reachable from `roots` (the module graph as the build saw it). */
function staticClosure(roots: string[], importsOf: (id: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const imports = importsOf(id);
    if (!imports) continue;
    seen.add(id);
    queue.push(...imports);
  }
  return seen;
}

/** The plugin that records the start set once the module graph is known, and the output groups that read it. */
export function startChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[]; startSet: () => ReadonlySet<string> } {
  let start = new Set<string>();
  const plugin: Plugin = {
    name: "stride-start-chunks",
    buildEnd() {
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds;
      const spaces = staticClosure([SPACES_ROOT], importsOf);
      const reached = staticClosure(START_ROOTS, importsOf);
      if (!START_ROOTS.every((r) => reached.has(r))) this.warn("start chunks: a root of the first render was not found; the start set is incomplete");
      // the entry itself stays its own (small) chunk: the page's script, which the build's manifest names
      start = new Set([...reached].filter((id) => id !== START_ROOTS[0] && (!spaces.has(id) || /[\\/]node_modules[\\/]/.test(id))));
    },
  };
  const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  return {
    plugin,
    startSet: () => start,
    groups: [
      { name: "vendor", test: (id) => start.has(id) && inNodeModules(id), priority: 2 },
      { name: "app", test: (id) => start.has(id) && !inNodeModules(id), priority: 1 },
    ],
  };
}

/**
 * React Router's package exports name only its development build (with its dev-only warnings and checks,
 * remix-run/react-router#12532, #14102): the app's build takes the production build it ships beside it.
 */
const reactRouterProduction = fileURLToPath(new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ command }) => {
  const start = startChunks();
  return {
  plugins: [sharedWithoutPasswordScorer(), compactLucideIcons(), react(), tailwindcss(), start.plugin],
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/auth": "http://localhost:3000", "/live": { target: "ws://localhost:3000", ws: true } },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: the server names a screen's route chunks in the page's head from it (core/screen-data.ts)
    manifest: true,
    // the app, and the public space (`/spaces/…`, served from spaces.html by the server)
    rollupOptions: {
      input: { main: fileURLToPath(new URL("./index.html", import.meta.url)), spaces: fileURLToPath(new URL("./spaces.html", import.meta.url)) },
      // the first render's modules in two chunks (`startChunks`)
      output: { codeSplitting: { groups: start.groups } },
    },
  },
  };
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { offlineFiles, type ManifestChunk } from "./src/app/offline-assets.ts";

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
      if (out === code)
        this.warn("password-score re-export not found in @stride/shared; the scorer may land in the main chunk");
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
      return {
        code: `import { compactLucideIcon as __compactLucideIcon } from ${JSON.stringify(ICON_NODE)};\n${out}`,
        map: null,
      };
    },
  };
}

/**
 * SQLite's WebAssembly (`@sqlite.org/sqlite-wasm`, the local database's worker): its loader finds `sqlite3.wasm`
 * with `new URL(path, import.meta.url)`, a name the build cannot follow. Written with the file's own name, the build
 * emits the file as a hashed asset and points the loader at it.
 */
export function sqliteWasmAsset(): Plugin {
  return {
    name: "stride-sqlite-wasm-asset",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]@sqlite\.org[\\/]sqlite-wasm[\\/]sqlite-wasm[\\/]jswasm[\\/]sqlite3\.mjs$/.test(id.split("?")[0]!))
        return null;
      const out = code.replace(
        "return new URL(path, import.meta.url).href;",
        'return new URL("./sqlite3.wasm", import.meta.url).href;',
      );
      if (out === code) {
        this.warn("sqlite-wasm's locateFile has changed: sqlite3.wasm may not be found");
        return null;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The first render's modules, grouped into a few chunks. Left to itself, the bundler splits the code the screens
 * share into ~45 small chunks by which lazy chunks use them, and a page opened from its URL then loads ~48 module
 * scripts before its first render: each one a request the page's head issues, a cache read, a compile and an
 * instantiation on the main thread (bench/screen-trace.ts: issuing the preloads alone took ~45 ms of the main thread).
 *
 * The groups follow the route chunks (`src/app/chunks/`), so that a screen parses and runs the code it shows and
 * not every other screen's:
 * - `vendor`: the packages the entry, the start-up chunk, the shell and the work-item chunks import, statically
 *   and transitively (react-dom, React Router, TanStack Query, floating-ui, pragmatic-dnd…);
 * - `app`: the app's own modules of the entry's start-up chunk and the shell (the sign-in guard, the workspace's
 *   and a project's layouts), which every signed-in screen renders, and those the settings screens share with
 *   the other screens;
 * - `app-items`: the rest of the work-item list screens and the work-item detail (the peek opens over the list).
 * Dynamic imports are not followed, so what loads on use (the editor, charts, highlighting, the collaboration
 * client, the password scorer, the other route chunks and list layouts) stays in its own chunks, and so do the
 * other screens (`screens.ts`, `settings.ts`…): a settings screen loads `app` and its own chunk, not the lists.
 * The public space (spaces.html) loads `vendor` and `app` for the modules it shares with the app.
 */
const WEB_ROOT = fileURLToPath(new URL(".", import.meta.url));
const fromWeb = (f: string) => path.join(WEB_ROOT, f);
const ENTRY = fromWeb("src/main.tsx");
const SHELL_ROOTS = [ENTRY, fromWeb("src/app/render.tsx"), fromWeb("src/app/chunks/shell.ts")];
const ITEMS_ROOTS = [fromWeb("src/app/chunks/work-items.ts"), fromWeb("src/features/work-item-detail/chunk.ts")];
const SETTINGS_ROOT = fromWeb("src/app/chunks/settings.ts");
const SCREENS_ROOT = fromWeb("src/app/chunks/screens.ts");

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

const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/** The plugin that records the groups' modules once the module graph is known, and the output groups that read them. */
export function startChunks(): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
  startSet: () => ReadonlySet<string>;
} {
  let shell = new Set<string>();
  let items = new Set<string>();
  const plugin: Plugin = {
    name: "stride-start-chunks",
    buildEnd() {
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds;
      const shellReached = staticClosure(SHELL_ROOTS, importsOf);
      const itemsReached = staticClosure(ITEMS_ROOTS, importsOf);
      const settingsReached = staticClosure([SETTINGS_ROOT], importsOf);
      const screensReached = staticClosure([SCREENS_ROOT], importsOf);
      if (![...SHELL_ROOTS, ...ITEMS_ROOTS].every((r) => shellReached.has(r) || itemsReached.has(r)))
        this.warn("start chunks: a root of the first render was not found; the groups are incomplete");
      // the entry itself stays its own (small) chunk: the page's script, which the build's manifest names. The
      // app's modules the public space shares go with the groups too: left out, the bundler places them in one of
      // the groups' chunks anyway (a settings screen then loaded the lists' chunk for two small shared modules)
      const keep = (id: string) => id !== ENTRY;
      // what the settings screens share with the work-item screens or the other screens goes with the shell, so
      // that a settings screen loads the shell's chunk and its own, not the lists' (the other screens may)
      const sharedWithSettings = [...settingsReached].filter(
        (id) => id !== SETTINGS_ROOT && (itemsReached.has(id) || screensReached.has(id)),
      );
      shell = new Set([...shellReached, ...sharedWithSettings].filter(keep));
      items = new Set([...itemsReached].filter((id) => keep(id) && !shell.has(id)));
    },
    // The route chunks inside a group lose their own entry in the build's manifest, from which the server names a
    // screen's chunks in the page's head (apps/server/src/core/screen-data.ts `routePreloads`): each gets one
    // again, naming the group's chunk that holds it (a peek opened from its URL preloads `app-items` with the page).
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const asset = bundle[".vite/manifest.json"];
        if (asset?.type !== "asset") return this.warn("start chunks: no manifest to name the grouped route chunks in");
        const manifest = JSON.parse(String(asset.source)) as Record<
          string,
          { file: string; imports?: string[]; src?: string; isDynamicEntry?: boolean }
        >;
        const byFile = new Map(Object.values(manifest).map((e) => [e.file, e]));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          for (const root of [...SHELL_ROOTS, ...ITEMS_ROOTS]) {
            const key = path.relative(WEB_ROOT, root).split(path.sep).join("/");
            if (root === ENTRY || manifest[key] || !chunk.moduleIds.includes(root)) continue;
            manifest[key] = {
              file: chunk.fileName,
              src: key,
              isDynamicEntry: true,
              imports: byFile.get(chunk.fileName)?.imports ?? [],
            };
          }
        }
        asset.source = JSON.stringify(manifest, null, 2);
      },
    },
  };
  return {
    plugin,
    startSet: () => new Set([...shell, ...items]),
    groups: [
      { name: "vendor", test: (id) => inNodeModules(id) && (shell.has(id) || items.has(id)), priority: 3 },
      { name: "app", test: (id) => shell.has(id), priority: 2 },
      { name: "app-items", test: (id) => items.has(id), priority: 1 },
    ],
  };
}

/** Where public/sw.js takes the build's files (an empty list in the source: the dev server has no service worker). */
const SW_BUILD_LINE = "const BUILD = { files: [], offline: [] };";

/**
 * The service worker's lists of the build's files (`offlineAssets`): every file under /assets/ (an older build's
 * entries it no longer lists are dropped from its cache) and those the screens that open offline need
 * (src/app/offline-assets.ts, from the build's manifest; with the local database's worker and its WebAssembly, which
 * the worker's own build emits), which it fetches in the background. Written into dist/sw.js, so that each build's
 * service worker differs from the last one's and the browser installs it.
 */
export function offlineAssets(): { plugin: Plugin; workerPlugin: () => Plugin } {
  const workerFiles = new Set<string>();
  return {
    // in the worker's build: the files it emits (its script, sqlite3.wasm)
    workerPlugin: () => ({
      name: "stride-offline-worker-files",
      generateBundle(_options, bundle) {
        for (const f of Object.keys(bundle)) workerFiles.add(f);
      },
    }),
    plugin: {
      name: "stride-offline-assets",
      apply: "build",
      writeBundle(options, bundle) {
        const asset = bundle[".vite/manifest.json"];
        if (asset?.type !== "asset") return this.error("offline assets: the build has no manifest");
        const manifest = JSON.parse(String(asset.source)) as Record<string, ManifestChunk>;
        const { files, missing } = offlineFiles(manifest);
        if (missing.length) this.error(`offline assets: no chunk in the build for ${missing.join(", ")}`);
        const all = Object.keys(bundle).filter((f) => f.startsWith("assets/"));
        const worker = [...workerFiles].filter((f) => bundle[f]).map((f) => `/${f}`);
        const offline = [...new Set([...files, ...worker])].sort();
        const swPath = path.join(options.dir ?? fromWeb("dist"), "sw.js");
        const sw = fs.readFileSync(swPath, "utf8");
        const line = `const BUILD = ${JSON.stringify({ files: all.map((f) => `/${f}`).sort(), offline })};`;
        if (!sw.includes(SW_BUILD_LINE)) this.error(`offline assets: ${SW_BUILD_LINE} not found in sw.js`);
        fs.writeFileSync(
          swPath,
          sw.replace(SW_BUILD_LINE, () => line),
        );
      },
    },
  };
}

/**
 * React Router's package exports name only its development build (with its dev-only warnings and checks,
 * remix-run/react-router#12532, #14102): the app's build takes the production build it ships beside it.
 */
const reactRouterProduction = fileURLToPath(
  new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

export default defineConfig(({ command }) => {
  const start = startChunks();
  const offline = offlineAssets();
  return {
    plugins: [
      sharedWithoutPasswordScorer(),
      compactLucideIcons(),
      react(),
      tailwindcss(),
      start.plugin,
      offline.plugin,
    ],
    // the local database's worker (api/local-db/worker.ts) is a module worker with SQLite's WebAssembly beside it
    worker: { format: "es" as const, plugins: () => [sqliteWasmAsset(), offline.workerPlugin()] },
    // sqlite-wasm finds its .wasm next to its own module: not pre-bundled in development
    optimizeDeps: { exclude: ["@sqlite.org/sqlite-wasm"] },
    resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
    server: {
      port: 5173,
      proxy: {
        "/api": "http://localhost:3000",
        "/auth": "http://localhost:3000",
        "/live": { target: "ws://localhost:3000", ws: true },
      },
    },
    build: {
      outDir: "dist",
      sourcemap: false,
      chunkSizeWarningLimit: 2000,
      // dist/.vite/manifest.json: the server names a screen's route chunks in the page's head from it (core/screen-data.ts)
      manifest: true,
      // the app, and the public space (`/spaces/…`, served from spaces.html by the server)
      rollupOptions: {
        input: { main: fromWeb("index.html"), spaces: fromWeb("spaces.html") },
        // the first render's modules in a few chunks by route (`startChunks`)
        output: { codeSplitting: { groups: start.groups } },
      },
    },
  };
});

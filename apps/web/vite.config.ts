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
 * React Router's package exports name only its development build (with its dev-only warnings and checks,
 * remix-run/react-router#12532, #14102): the app's build takes the production build it ships beside it.
 */
const reactRouterProduction = fileURLToPath(new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [sharedWithoutPasswordScorer(), react(), tailwindcss()],
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
    rollupOptions: { input: { main: fileURLToPath(new URL("./index.html", import.meta.url)), spaces: fileURLToPath(new URL("./spaces.html", import.meta.url)) } },
  },
}));

import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * Builds the web app into apps/web/dist as people run it (the browser tests' and the bench's build): production
 * whatever the caller's NODE_ENV (vitest sets `test`, which would build React's development runtime). True when built.
 */
export function buildWebApp(root: string): boolean {
  const b = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return b.status === 0;
}

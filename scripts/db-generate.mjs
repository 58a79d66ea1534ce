// Regenerates the drizzle migration from apps/server/src/db/schema.
// Until the first release, Stride keeps a single initial migration (docs/decisions.md): it is rebuilt
// from scratch so parallel schema work never collides in the migration journal.
import { rmSync } from "node:fs";
import { execSync } from "node:child_process";
const cwd = new URL("../apps/server/", import.meta.url).pathname;
rmSync(cwd + "drizzle", { recursive: true, force: true });
execSync("npx drizzle-kit generate --name init", { cwd, stdio: "inherit" });

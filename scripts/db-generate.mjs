// Regenerates the drizzle migration from apps/server/src/db/schema.
// Until the first release, Stride keeps a single initial migration (docs/decisions.md): it is rebuilt
// from scratch so parallel schema work never collides in the migration journal.
// Hand-written SQL that drizzle-kit cannot express (triggers) lives in apps/server/src/db/sql/ and is appended
// to the generated migration, so a fresh database gets it too.
import { appendFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { execSync } from "node:child_process";
const cwd = new URL("../apps/server/", import.meta.url).pathname;
rmSync(cwd + "drizzle", { recursive: true, force: true });
execSync("npx drizzle-kit generate --name init", { cwd, stdio: "inherit" });

const BREAK = "--> statement-breakpoint";
const migration = readdirSync(cwd + "drizzle").filter((f) => f.endsWith(".sql")).sort().pop();
if (!migration) throw new Error("drizzle-kit generated no migration");
for (const file of ["issue-sequences.sql", "plan-counts.sql", "list-version-triggers.sql", "issue-list-counts.sql", "issue-list-attrs.sql", "live-events.sql", "search.sql", "collab-access.sql"]) {
  const text = readFileSync(cwd + "src/db/sql/" + file, "utf8").trim();
  appendFileSync(cwd + "drizzle/" + migration, `\n${BREAK}\n-- ${file} (appended by scripts/db-generate.mjs)\n${text}\n`);
  console.log(`appended src/db/sql/${file} to drizzle/${migration}`);
}

// Adds a migration to apps/server/drizzle/ (append-only since release 0.1.0; docs/decisions.md).
//   npm run db:generate -- <name>            the schema diff of apps/server/src/db/schema as a new migration
//   npm run db:generate -- <name> --custom   an empty migration to write by hand (triggers, functions, data)
// A released migration is never edited: apps/server/drizzle/released.json holds the SHA-256 of every released
// file and `migrations-released.test.ts` fails when one changes. The hand-written SQL in apps/server/src/db/sql/
// (triggers, functions) went into 0000_init.sql for 0.1.0; a later change to a trigger or function is a new custom
// migration carrying the changed statements (CREATE OR REPLACE …), made in its sql/ file too, which so always reads
// as what the migrations installed: src/db/sql-files.test.ts fails when a statement there is not the newest
// migration's word on its object.
import { execFileSync } from "node:child_process";

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith("--"));
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:generate -- <name_in_snake_case> [--custom]");
  process.exit(2);
}
const cwd = new URL("../apps/server/", import.meta.url).pathname;
execFileSync("npx", ["drizzle-kit", "generate", "--name", name, ...(args.includes("--custom") ? ["--custom"] : [])], {
  cwd,
  stdio: "inherit",
});

#!/usr/bin/env node
/**
 * Rewrites relative import paths after files moved (issue 26, point 2: the server's core/ split into core/,
 * http/ and domain/, the circles broken by moving modules between layers). Re-runnable: a file whose imports
 * already point at the new places is left as it is, so it can be run again on code merged later that still
 * imports the old paths.
 *
 *   node scripts/codemods/move-imports.mjs            rewrite in place, print the files changed
 *   node scripts/codemods/move-imports.mjs --check    print what would change, exit 1 when something would
 *   node scripts/codemods/move-imports.mjs --move     also `git mv` every old path of MOVES that still exists
 *   node scripts/codemods/move-imports.mjs --docs     also rewrite the paths named in docs/ (markdown), long or
 *                                                     short (`apps/server/src/core/route.ts` or `core/route.ts`)
 *
 * An import is read against the file's current folder first; when it names no file there, against the folder the
 * file had before it moved (MOVES read backwards); then the target goes through MOVES and the specifier is
 * written relative to where the file is now. Only relative specifiers are touched (`from "…"`, `import("…")`,
 * `import "…"`, `vi.mock("…")`, `vi.importActual("…")`); comments and docs that name old paths are not.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Old path → new path, from the repository's root. A key ending in `/` moves a whole folder. */
export const MOVES = {
  // server: HTTP plumbing out of core/ into http/
  "apps/server/src/core/api-key.ts": "apps/server/src/http/api-key.ts",
  "apps/server/src/core/api-key.test.ts": "apps/server/src/http/api-key.test.ts",
  "apps/server/src/core/csrf.ts": "apps/server/src/http/csrf.ts",
  "apps/server/src/core/errors.ts": "apps/server/src/http/errors.ts",
  "apps/server/src/core/features.ts": "apps/server/src/http/features.ts",
  "apps/server/src/core/fields.ts": "apps/server/src/http/fields.ts",
  "apps/server/src/core/form-route.ts": "apps/server/src/http/form-route.ts",
  "apps/server/src/core/json-depth.ts": "apps/server/src/http/json-depth.ts",
  "apps/server/src/core/json-depth.test.ts": "apps/server/src/http/json-depth.test.ts",
  "apps/server/src/core/page-loads.ts": "apps/server/src/http/page-loads.ts",
  "apps/server/src/core/pagination.ts": "apps/server/src/http/pagination.ts",
  "apps/server/src/core/pagination.test.ts": "apps/server/src/http/pagination.test.ts",
  "apps/server/src/core/patch.ts": "apps/server/src/http/patch.ts",
  "apps/server/src/core/patch.test.ts": "apps/server/src/http/patch.test.ts",
  "apps/server/src/core/paths.ts": "apps/server/src/http/paths.ts",
  "apps/server/src/core/policies.ts": "apps/server/src/http/policies.ts",
  "apps/server/src/core/present.ts": "apps/server/src/http/present.ts",
  "apps/server/src/core/readable.ts": "apps/server/src/http/readable.ts",
  "apps/server/src/core/route.ts": "apps/server/src/http/route.ts",
  "apps/server/src/core/route-preloads.test.ts": "apps/server/src/http/route-preloads.test.ts",
  "apps/server/src/core/screen-data.ts": "apps/server/src/http/screen-data.ts",
  "apps/server/src/core/security.ts": "apps/server/src/http/security.ts",
  "apps/server/src/core/security.test.ts": "apps/server/src/http/security.test.ts",
  "apps/server/src/core/session.ts": "apps/server/src/http/session.ts",
  "apps/server/src/core/url.ts": "apps/server/src/http/url.ts",
  "apps/server/src/live/token.ts": "apps/server/src/http/live-token.ts",
  "apps/server/src/live/token.test.ts": "apps/server/src/http/live-token.test.ts",
  // server: domain helpers several resources share, out of core/ and routes/ into domain/
  "apps/server/src/core/activity.ts": "apps/server/src/domain/activity.ts",
  "apps/server/src/core/activity.test.ts": "apps/server/src/domain/activity.test.ts",
  "apps/server/src/core/estimates.ts": "apps/server/src/domain/estimates.ts",
  "apps/server/src/core/favorites.ts": "apps/server/src/domain/favorites.ts",
  "apps/server/src/core/item-properties.ts": "apps/server/src/domain/item-properties.ts",
  "apps/server/src/core/profile.ts": "apps/server/src/domain/profile.ts",
  "apps/server/src/core/recent-visits.ts": "apps/server/src/domain/recent-visits.ts",
  "apps/server/src/core/saved-views.ts": "apps/server/src/domain/saved-views.ts",
  "apps/server/src/core/user-properties.ts": "apps/server/src/domain/user-properties.ts",
  "apps/server/src/core/webhook-events.ts": "apps/server/src/domain/webhook-events.ts",
  "apps/server/src/core/webhook-events.test.ts": "apps/server/src/domain/webhook-events.test.ts",
  "apps/server/src/core/workflow.ts": "apps/server/src/domain/workflow.ts",
  "apps/server/src/core/issue-list/": "apps/server/src/domain/work-item-list/",
  "apps/server/src/routes/issues/text.ts": "apps/server/src/domain/text.ts",
  "apps/server/src/routes/issues/text.test.ts": "apps/server/src/domain/text.test.ts",
  "apps/server/src/live/access.ts": "apps/server/src/domain/live-access.ts",
  "apps/server/src/live/filter.ts": "apps/server/src/domain/live-filter.ts",
  "apps/server/src/live/filter.test.ts": "apps/server/src/domain/live-filter.test.ts",
  // server: applying migrations installs the job queue too (core/), so it is an operation, not db/
  "apps/server/src/db/migrate.ts": "apps/server/src/ops/migrate.ts",
  // server: the agent loop's job handlers sit with the loop, above the routes whose commands it calls
  "apps/server/src/routes/agents/jobs.ts": "apps/server/src/agents/run/jobs.ts",
  // server: the import-graph test holds the whole of src/ now, not only routes/
  "apps/server/src/routes/import-graph.test.ts": "apps/server/src/import-graph.test.ts",
  // web: what features use of app/ moves below them; the features' route tables move up into app/
  "apps/web/src/app/lazy.tsx": "apps/web/src/components/lazy.tsx",
  "apps/web/src/app/theme.tsx": "apps/web/src/lib/theme.tsx",
  "apps/web/src/app/theme.test.ts": "apps/web/src/lib/theme.test.ts",
  "apps/web/src/app/chunks/work-item-detail.ts": "apps/web/src/features/work-item-detail/chunk.ts",
  "apps/web/src/features/god-mode/routes.tsx": "apps/web/src/app/routes/god-mode.tsx",
  "apps/web/src/features/modules/routes.tsx": "apps/web/src/app/routes/modules.tsx",
  "apps/web/src/features/teamspaces/routes.tsx": "apps/web/src/app/routes/teamspaces.tsx",
  "apps/web/src/features/work-items/routes.tsx": "apps/web/src/app/routes/work-items.tsx",
};

const SCAN = ["apps", "packages", "scripts", "bench", "bin"];
const SKIP = new Set(["node_modules", "dist", ".git", "coverage", "test-results"]);
const EXT = /\.(m?[jt]sx?|cjs)$/;

const norm = (p) => p.split(path.sep).join("/");

/** Where an old path lives now (or null when MOVES does not move it). */
function moved(rel) {
  if (MOVES[rel]) return MOVES[rel];
  for (const [from, to] of Object.entries(MOVES))
    if (from.endsWith("/") && rel.startsWith(from)) return to + rel.slice(from.length);
  return null;
}

/** Where a current path lived before (MOVES read backwards), or the path itself. */
function before(rel) {
  for (const [from, to] of Object.entries(MOVES)) {
    if (to === rel) return from;
    if (to.endsWith("/") && rel.startsWith(to)) return from + rel.slice(to.length);
  }
  return rel;
}

/** The file a specifier names from `dir` (repository-relative), trying the extensions TypeScript would. */
function named(dir, spec) {
  const base = norm(path.join(dir, spec));
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const abs = path.join(ROOT, c);
    if (existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return null;
}

function rewriteSpec(file, spec) {
  const here = path.posix.dirname(file);
  if (named(here, spec) && !moved(norm(path.posix.join(here, spec)))) return spec;
  const target = norm(path.posix.normalize(path.posix.join(path.posix.dirname(before(file)), spec)));
  const now = moved(target) ?? (named(path.posix.dirname(before(file)), spec) ? target : null);
  if (!now) return spec;
  let out = path.posix.relative(here, now);
  if (!out.startsWith(".")) out = `./${out}`;
  if (spec.endsWith("/") && !out.endsWith("/")) out += "/";
  return out;
}

const SPEC = /((?:\bfrom|\bimport|\bvi\.mock|\bimportActual(?:<[^>]*>)?)\s*\(?\s*)(["'])(\.{1,2}\/[^"'\n]+)\2/g;

function filesUnder(dir) {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const rel = norm(path.join(dir, name));
    if (statSync(path.join(ROOT, rel)).isDirectory()) return filesUnder(rel);
    return EXT.test(name) ? [rel] : [];
  });
}

/**
 * The web's moved files as code names them in strings, from the web app's folder (`"src/app/chunks/x.ts"`: Vite's
 * manifest keys, the build's chunk groups, the route chunks of `@stride/shared` screen-data.ts).
 */
const WEB_PATHS = new Map(
  Object.entries(MOVES)
    .filter(([from]) => from.startsWith("apps/web/") && !from.endsWith("/"))
    .map(([from, to]) => [from.slice("apps/web/".length), to.slice("apps/web/".length)]),
);
const QUOTED = new RegExp(
  `(["'\`])(${[...WEB_PATHS.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\1`,
  "g",
);

const args = new Set(process.argv.slice(2));
if (args.has("--move")) {
  for (const [from, to] of Object.entries(MOVES)) {
    const src = path.join(ROOT, from);
    if (!existsSync(src)) continue;
    execFileSync("mkdir", ["-p", path.dirname(path.join(ROOT, to.replace(/\/$/, "")))]);
    execFileSync("git", ["mv", from.replace(/\/$/, ""), to.replace(/\/$/, "")], { cwd: ROOT, stdio: "inherit" });
  }
}

let changed = 0;
for (const file of SCAN.flatMap(filesUnder)) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const next = text.replace(SPEC, (all, head, q, spec) => {
    const out = rewriteSpec(file, spec);
    return out === spec ? all : `${head}${q}${out}${q}`;
  });
  const final = next.replace(QUOTED, (all, q, p) => `${q}${WEB_PATHS.get(p)}${q}`);
  if (final === text) continue;
  changed++;
  console.log(file);
  if (!args.has("--check")) writeFileSync(path.join(ROOT, file), final);
}

/** docs/: each moved path named in the text, with or without its app's `apps/<app>/src/` prefix. */
if (args.has("--docs")) {
  const pairs = Object.entries(MOVES).flatMap(([from, to]) => {
    const short = (p) => p.replace(/^apps\/(server|web)\/src\//, "");
    return [
      [from, to],
      [short(from), short(to)],
    ];
  });
  pairs.sort((a, b) => b[0].length - a[0].length);
  const escape = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const alternatives = pairs.map(([f]) => (f.endsWith("/") ? escape(f) : `${escape(f)}(?![\\w-])`));
  const mention = new RegExp(`(?<![\\w/.-])(?:${alternatives.join("|")})`, "g");
  const docs = (dir) =>
    readdirSync(path.join(ROOT, dir)).flatMap((name) => {
      const rel = norm(path.join(dir, name));
      if (statSync(path.join(ROOT, rel)).isDirectory()) return docs(rel);
      return name.endsWith(".md") && !/benchmarks/.test(rel) ? [rel] : []; // a log of past runs keeps its paths
    });
  for (const file of docs("docs")) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const next = text.replace(mention, (m) => pairs.find(([f]) => f === m)?.[1] ?? m);
    if (next === text) continue;
    changed++;
    console.log(file);
    if (!args.has("--check")) writeFileSync(path.join(ROOT, file), next);
  }
}
if (args.has("--check") && changed) process.exit(1);

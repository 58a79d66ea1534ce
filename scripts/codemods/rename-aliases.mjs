#!/usr/bin/env node
/**
 * One meaning per one-letter name (issue 26, point 3; docs/decisions.md "Vocabulary"). `P` and `W` are the path
 * prefixes the spec writes (`P/issues/`, `W/members/`: http/paths.ts on the server, the api/ path helpers on the
 * web); every other one-letter alias of a table, a permission entry or a type parameter gets a real name.
 * Re-runnable: a file already renamed is left as it is, so the lead can run it again after merging code that still
 * uses the old letters in these files.
 *
 *   node scripts/codemods/rename-aliases.mjs           rename in place, print the files changed
 *   node scripts/codemods/rename-aliases.mjs --check   print what would change, exit 1 when something would
 *
 * In each file the name is replaced where it stands alone as an identifier (not in a string's path such as
 * `P/issues/`, not as a property `x.P`); with `comments: true` (type parameters) also in comments.
 *
 * EXPORTS renames a module's export everywhere it is imported (server src/ and test/): the import names the new
 * export, and the file's local name for it (the old one, or its `as` alias) becomes the new one.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const S = "apps/server/src/";

/** file → [old name, new name, { comments }?][] */
export const RENAMES = {
  // a permission-table entry
  [`${S}routes/stickies/index.ts`]: [["P", "homeRules"]],
  [`${S}routes/v1/stickies.ts`]: [["P", "homeRules"]],
  [`${S}routes/preferences/index.ts`]: [["P", "homeRules"]],
  [`${S}routes/quick-links/index.ts`]: [["P", "homeRules"]],
  [`${S}routes/dashboard/index.ts`]: [["P", "homeRules"]],
  [`${S}routes/notifications/index.ts`]: [["P", "notificationRules"]],
  [`${S}routes/v1/estimates.ts`]: [["P", "estimateRules"]],
  [`${S}routes/v1/planning.ts`]: [
    ["C", "cycleRules"],
    ["M", "moduleRules"],
  ],
  // a table of the schema
  [`${S}routes/cycles/index.ts`]: [["C", "cycleTable"]],
  [`${S}routes/cycles/commands.ts`]: [["C", "cycleTable"]],
  [`${S}routes/cycles/queries.ts`]: [["C", "cycleTable"]],
  [`${S}routes/v1/work-items.ts`]: [["C", "commentTable"]],
  [`${S}routes/assets/project-assets.ts`]: [["C", "commentTable"]],
  [`${S}routes/publish/index.ts`]: [["C", "commentTable"]],
  [`${S}routes/publish/public-assets.ts`]: [["C", "commentTable"]],
  [`${S}routes/issue-comments/index.ts`]: [["C", "commentTable"]],
  [`${S}routes/issue-comments/commands.ts`]: [["C", "commentTable"]],
  [`${S}routes/project-updates/presenters.ts`]: [["C", "commentTable"]],
  [`${S}routes/project-updates/index.ts`]: [["C", "commentTable"]],
  [`${S}routes/project-updates/commands.ts`]: [["C", "commentTable"]],
  [`${S}routes/assets/slots.ts`]: [["P", "pageTable"]],
  [`${S}domain/estimates.ts`]: [["P", "pointTable"]],
  // a type parameter
  [`${S}core/jobs.ts`]: [["P", "Payload", { comments: true }]],
  ["apps/web/src/components/dnd/controller.ts"]: [["P", "Pos", { comments: true }]],
  ["apps/web/src/components/dnd/scope.tsx"]: [["P", "Pos", { comments: true }]],
};

/** Module (from the repository's root) → [old export, new export]: the policies of no entity were exported as `P`. */
export const EXPORTS = {
  [`${S}http/policies.ts`]: ["P", "POLICIES"],
};

/**
 * Names that say "issue" for the domain, renamed to the domain's word everywhere (code, comments, docs/): unique
 * names, so a whole-word match is safe.
 */
export const IDENTIFIERS = {
  listIssues: "listWorkItems",
  listIssuesJson: "listWorkItemsJson",
};

const isComment = (line) => /^\s*(\*|\/\/|\/\*)/.test(line);

function rename(text, from, to, { comments = false } = {}) {
  // alone: not part of a longer name, not a property (`.P`, `P:` in an object's keys is kept too), not a path (`P/`)
  const alone = new RegExp(`(?<![\\w$.])${from}(?![\\w$/:])`, "g");
  return text
    .split("\n")
    .map((line) => ((isComment(line) && !comments) || /^import\b/.test(line) ? line : line.replace(alone, to)))
    .join("\n");
}

const check = process.argv.includes("--check");
let changed = 0;
for (const [file, pairs] of Object.entries(RENAMES)) {
  const abs = path.join(ROOT, file);
  if (!existsSync(abs)) continue;
  const text = readFileSync(abs, "utf8");
  const next = pairs.reduce((t, [from, to, opts]) => rename(t, from, to, opts), text);
  if (next === text) continue;
  changed++;
  console.log(file);
  if (!check) writeFileSync(abs, next);
}

const textFiles = (dir, ext) =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir)).flatMap((name) => {
        const rel = `${dir}/${name}`;
        if (name === "node_modules" || name === "dist") return [];
        if (statSync(path.join(ROOT, rel)).isDirectory()) return textFiles(rel, ext);
        return ext.test(name) && !/benchmarks/.test(rel) ? [rel] : [];
      })
    : [];
const tsFiles = (dir) => textFiles(dir, /\.tsx?$/);

const words = new RegExp(`\\b(${Object.keys(IDENTIFIERS).join("|")})\\b`, "g");
for (const file of [...textFiles("apps", /\.tsx?$/), ...textFiles("bench", /\.tsx?$/), ...textFiles("docs", /\.md$/)]) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const next = text.replace(words, (w) => IDENTIFIERS[w]);
  if (next === text) continue;
  changed++;
  console.log(file);
  if (!check) writeFileSync(path.join(ROOT, file), next);
}

for (const [module, [from, to]] of Object.entries(EXPORTS)) {
  const abs = path.join(ROOT, module);
  if (existsSync(abs)) {
    const text = readFileSync(abs, "utf8");
    const next = text.replace(new RegExp(`\\b(\\w+) as ${from}\\b`), "$1");
    if (next !== text) {
      changed++;
      console.log(module);
      if (!check) writeFileSync(abs, next);
    }
  }
  const base = path.basename(module);
  for (const file of [...tsFiles("apps/server/src"), ...tsFiles("apps/server/test")]) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const importLine = new RegExp(`import \\{([^}]*)\\} from "([./]+(?:src/)?[\\w/-]*${base.replace(".", "\\.")})";`);
    const m = text.match(importLine);
    if (!m || path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])) !== module) continue;
    const spec = m[1]
      .split(",")
      .map((x) => x.trim())
      .find((x) => x === from || x.startsWith(`${from} as `));
    if (!spec) continue;
    const local = spec === from ? from : spec.split(" as ")[1].trim();
    let next = text.replace(m[0], m[0].replace(new RegExp(`\\b${from}(?: as \\w+)?(?=\\s*[,}])`), to));
    const use =
      local === from
        ? new RegExp(`(?<![\\w$.])${local}(?=\\.)`, "g")
        : new RegExp(`(?<![\\w$.])${local}(?![\\w$])`, "g");
    next = next
      .split("\n")
      .map((line) => (isComment(line) || line.startsWith("import ") ? line : line.replace(use, to)))
      .join("\n");
    if (next === text) continue;
    changed++;
    console.log(file);
    if (!check) writeFileSync(path.join(ROOT, file), next);
  }
}
if (check && changed) process.exit(1);

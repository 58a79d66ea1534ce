// One-off codemod (issue #26, point 6): every browser test file's copied preamble — `let browser`, a beforeAll that
// launches chromium (and sets the instance up in a throwaway context), an afterAll that closes it, contexts made with
// `newContext(browser, …)` — becomes one `const e2e = e2eSuite()` (apps/web/test/e2e/helpers.ts); the common
// "fresh signed-in user, project and page per test" pair of hooks becomes `arrangeEach`. Test bodies are untouched
// except `newContext(browser, x)` → `e2e.context(x)` and `browser.` → `e2e.browser.`.
// Usage: node scripts/codemods/e2e-suite.mjs apps/web/test/e2e/*.e2e.ts
import fs from "node:fs";

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function editImport(src, from, edit) {
  const re = new RegExp(`^import (type )?\\{([^}]*)\\} from "${escape(from)}";\\n`, "m");
  const m = re.exec(src);
  const names = m ? m[2].split(",").map((x) => x.trim()).filter(Boolean) : null;
  const next = edit(names ? [...names] : null);
  if (!next) return src;
  if (!m) {
    const lastImport = [...src.matchAll(/^import [^;]*;\n/gm)].pop();
    const at = lastImport ? lastImport.index + lastImport[0].length : 0;
    return src.slice(0, at) + `import { ${next.join(", ")} } from "${from}";\n` + src.slice(at);
  }
  const multiline = m[2].includes("\n");
  const body = multiline ? `{\n  ${next.join(", ")},\n}` : `{ ${next.join(", ")} }`;
  return src.slice(0, m.index) + (next.length ? `import ${m[1] ?? ""}${body} from "${from}";\n` : "") + src.slice(m.index + m[0].length);
}

const used = (src, name) => new RegExp(`(?<![\\w.])${escape(name)}(?!\\w)`).test(src.replace(/^import [^;]*;\n/gm, ""));

export function convert(src) {
  let s = src;
  let instance = false;
  let at = -1; // where the suite goes: where the launching beforeAll was
  const mark = (i) => { if (at < 0 || i < at) at = i; };

  s = s.replace(/^let browser: Browser;\n/m, "");
  // one-line hooks
  s = s.replace(/^beforeAll\(async \(\) => \{ browser = await launchSetUp\(launch\); \}\);\n/m, (_m, i) => { instance = true; mark(i); return ""; });
  s = s.replace(/^beforeAll\(async \(\) => \{ browser = await launch\(\); \}\);\n/m, (_m, i) => { mark(i); return ""; });
  s = s.replace(/^afterAll\(async \(\) => \{ await browser\?\.close\(\); \}\);\n/m, "");
  s = s.replace(/ await browser\?\.close\(\); \}\);/, " });");
  // multi-line hooks
  s = s.replace(/^  browser = await launch\(\);\n/m, (_m, i) => { mark(s.lastIndexOf("beforeAll(", i)); return ""; });
  s = s.replace(/^  \[browser, (\w+)\] = await Promise\.all\(\[launch\(\), (.*)\]\);\n/m, (_m, v, rest, i) => { mark(s.lastIndexOf("beforeAll(", i)); return `  ${v} = await ${rest};\n`; });
  s = s.replace(/^  const setup = await newContext\(browser\);\n  await ensureInstanceAdmin\(await setup\.newPage\(\)\);\n  await setup\.close\(\);\n/m, () => { instance = true; return ""; });
  s = s.replace(/^  await browser\?\.close\(\);\n/m, "");
  s = s.replace(/await Promise\.all\(\[browser\?\.close\(\), (\w+)\?\.close\(\)\]\);/, "await $1?.close();");
  s = s.replace(/^afterAll\(async \(\) => \{\n\}\);\n/m, "");
  if (at < 0) throw new Error("no launching beforeAll found");
  const line = `const e2e = e2eSuite(${instance ? "{ instance: true }" : ""});\n`;
  s = s.slice(0, at) + line + s.slice(at);

  // the browser's uses
  s = s.replace(/newContext\(browser, /g, "e2e.context(").replace(/newContext\(browser\)/g, "e2e.context()");
  s = s.replace(/(?<![\w./"])browser\.(?!ts")/g, "e2e.browser.");
  s = s.replace(/(signedUpPeople|newPage)\(browser([,)])/g, "$1(e2e.browser$2");

  // a fresh signed-in user, project and page per test: arrangeEach (only when no other all-hook could need the browser first)
  const each = /^beforeEach\(async \(\) => \{\n  ctx = await e2e\.context\(\);\n  a = await arrange\(ctx(?:, (\{.*\}))?\);\n  page = await ctx\.newPage\(\);\n\}\);\nafterEach\(async \(\) => \{ await ctx\?\.close\(\); \}\);\n/m;
  if (!instance && each.test(s) && !/^(beforeAll|afterAll)\(/m.test(s)) {
    s = s.replace(line, "");
    s = s.replace(each, (_m, opts) => `${"\u0000"}arrangeEach(${opts ?? "{}"}, (t) => ({ ctx, page, a } = t));\n`);
    s = s.replace("\u0000", used(s, "e2e") ? "const e2e = " : "");
    if (!used(s.replace("({ ctx, page, a } = t)", "").replace(/^let ctx: BrowserContext;\n/m, ""), "ctx")) {
      s = s.replace("({ ctx, page, a } = t)", "({ page, a } = t)").replace(/^let ctx: BrowserContext;\n/m, "");
      s = editImport(s, "playwright-core", (n) => n && n.filter((x) => x !== "BrowserContext" || used(s, "BrowserContext")));
    }
  }

  // imports
  s = editImport(s, "./browser.ts", (n) => n && n.filter((x) => x !== "launch"));
  s = editImport(s, "playwright-core", (n) => n && n.filter((x) => x !== "Browser" || used(s, "Browser")));
  s = editImport(s, "./helpers.ts", (n) => {
    const out = (n ?? []).filter((x) => !["newContext", "launchSetUp"].includes(x) && (x !== "ensureInstanceAdmin" || used(s, "ensureInstanceAdmin")));
    if (used(s, "e2eSuite")) out.push("e2eSuite");
    return out.sort((x, y) => x.localeCompare(y));
  });
  if (used(s, "arrangeEach")) {
    s = editImport(s, "./work-items-fixtures.ts", (n) => {
      const out = n.filter((x) => x !== "arrange" || used(s, "arrange"));
      if (!out.includes("arrangeEach")) out.unshift("arrangeEach");
      return out;
    });
    if (!used(s, "afterEach")) s = editImport(s, "vitest", (n) => n.filter((x) => x !== "afterEach"));
    if (!used(s, "beforeEach")) s = editImport(s, "vitest", (n) => n.filter((x) => x !== "beforeEach"));
  }
  for (const hook of ["beforeAll", "afterAll"]) if (!used(s, hook)) s = editImport(s, "vitest", (n) => n.filter((x) => x !== hook));
  return s;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) {
    const src = fs.readFileSync(file, "utf8");
    if (!/launch/.test(src) || /e2eSuite|arrangeEach/.test(src)) { console.log(`skip ${file}`); continue; }
    try {
      fs.writeFileSync(file, convert(src));
    } catch (e) {
      console.log(`FAILED ${file}: ${e.message}`);
    }
  }
}

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import rule from "../../eslint-rules/no-raw-palette.js";
import { rewriteClasses, rewriteSource } from "../../../../scripts/codemods/semantic-colours.mjs";

/**
 * Issue #27 point 15: screens colour through the semantic tokens of index.css. The lint rule `stride/no-raw-palette`
 * (eslint.config.js, on features/ and components/) fails on a raw palette class; the codemod that rewrites them maps
 * pairs of light and `dark:` classes onto one token, and a second run changes nothing.
 */
const linter = new Linter({ configType: "flat" });
const config = [
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { stride: { rules: { "no-raw-palette": rule } } },
    rules: { "stride/no-raw-palette": "error" as const },
  },
];
const reports = (code: string) => linter.verify(code, config, "screen.tsx").map((m) => m.ruleId ?? m.message);

describe("no-raw-palette", () => {
  it("reports grey palette classes and colours switched by dark:", () => {
    for (const code of [
      `const a = <div className="rounded bg-zinc-100 px-2" />;`,
      `const b = <p className="text-sm text-gray-500">x</p>;`,
      `const c = cx("border", open ? "border-slate-300" : "");`,
      `const d = <span className="text-red-600 dark:text-red-400" />;`,
      `const e = \`hover:bg-neutral-50 \${x}\`;`,
      `const f = { done: "bg-stone-200/60" };`,
      `const g = <i className="dark:hover:bg-white/10" />;`,
      `const h = <i className="divide-y divide-zinc-200" />;`,
    ]) {
      expect(reports(code), code).toContain("stride/no-raw-palette");
    }
  });
  it("lets tokens, data hues and words pass", () => {
    for (const code of [
      `const a = <div className="rounded bg-fill px-2 text-fg-muted dark:shadow-none" />;`,
      `const b = <span className="bg-amber-500 text-white ring-indigo-500" />;`,
      `const c = <p>Gray, zinc and slate are colours</p>;`,
      `const d = { gray: { label: "Gray" } };`,
      `const e = <div className="border-line bg-surface-muted/60 text-danger" />;`,
    ]) {
      expect(reports(code), code).toEqual([]);
    }
  });
});

describe("the semantic colours codemod", () => {
  it("maps a light class and its dark twin onto one token, keeping variants and opacity", () => {
    expect(rewriteClasses("rounded bg-zinc-100 px-1 dark:bg-zinc-800")).toEqual(["rounded bg-fill px-1", []]);
    expect(rewriteClasses("hover:text-zinc-800 dark:hover:text-zinc-200")[0]).toBe("hover:text-fg-secondary");
    expect(rewriteClasses("bg-zinc-50/95 dark:bg-zinc-950/95")[0]).toBe("bg-surface-sunken/95");
    expect(rewriteClasses("border-zinc-200 dark:border-zinc-800 divide-zinc-100 dark:divide-zinc-800")[0]).toBe(
      "border-line divide-line-subtle",
    );
    expect(rewriteClasses("text-red-600 dark:text-red-400")[0]).toBe("text-danger");
    expect(rewriteClasses("bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300")[0]).toBe(
      "bg-warning-soft text-warning-strong",
    );
    // a grey without a twin: the token that looks the same (muted text was lifted in dark by a stopgap)
    expect(rewriteClasses("text-xs text-zinc-500")[0]).toBe("text-xs text-fg-subtle");
    // data colours stay
    expect(rewriteClasses("bg-indigo-600 text-white")[0]).toBe("bg-indigo-600 text-white");
  });
  it("rewrites string and template texts of a file, and a second run changes nothing", () => {
    const code =
      'const x = <a className={cx("px-2 text-zinc-600 dark:text-zinc-300", on && `bg-zinc-200 dark:bg-zinc-700 ${y}`)}>don\'t</a>;';
    const once = rewriteSource("x.tsx", code);
    expect(once.code).toBe(
      'const x = <a className={cx("px-2 text-fg-muted", on && `bg-fill-strong ${y}`)}>don\'t</a>;',
    );
    expect(rewriteSource("x.tsx", once.code).code).toBe(once.code);
    expect(reports(once.code)).toEqual([]);
    // a stylesheet's @apply lists too
    expect(rewriteSource("x.css", ".a { @apply border border-zinc-300 dark:border-zinc-700; }").code).toBe(
      ".a { @apply border border-line-strong; }",
    );
  });
  it("finds every token it writes defined in index.css", () => {
    const css = readFileSync(fileURLToPath(new URL("../index.css", import.meta.url)), "utf8");
    const script = readFileSync(
      fileURLToPath(new URL("../../../../scripts/codemods/semantic-colours.mjs", import.meta.url)),
      "utf8",
    );
    // the tables, from PAIRS to the role rule
    const tables = script.slice(script.indexOf("const PAIRS"), script.indexOf("function roleToken"));
    const written = new Set([...tables.matchAll(/: "([a-z-]+)"/g)].map((m) => m[1]));
    expect(written.size).toBeGreaterThan(20);
    for (const role of ["accent", "danger", "success", "warning", "info", "special"])
      for (const s of ["", "-strong", "-soft", "-line"]) written.add(`${role}${s}`);
    for (const token of written) expect(css, token).toContain(`--color-${token}:`);
  });
});

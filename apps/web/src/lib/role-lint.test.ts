import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import rule from "../../eslint-rules/no-literal-role-comparison.js";

/**
 * The lint rule `stride/no-literal-role-comparison` (eslint.config.js) keeps role decisions in the shared
 * permission table: a screen that compares roles itself fails `npm run lint`. Checked here on examples and on
 * every source file of the web app.
 */
const webSrc = fileURLToPath(new URL("../", import.meta.url));
const linter = new Linter({ configType: "flat" });
const config = [
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { stride: { rules: { "no-literal-role-comparison": rule } } },
    rules: { "stride/no-literal-role-comparison": "error" as const },
  },
];
const reports = (code: string, file = "screen.tsx") =>
  linter.verify(code, config, file).map((m) => m.ruleId ?? m.message);

describe("no-literal-role-comparison", () => {
  it("reports a screen that compares roles", () => {
    for (const code of [
      "const canCreate = role >= ROLE.MEMBER;",
      "const isAdmin = role >= 20;",
      "const admin = p.member_role === 20 || role === 20;",
      "const acts = (project.member_role ?? 0) >= 15;",
      "const leads = members.filter((m) => m.role >= 15);",
      "const guest = 5 === workspace.role;",
      "const x = ROLE.ADMIN !== (r as number);",
      "const y = p?.member_role! < 15;",
    ]) {
      expect(reports(code), code).toContain("stride/no-literal-role-comparison");
    }
  });
  it("lets roles be passed, defaulted and labelled, and other numbers be compared", () => {
    for (const code of [
      "const [role, setRole] = useState(ROLE.MEMBER);",
      "const joined = !!p.member_role;",
      "const label = ROLE_LABEL[m.role];",
      "if (res.status >= 200) go();",
      "const many = count >= 15;",
      "const canEdit = useCan('edit', 'project');",
      "const roles = rolesUpTo(role);",
    ]) {
      expect(reports(code), code).toEqual([]);
    }
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the web's screens", () => {
  // parsing the whole app takes a while on a busy machine
  it("compare no roles: they ask useCan and the shared tables", { timeout: 120_000 }, () => {
    const found: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      const code = readFileSync(file, "utf8");
      // only a file that names a role can compare one
      if (!/role/i.test(code)) continue;
      for (const m of linter.verify(code, config, file)) {
        // other rules' disable comments name rules this linter does not load: only ours and parse errors count
        if (m.ruleId === "stride/no-literal-role-comparison" || m.fatal)
          found.push(`${relative(webSrc, file)}:${m.line} ${m.ruleId ?? m.message}`);
      }
    }
    expect(found).toEqual([]);
  });
});

// ESLint (flat config): typescript-eslint's recommended rules for all TypeScript, plus React's hooks rules for the web.
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import noLiteralRoleComparison from "./apps/web/eslint-rules/no-literal-role-comparison.js";
import noRawPalette from "./apps/web/eslint-rules/no-raw-palette.js";
import sizeAllowlist from "./eslint/size-allowlist.json" with { type: "json" };

// Size limits: a function of at most 80 lines and a file of at most 500 (blank lines and comments not counted).
// Route tables (a resource's list of route() calls) and tests are exempt. The offenders of the day the rule came in
// were named in eslint/size-allowlist.json with their size as their ceiling; that list is empty now, and
// eslint/size-allowlist.test.ts keeps it from growing.
const sizeOptions = { skipBlankLines: true, skipComments: true };
const sizeExempt = [
  "**/test/**",
  "**/*.test.{ts,tsx}",
  "**/*.e2e.ts",
  "apps/server/src/routes/*/index.ts",
  "apps/server/src/routes/v1/*.ts",
  "apps/server/src/routes/issues/core.ts",
  "apps/web/src/app/router.tsx",
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "apps/server/drizzle/**", ".data-test/**", "data/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: sizeExempt,
    rules: {
      "max-lines-per-function": ["error", { max: 80, ...sizeOptions }],
      "max-lines": ["error", { max: 500, ...sizeOptions }],
    },
  },
  ...Object.entries(sizeAllowlist.functions).map(([file, max]) => ({
    files: [file],
    rules: { "max-lines-per-function": ["error", { max, ...sizeOptions }] },
  })),
  ...Object.entries(sizeAllowlist.files).map(([file, max]) => ({
    files: [file],
    rules: { "max-lines": ["error", { max, ...sizeOptions }] },
  })),
  {
    // Tests read JSON bodies of many shapes; `any` is allowed there, not in application code.
    files: ["**/test/**/*.ts", "**/*.test.ts", "**/*.e2e.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The server parses rich text only with its sanitising htmlField (core/sanitize.ts); the contract's plain
    // htmlText is for clients.
    files: ["apps/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@stride/shared/contract",
              importNames: ["htmlText"],
              message: "Pass htmlField from core/sanitize.ts: the server sanitises every HTML field.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      "react-hooks": reactHooks,
      stride: { rules: { "no-literal-role-comparison": noLiteralRoleComparison, "no-raw-palette": noRawPalette } },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Who may do what is the shared permission table (packages/shared/src/permissions.ts, read through useCan).
      "stride/no-literal-role-comparison": "error",
      // The contract's zod schemas stay out of every screen's first scripts: the web imports only its types; forms
      // check with its schemas through schemaCheck (lib/settings-form.ts), which loads them with import() in their
      // own chunk (`@stride/shared/contract/browser`: zod without eval, for the CSP).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@stride/shared/contract",
              allowTypeImports: true,
              message:
                "Import only types from the contract (its values bring zod into the first scripts): a form checks with a schema through schemaCheck((c) => c.someBody, …); constants the web needs live in @stride/shared.",
            },
            {
              name: "@stride/shared/contract/browser",
              allowTypeImports: true,
              message: "Only schemaCheck loads the contract's schemas (lib/settings-form.ts, with import()).",
            },
          ],
        },
      ],
    },
  },
  {
    // The web's layers (apps/web/src/import-graph.test.ts holds the whole import graph to them): api/ is the
    // bottom layer and imports nothing else of the app — how a write's outcome is shown is app/query-client.ts's,
    // driven by the mutation's meta (api/mutation-meta.ts).
    files: ["apps/web/src/api/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(features|components|app|lib)(/|$)",
              message:
                "api/ imports nothing else of the app: no screens, no toasts (describe a mutation's outcome in its meta; app/query-client.ts shows it).",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared components and helpers serve the features and never import one (nor app/).
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+features(/|$)",
              message: "components/ and lib/ never import a feature: move what several features use here instead.",
            },
            {
              regex: "^(\\.\\./)+app(/|$)",
              message: "Nothing below app/ imports it: move what is shared into components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/ is the top layer (router, loaders, route tables, chunks): a feature never imports it. A chunk a feature
    // opens is declared in that feature (features/work-item-detail/lazy.ts); app/chunks/ re-exports it.
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+app(/|$)",
              message:
                "A feature never imports app/: move what it needs into components/ or lib/, or declare the chunk in the feature.",
            },
          ],
        },
      ],
    },
  },
  {
    // Screens colour through the semantic tokens of apps/web/src/index.css, which follow the theme (light, dark, high
    // contrast): no grey palette classes, no `dark:` colours (scripts/codemods/semantic-colours.mjs rewrites them).
    files: ["apps/web/src/features/**/*.{ts,tsx}", "apps/web/src/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "stride/no-raw-palette": "error" },
  },
  {
    // Browser test files get their browser and contexts from the one fixture, e2eSuite() (or arrangeEach) in
    // apps/web/test/e2e/helpers.ts: no file launches chromium or makes its own preamble again.
    files: ["apps/web/test/e2e/**/*.e2e.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "playwright-core",
              importNames: ["chromium", "firefox", "webkit"],
              message: "Browser test files get their browser from e2eSuite() (helpers.ts).",
            },
            {
              name: "./browser.ts",
              importNames: ["launch"],
              message: "Browser test files get their browser from e2eSuite() (helpers.ts).",
            },
            {
              name: "./helpers.ts",
              importNames: ["newContext"],
              message: "Use e2e.context() from e2eSuite(): the suite closes what it opened.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(launch|launchPersistentContext|launchServer|connectOverCDP)$/]",
          message: "Browser test files get their browser from e2eSuite() (helpers.ts).",
        },
      ],
    },
  },
  {
    // Tests may build whatever values they check, the contract's included.
    files: ["apps/web/src/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
);

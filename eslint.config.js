// ESLint (flat config): typescript-eslint's recommended rules for all TypeScript, plus React's hooks rules for the web.
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "apps/server/drizzle/**", ".data-test/**", "data/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
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
        { paths: [{ name: "@stride/shared/contract", importNames: ["htmlText"], message: "Pass htmlField from core/sanitize.ts: the server sanitises every HTML field." }] },
      ],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
);

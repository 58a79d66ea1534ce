import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: "forks",
          fileParallelism: true,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/test/e2e/**/*.e2e.ts"],
          globalSetup: ["apps/web/test/e2e/global-setup.ts"],
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});

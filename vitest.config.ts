import { defineConfig } from "vitest/config";

// Browser tests run in a shuffled order inside each file (apps/web/test/e2e/shuffled-runner.ts), with one seed per
// run, printed at the start; E2E_SEED=<seed> repeats an order, E2E_SEED=off keeps the written one.
const e2eSeed = process.env.E2E_SEED ?? String(Date.now());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["eslint/**/*.test.ts", "packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
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
          runner: "./apps/web/test/e2e/shuffled-runner.ts",
          env: { E2E_SEED: e2eSeed },
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// Browser tests run in a shuffled order inside each file (apps/web/test/e2e/shuffled-runner.ts), with one seed per
// run, printed at the start; E2E_SEED=<seed> repeats an order, E2E_SEED=off keeps the written one.
const e2eSeed = process.env.E2E_SEED ?? String(Date.now());

/** Browser test files that change what every other file's tests see: they run alone, after the others. */
const E2E_ALONE = ["god-mode", "oidc"].map((f) => `apps/web/test/e2e/${f}.e2e.ts`);

/** A browser-test project (the two differ in which files they run and how many at a time). */
function e2eProject(
  name: string,
  options: {
    include?: string[];
    exclude?: string[];
    maxWorkers?: number;
    fileParallelism?: boolean;
    sequence: { groupOrder: number };
  },
) {
  return {
    test: {
      name,
      include: ["apps/web/test/e2e/**/*.e2e.ts"],
      ...options,
      globalSetup: ["apps/web/test/e2e/global-setup.ts"],
      runner: "./apps/web/test/e2e/shuffled-runner.ts",
      env: { E2E_SEED: e2eSeed },
      testTimeout: 120000,
      hookTimeout: 120000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "eslint/**/*.test.ts",
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/src/**/*.test.{ts,tsx}",
          ],
          environment: "node",
          // vitest's default on 2 cores is one worker; the files wait on imports as much as on the CPU
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
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
          // the files of a worker share one module graph (each file still starts its own server on its own database):
          // importing the server anew for every file took a third of the run. `API_ISOLATE=1` imports it per file.
          isolate: /^(1|true|yes|on)$/i.test(process.env.API_ISOLATE ?? ""),
          fileParallelism: true,
          // two files at a time (each its own database cloned from the template): one file's server waits on
          // PostgreSQL while the other's runs; vitest's default on 2 cores would be one
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      // Browser files run two at a time against one server (global setup), each test seeding its own user,
      // workspace and data; the files that change instance-wide settings (sign-in methods, workspace creation,
      // SMTP, an identity provider) run afterwards, alone. `--project 'e2e*'` names both.
      e2eProject("e2e", { exclude: E2E_ALONE, maxWorkers: 2, sequence: { groupOrder: 2 } }),
      e2eProject("e2e-alone", { include: E2E_ALONE, fileParallelism: false, sequence: { groupOrder: 3 } }),
    ],
  },
});

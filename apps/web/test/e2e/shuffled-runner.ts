import { TestRunner, type RunnerTestCase } from "vitest";
import { reportFailedTest } from "./failure-report.ts";

type Config = ConstructorParameters<typeof TestRunner>[0];

/**
 * The runner of the e2e project: the tests of each file run in a shuffled order, so a test that leans on
 * what an earlier test of its file left behind (an item, an open page, a session, a layout) fails in every
 * run instead of only when someone runs it alone with `-t`. The order comes from `E2E_SEED`, chosen per run
 * in vitest.config.ts and printed by the global setup; `E2E_SEED=<seed>` repeats an order, `E2E_SEED=off`
 * keeps the written one. (Vitest 4 reads `sequence.shuffle` from the root config only, which would shuffle
 * the unit and API tests too; this runner turns it on for this project alone.)
 */
export default class ShuffledRunner extends TestRunner {
  constructor(config: Config) {
    super(config);
    const seed = e2eSeed();
    if (seed !== null) this.config.sequence = { ...this.config.sequence, shuffle: true, seed };
  }

  /** A failed test's open pages are described (failure-report.ts) before its `afterEach` hooks close them. */
  async onTaskFinished(test: RunnerTestCase): Promise<void> {
    if (test.result?.state === "fail") await reportFailedTest(test.name);
  }
}

/** The run's seed, or null when the written order is asked for. */
export function e2eSeed(): number | null {
  const raw = process.env.E2E_SEED;
  if (!raw || raw === "off") return null;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`E2E_SEED must be an integer or "off", not "${raw}"`);
  return seed;
}

// The one test command (npm test): unit, API and browser tests, in that order.
// Prints each project's time and a closing "N passed, N failed" line, and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const projects = (process.env.TEST_PROJECTS || "unit,api,e2e").split(",");
let failed = false;
let passed = 0;
let failures = 0;
let skipped = 0;
for (const p of projects) {
  console.log(`\n=== ${p} tests${process.env.DATABASE_URL ? " (DATABASE_URL)" : ""} ===`);
  const out = path.join(os.tmpdir(), `stride-vitest-${p}-${process.pid}.json`);
  const began = Date.now();
  // the browser tests are two projects: the files that run side by side, then those that run alone
  const names = p === "e2e" ? ["e2e", "e2e-alone"] : [p];
  const r = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      ...names.flatMap((n) => ["--project", n]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...process.argv.slice(2),
    ],
    { stdio: "inherit" },
  );
  if (r.status !== 0) failed = true;
  const took = Math.round((Date.now() - began) / 1000);
  console.log(`stage ${p}: ${took} s`);
  // .ci/run prints every stage's time at its end
  if (process.env.STRIDE_STAGE_TIMES) fs.appendFileSync(process.env.STRIDE_STAGE_TIMES, `${p} ${took}\n`);
  try {
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += report.numPassedTests;
    failures += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0) failed = true;
    fs.rmSync(out, { force: true });
  } catch {
    failed = true;
  }
}
console.log(`\nTests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);

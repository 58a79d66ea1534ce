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
// the failed tests' names and first lines, printed again at the end (a CI log is often read from its tail)
const failedTests = [];
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
  if (process.env.STRIDE_STAGE_TIMES)
    fs.appendFileSync(process.env.STRIDE_STAGE_TIMES, `${p}${r.status === 0 ? "" : "(failed)"} ${took}\n`);
  try {
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += report.numPassedTests;
    failures += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0) failed = true;
    for (const file of report.testResults ?? []) {
      const rel = path.relative(process.cwd(), file.name);
      for (const t of file.assertionResults ?? []) {
        if (t.status !== "failed") continue;
        const why = (t.failureMessages?.[0] ?? "").split("\n").slice(0, 3).join(" / ");
        failedTests.push(`${p} ${rel} > ${t.fullName}\n    ${why.slice(0, 400)}`);
      }
      // a file that failed outside any test (its set-up, an import)
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"))
        failedTests.push(`${p} ${rel}: ${(file.message ?? "failed").split("\n")[0].slice(0, 400)}`);
    }
    fs.rmSync(out, { force: true });
  } catch {
    failed = true;
  }
}
if (failedTests.length) {
  const list = `\nFailed${process.env.DATABASE_URL ? " (DATABASE_URL)" : ""}:\n${failedTests.map((t) => `  ${t}`).join("\n")}`;
  console.log(list);
  // .ci/run prints the list again after its last stage, at the very end of the log
  if (process.env.STRIDE_FAILED_TESTS) fs.appendFileSync(process.env.STRIDE_FAILED_TESTS, `${list}\n`);
}
console.log(`\nTests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect } from "../src/db/client.ts";
import { checkDriverPatched } from "../src/db/driver-check.ts";

/**
 * Start-up refuses a stock postgres.js (issue #25 point 5): a release or production-only install that lost
 * patches/ would otherwise run without it, silently. The stock driver here is this repository's copy with the
 * patch taken back out (`git apply -R`), loaded from a folder of its own.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
let stockDir = "";
let stock: typeof postgres;

beforeAll(async () => {
  // …/postgres/cjs/src/index.js → …/postgres
  const installed = path.resolve(
    createRequire(path.join(root, "apps/server/package.json")).resolve("postgres"),
    "../../..",
  );
  stockDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-stock-postgres-"));
  fs.cpSync(installed, path.join(stockDir, "postgres"), { recursive: true });
  const patch = fs.readdirSync(path.join(root, "patches")).find((f) => f.startsWith("postgres+"))!;
  // the patch's paths are a/node_modules/postgres/…: -p3 leaves them relative to the package folder
  execFileSync("git", ["apply", "-R", "-p3", path.join(root, "patches", patch)], {
    cwd: path.join(stockDir, "postgres"),
  });
  stock = (
    (await import(pathToFileURL(path.join(stockDir, "postgres/src/index.js")).href)) as { default: typeof postgres }
  ).default;
});
afterAll(() => {
  if (stockDir) fs.rmSync(stockDir, { recursive: true, force: true });
});

describe("the start-up check of the postgres.js patch", () => {
  it("passes on the pool start-up makes from the installed (patched) driver", async () => {
    const db = connect(inject("pgAdminUrl"), { max: 2 });
    try {
      await expect(checkDriverPatched(db.sql)).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });

  it("stops with a sentence that names the driver's folder and the way out when the driver is stock", async () => {
    const sql = stock(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    try {
      const where = path.join(stockDir, "postgres");
      await expect(checkDriverPatched(sql, where)).rejects.toThrow(
        `the postgres.js driver at ${where} is not the patched one Stride needs (its transactions have no commitAhead): ` +
          "install Stride with `npm ci` in the repository, which applies patches/, or from a release archive, which carries the patched driver",
      );
    } finally {
      await sql.end();
    }
  });
});

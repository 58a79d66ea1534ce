import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The Node versions Stride supports (issue #25 point 8): 20.19+, 22 and 24, as the root engines field says (the
 * release archive copies it). Every installed package must run on all of them: a range wider than a package's own
 * (eslint 10 needs 22.13 on the 22 line) would promise a Node it refuses. `.ci/run`'s release stage starts the
 * release on 22 and 24 as well.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const semver = createRequire(import.meta.url)("semver") as {
  subset: (sub: string, sup: string) => boolean;
  satisfies: (version: string, range: string) => boolean;
};
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
const engines = (readJson("package.json") as { engines: { node: string } }).engines.node;

describe("the engines field", () => {
  it("admits Node 20.19+, 22 and 24, and nothing older or odd", () => {
    for (const v of ["20.19.0", "20.20.2", "22.13.0", "22.23.3", "24.0.0", "24.21.0"])
      expect(semver.satisfies(v, engines), v).toBe(true);
    for (const v of ["18.20.0", "20.18.3", "21.7.3", "23.11.0"]) expect(semver.satisfies(v, engines), v).toBe(false);
  });

  it("promises no Node version that an installed package refuses", () => {
    const packages = (
      readJson("package-lock.json") as { packages: Record<string, { engines?: { node?: string } | string[] }> }
    ).packages;
    const refusing = Object.entries(packages)
      .filter(([at, p]) => at && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.subset(engines, (p.engines as { node: string }).node))
      .map(([at, p]) => `${at} (${(p.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });
});

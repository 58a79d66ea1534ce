import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compareVersions, STRIDE_VERSION } from "./version.ts";
import { CURRENT_VERSION } from "./core/instance-config.ts";

/**
 * One version everywhere (issue #25 point 2): the root package.json's `version` is the one place it is set; the
 * workspaces carry the same, the server reports it (`/api/instances/` current_version: test/instance.test.ts; god
 * mode shows that), `stride --version` prints it, and CHANGELOG.md has its section.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;

describe("Stride's version", () => {
  it("is the root package.json's, in every workspace and in the server", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const ws of ["packages/shared", "apps/server", "apps/web"]) {
      expect(
        (JSON.parse(fs.readFileSync(path.join(root, ws, "package.json"), "utf8")) as { version: string }).version,
        ws,
      ).toBe(version);
    }
    expect(STRIDE_VERSION).toBe(version);
    expect(CURRENT_VERSION).toBe(version);
  });

  it("is what `stride --version` prints", () => {
    expect(execFileSync(process.execPath, [path.join(root, "bin/stride.mjs"), "--version"], { encoding: "utf8" })).toBe(
      `${version}\n`,
    );
  });

  it("has its section in CHANGELOG.md, which keeps the Keep a Changelog form", () => {
    const text = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
    expect(text.startsWith("# Changelog\n")).toBe(true);
    const headings = [...text.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(headings[0]).toBe("[Unreleased]");
    const releases = headings.slice(1).map((h) => {
      const m = /^\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/.exec(h);
      expect(m, `release heading "## ${h}" (## [x.y.z] - YYYY-MM-DD)`).not.toBeNull();
      return { version: m![1], date: m![2] };
    });
    // the newest release is this version; older ones follow, newest first
    expect(releases[0]?.version).toBe(version);
    for (let i = 1; i < releases.length; i++) {
      expect(compareVersions(releases[i - 1].version, releases[i].version)).toBeGreaterThan(0);
      expect(releases[i - 1].date >= releases[i].date).toBe(true);
    }
    for (const [, kind] of text.matchAll(/^### (.*)$/gm))
      expect(["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]).toContain(kind);
  });

  it("compares by number", () => {
    expect(compareVersions("0.10.0", "0.9.9")).toBeGreaterThan(0);
    expect(compareVersions("1.0.0", "1.0.0")).toBe(0);
    expect(compareVersions("0.1.0", "0.2.0")).toBeLessThan(0);
    expect(compareVersions("1.0.0-rc.1", "1.0.0")).toBe(0);
  });
});

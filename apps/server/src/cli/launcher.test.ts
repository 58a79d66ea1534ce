import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureBuilt, PARTS, sourceStamp, STAMP_FILE, staleParts, type Part } from "../../../../bin/launcher.mjs";

/**
 * `stride start` (and `npm start`) builds only what changed (issue #25 point 3): each part's build leaves a stamp of
 * its sources in its dist folder; a start whose sources match the stamps runs the last build as it is. Tested on a
 * small tree of the repository's shape with a stand-in build.
 */
const trees: string[] = [];
afterEach(() => {
  for (const t of trees.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

function write(root: string, rel: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "stride-launcher-"));
  trees.push(root);
  write(root, "package.json", '{"version":"1.2.3"}');
  write(root, "package-lock.json", "{}");
  write(root, "packages/shared/src/index.ts", "export const a = 1;");
  write(root, "packages/shared/src/index.test.ts", "test");
  write(root, "apps/server/src/main.ts", "console.log(1)");
  write(root, "apps/server/src/db/migrate.test.ts", "test");
  write(root, "apps/server/test/smoke.test.ts", "test");
  write(root, "apps/server/build.mjs", "");
  write(root, "apps/web/src/main.tsx", "render()");
  write(root, "apps/web/index.html", "<html>");
  return root;
}

/** A stand-in for vite and esbuild: writes the part's output (stamping is ensureBuilt's job through buildPart's). */
function fakeBuild(built: Part[]) {
  return (root: string, part: Part) => {
    const stamp = sourceStamp(root, part);
    write(root, PARTS[part].output, "built");
    write(root, path.join(PARTS[part].dist, STAMP_FILE), `${stamp}\n`);
    built.push(part);
  };
}

describe("the build stamp", () => {
  it("a fresh checkout builds both parts; a start with nothing changed builds nothing", () => {
    const root = checkout();
    const built: Part[] = [];
    expect(ensureBuilt(root, ["web", "server"], { build: fakeBuild(built), log: () => {} })).toEqual(["web", "server"]);
    expect(ensureBuilt(root, ["web", "server"], { build: fakeBuild(built), log: () => {} })).toEqual([]);
    expect(built).toEqual(["web", "server"]);
  });

  it("an edit rebuilds the parts made from that file only; tests, dist and node_modules do not count", () => {
    const root = checkout();
    ensureBuilt(root, ["web", "server"], { build: fakeBuild([]), log: () => {} });
    write(root, "apps/server/src/db/migrate.test.ts", "changed test");
    write(root, "apps/server/test/smoke.test.ts", "changed test");
    write(root, "packages/shared/src/index.test.ts", "changed test");
    write(root, "apps/server/node_modules/x/index.js", "dependency");
    expect(staleParts(root, ["web", "server"])).toEqual([]);

    write(root, "apps/server/src/main.ts", "console.log(2)");
    expect(staleParts(root, ["web", "server"])).toEqual(["server"]);
    const built: Part[] = [];
    ensureBuilt(root, ["web", "server"], { build: fakeBuild(built), log: () => {} });
    expect(built).toEqual(["server"]);

    write(root, "packages/shared/src/index.ts", "export const a = 2;");
    expect(staleParts(root, ["web", "server"])).toEqual(["web", "server"]);
    ensureBuilt(root, ["web", "server"], { build: fakeBuild([]), log: () => {} });
    write(root, "package-lock.json", '{"lockfileVersion":3}');
    expect(staleParts(root, ["web", "server"])).toEqual(["web", "server"]);
  });

  it("a new file, a removed file and a missing output each count as a change", () => {
    const root = checkout();
    ensureBuilt(root, ["web", "server"], { build: fakeBuild([]), log: () => {} });
    write(root, "apps/web/src/new.tsx", "x");
    expect(staleParts(root, ["web", "server"])).toEqual(["web"]);
    ensureBuilt(root, ["web"], { build: fakeBuild([]), log: () => {} });
    fs.rmSync(path.join(root, "apps/web/src/new.tsx"));
    expect(staleParts(root, ["web", "server"])).toEqual(["web"]);
    ensureBuilt(root, ["web"], { build: fakeBuild([]), log: () => {} });
    fs.rmSync(path.join(root, PARTS.server.output));
    expect(staleParts(root, ["web", "server"])).toEqual(["server"]);
  });

  it("a release (no sources) is never built, and says so when its build is missing", () => {
    const root = checkout();
    ensureBuilt(root, ["web", "server"], { build: fakeBuild([]), log: () => {} });
    for (const d of ["apps/server/src", "apps/web/src", "packages/shared/src"])
      fs.rmSync(path.join(root, d), { recursive: true });
    const built: Part[] = [];
    expect(ensureBuilt(root, ["web", "server"], { build: fakeBuild(built), log: () => {} })).toEqual([]);
    fs.rmSync(path.join(root, PARTS.web.output));
    expect(() => ensureBuilt(root, ["web", "server"], { build: fakeBuild(built), log: () => {} })).toThrow(
      `no built web at ${path.join(root, PARTS.web.output)} and no sources to build it from`,
    );
    expect(built).toEqual([]);
  });
});

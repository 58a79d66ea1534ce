import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_START_CHUNK, ROUTE_CHUNKS, screenChunks } from "./screen-data.ts";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/web");

describe("screenChunks: the route chunks a URL's screen loads", () => {
  it("names chunks that exist in the web app, each loaded lazily by the app", () => {
    // every `import("…")` of the web's sources, as the file it names (from the web app's folder)
    const sources = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
        );
    const lazy = new Set(
      sources(path.join(WEB, "src")).flatMap((file) =>
        [...fs.readFileSync(file, "utf8").matchAll(/import\("(\.[^"]+)"\)/g)].map((m) =>
          path
            .relative(WEB, path.resolve(path.dirname(file), m[1]))
            .split(path.sep)
            .join("/"),
        ),
      ),
    );
    for (const file of Object.values(ROUTE_CHUNKS)) {
      expect(fs.existsSync(path.join(WEB, file)), file).toBe(true);
      expect(lazy.has(file), file).toBe(true);
    }
  });

  it("gives the four measured screens the shell's chunk and their own, and no other", () => {
    const pid = "0b6c7a8e-1111-4222-8333-944445555666";
    const { shell, workItems, workItemDetail, settings } = ROUTE_CHUNKS;
    expect(screenChunks("/acme/browse/WEB-12/", "")).toEqual([shell, workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/issues/`, `?peekId=${pid}`)).toEqual([shell, workItems, workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/settings/`, "")).toEqual([shell, settings]);
    expect(screenChunks("/acme/settings/members/", "")).toEqual([shell, settings]);
  });

  it("follows the other routes' chunks", () => {
    const pid = "0b6c7a8e-1111-4222-8333-944445555666";
    const C = ROUTE_CHUNKS;
    const cases: [string, string, string[]][] = [
      [`/acme/projects/${pid}/issues/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/epics/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/issues/${pid}/`, "", [C.shell, C.workItemDetail]],
      [`/acme/projects/${pid}/archives/issues/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/archives/issues/${pid}/`, "", [C.shell, C.workItemDetail]],
      [`/acme/projects/${pid}/cycles/`, "", [C.shell, C.cycles]],
      [`/acme/projects/${pid}/cycles/archived/`, "", [C.shell, C.cycles]],
      [`/acme/projects/${pid}/cycles/${pid}/`, `?peekId=${pid}`, [C.shell, C.cycles, C.workItems, C.workItemDetail]],
      [`/acme/projects/${pid}/modules/`, "", [C.shell, C.screens]],
      [`/acme/projects/${pid}/modules/${pid}/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/archives/modules/`, "", [C.shell, C.screens]],
      [`/acme/projects/${pid}/archives/modules/${pid}/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/views/`, "", [C.shell, C.screens]],
      [`/acme/projects/${pid}/views/${pid}/`, "", [C.shell, C.workItems]],
      [`/acme/projects/${pid}/pages/${pid}/`, "", [C.shell, C.pages]],
      [`/acme/projects/${pid}/pages/`, "", [C.shell, C.screens]],
      [`/acme/projects/${pid}/intake/`, "", [C.shell, C.screens]],
      [`/acme/projects/${pid}/updates/`, "", [C.shell, C.tracking]],
      [`/acme/projects/${pid}/worklogs/`, "", [C.shell, C.tracking]],
      ["/acme/", "", [C.shell, C.screens]],
      ["/acme/notifications/", "", [C.shell, C.screens]],
      ["/acme/projects/", "", [C.shell, C.screens]],
      ["/acme/projects/archives/", "", [C.shell, C.screens]],
      ["/acme/analytics/scope_and_demand/", "", [C.shell, C.insight]],
      ["/acme/teamspaces/", "", [C.shell, C.screens]],
      [`/acme/teamspaces/${pid}/`, "", [C.shell, C.screens]],
      [`/acme/teamspaces/${pid}/issues/`, `?peekId=${pid}`, [C.shell, C.screens, C.workItems, C.workItemDetail]],
      [`/acme/teamspaces/${pid}/views/`, "", [C.shell, C.screens]],
      [`/acme/teamspaces/${pid}/views/${pid}/`, "", [C.shell, C.screens, C.workItems]],
      ["/acme/workspace-views/all-issues/", "", [C.shell, C.workItems]],
      ["/acme/drafts/", "", [C.shell, C.workItems]],
      [`/acme/profile/${pid}/`, "", [C.shell, C.insight]],
      [`/acme/profile/${pid}/assigned/`, "", [C.shell, C.insight, C.workItems]],
      [`/acme/profile/${pid}/activity/`, "", [C.shell, C.insight]],
      ["/onboarding/", "", [C.shell, C.screens]],
      ["/profile/", "", [C.shell, C.settings]],
      ["/god-mode/general/", "", [C.godMode]],
      ["/sign-in", "", [C.screens]],
      ["/", "", [C.screens]],
      ["/api/users/me/", "", []],
      ["/%E0%A4%A/", "", []],
    ];
    for (const [p, q, chunks] of cases) expect(screenChunks(p, q), p + q).toEqual(chunks);
  });

  it("names the start-up chunk the entry imports dynamically", () => {
    expect(fs.existsSync(path.join(WEB, APP_START_CHUNK))).toBe(true);
    const entry = fs.readFileSync(path.join(WEB, "src/main.tsx"), "utf8");
    expect(entry).toContain(`import("./${APP_START_CHUNK.replace(/^src\//, "")}")`);
  });
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_START_CHUNK, ROUTE_CHUNKS, screenChunks } from "./screen-data.ts";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/web");

describe("screenChunks: the route chunks a URL's screen loads", () => {
  it("names chunks that exist in the web app, each loaded lazily by the app", () => {
    const chunks = fs.readFileSync(path.join(WEB, "src/app/chunks/index.ts"), "utf8");
    for (const file of Object.values(ROUTE_CHUNKS)) {
      expect(fs.existsSync(path.join(WEB, file)), file).toBe(true);
      expect(chunks.includes(`import("./${path.basename(file)}")`) || fs.readFileSync(path.join(WEB, "src/features/god-mode/routes.tsx"), "utf8").includes(path.basename(file, ".ts")), file).toBe(true);
    }
  });

  it("gives the four measured screens the shells' chunk and their own", () => {
    const pid = "0b6c7a8e-1111-4222-8333-944445555666";
    expect(screenChunks("/acme/browse/WEB-12/", "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/issues/`, `?peekId=${pid}`)).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/settings/`, "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.settings]);
    expect(screenChunks("/acme/settings/members/", "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.settings]);
  });

  it("follows the other routes' chunks", () => {
    const pid = "0b6c7a8e-1111-4222-8333-944445555666";
    expect(screenChunks(`/acme/projects/${pid}/issues/`, "")).toEqual([ROUTE_CHUNKS.screens]);
    expect(screenChunks(`/acme/projects/${pid}/issues/${pid}/`, "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/archives/issues/${pid}/`, "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.workItemDetail]);
    expect(screenChunks(`/acme/projects/${pid}/cycles/`, "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.cycles]);
    expect(screenChunks(`/acme/projects/${pid}/pages/${pid}/`, "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.pages]);
    expect(screenChunks(`/acme/projects/${pid}/pages/`, "")).toEqual([ROUTE_CHUNKS.screens]);
    expect(screenChunks("/acme/analytics/overview/", "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.insight]);
    expect(screenChunks("/profile/", "")).toEqual([ROUTE_CHUNKS.screens, ROUTE_CHUNKS.settings]);
    expect(screenChunks("/god-mode/general/", "")).toEqual([ROUTE_CHUNKS.godMode]);
    expect(screenChunks("/sign-in", "")).toEqual([ROUTE_CHUNKS.screens]);
    expect(screenChunks("/api/users/me/", "")).toEqual([]);
    expect(screenChunks("/%E0%A4%A/", "")).toEqual([]);
  });

  it("names the start-up chunk the entry imports dynamically", () => {
    expect(fs.existsSync(path.join(WEB, APP_START_CHUNK))).toBe(true);
    const entry = fs.readFileSync(path.join(WEB, "src/main.tsx"), "utf8");
    expect(entry).toContain(`import("./${APP_START_CHUNK.replace(/^src\//, "")}")`);
  });
});

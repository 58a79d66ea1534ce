import { describe, expect, it } from "vitest";
import { BUILT_FEATURES } from "@stride/shared";
import { buildServer } from "../app.ts";
import { registeredRoutes } from "../http/route.ts";
import { loadConfig } from "../config.ts";
import type { AppContext } from "../core/context.ts";

/** The list endpoint the web reads for each switchable feature. */
const LIST_ENDPOINT: Record<keyof typeof BUILT_FEATURES, string> = {
  cycles: "/api/workspaces/:slug/projects/:projectId/cycles/",
  modules: "/api/workspaces/:slug/projects/:projectId/modules/",
  estimates: "/api/workspaces/:slug/projects/:projectId/estimates/",
  pages: "/api/workspaces/:slug/projects/:projectId/pages/",
  intake: "/api/workspaces/:slug/projects/:projectId/inbox-issues/",
  publish: "/api/workspaces/:slug/projects/:projectId/project-deploy-boards/",
  timeTracking: "/api/workspaces/:slug/projects/:projectId/worklogs/",
  projectUpdates: "/api/workspaces/:slug/projects/:projectId/updates/",
  workflows: "/api/workspaces/:slug/projects/:projectId/workflow-states/",
};

describe("BUILT_FEATURES", () => {
  it("is on exactly for the features whose endpoints the server routes", async () => {
    const app = { config: loadConfig({}), db: null, sql: null, jobs: null, storage: null, secretKey: "x" } as unknown as AppContext;
    const server = await buildServer(app, {});
    await server.ready();
    const routed = new Set(registeredRoutes.filter((r) => r.method === "GET").map((r) => (r.url.endsWith("/") ? r.url : `${r.url}/`)));
    await server.close();
    expect(routed.size).toBeGreaterThan(100);
    for (const [feature, url] of Object.entries(LIST_ENDPOINT)) {
      expect({ feature, routed: routed.has(url) }).toEqual({ feature, routed: BUILT_FEATURES[feature as keyof typeof BUILT_FEATURES] });
    }
  });
});

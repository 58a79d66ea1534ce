import { describe, expect, it } from "vitest";
import { PROJECT_FEATURES, type ProjectFeatureFlag } from "@stride/shared";
import { routeTable } from "./route-table.ts";

/**
 * The list endpoint the web reads once a project turns each feature on. The web asks for a feature's data on its
 * project switch alone (there is no "not built yet" flag any more), so every one must be routed.
 */
const LIST_ENDPOINT: Partial<Record<ProjectFeatureFlag, string>> = {
  cycle_view: "/api/workspaces/:slug/projects/:projectId/cycles/",
  module_view: "/api/workspaces/:slug/projects/:projectId/modules/",
  page_view: "/api/workspaces/:slug/projects/:projectId/pages/",
  intake_view: "/api/workspaces/:slug/projects/:projectId/inbox-issues/",
  is_time_tracking_enabled: "/api/workspaces/:slug/projects/:projectId/worklogs/",
  is_project_updates_enabled: "/api/workspaces/:slug/projects/:projectId/updates/",
  is_workflow_enabled: "/api/workspaces/:slug/projects/:projectId/workflow-states/",
};
/** Lists the web reads without a project switch: estimates and the public space's boards. */
const ALWAYS_READ = [
  "/api/workspaces/:slug/projects/:projectId/estimates/",
  "/api/workspaces/:slug/projects/:projectId/project-deploy-boards/",
];

describe("project features", () => {
  it("the server routes the list endpoint of every feature the web may read", async () => {
    const routed = new Set(
      (await routeTable()).filter((r) => r.method === "GET").map((r) => (r.url.endsWith("/") ? r.url : `${r.url}/`)),
    );
    expect(routed.size).toBeGreaterThan(100);
    for (const flag of Object.keys(LIST_ENDPOINT)) expect(PROJECT_FEATURES.map((f) => f.flag)).toContain(flag);
    const missing = [...Object.values(LIST_ENDPOINT), ...ALWAYS_READ].filter((url) => !routed.has(url));
    expect(missing).toEqual([]);
  });
});

/**
 * Project features whose endpoints this server routes. The web asks for a feature's data (and offers its
 * pickers) only when the feature is built here AND turned on in the project, so it never calls an endpoint
 * the server does not have. Issue #8 builds cycles and modules and flips their switches; a server test
 * (apps/server/src/cli/built-features.test.ts) checks every switch against the registered routes.
 */
export const BUILT_FEATURES: Readonly<Record<"cycles" | "modules" | "estimates" | "pages" | "intake" | "publish" | "timeTracking" | "projectUpdates" | "workflows", boolean>> = {
  cycles: true,
  modules: true,
  estimates: true,
  pages: true,
  intake: true,
  /** Publishing a project to the public space (P/project-deploy-boards/). */
  publish: true,
  /** Work logs on items, their totals and the worklog report (issue #29 point 3; `is_time_tracking_enabled`). */
  timeTracking: true,
  /** Status updates on a project with comments and reactions (issue #29 point 4; `is_project_updates_enabled`). */
  projectUpdates: true,
  /** Workflows (P/workflow-states/), `is_workflow_enabled`. */
  workflows: true,
};

import type { RouteObject } from "react-router";
import { WorkItemsPage, WorkItemPage } from "./WorkItemsPage.tsx";

/**
 * Work-item screens. `workItemRoutes` are children of `/:workspaceSlug/projects/:projectId/`
 * (inside ProjectLayout: use `useCurrentProject()`); `workItemWorkspaceRoutes` are children of
 * `/:workspaceSlug/` (inside WorkspaceLayout: use `useCurrentWorkspace()`).
 */
export const workItemRoutes: RouteObject[] = [
  { path: "issues", element: <WorkItemsPage /> },
  { path: "issues/:issueId", element: <WorkItemPage /> },
  { path: "archives/issues", element: <WorkItemsPage archived /> },
  { path: "archives/issues/:issueId", element: <WorkItemPage /> },
  { path: "epics", element: <WorkItemsPage epics /> },
  { path: "epics/:issueId", element: <WorkItemPage /> },
];

export const workItemWorkspaceRoutes: RouteObject[] = [
  { path: "browse/:workItem", element: <WorkItemPage /> },
];

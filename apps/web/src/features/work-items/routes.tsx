import type { RouteObject } from "react-router";
import { WorkItemsPage } from "./WorkItemsPage.tsx";
import { BrowseWorkItemPage, ProjectWorkItemPage } from "../work-item-detail/WorkItemPage.tsx";
import { DraftsPage } from "../drafts/DraftsPage.tsx";
import { ArchivesPage } from "../archives/ArchivesPage.tsx";

/**
 * Work-item screens. `workItemRoutes` are children of `/:workspaceSlug/projects/:projectId/`
 * (inside ProjectLayout: use `useCurrentProject()`); `workItemWorkspaceRoutes` are children of
 * `/:workspaceSlug/` (inside WorkspaceLayout: use `useCurrentWorkspace()`).
 */
export const workItemRoutes: RouteObject[] = [
  { path: "issues", element: <WorkItemsPage /> },
  { path: "issues/:issueId", element: <ProjectWorkItemPage /> },
  { path: "archives/issues", element: <WorkItemsPage archived /> },
  { path: "archives/issues/:issueId", element: <ProjectWorkItemPage /> },
  { path: "epics", element: <WorkItemsPage epics /> },
  { path: "epics/:issueId", element: <ProjectWorkItemPage epic /> },
];

export const workItemWorkspaceRoutes: RouteObject[] = [
  { path: "browse/:workItem", element: <BrowseWorkItemPage /> },
  { path: "drafts", element: <DraftsPage /> },
  { path: "projects/archives", element: <ArchivesPage /> },
];

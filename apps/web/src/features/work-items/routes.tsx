import type { RouteObject } from "react-router";
import { WorkItemsPage } from "./WorkItemsPage.tsx";
import { Lazy } from "../../app/lazy.tsx";
import { workItemDetailChunk } from "./components/PeekPanel.tsx";
import { DraftsPage } from "../drafts/DraftsPage.tsx";
import { ArchivesPage } from "../archives/ArchivesPage.tsx";

/**
 * Work-item screens. `workItemRoutes` are children of `/:workspaceSlug/projects/:projectId/`
 * (inside ProjectLayout: use `useCurrentProject()`); `workItemWorkspaceRoutes` are children of
 * `/:workspaceSlug/` (inside WorkspaceLayout: use `useCurrentWorkspace()`).
 */
/** The detail page shares its lazily loaded chunk with the peek view. */
const ProjectWorkItemPage = workItemDetailChunk.component("ProjectWorkItemPage");
const BrowseWorkItemPage = workItemDetailChunk.component("BrowseWorkItemPage");

export const workItemRoutes: RouteObject[] = [
  { path: "issues", element: <WorkItemsPage /> },
  { path: "issues/:issueId", element: <Lazy><ProjectWorkItemPage /></Lazy> },
  { path: "archives/issues", element: <WorkItemsPage archived /> },
  { path: "archives/issues/:issueId", element: <Lazy><ProjectWorkItemPage /></Lazy> },
  { path: "epics", element: <WorkItemsPage epics /> },
  { path: "epics/:issueId", element: <Lazy><ProjectWorkItemPage epic /></Lazy> },
];

export const workItemWorkspaceRoutes: RouteObject[] = [
  { path: "browse/:workItem", element: <Lazy><BrowseWorkItemPage /></Lazy> },
  { path: "drafts", element: <DraftsPage /> },
  { path: "projects/archives", element: <ArchivesPage /> },
];
